"""Docs page: the shared site hand histories checked one file at a time, as worked examples.

For each file: site, game, the profile ``studspec check`` picks from the log and why, the
hands, and how many are clean, break a rule, or cannot be checked (with the reason); the
same file under the TDA profile shows where a site's rules differ. Every hand that does not
validate plainly (a violation, an inferred amount, an unstated rake) is explained by hand
in EXPLANATIONS. The files are the shared folder beside the checkout; without it, the
excerpts in tests/data/handhistories, and the page says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from site_claims import claims_section

from studspec.cli.check import check_report
from studspec.records.detect import READERS
from studspec.records.site_profiles import GAME_NAMES, SITE_NAMES
from studspec.records.xmlreader import XML_FORMATS

EXPLANATIONS = {
    "11480841734": (
        "PartyPoker Stud/8 heads-up: the pot is $182 but the two halves paid are $90.50 "
        "each, $181 in all. The log states no rake, so $1 (100 cents, 50 from each half) "
        "was kept by the site without being written. The check reports the unstated rake "
        "and divides the $181 actually awarded: high (a pair of fours) and low "
        "(8-5-3-2-A) get $90.50 each, with no odd chip, as the record says (POT-08, "
        "POT-03)."),
    "R5-292493407-77": (
        "OnGame: the table line states the ante and the limits but no bring-in, and the "
        "bring-in player chose the 'big bring in', the completion to $1 (BRINGIN-04). No "
        "bring-in amount below the small bet can change this hand, so it is replayed with "
        "1 cent and the report says so; the hand is then clean."),
    "35874081088": (
        "PokerStars: the bring-in player (2s showing) opens with 'bets $0.04', the "
        "completion, so this hand states no bring-in amount. The other hands of the same "
        "file at the same $0.04/$0.08 table post $0.02, which is used; the hand is clean "
        "(and would be with any amount below the small bet)."),
    "31423297-107": (
        "Merge Stud $0.50/$1 (XML): seven antes of $0.05, the $0.10 bring-in called twice, "
        "then $0.50 and $1 bets called on 4th and 5th street make a $3.65 pot; the one "
        "winner is paid $3.47 and the log states no rake, so $0.18 was kept unstated. The "
        "check reports the unstated rake and checks the award on what was paid (POT-08); "
        "the hand is otherwise clean."),
    "70969727-130": (
        "Merge Stud/8 $0.25/$0.50 (XML): a $4.39 pot, paid whole ($4.23) to three fours; "
        "the winner's 5-4-3-2 has no fifth card of eight or lower, so no low qualifies and "
        "the high hand scoops (LOW-01). The log states no rake: $0.16 kept unstated, "
        "reported as such (POT-08); the hand is otherwise clean."),
    "285997675": (
        "Everleaf: a $0.34 pot ($0.04 in antes, a completion to $0.05 called by the "
        "bring-in, a $0.10 bet called on 5th street) paid $0.32 when the last opponent "
        "folds to a $0.10 bet on 6th street (the reader returns that bet, which the log "
        "does not); the log states no rake, so the "
        "difference was kept unstated. The check reports the unstated rake and checks the "
        "award on what was paid (POT-08); the hand is otherwise clean."),
    "285998238": (
        "Everleaf: a $0.94 pot paid $0.88 after the river bettor folds to a raise to "
        "$0.20 (the reader returns the $0.10 nobody called); the log states no rake, so "
        "the "
        "difference was kept unstated. The check reports the unstated rake and checks the "
        "award on what was paid (POT-08); the hand is otherwise clean."),
    "285999596": (
        "Everleaf: a $0.63 pot paid $0.59 when the last opponent folds to a $0.10 bet on "
        "6th street (returned by the reader); the log states no rake, so the "
        "difference was kept unstated. The check reports the unstated rake and checks the "
        "award on what was paid (POT-08); the hand is otherwise clean."),
    "285999845": (
        "Everleaf: a $0.46 pot paid $0.44 at a two-player showdown; the log states no rake, so the "
        "difference was kept unstated. The check reports the unstated rake and checks the "
        "award on what was paid (POT-08); the hand is otherwise clean."),
    "286000360": (
        "Everleaf: a $0.26 pot paid $0.24 at a two-player showdown; the log states no rake, so the "
        "difference was kept unstated. The check reports the unstated rake and checks the "
        "award on what was paid (POT-08); the hand is otherwise clean."),
    "285999989": (
        "Everleaf, heads-up: the bring-in is called, then on 4th street the bring-in player "
        "bets $0.10, the big bet, and the other folds. A 4th-street big bet is allowed only "
        "with an open pair (BET-07), and Everleaf logs show no card at all until a showdown, "
        "so nothing shows the pair: the check reports BET-03, as it must when the log cannot "
        "show the bet was allowed. The $0.10 nobody called is returned by the reader (the "
        "log writes no return; its award, $0.06, is the antes and the called bring-in)."),
    "693975843": (
        "Winning Stud/8, three players: a 7.05 pot (after a 0.14 rake and a 0.06 jackpot "
        "fee) is split between two pairs for high and 7-6-4-2-A for low. The log does not "
        "name the halves; the reader infers them from the lows shown. The site pays the "
        "odd cent to the low half (3.53 low, 3.52 high); POT-04, as the rule texts read, "
        "gives it to the high half, so the check reports a result that differs from the "
        "record by one cent each way. No profile parameter says which half takes the odd "
        "chip between the halves; this log is the evidence for one."),
    "2418630592": (
        "iPoker (XML): the players' 'bet' attributes total $0.44 (seven $0.01 antes, the "
        "$0.02 bring-in called five times, a $0.05 bet called twice, then a $0.10 bet "
        "nobody called); the winner, komanchi7, is paid $0.43 ('win'), his uncalled $0.10 "
        "included. The log states no rake, so $0.01 was kept unstated. The check reports "
        "the unstated rake and checks the award on what was paid (POT-08); the hand is "
        "otherwise clean."),
    "2604291577": (
        "Bodog Stud, three players: the header states no stakes, so the reader takes them "
        "from the first wager, 'D bets $0.10' on 4th street, which the log calls a double "
        "bet: small bet $0.05, big bet $0.10 (the record notes the inference; the later "
        "'Bets $0.10' on 5th and 6th street agree). The bettor's board is 5d Ks, no open "
        "pair, so a 4th-street big bet is not allowed (BET-03) under every profile: the "
        "site's own 'D bets' is the departure, reported on this hand and line."),
    "2633952287": (
        "Bovada Stud/8: the log writes no bring-in; the low card (2s) opens with 'Bets "
        "$0.25', the completion (BRINGIN-04), so no amount below the small bet changes the "
        "hand and it is replayed with one cent, as the report says. The header states no "
        "stakes: the completion gives the small bet ($0.25) and the 5th-street bets agree "
        "with a $0.50 big bet. The halves are inferred from the lows shown (6-4-3-2-A wins "
        "low $2.32, a pair of queens high $2.33); the hand is otherwise clean."),
    "37581152": (
        "KingsClub Stud 44/88: the bring-in is 33.16 (the ante's amount), the completion "
        "'bets 44', then 'raises to 77.16' and 'raises to 121.16': raises of 33.16 and 44, "
        "where fixed limit allows only a raise to 88 (BET-02). The log's own nets in the "
        "summary agree with these amounts ('calls' states the street total), so the log is "
        "read as written and the departure is reported on this hand. On 4th street (the "
        "log's '*** 3RD STREET ***': KingsClub writes no header for the first betting "
        "round) Player3 pairs his 7c door card and bets 88, the big bet: allowed by the "
        "kingsclub profile (an open pair, BET-07), refused by the TDA (BET-03)."),
}
"""Hand id -> why the hand does not validate plainly, written after reading its log."""


def shared_folder(root: Path) -> tuple[Path, bool]:
    """The hand-history folder to check and whether it is the shared one (else excerpts)."""
    shared = root.parent / "shared" / "data" / "handhistories"
    if shared.is_dir():
        return shared, True
    return root / "tests" / "data" / "handhistories", False


READ_FOLDERS = {*READERS, *XML_FORMATS}
"""The shared corpus has a folder per site; these are the sites studspec reads."""

NOT_READ: dict[str, str] = {}
"""Sites of the shared corpus studspec has no reader for, and why (shown on the page)."""


def _files(folder: Path) -> list[Path]:
    # PHH files, and the logs of the sites studspec has a reader for (a folder per site).
    return sorted(path for path in folder.rglob("*")
                  if path.suffix in (".txt", ".xml", ".phh") and path.name != "README.md"
                  and (path.parent == folder or path.parent.name in READ_FOLDERS
                       or path.suffix == ".phh"))


def _counts(data: dict[str, Any]) -> tuple[int, int, int]:
    summary = data["summary"]
    return (summary["hands_valid"], summary["hands_with_violations"],
            len(summary["not_checkable"]))


def _file_row(path: Path, folder: Path, data: dict[str, Any], tda: dict[str, Any]) -> list[str]:
    hands = data["hands"]
    sites = sorted({SITE_NAMES.get(hand["site"], hand["site"]) for hand in hands})
    games = sorted({GAME_NAMES[hand["game"]] for hand in hands})
    profiles = sorted({f"``{hand['profile']}`` ({hand['profile_reason'].split(': ', 1)[-1]})"
                       for hand in hands if hand.get("profile")})
    clean, violating, unchecked = _counts(data)
    notes = sorted({f"{hand['hand']}: {note}" for hand in hands for note in hand["notes"]
                    if "bring-in" in note or "rake" in note})
    tda_violations = tda["summary"]["violations_by_clause"]
    # The reasons and the per-hand notes are listed under the table (``_file_notes``), so
    # that every column stays narrow enough for a laptop screen.
    return [f"   * - ``{path.relative_to(folder)}``", f"     - {', '.join(sites)}",
            f"     - {', '.join(games)}", f"     - {'; '.join(profiles) or '—'}",
            f"     - {len(hands)}", f"     - {clean}", f"     - {violating}",
            f"     - {unchecked}", f"     - {len(notes)}" if notes else "     - —",
            "     - " + (", ".join(f"{c} ×{n}" for c, n in sorted(tda_violations.items()))
                         or "clean")]


def _file_notes(path: Path, folder: Path, data: dict[str, Any], escape: Any) -> list[str]:
    """The hands of a file that cannot be checked, and the amounts inferred or unstated, as
    a list under the table."""
    reasons = [f"{item['hand']}: not checkable: {item['reason']}"
               for item in data["summary"]["not_checkable"]]
    notes = sorted({f"{hand['hand']}: {note}" for hand in data["hands"]
                    for note in hand["notes"] if "bring-in" in note or "rake" in note})
    if not reasons and not notes:
        return []
    return [f"* ``{path.relative_to(folder)}``", "",
            *(f"  * {escape(item)}" for item in (*reasons, *notes)), ""]


def _explained(data: dict[str, Any], clause_ref: Any, escape: Any) -> list[str]:
    lines = []
    for hand in data["hands"]:
        plain = not hand["violations"] and not hand["divergences"] and not any(
            "bring-in" in note or "rake" in note for note in hand["notes"])
        if plain and hand.get("replayed") is not False:
            continue
        text = EXPLANATIONS.get(str(hand["hand"]), "Not explained yet.")
        where = ", ".join(f"line {v['line']}: {v['clause']}" for v in hand["violations"])
        lines += [f"**Hand {hand['hand']}** ({Path(hand['file']).name}"
                  + (f"; {where}" if where else "") + ")", "",
                  _linked(escape(text), clause_ref), ""]
    return lines


def _linked(text: str, clause_ref: Any) -> str:
    from studspec.specdata.marks import CLAUSE_ID_PATTERN

    return CLAUSE_ID_PATTERN.sub(lambda match: clause_ref(match.group(0)), text)


def site_validation_page(root: Path, clause_ref: Any, escape: Any,
                         heading: Any) -> str:
    """The per-file validation report of the shared hand histories, with explanations."""
    folder, shared = shared_folder(root)
    where = ("the shared hand-history folder beside the checkout (see its PROVENANCE.md)"
             if shared else "the excerpts in ``tests/data/handhistories`` (the shared "
             "hand-history folder is not beside this checkout, so only excerpts are shown)")
    lines = [*heading("Real site hand histories, checked", "="),
             f"Each file of {where} checked with ``studspec check FILE``: the profile is "
             "picked from what the log shows (site, and stud or stud hi/lo), the last "
             "column checks the same file under ``tda-2024`` (``tda-2024-8`` rules apply "
             "to hi/lo hands through the record's game) to show where a site's rules "
             "differ from the TDA's. PHH hands default to the TDA profiles.", "",
             ".. list-table::", "   :header-rows: 1", "   :widths: 19 8 8 15 7 7 8 10 7 11",
             "", "   * - File", "     - Site", "     - Game", "     - Profile picked",
             "     - Hands", "     - Clean", "     - Broken a rule",
             "     - Not checkable", "     - Notes", "     - Under tda-2024"]
    explained: list[str] = []
    file_notes: list[str] = []
    for path in _files(folder):
        data = check_report([str(path)]).data
        tda = check_report([str(path)], "tda-2024").data
        lines += _file_row(path, folder, data, tda)
        explained += _explained(data, clause_ref, escape)
        file_notes += _file_notes(path, folder, data, escape)
    lines += ["", *heading("Hands not checkable, amounts inferred or unstated", "-"),
              "The *Not checkable* and *Notes* columns of the table (amounts inferred or "
              "unstated), hand by hand:", "",
              *(file_notes or ["None.", ""])]
    lines += ["", *heading("Hands that do not validate plainly, explained", "-"),
              *(explained or ["Every hand validates plainly.", ""])]
    unread = sorted(path for path in folder.rglob("*")
                    if path.parent.name in NOT_READ and path.suffix in (".txt", ".xml"))
    if unread:
        lines += [*heading("Logs of sites studspec does not read", "-"),
                  "These files are reported by ``studspec check`` as of no known format "
                  "(exit 2), never misread. Why each site has no reader yet:", ""]
        for site, why in NOT_READ.items():
            files = ", ".join(f"``{p.relative_to(folder)}``" for p in unread
                              if p.parent.name == site)
            if files:
                lines += [f"* {escape(why)} Files: {files}.", ""]
    lines += claims_section(list(_files(folder)), clause_ref, escape, heading)
    lines += [*heading("Site rule differences", "-"),
              "Where a site's logs show a rule the TDA does not have, the site's profile "
              "says so, citing the log hand; every other value is inherited from ``base`` "
              "and shown as inherited. The profiles: "
              + ", ".join(f":ref:`{name} <profile-{name}>`" for name in
                          ("pokerstars", "pokerstars-8", "fulltilt", "partypoker-8", "ongame",
                           "winamax", "winamax-8", "merge", "merge-8", "everleaf", "winning",
                           "winning-8", "absolute-8", "ipoker", "acr-8", "kingsclub",
                           "bovada", "bovada-8"))
              + ".", "",
              "* The 4th-street open-pair big bet in stud high (PokerStars, Full Tilt, "
              "KingsClub): "
              f"finding :ref:`FIND-60 <finding-find-60>`, {clause_ref('BET-07')}. These "
              "are the BET-03 violations in the last column.",
              "* Folding with nothing to call (PokerStars Stud/8, hand 35874676388, line "
              f"369): {clause_ref('BET-04')} as the rule texts read it refuses the fold; "
              "PokerStars (and the TDA) let it stand, so ``pokerstars`` sets "
              "``fold_when_nothing_to_call`` (finding :ref:`FIND-35 <finding-find-35>`) and "
              "the hand checks clean; under ``base`` or ``s001`` it is a BET-04 violation.",
              "* An unstated rake (PartyPoker, Merge, Everleaf, iPoker) and unstated bring-in "
              "amounts (OnGame, PokerStars) are gaps in the logs, not rule differences.", ""]
    return "\n".join(lines) + "\n"
