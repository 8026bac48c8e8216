// Short card movements between two drawings of a board (issue #19, "feel"). The board is drawn
// at once and stays usable; a movement is only a picture on a layer of its own over the page
// (no pointer events): a copy of the card flies from where it was to where it landed, played
// back as a transform from the first place to the last (FLIP), while the landed card waits
// unseen until its copy arrives. Nothing moves when the player turned animations off or the
// system asks for reduced motion.
//
// A board's motion(before, after) — the views of two drawings — answers a plan, a list of
// steps. Places are lists of selectors, the first one found counts; `from` is looked up in the
// drawing before, `to`, `mark` and `at` in the one after:
//   {to, from}              the card at `to` came from `from`: a copy of it flies there
//   {card, from, to}        `card()` makes the copy (a card no drawing shows any more)
//   {each, to}              every card at `each` (before) leaves for `to`
//   {…, effect}             a copy then plays "launch" (up and away) or "swallow" (into `to`)
//   {mark, effect}          the element at `mark` plays "flare", "void" or "shake"
//   {word, at}              a word rises over `at` for a moment
import { prefs } from "./prefs.js";
import { h } from "./ui.js";

const FLIGHT_MS = 240;
const EFFECT_MS = 300;
const WORD_MS = 600;
const SPREAD_MS = 150; // the most the cards of one movement are spread over
const EASE = "cubic-bezier(.2, .8, .3, 1)";
const STATES = ["playable", "selected", "hinted", "dim", "draggable", "fits"];
const COPY_DROPS = ["id", "title", "data-key", "data-testid", "data-card", "data-stack", "data-ramp", "data-src"];

let layer = null;
let waiting = []; // [selector, until]: landed cards kept unseen until their copy arrives

