"""No glyph the house's font cannot draw: every character of the client (its words, rules,
icons, styles) and of the server's lines it shows (the log, chat exclamations) lies in the
coverage of DejaVu Sans — the font Debian's Chromium draws the house's sans-serif with —
kept in fonts/dejavu-sans.charset (fontconfig's charset of DejaVuSans.ttf, hex ranges). An
emoji would be a missing-glyph box there."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOWN = [
    *sorted((ROOT / "services/web").glob("*.*")),
    ROOT / "services/table/chat.py",
    ROOT / "services/table/logbook.py",
    *sorted((ROOT / "services/table/phrases").glob("*.py")),
]


def coverage() -> set[int]:
    covered = set()
    for item in (Path(__file__).parent / "fonts/dejavu-sans.charset").read_text().split():
        first, _, last = item.partition("-")
        covered.update(range(int(first, 16), int(last or first, 16) + 1))
    return covered


COVERED = coverage()


@pytest.mark.parametrize("path", SHOWN, ids=lambda path: path.name)
def test_every_character_shown_has_a_glyph_in_the_font(path):
    missing = {
        f"U+{ord(char):04X} line {number}"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        for char in line
        if ord(char) not in COVERED and char != "\t"
    }
    assert not missing, f"{path.name}: no glyph for {sorted(missing)}"
