"""The ``studspec`` command line. Exit codes: 0 clean, 1 violations or failed proofs, 2 usage
or input error, 3 internal error (a bug of studspec's). Errors are reported as one clear
message, never a traceback; ``--debug`` (or ``STUDSPEC_DEBUG=1``) adds the traceback of an
internal error."""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from studspec import __version__
from studspec.cli.render import to_json
from studspec.cli.reports import (
    Report,
    clause_ids,
    coverage_report_cmd,
    findings_report,
    prove_report,
    rule_report,
    rules_report,
)
from studspec.cli.variants_cmd import variants_cmd
from studspec.errors import InvalidInputError, StudSpecError
from studspec.inputs import check_path_name, check_seconds
from studspec.prove.proof_deadline import (
    DEFAULT_DEADLINE_SECONDS,
    check_deadline,
    set_default_deadline,
)
from studspec.records.site_profiles import site_formats_text

if TYPE_CHECKING:
    from studspec.cli.spool import CheckReport

EXIT_OK, EXIT_FOUND, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_MEANINGS = {
    EXIT_OK: "clean: nothing found",
    EXIT_FOUND: "found: a violation, a divergence, a ruling that differs, a proof not PROVED",
    EXIT_USAGE: "bad input or usage: one message naming the input, the place and the reason "
                "(check: also a hand not read, read with a warning, or no hand checked)",
    EXIT_INTERNAL: "internal error, a bug of studspec's: please report it (--debug shows "
                   "the traceback)",
}
"""What each exit code means, for every command (the help text and the CLI reference)."""
DEBUG_VARIABLE = "STUDSPEC_DEBUG"


