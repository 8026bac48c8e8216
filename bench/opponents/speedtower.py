"""The look-ahead Skip-Bo AI of COS389-SkipBo for Speedtower.

Source: github.com/ac-he/COS389-SkipBo, file ``src/users/PlayerAI.java`` (``takeTurn``,
``breadthFirstSearch``, ``decideOnDiscard`` and the three ``evaluateScore…`` functions).
Re-implemented in Python, not copied. Skip-Bo's build piles are the towers, discard piles the
storage piles, the Skip-Bo card the crane.

The original's turn, as one best-first search per goal over sequences of builds from hand and
storage (states already seen are dropped; a step that uses a wild card costs one more):

1. play the stock top: search until the stock card fits a tower (priority: how far the stock
   card is from the nearest tower, at most 6); a wild stock card goes on a random tower among
   those with different tops;
2. empty the hand (priority: cards left in hand), then start again at 1 with five new cards;
3. block: build until no tower needs the opponent's stock card (skipped when that is wild);
4. extra: build hand and storage cards, no wild ones, until nothing fits, as long as the end
   leaves no tower needing the opponent's stock card (priority: cards left in hand);
5. discard: onto a storage top of the same value; else onto one a value higher; else a value
   held twice or more (the most held, the lowest of equals) onto an empty pile; else the
   highest card onto an empty pile; else onto a top two, then three higher; else the first
   hand card onto the last pile.

Adaptations to the house's rules (docs/rules/speedtower.md):

* The house asks for one move at a time and keeps no memory for a player, so the port plans
  the turn afresh from the view at each move and makes the plan's first build. The searches
  are deterministic but for the wild stock card's tower, so the plan stays the same from move
  to move unless new cards (a redraw) change it.
* The house refills the hand itself, and draws five when the hand empties by a build.
* "The opponent" is the next seat in turn order (at 2 seats the only one).
* Each search stops after 4,000 expanded states (the original searches until its queue runs
  dry; real positions stay far below).
* A hand that is empty with nothing drawn (material and rubble used up) builds what fits and
  passes, as the house requires; the original never meets it.
* The original's thread-local random choice becomes the seat's seeded ``rng``.
"""

from __future__ import annotations

import heapq
import itertools
import random

NAME = "COS389-SkipBo PlayerAI"
CRANE = "CRANE"
TOP_FLOOR = 12
BUDGET = 4000


def choose(view: dict, legal: list[dict], rng: random.Random) -> dict:
    me = view["seat"]
    start = (tuple(view["hand"]), tuple(tuple(p) for p in view["storage"][me]),
             tuple(tower["needs"] for tower in view["towers"]))  # fmt: skip
    stock = view["stock_tops"][me]
    opponent = view["stock_tops"][(me + 1) % len(view["stock_tops"])]
    step = _plan(start, stock, opponent, rng)
    if step is not None:
        return _move(step, legal)
    return _discard(start, legal)


def _plan(start, stock, opponent, rng):
    """The first build of the turn's plan, or None: discard now."""
    if stock is not None:
        if stock == CRANE:
            return _crane_stock(start[2], rng)
        found = _search(start, lambda s: _stock_fits(s, stock) is not None,
                        lambda s: _stock_distance(s, stock))  # fmt: skip
        if found is not None:
            return found[0] if found else ("stock", None, _stock_fits(start, stock))
    if start[0]:
        found = _search(start, lambda s: not s[0], lambda s: len(s[0]))
        if found:
            return found[0]
    if opponent is not None and opponent != CRANE:
        found = _search(start, lambda s: not _close(s, opponent),
                        lambda s: _block_score(s, opponent))  # fmt: skip
        if found:
            return found[0]
    found = _search(start, None, lambda s: len(s[0]), wild=False, opponent=opponent)
    return found[0] if found else None


