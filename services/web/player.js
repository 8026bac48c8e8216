// A player's page (/p/<name>): games, wins, leaderboard points and rank per game, and the
// last booked games with place, points and Taler, each leading to its replay.
import { api, path } from "./api.js";
import { duration } from "./endscreen.js";
import { lang, t } from "./i18n.js";
import { replayPath } from "./paths.js";
import { ratingsSection } from "./ratings.js";
import { clear, h, signed } from "./ui.js";

export function renderPlayer(root, name) {
  let alive = true;
  const box = h(
    "section.player-page.panel",
    { "data-testid": "player-page" },
    h("h1", {}, name),
    h("p.muted", {}, "…"),
  );
  clear(root, h("div.page", {}, box));

  async function load() {
    try {
      const page = await api.get(api.ledger(path`/players/${name}?recent=20`));
      if (!alive) return;
      const ratingsSlot = h("div.ratings-slot");
      ratingsSection(page.name)
        .then((section) => alive && ratingsSlot.replaceChildren(section))
        .catch(() => {});
      const when = (at) =>
        at ? new Date(at * 1000).toLocaleString(lang(), { dateStyle: "short", timeStyle: "short" }) : "";
      clear(
        box,
        h("h1", {}, t("player.title", { name: page.name })),
        h("h2", {}, t("player.games")),
        h(
          "div.table-scroll",
          {},
          h(
            "table.stats",
            { "data-testid": "player-games" },
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                h("th", { scope: "col" }, t("player.game")),
                h("th.num", { scope: "col" }, t("player.played")),
                h("th.num", { scope: "col" }, t("player.won")),
                h("th.num", { scope: "col" }, t("player.points")),
                h("th.num", { scope: "col" }, t("player.rank")),
              ),
            ),
            h(
              "tbody",
              {},
              page.games.map((g) =>
                h(
                  "tr",
                  { "data-game": g.game },
                  h("th", { scope: "row" }, t(`games.${g.game}`)),
                  h("td.num", {}, g.played),
                  h("td.num", {}, g.won),
                  h("td.num", {}, g.points),
                  h("td.num", {}, g.rank ? `${g.rank}.` : "–"),
                ),
              ),
            ),
          ),
        ),
        ratingsSlot,
        h("h2", {}, t("player.recent")),
        page.recent.length
          ? h(
              "div.table-scroll",
              {},
              h(
                "table.stats.recent",
                { "data-testid": "player-recent" },
                h(
                  "thead",
                  {},
                  h(
                    "tr",
                    {},
                    h("th", { scope: "col" }, t("player.game")),
                    h("th.num", { scope: "col" }, t("player.place")),
                    h("th.num", { scope: "col" }, t("player.points")),
                    h("th.num", { scope: "col" }, t("player.taler")),
                    h("th", { scope: "col" }, h("span.sr-only", {}, t("player.replay"))),
                  ),
                ),
                h(
                  "tbody",
                  {},
                  page.recent.map((g) =>
                    h(
                      "tr",
                      {},
                      h(
                        "td",
                        {},
                        h("span.game-of", {}, t(`games.${g.game}`)),
                        h("span.when.muted", {}, when(g.ended_at)),
                      ),
                      h("td.num", {}, g.place ? t("table.place", { n: g.place }) : "–"),
                      h(
                        "td.num",
                        {},
                        g.scored
                          ? signed(g.points)
                          : h(
                              "span.muted",
                              {
                                title: g.short
                                  ? t(`end.short.${g.short.loses}`, { under: duration(g.short.under) })
                                  : null,
                              },
                              t("end.unscored"),
                            ),
                      ),
                      h("td.num", { class: g.taler < 0 ? "neg" : g.taler > 0 ? "pos" : null }, signed(g.taler)),
                      h(
                        "td",
                        {},
                        h(
                          "a",
                          {
                            href: replayPath(g.table, g.no),
                            "data-route": "",
                            "data-testid": "replay-link",
                            "aria-label": t("player.replay.of", { game: t(`games.${g.game}`), when: when(g.ended_at) }),
                          },
                          t("player.replay"),
                        ),
                      ),
                    ),
                  ),
                ),
              ),
            )
          : h("p.muted", {}, t("player.recent.none")),
      );
    } catch (error) {
      if (alive) clear(box, h("h1", {}, name), h("p", { "data-testid": "player-missing" }, error.message));
    }
  }

  load();
  return () => {
    alive = false;
  };
}
