"""The summary of a ``studspec check`` run over many files: counts, clauses, and why not."""

from __future__ import annotations

from collections import Counter
from typing import Any


def _name(item: dict[str, Any]) -> str:
    return f"{item['file']}" + (f" (hand {item['hand']})" if item.get("hand") else "")


class Summary:
    """The summary of a run, folded hand by hand: counts, and the few hands worth naming
    (only hands with a problem are kept, so memory grows with problems, not with hands)."""

    def __init__(self) -> None:
        self.hands = self.valid = self.violating = self.clean_unread = 0
        self.by_clause: Counter[str] = Counter()
        self.profiles: Counter[str] = Counter()
        self.doubtful: list[dict[str, Any]] = []
        self.divergent: list[dict[str, Any]] = []
        self.raked: list[dict[str, Any]] = []
        self.unread: list[dict[str, Any]] = []

    def add(self, hand: dict[str, Any]) -> None:
        """Count one hand of the report (replayed or not)."""
        self.hands += 1
        if hand.get("replayed") is False:
            return
        self.by_clause.update(v["clause"] for v in hand["violations"])
        if hand["warnings"]:
            self.doubtful.append({"file": hand["file"], "hand": hand["hand"],
                                  "warnings": [w["reason"] for w in hand["warnings"]]})
        if hand["divergences"]:
            self.divergent.append({"file": hand["file"], "hand": hand["hand"],
                                   "divergences": hand["divergences"]})
        if hand.get("unstated_rake"):
            self.raked.append({"file": hand["file"], "hand": hand["hand"],
                               "amount": hand["unstated_rake"]})
        if hand.get("unread_lines"):
            self.unread.append({"file": hand["file"], "hand": hand["hand"],
                                "lines": hand["unread_lines"]})
        clean = not hand["violations"] and not hand["divergences"] and not hand["warnings"]
        self.valid += clean and not hand.get("unread_lines")
        self.clean_unread += clean and bool(hand.get("unread_lines"))
        self.violating += bool(hand["violations"])
        self.profiles[hand["profile"]] += 1

    def result(self, problems: list[dict[str, Any]]) -> dict[str, Any]:
        """Hands read and valid, violations by clause, hands not checkable (and why),
        results that differ from the record, unstated rakes; ``text`` holds the text lines."""
        # An error is a file or hand not read, or a hand read but not checkable; a warning
        # stays with its hand ("doubtful"); skipped hands and file notes are listed.
        not_checkable = [{"file": p["file"], "hand": p["hand"], "line": p["line"],
                          "reason": p["reason"]} for p in problems if p["severity"] == "error"]
        skipped = [{"file": p["file"], "hand": p["hand"], "line": p["line"],
                    "reason": p["reason"]} for p in problems if p["severity"] == "skipped"]
        # a skipped hand's reason names its game: "another game (razz): …"
        games = Counter(p["reason"].partition("another game (")[2].partition(")")[0]
                        or "other" for p in skipped)
        doubtful, divergent, raked = self.doubtful, self.divergent, self.raked
        by_clause, profiles = self.by_clause, self.profiles
        text = [f"summary: {self.hands} hand(s) read, {self.valid} valid, "
                f"{self.clean_unread} clean with unread lines, {self.violating} "
                f"with violations, {len(doubtful)} read with warnings, {len(not_checkable)} "
                f"not checkable or not read, {len(skipped)} skipped (another game"
                + "".join(f"{', ' if n else ': '}{game} \u00d7{count}"
                          for n, (game, count) in enumerate(sorted(games.items())))
                + "), "
                f"{len(divergent)} whose result differs from the record, {len(raked)} with "
                "an unstated rake"]
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
        text += [f"  read with unread lines: {_name(item)}: "
                 + ", ".join(f"line {unread['line']}" for unread in item["lines"])
                 for item in self.unread]
        text += [f"  skipped: {_name(item)}: {item['reason']}" for item in skipped]
        text += [f"  result differs: {_name(item)}: {'; '.join(item['divergences'])}"
                 for item in divergent]
        text += [f"  unstated rake: {_name(item)}: the recorded awards total the pot \u2212 "
                 f"{item['amount']}" for item in raked]
        return {"hands_read": self.hands, "hands_valid": self.valid,
                "hands_with_violations": self.violating,
                "violations": sum(by_clause.values()), "violations_by_clause": dict(by_clause),
                "hands_clean_with_unread": self.clean_unread, "unread": self.unread,
                "not_checkable": not_checkable, "doubtful": doubtful, "skipped": skipped,
                "skipped_games": dict(sorted(games.items())),
                "divergent_hands": len(divergent),
                "divergent": divergent, "unstated_rake": raked, "profiles": dict(profiles),
                "text": text}
