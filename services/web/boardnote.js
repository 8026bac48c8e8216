// The short word over the board, where the player looks, when an action is refused
// (`ctx.notify`): it fades after three seconds.
import { h } from "./ui.js";

export function createBoardNote() {
  const el = h("p.board-note", { role: "status", "aria-live": "assertive", "data-testid": "board-note", hidden: true });
  let timer = null;

  function show(text) {
    el.textContent = text;
    el.hidden = false;
    el.classList.remove("show");
    void el.offsetWidth; // restart the fade
    el.classList.add("show");
    clearTimeout(timer);
    timer = setTimeout(hide, 3000);
  }

  function hide() {
    el.hidden = true;
  }

  return { el, show, hide, stop: () => clearTimeout(timer) };
}
