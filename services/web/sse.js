// A table's event stream. EventSource reconnects by itself and sends Last-Event-ID, so the
// server replays exactly what was missed; every `state` and `update` carries a fresh table.
import { session } from "./api.js";

export function subscribe(tableId, { onTable, onEvents, onClosed }) {
  const url = `/api/table/tables/${encodeURIComponent(tableId)}/events?token=${encodeURIComponent(session.token)}`;
  const source = new EventSource(url);
  const handle = (message) => {
    let data;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (data.events?.length) onEvents?.(data.events, data);
    if (data.table) onTable?.(data.table);
  };
  source.addEventListener("state", handle);
  source.addEventListener("update", handle);
  source.addEventListener("closed", () => {
    source.close();
    onClosed?.();
  });
  return () => source.close();
}
