// The games the house offers, as their engines describe them (GET /api/lobby/games), and each
// game's board module, found by the game's name: services/web/<game>.js (docs/games.md). The
// board module brings everything of the game the client has: its board, its words, its rules
// and its first game's tour (the contract: BoardModule below).
import { api } from "./api.js";
import { addWords } from "./i18n.js";

/**
 * What a board module gives the table and the replay (docs/games.md, "The board module").
 *
 * @typedef {object} BoardContext
 * @property {object|null} table the table as the house answered it (TableSchema)
 * @property {(move: object) => Promise<object|null>} send sends a move; the answer or null
 * @property {(key: string, params?: object) => string} t the client's words (i18n.js)
 * @property {(seat: number) => string} seatName a seat's player, or "Platz n"
 * @property {() => void} rerender draws the table again (after a local change: a selection)
 * @property {() => void} clearHint takes the hint ("Tipp") off the board
 * @property {(text: string) => void} notify a short word over the board (a refused action)
 *
 * @typedef {object} Board
 * @property {(el: HTMLElement, table: object) => void} render draws the game into `el`
 * @property {() => void} [newGame] a new game begins at the same table
 * @property {(before: object, after: object) => object|null} [motion] what moved between two
 *   views, for motion.js
 * @property {(view: object, seat: number) => ({label: string, extra?: string}|null)} [seatInfo]
 *   the line under a seat's name
 * @property {(seat: number) => boolean} [targetable] whether a click on the seat is a move
 * @property {(seat: number) => void} [seatClick] a click on a targetable seat
 * @property {(event: KeyboardEvent) => boolean} [key] a key pressed; true when it was the board's
 * @property {(move: object) => void} [showHint] marks the hinted move
 * @property {(move: object) => string} [describe] a move in words (the hint's text)
 * @property {(steps: object[]) => void} [replay] the replay's steps (replay.js)
 * @property {() => string[]} [resultColumns] the end screen's columns of its own
 * @property {(result: object, seat: number) => Array<string|number>} [resultCells] their cells
 * @property {(result: object) => string|null} [endLine] a line under the end screen's places
 * @property {(view: object) => object|null} [roundLines] the end screen's rounds table
 *
 * @typedef {object} BoardModule
 * @property {(ctx: BoardContext) => Board} createBoard a board for one table or replay
 * @property {(hand: object) => HTMLElement[]} handCards a hand's cards, small (the replay's
 *   open hands)
 * @property {{de: Object<string, string|object>, en: Object<string, string|object>}} [WORDS] the
 *   game's own words (German first), added to i18n.js's: its name `games.<game>`, its
 *   `games.<game>.about`, its log's name `table.log.<game>`, its options' `opt.<option>` and
 *   whatever its board says
 * @property {{de: Array, en: Array}} [RULES] the game's rules page (rules.js's sections: each a
 *   heading and its points)
 * @property {Array<[string, string]>} [TOUR] the first game's tour (tour.js): per step the
 *   selector of the part of the board it is about and the key of its words; without it, no tour
 */

let offered = [];
const modules = {};

// Loads the games and every game's board module; the lobby and the table need both.
export async function loadGames() {
  if (offered.length) return offered;
  const games = await api.get(api.lobby("/games"));
  await Promise.all(
    games.map(async (game) => {
      modules[game.name] = await import(`./${game.name}.js`);
      if (modules[game.name].WORDS) addWords(modules[game.name].WORDS);
    }),
  );
  offered = games;
  return offered;
}

/** @returns {Array<object>} the games the house offers, in its order (after loadGames) */
export function games() {
  return offered;
}

/** @returns {object|undefined} one game as its engine describes it */
export function gameOf(name) {
  return offered.find((game) => game.name === name);
}

/** @returns {BoardModule} the board module of a game (after loadGames) */
export function boardModule(name) {
  const module = modules[name];
  if (!module) throw new Error(`no board module for the game ${name} (services/web/${name}.js)`);
  return module;
}
