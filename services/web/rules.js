// The rules of the three games in the house's own words, German first, English second:
// per game a list of sections, each a heading and its points. Shown as a dialog from the
// lobby (a game's "Regeln") and from the table (the bar's "Regeln").
import { boardModule, gameOf } from "./games.js";
import { lang, t } from "./i18n.js";
import { h, modal } from "./ui.js";

const de = {
  speedlaunch: [
    [
      "Worum es geht",
      [
        "Countdown-Ablegen für 1 bis 6 Spieler: Wer zuerst alle 20 Karten los ist – Hand und Stapel –, gewinnt die Runde.",
        "120 Karten: je zehnmal die Countdown-Werte 10 bis 1, dazu 7 Satelliten, 7 Asteroiden und 6 Schwarze Löcher. Jeder bekommt 20, der Rest bleibt ungesehen in der Schachtel.",
      ],
    ],
    [
      "Vor dir",
      [
        "Vier Stapel: unten eine liegende Blindkarte, darauf eine stehende verdeckte Karte, oben eine offene. Die übrigen acht Karten sind deine Hand, nach Werten gruppiert.",
        "In der Mitte die Startrampe. Die vier Lämpchen zeigen, wie viele gleiche Werte oben liegen.",
      ],
    ],
    [
      "Dein Zug",
      [
        "Lege eine oder mehrere Karten eines Werts – gleich hoch oder niedriger als die oberste Karte der Rampe. Auf die leere Rampe passt alles. Hand- und offene Stapelkarten darfst du mischen.",
        "Wird eine offene Stapelkarte gespielt, dreht sich die Karte darunter um; hat sie denselben Wert, fliegt sie von selbst hinterher.",
        "Satellit: mit Countdown-Karten nimmt er deren Wert an, allein den der obersten Karte; als erste Karte auf leerer Rampe hat er keinen Wert.",
        "Asteroid (allein): ein Gegner nimmt die ganze Rampe auf die Hand, dein Zug ist vorbei. Schwarzes Loch (allein): die Rampe verschwindet, du bist nochmal dran.",
        "Kannst oder willst du nicht legen, nimmst du die Rampe auf die Hand – auf eine leere Rampe musst du legen.",
      ],
    ],
    [
      "Zündung und Vierer-Grenze",
      [
        "Liegen vier gleiche Werte oben (Satelliten mit diesem Wert zählen mit), zündet die Rakete: Die Rampe ist aus dem Spiel und du bist nochmal dran.",
        "Mehr als vier gleiche gibt es nicht: Du legst höchstens bis zur vierten.",
      ],
    ],
    [
      "Blindkarte",
      [
        "Ist von einem Stapel nur die Blindkarte übrig, darfst du sie als erste Handlung eines Zugs wagen. Passt sie, darfst du gleiche Werte oder Satelliten einmal nachlegen; ist sie zu hoch, nimmst du die Rampe samt Karte auf.",
      ],
    ],
    [
      "Wertung",
      [
        "Die anderen zählen ihre Restkarten als Minuspunkte. Gespielt wird eine Runde oder „jeder beginnt einmal“; es gewinnt, wer die wenigsten Minuspunkte hat, bei Gleichstand mehr gewonnene Runden.",
        "Bestenliste: je Runde 30 Punkte für den Sieger, sonst 20 minus Restkarten; am Ende Platzbonus. Wer vorzeitig geht, bekommt −10.",
      ],
    ],
    [
      "Bedienung",
      [
        "Klick auf eine Gruppe wählt die Karten dieses Werts, so weit sie passen – jeder weitere Klick nimmt eine weg. Offene Stapelkarten per Klick dazu oder heraus. Legen oder Enter spielt.",
        "Über der Hand steht, was eine Gruppe täte: „→ 2 × 7 legen“, „ZÜNDUNG!“ oder „zu hoch“.",
        "Unter einem Gegner steht, welche Karten alle ihn nehmen sahen. Tipp mit T, Bilanz mit B.",
      ],
    ],
  ],
  speedtower: [
    [
      "Worum es geht",
      [
        "Bauen für 1 bis 4 Spieler: Wer zuerst seinen Bauauftrag (10, 20 oder 30 Karten) komplett verbaut hat, gewinnt.",
        "162 Karten: je zwölfmal 1 bis 12 und 18 Kräne. Der Kran ersetzt jede Zahl.",
      ],
    ],
    [
      "Vor dir",
      [
        "Dein Bauauftrag (nur die oberste Karte offen), fünf Handkarten und vier Lager, deren oberste Karte spielbar ist. In der Mitte bis zu vier Türme A bis D.",
      ],
    ],
    [
      "Dein Zug",
      [
        "Zu Beginn füllst du von selbst auf fünf Handkarten auf.",
        "Baue, so oft du kannst: Handkarte, oberste Lagerkarte oder oberste Auftragskarte auf einen Turm, der genau dieses Stockwerk braucht – ein leerer Turm beginnt mit 1, dann 2, 3 … 12. Das Schild unter dem Turm sagt, was er braucht.",
        "Bei der 12 ist Richtfest: Der Turm kommt auf den Bauschutt, der Platz wird frei. Sind alle fünf Handkarten verbaut, bekommst du fünf neue.",
        "Zum Schluss legst du eine Handkarte in eines deiner Lager – das beendet den Zug. Die Auftragskarte darf nie ins Lager.",
      ],
    ],
    [
      "Wertung",
      [
        "Wer den Auftrag zuerst leer hat, gewinnt sofort; die anderen nach ihren Restkarten im Auftrag.",
        "Bestenliste: 25 Punkte plus 5 je Restkarte der Gegner für den Sieger, sonst 2 je verbauter Auftragskarte, dazu der Platzbonus.",
      ],
    ],
    [
      "Bedienung",
      [
        "Erst die Karte, dann den Turm anklicken – passende Türme leuchten grün. Oder die Karte auf den Turm ziehen.",
        "Tasten: 1–5 Hand, A Auftrag, Q W E R Lager, F G H J Turm A–D, Z zurück, Esc hebt die Wahl auf.",
      ],
    ],
  ],
  speedone: [
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
};

const en = {
  speedlaunch: [
    [
      "What it is about",
      [
        "Countdown shedding for 1 to 6 players: whoever is first rid of all 20 cards – hand and stacks – wins the round.",
        "120 cards: ten each of the countdown values 10 to 1, plus 7 satellites, 7 asteroids and 6 black holes. Everyone gets 20; the rest stays unseen in the box.",
      ],
    ],
    [
      "In front of you",
      [
        "Four stacks: a lying blind card at the bottom, a standing face-down card on it, an open card on top. The other eight cards are your hand, grouped by value.",
        "In the middle the launch ramp. The four lamps show how many equal values lie on top.",
      ],
    ],
    [
      "Your turn",
      [
        "Play one or more cards of one value – equal to or lower than the ramp's top card. An empty ramp takes anything. You may mix hand cards and open stack cards.",
        "When an open stack card is played, the card below turns up; if it has the same value, it follows by itself.",
        "Satellite: with countdown cards it takes their value, alone the top card's; as the first card on an empty ramp it has no value.",
        "Asteroid (alone): an opponent takes the whole ramp into hand, your turn ends. Black hole (alone): the ramp vanishes and you go again.",
        "If you cannot or will not play, you take the ramp into your hand – onto an empty ramp you must play.",
      ],
    ],
    [
      "Ignition and the four-limit",
      [
        "Four equal values on top (satellites carrying that value count) ignite the rocket: the ramp leaves the game and you go again.",
        "There are never more than four equal: you play up to the fourth at most.",
      ],
    ],
    [
      "The blind card",
      [
        "When only a stack's blind card is left, you may risk it as the first action of a turn. If it fits, you may add equal values or satellites once; if it is too high, you take the ramp with it.",
      ],
    ],
    [
      "Scoring",
      [
        "The others count their remaining cards as minus points. One round, or “everyone begins once”; fewest minus points win, a tie goes to more rounds won.",
        "Leaderboard: per round 30 points for the winner, otherwise 20 minus cards left; a placement bonus at the end. Leaving early costs −10.",
      ],
    ],
    [
      "Controls",
      [
        "Clicking a group picks the cards of that value as far as they fit – each further click removes one. Click open stack cards to add or remove them. Play or Enter plays.",
        "Above the hand it says what a group would do: “→ play 2 × 7”, “IGNITION!” or “too high”.",
        "Under an opponent: the cards everyone saw them take. Hint with T, balance with B.",
      ],
    ],
  ],
  speedtower: [
    [
      "What it is about",
      [
        "Building for 1 to 4 players: whoever first builds away their whole stock (10, 20 or 30 cards) wins.",
        "162 cards: twelve each of 1 to 12 and 18 cranes. A crane stands for any number.",
      ],
    ],
    [
      "In front of you",
      [
        "Your stock (only the top card open), five hand cards and four storage piles whose top card is playable. In the middle up to four towers A to D.",
      ],
    ],
    [
      "Your turn",
      [
        "At the start you are filled up to five hand cards by yourself.",
        "Build as often as you can: a hand card, a storage top or your stock's top onto a tower that needs exactly that floor – an empty tower starts with 1, then 2, 3 … 12. The sign under a tower says what it needs.",
        "At 12 the tower is topped out: it goes to the rubble and the place is free again. Once all five hand cards are built, you get five new ones.",
        "At the end you put a hand card into one of your storage piles – that ends the turn. A stock card never goes into storage.",
      ],
    ],
    [
      "Scoring",
      [
        "Whoever empties their stock first wins at once; the others are placed by the cards left in their stock.",
        "Leaderboard: 25 points plus 5 per card the opponents have left for the winner, otherwise 2 per stock card built, plus the placement bonus.",
      ],
    ],
    [
      "Controls",
      [
        "Click the card, then the tower – towers it fits light up green. Or drag the card onto the tower.",
        "Keys: 1–5 hand, A stock, Q W E R storage, F G H J towers A–D, Z undo, Esc clears the choice.",
      ],
    ],
  ],
  speedone: [
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

const RULES = { de, en };

// A game's rules: the house's three here, any other game's from its board module's RULES.
export function rulesOf(game) {
  const own = gameOf(game) && boardModule(game).RULES;
  return (RULES[lang()] || de)[game] || own?.[lang()] || [];
}

// The rules of a game as a dialog; Escape or ✕ closes it.
export function showRules(game) {
  const body = h(
    "div.rules",
    { "data-testid": "rules", "data-game": game },
    rulesOf(game).map(([heading, points]) =>
      h(
        "section",
        {},
        h("h3", {}, heading),
        h(
          "ul",
          {},
          points.map((point) => h("li", {}, point)),
        ),
      ),
    ),
  );
  return modal(t("rules.title", { game: t(`games.${game}`) }), body, { className: "rules-modal" });
}
