// Speedone's cards drawn in CSS (no image files): a face for each of its tokens and the
// tooltip text that explains an open card's motif and what it may do.
import { t } from "./i18n.js";
import { h } from "./ui.js";

const SO_SYMBOL = { S: "⊘", R: "⇄", D: "+2" };

export function oneName(token) {
  if (token === "W" || token === "W4") return t(`so.card.${token}`);
  const colour = t(`so.colour.${token[0]}`);
  const symbol = token.slice(1);
  return `${colour} ${SO_SYMBOL[symbol] ? t(`so.symbol.${symbol}`) : symbol}`;
}

export function oneTip(token) {
  if (token === "W" || token === "W4") return t(`so.tip.${token}`);
  const c = t(`so.colour.${token[0]}`);
  const symbol = token.slice(1);
  return SO_SYMBOL[symbol] ? t(`so.tip.${symbol}`, { c }) : t("so.tip.number", { c, n: symbol });
}

export function oneCard(token, { tag = "div", small = false, attrs = {}, wish = null } = {}) {
  const wild = token === "W" || token === "W4";
  const colour = wild ? "W" : token[0];
  const symbol = wild ? (token === "W4" ? "+4" : "") : (SO_SYMBOL[token.slice(1)] ?? token.slice(1));
  return h(
    `${tag}.card.so.so-${colour}${small ? ".small" : ""}${wish ? `.wish-${wish}` : ""}`,
    {
      title: oneTip(token),
      "aria-label": oneName(token),
      role: tag === "div" ? "img" : null,
      "data-card": token,
      ...attrs,
    },
    h("span.corner", { "aria-hidden": "true" }, symbol || "★"),
    h("span.oval", { "aria-hidden": "true" }, wild ? h("span.wheel", {}, symbol) : symbol),
  );
}
