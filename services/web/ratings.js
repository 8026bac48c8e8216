// Ratings on screen: one number per player and game ("1540", "1500?" while provisional, as
// lichess shows it), the computers' fixed ratings beside their strengths, and a player's
// ratings with the chart of the games behind them (chart.js).
import { api } from "./api.js";
import { ratingChart } from "./chart.js";
import { lang, t } from "./i18n.js";
import { playerPath, replayPath } from "./paths.js";
import { h, signed } from "./ui.js";

const KEEP_MS = 60_000; // a rating read is shown this long before it is read again
const known = new Map(); // "<game> <name>" → {value, at}; "<game> :computers" → strength → rating
const asked = new Map(); // "<game>" → the request under way

export const ratingText = (value) => `${value.rating}${value.provisional ? "?" : ""}`;

function fresh(key) {
  const entry = known.get(key);
  return entry && Date.now() - entry.at < KEEP_MS ? entry.value : undefined;
}

// Read the ratings of `names` in `game` (and the computers') unless read a moment ago; one
// request per game at a time, at most twelve names each.
export async function loadRatings(game, names) {
  const missing = [...new Set(names)].filter((name) => name && fresh(`${game} ${name}`) === undefined);
  if (!missing.length && fresh(`${game} :computers`)) return;
  if (asked.has(game)) await asked.get(game).catch(() => {});
  const query = missing
    .slice(0, 12)
    .map((name) => `name=${encodeURIComponent(name)}`)
    .join("&");
  const request = api.get(api.ledger(`/ratings/${game}/players${query ? `?${query}` : ""}`));
  asked.set(game, request);
  try {
    const answer = await request;
    const at = Date.now();
    for (const name of missing.slice(0, 12)) known.set(`${game} ${name}`, { value: null, at });
    for (const player of answer.players) known.set(`${game} ${player.name}`, { value: player, at });
    known.set(`${game} :computers`, {
      value: Object.fromEntries(answer.computers.map((c) => [c.strength, c.rating])),
      at,
    });
  } finally {
    asked.delete(game);
  }
}

// The rating shown for a seat (a human by name, a computer by strength), or null.
export function seatRating(game, seat) {
  if (seat.kind === "computer") {
    const rating = fresh(`${game} :computers`)?.[seat.strength];
    return rating === undefined ? null : { rating, provisional: false };
  }
  if (seat.kind !== "human" || !seat.name) return null;
  return fresh(`${game} ${seat.name}`) || null;
}

// A small badge with a seat's rating; filled in once the rating is read (`onLoaded` then
// draws again).
export function ratingBadge(game, seat, onLoaded) {
  const value = seatRating(game, seat);
  if (value === null && seat.kind !== "empty") {
    loadRatings(game, seat.kind === "human" ? [seat.name] : [])
      .then(() => seatRating(game, seat) && onLoaded?.())
      .catch(() => {});
  }
  if (!value) return null;
  return h(
    "span.rating-badge",
    {
      "data-testid": "seat-rating",
      title: value.provisional ? t("rating.provisional") : t("rating"),
      "aria-label": t("rating.label", { rating: ratingText(value) }),
    },
    ratingText(value),
  );
}

// "leicht ≈ 870 · normal ≈ 1500 · stark ≈ 1611" for a game (empty until read).
export function computerRatingsLine(game) {
  const line = h("p.muted.computer-ratings", { "data-testid": "computer-ratings" });
  const fill = () => {
    const ratings = fresh(`${game} :computers`) || {};
    const list = Object.entries(ratings)
      .map(([strength, rating]) => `${t(`strength.${strength}`)} ≈ ${rating}`)
      .join(" · ");
    line.textContent = list ? t("rating.computers", { list }) : "";
  };
  fill();
  loadRatings(game, [])
    .then(fill)
    .catch(() => {});
  return line;
}

// The player page's part: per game the rating, the chart and the last rated games, each
// leading to its replay.
export async function ratingsSection(name) {
  const page = await api.get(api.ledger(`/players/${encodeURIComponent(name)}/ratings?points=100`));
  const rated = page.games.filter((game) => game.games > 0);
  const when = (at) => new Date(at * 1000).toLocaleDateString(lang(), { dateStyle: "short" });
  return h(
    "section.player-ratings",
    { "data-testid": "player-ratings" },
    h("h2", {}, t("player.ratings")),
    rated.length
      ? rated.map((game) =>
          h(
            "div.rating-game",
            { "data-game": game.game },
            h(
              "h3",
              {},
              t(`games.${game.game}`),
              " ",
              h(
                "span.rating-now",
                { "data-testid": "player-rating", title: game.provisional ? t("rating.provisional") : null },
                ratingText(game),
              ),
              h("span.muted", {}, ` · ${t("player.ratings.games", { n: game.games })}`),
            ),
            ratingChart(game.history, {
              label: t("player.ratings.chart", { game: t(`games.${game.game}`) }),
              href: (point) => replayPath(point.table, point.no),
              title: (point) =>
                `${when(point.at)} · ${t("player.ratings.point", { game: t(`games.${game.game}`), rating: point.after, change: signed(point.change) })}${point.vs_computers ? ` · ${t("rating.vs_computers")}` : ""}`,
            }),
          ),
        )
      : h("p.muted", {}, t("player.ratings.none")),
  );
}

// The lobby's rating tab of a game: the best established ratings and the caller's own.
export async function ratingBoard(game, me) {
  const board = await api.get(api.ledger(`/ratings/${game}`));
  const mine = ratingText(board.me);
  return [
    board.top.length
      ? h(
          "ol.leaders",
          { "data-testid": "rating-board" },
          board.top.map((entry) =>
            h(
              "li",
              { class: entry.name === me ? "me" : null },
              h("span.rank", {}, entry.rank),
              h("a.name", { href: playerPath(entry.name), "data-route": "" }, entry.name),
              h("span.points", {}, ratingText(entry)),
            ),
          ),
        )
      : h("p.muted", {}, t("rating.board.empty")),
    h(
      "p.muted",
      { "data-testid": "my-rating" },
      board.me.rank
        ? t("rating.board.me", { rating: mine, rank: board.me.rank })
        : t("rating.board.me_none", { rating: mine }),
    ),
  ];
}
