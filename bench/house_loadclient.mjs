// Closed-loop load client for the house's human-versus-human move path: the loop of the
// boardgame.io peer's client (shared/peers/boardgameio/loadclient.js), spoken in REST + SSE.
//
//   node bench/house_loadclient.mjs --server http://127.0.0.1:8080 --tables M
//        --tokens FILE [--duration 15] [--warmup 3] [--server-pids group:pid,...]
//        [--label NAME] [--seed 1] [--mode versus|solo|human]
//        [--think 2,6] [--reconnects-per-minute 0.01]
//
// FILE is a JSON array of at least 2*M bearer tokens (guests); tokens 2t and 2t+1 play at
// table slot t. Plain `http` with a keep-alive agent per player, its own SSE parser, no
// dependencies.
//
// 1. Per slot: the first guest opens a Speedone table (2 seats, settings fill "empty",
//    clock 0), the second takes the free seat, both open the table's event stream
//    (GET /api/table/tables/<id>/events, Authorization: Bearer) and read its first event,
//    then the opener starts the game.
// 2. Closed loop, one move in flight per table: the seat to move sends POST …/moves with a
//    legal move of its newest table view (a play or ONE when it has one, chosen at random,
//    else a draw) and that view's version, the moment its stream or its own move answer says
//    it is its turn. A finished game is replaced by a new table (same two guests).
// 3. Move latency = POST sent → answer read. Fan-out = the mover's answer read → the other
//    seat's SSE `update` of that version read (0 when the update came first; counted as
//    `fanout_ms.before_answer`).
// Mode solo: the human-plus-computer cycle instead. Per slot the first guest opens a solo
//    Speedone table (2 seats: the guest and a computer; opening starts it), switches it to
//    Turbo and follows its stream; it moves whenever it is its turn, the computer (an RQ
//    worker) answers. Moves/s counts the human's moves; "fan-out" is then the computer's
//    reply: the human's answer read → the update that gives it the turn again.
// Mode human: the versus loop at a human pace (bench/human_pace.py). A seat moves a random
//    --think seconds (default 2–6) after its turn came; a stream is dropped and opened again
//    with Last-Event-ID now and then (each stream --reconnects-per-minute, default 1 %);
//    the time from the reconnect to the stream's answer head is `reconnect_ms`. Up to 10,000
//    tables.
// 4. CPU from /proc over the measuring window (utime+stime, CLK_TCK 100): this process, and
//    each pid of --server-pids (summed per group, e.g. web:123,web:124,redis:99).
//
// Prints one JSON line on stdout; progress on stderr. Only loopback servers are accepted.

import fs from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

// ---------- args ----------
const argv = process.argv.slice(2);
function arg(name, def) {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : def;
}
const M = Number(arg('tables', 1));
const DURATION = Number(arg('duration', 15));
const WARMUP = Number(arg('warmup', 3));
const SERVER = new URL(arg('server', 'http://127.0.0.1:8080'));
const TOKENS = JSON.parse(fs.readFileSync(arg('tokens', ''), 'utf8'));
const LABEL = arg('label', `house-M${M}`);
const SEED = Number(arg('seed', 1));
const MODE = arg('mode', 'versus');
const SOLO = MODE === 'solo';
const HUMAN = MODE === 'human';
const [THINK_MIN, THINK_MAX] = arg('think', '2,6').split(',').map(Number);
const RECONNECTS_PER_MINUTE = Number(arg('reconnects-per-minute', 0.01));
const SERVER_PIDS = (arg('server-pids', '') || '')
  .split(',')
  .filter(Boolean)
  .map((item) => {
    const [group, pid] = item.split(':');
    return { group, pid: Number(pid) };
  });
const SETUP_CONCURRENCY = HUMAN ? 48 : 16;
const SETUP_TIMEOUT_S = 60 + M * 0.5;
const MAX_TABLES = HUMAN ? 10000 : 2000;
const MAX_DURATION = HUMAN ? 900 : 300;
const CLK_TCK = 100;

