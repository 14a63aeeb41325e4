"""The summary of a ``studspec check`` run over many files: counts, clauses, and why not."""

from __future__ import annotations

from collections import Counter
from typing import Any


def _name(item: dict[str, Any]) -> str:
    return f"{item['file']}" + (f" (hand {item['hand']})" if item.get("hand") else "")


def summarize(hands: list[dict[str, Any]], problems: list[dict[str, Any]]) -> dict[str, Any]:
    """Hands read and valid, violations by clause, hands not checkable (and why), results
    that differ from the record, unstated rakes; ``text`` holds the text lines."""
    replayed = [hand for hand in hands if hand.get("replayed") is not False]
    by_clause = Counter(v["clause"] for hand in replayed for v in hand["violations"])
    # An error is a file or hand not read, or a hand read but not checkable; a warning
    # stays with its hand ("doubtful"); skipped hands and file notes are listed.
    not_checkable = [{"file": p["file"], "hand": p["hand"], "line": p["line"],
                      "reason": p["reason"]} for p in problems if p["severity"] == "error"]
    skipped = [{"file": p["file"], "hand": p["hand"], "line": p["line"],
                "reason": p["reason"]} for p in problems if p["severity"] == "skipped"]
    doubtful = [{"file": hand["file"], "hand": hand["hand"],
                 "warnings": [w["reason"] for w in hand["warnings"]]}
                for hand in replayed if hand["warnings"]]
    divergent = [{"file": hand["file"], "hand": hand["hand"],
                  "divergences": hand["divergences"]}
                 for hand in replayed if hand["divergences"]]
    raked = [{"file": hand["file"], "hand": hand["hand"], "amount": hand["unstated_rake"]}
             for hand in replayed if hand.get("unstated_rake")]
    valid = sum(1 for hand in replayed
                if not hand["violations"] and not hand["divergences"] and not hand["warnings"])
    violating = sum(1 for hand in replayed if hand["violations"])
    profiles = Counter(hand["profile"] for hand in replayed)
    text = [f"summary: {len(hands)} hand(s) read, {valid} valid, {violating} with "
            f"violations, {len(doubtful)} read with warnings, {len(not_checkable)} not "
            f"checkable or not read, {len(skipped)} skipped (another game), {len(divergent)} "
            f"whose result differs from the record, {len(raked)} with an unstated rake"]
    if profiles:
        text.append("  profiles: " + ", ".join(f"{name} \u00d7{count}"
                                               for name, count in sorted(profiles.items())))
    if by_clause:
        text.append("  violations by clause: " + ", ".join(
            f"{clause} \u00d7{count}" for clause, count in sorted(by_clause.items())))
    text += [f"  not checkable: {_name(item)}" + (f" line {item['line']}" if item["line"]
                                                 else "") + f": {item['reason']}"
             for item in not_checkable]
    text += [f"  read with warnings: {_name(item)}: {'; '.join(item['warnings'])}"
             for item in doubtful]
    text += [f"  skipped: {_name(item)}: {item['reason']}" for item in skipped]
    text += [f"  result differs: {_name(item)}: {'; '.join(item['divergences'])}"
             for item in divergent]
    text += [f"  unstated rake: {_name(item)}: the recorded awards total the pot \u2212 "
             f"{item['amount']}" for item in raked]
    return {"hands_read": len(hands), "hands_valid": valid, "hands_with_violations": violating,
            "violations": sum(by_clause.values()), "violations_by_clause": dict(by_clause),
            "not_checkable": not_checkable, "doubtful": doubtful, "skipped": skipped,
            "divergent_hands": len(divergent),
            "divergent": divergent, "unstated_rake": raked, "profiles": dict(profiles),
            "text": text}
