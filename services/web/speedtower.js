// Speedtower: towers A–D with the sign of what each needs, the hand, stock and four storage
// piles; click card then tower, or drag it (mouse and touch); keys 1–5 A Q W E R F G H J Z Esc.
import { cardBack } from "./cards.js";
import { towerCard, towerName } from "./speedtower.cards.js";
import { icon } from "./icons.js";
import { gained, placeOf } from "./motion.js";
import { h, keyHint, modal } from "./ui.js";

export { RULES } from "./speedtower.rules.js";
export { WORDS } from "./speedtower.words.js";

/** The first game's tour: the part of the board each step is about, and its words (tour.js). */
export const TOUR = [
  [".towers", "tour.st.towers"],
  [".my-top", "tour.st.site"],
  ["[data-testid=store]", "tour.st.store"],
  ["[data-testid=undo]", "tour.st.undo"],
];

const TOWERS = ["A", "B", "C", "D"];
const TOP_FLOOR = 12; // the floor that completes a tower (it launches, and the tower is empty)
const PILE_KEYS = ["q", "w", "e", "r"];
const TOWER_KEYS = ["f", "g", "h", "j"];

function sameSource(move, source) {
  if (!source || move.from !== source.from) return false;
  if (source.from === "hand") return move.index === source.index;
  if (source.from === "storage") return move.pile === source.pile;
  return true;
}

/**
 * A hand's cards, small (the replay's open hands).
 * @param {string[]} hand
 * @returns {HTMLElement[]}
 */
export function handCards(hand) {
  return hand.map((card) => towerCard(card, { small: true }));
}

/**
 * The board of one table or replay (the contract: BoardModule in games.js).
 * @param {import("./games.js").BoardContext} ctx
 * @returns {import("./games.js").Board}
 */
