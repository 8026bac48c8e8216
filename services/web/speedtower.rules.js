// Speedtower's rules in the house's own words, German first, English second: a list of
// sections, each a heading and its points (rules.js shows them).
export const RULES = {
  de: [
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
  en: [
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
};
