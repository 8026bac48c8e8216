// Speedone: the hand in two orders (the button cycles), playable cards marked, the colour
// choice for wild cards, ONE, the draw pile, direction and pending penalty, scores per round.
import { prefs, setPref } from "./prefs.js";
import { cardBack } from "./cards.js";
import { oneCard, oneName } from "./speedone.cards.js";
import { gained, placeOf } from "./motion.js";
import { h } from "./ui.js";

export { RULES } from "./speedone.rules.js";
export { WORDS } from "./speedone.words.js";

/** The first game's tour: the part of the board each step is about, and its words (tour.js). */
export const TOUR = [
  [".so-hand", "tour.so.hand"],
  [".discard", "tour.so.discard"],
  ["[data-testid=draw]", "tour.so.draw"],
  ["[data-testid=one]", "tour.so.one"],
  ["[data-testid=sort]", "tour.so.sort"],
];

const COLOURS = ["R", "Y", "G", "B"];
const SYMBOL_ORDER = { S: 10, R: 11, D: 12 };
const CROWDED = 14; // a longer hand overlaps its cards on a phone (styles.css)

function rank(token) {
  const symbol = token.slice(1);
  return symbol in SYMBOL_ORDER ? SYMBOL_ORDER[symbol] : Number(symbol);
}

export function sortHand(hand, order) {
  const wild = (c) => c === "W" || c === "W4";
  const key = (card) => {
    if (wild(card)) return [9, card === "W4" ? 1 : 0, 0];
    const colour = COLOURS.indexOf(card[0]);
    const special = rank(card) >= 10;
    if (order === 2) return [special ? 1 : 0, colour, rank(card)];
    return [0, colour, rank(card)];
  };
  return [...hand].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return 0;
  });
}

/**
 * A hand's cards, small (the replay's open hands).
 * @param {string[]} hand
 * @returns {HTMLElement[]}
 */
export function handCards(hand) {
  return hand.map((card) => oneCard(card, { small: true }));
}

/**
 * The board of one table or replay (the contract: BoardModule in games.js).
 * @param {import("./games.js").BoardContext} ctx
 * @returns {import("./games.js").Board}
 */
