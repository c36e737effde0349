// The value-history chart: per ply of the game one number (the remoteness signed by who
// wins, a Grundy value, or a partizan value's mean), the plies where the outcome under best
// play flipped marked with a dashed line.

import { svg, svgText, clear } from "./dom.js";

/**
 * Draws `series` into `root`: { yLabel, points: [{x, y, title}] (y null: unknown),
 * flips: [x], current: x, integers: whether every y is a whole number, range: [lo, hi] or
 * absent (then from the points) }.
 */
export function drawChart(root, series) {
  clear(root);
  const W = 460, H = 214, left = 44, right = 12, top = 24, bottom = 34;
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, "data-chart": "values", role: "img" }, root);
  svg("title", {}, s).textContent = "value history: " + series.yLabel;
  const known = series.points.filter((p) => p.y !== null);
  const maxX = Math.max(1, series.points.length - 1);
  let lo = Math.min(0, ...known.map((p) => p.y)), hi = Math.max(1, ...known.map((p) => p.y));
  if (series.range) [lo, hi] = series.range;
  if (hi === lo) hi = lo + 1;
  const px = (x) => left + ((W - left - right) * x) / maxX;
  const py = (y) => top + ((H - top - bottom) * (hi - y)) / (hi - lo);
  // Grid and axes: a few round steps.
  const step = series.integers ? Math.max(1, niceStep((hi - lo) / 5)) : niceStep((hi - lo) / 5);
  for (let y = Math.ceil(lo / step) * step; y <= hi + 1e-9; y += step) {
    svg("line", { class: y === 0 ? "axis" : "grid", x1: left, x2: W - right, y1: py(y), y2: py(y) }, s);
    svgText(fmt(y), { x: left - 6, y: py(y) + 4, "text-anchor": "end" }, s);
  }
  svg("line", { class: "axis", x1: left, x2: left, y1: top, y2: H - bottom }, s);
  const xStep = Math.max(1, Math.ceil(maxX / 12));
  for (let x = 0; x <= maxX; x += xStep) {
    svgText(String(x), { x: px(x), y: H - bottom + 14, "text-anchor": "middle" }, s);
  }
  svgText("ply", { x: W - right, y: H - 4, "text-anchor": "end" }, s);
  svgText(series.yLabel, { x: left, y: 13 }, s);
  for (const x of series.flips) {
    svg("line", { class: "flip", x1: px(x), x2: px(x), y1: top, y2: H - bottom, "data-flip": x }, s);
    // The label goes left of a line near the right edge, so that it is not cut off.
    const nearEdge = px(x) > W - right - 30;
    svgText("flip", { class: "flip-label", x: px(x) + (nearEdge ? -3 : 3), y: top + 11,
      "text-anchor": nearEdge ? "end" : "start" }, s);
  }
  // The line joins consecutive known points only.
  let d = "";
  series.points.forEach((p, i) => {
    if (p.y === null) return;
    const prev = series.points[i - 1];
    d += (i > 0 && prev && prev.y !== null ? " L" : " M") + px(p.x) + "," + py(p.y);
  });
  if (d) svg("path", { class: "line", d }, s);
  for (const p of known) {
    const dot = svg("circle", { class: "dot" + (p.x === series.current ? " current" : ""),
      cx: px(p.x), cy: py(p.y), r: p.x === series.current ? 5 : 3.5, "data-ply": p.x }, s);
    svg("title", {}, dot).textContent = p.title;
  }
  if (known.length === 0) {
    svgText("no values known yet", { x: W / 2, y: H / 2, "text-anchor": "middle" }, s);
  }
}

function niceStep(raw) {
  const e = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1e-9))));
  for (const m of [1, 2, 5, 10]) if (m * e >= raw) return Math.max(m * e, 0.25);
  return 10 * e;
}

function fmt(y) {
  return Number.isInteger(y) ? String(y) : y.toFixed(2).replace(/0+$/, "");
}
