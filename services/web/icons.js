// Small inline SVG icons (no image files, no emoji font needed).
const PATHS = {
  rocket:
    '<path d="M12 2c3 2 5 6 5 10l-2 4H9l-2-4c0-4 2-8 5-10z" fill="currentColor"/><circle cx="12" cy="9" r="2" fill="#0008"/><path d="M9 16l-3 4 4-1zM15 16l3 4-4-1z" fill="#ff8a3d"/>',
  satellite:
    '<rect x="9" y="9" width="6" height="6" rx="1" fill="currentColor"/><rect x="1" y="10" width="7" height="4" fill="#7fd4ff"/><rect x="16" y="10" width="7" height="4" fill="#7fd4ff"/><path d="M12 9V5M10 4h4" stroke="currentColor" stroke-width="1.5"/>',
  crane:
    '<path d="M6 22V4h2v18zM4 4h17v2H4zM19 6v6" stroke="currentColor" stroke-width="2" fill="none"/><rect x="17" y="12" width="4" height="3" fill="currentColor"/><path d="M3 22h8" stroke="currentColor" stroke-width="2"/>',
  robot:
    '<rect x="4" y="7" width="16" height="12" rx="3" fill="currentColor"/><circle cx="9" cy="13" r="2" fill="#111"/><circle cx="15" cy="13" r="2" fill="#111"/><path d="M12 7V3" stroke="currentColor" stroke-width="2"/><circle cx="12" cy="3" r="1.5" fill="currentColor"/>',
  bulb: '<path d="M12 2a7 7 0 0 0-4 12.7V18h8v-3.3A7 7 0 0 0 12 2z" fill="#ffe14a"/><rect x="9" y="19" width="6" height="3" rx="1" fill="currentColor"/>',
  clock:
    '<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 7v5l3 3" stroke="currentColor" stroke-width="2" fill="none"/>',
  flag: '<path d="M5 22V3" stroke="currentColor" stroke-width="2"/><path d="M6 4h13l-3 4 3 4H6z" fill="currentColor"/>',
  joy: '<circle cx="12" cy="12" r="10" fill="#ffcc33"/><circle cx="8.5" cy="10" r="1.3" fill="#222"/><circle cx="15.5" cy="10" r="1.3" fill="#222"/><path d="M7 14c2 3 8 3 10 0" stroke="#222" stroke-width="1.6" fill="none"/>',
  grr: '<circle cx="12" cy="12" r="10" fill="#ff7a4d"/><circle cx="8.5" cy="11" r="1.3" fill="#222"/><circle cx="15.5" cy="11" r="1.3" fill="#222"/><path d="M7 8l3 1.5M17 8l-3 1.5M7.5 17c2-2.5 7-2.5 9 0" stroke="#222" stroke-width="1.6" fill="none"/>',
  bricks:
    '<path d="M2 6h20v4H2zM2 14h20v4H2z" fill="#e8853a"/><path d="M8 6v4M16 6v4M5 14v4M12 14v4M19 14v4" stroke="#0006"/>',
  rubble: '<path d="M3 20l4-7 3 4 3-6 4 5 4 4z" fill="#9aa3b8"/>',
  link: '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.2 1.2M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.2-1.2" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round"/>',
  book: '<path d="M4 4h6a2 2 0 0 1 2 2v14a2 2 0 0 0-2-2H4zM20 4h-6a2 2 0 0 0-2 2v14a2 2 0 0 1 2-2h6z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/>',
  first: '<path d="M5 5h2v14H5zM19 5v14L8 12z" fill="currentColor"/>',
  prev: '<path d="M17 5v14L6 12z" fill="currentColor"/>',
  play: '<path d="M7 5v14l12-7z" fill="currentColor"/>',
  pause: '<path d="M6 5h4v14H6zM14 5h4v14h-4z" fill="currentColor"/>',
  next: '<path d="M7 5v14l11-7z" fill="currentColor"/><path d="M18 5h2v14h-2z" fill="currentColor"/>',
  last: '<path d="M5 5v14l11-7z" fill="currentColor"/><path d="M17 5h2v14h-2z" fill="currentColor"/>',
  hand: '<path d="M7 11V5a1.5 1.5 0 0 1 3 0v5V3.5a1.5 1.5 0 0 1 3 0V10 5a1.5 1.5 0 0 1 3 0v9c0 4-3 7-6 7s-5-2-7-6l-1.5-3a1.4 1.4 0 0 1 2.5-1.2z" fill="currentColor"/>',
};

export function icon(name, label = null) {
  const span = document.createElement("span");
  span.className = `icon icon-${name}`;
  if (label) {
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", label);
  } else span.setAttribute("aria-hidden", "true");
  span.innerHTML = `<svg viewBox="0 0 24 24" width="1em" height="1em">${PATHS[name]}</svg>`;
  return span;
}
