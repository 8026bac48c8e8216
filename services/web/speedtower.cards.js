// Speedtower's cards drawn in CSS (no image files): a face for each of its tokens and the
// tooltip text that explains an open card's motif and what it may do.
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { h } from "./ui.js";

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