function motionOn() {
  return prefs.anim && !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

// The places a seat's cards come from or go to: inside its opponent strip, the strip, its chip.
export function placeOf(seat, ...inside) {
  const strip = `.opponent[data-seat="${seat}"]`;
  return [...inside.map((part) => `${strip} ${part}`), strip, `.seat[data-seat="${seat}"]`];
}

// Per position in `after`, whether that card is new: its token occurs more often there, up to
// that position, than in all of `before` (a hand as a list of tokens).
export function gained(before, after) {
  const had = counts(before || []);
  const seen = {};
  return (after || []).map((token) => {
    seen[token] = (seen[token] || 0) + 1;
    return seen[token] > (had[token] || 0);
  });
}

function counts(tokens) {
  const out = {};
  for (const token of tokens) out[token] = (out[token] || 0) + 1;
  return out;
}

// Before the new drawing: where each step starts, and copies of the cards that will be gone.
export function takeOff(plan) {
  if (!plan?.length || !motionOn()) return null;
  return plan.map((step) => ({
    step,
    start: found(step.from)?.getBoundingClientRect() ?? null,
    leaving: step.each
      ? [...document.querySelectorAll(step.each)].map((el) => [el.cloneNode(true), el.getBoundingClientRect()])
      : [],
  }));
}

// After it: the flights. A landed card stays unseen until its copy arrives, also over a
// drawing in between (the same table again, or a selection).
export function land(scene) {
  const now = performance.now();
  waiting = scene ? [] : waiting.filter(([, until]) => until > now);
  for (const [selector, until] of waiting) conceal(document.querySelector(selector), until - now);
  for (const { step, start, leaving } of scene || []) {
    if (step.mark) mark(step);
    else if (step.word) rise(step);
    else if (step.each) leave(step, leaving);
    else fly(step, start);
  }
}

// The first of `selectors` that is drawn (its selector: to find it again after a redraw).
function foundSelector(selectors) {
  return []
    .concat(selectors || [])
    .find((selector) => document.querySelector(selector)?.getBoundingClientRect().width > 0);
}

function found(selectors) {
  const selector = foundSelector(selectors);
  return selector ? document.querySelector(selector) : null;
}

function fly(step, start) {
  const target = found(step.to);
  if (!target || !start) return;
  const end = target.getBoundingClientRect();
  if (step.card) {
    const copy = picture(step.card(), null);
    const size = copy.getBoundingClientRect();
    Object.assign(copy.style, {
      left: `${mid(start).x - size.width / 2}px`,
      top: `${mid(start).y - size.height / 2}px`,
    });
    const rest = copy.getBoundingClientRect();
    const path = [{ transform: "none" }, { transform: over(rest, end), offset: step.effect ? 0.55 : 1 }];
    return play(
      copy,
      step.effect ? [...path, effect(step.effect, rest, end, over(rest, end))] : path,
      FLIGHT_MS + (step.effect ? EFFECT_MS : 0),
      0,
    );
  }
  const copy = picture(target.cloneNode(true), end);
  play(
    copy,
    [
      { transform: over(end, start), opacity: 0.7 },
      { transform: "none", opacity: 1 },
    ],
    FLIGHT_MS,
    0,
  );
  conceal(target, FLIGHT_MS);
  waiting.push([foundSelector(step.to), performance.now() + FLIGHT_MS]);
}

function leave(step, leaving) {
  const target = found(step.to)?.getBoundingClientRect();
  leaving.forEach(([el, rect], index) => {
    const copy = picture(el, rect);
    const frames = step.effect
      ? [{ transform: "none", opacity: 1 }, effect(step.effect, rect, target, "none")]
      : [
          { transform: "none", opacity: 1 },
          { transform: over(rect, target || rect), opacity: 0.3 },
        ];
    play(copy, frames, step.effect ? EFFECT_MS : FLIGHT_MS, spread(index, leaving.length));
  });
}

// Where an effect ends, for a copy at `rect` (and `to`, the place it is drawn into).
function effect(name, rect, to, from) {
  if (name === "launch") {
    return {
      transform: `${from === "none" ? "" : from} translateY(-140px) scale(.5)`,
      opacity: 0,
      filter: "brightness(1.8)",
    };
  }
  const centre = to ? `translate(${mid(to).x - mid(rect).x}px, ${mid(to).y - mid(rect).y}px)` : "";
  return { transform: `${centre} scale(0) rotate(320deg)`, opacity: 0 };
}

const MARKS = {
  flare: [
    { boxShadow: "0 0 0 0 #ff8a3d00" },
    { boxShadow: "0 0 32px 10px #ff8a3dcc", filter: "brightness(1.4)" },
    { boxShadow: "0 0 0 0 #ff8a3d00" },
  ],
  void: [
    { boxShadow: "0 0 0 0 #7b3fd000" },
    { boxShadow: "inset 0 0 40px 20px #000, 0 0 24px 6px #7b3fd0cc" },
    { boxShadow: "0 0 0 0 #7b3fd000" },
  ],
  shake: [
    { transform: "none" },
    { transform: "translateX(-7px) rotate(-2deg)" },
    { transform: "translateX(7px) rotate(2deg)" },
    { transform: "translateX(-4px)" },
    { transform: "none" },
  ],
};

function mark(step) {
  found(step.mark)?.animate(MARKS[step.effect], { duration: EFFECT_MS, easing: "ease-out" });
}

function rise(step) {
  const at = found(step.at);
  if (!at) return;
  const word = h("div.flight-word", {}, step.word);
  const { x, y } = mid(at.getBoundingClientRect());
  Object.assign(word.style, { left: `${x}px`, top: `${y}px` });
  flightLayer().append(word);
  play(
    word,
    [
      { opacity: 0, transform: "translate(-50%, -20%) scale(.7)" },
      { opacity: 1, transform: "translate(-50%, -60%) scale(1.1)", offset: 0.3 },
      { opacity: 0, transform: "translate(-50%, -160%) scale(1)" },
    ],
    WORD_MS,
    0,
  );
}

// A copy on the flight layer, at `rect`: no control, no name, no state of the card it shows.
function picture(el, rect) {
  el.classList.remove(...STATES);
  el.classList.add("ghost");
  for (const part of [el, ...el.querySelectorAll("*")]) {
    for (const name of COPY_DROPS) part.removeAttribute(name);
    if (part.matches("button")) part.disabled = true;
  }
  if (rect)
    Object.assign(el.style, {
      left: `${rect.left}px`,
      top: `${rect.top}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
    });
  flightLayer().append(el);
  return el;
}

function play(el, frames, duration, delay) {
  const animation = el.animate(frames, { duration, delay, easing: EASE, fill: "backwards" });
  animation.finished.then(
    () => el.remove(),
    () => el.remove(),
  );
}

function conceal(el, duration) {
  el?.animate([{ opacity: 0 }, { opacity: 0 }], { duration });
}

function flightLayer() {
  if (!layer?.isConnected) {
    layer = h("div.flight-layer", { "aria-hidden": "true", inert: "" });
    document.body.append(layer);
  }
  return layer;
}

function mid(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

// The transform that lays a box at `rect` over the box `onto`: centre on centre, shrunk to
// fit it (never grown: a card coming from a whole strip starts at its own size).
function over(rect, onto) {
  const scale = Math.max(0.3, Math.min(1, onto.width / rect.width, onto.height / rect.height));
  return `translate(${mid(onto).x - mid(rect).x}px, ${mid(onto).y - mid(rect).y}px) scale(${scale.toFixed(2)})`;
}

function spread(index, count) {
  return index * Math.min(30, SPREAD_MS / count);
}
