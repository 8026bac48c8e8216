// Speedlaunch's rules in the house's own words, German first, English second: a list of
// sections, each a heading and its points (rules.js shows them).
export const RULES = {
  de: [
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
  en: [
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
};
