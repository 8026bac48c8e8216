// A newcomer's first game: step by step, what each part of the table is, what is legal now
// and what each control does. Skippable; once finished or skipped it never shows again for
// that game (localStorage "sg.tour.<game>"). Alone among computers the clock waits while it
// is open (POST …/guide, at most 300 s a game).
import { boardModule } from "./games.js";
import { t } from "./i18n.js";
import { h } from "./ui.js";

// A tour's steps: the element the step is about (the first of the selectors that is on screen;
// a step with none on screen is left out) and its words. The game's board module has its own
// steps (TOUR); the hint and the log end every tour. A game without TOUR has no tour.
const LAST_STEPS = [
  ["[data-testid=hint]", "tour.hint"],
  [".log", "tour.log"],
];

function stepsOf(game) {
  const own = boardModule(game).TOUR;
  return own ? [...own, ...LAST_STEPS] : [];
}

const key = (game) => `sg.tour.${game}`;

// The box's corners, tried in this order: [at the top, at the left].
const CORNERS = [
  [false, false],
  [true, false],
  [false, true],
  [true, true],
];

// How much of rectangle ``b`` rectangle ``a`` covers (square pixels).
function overlap(a, b) {
  const wide = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const high = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return Math.max(0, wide) * Math.max(0, high);
}

function tourDone(game) {
  return localStorage.getItem(key(game)) === "done";
}

// ``hold(open)`` is told when the tour opens and closes (the table holds the reader's clock
// meanwhile, where that is the house's rule).
export function createTour(root, hold = () => {}) {
  let game = null;
  let steps = [];
  let at = 0;
  let marked = null;
  const box = h("section.tour", {
    role: "dialog",
    "aria-modal": "false",
    "aria-labelledby": "tour-title",
    "data-testid": "tour",
    hidden: true,
  });
  document.body.append(box);

  function finish() {
    if (game) localStorage.setItem(key(game), "done");
    close();
  }

  function close() {
    if (game) hold(false);
    game = null;
    box.hidden = true;
    box.replaceChildren();
    unmark();
  }

  function unmark() {
    marked?.classList.remove("tour-target");
    marked = null;
  }

  // Marks the element the step is about (when it is on screen) and returns it.
  function mark() {
    unmark();
    marked = root.querySelector(steps[at]?.[0]);
    marked?.classList.add("tour-target");
    return marked;
  }

  function next() {
    if (at === steps.length - 1) return finish();
    at += 1;
    show();
  }

  // The box stays in its corner (bottom right) unless it covers what the step is about; then it
  // goes to the corner that covers least of it (where the box spans the window's width, a
  // phone's, that is the top or the bottom).
  function place() {
    const target = marked?.getBoundingClientRect();
    let best = null;
    for (const [top, left] of CORNERS) {
      box.classList.toggle("tour-top", top);
      box.classList.toggle("tour-left", left);
      const cover = target ? overlap(box.getBoundingClientRect(), target) : 0;
      if (!best || cover < best.cover) best = { top, left, cover };
      if (cover === 0) break;
    }
    box.classList.toggle("tour-top", best.top);
    box.classList.toggle("tour-left", best.left);
  }

  function show() {
    if (!game) return;
    mark()?.scrollIntoView({ block: "nearest" });
    const last = at === steps.length - 1;
    box.hidden = false;
    box.replaceChildren(
      h("p.tour-count.muted", {}, t("tour.step", { i: at + 1, n: steps.length })),
      h("h2", { id: "tour-title" }, t("tour.title", { game: t(`games.${game}`) })),
      h("p.tour-text", { "data-testid": "tour-text" }, t(steps[at][1], { log: t(`table.log.${game}`) })),
      h(
        "div.row",
        {},
        at > 0
          ? h(
              "button",
              {
                type: "button",
                "data-testid": "tour-back",
                onclick: () => {
                  at -= 1;
                  show();
                },
              },
              t("tour.back"),
            )
          : null,
        h(
          "button.primary",
          { type: "button", "data-testid": "tour-next", onclick: next },
          last ? t("tour.done") : t("tour.next"),
        ),
        h("button.ghost", { type: "button", "data-testid": "tour-skip", onclick: finish }, t("tour.skip")),
      ),
    );
    place();
  }

  return {
    // Starts the tour of ``name`` once the player sits in a running game of it and has not
    // seen it yet; keeps the marked element after every redraw of the table.
    update(table) {
      const seated = table.status === "playing" && table.you !== null;
      if (!game && seated && !tourDone(table.game)) {
        game = table.game;
        steps = stepsOf(game).filter(([selector]) => root.querySelector(selector));
        at = 0;
        if (!steps.length) return close();
        hold(true);
        return show();
      }
      if (game && (!seated || table.game !== game)) return close();
      if (game && !marked?.isConnected) {
        mark();
        place();
      }
    },
    stop: () => {
      close();
      box.remove();
    },
  };
}