export function createBoard(ctx) {
  const { t } = ctx;
  let view = null;
  let legal = [];
  let choosing = null; // a wild card waiting for its colour
  let hinted = null;

  const me = () => ctx.table.you;
  const mine = () => ctx.table.status === "playing" && ctx.table.current?.to_move === me();
  // partner mode: teams 0+2 and 1+3, partners opposite (DECISIONS Speedone §3)
  const partners = () => !!(view?.settings?.partners && view.team_totals);
  const partnerOf = (seat) => (partners() && seat !== null ? (seat + 2) % 4 : null);
  const teamNames = (team) => [team, team + 2].map((seat) => ctx.seatName(seat)).join(" + ");

  function play(card) {
    if (!mine()) return;
    if (card === "W" || card === "W4") {
      choosing = choosing === card ? null : card;
      ctx.rerender();
      return;
    }
    const move = legal.find((m) => m.type === "play" && m.card === card);
    if (move) ctx.send(move);
  }

  function chooseColour(colour) {
    const move = legal.find((m) => m.type === "play" && m.card === choosing && m.color === colour);
    choosing = null;
    if (move) ctx.send(move);
  }

  // The others at the table; in partner mode the own partner apart, beside the own hand.
  function renderOpponents() {
    return h(
      "div.opponents.so-opps",
      {},
      view.hand_sizes.map((size, seat) => {
        if (seat === me() || seat === partnerOf(me())) return null;
        return otherSeat(seat, size, "div.opponent");
      }),
    );
  }

  function otherSeat(seat, size, tag, label = partners() ? t("so.team", { n: (seat % 2) + 1 }) : null) {
    const out = view.left.includes(seat);
    return h(
      tag,
      { class: [view.turn === seat ? "turn" : "", out ? "gone" : ""].join(" "), "data-seat": seat },
      h("div.opp-name", {}, ctx.seatName(seat), label ? h("span.muted", {}, ` · ${label}`) : null),
      h(
        "div.fan-backs",
        {},
        Array.from({ length: Math.min(size, 8) }, () =>
          cardBack("speedone", { small: true, attrs: { "aria-hidden": "true", role: null } }),
        ),
      ),
      h("div.muted", {}, t("table.cards", { n: size }), size === 1 ? " · ONE!" : ""),
    );
  }

  function renderPartner() {
    const seat = partnerOf(me());
    if (seat === null) return null;
    const box = otherSeat(seat, view.hand_sizes[seat], "div.opponent.so-partner", t("so.your_partner"));
    box.dataset.testid = "partner";
    box.setAttribute("role", "group");
    box.setAttribute(
      "aria-label",
      `${t("so.your_partner")}: ${ctx.seatName(seat)}, ${t("table.cards", { n: view.hand_sizes[seat] })}`,
    );
    return box;
  }

  function renderCentre() {
    const pending = view.pending;
    const draw = legal.find((m) => m.type === "draw");
    const wished = view.top === "W" || view.top === "W4";
    return h(
      "div.so-centre",
      {},
      h(
        "button.draw-pile",
        {
          type: "button",
          "data-testid": "draw",
          disabled: !draw || !mine(),
          "aria-label": `${pending ? t("so.draw.penalty", { n: pending.amount }) : t("so.draw")} – ${t("so.draw_pile", { n: view.draw_size })}`,
          onclick: () => draw && ctx.send(draw),
          class: hinted?.type === "draw" ? "hinted" : null,
        },
        cardBack("speedone", { attrs: { "aria-hidden": "true", role: null } }),
        h(
          "span.pile-label",
          {},
          pending ? t("so.draw.penalty", { n: pending.amount }) : t("so.draw"),
          ` (${view.draw_size})`,
        ),
      ),
      h(
        "div.discard",
        { role: "group", "aria-label": `${t("so.discard")}: ${oneName(view.top)}` },
        oneCard(view.top, { wish: wished ? view.color : null }),
        h("span.colour-dot", { class: `dot-${view.color}`, title: t(`so.colour.${view.color}`) }),
      ),
      renderHistory(),
      h(
        "div.so-facts",
        {},
        h("div.direction", { "data-testid": "direction" }, t(`so.direction.${view.direction}`)),
        wished ? h("div", {}, t("so.wish", { c: t(`so.colour.${view.color}`) })) : null,
        pending ? h("div.pending", { "data-testid": "pending" }, t("so.pending", { n: pending.amount })) : null,
        h("div.muted", {}, t("so.round", { n: view.round }), " · ", t("so.target", { n: view.settings.target })),
      ),
    );
  }

  // The discard pile below its top card (the engine's discard_below, oldest first): the last
  // few fanned beside the pile, all of them, newest first, on a click.
  function renderHistory() {
    const below = view.discard_below || [];
    if (!below.length) return null;
    const newest = below.slice().reverse();
    return h(
      "details.so-history",
      { "data-testid": "discard-history" },
      h(
        "summary",
        { "aria-label": t("so.history.label", { n: below.length }) },
        h(
          "span.history-fan",
          { "aria-hidden": "true" },
          newest
            .slice(0, 4)
            .reverse()
            .map((card) => oneCard(card, { small: true })),
        ),
        h("span.muted", {}, t("so.history", { n: below.length })),
      ),
      h(
        "ol.history-list",
        { reversed: true },
        newest.map((card) => h("li", {}, oneCard(card, { small: true, attrs: { title: oneName(card) } }))),
      ),
    );
  }

  function playableCards() {
    return new Set(legal.filter((m) => m.type === "play").map((m) => m.card));
  }

  function renderHand() {
    const playable = playableCards();
    const hand = sortHand(view.hand || [], prefs.sort);
    const one = legal.find((m) => m.type === "one");
    const seen = {};
    return h(
      "section.so-hand",
      { "aria-label": t("sl.hand") },
      choosing
        ? h(
            "div.colour-choice",
            { role: "group", "aria-label": t("so.colour") },
            h("span", {}, t("so.colour"), ":"),
            COLOURS.map((c) =>
              h(
                "button.colour",
                {
                  type: "button",
                  class: `dot-${c}`,
                  "data-colour": c,
                  "data-key": `colour-${c}`,
                  onclick: () => chooseColour(c),
                },
                t(`so.colour.${c}`),
              ),
            ),
          )
        : null,
      h(
        "div.so-cards",
        { class: hand.length > CROWDED ? "crowded" : null },
        hand.map((card) => {
          seen[card] = (seen[card] || 0) + 1;
          const can = mine() && playable.has(card);
          return oneCard(card, {
            tag: "button",
            attrs: {
              type: "button",
              "data-key": `card-${card}-${seen[card]}`,
              class: [
                can ? "playable" : mine() ? "dim" : "",
                hinted?.card === card ? "hinted" : "",
                choosing === card ? "selected" : "",
              ].join(" "),
              disabled: !can,
              onclick: () => play(card),
            },
          });
        }),
      ),
      h(
        "div.actions",
        {},
        h(
          "button.one",
          {
            type: "button",
            "data-testid": "one",
            disabled: !one,
            "aria-label": t("so.one.label"),
            onclick: () => one && ctx.send(one),
          },
          t("so.one"),
        ),
        h(
          "button",
          {
            type: "button",
            "data-testid": "sort",
            "aria-label": t("so.sort.label"),
            "aria-keyshortcuts": "S",
            onclick: sortAgain,
          },
          "⇅ ",
          t("so.sort", { n: prefs.sort }),
        ),
        h("span.muted.keys", { "data-testid": "so-keys" }, choosing ? t("so.keys.colour") : t("so.keys")),
      ),
    );
  }

  function sortAgain() {
    setPref("sort", prefs.sort === 1 ? 2 : 1);
    ctx.rerender();
  }

  // The keys: 1–9 play the n-th playable card (in hand order), Z or D draw, O calls ONE,
  // S sorts; while a wild card waits for its colour, 1–4 name it (as the buttons show).
  function onKey(event) {
    const key = event.key.toLowerCase();
    if (choosing && /^[1-4]$/.test(key)) {
      chooseColour(COLOURS[Number(key) - 1]);
      return true;
    }
    if (/^[1-9]$/.test(key)) {
      const playable = playableCards();
      const cards = sortHand(view.hand || [], prefs.sort).filter((card) => playable.has(card));
      const card = cards[Number(key) - 1];
      if (!card) return false;
      play(card);
      return true;
    }
    const move =
      key === "z" || key === "d"
        ? legal.find((m) => m.type === "draw")
        : key === "o"
          ? legal.find((m) => m.type === "one")
          : null;
    if (move) {
      ctx.send(move);
      return true;
    }
    if (key === "s") {
      sortAgain();
      return true;
    }
    return false;
  }

  // What moved (motion.js): the card played flies from the hand, or the mover's place, onto
  // the discard pile; cards drawn slide in from the draw pile, to the hand or the drawer.
  function motion(before, after) {
    if (before.round !== after.round || before.left.length !== after.left.length) return null;
    const steps = [];
    const mover = before.turn;
    if (after.discard_size !== before.discard_size || after.top !== before.top) {
      const from = mover === me() ? [`.so-cards [data-card="${after.top}"]`] : placeOf(mover);
      steps.push({ to: ".discard .card", from });
    }
    const fresh = gained(before.hand, after.hand);
    const seen = {};
    (after.hand || []).forEach((card, i) => {
      seen[card] = (seen[card] || 0) + 1;
      if (fresh[i])
        steps.push({ to: `.so-cards [data-key="card-${card}-${seen[card]}"]`, from: "[data-testid=draw] .card" });
    });
    after.hand_sizes.forEach((size, seat) => {
      if (seat === me() || size <= before.hand_sizes[seat]) return;
      steps.push({
        card: () => cardBack("speedone", { small: true }),
        from: "[data-testid=draw] .card",
        to: placeOf(seat),
      });
    });
    return steps;
  }

  // The points panel: per round what each seat scored, the totals and rounds won; in partner
  // mode each team's column beside the players' own (DECISIONS Speedone §16).
  function renderScores() {
    const seats = ctx.table.seats;
    const teams = (values) =>
      partners() ? [0, 1].map((team) => h("td.team", {}, values[team] + values[team + 2])) : [];
    return h(
      "details.scores",
      { "data-testid": "so-scores" },
      h("summary", {}, t("so.scores")),
      h(
        "table",
        {},
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, ""),
            seats.map((s, i) => h("th", { class: i === partnerOf(me()) ? "partner" : null }, s.name || i + 1)),
            partners()
              ? [0, 1].map((team) => h("th.team", { title: teamNames(team) }, t("so.team", { n: team + 1 })))
              : null,
          ),
        ),
        h(
          "tbody",
          {},
          (view.round_history || []).map((r) =>
            h(
              "tr",
              {},
              h("th", {}, t("so.round", { n: r.round })),
              r.scored.map((p, i) => h("td", { class: r.winner === i ? "won" : null }, p)),
              teams(r.scored),
            ),
          ),
          h(
            "tr.total",
            {},
            h("th", {}, t("so.total")),
            view.totals.map((p) => h("td", {}, p)),
            teams(view.totals),
          ),
          h(
            "tr",
            {},
            h("th", {}, t("so.rounds_won")),
            view.rounds_won.map((p) => h("td", {}, p)),
            teams(view.rounds_won),
          ),
        ),
      ),
    );
  }

  return {
    render(el, table) {
      view = table.current?.view;
      legal = table.current?.legal || [];
      if (!view) return;
      if (!mine()) choosing = null;
      el.replaceChildren(
        h(
          "div.so-board.zones",
          { class: partners() ? "partners" : null },
          h("div.zone-opps", {}, renderOpponents()),
          h("div.zone-centre", {}, renderCentre(), renderScores()),
          h("div.zone-own", {}, renderPartner(), me() !== null ? renderHand() : null),
        ),
      );
    },
    newGame() {
      choosing = null;
      hinted = null;
    },
    motion,
    seatInfo(v, seat) {
      if (!v.hand_sizes) return null;
      const team =
        v.settings?.partners && v.team_totals
          ? ` · ${t("so.team", { n: (seat % 2) + 1 })} ${v.team_totals[seat % 2]}`
          : "";
      const partner = v.settings?.partners && me() !== null && seat === (me() + 2) % 4 ? ` · ${t("so.partner")}` : "";
      return { label: t("table.cards", { n: v.hand_sizes[seat] }), extra: `${v.totals[seat]} P${team}${partner}` };
    },
    key(event) {
      if (!view || !mine()) return false;
      if (event.key === "Escape" && choosing) {
        choosing = null;
        ctx.rerender();
        return true;
      }
      return onKey(event);
    },
    showHint(move) {
      hinted = move;
      ctx.rerender();
    },
    describe(move) {
      if (move.type === "draw") return view.pending ? t("so.draw.penalty", { n: view.pending.amount }) : t("so.draw");
      if (move.type === "one") return t("so.one");
      return oneName(move.card) + (move.color ? ` → ${t(`so.colour.${move.color}`)}` : "");
    },
    resultColumns: () => [t("so.total"), t("so.rounds_won"), ...(ctx.table?.options?.partners ? [t("end.team")] : [])],
    resultCells: (result, seat) => [
      result?.totals?.[seat] ?? "",
      result?.rounds_won?.[seat] ?? "",
      ...(result?.team_totals ? [`${t("so.team", { n: (seat % 2) + 1 })}: ${result.team_totals[seat % 2]}`] : []),
    ],
    // partner mode: each team's total over the places
    endLine: (result) =>
      result?.team_totals
        ? [0, 1]
            .map((team) =>
              t("end.team_line", {
                n: team + 1,
                names: teamNames(team),
                points: result.team_totals[team],
              }),
            )
            .join(" · ")
        : null,
    // the end screen's rounds: the points each seat scored per round, the totals below; in
    // partner mode each team's beside them
    roundLines: (v) => {
      if (!v?.round_history?.length) return null;
      const teams = v.settings?.partners && v.team_totals;
      const sums = (values) => (teams ? [values[0] + values[2], values[1] + values[3]] : []);
      return {
        caption: t("so.scores"),
        heads: teams ? [0, 1].map((team) => t("so.team", { n: team + 1 })) : [],
        rows: v.round_history.map((r) => ({
          round: r.round,
          winner: r.winner,
          cells: r.scored,
          extra: sums(r.scored),
        })),
        total: { label: t("so.total"), cells: v.totals, extra: sums(v.totals) },
      };
    },
  };
}
