"""Table seats as a game's booking carries them, written as a string of kinds."""


def seats(kinds: str, left=()) -> list[dict]:
    """Seats from a string: h = human (player p<i>), c = computer."""
    return [
        {
            "seat": index,
            "kind": "human" if kind == "h" else "computer",
            "player": f"p{index}" if kind == "h" else None,
            "name": f"P{index}",
            "left": index in left,
        }
        for index, kind in enumerate(kinds)
    ]
