"""Mutation check of the rule code: does `studspec verify` catch a wrong rule?

Each mutant is one hand-made change to the model or a profile (a wrong order, a boundary
off by one, a parameter ignored, two categories swapped, a wrong profile value), applied to
a temporary copy of the committed tree (``git archive HEAD``), never to the working tree.
Each mutant copy is run with ``studspec verify --format json`` alone (and, with
``--tests``, the targeted test files); the report says how many verify kills, how many make
a proof obligation REFUTED, and which survive.

Proof obligations and agreement checks are deterministic functions of the code their
module imports (Z3 runs with rlimit, not time) and of the spec data. By default a proof
module whose import closure does not contain the mutated model module keeps the verdicts
of the unmutated tree (every obligation PROVED, every agreement holding) and is not rerun;
everything else verify does runs on the mutant. A mutated spec file reruns everything.
``--full`` reruns every obligation for every mutant (about three times slower).

Run: ``.venv/bin/python bench/mutation_check.py [--only ID ...] [--full] [--tests]
[--out FILE]`` (mutants run one after another, never in parallel).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: ``bench`` is importable from the root
from bench.mutants_claims import claims_mutants  # noqa: E402
from bench.mutants_deal import deal_mutants  # noqa: E402


@dataclass(frozen=True)
class Mutant:
    """One wrong rule: replace ``old`` (which occurs exactly once) by ``new`` in ``path``."""

    id: str
    family: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...] = ()


W, C, B, BR = ("model/studspec/rules/wagering.py", "model/studspec/rules/cards.py",
               "model/studspec/rules/board.py", "model/studspec/rules/bringin.py")
RK, LO, PO, DK = ("model/studspec/rules/ranking.py", "model/studspec/rules/low.py",
                  "model/studspec/rules/pots.py", "model/studspec/rules/deck.py")
SH, ST = "model/studspec/rules/showdown.py", "model/studspec/rules/settle.py"
RR, HR = "model/studspec/rules/round_rules.py", "model/studspec/play/hand_rules.py"

MUTANTS = [
    # --- betting (BET-03/07/08/09/11)
    Mutant("bet-half-boundary", "betting", W, "ops.ite(half_bet, ops.ge(size * 2, increment)",
           "ops.ite(half_bet, ops.gt(size * 2, increment)", ("tests/test_betting.py",)),
    Mutant("bet-full-boundary", "betting", W,
           "ops.ge(size * 2, increment), ops.ge(size, increment))",
           "ops.ge(size * 2, increment), ops.gt(size, increment))", ("tests/test_betting.py",)),
    Mutant("bet-all-in-rule-ignored", "betting", W, 'size, increment, rule == "half_bet"))',
           "size, increment, True))", ("tests/test_betting.py",)),
    Mutant("bet-heads-up-threshold", "betting", W, "ops.le(contenders, 2)",
           "ops.le(contenders, 1)", ("tests/test_betting.py",)),
    Mutant("bet-heads-up-ignored", "betting", W,
           "cap_in_force_rule(rules.heads_up_uncapped, contenders,",
           "cap_in_force_rule(True, contenders,", ("tests/test_betting.py",)),
    Mutant("bet-event-heads-up-ignored", "betting", W,
           "contenders, rules.event_heads_up))", "contenders, False))",
           ("tests/test_betting.py",)),
    Mutant("bet-cap-plus-one", "betting", W, "return raise_cap + 1", "return raise_cap + 2",
           ("tests/test_betting.py",)),
    Mutant("bet-big-from-fourth", "betting", W, "ops.le(street, int(Street.FOURTH))",
           "ops.le(street, int(Street.THIRD))", ("tests/test_betting.py",)),
    Mutant("bet-open-pair-option-ignored", "betting", W,
           "open_pair_option_rule(int(street), rules.fourth_street_open_pair, open_pair)",
           "open_pair_option_rule(int(street), True, open_pair)", ("tests/test_betting.py",)),
    Mutant("bet-doubled-ignored", "betting", W, "ops.ite(doubled, big, small)",
           "ops.ite(False, big, small)", ("tests/test_betting.py",)),
    Mutant("bet-wager-kind", "betting", RR,
           "ops.or_(ops.gt(state.level, 0), state.pending))",
           "ops.or_(False, state.pending))", ("tests/test_betting.py",)),
    # --- bring-in (CARD-03/04, BRINGIN-01/02)
    Mutant("bringin-suits-reversed", "bring-in", C, "ops.lt(suit_a, suit_b)",
           "ops.gt(suit_a, suit_b)", ("tests/test_bringin.py",)),
    Mutant("bringin-ace-low", "bring-in", C,
           "    return card.rank\n\n\n@implements(\"CARD-04\")",
           "    return 1 if card.rank == 14 else card.rank\n\n\n@implements(\"CARD-04\")",
           ("tests/test_bringin.py",)),
    Mutant("bringin-position-reversed", "bring-in", BR, "return min(tied_seats)",
           "return max(tied_seats)", ("tests/test_bringin.py",)),
    Mutant("bringin-highest-card", "bring-in", BR,
           "lowest = min(bring_in_rank_value(card) for card in door_cards)",
           "lowest = max(bring_in_rank_value(card) for card in door_cards)",
           ("tests/test_bringin.py",)),
    # --- first to act (ACT-02/03)
    Mutant("act-suit-tie-reversed", "act", B, "return ops.gt(key, other_key)",
           "return ops.lt(key, other_key)", ("tests/test_board.py",)),
    Mutant("act-tie-lowest-suit", "act", B, "ops.and_(ops.eq(rank, top), ops.gt(position, best))",
           "ops.and_(ops.eq(rank, top), ops.gt(best, position))", ("tests/test_board.py",)),
    Mutant("act-position-reversed", "act", B, "        return -seat\n", "        return seat\n",
           ("tests/test_board.py",)),
    Mutant("act-pairs-ignored", "act", B, "key=lambda rank: (counts[rank], rank), reverse=True)",
           "key=lambda rank: (rank, counts[rank]), reverse=True)", ("tests/test_board.py",)),
    Mutant("act-worst-board-first", "act", B, "if value > best_value or",
           "if value < best_value or", ("tests/test_board.py",)),
    # --- high hands (RANK-02/03)
    Mutant("rank-flush-full-house-swapped", "rank", RK, "    FLUSH = 5\n    FULL_HOUSE = 6\n",
           "    FLUSH = 6\n    FULL_HOUSE = 5\n", ("tests/test_ranking.py",)),
    Mutant("rank-no-wheel", "rank", RK, "if distinct == [ACE, 5, 4, 3, 2]:",
           "if distinct == [ACE, 5, 4, 3, 1]:", ("tests/test_ranking.py",)),
    Mutant("rank-wheel-ace-high", "rank", RK, "WHEEL_TOP = 5\n", "WHEEL_TOP = 14\n",
           ("tests/test_ranking.py",)),
    Mutant("rank-straight-gap", "rank", RK, "distinct[0] - distinct[4] == 4",
           "distinct[0] - distinct[4] == 5", ("tests/test_ranking.py",)),
    Mutant("rank-kicker-order", "rank", RK,
           "ordered = tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))",
           "ordered = tuple(sorted(counts, key=lambda rank: (rank, counts[rank]), reverse=True))",
           ("tests/test_ranking.py",)),
    # --- low hands (LOW-02/03/04)
    Mutant("low-qualifier-excluded", "low", LO, "*[ops.le(rank, qualifier) for rank in ranks]",
           "*[ops.lt(rank, qualifier) for rank in ranks]", ("tests/test_low.py",)),
    Mutant("low-pairs-allowed", "low", LO, "ops.and_(ops.distinct(ranks), *",
           "ops.and_(True, *", ("tests/test_low.py",)),
    Mutant("low-ace-high", "low", LO, "    return 1 if card.rank == ACE else card.rank\n",
           "    return card.rank\n", ("tests/test_low.py",)),
    Mutant("low-compared-from-lowest", "low", LO,
           "ranks = sorted((low_rank(card) for card in cards), reverse=True)",
           "ranks = sorted(low_rank(card) for card in cards)", ("tests/test_low.py",)),
    Mutant("low-worst-low-chosen", "low", LO, "return min(lows) if lows else None",
           "return max(lows) if lows else None", ("tests/test_low.py",)),
    Mutant("low-qualifier-ignored", "low", LO, "return best_low(cards, profile.low_qualifier)",
           "return best_low(cards, 8)", ("tests/test_low.py",)),
    Mutant("low-flush-counts-against", "low", LO,
           "    if not low_qualifies_rule(ranks, qualifier):",
           "    if not low_qualifies_rule(ranks, qualifier) or len({c.suit for c in cards}) == 1:",
           ("tests/test_low.py",)),
    # --- pots (POT-03/04/05/06/08)
    Mutant("pot-odd-chip-to-low", "pots", PO, "    return units - low, low\n",
           "    return low, units - low\n", ("tests/test_pots.py",)),
    Mutant("pot-odd-chip-far-seat", "pots", PO,
           "return sorted(contender.seat for contender in winners)",
           "return sorted((contender.seat for contender in winners), reverse=True)",
           ("tests/test_pots.py",)),
    Mutant("pot-low-odd-chip-ace-high", "pots", PO,
           "    return 1 if card.rank == ACE else card.rank\n", "    return card.rank\n",
           ("tests/test_pots.py",)),
    Mutant("pot-low-odd-chip-highest", "pots", PO,
           'lowest_first = half == "low" and profile.low_tie_odd_chip == "lowest_card_by_suit"',
           "lowest_first = False", ("tests/test_pots.py",)),
    Mutant("pot-odd-chips-last-seats", "pots", PO, "(1 if place < odd else 0)",
           "(1 if place >= len(order) - odd else 0)", ("tests/test_pots.py",)),
    Mutant("pot-rake-last-pot-first", "pots", ST, "    for amount in pot_amounts:\n",
           "    for amount in reversed(pot_amounts):\n", ("tests/test_sidepots.py",)),
    Mutant("pot-rake-leaves-one-chip", "pots", ST, "taken = ops.min_([amount, remaining])",
           "taken = ops.min_([amount - 1, remaining])", ("tests/test_sidepots.py",)),
    Mutant("pot-side-pot-level", "pots", "model/studspec/rules/sidepots.py", "if amount >= level)",
           "if amount > level)", ("tests/test_sidepots.py",)),
    # --- deck (DECK-03/04)
    Mutant("deck-s000-reshuffle-threshold", "deck", DK,
           "return ops.le(hands + reserve, DECK_SIZE)",
           "return ops.lt(hands + reserve, DECK_SIZE)",
           ("tests/test_deck.py",)),
    Mutant("deck-tda-burn-forgotten", "deck", DK,
           "return ops.le(initial_burns + hands + 1 + reserve, DECK_SIZE)",
           "return ops.le(initial_burns + hands + reserve, DECK_SIZE)",
           ("tests/test_deck.py",)),
    Mutant("deck-no-burns", "deck", DK, "taken += 1 + pattern.at(later)",
           "taken += pattern.at(later)", ("tests/test_deck.py",)),
    # --- showdown (SHOW-02)
    Mutant("show-last-caller-ignored", "showdown", SH,
           'if profile.showdown_first == "last_caller" and last_caller is not None:',
           "if False:", ("tests/test_showdown.py",)),
    Mutant("show-no-bet-next-seat", "showdown", SH, "if seat >= first_to_act]",
           "if seat > first_to_act]", ("tests/test_showdown.py",)),
    Mutant("show-board-tie-far-seat", "showdown", SH,
           "return min(seat for seat in in_hand if boards[seat] == best)",
           "return max(seat for seat in in_hand if boards[seat] == best)",
           ("tests/test_showdown.py",)),
    Mutant("show-order-counterclockwise", "showdown", SH,
           "key=lambda seat: (seat - first) % seats)",
           "key=lambda seat: (first - seat) % seats)", ("tests/test_showdown.py",)),
    # --- the whole hand (issue 27): betting round, first to act, deal, pots, showdown
    Mutant("bet-target-from-level", "betting", RR,
           "wager_target_rule(state.full_level, size, wager, stack)",
           "wager_target_rule(state.level, size, wager, stack)",
           ("tests/test_betting.py",)),
    Mutant("bet-short-all-in-reopens-acted", "betting", RR,
           "    return (ops.select(state.acted, actor),\n", "    return (False,\n",
           ("tests/test_betting.py",)),
    Mutant("bet-bring-in-checks", "betting", RR,
           "return ops.and_(ops.eq(to_call, 0), ops.not_(owes_bring_in))",
           "return ops.eq(to_call, 0)", ("tests/test_betting.py",)),
    Mutant("bet-no-level-after-all-in-low-card", "betting", RR, "                   bring_in, 0)",
           "                   0, 0)", ("tests/test_betting.py",)),
    Mutant("bet-call-not-live", "betting", RR, "return ops.min_([level, wager + stack])",
           "return ops.min_([wager + level, wager + stack])", ("tests/test_betting.py",)),
    Mutant("bet-fold-unopposed-always", "betting", RR,
           "return ops.or_(ops.gt(to_call, 0), fold_when_nothing_to_call)",
           "return ops.or_(ops.gt(to_call, 0), True)", ("tests/test_betting.py",)),
    Mutant("act-hilo-lowest-first", "act", B, "if value > best_value or",
           "if (value < best_value if profile.game == \"hilo\" else value > best_value) or",
           ("tests/test_board.py",)),
    Mutant("act-community-card-ignored", "act", HR,
           "return community_opener(cards, first, community, profile)", "return first",
           ("tests/test_hand.py",)),
    Mutant("deal-no-fifth-burn", "deck", "model/studspec/rules/dealing.py",
           "        prior_burns.append(stub.take())\n        burned.append(prior_burns[-1])\n",
           "        if street != 5:\n            prior_burns.append(stub.take())\n"
           "            burned.append(prior_burns[-1])\n", ("tests/test_deck.py",)),
    Mutant("deal-seventh-threshold", "deck", "model/studspec/rules/dealing.py",
           "if stub.available() >= 1 + len(seventh):", "if stub.available() > 1 + len(seventh):",
           ("tests/test_deck.py",)),
    Mutant("deal-ninth-player", "deck", DK, "if seats > profile.max_players:",
           "if seats > profile.max_players + 1:", ("tests/test_deck.py",)),
    Mutant("deal-door-card-first", "deck", "model/studspec/rules/deal.py",
           "down=(rounds[0][seat], rounds[1][seat]), door=rounds[2][seat]",
           "down=(rounds[1][seat], rounds[2][seat]), door=rounds[0][seat]",
           ("tests/test_deck.py",)),
    Mutant("pot-quartering-one-low", "pots", PO,
           "return rule == \"low\" and high_winners == 1 and low_winners >= 2",
           "return rule == \"low\" and high_winners == 1 and low_winners >= 1",
           ("tests/test_pots.py",)),
    Mutant("pot-uncalled-bet-kept", "pots", "model/studspec/rules/sidepots.py",
           "if len(layer.contributors) == 1 and eligible:", "if False:",
           ("tests/test_sidepots.py",)),
    Mutant("pot-all-in-eligible-above", "pots", "model/studspec/rules/sidepots.py",
           "eligible = tuple(seat for seat in layer.contributors if live[seat])",
           "eligible = tuple(seat for seat in range(len(live)) if live[seat])",
           ("tests/test_sidepots.py",)),
    Mutant("show-last-caller-not-recorded", "showdown", HR,
           "        return last_aggressor, seat\n", "        return last_aggressor, last_caller\n",
           ("tests/test_showdown.py",)),
    # --- profile values
    Mutant("profile-s003-max-players", "profiles", "spec/variants/s003.toml",
           'max_players = { value = "7"', 'max_players = { value = "8"',
           ("tests/test_spec.py",)),
    Mutant("profile-s001-low-qualifier", "profiles", "spec/variants/s001.toml",
           'low_qualifier = { value = "8"', 'low_qualifier = { value = "9"',
           ("tests/test_spec.py",)),
    Mutant("profile-s002-bring-in-tie", "profiles", "spec/variants/s002.toml",
           'bring_in_tie_break = { value = "position"', 'bring_in_tie_break = { value = "suit"',
           ("tests/test_spec.py",)),
    Mutant("profile-tda-heads-up-cap", "profiles", "spec/variants/tda-2024.toml",
           'heads_up_uncapped = { value = "false"', 'heads_up_uncapped = { value = "true"',
           ("tests/test_spec.py",)),
    Mutant("profile-tda-odd-chip-scope", "profiles", "spec/variants/tda-2024.toml",
           'odd_chip_card_scope = { value = "five_card_hand"',
           'odd_chip_card_scope = { value = "all_cards"', ("tests/test_spec.py",)),
    Mutant("profile-roberts-community-first-actor", "profiles", "spec/variants/roberts.toml",
           'community_first_actor = { value = "high-with-common-card"',
           'community_first_actor = { value = "sixth-street-first-actor"',
           ("tests/test_spec.py",)),
    Mutant("profile-s001-open-pair", "profiles", "spec/variants/s001.toml",
           'fourth_street_open_pair = { value = "false"',
           'fourth_street_open_pair = { value = "true"', ("tests/test_spec.py",)),
    Mutant("profile-s002-first-to-show", "profiles", "spec/variants/s002.toml",
           'showdown_first = { value = "last_caller"',
           'showdown_first = { value = "last_aggressor"', ("tests/test_spec.py",)),
    Mutant("profile-tda-board-tie", "profiles", "spec/variants/tda-2024.toml",
           'board_tie_break = { value = "high_card_by_suit"',
           'board_tie_break = { value = "position"', ("tests/test_spec.py",)),
]
MUTANTS += deal_mutants(Mutant)  # issue 35: the deal, settlement, no-bet showdown, best five
MUTANTS += claims_mutants(Mutant)  # the log-evidence checker and its figures (issue 35)


def interleaved(mutants: list[Mutant]) -> list[Mutant]:
    """The mutants family by family in turn, so a partial run still covers every family."""
    families: dict[str, list[Mutant]] = {}
    for mutant in mutants:
        families.setdefault(mutant.family, []).append(mutant)
    order = []
    while any(families.values()):
        for queue in families.values():
            if queue:
                order.append(queue.pop(0))
    return order


def export_tree(destination: Path) -> None:
    """The committed tree (HEAD) of this checkout, written to ``destination``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD"], check=True,
                             capture_output=True).stdout
    destination.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(destination)], input=archive, check=True)


