"""The decision at hand: the legal moves of a seat, and applying one move with its events.

A turn is one action — a play, the blind card, or taking the ramp — after which the turn
passes, except: an ignition or a black hole gives the same player a new turn, a fitting blind
card opens the single follow-up (phase "follow"), and a blind asteroid with more than one
possible target waits for its target (phase "aim").
"""

from __future__ import annotations

from shared.games.base import IllegalMove
from shared.games.speedlaunch import ramp
from shared.games.speedlaunch.cards import (
    AST,
    BLIND,
    HOLE,
    OPEN,
    SAT,
    STANDING,
    VALUE,
    add,
    cards_left,
    forget,
    remove,
)
from shared.games.speedlaunch.moves import Play, asteroid_targets, blind_stacks, plays, read_play
from shared.games.speedlaunch.rounds import AIM, FOLLOW, PLAYING, ROUND_TURNS, end_round


def legal_moves(state: dict, seat: int) -> list[dict]:
    if state["over"] or seat != state["turn"]:
        return []
    phase = state["phase"]
    if phase == AIM:
        return [{"type": "aim", "target": target} for target in asteroid_targets(state, seat)]
    if phase == FOLLOW:
        return [*plays(state, seat, follow=True), {"type": "end"}]
    moves = plays(state, seat, follow=False)
    moves += [{"type": "blind", "stack": index} for index in blind_stacks(state, seat)]
    if state["ramp"]:
        moves.append({"type": "take"})
    return moves


def apply(state: dict, seat: int, move: dict) -> list[dict]:
    if type(move) is not dict:
        raise IllegalMove("a move is a JSON object")
    if state["over"]:
        raise IllegalMove("the game is over")
    if seat != state["turn"]:
        raise IllegalMove("it is not your turn")
    kind = move.get("type")
    handler = _HANDLERS.get(kind) if type(kind) is str else None
    if handler is None:
        raise IllegalMove("type must be one of: " + ", ".join(_HANDLERS))
    if state["phase"] == AIM and kind != "aim":
        raise IllegalMove("choose the asteroid's target first")
    events: list[dict] = []
    handler(state, seat, move, events)
    return events


def _only_fields(move: dict, *fields: str) -> None:
    if set(move) != {"type", *fields}:
        wanted = ", ".join(repr(field) for field in ("type", *fields))
        raise IllegalMove(f"a {move['type']} move has exactly the fields {wanted}")


def _play(state: dict, seat: int, move: dict, events: list[dict]) -> None:
    play = read_play(state, seat, move, follow=state["phase"] == FOLLOW)
    _lay(state, seat, play, events)


def _blind(state: dict, seat: int, move: dict, events: list[dict]) -> None:
    if state["phase"] != PLAYING:
        raise IllegalMove("a blind card may only be the first action of a turn")
    _only_fields(move, "stack")
    index = move["stack"]
    if type(index) is not int or index not in blind_stacks(state, seat):
        raise IllegalMove("only a stack holding nothing but its blind card may be risked")
    stack = state["stacks"][seat][index]
    card, stack[BLIND] = stack[BLIND], None
    event = {"type": "blind", "seat": seat, "stack": index, "revealed": [card]}
    events.append(event)
    top_value = ramp.top(state)[0]
    if card in (AST, HOLE):
        event["outcome"] = "special"
        _special(state, seat, card, events)
    elif card != SAT and top_value is not None and VALUE[card] > top_value:
        event["outcome"] = "too_high"
        events.append(
            {"type": "take", "seat": seat, "cards": ramp.take(state, seat), "blind": True}
        )
        add(state["hands"][seat], card)
        add(state["known"][seat], card)
        _next(state, seat, events, again=False)
    else:
        value = VALUE[card] if card != SAT else top_value
        event.update(outcome="fits", value=value)
        ramp.lay(state, card, value)
        if (
            ramp.top(state)[1] < ramp.FOUR
            and cards_left(state, seat)
            and plays(state, seat, follow=True)
        ):
            state["phase"] = FOLLOW
        else:
            _ignite_or_pass(state, seat, events)


def _take(state: dict, seat: int, move: dict, events: list[dict]) -> None:
    if state["phase"] != PLAYING:
        raise IllegalMove("after a blind card: play a follow-up or end the turn")
    _only_fields(move)
    if not state["ramp"]:
        raise IllegalMove("the ramp is empty: play a card, any card fits")
    events.append({"type": "take", "seat": seat, "cards": ramp.take(state, seat)})
    _next(state, seat, events, again=False)


