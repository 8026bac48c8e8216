// Leaving a table: at once when only watching or when no game runs, else asked first with what
// it costs; then back to the lobby.
import { api, path } from "./api.js";
import { has, t } from "./i18n.js";
import { waitingHere } from "./room.js";
import { h, modal, showError } from "./ui.js";

// What leaving costs on the leaderboard (DECISIONS "All games" §5): −10 in a game with other
// people, unless the game says otherwise in its words (`table.leave.penalty.<game>`:
// Speedlaunch −10 in a game of two minutes or more).
function leavePenalty(table) {
  if (has(`table.leave.penalty.${table.game}`)) return t(`table.leave.penalty.${table.game}`);
  const people = table.seats.filter((seat) => seat.kind === "human" && !seat.left).length;
  return people > 1 ? t("table.leave.penalty") : t("table.leave.free");
}

/** Leaving table `id`; `frame` gives the table (null once left), `toLobby` shows the lobby. */
export function createLeaving(id, frame, toLobby) {
  async function leaveNow() {
    const table = frame.table;
    if (table && table.you === null && !waitingHere(table)) return toLobby(); // only watching
    try {
      await api.post(api.table(path`/tables/${id}/leave`));
    } catch (error) {
      if (error.status !== 404 && error.problem.code !== "not_at_table") showError(error); // gone already
    }
    toLobby();
  }

  function leave() {
    const table = frame.table;
    if (table?.status !== "playing" || table.you === null) return leaveNow();
    const { close } = modal(
      t("table.leave"),
      h(
        "div",
        {},
        h("p", {}, t("table.leave.confirm"), " ", leavePenalty(table)),
        h(
          "div.row",
          {},
          h(
            "button.primary",
            {
              type: "button",
              "data-testid": "leave-confirm",
              onclick: () => {
                close();
                leaveNow();
              },
            },
            t("table.leave"),
          ),
        ),
      ),
    );
  }

  return { leave, leaveNow };
}
