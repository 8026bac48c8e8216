// The end screen: a dialog over the whole page (the page behind is inert, Tab stays inside)
// with the places, who left the game, and "Nochmal" only when a next game can be dealt.
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { GAMES } from "./lobby.js";
import { h, keepFocusIn } from "./ui.js";

// How many would play the next game: the server's rule (free and left seats filled with
// computers if the table says so, else dropped; those waiting sit down).
export function nextGamePlayers(table) {
  const { fill, humans_only: humansOnly } = table.settings;
  if (fill === "computer" && !humansOnly) return table.seats.length;
  const staying = table.seats.filter((seat) => seat.kind === "computer" || (seat.kind === "human" && !seat.left)).length;
  return Math.min(table.seats.length, staying + table.waiting.length);
}

export function createEndScreen({ inertWhileOpen, again, toLobby }) {
  const layer = h("div.end-layer", { hidden: true });
  keepFocusIn(layer);

  function rows(table, board) {
    const places = table.current?.result?.places;
    if (!places) return [];
    return table.seats.map((seat, index) => ({ index, seat, place: places[index] }))
      .sort((a, b) => a.place - b.place)
      .map((row) => h("tr", { class: row.seat.you ? "me" : null },
        h("td", {}, t("table.place", { n: row.place })),
        h("td", {}, row.seat.name || t("room.seat", { n: row.index + 1 }), row.seat.left ? h("span.muted", {}, ` (${t("table.left")})`) : null),
        (board.resultCells?.(table.current.result, row.index) || []).map((cell) => h("td.num", {}, cell))));
  }

  function choices(table) {
    const seated = table.you !== null && table.status === "over";
    const others = table.seats.some((seat, i) => seat.kind === "human" && !seat.left && i !== table.you);
    const back = seated && table.seats[table.you]?.back;
    const enough = nextGamePlayers(table) >= GAMES[table.game].min;
    const lobby = h("button", { type: "button", "data-key": "end-lobby", "data-testid": "to-lobby", onclick: toLobby }, t("table.to_lobby"));
    if (!seated) return [lobby];
    if (!enough) {
      return [
        h("p.end-why", { "data-testid": "end-missing" }, t("table.again.missing")),
        h("button.primary", { type: "button", "data-key": "end-reopen", "data-testid": "reopen", onclick: again }, t("table.again.reopen")),
        lobby,
      ];
    }
    return [
      h("button.primary", {
        type: "button", "data-key": "end-again", "data-testid": "rematch", disabled: back && others, onclick: again,
      }, "↻ ", t(`table.again.${table.game}`)),
      lobby,
    ];
  }

  // While the seats are held: whose seats, said from where the player stands (the seconds
  // are filled in by the table's ticking clock).
  function heldLine(table) {
    const me = table.seats[table.you];
    if (!me || me.back) return h("p.held.muted", { "data-text": "table.again.held" });
    const back = table.seats.filter((seat) => seat.kind === "human" && seat.back).map((seat) => seat.name);
    return h("p.held", { "data-text": "table.again.held_you", "data-names": back.join(", ") });
  }

  function render(table, board) {
    const open = table.status === "over" || table.status === "closed";
    const wasOpen = !layer.hidden;
    const focused = layer.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    layer.hidden = !open;
    inertWhileOpen(open);
    if (!open) return layer.replaceChildren();
    const result = table.current?.result;
    const gone = table.seats.filter((seat) => seat.kind === "human" && seat.left);
    const extraHead = board.resultColumns?.() || [];
    layer.replaceChildren(h("section.end-screen.panel", {
      "data-testid": "end-screen", role: "dialog", "aria-modal": "true", "aria-labelledby": "end-title", tabindex: "-1",
    },
      h("h2", { id: "end-title" }, icon("flag"), " ", t("table.over")),
      board.endLine?.(result) ? h("p", {}, board.endLine(result)) : null,
      gone.map((seat) => h("p.end-why", { "data-testid": "end-left" }, t("table.left_game", { name: seat.name }))),
      h("table.result", {},
        h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, ""), extraHead.map((c) => h("th", {}, c)))),
        h("tbody", {}, rows(table, board))),
      table.held_until ? heldLine(table) : null,
      h("div.row", {}, choices(table))));
    // the dialog itself takes the focus (not "Nochmal": an Enter meant for the last move
    // must not start the next game); a button that had it keeps it across updates
    const kept = focused && layer.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (kept) kept.focus();
    else if (!wasOpen || layer.contains(document.activeElement) || document.activeElement === document.body) {
      layer.querySelector(".end-screen").focus();
    }
  }

  return { layer, render };
}
