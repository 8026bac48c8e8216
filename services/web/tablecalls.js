// What at a table calls a player who looks elsewhere (notify.js): the own turn (the tab's
// title says so as long as it lasts), someone taking a free seat in the waiting room, another
// player asking for another game, and the next game beginning.
import { t } from "./i18n.js";
import { callPlayer, standingMark } from "./notify.js";
import { myTurn } from "./turnbar.js";
import { toast } from "./ui.js";

// Who sat down in the waiting room since `before` (names, never the player's own).
function newcomers(before, table) {
  if (table.status !== "open" || before.status !== "open") return [];
  return table.seats
    .filter((seat, index) => seat.kind === "human" && !seat.you && before.seats[index]?.name !== seat.name)
    .map((seat) => seat.name);
}

export function createTableCalls() {
  let last = null;

  // A newer table arrived: call for what changed since the last one.
  function update(table) {
    const game = t(`games.${table.game}`);
    const before = last?.id === table.id ? last : null;
    last = table;
    standingMark(myTurn(table) ? t("notify.turn", { game }) : null);
    if (myTurn(table) && !myTurn(before)) callPlayer({ title: t("notify.turn", { game }), kind: "turn", mark: false });
    if (!before || table.you === null) return;
    for (const name of newcomers(before, table)) {
      toast(t("room.arrived", { name }), "ok");
      callPlayer({ title: t("notify.joined", { name, game }), kind: "call" });
    }
    if (before.status === "over" && table.status === "playing" && table.current?.no !== before.current?.no) {
      callPlayer({ title: t("notify.next_game", { game }), kind: "call" });
    }
    if (table.status !== "over" || table.seats[table.you]?.back) return;
    table.seats.forEach((seat, index) => {
      if (!seat.you && seat.back && !before.seats[index]?.back) {
        callPlayer({ title: t("notify.back", { name: seat.name, game }), kind: "call" });
      }
    });
  }

  return { update, stop: () => standingMark(null) };
}
