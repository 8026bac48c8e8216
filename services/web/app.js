// The client's entry: sign in, then the page the address names (/ the lobby, /t/<id> a table,
// /p/<name> a player) or — at / after a reload — straight back to the table one plays at.
import { ApiError, api, session } from "./api.js";
import { t } from "./i18n.js";
import { duration } from "./endscreen.js";
import { games, loadGames } from "./games.js";
import { renderLobby } from "./lobby.js";
import { isTableId, playerPath, replayPath, tablePath } from "./paths.js";
import { renderPlayer } from "./player.js";
import { renderReplay } from "./replay.js";
import { applyPrefs, prefs, setPref } from "./prefs.js";
import { canNotify, chooseDesktop, pageTitle } from "./notify.js";
import { NAME_MAX, NAME_MIN, PASSWORD_MAX, fieldProblems } from "./problems.js";
import { renderTable } from "./table.js";
import { clear, clearToast, h, keyHint, modal, showError, toast, typing } from "./ui.js";

const TABLE_KEY = "sg.table";
const main = document.getElementById("main");
const header = document.getElementById("top");
let cleanup = null;
let heartbeat = null;

function leaveView() {
  cleanup?.();
  cleanup = null;
}

function renderHeader() {
  document.querySelector(".skip").textContent = t("skip");
  clear(
    header,
    h(
      "a.brand",
      {
        href: "/",
        onclick: (e) => {
          e.preventDefault();
          showLobby();
        },
      },
      h("span.logo", { "aria-hidden": "true" }, "⚡"),
      t("brand"),
    ),
    h("div.spacer"),
    session.player
      ? h("a.me", { "data-testid": "me", href: playerPath(session.player.name), "data-route": "" }, session.player.name)
      : null,
    session.player
      ? h(
          "button.ghost",
          { type: "button", onclick: showBalance, "aria-keyshortcuts": "B" },
          t("balance.key"),
          keyHint("B"),
        )
      : null,
    h(
      "button.ghost",
      { type: "button", onclick: showSettings, "aria-label": t("settings.title"), title: t("settings.title") },
      "⚙",
    ),
    h(
      "button.ghost",
      {
        type: "button",
        "aria-label": t("lang.switch.label"),
        "data-testid": "lang",
        onclick: () => {
          setPref("lang", prefs.lang === "en" ? "de" : "en");
          clearToast();
          rerender();
        },
      },
      t("lang.switch"),
    ),
    session.player ? h("button.ghost", { type: "button", onclick: logout }, t("logout")) : null,
  );
}

let current = () => {};
function rerender() {
  renderHeader();
  current();
}

let loginDraft = ""; // the name typed so far survives a switch of language

function showLogin() {
  leaveView();
  current = showLogin;
  renderHeader();
  const name = h("input", {
    id: "login-name",
    name: "name",
    autocomplete: "username",
    required: true,
    minlength: NAME_MIN,
    maxlength: NAME_MAX,
    value: loginDraft,
    oninput: () => {
      loginDraft = name.value;
    },
  });
  const password = h("input", {
    id: "login-password",
    type: "password",
    autocomplete: "current-password",
    maxlength: PASSWORD_MAX,
  });
  const nameError = h("p.field-error", { id: "login-name-error", "data-testid": "name-error", hidden: true });
  const passwordError = h("p.field-error", {
    id: "login-password-error",
    "data-testid": "password-error",
    hidden: true,
  });
  const fields = { name: [name, nameError], password: [password, passwordError] };
  const mark = (error) => {
    const refused = error instanceof ApiError ? fieldProblems(error.problem, error.sent) : [];
    for (const [field, [input, line]] of Object.entries(fields)) {
      const problem = refused.find((entry) => entry.field === field);
      line.hidden = !problem;
      line.textContent = problem?.text || "";
      for (const [attr, value] of [
        ["aria-invalid", "true"],
        ["aria-describedby", line.id],
      ]) {
        if (problem) input.setAttribute(attr, value);
        else input.removeAttribute(attr);
      }
    }
  };
  const act = (kind) => async (event) => {
    event?.preventDefault();
    mark(null);
    try {
      let answer;
      if (kind === "guest") answer = await api.post(api.lobby("/accounts/guest"), { name: name.value });
      else if (kind === "signin")
        answer = await api.post(api.lobby("/sessions"), { name: name.value, password: password.value });
      else answer = await api.post(api.lobby("/accounts"), { name: name.value, password: password.value });
      session.set(answer.token, answer.player);
      startHeartbeat();
      await resume();
    } catch (error) {
      mark(error);
      showError(error);
    }
  };
  clear(
    main,
    h(
      "section.login.panel",
      {},
      h("h1", {}, t("login.title")),
      h("p", {}, t("login.intro")),
      h(
        "form",
        { onsubmit: act("guest"), novalidate: true },
        h("label", { for: "login-name" }, t("login.name")),
        name,
        nameError,
        h("button.primary", { type: "submit" }, t("login.guest")),
        h(
          "details",
          {},
          h("summary", {}, t("login.signin")),
          h("label", { for: "login-password" }, t("login.password")),
          password,
          passwordError,
          h(
            "div.row",
            {},
            h("button", { type: "button", onclick: act("signin") }, t("login.signin")),
            h("button", { type: "button", onclick: act("register") }, t("login.register")),
          ),
        ),
      ),
      h(
        "ul.game-intro",
        {},
        games().map(({ name: game }) =>
          h("li", {}, h("strong", {}, t(`games.${game}`)), " – ", t(`games.${game}.about`)),
        ),
      ),
    ),
  );
  name.focus();
}

