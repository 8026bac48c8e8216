// The waiting room before the start, drawn in the board's place: the seats (computers put in
// or taken out, a blocking player's seat freed by the opener), what room.js says, "Platz
// nehmen" for whoever opened the table's link, an invitation by name, and for the opener the
// table's settings and the start.
import { api, path } from "./api.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { optionControls, settingControls } from "./lobby.js";
import { maySit, roomLines } from "./room.js";
import { clear, h, showError, toast } from "./ui.js";

/** The waiting room of table `id`; `accept` takes the table the house answers. */
export function createWaitingRoom(id, { accept, refresh, seated }) {
  // One field for the whole visit: a name being typed survives the room's redrawing (and its
  // focus: render puts it back on a kept element).
  const inviteName = h("input", { id: "invite-name", maxlength: 20 });
  // The opener's controls, kept while the table's options and settings are what they show:
  // a change not saved yet, and the panel open, survive someone sitting down.
  let opener = { shown: "", parts: [] };

  // Whoever opened the table's link sits down with one click (the first free seat).
  async function takeSeat() {
    try {
      accept(await api.post(api.lobby(`/tables/${id}/seats`), {}));
      seated();
    } catch (error) {
      showError(error);
      refresh();
    }
  }

  async function setSeat(index, body) {
    try {
      accept(await api.put(api.lobby(path`/tables/${id}/seats/${index}`), body));
    } catch (error) {
      showError(error);
    }
  }

  async function invite(e, table) {
    e.preventDefault();
    try {
      await api.post(api.lobby("/invitations"), { to: inviteName.value, table: table.id });
      toast(t("lobby.challenge.sent", { name: inviteName.value }), "ok");
      inviteName.value = "";
    } catch (error) {
      showError(error);
    }
  }

  async function start() {
    try {
      accept(await api.post(api.lobby(path`/tables/${id}/start`)));
    } catch (error) {
      showError(error);
    }
  }

  function seatRow(table, seat, index) {
    const opener = table.you_open;
    return h(
      "li.room-seat",
      {},
      h("span.seat-no", {}, t("room.seat", { n: index + 1 })),
      h(
        "span",
        {},
        seat.kind === "empty"
          ? t("room.empty")
          : seat.kind === "computer"
            ? [icon("robot", t("room.computer")), " ", seat.name]
            : seat.name,
      ),
      opener && seat.kind === "empty" && !table.settings.humans_only
        ? h(
            "button.small",
            {
              type: "button",
              onclick: () => setSeat(index, { kind: "computer", strength: table.settings.strength }),
            },
            t("room.put_computer"),
          )
        : null,
      opener && seat.kind === "computer"
        ? h("button.small", { type: "button", onclick: () => setSeat(index, { kind: "empty" }) }, t("room.make_empty"))
        : null,
      // the opener frees the seat of someone who keeps the game from starting (cannot pay, is away)
      opener && seat.kind === "human" && !seat.you
        ? h(
            "button.small",
            {
              type: "button",
              "data-testid": "free-seat",
              onclick: () => setSeat(index, { kind: "empty" }),
            },
            t("room.free_seat"),
          )
        : null,
    );
  }

  // The opener's part: the game's options and the table's settings, and the start.
  function openerParts(table) {
    const shown = JSON.stringify([table.game, table.options, table.settings, table.seats.length]);
    if (opener.shown !== shown) opener = { shown, parts: makeOpenerParts(table) };
    return opener.parts;
  }

  function makeOpenerParts(table) {
    const options = optionControls(table.game, table.options, table.seats.length);
    const settings = settingControls(table.settings);
    const save = async (e) => {
      e.preventDefault();
      try {
        accept(
          await api.patch(api.lobby(path`/tables/${id}/settings`), {
            options: options.read(),
            settings: settings.read(),
          }),
        );
      } catch (error) {
        showError(error);
      }
    };
    return [
      h(
        "details.room-settings",
        {},
        h("summary", {}, t("room.settings")),
        h(
          "form",
          { onsubmit: save },
          h("div.grid-fields", {}, options.fields, settings.fields),
          h("button", { type: "submit" }, t("room.save")),
        ),
      ),
      h("button.primary.big", { type: "button", "data-testid": "start", onclick: start }, t("room.start")),
    ];
  }

  function render(el, table) {
    // (taken first: building the parts below moves kept elements out of the page)
    const focused = el.contains(document.activeElement) ? document.activeElement : null;
    const parts = [
      h("h2", {}, t("room.title", { id: table.id })),
      h("p.muted", {}, t("room.opener", { name: table.opener || "?" })),
      h(
        "ol.room-seats",
        {},
        table.seats.map((seat, index) => seatRow(table, seat, index)),
      ),
      table.waiting.length ? h("p", {}, t("room.waiting", { names: table.waiting.join(", ") })) : null,
      h(
        "div.room-status",
        { "data-testid": "room-status", "aria-live": "polite" },
        roomLines(table).map((line) => h("p", {}, line)),
      ),
      maySit(table)
        ? h(
            "button.primary.big",
            { type: "button", "data-testid": "take-seat", onclick: takeSeat },
            t("room.take_seat"),
          )
        : null,
      table.you === null
        ? null
        : h(
            "form.row",
            { onsubmit: (e) => invite(e, table) },
            h("label", { for: "invite-name" }, t("room.invite.name")),
            inviteName,
            h("button", { type: "submit" }, t("room.invite")),
          ),
    ];
    if (table.you_open) parts.push(...openerParts(table));
    clear(el, h("section.room.panel", {}, parts));
    if (focused?.isConnected) focused.focus(); // an element kept across the drawing
  }

  return { render };
}
