"""How each game phrases its events in the log, in German and English."""
