// "Schnell spielen": one button for the game on screen, with the seats (or "egal"), the clock
// and whether computers may take free seats after a wait. While the house looks for players
// the panel says so and asks again every two seconds (which keeps the player in the pool);
// once the table has started it opens. Closing the tab leaves the pool.
import { api, call, session } from "./api.js";
import { t } from "./i18n.js";
import { h, showError, toast } from "./ui.js";

const EVERY_MS = 2000;
const CLOCKS = [120, 30, 60, 90, 0];
const COMPUTERS_AFTER = [30, 15, 60, 120];

function select(id, values, labelOf, selected) {
  return h(
    "select",
    { id },
    values.map((value) =>
      h("option", { value: String(value), selected: String(value) === String(selected) }, labelOf(value)),
    ),
  );
}

// Leave the pool even when the page goes away (fetch with keepalive outlives the page).
function leaveOnClose() {
  if (!session.token) return;
  fetch(api.lobby("/quickplay"), {
    method: "DELETE",
    keepalive: true,
    headers: { Authorization: `Bearer ${session.token}` },
  }).catch(() => {});
}

export function createQuickPlay({ openTable }) {
  const box = h("section.quick-panel", { "data-testid": "quick-play", "aria-label": t("quick.title") });
  let timer = null;
  let alive = true;
  let waitingFor = null; // the request while waiting

  function stopAsking() {
    clearTimeout(timer);
    timer = null;
    window.removeEventListener("pagehide", leaveOnClose);
  }

  function show(status) {
    if (!alive) return;
    if (status.state === "matched" && status.table) {
      stopAsking();
      waitingFor = null;
      openTable(status.table);
      return;
    }
    if (status.state === "idle") {
      stopAsking();
      if (waitingFor) toast(t("quick.fell_through"));
      waitingFor = null;
      render(box.dataset.game);
      return;
    }
    const waited = Math.round(status.waited || 0);
    const time = `${Math.floor(waited / 60)}:${String(waited % 60).padStart(2, "0")}`;
    const text =
      status.rating === null || status.rating === undefined
        ? t("quick.starting")
        : t("quick.waiting", { time, rating: status.rating, window: status.window, n: status.waiting });
    box.querySelector(".quick-status")?.replaceChildren(text);
    timer = setTimeout(ask, EVERY_MS);
  }

  async function ask() {
    try {
      show(await api.get(api.lobby("/quickplay")));
    } catch {
      if (alive) timer = setTimeout(ask, EVERY_MS * 2);
    }
  }

  async function start(body) {
    try {
      waitingFor = body;
      window.addEventListener("pagehide", leaveOnClose);
      renderWaiting();
      show(await api.post(api.lobby("/quickplay"), body));
    } catch (error) {
      waitingFor = null;
      stopAsking();
      render(box.dataset.game);
      showError(error);
    }
  }

  async function cancel() {
    stopAsking();
    waitingFor = null;
    await call("DELETE", api.lobby("/quickplay")).catch(() => {});
    render(box.dataset.game);
  }

  function renderWaiting() {
    box.replaceChildren(
      h("h2", {}, t("quick.title")),
      h("p.quick-status", { role: "status", "aria-live": "polite", "data-testid": "quick-status" }, "…"),
      h("button", { type: "button", "data-testid": "quick-cancel", onclick: cancel }, t("quick.cancel")),
    );
  }

  function render(game, spec) {
    box.dataset.game = game;
    if (spec) box.spec = spec;
    if (waitingFor) return renderWaiting();
    const counts = [];
    for (let n = Math.max(2, box.spec.min_seats); n <= box.spec.max_seats; n++) counts.push(n);
    const seats = select(
      "quick-seats",
      ["any", ...counts],
      (n) => (n === "any" ? t("quick.seats.any") : String(n)),
      "any",
    );
    const clock = select(
      "quick-clock",
      CLOCKS,
      (c) => (c ? (c >= 120 ? "2 min" : `${c} s`) : t("lobby.clock.none")),
      120,
    );
    const computers = select(
      "quick-computers",
      ["never", ...COMPUTERS_AFTER],
      (s) => (s === "never" ? t("quick.computers.never") : `${s} s`),
      "never",
    );
    const field = (control, label) => h("div.field", {}, h("label", { for: control.id }, label), control);
    box.replaceChildren(
      h("h2", {}, t("quick.title")),
      h("p.muted", {}, t("quick.intro")),
      h(
        "div.grid-fields",
        {},
        field(seats, t("quick.seats")),
        field(clock, t("lobby.clock")),
        field(computers, t("quick.computers")),
      ),
      h(
        "button.primary",
        {
          type: "button",
          "data-testid": "quick-go",
          onclick: () =>
            start({
              game,
              seats: seats.value === "any" ? null : Number(seats.value),
              clock: Number(clock.value),
              computers_after: computers.value === "never" ? null : Number(computers.value),
            }),
        },
        t("quick.go", { game: t(`games.${game}`) }),
      ),
    );
  }

  // The player waits already (from another tab, or a bot's account): show the wait, ask on.
  api
    .get(api.lobby("/quickplay"))
    .then((status) => {
      if (!alive || status.state !== "waiting") return;
      waitingFor = { game: status.game };
      window.addEventListener("pagehide", leaveOnClose);
      renderWaiting();
      show(status);
    })
    .catch(() => {});

  return {
    box,
    render,
    stop: () => {
      // the lobby is left while waiting: out of the pool, not seated unseen
      alive = false;
      stopAsking();
      if (waitingFor) call("DELETE", api.lobby("/quickplay")).catch(() => {});
    },
  };
}
