// The end screen: a dialog over the whole page (the page behind is inert, Tab stays inside)
// with the places, the leaderboard points and Taler each player won or lost (the ledger's
// booking of the game), the rounds one by one, who left the game, and "Nochmal" only when a
// next game can be dealt.
import { api, path } from "./api.js";
import { gameOf } from "./games.js";
import { has, t } from "./i18n.js";
import { icon } from "./icons.js";
import { playerPath, replayPath } from "./paths.js";
import { ratingText } from "./ratings.js";
import { h, keepFocusIn, signed } from "./ui.js";

// 90 → "90 s", 120 → "2 min".
export function duration(seconds) {
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

// Why the game's points or bonus fell away, from the ledger's booking (DECISIONS "All games" §9).
function shortLine(data) {
  const short = data?.short;
  if (!short) return null;
  return h(
    "p.end-why",
    { "data-testid": "end-short" },
    t(`end.short.${short.loses}`, { under: duration(short.under) }),
  );
}

// How many would play the next game: the server's rule (free and left seats filled with
// computers if the table says so, else dropped; those waiting sit down).
export function nextGamePlayers(table) {
  const { fill, humans_only: humansOnly } = table.settings;
  if (fill === "computer" && !humansOnly) return table.seats.length;
  const staying = table.seats.filter(
    (seat) => seat.kind === "computer" || (seat.kind === "human" && !seat.left),
  ).length;
  return Math.min(table.seats.length, staying + table.waiting.length);
}

// Whether that many can play the next game (partner mode: exactly four).
function enoughForNextGame(table) {
  const players = nextGamePlayers(table);
  return table.options?.partners ? players === 4 : players >= gameOf(table.game).min_seats;
}

const BOOKING_TRIES = 30;

/** Milliseconds before the booking is asked for again after ``tries`` answers without it. */
function bookingWait(tries) {
  return Math.min(1000 * 1.2 ** tries, 8000);
}

export function createEndScreen({ inertWhileOpen, again, toLobby }) {
  const layer = h("div.end-layer", { hidden: true });
  keepFocusIn(layer);

  // The ledger's booking of the game on screen: asked for once the game is over, and again
  // while the booking job has not booked it yet (202 {booked: false}, no error) or the ledger
  // is busy or away (429, 5xx, no answer), waiting a little longer each time, for about three
  // minutes. Only "no such game" (4xx) ends the asking: the end screen goes without it.
  let booking = null; // {key, data, tries, timer}
  let last = null;

  function askBooking(table) {
    const key = `${table.id}-${table.current.no}`;
    if (booking?.key === key) return;
    clearTimeout(booking?.timer);
    booking = { key, data: null, tries: 0, timer: null };
    const mine = booking;
    const again = () => {
      mine.tries += 1;
      if (booking === mine && mine.tries < BOOKING_TRIES) mine.timer = setTimeout(ask, bookingWait(mine.tries));
    };
    const ask = async () => {
      let data = null;
      try {
        data = await api.get(api.ledger(path`/tables/${table.id}/games/${table.current.no}`));
      } catch (error) {
        if (!error.status || error.status === 429 || error.status >= 500) again();
        return;
      }
      if (data.booked === false) return again();
      mine.data = data;
      if (booking === mine && last && !layer.hidden) render(last.table, last.board);
    };
    ask();
  }

  function bookingColumns() {
    const data = booking?.data;
    if (!data) return [];
    return [data.scored ? t("end.points") : null, data.stake ? t("end.taler") : null].filter(Boolean);
  }

  function bookingCells(index) {
    const data = booking?.data;
    if (!data) return [];
    const seat = data.seats[index];
    const cells = [];
    if (data.scored)
      cells.push(
        seat?.human ? h("td.num", { "data-testid": "end-points" }, signed(seat.points)) : h("td.num.muted", {}, "–"),
      );
    if (data.stake) {
      cells.push(
        seat?.human
          ? h(
              "td.num",
              { "data-testid": "end-taler", class: seat.taler < 0 ? "neg" : seat.taler > 0 ? "pos" : null },
              signed(seat.taler),
            )
          : h("td.num.muted", {}, "–"),
      );
    }
    return cells;
  }

  // Under a human's name: the change of the seat's rating (+14), the rating after it on
  // hover and for screen readers; computers keep theirs.
  function ratingNote(index) {
    const rating = booking?.data?.seats[index]?.rating;
    if (!rating) return null;
    const after = t("rating.label", { rating: ratingText({ rating: rating.after, provisional: rating.provisional }) });
    const words = `${after} (${signed(rating.change)})${rating.vs_computers ? `, ${t("rating.vs_computers")}` : ""}`;
    return h(
      "span.end-rating",
      {
        "data-testid": "end-rating",
        class: rating.change < 0 ? "neg" : rating.change > 0 ? "pos" : null,
        title: words,
        "aria-label": words,
      },
      `${t("rating")} ${signed(rating.change)}`,
    );
  }

  function rows(table, board) {
    const places = table.current?.result?.places;
    if (!places) return [];
    return table.seats
      .map((seat, index) => ({ index, seat, place: places[index] }))
      .sort((a, b) => a.place - b.place)
      .map((row) =>
        h(
          "tr",
          { class: row.seat.you ? "me" : null },
          h(
            "td",
            {},
            h("span.place-long", {}, t("table.place", { n: row.place })),
            h("span.place-short", { "aria-hidden": "true" }, t("table.place.short", { n: row.place })),
          ),
          h(
            "td",
            {},
            h("span.end-name", {}, seatName(row.seat, row.index)),
            row.seat.left ? h("span.muted", {}, ` (${t("table.left")})`) : null,
            ratingNote(row.index),
          ),
          (board.resultCells?.(table.current.result, row.index) || []).map((cell) => h("td.num", {}, cell)),
          bookingCells(row.index),
        ),
      );
  }

  // A person's name leads to the person's page (a new tab keeps the end screen).
  function seatName(seat, index) {
    const name = seat.name || t("room.seat", { n: index + 1 });
    if (seat.kind !== "human" || !seat.name) return name;
    return h("a.player-link", { href: playerPath(seat.name), target: "_blank", rel: "noopener" }, name);
  }

  // The rounds one by one (from the engine's round history in the view): per round and seat
  // what the board says (cards left, points scored), the round's winner marked.
  function roundsTable(table, board) {
    const lines = board.roundLines?.(table.current?.view);
    if (!lines?.rows.length) return null;
    const names = table.seats.map((seat, index) => seat.name || t("room.seat", { n: index + 1 }));
    return h(
      "details.end-rounds",
      { open: true, "data-testid": "end-rounds" },
      h("summary", {}, t("end.rounds", { n: lines.rows.length })),
      h(
        "div.table-scroll",
        {},
        h(
          "table.rounds",
          {},
          h("caption.sr-only", {}, lines.caption),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", { scope: "col" }, h("span.sr-only", {}, t("end.round.col"))),
              names.map((name, index) =>
                h("th.num", { scope: "col", class: table.seats[index].you ? "me" : null }, name),
              ),
              (lines.heads || []).map((head) => h("th.num.team", { scope: "col" }, head)),
            ),
          ),
          h(
            "tbody",
            {},
            lines.rows.map((row) =>
              h(
                "tr",
                { "data-round": row.round },
                h(
                  "th",
                  { scope: "row" },
                  t("end.round", { n: row.round }),
                  row.winner === null ? h("span.muted", {}, ` · ${t("end.no_winner")}`) : null,
                ),
                row.cells.map((cell, index) =>
                  h(
                    "td.num",
                    {
                      class: row.winner === index ? "won" : null,
                      "aria-label": row.winner === index ? `${cell} (${t("end.round.won")})` : null,
                    },
                    row.winner === index ? `★ ${cell}` : cell,
                  ),
                ),
                (row.extra || []).map((cell) => h("td.num.team", {}, cell)),
              ),
            ),
            lines.total
              ? h(
                  "tr.total",
                  {},
                  h("th", { scope: "row" }, lines.total.label),
                  lines.total.cells.map((cell) => h("td.num", {}, cell)),
                  (lines.total.extra || []).map((cell) => h("td.num.team", { "data-testid": "end-team-total" }, cell)),
                )
              : null,
          ),
        ),
      ),
    );
  }

  function choices(table) {
    const seated = table.you !== null && table.status === "over";
    const others = table.seats.some((seat, i) => seat.kind === "human" && !seat.left && i !== table.you);
    const back = seated && table.seats[table.you]?.back;
    const enough = enoughForNextGame(table);
    const lobby = h(
      "button",
      { type: "button", "data-key": "end-lobby", "data-testid": "to-lobby", onclick: toLobby },
      t("table.to_lobby"),
    );
    const replay = table.current?.result
      ? h(
          "a.button-link",
          {
            href: replayPath(table.id, table.current.no),
            "data-route": "",
            "data-key": "end-replay",
            "data-testid": "to-replay",
          },
          icon("play"),
          " ",
          t("replay.watch"),
        )
      : null;
    if (!seated) return [lobby, replay];
    if (!enough) {
      return [
        h("p.end-why", { "data-testid": "end-missing" }, t("table.again.missing")),
        h(
          "button.primary",
          { type: "button", "data-key": "end-reopen", "data-testid": "reopen", onclick: again },
          t("table.again.reopen"),
        ),
        lobby,
        replay,
      ];
    }
    return [
      h(
        "button.primary",
        {
          type: "button",
          "data-key": "end-again",
          "data-testid": "rematch",
          disabled: back && others,
          onclick: again,
        },
        "↻ ",
        t(has(`table.again.${table.game}`) ? `table.again.${table.game}` : "table.again"),
      ),
      lobby,
      replay,
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
    last = { table, board };
    if (table.current?.result) askBooking(table);
    const result = table.current?.result;
    const gone = table.seats.filter((seat) => seat.kind === "human" && seat.left);
    const extraHead = [...(board.resultColumns?.() || []), ...bookingColumns()];
    layer.replaceChildren(
      h(
        "section.end-screen.panel",
        {
          "data-testid": "end-screen",
          role: "dialog",
          "aria-modal": "true",
          "aria-labelledby": "end-title",
          tabindex: "-1",
        },
        h("h2", { id: "end-title" }, icon("flag"), " ", t("table.over")),
        board.endLine?.(result) ? h("p", { "data-testid": "end-line" }, board.endLine(result)) : null,
        shortLine(booking?.data),
        gone.map((seat) => h("p.end-why", { "data-testid": "end-left" }, t("table.left_game", { name: seat.name }))),
        h(
          "table.result",
          {},
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", {}, "#"),
              h("th", {}, ""),
              extraHead.map((c) => h("th", {}, c)),
            ),
          ),
          h("tbody", {}, rows(table, board)),
        ),
        roundsTable(table, board),
        table.held_until ? heldLine(table) : null,
        h("div.row", {}, choices(table)),
      ),
    );
    // the dialog itself takes the focus (not "Nochmal": an Enter meant for the last move
    // must not start the next game); a button that had it keeps it across updates
    const kept = focused && layer.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (kept) kept.focus();
    else if (!wasOpen || layer.contains(document.activeElement) || document.activeElement === document.body) {
      layer.querySelector(".end-screen").focus();
    }
  }

  // The seconds the seats are still held for "Nochmal", at the server's time `now`.
  function tick(table, now) {
    const held = layer.querySelector(".held");
    if (held && table.held_until) {
      held.textContent = t(held.dataset.text, {
        s: Math.max(0, Math.ceil(table.held_until - now)),
        names: held.dataset.names,
      });
    }
  }

  return { layer, render, tick, stop: () => clearTimeout(booking?.timer) };
}
