// The hint ("Tipp", button or T): the strong computer's move for the reader's turn, in words
// under the board and marked on it by the board (`showHint`).
import { api, path } from "./api.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { h } from "./ui.js";
import { myTurn } from "./turnbar.js";

/** The hint of table `id`; `frame` gives the table and the board (the table null once left). */
export function createHint(id, frame) {
  const el = h("div.hint-box", { role: "status", "aria-live": "polite", hidden: true });
  let busy = false;

  function clear() {
    el.hidden = true;
    frame.board?.showHint?.(null);
  }

  async function ask() {
    if (!myTurn(frame.table) || busy) return;
    busy = true;
    el.hidden = false;
    el.replaceChildren(icon("bulb"), " …");
    try {
      const answer = await api.get(api.table(path`/tables/${id}/hint`));
      const board = frame.board;
      el.replaceChildren(
        icon("bulb"),
        ` ${board.describe ? board.describe(answer.move) : JSON.stringify(answer.move)}`,
      );
      board.showHint?.(answer.move);
    } catch (error) {
      el.replaceChildren(icon("bulb"), ` ${error.message || t("table.hint.none")}`);
    } finally {
      busy = false;
    }
  }

  return { el, ask, clear };
}
