// Cards drawn in CSS (no image files): a face for each game's tokens, a back for hidden cards,
// and the tooltip text that explains an open card's motif and what it may do.
// A hidden card's label never names it.
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { h } from "./ui.js";

// ---- Speedlaunch ---------------------------------------------------------------------------
const SL_GLYPH = { SAT: "sat", AST: "☄", HOLE: "●" };
const glyph = (token) => (token === "SAT" ? icon("satellite") : SL_GLYPH[token]);

export function launchColour(value) {
  // 10 cold indigo … 1 glowing red
  const step = (10 - value) / 9;
  const hue = (250 + step * 118) % 360;
  const light = 38 + step * 14;
  return `hsl(${hue.toFixed(0)} ${(62 + step * 30).toFixed(0)}% ${light.toFixed(0)}%)`;
}

export function launchName(token) {
  return SL_GLYPH[token] ? t(`sl.kind.${token}`) : token;
}

export function launchTip(token) {
  if (SL_GLYPH[token]) return t(`sl.tip.${token}`);
  return t("sl.tip.countdown", { motif: t(`sl.motif.${token}`), v: token });
}

export function launchCard(token, { tag = "div", small = false, attrs = {} } = {}) {
  const special = SL_GLYPH[token];
  const style = special ? {} : { "--c": launchColour(Number(token)) };
  const label = special ? t(`sl.kind.${token}`) : t(`sl.motif.${token}`);
  return h(
    `${tag}.card.sl${special ? `.sl-${token.toLowerCase()}` : ".sl-count"}${small ? ".small" : ""}`,
    {
      title: launchTip(token),
      "aria-label": label,
      role: tag === "div" ? "img" : null,
      "data-card": token,
      ...attrs,
      style: { ...style, ...(attrs.style || {}) },
    },
    h("span.corner", { "aria-hidden": "true" }, special ? glyph(token) : token),
    h("span.big", { "aria-hidden": "true" }, special ? glyph(token) : token),
    h(
      "span.motif",
      { "aria-hidden": "true" },
      special ? t(`sl.kind.${token}`) : t(`sl.motif.${token}`).replace(/^T−\d+ /, ""),
    ),
  );
}

// ---- Speedtower ----------------------------------------------------------------------------
export function towerPhase(token) {
  if (token === "CRANE") return "crane";
  const n = Number(token);
  return n <= 4 ? "p1" : n <= 8 ? "p2" : "p3";
}

export function towerTip(token) {
  if (token === "CRANE") return t("st.tip.crane");
  const n = Number(token);
  const phase = t(`st.phase.${n <= 4 ? 1 : n <= 8 ? 2 : 3}`);
  return t("st.tip.card", { n, phase });
}

export function towerName(token) {
  return token === "CRANE" ? t("st.crane") : token;
}

export function towerCard(token, { tag = "div", small = false, attrs = {}, floor = null } = {}) {
  const crane = token === "CRANE";
  return h(
    `${tag}.card.st.st-${towerPhase(token)}${small ? ".small" : ""}`,
    {
      title: towerTip(token),
      "aria-label": towerName(token),
      role: tag === "div" ? "img" : null,
      "data-card": token,
      ...attrs,
    },
    h("span.corner", { "aria-hidden": "true" }, crane ? icon("crane") : token),
    h("span.big", { "aria-hidden": "true" }, crane ? (floor ?? icon("crane")) : token),
    h("span.motif", { "aria-hidden": "true" }, crane ? t("st.crane") : ""),
  );
}

// ---- Speedone ------------------------------------------------------------------------------
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

// ---- backs ---------------------------------------------------------------------------------
export function cardBack(game, { small = false, count = null, attrs = {} } = {}) {
  const label = count === null ? t("hidden.card") : t("hidden.cards", { n: count });
  return h(
    `div.card.back.back-${game}${small ? ".small" : ""}`,
    { "aria-label": label, role: "img", ...attrs },
    count !== null ? h("span.count", { "aria-hidden": "true" }, count) : null,
  );
}
