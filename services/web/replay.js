// A finished game again, move by move (/t/<id>/<no>): the views the server computed with the
// engine (GET …/games/<no>/replay), as one seat saw them, as a spectator, or with every hand
// open. Forward, back, jump to a move, play at a chosen speed; the game's own board draws
// each step, nothing is played.
import { api, path, session } from "./api.js";
import { boardModule } from "./games.js";
import { lang, t } from "./i18n.js";
import { tablePath } from "./paths.js";
import { icon } from "./icons.js";
import { clear, h, showError, typing } from "./ui.js";

const SPEEDS = [0.5, 1, 2, 4];

export function renderReplay(root, id, no) {
  let alive = true;
  let data = null;
  let at = 0;
  let timer = null;
  let speed = 1;
  let mode = new URLSearchParams(location.search).get("as"); // "open", "spectator", a seat, or null
  let board = null;
  let table = null;

  const boardBox = h("div.board.replay-board", { "data-testid": "replay-board" });
  const handsBox = h("section.open-hands", { "data-testid": "open-hands", hidden: true });
  const linesBox = h("p.replay-lines", { "data-testid": "replay-lines", "aria-live": "polite" });
  const seatsBox = h("div.replay-seats");
  const controls = h("div.replay-controls");
  const head = h("h1.replay-title", {}, t("replay.title"));
  const panel = h(
    "section.replay.panel",
    { "data-testid": "replay" },
    head,
    controls,
    linesBox,
    seatsBox,
    boardBox,
    handsBox,
  );
  clear(root, panel);

  const ctx = {
    get table() {
      return table;
    },
    send: () => null,
    t,
    seatName: (seat) => data?.names[seat] || t("room.seat", { n: seat + 1 }),
    rerender: () => draw(),
    clearHint() {},
    notify() {},
  };

  function viewSeat() {
    return /^\d+$/.test(mode ?? "") ? Number(mode) : null;
  }

  async function load() {
    clearInterval(timer);
    timer = null;
    const seat = viewSeat();
    const query = new URLSearchParams({ lang: lang() });
    if (mode === "open") query.set("open", "true");
    else if (seat !== null) query.set("seat", String(seat));
    try {
      const answer = await api.get(api.table(`${path`/tables/${id}/games/${no}/replay`}?${query}`));
      if (!alive) return;
      const first = !data;
      data = answer;
      if (first && mode === null) {
        // first as the player saw it: the viewer's own seat in that game, if any
        const own = data.names.indexOf(session.player?.name);
        if (own >= 0) return choose(String(own));
        mode = "spectator";
      }
      at = Math.min(at, data.steps.length - 1);
      if (!board || board.game !== data.game) {
        board = boardModule(data.game).createBoard(ctx);
        board.game = data.game;
      }
      draw();
    } catch (error) {
      if (!alive) return;
      clear(
        panel,
        h("h1", {}, t("replay.title")),
        h("p", { "data-testid": "replay-missing" }, error.message),
        h("a", { href: tablePath(id), "data-route": "" }, t("replay.to_table")),
      );
      if (error.status !== 404 && error.status !== 409) showError(error);
    }
  }

  function choose(value) {
    mode = value;
    const url = new URL(location.href);
    url.searchParams.set("as", value);
    history.replaceState(null, "", `${url.pathname}${url.search}`);
    load();
  }

  function go(index) {
    if (!data) return;
    at = Math.max(0, Math.min(data.steps.length - 1, index));
    if (at === data.steps.length - 1) stop();
    draw();
  }

  function play() {
    if (!data) return;
    if (timer) {
      stop();
      return draw();
    }
    if (at >= data.steps.length - 1) at = 0;
    timer = setInterval(() => go(at + 1), 1000 / speed);
    draw();
  }

  function stop() {
    clearInterval(timer);
    timer = null;
  }

  function tableAt(step) {
    const seat = viewSeat();
    const last = at === data.steps.length - 1;
    return {
      id,
      game: data.game,
      status: "replay",
      version: at,
      you: seat,
      settings: {},
      options: data.options,
      waiting: [],
      seats: data.names.map((name, index) => ({
        seat: index,
        name,
        kind: data.kinds[index],
        you: index === seat,
        left: false,
        back: false,
      })),
      current: {
        no: data.no,
        to_move: step.to_move,
        view: step.view,
        legal: [],
        preview: null,
        result: last ? data.result : null,
      },
    };
  }

  function draw() {
    if (!data || !alive) return;
    const step = data.steps[at];
    const count = data.steps.length - 1;
    table = tableAt(step);
    clear(
      head,
      t("replay.title"),
      h("span.muted", {}, ` · ${t(`games.${data.game}`)} · ${t("replay.of", { id, no })}`),
    );
    const button = (key, label, text, onclick, disabled = false) =>
      h(
        "button",
        { type: "button", "data-testid": `replay-${key}`, "aria-label": label, title: label, onclick, disabled },
        text,
      );
    const slider = h("input", {
      type: "range",
      min: 0,
      max: count,
      value: at,
      id: "replay-at",
      "data-testid": "replay-at",
      "aria-label": t("replay.jump"),
      "aria-valuetext": t("replay.step", { i: at, n: count }),
      oninput: () => {
        stop();
        go(Number(slider.value));
      },
    });
    const speedSelect = h(
      "select",
      {
        id: "replay-speed",
        "data-testid": "replay-speed",
        onchange: () => {
          speed = Number(speedSelect.value);
          if (timer) {
            stop();
            play();
          }
        },
      },
      SPEEDS.map((s) => h("option", { value: s, selected: s === speed }, `${s}×`)),
    );
    const seat = viewSeat();
    const asSelect = h(
      "select",
      { id: "replay-as", "data-testid": "replay-as", onchange: () => choose(asSelect.value) },
      data.names.map((name, index) =>
        h(
          "option",
          { value: String(index), selected: seat === index },
          t("replay.as.seat", { name: name || index + 1 }),
        ),
      ),
      h("option", { value: "spectator", selected: mode === "spectator" }, t("replay.as.spectator")),
      h("option", { value: "open", selected: mode === "open" }, t("replay.as.open")),
    );
    const focused = document.activeElement?.dataset?.testid;
    clear(
      controls,
      h(
        "div.replay-buttons",
        { role: "group", "aria-label": t("replay.controls") },
        button(
          "start",
          t("replay.start"),
          icon("first"),
          () => {
            stop();
            go(0);
          },
          at === 0,
        ),
        button(
          "back",
          t("replay.back"),
          icon("prev"),
          () => {
            stop();
            go(at - 1);
          },
          at === 0,
        ),
        h(
          "button.primary",
          {
            type: "button",
            "data-testid": "replay-play",
            "aria-pressed": String(!!timer),
            "aria-keyshortcuts": "Space",
            onclick: play,
          },
          icon(timer ? "pause" : "play"),
          " ",
          timer ? t("replay.pause") : t("replay.play"),
        ),
        button(
          "forward",
          t("replay.forward"),
          icon("next"),
          () => {
            stop();
            go(at + 1);
          },
          at === count,
        ),
        button(
          "end",
          t("replay.end"),
          icon("last"),
          () => {
            stop();
            go(count);
          },
          at === count,
        ),
      ),
      h(
        "div.replay-jump",
        {},
        slider,
        h(
          "output.replay-step",
          { for: "replay-at", "data-testid": "replay-step" },
          at === 0 ? t("replay.deal") : t("replay.step", { i: at, n: count }),
        ),
      ),
      h(
        "div.replay-options",
        {},
        h("label", { for: "replay-speed" }, t("replay.speed")),
        speedSelect,
        h("label", { for: "replay-as" }, t("replay.as")),
        asSelect,
        h("a.replay-table", { href: tablePath(id), "data-route": "" }, t("replay.to_table")),
      ),
    );
    if (focused) controls.querySelector(`[data-testid="${focused}"]`)?.focus();
    linesBox.textContent = step.lines.length ? step.lines.join(" ") : at === 0 ? t("replay.deal") : "";
    clear(
      seatsBox,
      data.names.map((_, index) =>
        h(
          "span.replay-seat",
          {
            class: [
              step.to_move === index ? "turn" : "",
              step.seat === index ? "moved" : "",
              seat === index ? "you" : "",
            ]
              .filter(Boolean)
              .join(" "),
          },
          ctx.seatName(index),
          step.to_move === index ? ` · ${t("replay.to_move")}` : "",
        ),
      ),
    );
    board.render(boardBox, table);
    renderHands(step);
  }

  function renderHands(step) {
    handsBox.hidden = !step.hands;
    if (!step.hands) return handsBox.replaceChildren();
    const cardsOf = (hand) => (hand ? boardModule(data.game).handCards(hand) : []);
    clear(
      handsBox,
      h("h2", {}, t("replay.hands")),
      step.hands.map((hand, index) =>
        h(
          "div.open-hand",
          { "data-seat": index },
          h("span.open-hand-name", {}, ctx.seatName(index)),
          h("div.open-hand-cards", {}, cardsOf(hand)),
        ),
      ),
    );
  }

  function onKey(event) {
    if (!data || typing(event) || event.ctrlKey || event.metaKey || event.altKey || document.querySelector(".backdrop"))
      return;
    const keys = {
      ArrowLeft: () => go(at - 1),
      ArrowRight: () => go(at + 1),
      Home: () => go(0),
      End: () => go(data.steps.length - 1),
      " ": play,
    };
    if (!keys[event.key] || (event.key === " " && event.target.closest?.("button, a"))) return;
    event.preventDefault();
    if (event.key !== " ") stop();
    keys[event.key]();
  }
  document.addEventListener("keydown", onKey);

  load();
  return () => {
    alive = false;
    stop();
    document.removeEventListener("keydown", onKey);
  };
}