// ---------------------------------------------------------------- addresses

// The address names the page: a new page pushes its address (Back returns), a page shown
// for the address already there (reload, Back, Forward) changes nothing in the history.
let shown = null; // the path of the page on screen
function address(path, replace = false) {
  shown = path;
  if (location.pathname === path) return;
  history[replace ? "replaceState" : "pushState"](null, "", path);
}

export function showLobby({ replace = false } = {}) {
  leaveView();
  localStorage.removeItem(TABLE_KEY);
  address("/", replace);
  pageTitle(t("brand"));
  current = () => showLobby({ replace: true });
  renderHeader();
  cleanup = renderLobby(main, { openTable: (id) => showTable(id) });
}

export function showTable(id, { replace = false } = {}) {
  leaveView();
  localStorage.setItem(TABLE_KEY, id);
  address(tablePath(id), replace);
  pageTitle(`${t("brand")} · ${id}`);
  current = () => showTable(id, { replace: true });
  renderHeader();
  cleanup = renderTable(main, id, { toLobby: () => showLobby() });
}

export function showPlayer(name, { replace = false } = {}) {
  leaveView();
  address(playerPath(name), replace);
  pageTitle(`${t("brand")} · ${name}`);
  current = () => showPlayer(name, { replace: true });
  renderHeader();
  cleanup = renderPlayer(main, name);
}

export function showReplay(id, no, { replace = false } = {}) {
  leaveView();
  address(replayPath(id, no), replace);
  pageTitle(`${t("brand")} · ${t("replay.title")} · ${id} · ${no}`);
  current = () => showReplay(id, no, { replace: true });
  renderHeader();
  cleanup = renderReplay(main, id, no);
}

// The page of the address in the bar; false when it names none (/ and anything unknown, a
// table id that is no id, a player "." or "..", an address that does not decode).
function route() {
  const path = location.pathname;
  const match = (pattern) => {
    try {
      return path.match(pattern)?.slice(1).map(decodeURIComponent);
    } catch {
      return null; // a broken %-escape
    }
  };
  const replay = match(/^\/t\/([^/]+)\/(\d+)\/?$/);
  if (replay && isTableId(replay[0])) {
    showReplay(replay[0], Number(replay[1]), { replace: true });
    return true;
  }
  const table = match(/^\/t\/([^/]+)\/?$/);
  if (table && isTableId(table[0])) {
    showTable(table[0], { replace: true });
    return true;
  }
  const player = match(/^\/p\/([^/]+)\/?$/);
  if (player && !/^\.{1,2}$/.test(player[0])) {
    showPlayer(player[0], { replace: true });
    return true;
  }
  return false;
}

window.addEventListener("popstate", () => {
  if (location.pathname === shown) return; // only the fragment changed (the skip link)
  if (!session.token || !session.player) return showLogin();
  if (!route()) showLobby({ replace: true });
});

