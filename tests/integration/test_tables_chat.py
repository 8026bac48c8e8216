"""Chat: bounded lines, the 2 s lock, themed exclamations, only for players at the table."""

from __future__ import annotations

from tests.integration.harness import assert_problem, start_two_player_game


def test_chat_lock_bounds_and_exclamations(house):
    table_id, players = start_two_player_game(house)
    ann, bob = players[0], players[1]
    url = f"/tables/{table_id}/chat"
    said = house.table.post(url, json={"text": "Hallo!"}, headers=house.auth(ann))
    assert said.status_code == 201 and said.json["text"] == "Hallo!"
    locked = house.table.post(url, json={"text": "noch was"}, headers=house.auth(ann))
    assert locked.status_code == 429 and int(locked.headers["Retry-After"]) >= 1
    assert assert_problem(locked, 429, "rate_limited")["retry_after"] > 0

    cheer = house.table.post(url, json={"exclamation": "freude"}, headers=house.auth(bob))
    assert cheer.status_code == 201 and cheer.json["name"] == "Bob" and cheer.json["text"]
    assert cheer.json["text"] == cheer.json["texts"]["de"] != cheer.json["texts"]["en"] or (
        cheer.json["text"] == "ONE!"  # (the one line alike in both languages)
    )
    too_long = house.table.post(url, json={"text": "x" * 201}, headers=house.auth(bob))
    both = house.table.post(url, json={"text": "a", "exclamation": "freude"},
                            headers=house.auth(bob))  # fmt: skip
    stranger = house.table.post(url, json={"text": "hi"}, headers=house.auth(house.player("Eve")))
    assert (too_long.status_code, both.status_code, stranger.status_code) == (400, 400, 403)
    assert_problem(too_long, 400, "invalid_request")
    assert_problem(both, 400, "invalid_chat_line")
    assert_problem(stranger, 403, "not_seated")

    lines = house.table.get(url, headers=house.auth(bob)).json
    assert [line["name"] for line in lines] == ["Ann", "Bob"]
    assert lines[1]["texts"] == cheer.json["texts"] and "texts" not in lines[0]
    assert house.r.ttl(f"{{t:{table_id}}}:chatlock:p-ann") <= 2
