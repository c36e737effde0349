// The value history, in the style users know from GamesmanUni: one column per position of
// the game, its strip coloured by the outcome for the player to move there (win, lose,
// draw); where remoteness is known, a dot at that distance from the centre line, above it
// when the first player wins and below when the second does. The positions where the
// winner changed (a mistake) are marked with a dashed line. Drawn at the width of its box,
// one pixel a unit, so that its words keep their size on a phone.

import { svg, svgText, clear } from "./dom.js";

const COLOUR = { win: "var(--win)", lose: "var(--lose)", draw: "var(--draw-band)" };

/**
 * Draws `chart` into `root`: { columns: [{x, outcome ("win", "lose", "draw" or null),
 * winner (0, 1, "draw" or null), remoteness (or null), title}], flips: [x], current: x,
 * above, below: what the halves mean }.
 */
export function drawChart(root, chart) {
  clear(root);
  const W = Math.max(260, Math.min(720, Math.floor(root.clientWidth || 460)));
  const cols = chart.columns;
  const rems = cols.filter((c) => c.remoteness !== null && c.winner !== null);
  const most = Math.max(1, ...rems.map((c) => c.remoteness));
  const left = 34, right = 8, top = 6, band = 26;
  // The remoteness area: rows of at least 9 px, at most 150 px for each half.
  const half = rems.length ? Math.min(150, Math.max(60, most * 9)) : 0;
  const mid = top + band + 40 + half;
  const H = rems.length ? mid + half + 26 : top + band + 26;
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, "data-chart": "values", role: "img" }, root);
  svg("title", {}, s).textContent = "value history: the outcome for the player to move" +
    (rems.length ? ", and remoteness" : "");
  const n = Math.max(1, cols.length);
  const cw = (W - left - right) / n;
  const cx = (x) => left + cw * x + cw / 2;
  svgText("move", { x: 2, y: top + band / 2 + 5, class: "chart-label" }, s);
  for (const c of cols) {
    const g = svg("g", { "data-ply": c.x, "data-outcome": c.outcome ?? "unknown" }, s);
    svg("rect", { class: "band" + (c.x === chart.current ? " current" : ""), x: left + cw * c.x + 0.5, y: top,
      width: Math.max(1, cw - 1), height: band, fill: c.outcome ? COLOUR[c.outcome] : "#e4e4e8" }, g);
    svg("title", {}, g).textContent = c.title;
  }
  const xStep = Math.max(1, Math.ceil(n / Math.floor((W - left) / 30)));
  for (let x = 0; x < cols.length; x += xStep) {
    svgText(String(x), { x: cx(x), y: top + band + 14, "text-anchor": "middle", class: "chart-label" }, s);
  }
  for (const x of chart.flips) {
    svg("line", { class: "flip", x1: left + cw * x, x2: left + cw * x, y1: top - 2, y2: H - 20, "data-flip": x }, s);
  }
  if (rems.length) {
    const py = (c) => (c.winner === "draw" ? mid : mid + (c.winner === 0 ? -1 : 1) * (half * c.remoteness) / most);
    svg("line", { class: "axis", x1: left, x2: W - right, y1: mid, y2: mid }, s);
    svgText(`↑ ${chart.above}`, { x: left + 4, y: mid - half - 8, class: "chart-label" }, s);
    svgText(`↓ ${chart.below}`, { x: left + 4, y: mid + half + 14, class: "chart-label" }, s);
    const yStep = Math.max(1, Math.ceil(most / Math.floor(half / 16)));
    for (let r = yStep; r <= most; r += yStep) {
      for (const sign of [-1, 1]) {
        const y = mid + (sign * half * r) / most;
        svg("line", { class: "grid", x1: left, x2: W - right, y1: y, y2: y }, s);
        svgText(String(r), { x: left - 4, y: y + 4, "text-anchor": "end", class: "chart-label" }, s);
      }
    }
    svgText("0", { x: left - 4, y: mid + 4, "text-anchor": "end", class: "chart-label" }, s);
    let d = "";
    cols.forEach((c, i) => {
      if (c.remoteness === null || c.winner === null) return;
      const prev = cols[i - 1];
      d += (prev && prev.remoteness !== null && prev.winner !== null ? " L" : " M") + cx(c.x) + "," + py(c);
    });
    svg("path", { class: "line", d }, s);
    for (const c of rems) {
      const dot = svg("circle", { class: "dot" + (c.x === chart.current ? " current" : ""), cx: cx(c.x), cy: py(c),
        r: c.x === chart.current ? 5.5 : 4, fill: COLOUR[c.outcome] }, s);
      svg("title", {}, dot).textContent = c.title;
    }
    svgText("remoteness", { x: W - right, y: H - 4, "text-anchor": "end", class: "chart-label" }, s);
  }
}
