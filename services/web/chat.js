// The table's chat: its lines (from GET …/chat and the event stream, each once; an
// exclamation in the reader's language), a line to write, Freude and Ärgern, and the lock of
// a few seconds after each line.
import { api, path } from "./api.js";
import { lang, t } from "./i18n.js";
import { icon } from "./icons.js";
import { clear, h, showError } from "./ui.js";

const CHAT_LOCK = 2;

export function createChat(id) {
  let lockUntil = 0;
  const lines = h("ol.chat-lines", { "aria-live": "polite" });
  const input = h("input", {
    type: "text",
    maxlength: 200,
    id: "chat-input",
    "aria-label": t("table.chat.placeholder"),
    placeholder: t("table.chat.placeholder"),
  });
  const send = h("button", { type: "submit", "data-testid": "chat-send" }, t("table.chat.send"));
  const joy = h(
    "button.joy",
    { type: "button", "data-testid": "chat-freude", onclick: () => say({ exclamation: "freude" }) },
    icon("joy"),
    " ",
    t("table.chat.freude"),
  );
  const grr = h(
    "button.grr",
    { type: "button", "data-testid": "chat-aergern", onclick: () => say({ exclamation: "aergern" }) },
    icon("grr"),
    " ",
    t("table.chat.aergern"),
  );
  const lock = h("span.chat-lock", { "data-testid": "chat-lock", "aria-live": "polite" });
  const form = h(
    "form.chat-form",
    {
      onsubmit: (e) => {
        e.preventDefault();
        if (input.value.trim()) say({ text: input.value.trim() });
      },
    },
    input,
    send,
    joy,
    grr,
    lock,
  );
  const el = h("section.chat", { "aria-label": t("table.chat") }, h("h2.sr-only", {}, t("table.chat")), lines, form);

  // The chat GET and the event stream may both carry a line (they start at different points).
  const seen = new Set();
  function add(line) {
    const key = `${line.at}|${line.seat}|${line.text}`;
    if (seen.has(key)) return;
    seen.add(key);
    const time = new Date(line.at * 1000).toLocaleTimeString(lang(), { hour: "2-digit", minute: "2-digit" });
    // an exclamation in the reader's language
    lines.append(
      h("li", {}, h("span.muted", {}, time, " "), h("strong", {}, line.name, ": "), line.texts?.[lang()] ?? line.text),
    );
    while (lines.children.length > 100) lines.firstChild.remove();
    lines.scrollTop = lines.scrollHeight;
  }

  async function say(body) {
    if (lockUntil > Date.now() / 1000) return;
    try {
      add(await api.post(api.table(path`/tables/${id}/chat`), body)); // (the stream's copy is the same line)
      input.value = "";
      lockUntil = Date.now() / 1000 + CHAT_LOCK;
    } catch (error) {
      if (error.status === 429)
        lockUntil = Date.now() / 1000 + (error.problem.retry_after || error.retryAfter || CHAT_LOCK);
      showError(error);
    }
    tick();
  }

  async function load() {
    try {
      const answer = await api.get(api.table(path`/tables/${id}/chat`));
      clear(lines);
      seen.clear();
      for (const line of answer.slice().sort((a, b) => a.at - b.at)) add(line);
    } catch {
      /* not seated yet: no chat */
    }
  }

  // The lock's seconds, and the buttons shut while it lasts.
  function tick() {
    const left = lockUntil - Date.now() / 1000;
    const locked = left > 0;
    lock.textContent = locked ? t("table.chat.locked", { s: Math.ceil(left) }) : "";
    for (const button of [send, joy, grr]) button.disabled = locked;
  }

  // Watchers read the chat; they do not write.
  function writable(yes) {
    form.hidden = !yes;
  }

  return { el, add, load, tick, writable };
}
