"""Computer players and clocks: RQ job bodies and the strategies they play."""
