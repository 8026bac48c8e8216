// Optional sound (off by default, the setting is remembered in prefs): short tones made with
// Web Audio, no sound files. "turn": it is your turn; "card": a card was played; "call":
// someone wants you (a newcomer at your table, an invitation, the next game ready).
import { prefs } from "./prefs.js";

let audio = null;
const TONES = {
  turn: [
    [660, 0],
    [880, 0.09],
  ],
  card: [[420, 0]],
  call: [
    [523, 0],
    [659, 0.09],
    [784, 0.18],
  ],
};

export function sound(kind) {
  if (!prefs.sound || !TONES[kind]) return false;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    for (const [frequency, delay] of TONES[kind]) {
      const start = audio.currentTime + delay;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.12, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.12);
      tone.connect(gain).connect(audio.destination);
      tone.start(start);
      tone.stop(start + 0.14);
    }
    document.body.dataset.lastSound = kind; // what was played, for the player's tools and tests
    return true;
  } catch {
    return false; // no audio on this device: silence
  }
}
