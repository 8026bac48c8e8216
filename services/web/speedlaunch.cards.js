// Speedlaunch's cards drawn in CSS (no image files): a face for each of its tokens and the
// tooltip text that explains an open card's motif and what it may do.
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { h } from "./ui.js";

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
