"""A fourth game made of its own files only (docs/games.md): the contract test's toy engine,
its computer player, phrasebook, scoring and board module. tests/e2e/test_fourth_game.py adds
them to a copy of the house and plays it there."""
