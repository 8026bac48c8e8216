// The bar over the board: the game, the table and the game's number, the tempo, whose turn it
// is, the clock (tableclock.js) and the table's buttons: Turbo at a solo table, hint, rules,
// the table's link and leave.
import { api, path } from "./api.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { tablePath } from "./paths.js";
import { waitingHere } from "./room.js";
import { showRules } from "./rules.js";
import { clear, h, keyHint, showError, toast } from "./ui.js";

/** Whether the reader sits at `table` and is to move. */
export function myTurn(table) {
  return table?.status === "playing" && table.you !== null && table.current?.to_move === table.you;
}

function turnText(table, seatName) {
  const current = table.current;
  if (table.status !== "playing" || !current) return "";
  if (myTurn(table)) return t("table.your_turn");
  return current.to_move !== null ? t("table.turn_of", { name: seatName(current.to_move) }) : "";
}

// The table's own address, to send to someone who shall watch or join.
async function share(id) {
  const url = new URL(tablePath(id), location.origin).href;
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    /* no clipboard (an insecure origin): the address is shown to copy by hand */
  }
  toast(t("table.link.copied", { url }), "ok");
}

export function createTurnBar(id, { accept, askHint, leave, seatName }) {
  const el = h("header.table-bar");

  async function turbo() {
    try {
      accept(await api.post(api.table(path`/tables/${id}/turbo`)));
    } catch (error) {
      showError(error);
    }
  }

  function render(table) {
    const current = table.current;
    const settings = table.settings;
    const playing = table.status === "playing";
    clear(
      el,
      h(
        "h1.table-title",
        {},
        t(`games.${table.game}`),
        h(
          "span.muted",
          {},
          h("span.table-id", {}, ` · ${table.id}`),
          current ? ` · ${t("table.game_no", { n: current.no })}` : "",
        ),
      ),
      h("span.tempo.muted", {}, t("table.tempo", { tempo: t(`lobby.tempo.${settings.tempo}`) })),
      h("span.turn", { "data-testid": "turn", "aria-live": "polite" }, turnText(table, seatName)),
      h("span.clock", { "data-testid": "clock", role: "timer", "aria-label": t("table.clock"), hidden: !playing }),
      h("div.spacer"),
      settings.solo && playing
        ? h(
            "button.turbo",
            {
              type: "button",
              "data-testid": "turbo",
              "aria-pressed": String(!!current?.turbo),
              disabled: !!current?.turbo,
              onclick: turbo,
            },
            current?.turbo ? `⚡ ${t("table.turbo.on")}` : `⚡ ${t("table.turbo")}`,
          )
        : null,
      playing && table.you !== null
        ? h(
            "button.hint",
            {
              type: "button",
              "data-testid": "hint",
              disabled: !myTurn(table),
              "aria-keyshortcuts": "T",
              onclick: askHint,
            },
            icon("bulb"),
            " ",
            t("table.hint"),
            keyHint("T"),
          )
        : null,
      h(
        "button.ghost.rules",
        { type: "button", "data-testid": "table-rules", onclick: () => showRules(table.game) },
        icon("book"),
        " ",
        t("rules.short"),
      ),
      h(
        "button.ghost.share",
        {
          type: "button",
          "data-testid": "share",
          "aria-label": t("table.link.label"),
          title: t("table.link.label"),
          onclick: () => share(id),
        },
        icon("link"),
        " ",
        t("table.link"),
      ),
      h(
        "button.leave",
        { type: "button", "data-testid": "leave", onclick: leave },
        table.you === null && !waitingHere(table) ? t("table.to_lobby") : t("table.leave"),
      ),
    );
  }

  return { el, render, clock: () => el.querySelector(".clock") };
}