def _end(state: dict, seat: int, move: dict, events: list[dict]) -> None:
    if state["phase"] != FOLLOW:
        raise IllegalMove("only the follow-up after a blind card can be declined")
    _only_fields(move)
    events.append({"type": "end", "seat": seat})
    _next(state, seat, events, again=False)


def _aim(state: dict, seat: int, move: dict, events: list[dict]) -> None:
    if state["phase"] != AIM:
        raise IllegalMove("there is no asteroid to aim")
    _only_fields(move, "target")
    target = move["target"]
    if type(target) is not int or target not in asteroid_targets(state, seat):
        raise IllegalMove("the target must be an opponent's seat")
    _hit(state, seat, target, events)


_HANDLERS = {"play": _play, "blind": _blind, "take": _take, "end": _end, "aim": _aim}


def _lay(state: dict, seat: int, play: Play, events: list[dict]) -> None:
    """Carry out a checked play: the cards leave hand and stacks, then their effect."""
    hand, stacks, known = state["hands"][seat], state["stacks"][seat], state["known"][seat]
    for token in play.hand:
        remove(hand, token)
        forget(known, token)
    played = play.hand + [stacks[index][OPEN] for index in play.stacks]
    for index in play.stacks:
        stacks[index][OPEN] = None
    event = {"type": "play", "seat": seat, "cards": played, "stacks": list(play.stacks)}
    events.append(event)
    if play.special is not None:
        _turn_up(state, seat, play.stacks, None, events)
        _special(state, seat, play.special, events, play.target)
        return
    for token in played:
        ramp.lay(state, token, play.value)
    event.update(value=play.value, lamps=ramp.top(state)[1])
    _turn_up(state, seat, play.stacks, play.value, events)
    _ignite_or_pass(state, seat, events)


def _turn_up(
    state: dict, seat: int, indices: list[int], value: int | None, events: list[dict]
) -> None:
    """Chain ignition: each uncovered standing card turns up, in stack order, and follows onto
    the ramp when it is a countdown card of the value just played and the four-limit allows."""
    stacks = state["stacks"][seat]
    for index in indices:
        stack = stacks[index]
        card = stack[STANDING]
        if card is None:
            continue
        stack[STANDING] = None
        follows = value is not None and VALUE.get(card) == value and ramp.top(state)[1] < ramp.FOUR
        if follows:
            ramp.lay(state, card, value)
        else:
            stack[OPEN] = card
        events.append(
            {"type": "turn_up", "seat": seat, "stack": index, "cards": [card], "follows": follows}
        )


def _special(
    state: dict, seat: int, card: str, events: list[dict], target: int | None = None
) -> None:
    """An asteroid or black hole that has just left its place (hand, stack or blind)."""
    add(state["burned"], card)
    if card == HOLE:
        events.append({"type": "black_hole", "seat": seat, "cards": ramp.burn(state)})
        _next(state, seat, events, again=True)
    elif not state["ramp"]:
        events.append({"type": "asteroid", "seat": seat, "target": None, "cards": []})
        _next(state, seat, events, again=False)
    elif target is not None:
        _hit(state, seat, target, events)
    elif len(targets := asteroid_targets(state, seat)) == 1:
        _hit(state, seat, targets[0], events)
    else:
        state["phase"] = AIM


def _hit(state: dict, seat: int, target: int, events: list[dict]) -> None:
    cards = ramp.take(state, target)
    events.append({"type": "asteroid", "seat": seat, "target": target, "cards": cards})
    _next(state, seat, events, again=False)


def _ignite_or_pass(state: dict, seat: int, events: list[dict]) -> None:
    if ramp.top(state)[1] == ramp.FOUR:
        events.append({"type": "ignition", "seat": seat, "cards": ramp.burn(state)})
        _next(state, seat, events, again=True)
    else:
        _next(state, seat, events, again=False)


def _next(state: dict, seat: int, events: list[dict], again: bool) -> None:
    """The play is over: ``seat`` wins the round if it has nothing left; a round that has
    reached ROUND_TURNS turns ends without a winner (DECISIONS §15); else the next turn."""
    if not cards_left(state, seat):
        end_round(state, seat, events)
        return
    state["turns"] += 1
    if state["turns"] >= ROUND_TURNS:
        end_round(state, None, events)
        return
    state["phase"] = PLAYING
    state["turn"] = seat if again else (seat + 1) % state["seats"]
    events.append({"type": "turn", "seat": state["turn"], "again": again})
