// The seats strip beside the board: a chip per seat with the name, what the board says of it
// (cards, points), whose turn it is, the rating and at most one status word; a chip the board
// makes a target (an asteroid's) is a button.
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { ratingBadge } from "./ratings.js";
import { clear, h, keepInStrip } from "./ui.js";

// One word on a chip at most: gone for good, or (while the seats are held for "Nochmal")
// whether the others are back. Nothing of the kind at a solo table.
function seatStatus(table, seat) {
  if (seat.kind !== "human") return null;
  if (seat.left) return t("table.left");
  if (table.status !== "over" || table.settings.solo) return null;
  if (seat.back) return `✓ ${t("table.back")}`;
  return table.held_until && !seat.you ? t("table.not_back") : null;
}

/** The strip of the table's seats; `frame` gives the table and the board (null once left). */
export function createSeats(frame) {
  const el = h("section.seats", { "aria-label": t("table.seats") });

  function chip(table, board, seat, index) {
    const current = table.current;
    const view = current?.view;
    const info = view && board.seatInfo ? board.seatInfo(view, index) : null;
    const turn = table.status === "playing" && current?.to_move === index;
    const targetable = board.targetable?.(index);
    const name = seat.kind === "empty" ? t("room.empty") : seat.name;
    const status = seatStatus(table, seat);
    const meta = [info?.label, info?.extra].filter(Boolean).join(" · ");
    const parts = [
      name,
      seat.you ? t("table.you") : null,
      meta,
      status,
      turn ? t("table.turn_of", { name: "" }).trim() : null,
    ].filter(Boolean);
    const element = h(
      targetable ? "button.seat" : "div.seat",
      {
        "data-seat": index,
        class: [
          turn ? "turn" : "",
          seat.you ? "you" : "",
          seat.left ? "gone" : "",
          targetable ? "targetable" : "",
          seat.kind,
        ]
          .filter(Boolean)
          .join(" "),
        "aria-label": parts.join(", "),
        type: targetable ? "button" : null,
        role: targetable ? null : "group",
        onclick: targetable ? () => board.seatClick(index) : null,
      },
      h("span.seat-no", { "aria-hidden": "true" }, index + 1),
      h(
        "span.seat-name",
        { "aria-hidden": "true" },
        seat.kind === "computer" ? icon("robot", t("room.computer")) : "",
        " ",
        name,
        seat.you ? ` (${t("table.you")})` : "",
      ),
      meta ? h("span.seat-cards", { "aria-hidden": "true" }, meta) : null,
      status ? h("span.seat-status", { "aria-hidden": "true", "data-testid": "seat-status" }, status) : null,
    );
    if (info?.element) element.append(info.element);
    const rating = ratingBadge(table.game, seat, () => frame.table && render(frame.table, frame.board));
    if (rating) element.append(rating);
    return element;
  }

  function render(table, board) {
    clear(
      el,
      table.seats.map((seat, index) => chip(table, board, seat, index)),
    );
    keepInStrip(el, el.querySelector(".seat.turn"));
  }

  return { el, render };
}
