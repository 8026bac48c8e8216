"""The newest document this process has seen of each table it watches.

A web process hears every commit of the tables its event streams watch (services/table/hub.py:
each announcement carries the committed document). A move to such a table can start from
that document instead of reading it: its commit is a compare-and-set on the version, so a
document that was not the newest after all costs one refused commit and then the usual read
(shared/tables/transaction.py). Documents are kept as their JSON, the way Redis holds them: each
change parses its own copy.
"""

from __future__ import annotations

import threading


class LatestDocs:
    """Table id → (version, document JSON) of the watched tables."""

    def __init__(self):
        self.lock = threading.Lock()
        self.docs: dict[str, tuple[int, str]] = {}

    def watch(self, table_id: str) -> None:
        with self.lock:
            self.docs.setdefault(table_id, (-1, ""))

    def forget(self, table_id: str) -> None:
        with self.lock:
            self.docs.pop(table_id, None)

    def seen(self, table_id: str, version: int, doc: str) -> None:
        """A document of ``table_id`` at ``version``; kept if the table is watched and it is
        newer than the one kept."""
        with self.lock:
            kept = self.docs.get(table_id)
            if kept is not None and version > kept[0]:
                self.docs[table_id] = (version, doc)

    def get(self, table_id: str) -> tuple[int, str] | None:
        """(version, document JSON), or None when none is kept."""
        kept = self.docs.get(table_id)
        return kept if kept and kept[1] else None
