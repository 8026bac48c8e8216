// Telling a player who looks elsewhere that something wants them: the tab's title and icon
// ("● Du bist dran – Speedone"), an optional sound (off unless chosen, sound.js), and — while
// the page is hidden — a desktop notification through the browser's Notification API, only
// once the player chose it in the settings (the browser's permission is asked then, never
// before).
import { prefs, setPref } from "./prefs.js";
import { sound } from "./sound.js";

const DOT = "●";
const QUIET_ICON = "data:,";
const LOUD_ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#e0362c"/></svg>',
  );

let page = document.title; // the title of the page on screen, without a mark
let standing = null; // a mark that holds while its reason lasts (your turn)
let passing = null; // a mark until the player looks again (someone arrived, an invitation)

function icon() {
  let link = document.querySelector("link[rel=icon]");
  if (!link) link = document.head.appendChild(Object.assign(document.createElement("link"), { rel: "icon" }));
  return link;
}

function draw() {
  const mark = standing || passing;
  document.title = mark ? `${DOT} ${mark}` : page;
  icon().href = mark ? LOUD_ICON : QUIET_ICON;
  document.documentElement.dataset.attention = mark ? "on" : "off"; // for the player's tools and tests
}

// The page's own title (app.js sets it for each page); a mark stays in front of it.
export function pageTitle(title) {
  page = title;
  draw();
}

// A mark that stays while its reason lasts: `text` (null: the reason is gone).
export function standingMark(text) {
  if (standing === text) return;
  standing = text;
  draw();
}

function looking() {
  return document.visibilityState === "visible" && document.hasFocus();
}

// Something the player should know now: `title` marks the tab (until the player looks again,
// when not looking now), `kind` names the sound, and a desktop notification says `title`
// and `body` while the page is hidden, if the player chose that.
export function callPlayer({ title, body = "", kind = "turn", tag = "speedgamez", mark = true }) {
  sound(kind);
  if (mark && !looking()) {
    passing = title;
    draw();
  }
  if (document.visibilityState !== "hidden" || !prefs.notify || !("Notification" in window)) return;
  if (Notification.permission !== "granted") return;
  try {
    const note = new Notification(title, { body, tag, renotify: true });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch {
    /* a browser that only notifies from a service worker: the title and the sound remain */
  }
}

function seen() {
  if (!looking() || !passing) return;
  passing = null;
  draw();
}
document.addEventListener("visibilitychange", seen);
window.addEventListener("focus", seen);

// Whether this browser can notify at all.
export function canNotify() {
  return "Notification" in window;
}

// The player turned desktop notifications on or off in the settings: only now is the
// browser asked for its permission. Resolves to the setting as it stands afterwards.
export async function chooseDesktop(on) {
  if (!on || !canNotify()) {
    setPref("notify", false);
    return false;
  }
  let permission = Notification.permission;
  if (permission === "default") {
    try {
      permission = await Notification.requestPermission();
    } catch {
      permission = "denied";
    }
  }
  setPref("notify", permission === "granted");
  return prefs.notify;
}
