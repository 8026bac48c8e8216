// A game's rules as a dialog, from the lobby (a game's "Regeln") and from the table (the bar's
// "Regeln"): the sections of its board module's RULES (<game>.rules.js for the house's games),
// each a heading and its points, in the reader's language.
import { boardModule, gameOf } from "./games.js";
import { lang, t } from "./i18n.js";
import { h, modal } from "./ui.js";

export function rulesOf(game) {
  const own = gameOf(game) && boardModule(game).RULES;
  return own?.[lang()] || [];
}

// The rules of a game as a dialog; Escape or ✕ closes it.
export function showRules(game) {
  const body = h(
    "div.rules",
    { "data-testid": "rules", "data-game": game },
    rulesOf(game).map(([heading, points]) =>
      h(
        "section",
        {},
        h("h3", {}, heading),
        h(
          "ul",
          {},
          points.map((point) => h("li", {}, point)),
        ),
      ),
    ),
  );
  return modal(t("rules.title", { game: t(`games.${game}`) }), body, { className: "rules-modal" });
}
