// Small DOM helpers: h() builds elements, toast() shows a message, modal() a dialog.
import { ApiError } from "./api.js";
import { t } from "./i18n.js";
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === "class") el.className += (el.className ? " " : "") + value;
    else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) {
        if (prop.startsWith("--")) el.style.setProperty(prop, v);
        else el.style[prop] = v;
      }
    } else if (key === "html") el.innerHTML = value;
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

let toastTimer;
export function toast(text, kind = "error") {
  let box = document.getElementById("toast");
  if (!box) {
    box = h("div", { id: "toast", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  box.className = `toast ${kind} show`;
  box.textContent = text;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.classList.remove("show");
    toastTimer = setTimeout(clearToast, 400); // (after the fade) no stale words in the live region
  }, 4000);
}

// The toast gone, its words too (also when the language changes: no word of the other one).
export function clearToast() {
  clearTimeout(toastTimer);
  const box = document.getElementById("toast");
  if (!box) return;
  box.classList.remove("show");
  box.textContent = "";
}

export function modal(title, body, { onClose, className } = {}) {
  const close = () => {
    backdrop.remove();
    document.removeEventListener("keydown", onKey, true);
    onClose?.();
  };
  const onKey = (event) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
    }
  };
  const closeButton = h(
    "button.close",
    { type: "button", "aria-label": t("close"), title: t("close"), onclick: close },
    h("span", { "aria-hidden": "true" }, "✕"),
  );
  const dialog = h(
    "div.modal",
    { role: "dialog", "aria-modal": "true", "aria-label": title, class: className },
    h("div.modal-head", {}, h("h2", {}, title), closeButton),
    body,
  );
  const backdrop = h("div.backdrop", { onclick: (e) => e.target === backdrop && close() }, dialog);
  keepFocusIn(dialog);
  document.body.append(backdrop);
  document.addEventListener("keydown", onKey, true);
  closeButton.focus();
  return { close, dialog };
}

const FOCUSABLE = "button, [href], input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";

// Tab and Shift+Tab go round inside `box` (a dialog) instead of leaving it.
export function keepFocusIn(box) {
  box.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const items = [...box.querySelectorAll(FOCUSABLE)].filter((el) => !el.disabled && el.getClientRects().length);
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    const inside = items.includes(document.activeElement);
    if (!inside || (event.shiftKey ? document.activeElement === first : document.activeElement === last)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  });
}

// A strip that scrolls sideways (the seat chips, the opponents on a phone) shows `item` (the
// player to move) whole.
export function keepInStrip(strip, item) {
  if (!strip || !item || strip.scrollWidth <= strip.clientWidth) return;
  const box = strip.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.left < box.left) strip.scrollLeft -= box.left - at.left + 4;
  else if (at.right > box.right) strip.scrollLeft += at.right - box.right + 4;
}

// A key's hint on a button ("Legen (Enter)"): shown only where there is a keyboard and a fine
// pointer (styles.css), never read aloud (the button's aria-keyshortcuts says it).
export const keyHint = (key) => h("span.key-hint", { "aria-hidden": "true" }, ` (${key})`);

// A number won or lost as the player reads it: +5, 0, -3.
export const signed = (n) => (n > 0 ? `+${n}` : String(n));

export function typing(event) {
  const target = event.target;
  return (
    target &&
    (target.tagName === "INPUT" ||
      target.tagName === "TEXTAREA" ||
      target.tagName === "SELECT" ||
      target.isContentEditable)
  );
}

export function showError(error) {
  if (!(error instanceof ApiError)) console.error(error);
  toast(error instanceof ApiError ? error.message : t("problem.unknown", { status: "?" }));
}
