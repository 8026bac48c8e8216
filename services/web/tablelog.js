// The table's log beside the board, under the game's name for it ("Bordbuch"): the house's
// lines in the reader's language (GET …/log?lang=), read again a moment after each change; a
// line about the reader's own seat is marked as theirs.
import { api, path } from "./api.js";
import { lang, t } from "./i18n.js";
import { clear, h } from "./ui.js";

/** The log of table `id`; `frame` gives the table (null once left). */
export function createTableLog(id, frame) {
  const list = h("ol.log-lines", { "aria-live": "off" });
  const title = h("h2.log-title");
  const el = h("aside.log", {}, title, list);
  let timer = null;
  let loggedVersion = -1;

  function render(table) {
    title.textContent = t(`table.log.${table.game}`);
  }

  function schedule() {
    const table = frame.table;
    if (!table.current || table.version === loggedVersion) return;
    clearTimeout(timer);
    timer = setTimeout(load, 250);
  }

  async function load() {
    if (!frame.table) return;
    const version = frame.table.version;
    try {
      const lines = await api.get(api.table(path`/tables/${id}/log?lang=${lang()}`));
      const table = frame.table;
      if (!table) return;
      loggedVersion = version;
      const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
      clear(
        list,
        lines
          .slice(-200)
          .map((line) => h("li", { class: table.you !== null && line.seat === table.you ? "mine" : null }, line.text)),
      );
      if (atBottom) list.scrollTop = list.scrollHeight; // (one reading older lines stays)
    } catch {
      /* the next change loads it again */
    }
  }

  return { el, render, schedule, stop: () => clearTimeout(timer) };
}
