// Speedlaunch: the hand grouped by kind, the four stacks, the ramp with its four lamps, the
// Kartenlage, the blind card, asteroid targets; a preview over the hovered group.
import { cardBack } from "./cards.js";
import { launchCard, launchName } from "./speedlaunch.cards.js";
import { icon } from "./icons.js";
import { placeOf } from "./motion.js";
import { h, keyHint } from "./ui.js";

export { RULES } from "./speedlaunch.rules.js";
export { WORDS } from "./speedlaunch.words.js";

/** The first game's tour: the part of the board each step is about, and its words (tour.js). */
export const TOUR = [
  [".my-hand", "tour.sl.hand"],
  ["[data-testid=ramp]", "tour.sl.ramp"],
  [".my-stacks", "tour.sl.stacks"],
  ["[data-testid=preview]", "tour.sl.preview"],
  ["[data-testid=play]", "tour.sl.play"],
  [".opponents", "tour.sl.opponents"],
];

const KINDS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "SAT", "AST", "HOLE"];
const ORDER = Object.fromEntries(KINDS.map((kind, index) => [kind, index]));
const SPECIAL = new Set(["AST", "HOLE"]);
const RAMP = "[data-testid=ramp]";
const RAMP_CARDS = `${RAMP} .card`;

export function moveKey(move) {
  return JSON.stringify([move.type, move.hand || [], move.stacks || [], move.target ?? null, move.stack ?? null]);
}

const MANY_KINDS = 7; // a hand of more kinds fans each kind closer, so that it stays short

/**
 * A hand's cards, small (the replay's open hands): counts by kind.
 * @param {Object<string, number>} hand
 * @returns {HTMLElement[]}
 */
export function handCards(hand) {
  return Object.entries(hand).flatMap(([kind, n]) =>
    Array.from({ length: n }, () => launchCard(kind, { small: true })),
  );
}

/**
 * The board of one table or replay (the contract: BoardModule in games.js).
 * @param {import("./games.js").BoardContext} ctx
 * @returns {import("./games.js").Board}
 */
