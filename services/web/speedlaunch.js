// Speedlaunch: the hand grouped by kind, the four stacks, the ramp with its four lamps, the
// Kartenlage, the blind card, asteroid targets; a preview over the hovered group.
import { cardBack, launchCard, launchName } from "./cards.js";
import { icon } from "./icons.js";
import { h } from "./ui.js";

const KINDS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "SAT", "AST", "HOLE"];
const ORDER = Object.fromEntries(KINDS.map((kind, index) => [kind, index]));
const SPECIAL = new Set(["AST", "HOLE"]);
const UNLIMITED = 120;

export function moveKey(move) {
  return JSON.stringify([move.type, move.hand || [], move.stacks || [], move.target ?? null, move.stack ?? null]);
}

function room(top, lamps, value) {
  if (top === null || top === undefined) return value !== null ? 4 : UNLIMITED;
  if (value === null || value === top) return 4 - lamps;
  return value < top ? 4 : 0;
}

export function createSpeedlaunch(ctx) {
  const { t } = ctx;
  let selection = { hand: {}, stacks: [] };
  let hinted = null;
  let preview = "";
  let view = null;
  let legal = [];
  let legalKeys = new Set();
  let root = null;

  const me = () => ctx.table.you;
  const mine = () => ctx.table.status === "playing" && ctx.table.current?.to_move === me();

  function selectedCards() {
    const cards = [];
    for (const kind of KINDS) for (let i = 0; i < (selection.hand[kind] || 0); i++) cards.push({ kind, from: "hand" });
    for (const index of selection.stacks) cards.push({ kind: view.players[me()].open[index], from: index });
    return cards;
  }

  function selectionValue() {
    const values = selectedCards().map((c) => c.kind).filter((k) => !SPECIAL.has(k) && k !== "SAT");
    return values.length ? Number(values[0]) : null;
  }

  function asMove(target) {
    const hand = [];
    for (const kind of KINDS) for (let i = 0; i < (selection.hand[kind] || 0); i++) hand.push(kind);
    const move = { type: "play" };
    if (hand.length) move.hand = hand;
    const stacks = [...selection.stacks].sort((a, b) => a - b);
    if (stacks.length) move.stacks = stacks;
    if (target !== undefined && target !== null) move.target = target;
    return move;
  }

  function isSpecial() {
    const cards = selectedCards();
    return cards.length === 1 && SPECIAL.has(cards[0].kind) ? cards[0].kind : null;
  }

  function asteroidTargets() {
    if (isSpecial() !== "AST") return [];
    const base = asMove();
    return legal.filter((m) => m.type === "play" && m.target !== undefined &&
      JSON.stringify(m.hand || []) === JSON.stringify(base.hand || []) &&
      JSON.stringify(m.stacks || []) === JSON.stringify(base.stacks || [])).map((m) => m.target);
  }

  function playable() {
    if (!selectedCards().length) return null;
    const move = asMove();
    if (legalKeys.has(moveKey(move))) return move;
    const targets = asteroidTargets();
    if (targets.length === 1) return asMove(targets[0]);
    return null;
  }

  function groupPick(kind) {
    const hand = view.hand?.[kind] || 0;
    const open = view.players[me()].open;
    const matching = open.map((card, i) => (card === kind ? i : -1)).filter((i) => i >= 0);
    if (SPECIAL.has(kind)) return hand ? { hand: { [kind]: 1 }, stacks: [] } : { hand: {}, stacks: matching.slice(0, 1) };
    const value = kind === "SAT" ? null : Number(kind);
    if (kind === "SAT") return hand ? { hand: { SAT: 1 }, stacks: [] } : { hand: {}, stacks: matching.slice(0, 1) };
    const limit = room(view.top, view.lamps, value);
    const taken = Math.min(hand, Math.max(limit, 1));
    return { hand: taken ? { [kind]: taken } : {}, stacks: matching.slice(0, Math.max(limit - taken, 0)) };
  }

  function pickMove(pick) {
    const saved = selection;
    selection = pick;
    const move = asMove();
    const targets = asteroidTargets();
    selection = saved;
    return { move, legal: legalKeys.has(moveKey(move)) || targets.length > 0 };
  }

  function previewOf(pick) {
    const cards = [];
    for (const [kind, n] of Object.entries(pick.hand)) for (let i = 0; i < n; i++) cards.push(kind);
    for (const index of pick.stacks) cards.push(view.players[me()].open[index]);
    if (!cards.length) return "";
    if (cards.length === 1 && cards[0] === "HOLE") return t("sl.preview.hole");
    if (cards.length === 1 && cards[0] === "AST") return view.ramp.length ? t("sl.preview.ast") : t("sl.preview.ast_burn");
    const values = cards.filter((c) => c !== "SAT").map(Number);
    const value = values.length ? values[0] : null;
    if (value !== null && view.top !== null && value > view.top) return t("sl.preview.too_high");
    const limit = room(view.top, view.lamps, value);
    if (cards.length > limit) return t("sl.preview.full");
    if (value === null) {
      const carried = view.top;
      const after = carried === null ? 0 : cards.length + view.lamps;
      return t("sl.preview.sat", { n: cards.length }) + (after === 4 ? ` ${t("sl.preview.ignition")}` : "");
    }
    const after = cards.length + (value === view.top ? view.lamps : 0);
    return t("sl.preview.play", { n: cards.length, v: value }) + (after === 4 ? ` ${t("sl.preview.ignition")}` : "");
  }

  function clickGroup(kind) {
    if (!mine()) return;
    const held = selection.hand[kind] || 0;
    const currentValue = selectionValue();
    if (SPECIAL.has(kind)) {
      selection = held ? { hand: {}, stacks: [] } : groupPick(kind);
    } else if (kind === "SAT") {
      if (isSpecial() || !selectedCards().length) {
        selection = held ? { hand: {}, stacks: [] } : groupPick("SAT");
      } else {
        const more = { hand: { ...selection.hand, SAT: held + 1 }, stacks: selection.stacks };
        const limit = room(view.top, view.lamps, currentValue);
        if (held < (view.hand.SAT || 0) && selectedCards().length < limit) selection = more;
        else {
          const hand = { ...selection.hand };
          delete hand.SAT;
          selection = { hand, stacks: selection.stacks };
        }
      }
    } else if (currentValue === Number(kind) && (held || selection.stacks.length)) {
      // each further click removes one
      const hand = { ...selection.hand };
      const stacks = [...selection.stacks];
      const fromStacks = stacks.filter((i) => view.players[me()].open[i] === kind);
      if (fromStacks.length) stacks.splice(stacks.indexOf(fromStacks[fromStacks.length - 1]), 1);
      else if (held > 1) hand[kind] = held - 1;
      else delete hand[kind];
      selection = { hand, stacks };
      if (!selectedCards().some((c) => c.kind === kind)) selection = { hand: {}, stacks: [] };
    } else {
      selection = groupPick(kind);
    }
    ctx.rerender();
  }

  function clickStack(index) {
    if (!mine()) return;
    const card = view.players[me()].open[index];
    if (!card) return;
    if (selection.stacks.includes(index)) {
      selection = { hand: selection.hand, stacks: selection.stacks.filter((i) => i !== index) };
    } else if (SPECIAL.has(card) || isSpecial()) {
      selection = { hand: {}, stacks: [index] };
    } else {
      const value = selectionValue();
      if (card !== "SAT" && value !== null && value !== Number(card)) selection = { hand: {}, stacks: [index] };
      else selection = { hand: selection.hand, stacks: [...selection.stacks, index] };
    }
    ctx.rerender();
  }

  function play() {
    const move = playable();
    if (move) {
      clear();
      ctx.send(move);
      return true;
    }
    ctx.notify(refusal());
    return true;
  }

  // Why the selection cannot be played now: what the player is told instead of nothing.
  function refusal() {
    if (view.phase === "aim") return t("sl.aim");
    if (!selectedCards().length) return view.phase === "follow" ? t("sl.follow") : t("sl.reject.none");
    if (seatTargets().length) return t("sl.preview.ast");
    const reason = previewOf(selection);
    if (reason === t("sl.preview.too_high") || reason === t("sl.preview.full")) return t("sl.reject.why", { why: reason });
    return t("sl.reject.mix");
  }

  function clear() {
    selection = { hand: {}, stacks: [] };
  }

  function seatTargets() {
    if (!view || !mine()) return [];
    if (view.phase === "aim") return legal.filter((m) => m.type === "aim").map((m) => m.target);
    const targets = asteroidTargets();
    return targets.length > 1 ? targets : [];
  }

  function shoot(seat) {
    if (view.phase === "aim") return ctx.send({ type: "aim", target: seat });
    const move = legal.find((m) => moveKey(m) === moveKey(asMove(seat)));
    if (!move) return ctx.notify(t("sl.reject.target"));
    clear();
    return ctx.send(move);
  }

  function isHinted(kind, index) {
    if (!hinted || hinted.type !== "play") return false;
    if (kind !== null) return (hinted.hand || []).includes(kind);
    return (hinted.stacks || []).includes(index);
  }

  function renderRamp() {
    const ramp = view.ramp;
    const shown = ramp.slice(-6);
    return h("section.ramp-area", { "aria-label": t("sl.ramp") },
      h("div.ramp", { "data-testid": "ramp", "aria-label": ramp.length ? t("sl.ramp.count", { n: ramp.length }) : t("sl.ramp.empty") },
        shown.length ? shown.map((entry, i) => launchCard(entry.card, { attrs: { style: { "--i": i }, class: "on-ramp" } }))
          : h("div.ramp-empty", {}, icon("rocket"), h("span", {}, t("sl.ramp.empty")))),
      h("div.ramp-count", { "data-testid": "ramp-count" }, ramp.length),
      h("div.lamps", { role: "img", "aria-label": t("sl.lamps", { n: view.lamps }) },
        [0, 1, 2, 3].map((i) => h("span.lamp", { class: i < view.lamps ? "lit" : null }))),
    );
  }

  function renderKartenlage() {
    const short = (kind) => (kind === "SAT" ? icon("satellite", launchName(kind)) : kind === "AST" ? h("span", { title: launchName(kind) }, "☄") : kind === "HOLE" ? h("span", { title: launchName(kind) }, "●") : kind);
    return h("details.kartenlage", { open: true },
      h("summary", {}, t("sl.kartenlage"), " · ", t("sl.burned_total", { n: view.burned }), " · ", t("sl.box", { n: view.box })),
      h("table", {},
        h("thead", {}, h("tr", {}, h("th", {}, ""), KINDS.map((kind) => h("th", { scope: "col" }, short(kind))))),
        h("tbody", {},
          h("tr", {}, h("th", { scope: "row" }, t("sl.unknown")), KINDS.map((kind) => h("td", {}, view.card_count.unknown[kind]))),
          h("tr", {}, h("th", { scope: "row" }, t("sl.burned")), KINDS.map((kind) => h("td", {}, view.card_count.burned[kind]))))));
  }

  function renderOpponents() {
    const targets = seatTargets();
    return h("div.opponents", {}, view.players.map((player, seat) => {
      if (seat === me()) return null;
      const target = targets.includes(seat);
      return h(target ? "button.opponent" : "div.opponent", {
        class: [target ? "targetable" : "", ctx.table.current?.to_move === seat ? "turn" : ""].join(" "),
        type: target ? "button" : null, "data-seat": seat,
        "aria-label": target ? t("sl.target", { name: ctx.seatName(seat) }) : t("sl.stacks_of", { name: ctx.seatName(seat) }),
        onclick: target ? () => shoot(seat) : null,
      },
        h("div.opp-name", {}, ctx.seatName(seat), " · ", t("table.cards", { n: player.cards })),
        h("div.opp-stacks", {}, player.open.map((card, i) => h("div.mini-stack", {},
          card ? launchCard(card, { small: true }) : (player.face_down[i] ? cardBack("speedlaunch", { small: true }) : h("div.card.small.gap")),
          player.face_down[i] ? h("span.fd", { "aria-label": t("sl.face_down", { n: player.face_down[i] }) }, "▮".repeat(player.face_down[i])) : null))),
        h("div.opp-hand", {}, cardBack("speedlaunch", { small: true, count: player.hand })));
    }));
  }

  function renderStacks() {
    const my = view.players[me()];
    const blinds = new Set(legal.filter((m) => m.type === "blind").map((m) => m.stack));
    return h("section.my-stacks", { "aria-label": t("sl.stacks") }, my.open.map((card, index) => {
      const selected = selection.stacks.includes(index);
      const pieces = [];
      if (card && my.face_down[index]) pieces.push(h("div.under", { "aria-hidden": "true" }, cardBack("speedlaunch")));
      if (card) {
        pieces.push(launchCard(card, {
          tag: "button",
          attrs: {
            type: "button", "data-key": `stack-${index}`, "data-stack": index,
            class: [selected ? "selected" : "", isHinted(null, index) ? "hinted" : "", mine() && pickMove({ hand: {}, stacks: [index] }).legal ? "playable" : ""].join(" "),
            "aria-pressed": String(selected), disabled: !mine(),
            "aria-label": `${t("sl.stack", { n: index + 1 })}: ${launchName(card)}`,
            onclick: () => clickStack(index),
          },
        }));
      } else if (blinds.has(index)) {
        pieces.push(h("button.blind", {
          type: "button", "data-testid": "blind", "data-key": `blind-${index}`,
          "aria-label": t("sl.blind.label", { n: index + 1 }), onclick: () => ctx.send({ type: "blind", stack: index }),
        }, cardBack("speedlaunch"), h("span", {}, t("sl.blind"))));
      } else if (my.face_down[index]) {
        pieces.push(cardBack("speedlaunch"));
      } else {
        pieces.push(h("div.card.gap", { "aria-hidden": "true" }));
      }
      return h("div.stack", { "aria-label": t("sl.stack", { n: index + 1 }) },
        pieces, h("span.fd", {}, my.face_down[index] ? t("sl.face_down", { n: my.face_down[index] }) : ""));
    }));
  }

  function renderHand() {
    const hand = view.hand || {};
    const previewBox = h("div.preview", { "data-testid": "preview", "aria-live": "polite" }, preview);
    const groups = KINDS.filter((kind) => hand[kind]).map((kind) => {
      const count = hand[kind];
      const picked = selection.hand[kind] || 0;
      const pick = mine() ? pickMove(groupPick(kind)) : { legal: false };
      const tip = mine() ? previewOf(groupPick(kind)) : "";
      return h("button.group", {
        type: "button", "data-kind": kind, "data-key": `group-${kind}`,
        class: [picked ? "selected" : "", pick.legal ? "playable" : "", isHinted(kind, null) ? "hinted" : ""].join(" "),
        disabled: !mine(),
        "aria-pressed": String(!!picked),
        "aria-label": `${t("sl.group", { n: count, card: launchName(kind) })}${picked ? ` (${picked} ✓)` : ""}${tip ? ` – ${tip}` : ""}`,
        onclick: () => clickGroup(kind),
        onmouseenter: () => { previewBox.textContent = tip; previewBox.classList.toggle("bad", tip === t("sl.preview.too_high")); },
        onfocus: () => { previewBox.textContent = tip; },
        onmouseleave: () => { previewBox.textContent = preview; previewBox.classList.remove("bad"); },
      },
        h("span.fan", { "aria-hidden": "true" }, Array.from({ length: Math.min(count, 4) }, (_, i) => launchCard(kind, { attrs: { style: { "--i": i } } }))),
        h("span.count", { "aria-hidden": "true" }, picked ? `${picked}/${count}` : `× ${count}`));
    });
    return h("section.my-hand", { "aria-label": t("sl.hand") }, previewBox, h("div.groups", {}, groups));
  }

  function renderActions() {
    const move = playable();
    const special = isSpecial();
    const take = legal.find((m) => m.type === "take");
    const end = legal.find((m) => m.type === "end");
    return h("div.actions", {},
      h("button.primary", { type: "button", "data-testid": "play", disabled: !move, onclick: play, "aria-keyshortcuts": "Enter" },
        special ? t("sl.use") : t("sl.play")),
      h("button", { type: "button", "data-testid": "clear", disabled: !selectedCards().length, onclick: () => { clear(); ctx.rerender(); } }, t("sl.clear")),
      take ? h("button", { type: "button", "data-testid": "take", onclick: () => { clear(); ctx.send(take); } }, t("sl.take")) : null,
      end ? h("button", { type: "button", "data-testid": "end", onclick: () => { clear(); ctx.send(end); } }, t("sl.end")) : null,
    );
  }

  return {
    render(el, table) {
      root = el;
      view = table.current?.view;
      legal = table.current?.legal || [];
      legalKeys = new Set(legal.map(moveKey));
      if (!view) return;
      if (!mine()) clear();
      preview = selectedCards().length ? previewOf(selection) : "";
      const phaseNote = !mine() ? null : view.phase === "aim" ? t("sl.aim") : view.phase === "follow" ? t("sl.follow")
        : seatTargets().length ? t("sl.preview.ast") : null;
      const round = view.rounds > 1 ? h("span.round", {}, t("sl.round", { r: view.round, n: view.rounds })) : null;
      el.replaceChildren(h("div.sl-board", {},
        renderOpponents(),
        h("div.centre", {}, renderRamp(), renderKartenlage(), round),
        phaseNote ? h("p.phase-note", { role: "status" }, phaseNote) : null,
        me() !== null ? renderStacks() : null,
        me() !== null ? renderHand() : null,
        me() !== null && mine() ? renderActions() : null));
    },
    newGame() { clear(); hinted = null; },
    seatInfo(v, seat) {
      const player = v.players?.[seat];
      if (!player) return null;
      return { label: t("table.cards", { n: player.cards }), extra: v.rounds > 1 ? t("sl.minus", { n: v.minus[seat] }) : null };
    },
    targetable(seat) { return seatTargets().includes(seat); },
    seatClick(seat) { shoot(seat); },
    key(event) {
      if (!view || !mine()) return false;
      if (event.key === "Enter") {
        if (event.target?.dataset?.testid === "play") return false;
        if (!playable() && event.target?.closest?.("button")) return false; // Enter clicks it
        return play();
      }
      if (event.key === "Escape") { clear(); ctx.rerender(); return true; }
      return false;
    },
    showHint(move) { hinted = move; if (root) ctx.rerender(); },
    describe(move) {
      if (move.type === "take") return t("sl.take");
      if (move.type === "end") return t("sl.end");
      if (move.type === "blind") return t("sl.blind.label", { n: move.stack + 1 });
      if (move.type === "aim") return t("sl.target", { name: ctx.seatName(move.target) });
      const pick = { hand: {}, stacks: move.stacks || [] };
      for (const kind of move.hand || []) pick.hand[kind] = (pick.hand[kind] || 0) + 1;
      if (move.target !== undefined) return t("sl.target", { name: ctx.seatName(move.target) });
      return previewOf(pick);
    },
    resultColumns: () => [t("sl.result.minus"), t("sl.result.rounds")],
    resultCells: (result, seat) => [result?.minus?.[seat] ?? "", result?.rounds_won?.[seat] ?? ""],
  };
}

export { ORDER };