export function createBoard(ctx) {
  const { t } = ctx;
  let selected = null; // {from: "hand", index} | {from: "storage", pile} | {from: "stock"}
  let hinted = null;
  let view = null;
  let legal = [];
  let drag = null;

  const me = () => ctx.table.you;
  const mine = () => ctx.table.status === "playing" && ctx.table.current?.to_move === me();

  const builds = (source) => legal.filter((m) => m.type === "build" && sameSource(m, source));
  const fits = (source, tower) => builds(source).find((m) => m.tower === tower);
  const storeMove = (source, pile) =>
    source?.from === "hand" && legal.find((m) => m.type === "store" && m.index === source.index && m.pile === pile);

  function select(source) {
    if (!mine()) return;
    const same = selected && JSON.stringify(selected) === JSON.stringify(source);
    selected = same ? null : source;
    ctx.rerender();
  }

  function build(tower, source = selected) {
    const move = fits(source, tower);
    if (!move) {
      if (mine()) ctx.notify(refusal(tower, source));
      return false;
    }
    selected = null;
    ctx.send(move);
    return true;
  }

  // Why the card does not go onto the tower: what the player is told instead of nothing.
  function refusal(tower, source) {
    if (!source) return t("st.reject.pick");
    const card = cardOf(source);
    const needs = view.towers.find((entry) => entry.name === tower)?.needs;
    if (needs > TOP_FLOOR) return t("st.reject.full", { t: tower });
    return t("st.reject.tower", { card: card ? towerName(card) : "?", t: tower, n: needs });
  }

  function cardOf(source) {
    if (source.from === "hand") return view.hand?.[source.index];
    if (source.from === "stock") return view.stock_tops[me()];
    return view.storage[me()][source.pile]?.slice(-1)[0];
  }

  function store(pile, source = selected) {
    const move = storeMove(source, pile);
    if (!move) return false;
    selected = null;
    ctx.send(move);
    return true;
  }

  // ---- drag with pointer events (mouse, pen and touch alike)
  function dragStart(event, source) {
    if (!mine() || event.button > 0) return;
    drag = { source, x: event.clientX, y: event.clientY, el: event.currentTarget, ghost: null, id: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  function dragMove(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.ghost && Math.hypot(dx, dy) > 8) {
      drag.ghost = drag.el.cloneNode(true);
      drag.ghost.classList.add("drag-ghost");
      drag.ghost.removeAttribute("data-key");
      document.body.append(drag.ghost);
      selected = drag.source;
      markTargets();
    }
    if (drag.ghost) {
      drag.ghost.style.left = `${event.clientX - 30}px`;
      drag.ghost.style.top = `${event.clientY - 42}px`;
    }
  }

  function dragEnd(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const { ghost, source } = drag;
    drag = null;
    if (!ghost) return; // a plain click: the click handler selects
    ghost.remove();
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const tower = under?.closest("[data-tower]")?.dataset.tower;
    const pile = under?.closest("[data-pile]")?.dataset.pile;
    suppressClick = true;
    setTimeout(() => {
      suppressClick = false;
    }, 0);
    if (tower && build(tower, source)) return;
    if (pile !== undefined && store(Number(pile), source)) return;
    ctx.rerender();
  }
  let suppressClick = false;

  function markTargets() {
    for (const el of document.querySelectorAll(".tower[data-tower]")) {
      el.classList.toggle("fits", !!fits(selected, el.dataset.tower));
    }
  }

  function sourceAttrs(source, label, key) {
    const isSel = selected && JSON.stringify(selected) === JSON.stringify(source);
    const canBuild = mine() && builds(source).length > 0;
    const hint =
      hinted &&
      (hinted.type === "build"
        ? sameSource(hinted, source)
        : hinted.type === "store" && source.from === "hand" && source.index === hinted.index);
    return {
      type: "button",
      "data-key": key,
      class: [isSel ? "selected" : "", canBuild ? "playable" : "", hint ? "hinted" : "", "draggable"].join(" "),
      "aria-pressed": String(!!isSel),
      "aria-label": label,
      disabled: !mine(),
      onclick: () => {
        if (!suppressClick) select(source);
      },
      onpointerdown: (e) => dragStart(e, source),
      onpointermove: dragMove,
      onpointerup: dragEnd,
      onpointercancel: () => {
        drag?.ghost?.remove();
        drag = null;
      },
    };
  }

  function renderTowers() {
    return h(
      "section.towers",
      { "aria-label": t("st.towers") },
      view.towers.map((tower) => {
        const fitsNow = mine() && selected && fits(selected, tower.name);
        const hint = hinted && hinted.type === "build" && hinted.tower === tower.name;
        const top = tower.cards[tower.cards.length - 1];
        return h(
          "div.tower-col",
          {},
          h(
            "button.tower",
            {
              type: "button",
              "data-tower": tower.name,
              "data-key": `tower-${tower.name}`,
              class: [fitsNow ? "fits" : "", hint ? "hinted" : ""].join(" "),
              "aria-label": t("st.needs.label", { t: tower.name, n: tower.cards.length, need: tower.needs }),
              onclick: () => build(tower.name),
            },
            h("span.tower-name", { "aria-hidden": "true" }, tower.name),
            h(
              "span.floors",
              { "aria-hidden": "true" },
              tower.cards.map((card) =>
                h("span.floor", { class: `f-${card === "CRANE" ? "crane" : Math.ceil(Number(card) / 4)}` }),
              ),
            ),
            top ? towerCard(top, { floor: tower.cards.length }) : h("span.card.st.empty-slot", {}, t("st.tower.empty")),
          ),
          h("div.sign", { "aria-hidden": "true" }, tower.needs <= TOP_FLOOR ? t("st.needs", { n: tower.needs }) : "—"),
        );
      }),
    );
  }

  function openStorage(seat) {
    const piles = view.storage[seat];
    modal(
      t("st.storage_of", { name: ctx.seatName(seat) }),
      h(
        "div.storage-view",
        {},
        piles.map((pile, k) =>
          h(
            "div.pile-list",
            {},
            h("h3", {}, t("st.pile", { n: k + 1 })),
            pile.length
              ? h(
                  "div.fanned",
                  {},
                  pile.map((card) => towerCard(card, { small: true })),
                )
              : h("p.muted", {}, "—"),
          ),
        ),
      ),
    );
  }

  function renderOpponents() {
    return h(
      "div.opponents",
      {},
      view.stock_sizes.map((size, seat) => {
        if (seat === me()) return null;
        const top = view.stock_tops[seat];
        return h(
          "div.opponent",
          { class: view.turn === seat ? "turn" : null, "data-seat": seat },
          h("div.opp-name", {}, ctx.seatName(seat)),
          h(
            "div.row.opp-row",
            {},
            h(
              "div.mini",
              { "data-src": "stock" },
              h("span.muted", {}, t("st.stock")),
              top ? towerCard(top, { small: true }) : h("div.card.small.gap"),
              h("span.muted", {}, t("st.stock.left", { n: size })),
            ),
            h(
              "div.mini",
              { "data-src": "hand" },
              h("span.muted", {}, icon("hand")),
              cardBack("speedtower", { small: true, count: view.hand_sizes[seat] }),
            ),
            h(
              "button.opp-storage",
              {
                type: "button",
                "aria-label": t("st.storage.open", { name: ctx.seatName(seat) }),
                onclick: () => openStorage(seat),
              },
              view.storage[seat].map((pile, k) =>
                pile.length
                  ? towerCard(pile[pile.length - 1], {
                      small: true,
                      attrs: { "aria-hidden": "true", "data-src": `pile-${k}` },
                    })
                  : h("span.card.small.gap", { "data-src": `pile-${k}` }),
              ),
            ),
          ),
        );
      }),
    );
  }

  function renderMine() {
    const seat = me();
    const top = view.stock_tops[seat];
    const stock = h(
      "div.stock",
      {},
      h("h3", {}, t("st.stock"), " ", h("span.muted", {}, t("st.stock.left", { n: view.stock_sizes[seat] }))),
      top
        ? towerCard(top, {
            tag: "button",
            attrs: sourceAttrs({ from: "stock" }, `${t("st.stock")}: ${towerName(top)}`, "stock"),
          })
        : h("div.card.gap"),
    );
    const hand = h(
      "div.hand",
      { role: "group", "aria-label": t("st.hand") },
      (view.hand || []).map((card, index) =>
        towerCard(card, {
          tag: "button",
          attrs: {
            ...sourceAttrs({ from: "hand", index }, `${index + 1}: ${towerName(card)}`, `hand-${index}`),
            "aria-keyshortcuts": String(index + 1),
          },
        }),
      ),
    );
    const storage = h(
      "div.storage",
      { role: "group", "aria-label": t("st.storage") },
      view.storage[seat].map((pile, k) => {
        const topCard = pile[pile.length - 1];
        const can = storeMove(selected, k);
        return h(
          "div.pile",
          { "data-pile": k },
          h(
            "div.pile-cards",
            {},
            pile
              .slice(0, -1)
              .slice(-6)
              .map((card) => towerCard(card, { small: true, attrs: { class: "under" } })),
            topCard
              ? towerCard(topCard, {
                  tag: "button",
                  attrs: {
                    ...sourceAttrs(
                      { from: "storage", pile: k },
                      `${t("st.pile", { n: k + 1 })}: ${towerName(topCard)}`,
                      `pile-${k}`,
                    ),
                    "aria-keyshortcuts": PILE_KEYS[k].toUpperCase(),
                  },
                })
              : h("div.card.gap", { "aria-hidden": "true" }),
          ),
          h(
            "button.store",
            {
              type: "button",
              "data-testid": "store",
              "data-key": `store-${k}`,
              disabled: !can,
              "aria-label": t("st.store.label", { n: k + 1 }),
              onclick: () => store(k),
            },
            t("st.store"),
          ),
        );
      }),
    );
    const undo = legal.find((m) => m.type === "undo");
    const pass = legal.find((m) => m.type === "pass");
    return h(
      "section.my-site",
      {},
      h(
        "div.row.my-top",
        {},
        stock,
        h("div.hand-box", {}, h("h3", {}, t("st.hand")), hand),
        h("div.hand-box", {}, h("h3", {}, t("st.storage")), storage),
      ),
      h(
        "div.actions",
        {},
        h(
          "button",
          {
            type: "button",
            "data-testid": "undo",
            disabled: !undo,
            "aria-keyshortcuts": "Z",
            onclick: () => undo && ctx.send(undo),
          },
          t("st.undo"),
          keyHint("Z"),
        ),
        pass
          ? h("button", { type: "button", "data-testid": "pass", onclick: () => ctx.send(pass) }, t("st.pass"))
          : null,
        h("span.muted.keys", {}, t("st.keys")),
      ),
    );
  }

  // What moved (motion.js): a card built flies onto its tower, a card stored onto its pile,
  // each from where it was (hand, stock, storage pile; an opponent's place); a completed
  // tower launches its last card; cards drawn slide in from the material, to the hand or the
  // drawer; undo brings the card back from its tower.
  function motion(before, after) {
    const seat = before.turn;
    if (seat === null) return null;
    const own = seat === me();
    const from = whence(before, after, seat);
    const steps = [];
    let undone = null; // the tower an undo took the card from
    after.towers.forEach((tower, i) => {
      const was = before.towers[i].cards.length;
      const at = `[data-tower="${tower.name}"]`;
      if (tower.cards.length === was + 1) steps.push({ to: `${at} > .card`, from: from.place });
      else if (tower.cards.length === 0 && was === TOP_FLOOR - 1)
        steps.push(
          { card: () => towerCard(from.card ?? String(was + 1)), from: from.place, to: at, effect: "launch" },
          { mark: at, effect: "flare" },
        );
      else if (tower.cards.length === was - 1 && before.undo?.tower === tower.name) undone = [at];
    });
    after.storage[seat].forEach((pile, k) => {
      if (pile.length > before.storage[seat][k].length)
        steps.push({
          to: own ? `[data-key="pile-${k}"]` : placeOf(seat, `[data-src="pile-${k}"]`),
          from: undone ?? from.place,
        });
    });
    gained(before.hand, after.hand).forEach((isNew, i) => {
      if (isNew) steps.push({ to: `[data-key="hand-${i}"]`, from: undone ?? "[data-src=material]" });
    });
    after.hand_sizes.forEach((size, other) => {
      if (other !== me() && size > before.hand_sizes[other]) {
        steps.push({
          card: () => cardBack("speedtower", { small: true }),
          from: "[data-src=material]",
          to: placeOf(other, "[data-src=hand]"),
        });
      }
    });
    return steps;
  }

  // Where the mover's card came from: {place, card} — the stock, a storage pile that shrank,
  // else the hand (the own hand: the very card; an opponent's: its place).
  function whence(before, after, seat) {
    const own = seat === me();
    if (after.stock_sizes[seat] < before.stock_sizes[seat]) {
      return {
        place: own ? ["[data-key=stock]"] : placeOf(seat, "[data-src=stock] .card"),
        card: before.stock_tops[seat],
      };
    }
    const pile = before.storage[seat].findIndex((cards, k) => cards.length > after.storage[seat][k].length);
    if (pile >= 0) {
      return {
        place: own ? [`[data-key="pile-${pile}"]`] : placeOf(seat, `[data-src="pile-${pile}"]`),
        card: before.storage[seat][pile].at(-1),
      };
    }
    const gone = own ? gained(after.hand, before.hand).indexOf(true) : -1;
    return gone >= 0
      ? { place: [`[data-key="hand-${gone}"]`], card: before.hand[gone] }
      : { place: placeOf(seat, "[data-src=hand]"), card: null };
  }

  return {
    motion,
    render(el, table) {
      view = table.current?.view;
      legal = table.current?.legal || [];
      if (!view) return;
      if (!mine()) selected = null;
      el.replaceChildren(
        h(
          "div.st-board.zones",
          {},
          h("div.zone-opps", {}, renderOpponents()),
          h(
            "div.zone-centre",
            {},
            h(
              "div.centre",
              {},
              renderTowers(),
              h(
                "div.piles-info",
                {},
                h("span", { "data-src": "material" }, icon("bricks"), " ", t("st.material", { n: view.material })),
                h("span", {}, icon("rubble"), " ", t("st.rubble", { n: view.rubble })),
              ),
            ),
            mine() ? h("p.phase-note", {}, t("st.pick")) : null,
          ),
          me() !== null ? h("div.zone-own", {}, renderMine()) : null,
        ),
      );
    },
    newGame() {
      selected = null;
      hinted = null;
    },
    seatInfo(v, seat) {
      if (!v.stock_sizes) return null;
      return { label: `${t("st.stock")} ${v.stock_sizes[seat]}`, extra: t("table.cards", { n: v.hand_sizes[seat] }) };
    },
    key(event) {
      if (!view || !mine()) return false;
      const key = event.key.toLowerCase();
      if (/^[1-5]$/.test(key)) {
        const index = Number(key) - 1;
        if (index < (view.hand || []).length) select({ from: "hand", index });
        return true;
      }
      if (key === "a") {
        select({ from: "stock" });
        return true;
      }
      if (PILE_KEYS.includes(key)) {
        const pile = PILE_KEYS.indexOf(key);
        if (selected?.from === "hand" && store(pile)) return true;
        if (view.storage[me()][pile].length) select({ from: "storage", pile });
        return true;
      }
      if (TOWER_KEYS.includes(key)) {
        build(TOWERS[TOWER_KEYS.indexOf(key)]);
        return true;
      }
      if (key === "escape") {
        selected = null;
        ctx.rerender();
        return true;
      }
      if (key === "z") {
        const undo = legal.find((m) => m.type === "undo");
        if (undo) ctx.send(undo);
        return true;
      }
      return false;
    },
    showHint(move) {
      hinted = move;
      ctx.rerender();
    },
    describe(move) {
      if (move.type === "build") return `${towerName(cardOf(move))} → ${t("st.tower", { t: move.tower })}`;
      if (move.type === "store") return `${towerName(view.hand[move.index])} → ${t("st.pile", { n: move.pile + 1 })}`;
      return move.type === "pass" ? t("st.pass") : t("st.undo");
    },
    endLine: (result) => (result?.end ? t(`st.end.${result.end}`) : null),
    resultColumns: () => [t("st.result.left")],
    resultCells: (result, seat) => [result?.stock_left?.[seat] ?? ""],
  };
}