if (!/^127\.|^localhost$|^\[::1\]$/.test(SERVER.hostname)) {
  console.error(`refusing non-loopback server ${SERVER}`);
  process.exit(2);
}
if (!(M >= 1 && M <= MAX_TABLES) || !(DURATION > 0 && DURATION <= MAX_DURATION) ||
    TOKENS.length < 2 * M) {
  console.error(`tables must be 1..${MAX_TABLES}, duration 1..${MAX_DURATION} s, and 2 tokens per table`);
  process.exit(2);
}
const hardTimer = setTimeout(() => {
  console.error(`hard timeout reached (${LABEL}), exiting`);
  process.exit(3);
}, (SETUP_TIMEOUT_S + WARMUP + DURATION + 20) * 1000);
const log = (...a) => console.error(`[${LABEL}]`, ...a);

// ---------- /proc ----------
function procTicks(pid) {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return Number(f[14 - 3]) + Number(f[15 - 3]); // utime, stime
  } catch {
    return null; // gone
  }
}
function machineCpu() {
  const v = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { idle: v[3] + (v[4] || 0), total: v.reduce((a, b) => a + b, 0) };
}

// ---------- HTTP ----------
// Every player keeps its own keep-alive connection for its requests, as a browser tab does
// (and as the peer's client keeps one socket per player): one agent per token.
const agents = new Map();
function agentOf(token) {
  if (!agents.has(token)) agents.set(token, new http.Agent({ keepAlive: true, maxSockets: 2 }));
  return agents.get(token);
}
const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function request(method, path, token, body, retry = true) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? null : JSON.stringify(body);
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    if (payload !== null) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = Buffer.byteLength(payload);
    }
    const req = http.request(
      { host: SERVER.hostname, port: SERVER.port, method, path, headers, agent: agentOf(token) },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let data = null;
          try {
            data = text ? JSON.parse(text) : null;
          } catch {
            data = { text };
          }
          resolve({ status: res.statusCode, data });
        });
        res.on('error', reject);
      }
    );
    req.on('error', (error) => {
      // A keep-alive connection the server closed while idle: once more (a move carries its
      // version, so the house applies a repeat once).
      if (retry && req.reusedSocket && error.code === 'ECONNRESET') {
        request(method, path, token, body, false).then(resolve, reject);
      } else reject(error);
    });
    if (payload !== null) req.write(payload);
    req.end();
  });
}