class UsageError(Exception):
    """A command-line argument that names nothing studspec knows."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (also used to generate the CLI reference in the docs)."""
    parser = argparse.ArgumentParser(
        prog="studspec",
        description="Seven Card Stud and Stud Hi/Lo rules as a cited, executable, proved "
                    "specification.",
        epilog="exit codes: " + "; ".join(f"{code} {meaning}"
                                          for code, meaning in EXIT_MEANINGS.items()))
    parser.add_argument("--version", action="version", version=f"studspec {__version__}")
    parser.add_argument("--debug", action="store_true",
                        help=f"on an internal error (exit code 3), also print the traceback "
                             f"(or set {DEBUG_VARIABLE}=1)")
    formats = argparse.ArgumentParser(add_help=False)
    formats.add_argument("--format", choices=("text", "json"), default="text",
                         help="output format (default: text)")
    # check and fuzz at archive scale: the report is the same whichever way they run.
    scale = argparse.ArgumentParser(add_help=False)
    scale.add_argument("--jobs", type=int, metavar="N",
                       help="processes working side by side (default: every core); the "
                            "report is the same for any N")
    scale.add_argument("--scheduler", metavar="ADDRESS",
                       help="work on the workers of this Dask scheduler (e.g. "
                            "tcp://127.0.0.1:8786; needs the cluster extra)")
    scale.add_argument("--no-fast-path", dest="fast_path", action="store_false",
                       help="the model's side through the reference model only, not the "
                            "fast path (the report is the same; for cross-checking)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    commands.add_parser("rules", parents=[formats], help="table of every clause")
    rule = commands.add_parser("rule", parents=[formats],
                               help="one clause: statement, quotes, parameters, code, proofs, "
                                    "tests")
    rule.add_argument("clause_id", metavar="ID", help="a clause ID such as BRINGIN-02")
    prove = commands.add_parser("prove", parents=[formats],
                                help="run Z3 proof obligations (all, or those of the given "
                                     "clauses or obligation names)")
    prove.add_argument("selectors", nargs="*", metavar="ID",
                       help="clause IDs or obligation names; none means all")
    prove.add_argument("--json-out", metavar="FILE",
                       help="also write the results as JSON to FILE (e.g. for the docs build)")
    prove.add_argument("--deadline", type=_deadline, metavar="SECONDS",
                       help=DEADLINE_HELP)
    prove.add_argument("--check-vacuity", action="store_true",
                       help="also run the known-wrong rule variants aimed at the obligations; "
                            "each must be REFUTED (an obligation none refutes is vacuous)")
    coverage = commands.add_parser("coverage", parents=[formats],
                                   help="per-source sentence coverage and uncovered sentences")
    coverage.add_argument("--all", action="store_true", dest="show_all",
                          help="list every uncovered sentence")
    commands.add_parser("findings", parents=[formats],
                        help="contradictions and ambiguities found in the sources")
    variants = commands.add_parser(
        "variants", parents=[formats],
        help="the profiles as their differences from the profile each extends, with sources")
    variants.add_argument("--diff", nargs=2, metavar=("A", "B"),
                          help="only the parameters where profiles A and B differ")
    variants.add_argument("--base", metavar="B",
                          help="show each profile's differences from B instead of its parent")
    variants.add_argument("--parameter", metavar="P", help="one parameter in every profile")
    variants.add_argument("--profile", metavar="P", dest="variant_profile",
                          help="every parameter of one profile, set or inherited")
    variants.add_argument("--full", action="store_true",
                          help="the full matrix of parameters × profiles")
    enumerate_parser = commands.add_parser(
        "enumerate", parents=[formats],
        help="evaluate every 7-card (or 5-card) hand with the fast evaluators and count "
             "high categories and lows")
    enumerate_parser.add_argument("--cards", type=int, choices=(5, 7), default=7,
                                  help="hand size (default: 7)")
    verify = commands.add_parser("verify", parents=[formats],
                                 help="every check of the built-in spec: quotes, coverage, "
                                      "traceability, proofs")
    verify.add_argument("--proof-json-out", metavar="FILE",
                        help="also write the proof results as JSON to FILE, as `studspec "
                             "prove --json-out` does (the docs build reads it; CI proves once)")
    verify.add_argument("--deadline", type=_deadline, metavar="SECONDS", help=DEADLINE_HELP)
    convert_help = (f"convert every hand of a site hand history ({site_formats_text()}) "
                    "to PHH")
    convert = commands.add_parser("convert", parents=[formats], help=convert_help,
                                  description=convert_help[0].upper() + convert_help[1:])
    convert.add_argument("file", metavar="FILE", help="the site hand-history file")
    convert.add_argument("--to", choices=("phh",), default="phh", help="target format")
    convert.add_argument("--out", metavar="DIR",
                         help="output folder (default: ./<FILE stem>-phh); never overwritten")
    unread = commands.add_parser("unread", parents=[formats],
                                 help="list the lines of site logs no grammar reads, by shape, "
                                      "most frequent first, one example each")
    unread.add_argument("files", nargs="+", metavar="FILE",
                        help="site hand-history files, or folders of them")
    check = commands.add_parser("check", parents=[formats, scale],
                                help="replay recorded hands (PHH, site hand histories) under a "
                                     "profile and report every rule they break")
    check.add_argument("files", nargs="+", metavar="FILE",
                       help="PHH or site hand-history files, or folders of them")
    check.add_argument("--profile", metavar="P",
                       help="the rule profile (`studspec variants` lists them); default: "
                            "the one each log's site and game call for")
    check.add_argument("--verbose", action="store_true",
                       help="list every hand in the text report, clean ones too (by default "
                            "clean hands are counted in the summary; the JSON report has "
                            "every hand)")
    upcoming = commands.add_parser("next", parents=[formats],
                                   help="replay a partial hand and say what happens next: "
                                        "who acts and every legal action, or the deal, the "
                                        "showdown or the awards, with the clauses")
    upcoming.add_argument("file", metavar="FILE", help="a PHH or site hand-history file")
    which = upcoming.add_mutually_exclusive_group(required=True)
    which.add_argument("--profile", metavar="P", help="the rule profile")
    which.add_argument("--all-profiles", action="store_true",
                       help="answer under every profile, grouping equal answers")
    upcoming.add_argument("--hand", metavar="ID",
                          help="the hand to answer for, in a file of several hands")
    ruling = commands.add_parser("ruling", parents=[formats],
                                 help="settle a dispute: a case's answer under every profile, "
                                      "with the deciding clauses and their quotes")
    ruling.add_argument("case", nargs="?", metavar="CASE",
                        help="a case file (TOML) or the ID of a bundled case")
    ruling.add_argument("--profile", action="append", dest="profiles", metavar="P",
                        help="rule under this profile only (repeatable; default: every one)")
    ruling.add_argument("--list", action="store_true", dest="list_cases",
                        help="list the bundled cases")
    fuzz = commands.add_parser("fuzz", parents=[formats, scale],
                               help="play generated hands through an engine and the model in "
                                    "lock-step and report every divergence")
    fuzz.add_argument("--engine", required=True, metavar="ENGINE",
                      help="the engine under test: pokerkit, studspec (the model against "
                           "itself), 'cmd:PROGRAM ARGS' (a program speaking the engine "
                           "protocol on stdin/stdout) or MODULE:FACTORY (a Python adapter)")
    fuzz.add_argument("--engine-timeout", type=_seconds, metavar="SECONDS",
                      help="how long to wait for each reply of a cmd: engine (default: 10)")
    fuzz.add_argument("--profile", required=True, metavar="P",
                      help="the rule profile to hold the engine to")
    fuzz.add_argument("--hands", type=int, default=200, metavar="N",
                      help="hands to play (default: 200)")
    fuzz.add_argument("--seed", type=int, default=0, metavar="S",
                      help="the seed that fixes the hands (default: 0)")
    fuzz.add_argument("--out", metavar="DIR", help="folder for the minimal hands as PHH "
                      "(default: ./fuzz-ENGINE-PROFILE-SEED); files are never overwritten")
    fuzz.add_argument("--no-shrink", dest="shrink", action="store_false",
                      help="report the first hand of each divergence as found, unshrunk")
    fuzz.add_argument("--game", choices=("high", "hilo"),
                      help="play only this game (default: both, Stud and Stud/8, each hand "
                           "one of them, under the profile's other rules)")
    fuzz.add_argument("--no-steer", dest="steer", action="store_false",
                      help="draw hands unsteered (random picks) and play every one of "
                           "--hands, instead of steering towards rare decisions and "
                           "stopping when every decision target was exercised")
    fuzz.add_argument("--accept-differences", action="store_true",
                      help="with --infer-profile: accept the values that differ from the "
                           "claimed profile (exit 0 if nothing else is wrong)")
    fuzz.add_argument("--infer-profile", action="store_true",
                      help="adopt each rule value that explains a divergence, write the "
                           "inferred profile (TOML) and report the defects no value explains")
    conform = commands.add_parser("conform", parents=[formats],
                                  help="play the casebook through an engine under each "
                                       "profile and compare its answers, case by case")
    conform.add_argument("--engine", required=True, metavar="ENGINE",
                         help="the engine under test, as for fuzz")
    conform.add_argument("--profile", required=True, action="append", dest="profiles",
                         metavar="P", help="a profile the engine claims (repeatable)")
    conform.add_argument("--case", action="append", dest="cases", default=[], metavar="CASE",
                         help="only this case (a bundled case ID or a case file; repeatable)")
    conform.add_argument("--engine-timeout", type=_seconds, metavar="SECONDS",
                         help="how long to wait for each reply of a cmd: engine (default: 10)")
    conform.add_argument("--game", choices=("high", "hilo"),
                         help="only this game (default: both, Stud and Stud/8, each under "
                              "the profile's other rules)")
    generate = commands.add_parser("generate", parents=[formats],
                                   help="write random legal complete hands as PHH files, "
                                        "reproducible from the seed")
    generate.add_argument("--profile", required=True, metavar="P",
                          help="the rule profile the hands are played under")
    generate.add_argument("--hands", type=int, required=True, metavar="N",
                          help="hands to write")
    generate.add_argument("--seed", type=int, default=0, metavar="S",
                          help="the seed that fixes the hands (default: 0)")
    generate.add_argument("--out", required=True, metavar="DIR",
                          help="output folder (created if missing); files are never "
                               "overwritten")
    serve = commands.add_parser("serve",
                                help="the casebook and the Ask page (build a situation by "
                                     "clicking, get the ruling) as a local web app; needs "
                                     "the web extra")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default: 127.0.0.1, this machine "
                            "only). Any other address lets other machines use it, with no "
                            "login and no encryption; serve warns when it does")
    serve.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    serve.add_argument("--header-timeout", type=float, default=10.0, metavar="SECONDS",
                       help="a connection that has not sent a whole request head within "
                            "this many seconds is closed (default: 10)")
    serve.add_argument("--max-connections", type=int, default=1000, metavar="N",
                       help="open connections at most; a new one over the bound closes "
                            "the longest-idle one (default: 1000)")
    return parser


