// The lobby: the games the house offers (games.js), opening a table with every setting, the open tables, who is
// online (challenge) and incoming invitations, and the leaderboard per game.
import { api, path, session } from "./api.js";
import { gameOf, games } from "./games.js";
import { has, t } from "./i18n.js";
import { icon } from "./icons.js";
import { callPlayer } from "./notify.js";
import { playerPath } from "./paths.js";
import { prefs } from "./prefs.js";
import { createQuickPlay } from "./quickplay.js";
import { computerRatingsLine, loadRatings, ratingBoard, ratingText, seatRating } from "./ratings.js";
import { showRules } from "./rules.js";
import { clear, h, showError, toast } from "./ui.js";

const CLOCKS = [120, 30, 60, 90, 0];
const announced = new Set(); // invitations the player was called for (once each)

// The client's word for a key, or `otherwise` where it has none (a game new to it: the
// engine's description).
function word(key, otherwise) {
  const text = t(key);
  return text === key ? otherwise : text;
}

// A choice's label: the game's counted word for the option where it has one (`opt.<name>.n`,
// "10 Karten"), else its word for the choice, else the value.
function optionLabel(name, value) {
  if (has(`opt.${name}.n`)) return t(`opt.${name}.n`, { n: value });
  return word(`opt.${name}.${value}`, String(value));
}

function field(id, label, control) {
  control.id = id;
  return h("div.field", {}, h("label", { for: id }, label), control);
}

function select(name, values, labelOf, selected) {
  return h(
    "select",
    { name },
    values.map((value) =>
      h("option", { value: String(value), selected: String(value) === String(selected) }, labelOf(value)),
    ),
  );
}

function readValue(raw, sample) {
  if (typeof sample === "boolean") return raw === "true" || raw === true;
  if (typeof sample === "number") return Number(raw);
  return raw;
}

// The game's options as form fields, as its engine describes them (games.js); an option the
// game offers only at another seat count (Speedone's partners: four) is left out and not sent.
export function optionControls(game, current = {}, seats = null) {
  const controls = {};
  const offered = gameOf(game).options.filter((option) => !option.seats.length || option.seats.includes(seats));
  const fields = offered.map(({ name, choices, default: fallback, description }) => {
    const label = word(`opt.${name}`, description);
    if (typeof fallback === "boolean") {
      const box = h("input", { type: "checkbox", name, checked: current[name] ?? fallback });
      controls[name] = () => box.checked;
      box.id = `opt-${name}`;
      return h("label.check", { for: box.id }, box, label);
    }
    const control = select(name, choices, (v) => optionLabel(name, v), current[name] ?? fallback);
    controls[name] = () => readValue(control.value, fallback);
    return field(`opt-${name}`, label, control);
  });
  return { fields, read: () => Object.fromEntries(Object.entries(controls).map(([k, f]) => [k, f()])) };
}

export function settingControls(current = {}) {
  const clock = select(
    "clock",
    CLOCKS,
    (c) => (c ? (c >= 120 ? "2 min" : `${c} s`) : t("lobby.clock.none")),
    current.clock ?? 120,
  );
  const tempo = select("tempo", ["normal", "fast"], (v) => t(`lobby.tempo.${v}`), current.tempo ?? "normal");
  const stakes = h("input", {
    type: "number",
    name: "stakes",
    min: 0,
    max: 100000,
    step: 10,
    value: current.stakes ?? 0,
  });
  const fill = select("fill", ["computer", "empty"], (v) => t(`lobby.fill.${v}`), current.fill ?? "computer");
  const strength = select(
    "strength",
    ["leicht", "normal", "stark"],
    (v) => t(`strength.${v}`),
    current.strength ?? "normal",
  );
  const humans = h("input", {
    type: "checkbox",
    name: "humans_only",
    id: "set-humans",
    checked: !!current.humans_only,
  });
  const fields = [
    field("set-clock", t("lobby.clock"), clock),
    field("set-tempo", t("lobby.tempo"), tempo),
    field("set-stakes", t("lobby.stakes"), stakes),
    field("set-strength", t("lobby.strength"), strength),
    h(
      "div.open-only",
      {},
      field("set-fill", t("lobby.fill"), fill),
      h("label.check", { for: "set-humans" }, humans, t("lobby.humans_only")),
    ),
  ];
  return {
    fields,
    read: () => ({
      clock: Number(clock.value),
      tempo: tempo.value,
      stakes: Number(stakes.value) || 0,
      fill: fill.value,
      strength: strength.value,
      humans_only: humans.checked,
    }),
  };
}

