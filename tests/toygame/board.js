// The toy game's board (services/web/toygame.js once added to the house): the top of the
// pile, the draw pile, the hand as buttons; a click plays a card or draws.
import { h } from "./ui.js";

export const WORDS = {
  de: {
    "games.toygame": "Spielzeug",
    "games.toygame.about": "Eine Karte legen oder ziehen – wer zuerst keine mehr hat, gewinnt.",
    "table.log.toygame": "Spielverlauf",
    "opt.hand": "Handkarten",
    "toy.draw": "Ziehen ({n})",
    "toy.top": "Oben: {card}",
  },
  en: {
    "games.toygame": "Toy game",
    "games.toygame.about": "Play a card or draw one – whoever has none left first wins.",
    "table.log.toygame": "Game log",
    "opt.hand": "Cards in hand",
    "toy.draw": "Draw ({n})",
    "toy.top": "Top: {card}",
  },
};

export const RULES = {
  de: [["Worum es geht", ["Lege eine Karte oder ziehe eine. Wer zuerst keine Karte mehr hat, gewinnt."]]],
  en: [["The game", ["Play a card or draw one. Whoever has no card left first wins."]]],
};

export function handCards(hand) {
  return hand.map((card) => h("span.card.toy-card", {}, card));
}

export function createBoard(ctx) {
  const { t } = ctx;
  const moveOf = (legal, type, index) => legal.find((m) => m.type === type && (index === undefined || m.index === index));

  return {
    render(el, table) {
      const view = table.current?.view;
      const legal = table.current?.legal || [];
      if (!view) return;
      const draw = moveOf(legal, "draw");
      el.replaceChildren(h("div.toy-board", {},
        h("p", { "data-testid": "toy-top" }, t("toy.top", { card: view.top ?? "–" })),
        h("button", { type: "button", "data-testid": "toy-draw", disabled: !draw, onclick: () => ctx.send(draw) },
          t("toy.draw", { n: view.draw_size })),
        h("div.toy-hand", { "data-testid": "toy-hand" }, (view.hand || []).map((card, index) => {
          const play = moveOf(legal, "play", index);
          return h("button.card", { type: "button", "data-testid": "toy-card", disabled: !play, onclick: () => ctx.send(play) }, card);
        }))));
    },
    seatInfo: (view, seat) => (view.hand_sizes ? { label: t("table.cards", { n: view.hand_sizes[seat] }) } : null),
    describe: (move) => (move.type === "draw" ? t("toy.draw", { n: "" }) : String(move.index + 1)),
  };
}
