"""The game's name, seat range and table options (house defaults: DECISIONS.md "All games" §0)."""

from __future__ import annotations

from shared.games.base import Option

NAME = "speedone"
MIN_SEATS = 2
MAX_SEATS = 6

OPTIONS = (
    Option("stack_draw_two", (True, False), True, "a draw-two may be played on a pending draw-two"),
    Option(
        "stack_draw_four", (True, False), True, "a draw-four may be played on a pending draw-four"
    ),
    Option(
        "scoring",
        ("winner_collects", "each_their_own"),
        "winner_collects",
        "winner_collects: the round's winner is credited the others' points, highest total wins; "
        "each_their_own: everyone is charged their own points, lowest total wins",
    ),
    Option("target", (200, 500), 500, "the total that ends the game"),
    Option(
        "partners",
        (False, True),
        False,
        "partners sit opposite (seats 0+2, 1+3); 4 seats only",
        seats=(4,),
    ),
)

# Which option allows stacking onto each kind of pending penalty.
STACK_OPTION = {"draw_two": "stack_draw_two", "draw_four": "stack_draw_four"}
