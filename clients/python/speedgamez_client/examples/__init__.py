"""Example bots, one per game: ``choose(view, legal) -> move`` in a few dozen lines each, to
run with ``python -m speedgamez_client.bot --strength speedgamez_client.examples.<game>:choose``
and to start a bot of one's own from."""