def _search(start, goal, score, wild=True, opponent=None):
    """Best-first search over build sequences; the path to the first goal state popped, or
    None. ``goal`` None: the first leaf (no build left) that leaves ``opponent`` no tower."""
    counter = itertools.count()
    queue = [(score(start), next(counter), start, ())]
    seen = {start}
    expanded = 0
    while queue and expanded < BUDGET:
        _, _, state, path = heapq.heappop(queue)
        expanded += 1
        if goal is not None and goal(state):
            return path
        children = list(_builds(state, wild))
        if goal is None and not children and not _close(state, opponent):
            return path
        for step, child, used_crane in children:
            if child in seen:
                continue
            seen.add(child)
            heapq.heappush(queue, (score(child) + used_crane, next(counter), child,
                                   (*path, step)))  # fmt: skip
    return None


def _builds(state, wild):
    """Every build from hand (each index) and storage tops onto each tower, with the state after
    it and whether it used a crane."""
    hand, piles, needs = state
    sources = [("hand", index, card) for index, card in enumerate(hand)]
    sources += [("storage", pile, cards[-1]) for pile, cards in enumerate(piles) if cards]
    for source, where, card in sources:
        if card == CRANE and not wild:
            continue
        for tower, need in enumerate(needs):
            if card != CRANE and int(card) != need:
                continue
            if source == "hand":
                after = (hand[:where] + hand[where + 1 :], piles)
            else:
                after = (hand, piles[:where] + (piles[where][:-1],) + piles[where + 1 :])
            raised = 1 if need == TOP_FLOOR else need + 1
            child = (*after, needs[:tower] + (raised,) + needs[tower + 1 :])
            yield (source, where, tower), child, int(card == CRANE)


def _stock_fits(state, stock):
    """The first tower the stock card fits, or None."""
    return next((t for t, need in enumerate(state[2]) if need == int(stock)), None)


def _stock_distance(state, stock):
    return min([6] + [(int(stock) - need) % TOP_FLOOR for need in state[2]])


def _block_score(state, opponent):
    return min([6] + [TOP_FLOOR - (int(opponent) - need) % TOP_FLOOR for need in state[2]])


def _close(state, opponent):
    """Whether a tower needs the opponent's stock card next."""
    if opponent is None or opponent == CRANE:
        return False
    return any(need == int(opponent) for need in state[2])


def _crane_stock(needs, rng):
    towers = {}
    for tower, need in enumerate(needs):
        towers.setdefault(need, tower)
    return ("stock", None, rng.choice(list(towers.values())))


def _move(step, legal):
    source, where, tower = step
    name = "ABCD"[tower]
    for move in legal:
        if move["type"] != "build" or move["from"] != source or move["tower"] != name:
            continue
        if source == "stock" or move.get("index", move.get("pile")) == where:
            return move
    raise ValueError(f"the plan's build {step} is not legal")


def _discard(state, legal):
    """The original's discard rules in order; a pass (or a build the house still requires)
    when the hand is empty."""
    hand, piles, _ = state
    if not hand:
        return next((m for m in legal if m["type"] == "pass"), legal[0])
    pile = _discard_pile(hand, piles)
    return {"type": "store", "index": pile[0], "pile": pile[1]}


def _discard_pile(hand, piles):
    tops = [int(p[-1]) if p and p[-1] != CRANE else None for p in piles]
    values = [None if card == CRANE else int(card) for card in hand]
    for gap in (0, 1):
        for index, value in enumerate(values):
            for pile, top in enumerate(tops):
                if value is not None and piles[pile] and top == value + gap:
                    return index, pile
    empty = next((pile for pile, cards in enumerate(piles) if not cards), None)
    if empty is not None:
        counts = [0] * (TOP_FLOOR + 1)
        for value in values:
            if value is not None:
                counts[value] += 1
        mode = max(range(TOP_FLOOR + 1), key=lambda v: (counts[v], -v))
        if counts[mode] > 1:
            return values.index(mode), empty
        highest = 0
        for index, value in enumerate(values):
            if value is not None and (values[highest] or 0) < value:
                highest = index
        return highest, empty
    for gap in (2, 3):
        for index, value in enumerate(values):
            for pile, top in enumerate(tops):
                if value is not None and top == value + gap:
                    return index, pile
    return 0, len(piles) - 1
