"""Code every Speedgamez service imports: the pure game engines and Redis access."""
