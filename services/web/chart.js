// A small SVG line chart of a rating over its games, drawn by hand (no charting library):
// each game is a point that leads to its replay; games against computers are hollow points.
const NS = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 38, right: 8, top: 8, bottom: 8 };

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) el.append(child);
  return el;
}

// `points`: [{after, before, vs_computers, …}] oldest first; `href(point)` and `title(point)`
// give each point's link and its words. The line starts at the rating before the first game.
export function ratingChart(points, { label, href, title }) {
  const values = [points[0].before, ...points.map((point) => point.after)];
  const low = Math.min(...values) - 10;
  const high = Math.max(...values) + 10;
  const x = (index) => PAD.left + (index / (values.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (value) => PAD.top + ((high - value) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const chart = svg("svg", {
    class: "rating-chart",
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
    "aria-label": label,
    "data-testid": "rating-chart",
  });
  for (const value of [high - 10, low + 10]) {
    chart.append(
      svg("line", { class: "grid", x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value) }),
      svg("text", { class: "axis", x: PAD.left - 4, y: y(value) + 4, "text-anchor": "end" }, String(Math.round(value))),
    );
  }
  chart.append(
    svg("polyline", { class: "line", points: values.map((value, index) => `${x(index)},${y(value)}`).join(" ") }),
  );
  points.forEach((point, index) => {
    const words = title(point);
    chart.append(
      svg(
        "a",
        { href: href(point), "data-route": "", "aria-label": words },
        svg(
          "circle",
          { class: point.vs_computers ? "point computers" : "point", cx: x(index + 1), cy: y(point.after), r: 3.5 },
          svg("title", {}, words),
        ),
      ),
    );
  });
  return chart;
}