export function renderLobby(root, { openTable }) {
  let game = localStorage.getItem("sg.game");
  if (!gameOf(game)) game = games()[0].name;
  let period = "all";
  const timers = [];
  let alive = true;

  const tablesBox = h("div.list", { "aria-live": "polite", "data-testid": "open-tables" });
  const runningBox = h("div.list", { "data-testid": "running-tables" });
  const onlineBox = h("ul.online");
  const invitesBox = h("div.invites", { "aria-live": "polite" });
  const boardBox = h("div.leaderboard");
  const mineBox = h("div.mine");
  const formBox = h("div");
  const quick = createQuickPlay({ openTable });

  function chooseGame(name) {
    game = name;
    localStorage.setItem("sg.game", name);
    render();
    refreshTables();
    refreshBoard();
  }

  async function create(body) {
    try {
      const table = await api.post(api.lobby("/tables"), body);
      openTable(table.id);
    } catch (error) {
      showError(error);
    }
  }

  function renderForm() {
    const spec = gameOf(game);
    const mode = localStorage.getItem("sg.mode") || "solo";
    const solo = h("input", { type: "radio", name: "mode", id: "mode-solo", value: "solo", checked: mode === "solo" });
    const open = h("input", { type: "radio", name: "mode", id: "mode-open", value: "open", checked: mode !== "solo" });
    const seatValues = [];
    for (let n = spec.min_seats; n <= spec.max_seats; n++) seatValues.push(n);
    const seats = select(
      "seats",
      seatValues,
      (n) => String(n),
      Math.min(Math.max(Number(localStorage.getItem("sg.seats")) || 2, spec.min_seats), spec.max_seats),
    );
    // the options and settings chosen last for this game (strength, target, clock …)
    const chosen = JSON.parse(localStorage.getItem(`sg.form.${game}`) || "{}");
    let options = optionControls(game, chosen.options || {}, Number(seats.value));
    const optionBox = h("div.option-fields", {}, options.fields);
    seats.addEventListener("change", () => {
      options = optionControls(game, options.read(), Number(seats.value));
      optionBox.replaceChildren(...options.fields);
    });
    const settings = settingControls(chosen.settings || {});
    const remember = () => {
      localStorage.setItem("sg.mode", solo.checked ? "solo" : "open");
      localStorage.setItem("sg.seats", seats.value);
      localStorage.setItem(`sg.form.${game}`, JSON.stringify({ options: options.read(), settings: settings.read() }));
    };
    const form = h(
      "form.create",
      {
        "aria-label": t("lobby.create"),
        onsubmit: (event) => {
          event.preventDefault();
          remember();
          create({
            game,
            seats: Number(seats.value),
            options: options.read(),
            settings: { ...settings.read(), solo: solo.checked },
          });
        },
      },
      h(
        "fieldset.modes",
        {},
        h("legend", {}, t("lobby.create")),
        h("label.check", { for: "mode-solo" }, solo, t("lobby.create.solo")),
        h("label.check", { for: "mode-open" }, open, t("lobby.create.open")),
      ),
      h("div.grid-fields", {}, field("create-seats", t("lobby.seats"), seats), optionBox, settings.fields),
      computerRatingsLine(game),
      h("button.primary", { type: "submit", "data-testid": "create-table" }, t("lobby.create")),
    );
    const sync = () => {
      form.classList.toggle("solo", solo.checked);
      // alone against computers the settings for other players do not apply: disabled, not only dimmed
      for (const control of form.querySelectorAll(".open-only select, .open-only input"))
        control.disabled = solo.checked;
    };
    form.addEventListener("change", remember);
    solo.addEventListener("change", sync);
    open.addEventListener("change", sync);
    sync();
    form.readSettings = () => ({
      game,
      seats: Math.max(2, Number(seats.value)),
      options: options.read(),
      settings: { ...settings.read(), solo: false },
    });
    return form;
  }

  let form;
  function render() {
    form = renderForm();
    clear(formBox, form);
    quick.render(game, gameOf(game));
    clear(
      root,
      h(
        "div.lobby",
        {},
        h(
          "nav.games",
          { "aria-label": t("lobby.games") },
          games().map(({ name }) =>
            h(
              "button.game-tab",
              {
                type: "button",
                "aria-pressed": String(name === game),
                "data-game": name,
                onclick: () => chooseGame(name),
              },
              h("span.game-name", {}, t(`games.${name}`)),
              h("span.game-about", {}, t(`games.${name}.about`)),
            ),
          ),
        ),
        h(
          "section.panel.create-panel",
          {},
          quick.box,
          h(
            "button.ghost.rules-open",
            { type: "button", "data-testid": "rules-open", onclick: () => showRules(game) },
            icon("book"),
            " ",
            t("rules.open", { game: t(`games.${game}`) }),
          ),
          formBox,
        ),
        h("section.panel.tables-panel", {}, h("h2", {}, t("lobby.open_tables")), mineBox, tablesBox, runningBox),
        h(
          "aside.side",
          {},
          h("section.panel", {}, h("h2", {}, t("lobby.invitations")), invitesBox),
          h("section.panel", {}, h("h2", {}, t("lobby.online")), onlineBox),
          h(
            "section.panel",
            {},
            h("h2", {}, t("lobby.leaderboard"), " · ", t(`games.${game}`)),
            h(
              "div.row",
              { role: "group" },
              ["all", "month", "rating"].map((p) =>
                h(
                  "button.small",
                  {
                    type: "button",
                    "aria-pressed": String(p === period),
                    onclick: () => {
                      period = p;
                      refreshBoard();
                      render();
                    },
                  },
                  t(`lobby.period.${p}`),
                ),
              ),
            ),
            boardBox,
          ),
        ),
      ),
    );
  }

  function seatSummary(seats, game) {
    return seats
      .map((seat) => {
        if (seat.kind === "empty") return t("room.empty");
        const rating = seatRating(game, seat);
        return rating ? `${seat.name} (${ratingText(rating)})` : seat.name;
      })
      .join(", ");
  }

  async function refreshTables() {
    try {
      const [tables, mine] = await Promise.all([
        api.get(api.lobby(path`/tables?game=${game}`)),
        api.get(api.lobby("/me/tables")),
      ]);
      const names = tables.flatMap((table) =>
        table.seats.filter((seat) => seat.kind === "human").map((seat) => seat.name),
      );
      await loadRatings(game, names).catch(() => {});
      if (!alive) return;
      const mineIds = new Set(mine.map((table) => table.id));
      clear(
        mineBox,
        mine.length
          ? [
              h("h3", {}, t("lobby.my_tables")),
              mine.map((table) =>
                h(
                  "div.table-row",
                  {},
                  h("span.tname", {}, `${t(`games.${table.game}`)} · ${table.id}`),
                  h("span.who", {}, seatSummary(table.seats, table.game)),
                  h("button", { type: "button", onclick: () => openTable(table.id) }, t("lobby.back_to")),
                ),
              ),
            ]
          : [],
      );
      const others = tables.filter((table) => !mineIds.has(table.id));
      const joinable = others.filter((table) => table.status === "open" && table.free > 0);
      const running = others.filter((table) => table.status === "playing");
      clear(
        tablesBox,
        joinable.length ? joinable.map((table) => tableRow(table, "join")) : h("p.muted", {}, t("lobby.no_tables")),
      );
      clear(
        runningBox,
        running.length ? [h("h3", {}, t("lobby.running")), running.map((table) => tableRow(table, "watch"))] : [],
      );
    } catch (error) {
      if (alive) showError(error);
    }
  }

  // A table in the lists: game and state, who sits there, and the one thing to do there.
  function tableRow(table, action) {
    const join = async () => {
      try {
        await api.post(api.lobby(path`/tables/${table.id}/seats`), {});
        openTable(table.id);
      } catch (error) {
        showError(error);
        refreshTables();
      }
    };
    return h(
      "div.table-row",
      { "data-table": table.id, "data-status": table.status },
      h("span.tname", {}, `${t(`games.${table.game}`)} · ${t(`lobby.status.${table.status}`)}`),
      h("span.who", { "data-testid": "table-seats" }, seatSummary(table.seats, table.game)),
      h("span.free", {}, action === "join" ? t("lobby.free", { n: table.free }) : ""),
      action === "join"
        ? h("button", { type: "button", "data-testid": "join", onclick: join }, t("lobby.join"))
        : h("button", { type: "button", "data-testid": "watch", onclick: () => openTable(table.id) }, t("lobby.watch")),
    );
  }

  async function challenge(name) {
    try {
      const mine = await api.get(api.lobby("/me/tables"));
      let table = mine.find((entry) => entry.status === "open" && !entry.settings.solo);
      if (!table) table = await api.post(api.lobby("/tables"), form.readSettings());
      await api.post(api.lobby("/invitations"), { to: name, table: table.id });
      toast(t("lobby.challenge.sent", { name }), "ok");
      openTable(table.id);
    } catch (error) {
      showError(error);
    }
  }

  async function refreshOnline() {
    try {
      const online = await api.get(api.lobby("/online"));
      if (!alive) return;
      clear(
        onlineBox,
        h("li.muted", {}, t("lobby.online.count", { n: online.count })),
        online.players.map((player) =>
          h(
            "li",
            {},
            h("span", {}, player.name),
            player.you
              ? h("span.muted", {}, ` (${t("table.you")})`)
              : h(
                  "button.small",
                  { type: "button", "data-testid": "challenge", onclick: () => challenge(player.name) },
                  t("lobby.challenge"),
                ),
          ),
        ),
      );
    } catch {
      /* the next poll tries again */
    }
  }

  async function refreshInvites() {
    try {
      const { invitations } = await api.get(api.lobby("/invitations"));
      if (!alive) return;
      for (const inv of invitations.filter((entry) => !announced.has(entry.id))) {
        announced.add(inv.id);
        callPlayer({
          title: t("notify.invitation", { from: inv.from, game: t(`games.${inv.game}`) }),
          kind: "call",
          tag: `invitation-${inv.id}`,
        });
      }
      clear(
        invitesBox,
        invitations.length
          ? invitations.map((inv) =>
              h(
                "div.invite",
                { "data-testid": "invitation" },
                h("span", {}, t("lobby.invitation", { from: inv.from, game: t(`games.${inv.game}`) })),
                h(
                  "button.small.primary",
                  {
                    type: "button",
                    onclick: async () => {
                      try {
                        const accepted = await api.post(api.lobby(path`/invitations/${inv.id}/accept`));
                        openTable(accepted.table);
                      } catch (error) {
                        showError(error);
                      }
                    },
                  },
                  t("lobby.accept"),
                ),
                h(
                  "button.small",
                  {
                    type: "button",
                    onclick: async () => {
                      await api.post(api.lobby(path`/invitations/${inv.id}/decline`)).catch(showError);
                      refreshInvites();
                    },
                  },
                  t("lobby.decline"),
                ),
              ),
            )
          : h("p.muted", {}, "—"),
      );
    } catch {
      /* the next poll tries again */
    }
  }

  async function refreshBoard() {
    if (period === "rating") {
      try {
        const shown = await ratingBoard(game, session.player?.name);
        if (alive) clear(boardBox, shown);
      } catch (error) {
        if (alive) clear(boardBox, h("p.muted", {}, error.message));
      }
      return;
    }
    try {
      const board = await api.get(api.ledger(path`/leaderboards/${game}?period=${period}`));
      if (!alive) return;
      clear(
        boardBox,
        board.top.length
          ? h(
              "ol.leaders",
              {},
              board.top.map((s) =>
                h(
                  "li",
                  { class: s.you ? "me" : null },
                  h("span.rank", {}, s.rank),
                  h("a.name", { href: playerPath(s.name), "data-route": "" }, s.name),
                  h("span.points", {}, s.points),
                ),
              ),
            )
          : h("p.muted", {}, t("lobby.board.empty")),
        h(
          "p.muted",
          {},
          board.me?.rank ? t("lobby.board.me", { rank: board.me.rank, n: board.me.points }) : t("lobby.board.me_none"),
        ),
      );
    } catch (error) {
      if (alive) clear(boardBox, h("p.muted", {}, error.message));
    }
  }

  render();
  refreshTables();
  refreshOnline();
  refreshInvites();
  refreshBoard();
  timers.push(setInterval(refreshTables, 3000), setInterval(refreshOnline, 10000), setInterval(refreshInvites, 4000));
  return () => {
    alive = false;
    quick.stop();
    timers.forEach(clearInterval);
  };
}

export { prefs };