def _dispatch(arguments: argparse.Namespace) -> Report | CheckReport:
    command = arguments.command
    if command == "rules":
        return rules_report()
    if command == "rule":
        wanted = arguments.clause_id.upper()
        if wanted not in clause_ids():
            raise UsageError(f"no clause {arguments.clause_id!r}; `studspec rules` lists them")
        return rule_report(wanted)
    if command in ("prove", "verify") and arguments.deadline is not None:
        set_default_deadline(arguments.deadline)  # before any worker is forked
    if command == "prove":
        if arguments.json_out:
            _check_output_file(arguments.json_out)
        try:
            report = prove_report(arguments.selectors)
        except KeyError as error:
            raise UsageError(f"no obligation or clause named {error.args[0]}; "
                             "`studspec rules` lists the clauses") from None
        if arguments.check_vacuity:
            from studspec.cli.vacuity import with_vacuity

            report = with_vacuity(report, arguments.selectors)
        if arguments.json_out:
            _write_new_file(arguments.json_out, to_json(report.data) + "\n")
        return report
    if command == "coverage":
        return coverage_report_cmd(arguments.show_all)
    if command == "findings":
        return findings_report()
    if command == "variants":
        try:
            return variants_cmd(diff=arguments.diff, parameter=arguments.parameter,
                                profile=arguments.variant_profile, full=arguments.full,
                                base=arguments.base)
        except KeyError as error:
            kind = "parameter" if error.args[0] == arguments.parameter else "profile"
            raise UsageError(f"no {kind} named {error.args[0]}") from None
    if command == "enumerate":
        from studspec.cli.enumerate_cmd import enumerate_report

        return enumerate_report(arguments.cards)
    if command == "verify":
        from studspec.cli.stage_progress import StageProgress
        from studspec.cli.verify import VERIFY_STAGES, verify_report

        if arguments.proof_json_out:
            _check_output_file(arguments.proof_json_out, "--proof-json-out")
        report = verify_report(StageProgress(VERIFY_STAGES))  # on stderr, in a terminal
        if arguments.proof_json_out:
            _write_new_file(arguments.proof_json_out, to_json(report.data["proofs"]) + "\n")
        return report
    if command == "convert":
        from studspec.cli.convert import convert_report

        return convert_report(arguments.file, arguments.to, arguments.out)
    if command == "unread":
        from studspec.cli.unread import unread_report

        return unread_report(arguments.files)
    if command == "check":
        from studspec.cli.check import check_report
        from studspec.run.parallel import check_jobs, terminal_progress

        return check_report(arguments.files, arguments.profile,
                            fast_path=arguments.fast_path, jobs=check_jobs(arguments.jobs),
                            scheduler=arguments.scheduler,
                            progress=terminal_progress("files"), verbose=arguments.verbose)
    if command == "next":
        from studspec.cli.next_cmd import next_report

        return next_report(arguments.file, arguments.profile, arguments.all_profiles,
                           arguments.hand)
    if command == "ruling":
        from studspec.cli.ruling import list_report, ruling_report

        if arguments.list_cases:
            return list_report()
        if arguments.case is None:
            raise UsageError("ruling needs a CASE (a case file or a bundled case ID), "
                             "or --list")
        return ruling_report(arguments.case, arguments.profiles)
    if command == "fuzz":
        if arguments.accept_differences and not arguments.infer_profile:
            raise UsageError("--accept-differences accepts inferred values: it needs "
                             "--infer-profile")
        if arguments.infer_profile:
            from studspec.cli.infer_cmd import infer_report

            return infer_report(arguments.engine, arguments.profile, arguments.game,
                                arguments.hands, arguments.seed, arguments.out,
                                arguments.shrink, arguments.engine_timeout,
                                accept_differences=arguments.accept_differences,
                                steer=arguments.steer)
        from studspec.cli.fuzz_cmd import fuzz_report

        return fuzz_report(arguments.engine, arguments.profile, arguments.hands,
                           arguments.seed, arguments.out, arguments.shrink,
                           arguments.engine_timeout, arguments.game,
                           fast_path=arguments.fast_path, jobs=arguments.jobs,
                           scheduler=arguments.scheduler, steer=arguments.steer)
    if command == "conform":
        from studspec.cli.conform_cmd import conform_report

        return conform_report(arguments.engine, arguments.profiles, arguments.cases,
                              arguments.engine_timeout, arguments.game)
    if command == "generate":
        from studspec.cli.generate_cmd import generate_report

        return generate_report(arguments.profile, arguments.hands, arguments.seed,
                               arguments.out)
    raise UsageError(f"unknown command {command!r}")  # argparse prevents this


