// The waiting room's words: who sits, how many seats are free, and what happens at the start
// (free seats to computers or left empty, partner mode's four), said from where the reader
// stands: seated, opener, or someone who opened the table's link and may take a free seat.
import { session } from "./api.js";
import { t } from "./i18n.js";

export function freeSeats(table) {
  return table.seats.filter((seat) => seat.kind === "empty").length;
}

// Whether the reader may sit down: not seated, the table open, a seat free.
export function maySit(table) {
  return table.you === null && table.status === "open" && freeSeats(table) > 0;
}

// Whether the reader waits at the table for its next game (a seat once one is free).
export function waitingHere(table) {
  return table.waiting.includes(session.player?.name);
}

export function roomLines(table) {
  const free = freeSeats(table);
  const names = table.seats.filter((seat) => seat.kind !== "empty").map((seat) => seat.name);
  const lines = [t("room.sitting", { names: names.join(", ") })];
  if (free === 0) lines.push(t(table.you === null ? "room.full_watch" : "room.full"));
  else lines.push(t("room.free", { n: free }));
  if (maySit(table)) lines.push(t("room.you_may_sit"));
  const fill = table.settings.fill === "computer" && !table.settings.humans_only;
  if (free > 0) lines.push(t(fill ? "room.next.computers" : "room.next.empty"));
  if (table.options.partners && !fill && table.seats.length - free !== 4) lines.push(t("room.next.partners"));
  lines.push(table.you_open ? t("room.next.you_start") : t("room.wait_start", { name: table.opener || "?" }));
  return lines;
}
