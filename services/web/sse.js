// A table's event stream. EventSource cannot send the bearer token, and a token in the URL
// would stay in access logs and browser history, so every connection gets a ticket of its
// own (POST …/stream-tickets: one use, valid a minute). EventSource's own reconnection would
// repeat the used ticket, so on an error this closes the stream, fetches a new ticket and
// reconnects with lastEventId: the server replays exactly what was missed. Every `state` and
// `update` carries a fresh table.
import { api, path } from "./api.js";

const RETRY_MS = [500, 1000, 2000, 5000, 10000]; // waits after 1, 2, 3 … failures in a row

export function subscribe(tableId, { onTable, onEvents, onClosed }) {
  const base = api.table(path`/tables/${tableId}`);
  let source = null;
  let lastId = null;
  let failures = 0;
  let timer = null;
  let stopped = false;

  const handle = (message) => {
    if (message.lastEventId) lastId = message.lastEventId;
    let data;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (data.events?.length) onEvents?.(data.events, data);
    if (data.table) onTable?.(data.table);
  };

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };

  const closed = () => {
    stop();
    onClosed?.();
  };

  const retry = () => {
    if (stopped) return;
    timer = setTimeout(connect, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
    failures += 1;
  };

  async function connect() {
    if (stopped) return;
    let ticket;
    try {
      ({ ticket } = await api.post(`${base}/stream-tickets`));
    } catch (error) {
      if (error.status === 404)
        closed(); // the table is gone
      else retry();
      return;
    }
    if (stopped) return;
    const query = new URLSearchParams({ ticket });
    if (lastId) query.set("lastEventId", lastId);
    source = new EventSource(`${base}/events?${query}`);
    source.onopen = () => {
      failures = 0;
    };
    source.addEventListener("state", handle);
    source.addEventListener("update", handle);
    source.addEventListener("closed", closed);
    source.onerror = () => {
      source?.close(); // not EventSource's retry: its ticket is used up
      source = null;
      retry();
    };
  }

  connect();
  return stop;
}