DEADLINE_HELP = (f"stop each proof obligation after SECONDS of CPU time (or ten times that of "
                 f"wall-clock time) and report it UNKNOWN, a failure; default "
                 f"{DEFAULT_DEADLINE_SECONDS:g}")


def _deadline(text: str) -> float:
    """``--deadline``: a positive number of seconds, at most a day."""
    try:
        return check_deadline(float(text))
    except ValueError as error:  # not a number, or InvalidInputError (a ValueError)
        reason = error.reason if isinstance(error, InvalidInputError) else "not a number"
        raise argparse.ArgumentTypeError(f"{text!r}: {reason}") from None


def _seconds(text: str) -> float:
    """``--engine-timeout``: a positive, finite number of seconds, at most an hour."""
    try:
        return check_seconds(float(text), what="--engine-timeout")
    except ValueError as error:  # not a number, or InvalidInputError (a ValueError)
        reason = error.reason if isinstance(error, InvalidInputError) else "not a number"
        raise argparse.ArgumentTypeError(f"{text!r}: {reason}") from None


def _check_output_file(name: str, option: str = "--json-out") -> None:
    """Refuse an output path that is an existing file other than a previous JSON output."""
    path = check_path_name(name, what=option)
    if path.exists() and (path.suffix != ".json" or not path.is_file()):
        raise UsageError(f"{name}: exists and is not a .json file; refusing to overwrite it")


