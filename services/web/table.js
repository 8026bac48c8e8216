// The table frame common to all games: seats, clock, log, chat, Turbo, hints, leave, the end
// screen with "Nochmal", and the waiting room before the start. Each game's board is a module
// found by the game's name (<game>.js, games.js) that renders into the board area.
import { api, path, session } from "./api.js";
import { lang, t } from "./i18n.js";
import { optionControls, settingControls } from "./lobby.js";
import { createEndScreen } from "./endscreen.js";
import { boardModule } from "./games.js";
import { icon } from "./icons.js";
import { land, takeOff } from "./motion.js";
import { tablePath } from "./paths.js";
import { ratingBadge } from "./ratings.js";
import { maySit, roomLines } from "./room.js";
import { showRules } from "./rules.js";
import { sound } from "./sound.js";
import { subscribe } from "./sse.js";
import { createTableCalls } from "./tablecalls.js";
import { createTour } from "./tour.js";
import { clear, h, keepInStrip, keyHint, modal, showError, toast, typing } from "./ui.js";

const CHAT_LOCK = 2;

export function renderTable(root, id, { toLobby }) {
  let table = null;
  let offset = 0; // server clock minus ours, in seconds
  let board = null;
  let alive = true;
  let chatLockUntil = 0;
  let hintBusy = false;
  let logTimer = null;
  let loggedVersion = -1;
  let sending = false;
  let drawn = null; // the game as last drawn ({version, no, view}): what moved since

  const bar = h("header.table-bar");
  const seatsBox = h("section.seats", { "aria-label": t("table.seats") });
  const boardBox = h("main.board", { "data-testid": "board" });
  const hintBox = h("div.hint-box", { role: "status", "aria-live": "polite", hidden: true });
  const logList = h("ol.log-lines", { "aria-live": "off" });
  const logBox = h("aside.log", {}, h("h2.log-title"), logList);
  const chatLines = h("ol.chat-lines", { "aria-live": "polite" });
  const chatInput = h("input", {
    type: "text",
    maxlength: 200,
    id: "chat-input",
    "aria-label": t("table.chat.placeholder"),
    placeholder: t("table.chat.placeholder"),
  });
  const chatSend = h("button", { type: "submit", "data-testid": "chat-send" }, t("table.chat.send"));
  const joy = h(
    "button.joy",
    { type: "button", "data-testid": "chat-freude", onclick: () => say({ exclamation: "freude" }) },
    icon("joy"),
    " ",
    t("table.chat.freude"),
  );
  const grr = h(
    "button.grr",
    { type: "button", "data-testid": "chat-aergern", onclick: () => say({ exclamation: "aergern" }) },
    icon("grr"),
    " ",
    t("table.chat.aergern"),
  );
  const chatLock = h("span.chat-lock", { "data-testid": "chat-lock", "aria-live": "polite" });
  const chatForm = h(
    "form.chat-form",
    {
      onsubmit: (e) => {
        e.preventDefault();
        if (chatInput.value.trim()) say({ text: chatInput.value.trim() });
      },
    },
    chatInput,
    chatSend,
    joy,
    grr,
    chatLock,
  );
  const chatBox = h(
    "section.chat",
    { "aria-label": t("table.chat") },
    h("h2.sr-only", {}, t("table.chat")),
    chatLines,
    chatForm,
  );
  const overlay = h("div.board-layer");
  const noteBox = h("p.board-note", {
    role: "status",
    "aria-live": "assertive",
    "data-testid": "board-note",
    hidden: true,
  });
  // whose turn, the clock and the buttons over the board; seats, log and chat beside it (desktop)
  const side = h("div.table-side", {}, seatsBox, logBox, chatBox);
  const screen = h("div.table-screen", {}, bar, h("div.play-area", {}, boardBox, hintBox, overlay, noteBox), side);
  const header = document.getElementById("top");
  const end = createEndScreen({
    inertWhileOpen: (open) => {
      screen.inert = open;
      if (header) header.inert = open;
    },
    again: () => rematch(),
    toLobby: () => leaveNow(),
  });
  clear(root, screen, end.layer);
  const tour = createTour(screen, holdClock);
  const calls = createTableCalls();

  const ctx = {
    get table() {
      return table;
    },
    send,
    t,
    seatName: (seat) => table?.seats[seat]?.name || t("room.seat", { n: seat + 1 }),
    rerender: () => table && renderAll(),
    clearHint,
    notify,
  };

  // A short word where the player looks (over the board) when an action is refused.
  let noteTimer = null;
  function notify(text) {
    noteBox.textContent = text;
    noteBox.hidden = false;
    noteBox.classList.remove("show");
    void noteBox.offsetWidth; // restart the fade
    noteBox.classList.add("show");
    clearTimeout(noteTimer);
    noteTimer = setTimeout(() => {
      noteBox.hidden = true;
    }, 3000);
  }

  // ---------------------------------------------------------------- moves and state
  async function send(move) {
    if (sending || !table) return null;
    sending = true;
    clearHint();
    try {
      const answer = await api.post(api.table(path`/tables/${id}/moves`), { move, version: table.version });
      accept(answer.table);
      return answer;
    } catch (error) {
      if (error.status === 409) {
        await refresh();
      }
      showError(error);
      return null;
    } finally {
      sending = false;
    }
  }

  async function refresh() {
    try {
      accept(await api.get(api.table(path`/tables/${id}`)), true);
    } catch (error) {
      if (error.status === 404 || error.status === 403) {
        toast(error.message);
        toLobby();
      } else showError(error);
    }
  }

  function accept(next, force = false) {
    if (!alive || !next) return;
    if (table && next.version < table.version && !force) return;
    const newGame = !table || table.current?.no !== next.current?.no;
    const wasMine = myTurn();
    const moved = table && next.current && table.current && next.current.moves > table.current.moves;
    offset = next.server_time - Date.now() / 1000;
    table = next;
    if (!board || board.game !== table.game) {
      board = boardModule(table.game).createBoard(ctx);
      board.game = table.game;
    } else if (newGame) {
      board.newGame?.();
    }
    renderAll();
    scheduleLog();
    calls.update(table); // the turn's sound among them
    if (moved && (wasMine || !myTurn())) sound("card");
  }

  // ---------------------------------------------------------------- rendering
  function myTurn() {
    return table?.status === "playing" && table.you !== null && table.current?.to_move === table.you;
  }

  function renderAll() {
    const focused = document.activeElement?.dataset?.key;
    const scene = takeOff(movement());
    renderBar();
    renderSeats();
    overlay.replaceChildren();
    if (table.status !== "playing") noteBox.hidden = true;
    chatForm.hidden = table.you === null && !waitingHere(); // watchers read, they do not write
    screen.classList.toggle("my-turn", myTurn());
    screen.dataset.status = table.status;
    screen.dataset.game = table.game;
    screen.dataset.version = String(table.version);
    logBox.querySelector(".log-title").textContent = t(`table.log.${table.game}`);
    if (table.status === "open") {
      renderRoom();
    } else {
      board.render(boardBox, table);
      if (table.you === null && table.status === "playing") {
        overlay.append(
          h(
            "div.notice",
            { "data-testid": "spectator" },
            waitingHere() ? t("table.spectator") : t("table.watching.running"),
          ),
        );
      }
    }
    end.render(table, board);
    tour.update(table);
    if (focused) boardBox.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
    keepInStrip(boardBox.querySelector(".opponents"), boardBox.querySelector(".opponent.turn"));
    land(scene);
    tick();
  }

  // What moved since the game was drawn last (the board's plan for motion.js): only for a
  // newer version of the same game, never for the same table drawn again.
  function movement() {
    const before = drawn;
    const current = table.current;
    drawn = current?.view ? { version: table.version, no: current.no, view: current.view } : null;
    if (!before || !drawn || before.no !== drawn.no || drawn.version <= before.version) return null;
    return board.motion?.(before.view, drawn.view) ?? null;
  }

  function renderBar() {
    const current = table.current;
    const settings = table.settings;
    const playing = table.status === "playing";
    const turnText =
      !playing || !current
        ? ""
        : myTurn()
          ? t("table.your_turn")
          : current.to_move !== null
            ? t("table.turn_of", { name: ctx.seatName(current.to_move) })
            : "";
    clear(
      bar,
      h(
        "h1.table-title",
        {},
        t(`games.${table.game}`),
        h(
          "span.muted",
          {},
          h("span.table-id", {}, ` · ${table.id}`),
          current ? ` · ${t("table.game_no", { n: current.no })}` : "",
        ),
      ),
      h("span.tempo.muted", {}, t("table.tempo", { tempo: t(`lobby.tempo.${settings.tempo}`) })),
      h("span.turn", { "data-testid": "turn", "aria-live": "polite" }, turnText),
      h("span.clock", { "data-testid": "clock", role: "timer", "aria-label": t("table.clock"), hidden: !playing }),
      h("div.spacer"),
      settings.solo && playing
        ? h(
            "button.turbo",
            {
              type: "button",
              "data-testid": "turbo",
              "aria-pressed": String(!!current?.turbo),
              disabled: !!current?.turbo,
              onclick: async () => {
                try {
                  accept(await api.post(api.table(path`/tables/${id}/turbo`)));
                } catch (error) {
                  showError(error);
                }
              },
            },
            current?.turbo ? `⚡ ${t("table.turbo.on")}` : `⚡ ${t("table.turbo")}`,
          )
        : null,
      playing && table.you !== null
        ? h(
            "button.hint",
            {
              type: "button",
              "data-testid": "hint",
              disabled: !myTurn(),
              "aria-keyshortcuts": "T",
              onclick: askHint,
            },
            icon("bulb"),
            " ",
            t("table.hint"),
            keyHint("T"),
          )
        : null,
      h(
        "button.ghost.rules",
        { type: "button", "data-testid": "table-rules", onclick: () => showRules(table.game) },
        icon("book"),
        " ",
        t("rules.short"),
      ),
      h(
        "button.ghost.share",
        {
          type: "button",
          "data-testid": "share",
          "aria-label": t("table.link.label"),
          title: t("table.link.label"),
          onclick: share,
        },
        icon("link"),
        " ",
        t("table.link"),
      ),
      h(
        "button.leave",
        { type: "button", "data-testid": "leave", onclick: leave },
        table.you === null && !waitingHere() ? t("table.to_lobby") : t("table.leave"),
      ),
    );
  }

  // The table's own address, to send to someone who shall watch or join.
  async function share() {
    const url = new URL(tablePath(id), location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      /* no clipboard (an insecure origin): the address is shown to copy by hand */
    }
    toast(t("table.link.copied", { url }), "ok");
  }

  function renderSeats() {
    const current = table.current;
    const view = current?.view;
    clear(
      seatsBox,
      table.seats.map((seat, index) => {
        const info = view && board.seatInfo ? board.seatInfo(view, index) : null;
        const turn = table.status === "playing" && current?.to_move === index;
        const targetable = board.targetable?.(index);
        const name = seat.kind === "empty" ? t("room.empty") : seat.name;
        const status = seatStatus(seat);
        const meta = [info?.label, info?.extra].filter(Boolean).join(" · ");
        const parts = [
          name,
          seat.you ? t("table.you") : null,
          meta,
          status,
          turn ? t("table.turn_of", { name: "" }).trim() : null,
        ].filter(Boolean);
        const chip = h(
          targetable ? "button.seat" : "div.seat",
          {
            "data-seat": index,
            class: [
              turn ? "turn" : "",
              seat.you ? "you" : "",
              seat.left ? "gone" : "",
              targetable ? "targetable" : "",
              seat.kind,
            ]
              .filter(Boolean)
              .join(" "),
            "aria-label": parts.join(", "),
            type: targetable ? "button" : null,
            role: targetable ? null : "group",
            onclick: targetable ? () => board.seatClick(index) : null,
          },
          h("span.seat-no", { "aria-hidden": "true" }, index + 1),
          h(
            "span.seat-name",
            { "aria-hidden": "true" },
            seat.kind === "computer" ? icon("robot", t("room.computer")) : "",
            " ",
            name,
            seat.you ? ` (${t("table.you")})` : "",
          ),
          meta ? h("span.seat-cards", { "aria-hidden": "true" }, meta) : null,
          status ? h("span.seat-status", { "aria-hidden": "true", "data-testid": "seat-status" }, status) : null,
        );
        if (info?.element) chip.append(info.element);
        const rating = ratingBadge(table.game, seat, () => alive && table && renderSeats());
        if (rating) chip.append(rating);
        return chip;
      }),
    );
    keepInStrip(seatsBox, seatsBox.querySelector(".seat.turn"));
  }

  // One word on a chip at most: gone for good, or (while the seats are held for "Nochmal")
  // whether the others are back. Nothing of the kind at a solo table.
  function seatStatus(seat) {
    if (seat.kind !== "human") return null;
    if (seat.left) return t("table.left");
    if (table.status !== "over" || table.settings.solo) return null;
    if (seat.back) return `✓ ${t("table.back")}`;
    return table.held_until && !seat.you ? t("table.not_back") : null;
  }

  function waitingHere() {
    return table.waiting.includes(session.player?.name);
  }

  function tick() {
    if (!alive || !table) return;
    const clock = bar.querySelector(".clock");
    if (!clock) return;
    const current = table.current;
    const now = Date.now() / 1000 + offset;
    updateHeld(now);
    updateChatLock();
    if (table.status !== "playing" || !current) {
      clock.hidden = true;
      return;
    }
    clock.hidden = false;
    if (!table.settings.clock) {
      clock.replaceChildren(icon("clock"), ` ${t("table.noclock")}`);
      clock.className = "clock";
      return;
    }
    if (!current.clock_ends) {
      // a computer decides: the clock stands until a person is to move again
      clock.replaceChildren(icon("clock"), ` ${clockText(table.settings.clock)}`);
      clock.className = "clock idle";
      clock.title = t("table.clock.idle");
      return;
    }
    // while the first game's guide holds the clock, it stands
    const held = Math.max(0, (current.guide_until ?? 0) - now);
    clock.title = held ? t("table.clock.guide") : "";
    const left = current.clock_ends - held - now;
    if (left > 0) {
      const s = Math.min(Math.ceil(left), table.settings.clock);
      clock.replaceChildren(icon("clock"), ` ${clockText(s)}`);
      clock.className = `clock${s <= 10 ? " low" : ""}${held ? " held" : ""}`;
    } else {
      const grace = Math.max(0, Math.ceil(current.deadline - held - now));
      clock.replaceChildren(icon("clock"), ` 0:00 · ${t("table.grace", { s: grace })}`);
      clock.className = "clock grace";
    }
  }

  function clockText(seconds) {
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  }

  function updateHeld(now) {
    const held = end.layer.querySelector(".held");
    if (held && table.held_until) {
      held.textContent = t(held.dataset.text, {
        s: Math.max(0, Math.ceil(table.held_until - now)),
        names: held.dataset.names,
      });
    }
  }

  function updateChatLock() {
    const lock = chatLockUntil - Date.now() / 1000;
    const locked = lock > 0;
    chatLock.textContent = locked ? t("table.chat.locked", { s: Math.ceil(lock) }) : "";
    for (const el of [chatSend, joy, grr]) el.disabled = locked;
  }

  // ---------------------------------------------------------------- the waiting room
  // one field for the whole visit: a name being typed survives the room's redrawing
  const inviteName = h("input", { id: "invite-name", maxlength: 20 });
  function renderRoom() {
    const opener = table.you_open;
    const seatRows = table.seats.map((seat, index) =>
      h(
        "li.room-seat",
        {},
        h("span.seat-no", {}, t("room.seat", { n: index + 1 })),
        h(
          "span",
          {},
          seat.kind === "empty"
            ? t("room.empty")
            : seat.kind === "computer"
              ? [icon("robot", t("room.computer")), " ", seat.name]
              : seat.name,
        ),
        opener && seat.kind === "empty" && !table.settings.humans_only
          ? h(
              "button.small",
              {
                type: "button",
                onclick: () => setSeat(index, { kind: "computer", strength: table.settings.strength }),
              },
              t("room.put_computer"),
            )
          : null,
        opener && seat.kind === "computer"
          ? h(
              "button.small",
              { type: "button", onclick: () => setSeat(index, { kind: "empty" }) },
              t("room.make_empty"),
            )
          : null,
        // the opener frees the seat of someone who keeps the game from starting (cannot pay, is away)
        opener && seat.kind === "human" && !seat.you
          ? h(
              "button.small",
              {
                type: "button",
                "data-testid": "free-seat",
                onclick: () => setSeat(index, { kind: "empty" }),
              },
              t("room.free_seat"),
            )
          : null,
      ),
    );
    const parts = [
      h("h2", {}, t("room.title", { id: table.id })),
      h("p.muted", {}, t("room.opener", { name: table.opener || "?" })),
      h("ol.room-seats", {}, seatRows),
      table.waiting.length ? h("p", {}, t("room.waiting", { names: table.waiting.join(", ") })) : null,
      h(
        "div.room-status",
        { "data-testid": "room-status", "aria-live": "polite" },
        roomLines(table).map((line) => h("p", {}, line)),
      ),
      maySit(table)
        ? h(
            "button.primary.big",
            { type: "button", "data-testid": "take-seat", onclick: takeSeat },
            t("room.take_seat"),
          )
        : null,
      table.you === null
        ? null
        : h(
            "form.row",
            {
              onsubmit: async (e) => {
                e.preventDefault();
                try {
                  await api.post(api.lobby("/invitations"), { to: inviteName.value, table: table.id });
                  toast(t("lobby.challenge.sent", { name: inviteName.value }), "ok");
                  inviteName.value = "";
                } catch (error) {
                  showError(error);
                }
              },
            },
            h("label", { for: "invite-name" }, t("room.invite.name")),
            inviteName,
            h("button", { type: "submit" }, t("room.invite")),
          ),
    ];
    if (opener) {
      const options = optionControls(table.game, table.options, table.seats.length);
      const settings = settingControls(table.settings);
      parts.push(
        h(
          "details.room-settings",
          {},
          h("summary", {}, t("room.settings")),
          h(
            "form",
            {
              onsubmit: async (e) => {
                e.preventDefault();
                try {
                  accept(
                    await api.patch(api.lobby(path`/tables/${id}/settings`), {
                      options: options.read(),
                      settings: settings.read(),
                    }),
                  );
                } catch (error) {
                  showError(error);
                }
              },
            },
            h("div.grid-fields", {}, options.fields, settings.fields),
            h("button", { type: "submit" }, t("room.save")),
          ),
        ),
      );
      parts.push(
        h(
          "button.primary.big",
          {
            type: "button",
            "data-testid": "start",
            onclick: async () => {
              try {
                accept(await api.post(api.lobby(path`/tables/${id}/start`)));
              } catch (error) {
                showError(error);
              }
            },
          },
          t("room.start"),
        ),
      );
    }
    clear(boardBox, h("section.room.panel", {}, parts));
  }

  // Whoever opened the table's link sits down with one click (the first free seat).
  async function takeSeat() {
    try {
      accept(await api.post(api.lobby(`/tables/${id}/seats`), {}));
      loadChat();
    } catch (error) {
      showError(error);
      refresh();
    }
  }

  async function setSeat(index, body) {
    try {
      accept(await api.put(api.lobby(path`/tables/${id}/seats/${index}`), body));
    } catch (error) {
      showError(error);
    }
  }

  // ---------------------------------------------------------------- the end screen
  async function rematch() {
    try {
      accept(await api.post(api.table(path`/tables/${id}/rematch`)));
    } catch (error) {
      showError(error);
    }
  }

  // ---------------------------------------------------------------- the first game's guide
  // Alone among computers the clock waits while the guide is open; with other people at the
  // table it waits for nobody (the house answers 409 not_alone), so it is not asked there.
  function holdClock(open) {
    const alone = table && table.you !== null && table.seats.filter((s) => s.kind === "human" && !s.left).length === 1;
    if (!alone || !table.settings.clock || table.status !== "playing") return;
    api.post(api.table(path`/tables/${id}/guide`), { open }).then(
      (next) => accept(next),
      () => {},
    );
  }

  // ---------------------------------------------------------------- hints
  function clearHint() {
    hintBox.hidden = true;
    board?.showHint?.(null);
  }

  async function askHint() {
    if (!myTurn() || hintBusy) return;
    hintBusy = true;
    hintBox.hidden = false;
    hintBox.replaceChildren(icon("bulb"), " …");
    try {
      const answer = await api.get(api.table(path`/tables/${id}/hint`));
      hintBox.replaceChildren(
        icon("bulb"),
        ` ${board.describe ? board.describe(answer.move) : JSON.stringify(answer.move)}`,
      );
      board.showHint?.(answer.move);
    } catch (error) {
      hintBox.replaceChildren(icon("bulb"), ` ${error.message || t("table.hint.none")}`);
    } finally {
      hintBusy = false;
    }
  }

  // ---------------------------------------------------------------- leaving
  async function leaveNow() {
    if (table && table.you === null && !waitingHere()) return toLobby(); // only watching
    try {
      await api.post(api.table(path`/tables/${id}/leave`));
    } catch (error) {
      if (error.status !== 404 && error.problem.code !== "not_at_table") showError(error); // gone already
    }
    toLobby();
  }

  // What leaving costs on the leaderboard (DECISIONS "All games" §5): Speedlaunch −10 in a
  // game of two minutes or more, the others −10 in a game with other people.
  function leavePenalty() {
    if (table.game === "speedlaunch") return t("table.leave.penalty.late");
    const people = table.seats.filter((seat) => seat.kind === "human" && !seat.left).length;
    return people > 1 ? t("table.leave.penalty") : t("table.leave.free");
  }

  function leave() {
    if (table?.status !== "playing" || table.you === null) return leaveNow();
    const { close } = modal(
      t("table.leave"),
      h(
        "div",
        {},
        h("p", {}, t("table.leave.confirm"), " ", leavePenalty()),
        h(
          "div.row",
          {},
          h(
            "button.primary",
            {
              type: "button",
              "data-testid": "leave-confirm",
              onclick: () => {
                close();
                leaveNow();
              },
            },
            t("table.leave"),
          ),
        ),
      ),
    );
  }

  // ---------------------------------------------------------------- log and chat
  function scheduleLog() {
    if (!table.current || table.version === loggedVersion) return;
    clearTimeout(logTimer);
    logTimer = setTimeout(loadLog, 250);
  }

  async function loadLog() {
    if (!alive) return;
    const version = table.version;
    try {
      const lines = await api.get(api.table(path`/tables/${id}/log?lang=${lang()}`));
      if (!alive) return;
      loggedVersion = version;
      const atBottom = logList.scrollHeight - logList.scrollTop - logList.clientHeight < 40;
      clear(
        logList,
        lines
          .slice(-200)
          .map((line) => h("li", { class: table.you !== null && line.seat === table.you ? "mine" : null }, line.text)),
      );
      if (atBottom) logList.scrollTop = logList.scrollHeight; // (one reading older lines stays)
    } catch {
      /* the next change loads it again */
    }
  }

  // The chat GET and the event stream may both carry a line (they start at different points).
  const chatSeen = new Set();
  function addChat(line) {
    const key = `${line.at}|${line.seat}|${line.text}`;
    if (chatSeen.has(key)) return;
    chatSeen.add(key);
    const time = new Date(line.at * 1000).toLocaleTimeString(lang(), { hour: "2-digit", minute: "2-digit" });
    // an exclamation in the reader's language
    chatLines.append(
      h("li", {}, h("span.muted", {}, time, " "), h("strong", {}, line.name, ": "), line.texts?.[lang()] ?? line.text),
    );
    while (chatLines.children.length > 100) chatLines.firstChild.remove();
    chatLines.scrollTop = chatLines.scrollHeight;
  }

  async function say(body) {
    if (chatLockUntil > Date.now() / 1000) return;
    try {
      addChat(await api.post(api.table(path`/tables/${id}/chat`), body)); // (the stream's copy is the same line)
      chatInput.value = "";
      chatLockUntil = Date.now() / 1000 + CHAT_LOCK;
    } catch (error) {
      if (error.status === 429)
        chatLockUntil = Date.now() / 1000 + (error.problem.retry_after || error.retryAfter || CHAT_LOCK);
      showError(error);
    }
    tick();
  }

  async function loadChat() {
    try {
      const lines = await api.get(api.table(path`/tables/${id}/chat`));
      clear(chatLines);
      chatSeen.clear();
      lines
        .slice()
        .sort((a, b) => a.at - b.at)
        .forEach(addChat);
    } catch {
      /* not seated yet: no chat */
    }
  }

  // ---------------------------------------------------------------- keys
  function onKey(event) {
    if (typing(event) || event.ctrlKey || event.metaKey || event.altKey || document.querySelector(".backdrop")) return;
    if (event.target?.closest?.(".tour")) return; // Enter on the tour's buttons is theirs
    if (board?.key?.(event)) {
      event.preventDefault();
      return;
    }
    if (event.key === "t" || event.key === "T") {
      event.preventDefault();
      askHint();
    }
  }
  document.addEventListener("keydown", onKey);

  // ---------------------------------------------------------------- start
  const ticker = setInterval(tick, 250);
  const unsubscribe = subscribe(id, {
    onTable: (next) => accept(next),
    onEvents: (events) => {
      for (const event of events) {
        if (event.type === "chat") addChat(event);
      }
    },
    onClosed: () => {
      toast(t("table.over"), "ok");
    },
  });
  refresh();
  loadChat();

  return () => {
    alive = false;
    clearInterval(ticker);
    clearTimeout(logTimer);
    unsubscribe();
    document.removeEventListener("keydown", onKey);
    clearTimeout(noteTimer);
    end.stop();
    tour.stop();
    calls.stop();
    if (header) header.inert = false;
  };
}

export { session };
