"""A table's event stream: every entry carries the version of the document it was committed
on, so versions never go backwards — chat lines posted while moves are committed included."""

from __future__ import annotations

import threading

from shared import chat_lines, store
from shared.games import get_game
from shared.tables import lifecycle
from tests.integration.harness import start_two_player_game


def stream_versions(house, table_id):
    return [version for _, version, _ in store.read_events(house.r, table_id)]


def move_now(house, players, table_id):
    doc = store.load(house.r, table_id)
    seat = get_game("speedone").to_move(doc["current"]["state"])
    mine = house.get(players[seat], table_id)
    answer = house.move(players[seat], table_id, mine["current"]["legal"][0], mine["version"])
    assert answer.status_code == 200, answer.json


def chat(house, player, table_id, text) -> int:
    answer = house.table.post(f"/tables/{table_id}/chat", json={"text": text},
                              headers=house.auth(player))  # fmt: skip
    return answer.status_code


def test_a_chat_line_read_before_a_move_is_stamped_with_the_version_after_it(house, monkeypatch):
    table_id, players = start_two_player_game(house)
    append = chat_lines.append_chat

    def move_first(r, table_id, line):  # a move commits between the chat's read and append
        move_now(house, players, table_id)
        return append(r, table_id, line)

    monkeypatch.setattr(chat_lines, "append_chat", move_first)
    assert chat(house, players[0], table_id, "hallo") in (200, 201)
    versions = stream_versions(house, table_id)
    assert versions == sorted(versions)
    assert versions[-1] == store.load(house.r, table_id)["version"]


def test_chat_lines_between_concurrent_moves_keep_the_stream_in_order(house, monkeypatch):
    monkeypatch.setattr(lifecycle, "CHAT_LOCK_MS", 1)
    table_id, players = start_two_player_game(house)
    done, said = threading.Event(), []

    def talk():
        n = 0
        while not done.is_set():
            said.append(chat(house, players[n % 2], table_id, f"Zeile {n}"))
            n += 1

    talker = threading.Thread(target=talk)
    talker.start()
    try:
        for _ in range(30):
            if store.load(house.r, table_id)["status"] != "playing":
                break
            move_now(house, players, table_id)
    finally:
        done.set()
        talker.join()
    assert set(said) <= {200, 201, 429} and said.count(201) + said.count(200) > 5
    versions = stream_versions(house, table_id)
    assert versions == sorted(versions)
