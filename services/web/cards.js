// The back of a hidden card, the same for every game but for its colours (the game's CSS class
// back-<game>). A hidden card's label never names it; each game draws its faces in
// <game>.cards.js.
import { t } from "./i18n.js";
import { h } from "./ui.js";

export function cardBack(game, { small = false, count = null, attrs = {} } = {}) {
  const label = count === null ? t("hidden.card") : t("hidden.cards", { n: count });
  return h(
    `div.card.back.back-${game}${small ? ".small" : ""}`,
    { "aria-label": label, role: "img", ...attrs },
    count !== null ? h("span.count", { "aria-hidden": "true" }, count) : null,
  );
}
