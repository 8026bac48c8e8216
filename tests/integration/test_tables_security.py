"""Nobody sees a card they should not: every payload a seat or a spectator receives during
whole games — table answers, move answers, SSE events, the log, chat — is checked against
what that seat may see."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from services.table.events import Stream
from shared import store
from shared.games import get_game, names
from tests.integration.harness import House
from tests.redaction import assert_hides, visible_cards

HUMAN_MOVES = 120
OPTIONS = {"speedone": {"target": 200}, "speedtower": {"stock": 10}, "speedlaunch": {}}


def ever_visible(game, record, seat) -> Counter:
    """For each card, the most copies ``seat`` could see at any moment of the game (plus the
    cards the rules revealed to everybody)."""
    engine = get_game(game)
    state = engine.new(record["options"], len(record["seats"]), record["seed"], record["first"])
    most = visible_cards(engine, state, seat)
    for entry in record["moves"]:
        if entry["kind"] == "move":
            events = engine.apply(state, entry["seat"], entry["move"])
        else:
            events = engine.leave(state, entry["seat"]) or []
        most |= visible_cards(engine, state, seat)
        for event in events:
            most |= Counter(event.get("revealed", []))
    return most


@pytest.mark.parametrize("game", names())
def test_no_payload_shows_a_hidden_card(house: House, game):
    engine = get_game(game)
    deck = frozenset(engine.DECK)
    ann, bob, eve = house.player("Ann"), house.player("Bob"), house.player("Eve")
    table_id = house.open(ann, game, 3, OPTIONS[game], fill="computer")["id"]
    house.lobby.post(f"/tables/{table_id}/seats", json={}, headers=house.auth(bob))
    house.lobby.post(f"/tables/{table_id}/start", headers=house.auth(ann))
    house.table.post(f"/tables/{table_id}/chat", json={"text": "Viel Glück"},
                     headers=house.auth(bob))  # fmt: skip
    humans = {0: ann, 1: bob}
    viewers = {0: ann, 1: bob, None: eve}
    later = {seat: [] for seat in viewers}  # payloads checked against the whole game
    rng = random.Random(game)

    for _ in range(HUMAN_MOVES):
        house.run_computers()
        doc = store.load(house.r, table_id)
        if doc["status"] != "playing":
            break
        state = doc["current"]["state"]
        for seat, viewer in viewers.items():
            view = house.get(viewer, table_id)
            assert "seed" not in view["current"] and "state" not in view["current"]
            allowed = visible_cards(engine, state, seat)
            for move in view["current"].pop("legal"):  # each names own cards; checked apart
                assert_hides(move, allowed, deck, f"a legal move of {seat}")
            assert_hides(view, allowed, deck, f"GET for {seat}")
        mover = humans[engine.to_move(state)]
        legal = house.get(mover, table_id)["current"]["legal"]
        answer = house.move(mover, table_id, rng.choice(legal), doc["version"]).json
        answer["table"]["current"].pop("legal")
        later[engine.to_move(state)].extend([answer["table"], *answer["events"]])
    for player in humans.values():
        house.table.post(f"/tables/{table_id}/leave", headers=house.auth(player))
    house.run_computers()
    doc = store.load(house.r, table_id)
    assert doc["current"]["result"] is not None  # over (or closed, had it ended before)
    record = house.table.get(f"/tables/{table_id}/games/1/record", headers=house.auth(eve)).json

    entries = store.read_events(house.r, table_id)
    for seat, viewer in viewers.items():
        stream = Stream(table_id, viewer["id"], None)
        stream.version = doc["version"]  # the events alone, without the closing table
        with house.table_app.test_request_context():
            messages = stream.update(entries, None)
        for line in messages.splitlines():
            if line.startswith("data: "):
                later[seat].extend(json.loads(line[len("data: ") :])["events"])
        for lang in ("de", "en"):
            log = house.table.get(f"/tables/{table_id}/log?lang={lang}",
                                  headers=house.auth(viewer))  # fmt: skip
            later[seat].extend(log.json)
        later[seat].extend(house.table.get(f"/tables/{table_id}/chat",
                                           headers=house.auth(viewer)).json)  # fmt: skip
        allowed = ever_visible(game, record, seat)
        for payload in later[seat]:
            assert_hides(payload, allowed, deck, f"payload for seat {seat}")