def _write_new_file(name: str, text: str) -> None:
    """Write an output file checked by _check_output_file."""
    path = Path(name)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"{name}: cannot be written: {error.strerror}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    arguments = parser.parse_args(argv)
    try:
        if arguments.command == "serve":
            from studspec.cli.serve_cmd import serve

            return serve(arguments.host, arguments.port,
                         header_timeout=arguments.header_timeout,
                         max_connections=arguments.max_connections)
        report = _dispatch(arguments)
    except (UsageError, StudSpecError) as error:
        print(f"studspec: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("studspec: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # anything else is a bug of ours: exit 3
        return _internal_error(error, arguments.debug)
    try:
        if isinstance(report, Report):
            print(to_json(report.data) if arguments.format == "json" else report.text)
        else:  # an archive's report, printed from its spool
            report.write(sys.stdout, arguments.format)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (e.g. `| head`) stopped early: not an error of ours, no traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return report.exit_code


def _internal_error(error: Exception, debug: bool) -> int:
    """Report an unexpected exception: one line asking for a report, the traceback only
    when debugging; exit code 3, so a script never mistakes a crash for a finding (1)."""
    print(f"studspec: internal error — please report it with the command that caused it "
          f"({type(error).__name__}: {error})", file=sys.stderr)
    if debug or os.environ.get(DEBUG_VARIABLE, "") not in ("", "0"):
        traceback.print_exception(error, file=sys.stderr)
    else:
        print(f"studspec: run again with --debug (or {DEBUG_VARIABLE}=1) for the traceback",
              file=sys.stderr)
    return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
