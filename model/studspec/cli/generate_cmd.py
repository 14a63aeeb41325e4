"""``studspec generate --profile P --hands N --seed S --out DIR``: a corpus of legal hands.

Writes N random legal complete hands, played by the model under profile P, as PHH files
``DIR/hand-000001.phh`` ... (the profile is named in each file, so ``studspec check DIR/*``
replays them under it). The same seed writes the same files. Nothing is overwritten: an
``--out`` that is an existing file, or a folder already holding one of the target names, is
refused before anything is written (exit code 2).
"""

from __future__ import annotations

from pathlib import Path

from studspec.cli.reports import Report
from studspec.errors import InvalidInputError
from studspec.fuzz.corpus import generated_hands
from studspec.inputs import output_folder
from studspec.specdata.profiles import load_profile

NAME_WIDTH = 6


def corpus_name(number: int, hands: int) -> str:
    """The file name of the ``number``-th of ``hands`` generated hands: sorted names keep
    the order (numbers get wider than six digits only for a corpus of a million or more)."""
    return f"hand-{number:0{max(NAME_WIDTH, len(str(hands)))}d}.phh"


def corpus_folder(out: str, hands: int) -> Path:
    """The output folder, checked before anything is written: not a file, no name taken."""
    folder = output_folder(out, what="--out")  # a name the system can open, never a file
    taken = [name for name in (corpus_name(n, hands) for n in range(1, hands + 1))
             if (folder / name).exists()] if folder.is_dir() else []
    if taken:
        raise InvalidInputError(f"refusing to overwrite {len(taken)} existing file(s), e.g. "
                                f"{taken[0]}; give an empty or new --out", where=out)
    return folder


def generate_report(profile_name: str, hands: int, seed: int, out: str) -> Report:
    """Generate the corpus and report what was written."""
    if hands < 1:
        raise InvalidInputError("the number of hands must be at least 1", input_text=str(hands),
                                where="--hands")
    profile = load_profile(profile_name)
    folder = corpus_folder(out, hands)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InvalidInputError(f"cannot be created: {error.strerror}", where="--out",
                                input_text=out) from None
    seats = 0
    for generated in generated_hands(profile, hands, seed):
        path = folder / corpus_name(generated.number, hands)
        try:
            with path.open("x", encoding="utf-8") as handle:
                handle.write(generated.phh(profile.name))  # from the moves played
        except OSError as error:
            raise InvalidInputError(f"cannot be written: {error.strerror}",
                                    where=str(path)) from None
        seats += generated.seats
    command = (f"studspec generate --profile {profile_name} --hands {hands} --seed {seed} "
               f"--out {out}")
    data = {"profile": profile.name, "hands": hands, "seed": seed, "out": str(folder),
            "players_dealt": seats, "command": command}
    text = (f"{hands} hand(s) under profile {profile.name} written to {folder} "
            f"({corpus_name(1, hands)} to {corpus_name(hands, hands)}), {seats} players dealt in\n"
            f"reproduce: {command}")
    return Report(data, text, 0)
