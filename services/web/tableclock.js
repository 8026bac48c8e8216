// The turn's clock in the table's bar: the time left, then the grace; it stands while a
// computer decides or the first game's guide is open, and says so in its title.
import { t } from "./i18n.js";
import { icon } from "./icons.js";

function clockText(seconds) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Shows in `clock` the clock of `table` at the server's time `now` (seconds). */
export function showClock(clock, table, now) {
  const current = table.current;
  if (table.status !== "playing" || !current) {
    clock.hidden = true;
    return;
  }
  clock.hidden = false;
  if (!table.settings.clock) {
    clock.replaceChildren(icon("clock"), ` ${t("table.noclock")}`);
    clock.className = "clock";
    return;
  }
  if (!current.clock_ends) {
    // a computer decides: the clock stands until a person is to move again
    clock.replaceChildren(icon("clock"), ` ${clockText(table.settings.clock)}`);
    clock.className = "clock idle";
    clock.title = t("table.clock.idle");
    return;
  }
  // while the first game's guide holds the clock, it stands
  const held = Math.max(0, (current.guide_until ?? 0) - now);
  clock.title = held ? t("table.clock.guide") : "";
  const left = current.clock_ends - held - now;
  if (left > 0) {
    const s = Math.min(Math.ceil(left), table.settings.clock);
    clock.replaceChildren(icon("clock"), ` ${clockText(s)}`);
    clock.className = `clock${s <= 10 ? " low" : ""}${held ? " held" : ""}`;
  } else {
    const grace = Math.max(0, Math.ceil(current.deadline - held - now));
    clock.replaceChildren(icon("clock"), ` 0:00 · ${t("table.grace", { s: grace })}`);
    clock.className = "clock grace";
  }
}