def apply(mutant: Mutant, tree: Path) -> None:
    """Apply the mutant to the copy at ``tree``; the original text must occur exactly once."""
    path = tree / mutant.path
    text = path.read_text(encoding="utf-8")
    if text.count(mutant.old) != 1:
        raise SystemExit(f"{mutant.id}: the text to replace occurs {text.count(mutant.old)} "
                         f"times in {mutant.path}")
    path.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")


CLOSURES = """
import importlib, importlib.util, json, sys
sys.path.insert(0, 'model')
from studspec.paths import proofs_dir
folder = proofs_dir()
spec = importlib.util.spec_from_file_location(
    'studspec_proofs', folder / '__init__.py', submodule_search_locations=[str(folder)])
package = importlib.util.module_from_spec(spec)
sys.modules['studspec_proofs'] = package
spec.loader.exec_module(package)
before = {name for name in sys.modules if name.startswith('studspec.')}
importlib.import_module('studspec_proofs.' + sys.argv[1])
print(json.dumps(sorted(n[len('studspec.'):] for n in sys.modules if n.startswith('studspec.'))))
"""

VERIFY = """
import json, sys
sys.path.insert(0, 'model')
affected = set(json.loads(sys.argv[1]))
from studspec.prove import agreement
from studspec.prove import proving
from studspec.cli import link, verify
every_obligation, every_agreement = proving.all_obligations, agreement.all_agreements
verify.all_obligations = lambda: [o for o in every_obligation()
                                  if o.module.rsplit('.', 1)[-1] in affected]
link.all_agreements = lambda: every_agreement() if 'agreement' in affected else []
from studspec.cli.main import main
raise SystemExit(main(['verify', '--format', 'json']))
"""