// Links inside the client (data-route) change the page without loading it again; a click
// with a modifier (new tab, new window) is left to the browser.
document.addEventListener("click", (event) => {
  const link = event.target.closest?.("a[data-route]");
  if (
    !link ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.ctrlKey ||
    event.metaKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  document.querySelector(".backdrop .modal-head .close")?.click();
  event.preventDefault();
  history.pushState(null, "", link.getAttribute("href"));
  if (!route()) showLobby({ replace: true });
});

async function resume() {
  if (route()) return;
  let tables = [];
  try {
    tables = await api.get(api.lobby("/me/tables"));
  } catch (error) {
    if (error.status === 401) return logout();
    showError(error);
  }
  // back to a game that runs or a table that waits for its start; once the game is over the
  // start address is the lobby (its end screen stays at the table's own address)
  const stored = localStorage.getItem(TABLE_KEY);
  const open = tables.filter((table) => table.status !== "over");
  const back = open.find((table) => table.id === stored) || open.find((table) => table.status === "playing");
  if (back) showTable(back.id, { replace: true });
  else showLobby({ replace: true });
}

function logout() {
  leaveView();
  session.set(null, null);
  localStorage.removeItem(TABLE_KEY);
  clearInterval(heartbeat);
  address("/", true);
  showLogin();
}

function startHeartbeat() {
  clearInterval(heartbeat);
  const beat = () => api.post(api.lobby("/online")).catch(() => {});
  beat();
  heartbeat = setInterval(beat, 20000);
}

async function showBalance() {
  if (!session.player || document.querySelector(".backdrop")) return;
  try {
    const bilanz = await api.get(api.ledger("/balance"));
    const body = h(
      "div.balance",
      {},
      h("p.taler", { "data-testid": "balance" }, t("balance.taler", { n: bilanz.balance.toLocaleString(prefs.lang) })),
      h("h3", {}, t("balance.games")),
      h(
        "table",
        {},
        h(
          "tbody",
          {},
          (bilanz.games || []).map((g) =>
            h(
              "tr",
              { "data-game": g.game },
              h("th", {}, t(`games.${g.game}`)),
              h("td", {}, `${g.played} ${t("balance.played")}`),
              h("td", {}, `${g.won} ${t("balance.won")}`),
              h("td.muted", { "data-testid": "balance-short" }, shortGames(g)),
            ),
          ),
        ),
      ),
      h("h3", {}, t("balance.entries")),
      h(
        "table",
        {},
        h(
          "tbody",
          {},
          (bilanz.entries || [])
            .slice(0, 20)
            .map((e) =>
              h(
                "tr",
                {},
                h("td", {}, new Date(e.at * 1000).toLocaleString(prefs.lang)),
                h("td", {}, t(`balance.reason.${e.reason}`)),
                h("td.num", { class: e.amount < 0 ? "neg" : "pos" }, (e.amount > 0 ? "+" : "") + e.amount),
                h("td.num", {}, e.balance),
              ),
            ),
        ),
      ),
    );
    modal(t("balance.title"), body);
  } catch (error) {
    showError(error);
  }
}

// The games a player's balance counts apart, and why (DECISIONS "All games" §9).
function shortGames(record) {
  const under = duration(record.short_under);
  return [
    record.unscored ? t("balance.unscored", { n: record.unscored, under }) : null,
    record.no_bonus ? t("balance.no_bonus", { n: record.no_bonus, under }) : null,
  ]
    .filter(Boolean)
    .join("; ");
}

function showSettings() {
  const toggle = (name, label) => {
    const box = h("input", {
      type: "checkbox",
      id: `pref-${name}`,
      checked: !!prefs[name],
      onchange: () => {
        setPref(name, box.checked);
        current();
      },
    });
    return h("label.check", { for: `pref-${name}` }, box, label);
  };
  modal(
    t("settings.title"),
    h(
      "div.settings",
      {},
      toggle("anim", t("settings.anim")),
      toggle("magnify", t("settings.magnify")),
      toggle("widechat", t("settings.widechat")),
      toggle("playable", t("settings.playable")),
      toggle("sound", t("settings.sound")),
      desktopToggle(),
    ),
  );
}

// Desktop notifications: the browser's permission is asked only when the player turns them on.
function desktopToggle() {
  const box = h("input", {
    type: "checkbox",
    id: "pref-notify",
    checked: !!prefs.notify,
    disabled: !canNotify(),
    onchange: async () => {
      const wanted = box.checked;
      box.checked = await chooseDesktop(wanted);
      if (wanted && !box.checked) toast(t("settings.notify.denied"));
    },
  });
  return h(
    "label.check",
    { for: "pref-notify", title: canNotify() ? null : t("settings.notify.none") },
    box,
    t("settings.notify"),
  );
}

document.addEventListener("keydown", (event) => {
  if (typing(event) || event.ctrlKey || event.metaKey || event.altKey) return;
  if ((event.key === "b" || event.key === "B") && !document.querySelector(".backdrop")) {
    event.preventDefault();
    showBalance();
  }
});

async function boot() {
  applyPrefs();
  try {
    await loadGames();
  } catch (error) {
    showError(error);
  }
  if (!session.token) return showLogin();
  try {
    session.player = await api.get(api.lobby("/accounts/me"));
  } catch (error) {
    if (error.status === 401) {
      session.set(null, null);
      return showLogin();
    }
    showError(error);
    return showLogin();
  }
  startHeartbeat();
  await resume();
}

boot();
