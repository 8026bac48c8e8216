"""The guide's pause of a game's clock (shared/tables/guide.py), on a game's own numbers."""

from __future__ import annotations

import pytest

from shared.tables import guide
from shared.tables.house import GUIDE_SECONDS


def game(deadline=140.0):
    return {"deadline": deadline}


def test_open_pushes_the_deadline_by_what_the_pause_may_last_and_close_takes_back_the_rest():
    playing = game()
    assert guide.open_guide(playing, 100.0)
    assert playing["deadline"] == 140 + GUIDE_SECONDS
    assert guide.until(playing) == 100 + GUIDE_SECONDS
    assert guide.pause_left(playing, 130.0) == GUIDE_SECONDS - 30
    assert not guide.open_guide(playing, 110.0)  # open already
    assert guide.close_guide(playing, 130.0)
    assert playing["deadline"] == 170  # the clock stood for the 30 s the guide was open
    assert guide.until(playing) is None and guide.pause_left(playing, 131.0) == 0
    assert not guide.close_guide(playing, 131.0)


def test_the_pause_lasts_guide_seconds_a_game_at_most():
    playing = game()
    guide.open_guide(playing, 100.0)
    guide.close_guide(playing, 100.0 + GUIDE_SECONDS + 50)  # the guide stayed open too long
    assert playing["deadline"] == 140 + GUIDE_SECONDS
    assert playing["guide"]["used"] == GUIDE_SECONDS
    assert not guide.open_guide(playing, 1000.0)  # spent
    assert playing["deadline"] == 140 + GUIDE_SECONDS


@pytest.mark.parametrize("opened_for", [10, 60])
def test_a_second_pause_has_what_the_first_left(opened_for):
    playing = game()
    guide.open_guide(playing, 100.0)
    guide.close_guide(playing, 100.0 + opened_for)
    guide.open_guide(playing, 200.0)
    assert guide.until(playing) == 200 + GUIDE_SECONDS - opened_for


def test_a_decision_while_the_guide_is_open_and_a_computer_to_move():
    playing = game(deadline=None)
    guide.open_guide(playing, 100.0)  # a computer decides: no deadline to push
    assert playing["deadline"] is None
    playing["deadline"] = 120.0 + 40 + guide.pause_left(playing, 120.0)  # (play.next_decision)
    guide.close_guide(playing, 150.0)
    assert playing["deadline"] == 190  # set at 120, stood for the 30 s until the close