// An event stream: calls onEvent(kind, data, id, now) per event; resolves once the response
// head arrived with 200. With lastId, it goes on after that event (Last-Event-ID).
function openStream(path, token, onEvent, onEnd, lastId = null) {
  return new Promise((resolve, reject) => {
    const headers = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
    if (lastId) headers['Last-Event-ID'] = lastId;
    const req = http.request({
      host: SERVER.hostname, port: SERVER.port, method: 'GET', path, agent: streamAgent, headers,
    });
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`events: HTTP ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const now = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let kind = 'message';
          let id = null;
          const data = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5));
            else if (line.startsWith('event:')) kind = line.slice(line[6] === ' ' ? 7 : 6);
            else if (line.startsWith('id:')) id = line.slice(line[3] === ' ' ? 4 : 3);
            // comments (":") and retry: are ignored
          }
          if (data.length) onEvent(kind, JSON.parse(data.join('\n')), id, now);
        }
      });
      res.on('end', onEnd);
      res.on('error', onEnd);
      resolve(req);
    });
    req.on('error', (error) => {
      reject(error);
      onEnd();
    });
    req.end();
  });
}

// ---------- measurement ----------
let phase = 'setup'; // setup -> warmup -> measure -> drain
let tMeasureStart = Infinity;
let tMeasureEnd = Infinity;
let stopSending = false;
let windowMoves = 0;
let totalMoves = 0;
const lat = [];
const fanout = [];
let fanoutBeforeAnswer = 0;
const errors = {};
let tablesOpened = 0;
let gamesFinished = 0;
let stalls = 0;
let reconnects = 0;
const reconnectLat = [];
const STALL_MS = HUMAN ? (THINK_MAX + 4) * 1000 : 2000;
const inWindow = (t) => phase === 'measure' && t >= tMeasureStart && t < tMeasureEnd;
const countError = (name) => {
  errors[name] = (errors[name] || 0) + 1;
};

let rng = SEED * 2654435761 % 4294967296 || 1;
function random() {
  rng ^= rng << 13; rng >>>= 0;
  rng ^= rng >>> 17;
  rng ^= rng << 5; rng >>>= 0;
  return rng / 4294967296;
}
function chooseMove(legal) {
  const plays = legal.filter((m) => m.type !== 'draw');
  const pool = plays.length ? plays : legal;
  return pool[Math.floor(random() * pool.length)];
}

const yourTurn = (table) =>
  Boolean(table && table.status === 'playing' && table.current && table.current.to_move === table.you);

// ---------- a table slot ----------
class Slot {
  constructor(index) {
    this.index = index;
    this.tokens = [TOKENS[2 * index], TOKENS[2 * index + 1]];
    this.id = null;
    this.streams = [];
    this.views = [null, null]; // newest view per player (by token index)
    this.newest = -1; // newest version anyone saw
    this.inflight = false;
    this.answers = new Map(); // version -> { t, mover }
    this.early = new Map(); // version -> { t, player } (an update read before the answer)
    this.replacing = false;
    this.progress = 0; // when a view last got newer
    this.lastIds = [null, null]; // the newest event id per player's stream
    this.due = null; // human mode: { version, at } — when the seat to move moves
    this.wake = null; // its timer
  }

  follow(p, id, onOpen = null) {
    // Player p's stream of table id (onOpen(now): its answer's head came); resolves at its
    // first event. A stream that ends by itself replaces the table.
    let first = true;
    let started;
    const stream = openStream(
      `/api/table/tables/${id}/events`,
      this.tokens[p],
      (kind, data, eventId, now) => {
        if (eventId) this.lastIds[p] = eventId;
        if (first) {
          first = false;
          started(now);
        }
        if (this.id === id) this.onEvent(p, kind, data, now);
      },
      () => {
        // (while the first tables are set up, a failed setup is retried there)
        if (this.id === id && !this.replacing && this.streams[p] === req && phase !== 'drain' &&
            phase !== 'setup') {
          countError('stream_ended');
          this.replace();
        }
      },
      this.lastIds[p]
    );
    let req = null;
    const firstEvent = new Promise((resolve) => { started = resolve; });
    return stream.then((opened) => {
      req = opened;
      this.streams[p] = opened;
      if (onOpen) onOpen(performance.now());
      return firstEvent;
    });
  }

  reconnect(p) {
    // Human mode: drop player p's stream and open it again where it left off.
    const id = this.id;
    const old = this.streams[p];
    if (!id || !old || this.replacing) return;
    this.streams[p] = null;
    old.destroy();
    reconnects++;
    const t = performance.now();
    const opened = (now) => {
      if (inWindow(now)) reconnectLat.push(now - t);
    };
    this.follow(p, id, opened).catch((error) => {
      countError(`reconnect: ${error.message.slice(0, 40)}`);
      if (this.id === id) this.replace();
    });
  }

  async open() {
    const settings = SOLO ? { solo: true, clock: 0 } : { fill: 'empty', clock: 0 };
    const made = await request('POST', '/api/lobby/tables', this.tokens[0],
                               { game: 'speedone', seats: 2, settings });
    if (made.status !== 201) throw new Error(`open: ${made.status} ${JSON.stringify(made.data)}`);
    const id = made.data.id;
    if (SOLO) {
      const turbo = await request('POST', `/api/table/tables/${id}/turbo`, this.tokens[0]);
      if (turbo.status !== 200) throw new Error(`turbo: ${turbo.status} ${JSON.stringify(turbo.data)}`);
    } else {
      const joined = await request('POST', `/api/lobby/tables/${id}/seats`, this.tokens[1], {});
      if (joined.status !== 200 && joined.status !== 201) {
        throw new Error(`join: ${joined.status} ${JSON.stringify(joined.data)}`);
      }
    }
    this.id = id;
    this.replyFrom = null;
    this.views = [null, null];
    this.newest = -1;
    this.answers.clear();
    this.early.clear();
    this.lastIds = [null, null];
    this.due = null;
    await Promise.all((SOLO ? [0] : [0, 1]).map((p) => this.follow(p, id)));
    if (!SOLO) { // (a solo table started at once: the stream's first event brought it)
      const started = await request('POST', `/api/lobby/tables/${id}/start`, this.tokens[0]);
      if (started.status !== 200) throw new Error(`start: ${started.status} ${JSON.stringify(started.data)}`);
      this.see(0, started.data);
    }
    tablesOpened++;
  }

  close() {
    for (const req of this.streams) if (req) req.destroy();
    this.streams = [];
    this.id = null;
  }

  async replace() {
    if (this.replacing) return;
    this.replacing = true;
    this.close();
    while (!stopSending) {
      try {
        await this.open();
        break;
      } catch (error) {
        countError(`setup: ${error.message.slice(0, 60)}`);
        this.close();
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    this.replacing = false;
    this.maybeMove();
  }

  see(p, view) {
    if (!view || typeof view.version !== 'number') return;
    const mine = this.views[p];
    if (mine && mine.version >= view.version) return;
    this.views[p] = view;
    this.progress = performance.now();
    if (view.version > this.newest) this.newest = view.version;
    if (view.status === 'over' || view.status === 'closed') {
      if (!this.replacing && phase !== 'drain') {
        gamesFinished++;
        this.replace();
      }
      return;
    }
    this.maybeMove();
  }

  onEvent(p, kind, data, now) {
    const reply = this.replyFrom;
    if (kind === 'closed') {
      this.replace();
      return;
    }
    if (SOLO && kind === 'update' && reply && data.version > reply.version && yourTurn(data.table)) {
      if (inWindow(now)) fanout.push(now - reply.t);
      this.replyFrom = null;
    } else if (SOLO) {
      // (no fan-out to another seat)
    } else if (kind === 'update') {
      const answer = this.answers.get(data.version);
      if (answer && answer.mover !== p) {
        this.answers.delete(data.version);
        if (inWindow(now)) fanout.push(now - answer.t);
      } else if (!answer && this.inflight && this.mover !== p) {
        this.early.set(data.version, now);
      }
    }
    if (data.table) this.see(p, data.table);
  }

  maybeMove() {
    if (this.inflight || stopSending || this.replacing || phase === 'setup' || !this.id) return;
    for (const p of [0, 1]) {
      const view = this.views[p];
      if (!view || view.version !== this.newest || view.status !== 'playing') continue;
      const current = view.current;
      if (!current || current.to_move !== view.you || !current.legal.length) continue;
      if (HUMAN && !this.thought(view.version)) return;
      this.move(p, view);
      return;
    }
  }

  thought(version) {
    // Human mode: whether the seat has thought long enough about this version (the first
    // call for a version starts the thinking); until then the table is woken when it is over
    // (a timer may fire a little early: it is set again for what is left).
    const now = performance.now();
    if (!this.due || this.due.version !== version) {
      this.due = { version, at: now + (THINK_MIN + random() * (THINK_MAX - THINK_MIN)) * 1000 };
    }
    const left = this.due.at - now;
    if (left <= 0) return true;
    clearTimeout(this.wake);
    this.wake = setTimeout(() => this.maybeMove(), left + 1);
    return false;
  }

  async move(p, view) {
    this.inflight = true;
    this.mover = p;
    const id = this.id;
    const body = { move: chooseMove(view.current.legal), version: view.version };
    const sentAt = performance.now();
    let answer;
    try {
      answer = await request('POST', `/api/table/tables/${id}/moves`, this.tokens[p], body);
    } catch (error) {
      countError(error.code || error.message);
      this.inflight = false;
      if (this.id === id) setTimeout(() => this.resync(), 100);
      return;
    }
    const now = performance.now();
    this.inflight = false;
    if (this.id !== id) return;
    if (answer.status !== 200) {
      countError(`HTTP ${answer.status}${answer.data?.code ? ` ${answer.data.code}` : ''}`);
      setTimeout(() => this.resync(), 100);
      return;
    }
    totalMoves++;
    if (inWindow(now)) {
      windowMoves++;
      lat.push(now - sentAt);
    }
    const version = answer.data.version;
    const early = this.early.get(version);
    if (early !== undefined) {
      this.early.delete(version);
      if (inWindow(now)) {
        fanout.push(0);
        fanoutBeforeAnswer++;
      }
    } else {
      this.answers.set(version, { t: now, mover: p });
      if (this.answers.size > 64) this.answers.delete(this.answers.keys().next().value);
    }
    if (this.early.size > 64) this.early.clear();
    if (SOLO) this.awaitReply(p, answer.data.table, now);
    this.see(p, answer.data.table);
    this.maybeMove(); // the mover's own stream may have brought this version first
  }

  awaitReply(p, table, now) {
    // Solo: after the human's move the computer is to answer — unless its stream brought the
    // answer first (counted 0) or the human moves again.
    const seen = this.views[p];
    if (yourTurn(table)) return;
    if (seen && seen.version > table.version && yourTurn(seen)) {
      if (inWindow(now)) {
        fanout.push(0);
        fanoutBeforeAnswer++;
      }
    } else this.replyFrom = { version: table.version, t: now };
  }

  watch(now) {
    // Nobody has moved for STALL_MS although no move is in flight: a seat missed its turn
    // (the update that gives it the move never came). Counted, then both seats read the table.
    if (this.inflight || this.replacing || !this.id || now - this.progress < STALL_MS) return;
    stalls++;
    const seen = this.views.map((v) => v && `v${v.version} ${v.status} to_move ${v.current?.to_move} you ${v.you}`);
    if (stalls <= 5) log(`table ${this.id} stalled: newest v${this.newest}; views: ${seen.join(' | ')}`);
    if (stalls <= 1) log(JSON.stringify(this.views.map((v) => v?.current)).slice(0, 3000));
    this.progress = now;
    this.resync();
  }

  async resync() {
    // After a refused move: both seats read the table as it is now.
    const id = this.id;
    if (!id) return;
    for (const p of [0, 1]) {
      try {
        const got = await request('GET', `/api/table/tables/${id}`, this.tokens[p]);
        if (got.status === 200 && this.id === id) this.see(p, got.data);
      } catch (error) {
        countError(`resync ${error.code || error.message}`);
      }
    }
    this.maybeMove();
  }
}

// ---------- main ----------
function pct(sorted, q) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
const r2 = (x) => (x === null || Number.isNaN(x) ? null : Math.round(x * 100) / 100);
function summary(values) {
  values.sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / (values.length || 1);
  return {
    n: values.length, p50: r2(pct(values, 0.5)), p95: r2(pct(values, 0.95)),
    p99: r2(pct(values, 0.99)), max: r2(values[values.length - 1] ?? null), mean: r2(mean),
  };
}

async function main() {
  const t0 = performance.now();
  const slots = Array.from({ length: M }, (_, i) => new Slot(i));
  let next = 0;
  async function worker() {
    while (next < M) {
      const slot = slots[next++];
      for (let attempt = 1; ; attempt++) {
        try {
          await slot.open();
          break;
        } catch (error) {
          slot.close();
          if (attempt >= 3) throw error;
          countError(`setup: ${error.message.slice(0, 60)}`);
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(SETUP_CONCURRENCY, M) }, worker));
  const tReady = performance.now();
  // bench/human_pace.py (SET_UP) starts its profile when it reads this line
  log(`${M} tables opened, seated, streams open and started in ${(tReady - t0).toFixed(0)} ms`);

  phase = 'warmup';
  tMeasureStart = performance.now() + WARMUP * 1000;
  tMeasureEnd = tMeasureStart + DURATION * 1000;
  for (const slot of slots) {
    slot.progress = performance.now(); // (a table set up long ago has not stalled)
    slot.maybeMove();
  }
  const watchdog = setInterval(() => {
    const now = performance.now();
    for (const slot of slots) slot.watch(now);
  }, 500);
  // Human mode: each second, each stream drops and reconnects with its share of the rate
  const dropper = setInterval(() => {
    if (!HUMAN || stopSending) return;
    for (const slot of slots) {
      for (const p of [0, 1]) if (random() < RECONNECTS_PER_MINUTE / 60) slot.reconnect(p);
    }
  }, 1000);

  await new Promise((r) => setTimeout(r, Math.max(0, tMeasureStart - performance.now())));
  phase = 'measure';
  const server0 = SERVER_PIDS.map(({ pid }) => procTicks(pid));
  const self0 = procTicks(process.pid);
  const usage0 = process.cpuUsage();
  const machine0 = machineCpu();
  const wall0 = performance.now();
  // how late this client's own event loop ran: a late loop reads answers late (the move's
  // latency grows) but a move's answer and the other seat's update alike (fan-out does not)
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  await new Promise((r) => setTimeout(r, Math.max(0, tMeasureEnd - performance.now())));
  const wall1 = performance.now();
  const server1 = SERVER_PIDS.map(({ pid }) => procTicks(pid));
  const self1 = procTicks(process.pid);
  const usage = process.cpuUsage(usage0);
  const machine1 = machineCpu();
  phase = 'drain';
  stopSending = true;
  clearInterval(watchdog);
  clearInterval(dropper);
  const drainStart = performance.now();
  while (slots.some((s) => s.inflight) && performance.now() - drainStart < 5000) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const unconfirmed = slots.filter((s) => s.inflight).length;
  const openStreams = slots.reduce((n, s) => n + s.streams.filter(Boolean).length, 0);
  for (const slot of slots) slot.close();

  const windowS = (wall1 - wall0) / 1000;
  const perMove = (ticks) => (ticks * 1000) / CLK_TCK / (windowMoves || 1);
  const groups = {};
  const byPid = {};
  const gone = [];
  let serverTicks = 0;
  SERVER_PIDS.forEach(({ group, pid }, i) => {
    if (server0[i] === null || server1[i] === null) {
      gone.push(pid);
      return;
    }
    const d = server1[i] - server0[i];
    serverTicks += d;
    groups[group] = (groups[group] || 0) + d;
    if (d) byPid[`${group}:${pid}`] = r2(d / CLK_TCK / windowS);
  });
  const clientTicks = self1 - self0;
  const result = {
    label: LABEL,
    tables: M,
    window_s: r2(windowS),
    warmup_s: WARMUP,
    moves_in_window: windowMoves,
    moves_per_s: r2(windowMoves / windowS),
    lat_ms: summary(lat),
    fanout_ms: { ...summary(fanout), before_answer: fanoutBeforeAnswer },
    server_cpu_ms_per_move: SERVER_PIDS.length ? r2(perMove(serverTicks)) : null,
    server_cpu_cores: SERVER_PIDS.length ? r2(serverTicks / CLK_TCK / windowS) : null,
    server_cpu_ms_per_move_by_group: Object.fromEntries(
      Object.entries(groups).map(([g, t]) => [g, r2(perMove(t))])
    ),
    server_cpu_cores_by_pid: byPid,
    server_pids: SERVER_PIDS.length,
    server_pids_gone: gone,
    client_cpu_ms_per_move: r2(perMove(clientTicks)),
    client_cpu_cores: r2(clientTicks / CLK_TCK / windowS),
    client_cpu_pct: r2(((usage.user + usage.system) / 1e6 / windowS) * 100),
    client_loop_delay_ms: {
      p50: r2(loopDelay.percentile(50) / 1e6),
      p99: r2(loopDelay.percentile(99) / 1e6),
      max: r2(loopDelay.max / 1e6),
    },
    machine_cpu_busy_pct: r2(
      100 * (1 - (machine1.idle - machine0.idle) / (machine1.total - machine0.total || 1))
    ),
    total_moves_incl_warmup: totalMoves,
    tables_opened: tablesOpened,
    games_finished: gamesFinished,
    stalls,
    reconnects,
    reconnect_ms: summary(reconnectLat),
    open_streams: openStreams,
    unconfirmed_after_drain: unconfirmed,
    errors,
    setup_ms: Math.round(tReady - t0),
  };
  console.log(JSON.stringify(result));
  clearTimeout(hardTimer);
  for (const agent of agents.values()) agent.destroy();
  streamAgent.destroy();
  setTimeout(() => process.exit(0), 200);
}

main().catch((e) => {
  console.error(`[${LABEL}] failed:`, e?.stack ? e.stack : e);
  process.exit(1);
});
