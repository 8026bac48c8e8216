"""Tables: the documents in Redis that seat players at a game, and the one path every change
of them takes (lobby, table service, computer players and clocks alike)."""
