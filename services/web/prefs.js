// The player's own settings, kept in localStorage: language, animations, magnifier, wide chat,
// yellow border on playable cards, Speedone's hand order, sound and desktop notifications
// (both off unless chosen).
const KEY = "sg.prefs";
const DEFAULTS = {
  lang: "de",
  anim: !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches,
  magnify: false,
  widechat: false,
  playable: true,
  sort: 1,
  sound: false,
  notify: false,
};

export const prefs = { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };

export function setPref(name, value) {
  prefs[name] = value;
  localStorage.setItem(KEY, JSON.stringify(prefs));
  applyPrefs();
}

export function applyPrefs() {
  const body = document.body;
  body.classList.toggle("no-anim", !prefs.anim);
  body.classList.toggle("magnify", prefs.magnify);
  body.classList.toggle("wide-chat", prefs.widechat);
  body.classList.toggle("no-playable", !prefs.playable);
  document.documentElement.lang = prefs.lang === "en" ? "en" : "de";
}