export function createBoard(ctx) {
  const { t } = ctx;
  let selection = { hand: {}, stacks: [] };
  let hinted = null;
  let preview = "";
  let view = null;
  let legal = [];
  let legalKeys = new Set();
  let root = null;
  let version = null; // the table's version the board was last drawn from

  const me = () => ctx.table.you;
  const mine = () => ctx.table.status === "playing" && ctx.table.current?.to_move === me();

  function selectedCards() {
    const cards = [];
    for (const kind of KINDS) for (let i = 0; i < (selection.hand[kind] || 0); i++) cards.push({ kind, from: "hand" });
    for (const index of selection.stacks) cards.push({ kind: view.players[me()].open[index], from: index });
    return cards;
  }

  function selectionValue() {
    const values = selectedCards()
      .map((c) => c.kind)
      .filter((k) => !SPECIAL.has(k) && k !== "SAT");
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
    return legal
      .filter(
        (m) =>
          m.type === "play" &&
          m.target !== undefined &&
          JSON.stringify(m.hand || []) === JSON.stringify(base.hand || []) &&
          JSON.stringify(m.stacks || []) === JSON.stringify(base.stacks || []),
      )
      .map((m) => m.target);
  }

  function playable() {
    if (!selectedCards().length) return null;
    const move = asMove();
    if (legalKeys.has(moveKey(move))) return move;
    const targets = asteroidTargets();
    if (targets.length === 1) return asMove(targets[0]);
    return null;
  }

  // The engine's preview (current.preview, for the seat to play): per group what a click
  // picks and would do, per legal move what it would do. The client keeps no rule of its own.
  function engineGroup(kind) {
    return ctx.table.current?.preview?.groups?.[kind] || null;
  }

  function pickOf(move) {
    const hand = {};
    for (const kind of move?.hand || []) hand[kind] = (hand[kind] || 0) + 1;
    return { hand, stacks: [...(move?.stacks || [])] };
  }

  function groupPick(kind) {
    return pickOf(engineGroup(kind)?.move);
  }

  // What the engine says about a pick: the preview of the legal move it is (an asteroid
  // without its target: of any of its targets), else of the group click it is, else null.
  function engineSays(pick) {
    const previews = ctx.table.current?.preview;
    if (!previews) return null;
    const saved = selection;
    selection = pick;
    const move = asMove();
    const targets = asteroidTargets();
    selection = saved;
    const key = moveKey(move);
    let index = legal.findIndex((m) => moveKey(m) === key);
    if (index < 0 && targets.length)
      index = legal.findIndex((m) => moveKey(m) === moveKey({ ...move, target: targets[0] }));
    if (index >= 0 && previews.moves?.[index]) return { ...previews.moves[index], targets };
    const group = Object.values(previews.groups || {}).find((g) => g.move && moveKey(g.move) === key);
    return group || null;
  }

  function pickMove(pick) {
    const saved = selection;
    selection = pick;
    const move = asMove();
    const targets = asteroidTargets();
    selection = saved;
    return { move, legal: legalKeys.has(moveKey(move)) || targets.length > 0 };
  }

  // The preview in the player's words, from what the engine says (engineSays).
  function previewOf(pick) {
    const cards = [];
    for (const [kind, n] of Object.entries(pick.hand)) for (let i = 0; i < n; i++) cards.push(kind);
    for (const index of pick.stacks) cards.push(view.players[me()].open[index]);
    if (!cards.length) return "";
    const said = engineSays(pick);
    if (said?.legal) {
      if (said.value === undefined) {
        if (cards[0] === "HOLE") return t("sl.preview.hole");
        return said.targets.length ? asteroidWords(said.targets) : t("sl.preview.ast_burn");
      }
      const text =
        said.value === null
          ? t("sl.preview.sat", { n: said.count })
          : t("sl.preview.play", { n: said.count, v: said.value });
      return text + (said.ignition ? ` ${t("sl.preview.ignition")}` : "");
    }
    if (said?.too_high || cards.some((kind) => engineGroup(kind)?.too_high)) return t("sl.preview.too_high");
    // more cards of a value than any legal play of it holds: over the four-limit
    const counts = (ctx.table.current?.preview?.moves || []).filter((m) => m?.legal && m.value !== undefined);
    const value = cards.find((kind) => kind !== "SAT" && !SPECIAL.has(kind));
    const most = Math.max(0, ...counts.filter((m) => String(m.value) === String(value ?? null)).map((m) => m.count));
    if (counts.length && most && cards.length > most) return t("sl.preview.full");
    return t("sl.preview.refused");
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
        if (held < (view.hand.SAT || 0) && pickMove(more).legal) selection = more;
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
    if (seatTargets().length) return asteroidWords(seatTargets());
    const reason = previewOf(selection);
    if (reason === t("sl.preview.too_high") || reason === t("sl.preview.full"))
      return t("sl.reject.why", { why: reason });
    return t("sl.reject.mix");
  }

  function clear() {
    selection = { hand: {}, stacks: [] };
  }

  // Whether some legal move plays every card of ``pick`` (and maybe more).
  function heldByLegalMove(pick) {
    return legal.some((m) => {
      if (m.type !== "play") return false;
      const of = pickOf(m);
      return (
        Object.entries(pick.hand).every(([kind, n]) => n <= (of.hand[kind] || 0)) &&
        pick.stacks.every((index) => of.stacks.includes(index))
      );
    });
  }

  // Every opponent an asteroid may hit is a target button (on the board and the seat chips);
  // with one only, the words say where "Einsetzen" sends the ramp.
  function seatTargets() {
    if (!view || !mine()) return [];
    if (view.phase === "aim") return legal.filter((m) => m.type === "aim").map((m) => m.target);
    return asteroidTargets();
  }

  function asteroidWords(targets) {
    return targets.length === 1 ? t("sl.preview.ast_one", { name: ctx.seatName(targets[0]) }) : t("sl.preview.ast");
  }

  function shoot(seat) {
    if (view.phase === "aim") return ctx.send({ type: "aim", target: seat });
    const move = legal.find((m) => moveKey(m) === moveKey(asMove(seat)));
    if (!move) return ctx.notify(t("sl.reject.target"));
    clear();
    return ctx.send(move);
  }

  function isHinted(kind, index) {
    if (hinted?.type !== "play") return false;
    if (kind !== null) return (hinted.hand || []).includes(kind);
    return (hinted.stacks || []).includes(index);
  }

  function renderRamp() {
    const ramp = view.ramp;
    const hidden = Math.max(0, ramp.length - 6);
    const shown = ramp.slice(hidden);
    return h(
      "section.ramp-area",
      { "aria-label": t("sl.ramp") },
      h(
        "div.ramp",
        {
          "data-testid": "ramp",
          role: "group",
          "aria-label": ramp.length ? t("sl.ramp.count", { n: ramp.length }) : t("sl.ramp.empty"),
        },
        shown.length
          ? shown.map((entry, i) =>
              launchCard(entry.card, { attrs: { style: { "--i": i }, class: "on-ramp", "data-ramp": hidden + i } }),
            )
          : h("div.ramp-empty", {}, icon("rocket"), h("span", {}, t("sl.ramp.empty"))),
      ),
      h("div.ramp-count", { "data-testid": "ramp-count" }, ramp.length),
      h(
        "div.lamps",
        { role: "img", "aria-label": t("sl.lamps", { n: view.lamps }) },
        [0, 1, 2, 3].map((i) => h("span.lamp", { class: i < view.lamps ? "lit" : null })),
      ),
    );
  }

  function renderKartenlage() {
    const short = (kind) =>
      kind === "SAT"
        ? icon("satellite", launchName(kind))
        : kind === "AST"
          ? h("span", { title: launchName(kind) }, "☄")
          : kind === "HOLE"
            ? h("span", { title: launchName(kind) }, "●")
            : kind;
    return h(
      "details.kartenlage",
      { open: true },
      h(
        "summary",
        {},
        t("sl.kartenlage"),
        " · ",
        t("sl.burned_total", { n: view.burned }),
        " · ",
        t("sl.box", { n: view.box }),
      ),
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
            KINDS.map((kind) => h("th", { scope: "col" }, short(kind))),
          ),
        ),
        h(
          "tbody",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "row" }, t("sl.unknown")),
            KINDS.map((kind) => h("td", {}, view.card_count.unknown[kind])),
          ),
          h(
            "tr",
            {},
            h("th", { scope: "row" }, t("sl.burned")),
            KINDS.map((kind) => h("td", {}, view.card_count.burned[kind])),
          ),
        ),
      ),
    );
  }

  function renderOpponents() {
    const targets = seatTargets();
    return h(
      "div.opponents",
      {},
      view.players.map((player, seat) => {
        if (seat === me()) return null;
        const target = targets.includes(seat);
        return h(
          target ? "button.opponent" : "div.opponent",
          {
            class: [target ? "targetable" : "", ctx.table.current?.to_move === seat ? "turn" : ""].join(" "),
            type: target ? "button" : null,
            role: target ? null : "group",
            "data-seat": seat,
            "aria-label": target
              ? t("sl.target", { name: ctx.seatName(seat) })
              : t("sl.stacks_of", { name: ctx.seatName(seat) }),
            onclick: target ? () => shoot(seat) : null,
          },
          h("div.opp-name", {}, ctx.seatName(seat), " · ", t("table.cards", { n: player.cards })),
          h(
            "div.opp-stacks",
            {},
            player.open.map((card, i) =>
              h(
                "div.mini-stack",
                {},
                card
                  ? launchCard(card, { small: true })
                  : player.face_down[i]
                    ? cardBack("speedlaunch", { small: true })
                    : h("div.card.small.gap"),
                player.face_down[i]
                  ? h(
                      "span.fd",
                      { "aria-label": t("sl.face_down", { n: player.face_down[i] }) },
                      "▮".repeat(player.face_down[i]),
                    )
                  : null,
              ),
            ),
          ),
          h("div.opp-hand", {}, cardBack("speedlaunch", { small: true, count: player.hand })),
          knownCards(player),
        );
      }),
    );
  }

  // The cards of an opponent's hand everyone saw it take (the engine's players[i].known).
  function knownCards(player) {
    const known = Object.entries(player.known || {}).filter(([, n]) => n > 0);
    if (!known.length) return null;
    const words = known.map(([kind, n]) => `${n} × ${launchName(kind)}`).join(", ");
    return h(
      "div.opp-known",
      {
        "data-testid": "known",
        role: "group",
        "aria-label": t("sl.known.label", { cards: words }),
        title: t("sl.known.label", { cards: words }),
      },
      h("span.muted", { "aria-hidden": "true" }, t("sl.known")),
      known.map(([kind, n]) =>
        h(
          "span.known-card",
          { "aria-hidden": "true" },
          launchCard(kind, { small: true }),
          n > 1 ? h("span.known-n", {}, `×${n}`) : null,
        ),
      ),
    );
  }

  function renderStacks() {
    const my = view.players[me()];
    const blinds = new Set(legal.filter((m) => m.type === "blind").map((m) => m.stack));
    return h(
      "section.my-stacks",
      { "aria-label": t("sl.stacks") },
      my.open.map((card, index) => {
        const selected = selection.stacks.includes(index);
        const pieces = [];
        if (card && my.face_down[index])
          pieces.push(h("div.under", { "aria-hidden": "true" }, cardBack("speedlaunch")));
        if (card) {
          pieces.push(
            launchCard(card, {
              tag: "button",
              attrs: {
                type: "button",
                "data-key": `stack-${index}`,
                "data-stack": index,
                class: [
                  selected ? "selected" : "",
                  isHinted(null, index) ? "hinted" : "",
                  mine() && pickMove({ hand: {}, stacks: [index] }).legal ? "playable" : "",
                ].join(" "),
                "aria-pressed": String(selected),
                disabled: !mine(),
                "aria-label": `${t("sl.stack", { n: index + 1 })}: ${launchName(card)}`,
                onclick: () => clickStack(index),
              },
            }),
          );
        } else if (blinds.has(index)) {
          pieces.push(
            h(
              "button.blind",
              {
                type: "button",
                "data-testid": "blind",
                "data-key": `blind-${index}`,
                "aria-label": t("sl.blind.label", { n: index + 1 }),
                onclick: () => ctx.send({ type: "blind", stack: index }),
              },
              cardBack("speedlaunch"),
              h("span", {}, t("sl.blind")),
            ),
          );
        } else if (my.face_down[index]) {
          pieces.push(cardBack("speedlaunch"));
        } else {
          pieces.push(h("div.card.gap", { "aria-hidden": "true" }));
        }
        return h(
          "div.stack",
          { role: "group", "aria-label": t("sl.stack", { n: index + 1 }) },
          pieces,
          h("span.fd", {}, my.face_down[index] ? t("sl.face_down", { n: my.face_down[index] }) : ""),
        );
      }),
    );
  }

  function renderHand() {
    const hand = view.hand || {};
    const previewBox = h("div.preview", { "data-testid": "preview", "aria-live": "polite" }, preview);
    const groups = KINDS.filter((kind) => hand[kind]).map((kind) => {
      const count = hand[kind];
      const picked = selection.hand[kind] || 0;
      const pick = mine() ? pickMove(groupPick(kind)) : { legal: false };
      const tip = mine() ? previewOf(groupPick(kind)) : "";
      return h(
        "button.group",
        {
          type: "button",
          "data-kind": kind,
          "data-key": `group-${kind}`,
          class: [picked ? "selected" : "", pick.legal ? "playable" : "", isHinted(kind, null) ? "hinted" : ""].join(
            " ",
          ),
          disabled: !mine(),
          "aria-pressed": String(!!picked),
          "aria-label": `${t("sl.group", { n: count, card: launchName(kind) })}${picked ? ` (${picked} ✓)` : ""}${tip ? ` – ${tip}` : ""}`,
          onclick: () => clickGroup(kind),
          onmouseenter: () => {
            previewBox.textContent = tip;
            previewBox.classList.toggle("bad", tip === t("sl.preview.too_high"));
          },
          onfocus: () => {
            previewBox.textContent = tip;
          },
          onmouseleave: () => {
            previewBox.textContent = preview;
            previewBox.classList.remove("bad");
          },
        },
        h(
          "span.fan",
          { "aria-hidden": "true" },
          Array.from({ length: Math.min(count, 4) }, (_, i) => launchCard(kind, { attrs: { style: { "--i": i } } })),
        ),
        h("span.count", { "aria-hidden": "true" }, picked ? `${picked}/${count}` : `× ${count}`),
      );
    });
    return h(
      "section.my-hand",
      { "aria-label": t("sl.hand") },
      previewBox,
      h("div.groups", { class: groups.length > MANY_KINDS ? "many" : null }, groups),
    );
  }

  function renderActions() {
    const move = playable();
    const special = isSpecial();
    const take = legal.find((m) => m.type === "take");
    const end = legal.find((m) => m.type === "end");
    return h(
      "div.actions",
      {},
      h(
        "button.primary",
        { type: "button", "data-testid": "play", disabled: !move, onclick: play, "aria-keyshortcuts": "Enter" },
        special ? t("sl.use") : t("sl.play"),
        keyHint("Enter"),
      ),
      h(
        "button",
        {
          type: "button",
          "data-testid": "clear",
          disabled: !selectedCards().length,
          "aria-keyshortcuts": "Escape",
          onclick: () => {
            clear();
            ctx.rerender();
          },
        },
        t("sl.clear"),
        keyHint("Esc"),
      ),
      take
        ? h(
            "button",
            {
              type: "button",
              "data-testid": "take",
              onclick: () => {
                clear();
                ctx.send(take);
              },
            },
            t("sl.take"),
          )
        : null,
      end
        ? h(
            "button",
            {
              type: "button",
              "data-testid": "end",
              onclick: () => {
                clear();
                ctx.send(end);
              },
            },
            t("sl.end"),
          )
        : null,
    );
  }

  // What moved (motion.js): cards laid on the ramp fly there from where they were; an ignition
  // launches the ramp, a black hole swallows it, an asteroid throws it at its target (who
  // shakes), a take slides it to the taker; ignition, black hole and asteroid say their name.
  function motion(before, after) {
    if (before.round !== after.round || before.turn === null) return null;
    const mover = before.turn;
    const whence = origins(before, after, mover);
    const growth = after.ramp.length - before.ramp.length;
    if (growth > 0) {
      return after.ramp
        .slice(before.ramp.length)
        .map((entry, i) => ({ to: `[data-ramp="${before.ramp.length + i}"]`, from: whence(entry.card) }));
    }
    const burned = (kind) => after.card_count.burned[kind] - before.card_count.burned[kind];
    const played = (kind, effect) => ({ card: () => launchCard(kind), from: whence(kind), to: RAMP, effect });
    if (burned("HOLE") > 0) {
      return [
        played("HOLE", "swallow"),
        { each: RAMP_CARDS, to: RAMP, effect: "swallow" },
        { mark: RAMP, effect: "void" },
        { word: launchName("HOLE"), at: RAMP },
      ];
    }
    const taker = takerOf(before, after);
    const hit = taker !== null && taker !== mover; // an asteroid's target took the ramp
    if (hit || burned("AST") > 0) {
      return [
        ...(burned("AST") > 0 ? [played("AST", "swallow")] : []),
        ...(hit
          ? [
              { each: RAMP_CARDS, to: handOf(taker) },
              { mark: handOf(taker), effect: "shake" },
            ]
          : []),
        { word: launchName("AST"), at: RAMP },
      ];
    }
    if (after.burned > before.burned) {
      const gone = Object.keys(after.card_count.burned).flatMap((kind) =>
        Array(Math.max(0, burned(kind) - before.ramp.filter((entry) => entry.card === kind).length)).fill(kind),
      );
      return [
        ...gone.map((kind) => played(kind, "launch")),
        { each: RAMP_CARDS, effect: "launch" },
        { mark: RAMP, effect: "flare" },
        { word: t("sl.preview.ignition"), at: RAMP },
      ];
    }
    return taker === null ? null : [{ each: RAMP_CARDS, to: handOf(taker) }];
  }

  // Where the cards a seat laid came from, one after the other: its hand (as the hand counts
  // tell; an opponent's hand is hidden), an open stack card of that kind, else its blind card
  // or stacks.
  function origins(before, after, seat) {
    const own = seat === me();
    const left = own
      ? Object.fromEntries(KINDS.map((kind) => [kind, (before.hand?.[kind] || 0) - (after.hand?.[kind] || 0)]))
      : {};
    const open = [...before.players[seat].open];
    return (kind) => {
      if (left[kind] > 0) {
        left[kind] -= 1;
        return [`.my-hand [data-kind="${kind}"] .card`];
      }
      const stack = open.indexOf(kind);
      if (stack >= 0) open[stack] = null;
      if (own) return [`.my-stacks [data-stack="${stack}"]`, ".my-stacks [data-testid=blind]", ".my-stacks"];
      return placeOf(seat, stack >= 0 ? `.opp-stacks > :nth-child(${stack + 1})` : ".opp-hand");
    };
  }

  // The seat whose cards grew by the ramp (a take or an asteroid's target), or null.
  function takerOf(before, after) {
    if (!before.ramp.length || after.ramp.length) return null;
    const seat = after.players.findIndex((player, i) => player.cards - before.players[i].cards >= before.ramp.length);
    return seat < 0 ? null : seat;
  }

  function handOf(seat) {
    return seat === me() ? [".my-hand"] : placeOf(seat, ".opp-hand");
  }

  return {
    motion,
    render(el, table) {
      root = el;
      view = table.current?.view;
      legal = table.current?.legal || [];
      legalKeys = new Set(legal.map(moveKey));
      if (!view) return;
      // a pick made on an older view is dropped when the update left no move that plays it
      const updated = table.version !== version;
      version = table.version;
      if (!mine() || (updated && selectedCards().length && !heldByLegalMove(selection))) clear();
      preview = selectedCards().length ? previewOf(selection) : "";
      const phaseNote = !mine()
        ? null
        : view.phase === "aim"
          ? t("sl.aim")
          : view.phase === "follow"
            ? t("sl.follow")
            : seatTargets().length
              ? asteroidWords(seatTargets())
              : null;
      const round = view.rounds > 1 ? h("span.round", {}, t("sl.round", { r: view.round, n: view.rounds })) : null;
      el.replaceChildren(
        h(
          "div.sl-board.zones",
          {},
          h("div.zone-opps", {}, renderOpponents()),
          h(
            "div.zone-centre",
            {},
            h("div.centre", {}, renderRamp(), renderKartenlage(), round),
            phaseNote ? h("p.phase-note", { role: "status" }, phaseNote) : null,
          ),
          me() !== null ? h("div.zone-own", {}, renderStacks(), renderHand(), mine() ? renderActions() : null) : null,
        ),
      );
    },
    newGame() {
      clear();
      hinted = null;
    },
    seatInfo(v, seat) {
      const player = v.players?.[seat];
      if (!player) return null;
      return {
        label: t("table.cards", { n: player.cards }),
        extra: v.rounds > 1 ? t("sl.minus", { n: v.minus[seat] }) : null,
      };
    },
    targetable(seat) {
      return seatTargets().includes(seat);
    },
    seatClick(seat) {
      shoot(seat);
    },
    key(event) {
      if (!view || !mine()) return false;
      if (event.key === "Enter") {
        if (event.target?.dataset?.testid === "play") return false;
        if (!playable() && event.target?.closest?.("button")) return false; // Enter clicks it
        return play();
      }
      if (event.key === "Escape") {
        clear();
        ctx.rerender();
        return true;
      }
      return false;
    },
    showHint(move) {
      hinted = move;
      if (root) ctx.rerender();
    },
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
    // the end screen's rounds (a game of more than one): the cards each seat had left, which
    // are its minus points of the round, and the minus points after the last
    roundLines: (v) =>
      v?.rounds > 1 && v.round_history?.length
        ? {
            caption: t("sl.result.minus"),
            rows: v.round_history.map((r) => ({ round: r.round, winner: r.winner, cells: r.remaining })),
            total: { label: t("sl.result.minus"), cells: v.minus },
          }
        : null,
  };
}

export { ORDER };
