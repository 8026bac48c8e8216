// Speedone's rules in the house's own words, German first, English second: a list of
// sections, each a heading and its points (rules.js shows them).
export const RULES = {
  de: [
    [
      "Worum es geht",
      [
        "Farbe oder Zahl für 2 bis 6 Spieler: Wer zuerst keine Karte mehr hat, gewinnt die Runde; das Spiel geht bis 200 oder 500 Punkte.",
        "108 Karten: je Farbe zweimal 0–9, Aussetzen, Richtungswechsel und 2 Ziehen, dazu 2 Farbwünsche und 2 Farbwünsche +4.",
      ],
    ],
    [
      "Dein Zug",
      [
        "Lege eine Karte, die in Farbe oder Wert zur obersten Karte passt. Farbwünsche passen immer – du nennst danach eine Farbe.",
        "Kannst oder willst du nicht, ziehst du eine Karte; danach ist dein Zug vorbei. Mehr als 22 Karten hält niemand.",
      ],
    ],
    [
      "Sonderkarten",
      [
        "Aussetzen überspringt den Nächsten, Richtungswechsel dreht die Reihenfolge – zu zweit bist du mit beiden gleich nochmal dran.",
        "2 Ziehen und +4: Der Nächste zieht – oder legt, wenn der Tisch es erlaubt, dieselbe Art drauf, und der Übernächste zieht alles. 2 Ziehen auf +4 und umgekehrt geht nie.",
      ],
    ],
    [
      "ONE",
      [
        "Mit zwei Karten in der Hand drückst du ONE, bevor du die vorletzte legst. Vergessen: zwei Karten Strafe, von selbst.",
      ],
    ],
    [
      "Wertung",
      [
        "Am Rundenende zählen die Handkarten: Zahlen ihren Wert, Sonderkarten 20, Farbwünsche 50.",
        "„Sieger kassiert“: Der Rundensieger bekommt die Punkte der anderen, die meisten Punkte gewinnen. „Jeder für sich“: Jeder bekommt seine eigenen, die wenigsten gewinnen. Im Partnermodus (zu viert) zählen Gegenüber zusammen.",
      ],
    ],
    [
      "Bedienung",
      [
        "Spielbare Karten sind hervorgehoben; ein Klick legt sie. Der Stapel zieht. Die Sortierung wechselt zwischen zwei Ordnungen.",
        "Neben der Ablage liegen die zuletzt gespielten Karten, ein Klick zeigt alle.",
      ],
    ],
  ],
  en: [
    [
      "What it is about",
      [
        "Colour or number for 2 to 6 players: whoever has no card left wins the round; the game goes to 200 or 500 points.",
        "108 cards: per colour two each of 0–9, skip, reverse and draw two, plus 2 wilds and 2 wild draw fours.",
      ],
    ],
    [
      "Your turn",
      [
        "Play a card that matches the top card in colour or value. Wilds always fit – you name a colour after them.",
        "If you cannot or will not, you draw a card and your turn ends. Nobody holds more than 22 cards.",
      ],
    ],
    [
      "Action cards",
      [
        "Skip jumps the next player, reverse turns the order – with two players both let you play again.",
        "Draw two and +4: the next player draws – or, if the table allows it, stacks the same kind and the one after draws it all. Draw two on +4 and the other way round never.",
      ],
    ],
    [
      "ONE",
      ["Holding two cards, press ONE before you play the second to last. Forgotten: two penalty cards, automatically."],
    ],
    [
      "Scoring",
      [
        "At a round's end the hands count: numbers their value, action cards 20, wilds 50.",
        "“Winner collects”: the round's winner gets the others' points, most points win. “Each their own”: everyone is charged their own, fewest win. In partner mode (four players) partners opposite add up.",
      ],
    ],
    [
      "Controls",
      [
        "Playable cards are marked; a click plays one. The draw pile draws. The sort button switches between two orders.",
        "Beside the discard pile lie the cards played last; a click shows them all.",
      ],
    ],
  ],
};
