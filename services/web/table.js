// A table: the frame common to all games around the game's board. It holds the table as the
// house last answered it, sends moves, follows the table's event stream and draws each part
// anew from it: the bar (turnbar.js), the seats (seats.js), the board or the waiting room
// before the start (waitingroom.js), the hint (hint.js), the note over the board
// (boardnote.js), the log (tablelog.js), the chat (chat.js), the end screen (endscreen.js),
// the first game's tour (tour.js) and the calls (tablecalls.js). Each game's board is a module
// found by the game's name (<game>.js, games.js: the contract) that renders into the board area.
import { api, path } from "./api.js";
import { createBoardNote } from "./boardnote.js";
import { createChat } from "./chat.js";
import { createEndScreen } from "./endscreen.js";
import { boardModule } from "./games.js";
import { createHint } from "./hint.js";
import { t } from "./i18n.js";
import { createLeaving } from "./leaving.js";
import { land, takeOff } from "./motion.js";
import { waitingHere } from "./room.js";
import { createSeats } from "./seats.js";
import { sound } from "./sound.js";
import { subscribe } from "./sse.js";
import { createTableCalls } from "./tablecalls.js";
import { showClock } from "./tableclock.js";
import { createTableLog } from "./tablelog.js";
import { createTour } from "./tour.js";
import { createTurnBar, myTurn } from "./turnbar.js";
import { clear, h, keepInStrip, showError, toast, typing } from "./ui.js";
import { createWaitingRoom } from "./waitingroom.js";

export function renderTable(root, id, { toLobby }) {
  let table = null;
  let offset = 0; // server clock minus ours, in seconds
  let board = null;
  let alive = true;
  let sending = false;
  let drawn = null; // the game as last drawn ({version, no, view}): what moved since

  // What the parts read: the table (null once the page left it) and the game's board.
  const frame = {
    get table() {
      return alive ? table : null;
    },
    get board() {
      return board;
    },
  };
  /** @type {import("./games.js").BoardContext} */
  const ctx = {
    get table() {
      return table;
    },
    send,
    t,
    seatName: (seat) => table?.seats[seat]?.name || t("room.seat", { n: seat + 1 }),
    rerender: () => table && renderAll(),
    clearHint: () => hint.clear(),
    notify: (text) => note.show(text),
  };

  const note = createBoardNote();
  const hint = createHint(id, frame);
  const leaving = createLeaving(id, frame, toLobby);
  const bar = createTurnBar(id, { accept, askHint: hint.ask, leave: leaving.leave, seatName: ctx.seatName });
  const seats = createSeats(frame);
  const log = createTableLog(id, frame);
  const chat = createChat(id);
  const room = createWaitingRoom(id, { accept, refresh, seated: chat.load });
  const boardBox = h("main.board", { "data-testid": "board" });
  const overlay = h("div.board-layer");
  // whose turn, the clock and the buttons over the board; seats, log and chat beside it (desktop)
  const side = h("div.table-side", {}, seats.el, log.el, chat.el);
  const screen = h("div.table-screen", {}, bar.el, h("div.play-area", {}, boardBox, hint.el, overlay, note.el), side);
  const header = document.getElementById("top");
  const end = createEndScreen({
    inertWhileOpen: (open) => {
      screen.inert = open;
      if (header) header.inert = open;
    },
    again: rematch,
    toLobby: leaving.leaveNow,
  });
  clear(root, screen, end.layer);
  const tour = createTour(screen, holdClock);
  const calls = createTableCalls();

  // ---------------------------------------------------------------- moves and state
  async function send(move) {
    if (sending || !table) return null;
    sending = true;
    hint.clear();
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
    const wasMine = myTurn(table);
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
    log.schedule();
    calls.update(table); // the turn's sound among them
    if (moved && (wasMine || !myTurn(table))) sound("card");
  }

  async function rematch() {
    try {
      accept(await api.post(api.table(path`/tables/${id}/rematch`)));
    } catch (error) {
      showError(error);
    }
  }

  // ---------------------------------------------------------------- rendering
  function renderAll() {
    const focused = document.activeElement?.dataset?.key;
    const scene = takeOff(movement());
    bar.render(table);
    seats.render(table, board);
    overlay.replaceChildren();
    if (table.status !== "playing") note.hide();
    chat.writable(table.you !== null || waitingHere(table)); // watchers read, they do not write
    screen.classList.toggle("my-turn", myTurn(table));
    screen.dataset.status = table.status;
    screen.dataset.game = table.game;
    screen.dataset.version = String(table.version);
    log.render(table);
    if (table.status === "open") {
      room.render(boardBox, table);
    } else {
      board.render(boardBox, table);
      if (table.you === null && table.status === "playing") {
        const words = waitingHere(table) ? t("table.spectator") : t("table.watching.running");
        overlay.append(h("div.notice", { "data-testid": "spectator" }, words));
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

  // The clock, the seconds the seats are held and the chat's lock, four times a second.
  function tick() {
    if (!alive || !table) return;
    const clock = bar.clock();
    if (!clock) return;
    const now = Date.now() / 1000 + offset;
    end.tick(table, now);
    chat.tick();
    showClock(clock, table, now);
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
      hint.ask();
    }
  }
  document.addEventListener("keydown", onKey);

  // ---------------------------------------------------------------- start
  const ticker = setInterval(tick, 250);
  const unsubscribe = subscribe(id, {
    onTable: (next) => accept(next),
    onEvents: (events) => {
      for (const event of events) {
        if (event.type === "chat") chat.add(event);
      }
    },
    onClosed: () => {
      toast(t("table.over"), "ok");
    },
  });
  refresh();
  chat.load();

  return () => {
    alive = false;
    clearInterval(ticker);
    log.stop();
    unsubscribe();
    document.removeEventListener("keydown", onKey);
    note.stop();
    end.stop();
    tour.stop();
    calls.stop();
    if (header) header.inert = false;
  };
}
