"""The example scripts the docs include run, and print what the model decides."""

import runpy
from pathlib import Path

import pytest

from studspec.rules.bringin import bring_in_seat
from studspec.rules.deal import deal_third_street

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


@pytest.mark.clause("BRINGIN-01", "BRINGIN-04")
def test_play_a_hand_example(capsys: pytest.CaptureFixture[str]) -> None:
    namespace = runpy.run_path(str(EXAMPLES / "play_a_hand.py"))
    out = capsys.readouterr().out.splitlines()
    hand = namespace["hand"]
    doors = [third.door for third in deal_third_street(namespace["deck"], 4)]
    bringer = bring_in_seat(doors, hand.profile)
    assert out[0] == (f"seat {bringer} brings in; legal now: bring-in to 3 (BRINGIN-04), "
                      "complete to 10 (BRINGIN-04)")
    assert out[1].startswith("refused: BRINGIN-04: ") and "complete 20" in out[1]
    assert hand.is_over and sum(hand.stacks) == 4 * 200
    assert out[3] == f"paid: {hand.awards} final stacks: {hand.stacks}"
    assert out[4] == "replayed under tda-2024: clean"