def proof_closures(tree: Path) -> dict[str, set[str]]:
    """For each proof module, the studspec modules importing it loads."""
    closures = {}
    for module in sorted(p.stem for p in (tree / "proofs").glob("*.py")):
        if module == "__init__":
            continue
        done = subprocess.run([sys.executable, "-c", CLOSURES, module], cwd=tree,
                              capture_output=True, text=True, check=True)
        closures[module] = set(json.loads(done.stdout))
    return closures


def affected_modules(mutant: Mutant, closures: dict[str, set[str]]) -> list[str]:
    """The proof modules that can see the mutated file (all of them for spec data)."""
    if not mutant.path.startswith("model/studspec/"):
        return sorted(closures)
    name = mutant.path[len("model/studspec/"):-len(".py")].replace("/", ".")
    return sorted(module for module, closure in closures.items() if name in closure)


def run_verify(tree: Path, affected: list[str]) -> dict[str, Any]:
    """`studspec verify` on the copy, rerunning the proofs of ``affected`` modules: exit
    code, failed checks, REFUTED obligations."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", VERIFY, json.dumps(affected)], cwd=tree,
                          capture_output=True, text=True, timeout=3600)
    seconds = time.perf_counter() - started
    try:
        data = json.loads(done.stdout)
    except json.JSONDecodeError:
        return {"exit": done.returncode, "failed": ["crash"], "refuted": [],
                "seconds": seconds, "error": done.stderr.strip().splitlines()[-1:]}
    failed = [c["check"] for c in data["checks"] if not c["ok"]]
    refuted = [r["obligation"] for r in data["proofs"]["results"]
               if r["verdict"] != "PROVED"]
    return {"exit": done.returncode, "failed": failed, "refuted": refuted, "seconds": seconds}


def run_tests(tree: Path, files: tuple[str, ...]) -> bool:
    """Whether the targeted test files fail on the copy (the mutant is killed)."""
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:randomly",
                           "-p", "no:cacheprovider", *files], cwd=tree, capture_output=True,
                          env={"PYTHONPATH": str(tree / "model"), "PATH": "/usr/bin:/bin"},
                          timeout=1800)
    return done.returncode != 0


def main(argv: list[str] | None = None) -> int:
    """Run the mutants and print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=[], help="mutant IDs to run")
    parser.add_argument("--tests", action="store_true", help="also run the targeted tests")
    parser.add_argument("--out", help="write the results as JSON to this new file")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--full", action="store_true",
                        help="rerun every proof obligation for every mutant")
    arguments = parser.parse_args(argv)
    mutants = interleaved([m for m in MUTANTS if not arguments.only or m.id in arguments.only])
    if arguments.list:
        for mutant in mutants:
            print(f"{mutant.id:32} {mutant.family:10} {mutant.path}")
        return 0
    results = []
    with tempfile.TemporaryDirectory(prefix="studspec-mutants-") as scratch:
        base = Path(scratch) / "base"
        export_tree(base)
        for mutant in MUTANTS:  # every mutant must still apply, even when not run
            count = (base / mutant.path).read_text(encoding="utf-8").count(mutant.old)
            if count != 1:
                raise SystemExit(f"{mutant.id}: the text to replace occurs {count} times")
        closures = proof_closures(base)
        for mutant in mutants:
            tree = Path(scratch) / mutant.id
            shutil.copytree(base, tree)
            apply(mutant, tree)
            affected = sorted(closures) if arguments.full else affected_modules(mutant,
                                                                                closures)
            outcome = run_verify(tree, affected)
            outcome["proof_modules_rerun"] = affected
            if arguments.tests:
                outcome["tests_kill"] = run_tests(tree, mutant.tests)
            killed = outcome["exit"] != 0
            results.append({"id": mutant.id, "family": mutant.family, "killed": killed,
                            **outcome})
            print(f"{mutant.id:32} {'KILLED ' if killed else 'SURVIVED'} "
                  f"failed={','.join(outcome['failed']) or '-'} "
                  f"refuted={','.join(outcome['refuted']) or '-'} "
                  f"{outcome['seconds']:.0f}s", flush=True)
            shutil.rmtree(tree)
    killed = sum(r["killed"] for r in results)
    refuted = sum(bool(r["refuted"]) for r in results)
    print(f"\n{len(results)} mutants: verify kills {killed} ({100 * killed / len(results):.0f}%),"
          f" an obligation is REFUTED for {refuted} ({100 * refuted / len(results):.0f}%)")
    survivors = [r["id"] for r in results if not r["killed"]]
    if survivors:
        print("survivors: " + ", ".join(survivors))
    if arguments.out:
        with open(arguments.out, "x", encoding="utf-8") as handle:
            json.dump(results, handle, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
