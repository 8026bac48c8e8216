"""Speedlaunch: play the highest card that fits while it still fits; when nothing fits, risk
a blind card before taking the ramp.

Each play must be lower than or equal to the ramp's top, so a high card is the hardest to get
rid of later: the play of the highest value goes first (with as many cards as it may take).
Asteroids and black holes fit on anything, so they are kept for a ramp worth it (4 cards or
more; an asteroid goes to the player with the fewest cards). A blind card that fits sheds a
card, one that does not costs no more than taking the ramp at once: so it is always risked
first.
"""

SPECIALS = ("AST", "HOLE")
BIG_RAMP = 4


def value(move: dict) -> int:
    """The countdown value a play puts down (0: satellites or specials alone)."""
    numbers = [int(card) for card in move.get("hand", []) if card.isdigit()]
    return numbers[0] if numbers else 0


def special(move: dict) -> bool:
    return any(card in SPECIALS for card in move.get("hand", []))


def choose(view: dict, legal: list[dict]) -> dict:
    players = view["players"]

    def fewest_cards(move):  # an asteroid's target: the player closest to going out
        return -players[move["target"]]["cards"] if "target" in move else 0

    def worth(move):  # specials rank above every value on a big ramp, else below
        big = len(view["ramp"]) >= BIG_RAMP
        rank = (11 if big else -1) if special(move) else value(move)
        size = len(move.get("hand", [])) + len(move.get("stacks", []))
        return rank, size, fewest_cards(move)

    aims = [move for move in legal if move["type"] == "aim"]
    if aims:
        return max(aims, key=fewest_cards)
    plays = [move for move in legal if move["type"] == "play"]
    if plays:
        return max(plays, key=worth)
    for kind in ("end", "blind", "take"):
        chosen = [move for move in legal if move["type"] == kind]
        if chosen:
            return chosen[0]
    return legal[0]
