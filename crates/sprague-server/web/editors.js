// The position editors: each reads the position text the command line reads, draws it so
// that a person can edit it by clicking, and writes it back. An editor is
//   { parse(text) -> model or null (null: this editor cannot show that text),
//     write(model) -> text,
//     cells(model) -> Map of cell -> contents (empty cells left out), which board.js
//       compares before and after a move to know the cells it touches,
//     render(root, model, change, view) }   (change(model) reports an edit)
// `view.play` says the board plays moves rather than edits: then every clickable element
// carries its cell as `data-cell` (app.js listens for clicks and drags on the board) and
// the edit tools are not shown; `view.owners` (cell -> { ply, mover }) and `view.colour`
// (mover -> colour) draw played pieces in their player's colour.
// The text box of the page stays the authority: editing either side updates the other.

import { svg, svgText, h, clear } from "./dom.js";
import { graphEditor } from "./graph.js";

const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi, x));
const words = (text) => text.trim().split(/\s+/).filter((w) => w.length > 0);
const letters = (i) => (i < 26 ? String.fromCharCode(97 + i) : "c" + (i + 1));

/** Heaps drawn as stacks of stones: click a stone's place to set that heap's height. */
const heaps = {
  fewest: true, // a touched stone is taken with every stone above it: the move touching fewest stones
  parse(text) {
    const ws = words(text);
    if (!ws.every((w) => /^\d{1,4}$/.test(w))) return null;
    return { heaps: ws.map(Number) };
  },
  write: (m) => m.heaps.join(" "),
  cells(m) {
    const out = new Map();
    m.heaps.forEach((hgt, i) => { for (let k = 1; k <= hgt; k++) out.set(`${i}:${k}`, "stone"); });
    return out;
  },
  render(root, m, change, view = {}) {
    const tallest = Math.max(0, ...m.heaps);
    const slots = clamp(tallest + 2, 6, 30);
    const colW = 58, slotH = 17, top = 8, n = m.heaps.length;
    const width = Math.max(1, n) * colW + 16, height = top + slots * slotH + 40;
    const s = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, "data-editor": "heaps" });
    m.heaps.forEach((hgt, i) => {
      const x = 8 + i * colW;
      for (let k = 1; k <= slots; k++) {
        const y = top + (slots - k) * slotH;
        const slot = svg("rect", {
          class: "slot", x: x + 4, y, width: colW - 8, height: slotH - 1,
          "data-heap": i, "data-slot": k, "data-cell": `${i}:${k}`,
        }, s);
        slot.addEventListener("click", () => {
          if (view.play) return;
          const next = m.heaps.slice();
          next[i] = hgt === k ? k - 1 : k;
          change({ heaps: next });
        });
        svg("title", {}, slot).textContent = view.play ? (k <= hgt ? `heap ${i + 1}: take down to this stone, leaving ${k - 1}` : `heap ${i + 1}`)
          : `heap ${i + 1}: set to ${hgt === k ? k - 1 : k}`;
        if (k <= hgt) {
          svg("rect", {
            class: k === Math.min(hgt, slots) ? "stone top" : "stone",
            x: x + 8, y: y + 1, width: colW - 16, height: slotH - 3, rx: 6,
          }, s);
        }
      }
      const base = top + slots * slotH;
      svgText(hgt > slots ? `${hgt}…` : String(hgt), {
        x: x + colW / 2, y: base + 14, class: "coordinate", "font-size": 13,
      }, s);
      if (view.play) return;
      const remove = svgText("✕", {
        x: x + colW / 2, y: base + 31, class: "coordinate remove",
        "data-remove": i,
      }, s);
      svg("title", {}, remove).textContent = `remove heap ${i + 1}`;
      remove.addEventListener("click", () => {
        change({ heaps: m.heaps.filter((_, j) => j !== i) });
      });
    });
    if (view.play) {
      root.append(h("div", { className: "tools" }, h("span", { className: "muted" },
        "click a stone: take it and every stone above it")), s);
      return;
    }
    root.append(
      h("div", { className: "tools" },
        h("button", {
          type: "button", "data-action": "add-heap",
          onclick: () => change({ heaps: [...m.heaps, 3] }),
        }, "+ heap"),
        h("span", { className: "muted" }, "click a stone's place to set a heap's height (its top stone: one less); ✕ removes a heap")),
      s);
  },
};

/** Queens on a board racing to the corner (0,0) at the bottom left. */
function queenBoard({ single }) {
  return {
    parse(text) {
      const ws = words(text);
      let qs;
      if (single) {
        if (ws.length !== 2 || !ws.every((w) => /^\d{1,3}$/.test(w))) return null;
        qs = [[Number(ws[0]), Number(ws[1])]];
      } else {
        if (!ws.every((w) => /^\d{1,3},\d{1,3}$/.test(w))) return null;
        qs = ws.map((w) => w.split(",").map(Number));
      }
      if (qs.some(([x, y]) => x > 60 || y > 60)) return null;
      return { queens: qs };
    },
    write: (m) => (single ? `${m.queens[0][0]} ${m.queens[0][1]}`
                          : m.queens.map(([x, y]) => `${x},${y}`).join(" ")),
    cells(m) {
      const out = new Map();
      for (const [x, y] of m.queens) out.set(`${x},${y}`, String((Number(out.get(`${x},${y}`)) || 0) + 1));
      return out;
    },
    render(root, m, change, view = {}) {
      const far = Math.max(0, ...m.queens.flat());
      const n = clamp(far + 3, 8, 61);
      const c = n > 30 ? 12 : n > 16 ? 22 : 28, pad = 22;
      const size = pad + n * c + 4;
      const s = svg("svg", { viewBox: `0 0 ${size} ${size}`, width: size, height: size, "data-editor": "chessboard" });
      for (let y = 0; y < n; y++) {
        for (let x = 0; x < n; x++) {
          const cell = svg("rect", {
            class: "cell " + ((x + y) % 2 ? "light" : "dark"),
            x: pad + x * c, y: (n - 1 - y) * c, width: c, height: c, "data-x": x, "data-y": y,
            "data-cell": `${x},${y}`,
          }, s);
          if (x === 0 && y === 0) cell.classList.add("corner");
          cell.addEventListener("click", () => {
            if (view.play) return;
            if (single) change({ queens: [[x, y]] });
            else {
              const at = m.queens.findIndex(([qx, qy]) => qx === x && qy === y);
              change({ queens: at >= 0 ? m.queens.filter((_, i) => i !== at) : [...m.queens, [x, y]] });
            }
          });
        }
      }
      for (let i = 0; i < n; i += n > 30 ? 5 : 1) {
        svgText(String(i), { x: pad + i * c + c / 2, y: n * c + 14, class: "coordinate" }, s);
        svgText(String(i), { x: pad / 2, y: (n - 1 - i) * c + c / 2 + 4, class: "coordinate" }, s);
      }
      for (const [x, y] of m.queens) {
        const owner = view.owners && view.owners.get(`${x},${y}`);
        queen(s, pad + x * c + c / 2, (n - 1 - y) * c + c / 2, c, owner && view.colour ? view.colour(owner.mover) : null);
      }
      root.append(
        h("div", { className: "tools" }, h("span", { className: "muted" }, view.play
          ? "click a queen, then the square she moves to (or drag her there); a square only one move reaches is enough"
          : single
          ? "click a square to put the queen there; she moves left, down or diagonally towards the green corner"
          : "click a square to add or remove a queen")),
        s);
    },
  };
}

function queen(s, cx, cy, c, colour) {
  const r = c * 0.38;
  svg("path", {
    class: "piece",
    d: `M${cx - r},${cy + r * 0.7} L${cx - r},${cy - r * 0.5} L${cx - r * 0.45},${cy}` +
       ` L${cx},${cy - r * 0.8} L${cx + r * 0.45},${cy} L${cx + r},${cy - r * 0.5}` +
       ` L${cx + r},${cy + r * 0.7} Z`,
    fill: colour || "#6a2c91", stroke: "#fff", "stroke-width": 1,
  }, s);
}

/** Draws one square's content by its glyph (the catalogue names the glyph of each symbol). */
function drawSquare(s, glyph, ch, x, y, c) {
  const cx = x + c / 2, cy = y + c / 2;
  if (glyph === "left-stone" || glyph === "right-stone") {
    svg("circle", { class: "piece", cx, cy, r: c * 0.36, fill: glyph === "left-stone" ? "var(--left)" : "var(--right)",
      stroke: "#fff", "stroke-width": 2 }, s);
  } else if (glyph === "stone") {
    svg("circle", { class: "piece", cx, cy, r: c * 0.36, fill: "#5b5f66", stroke: "#fff", "stroke-width": 2 }, s);
  } else if (glyph === "heads" || glyph === "tails") {
    svg("circle", { class: "piece", cx, cy, r: c * 0.38, fill: glyph === "heads" ? "#e3b341" : "#c9ccd2",
      stroke: glyph === "heads" ? "#9c7515" : "#8b8f96", "stroke-width": 1.5 }, s);
    svgText(ch, { class: "piece", x: cx, y: cy + 5, "text-anchor": "middle", "font-size": c * 0.42,
      fill: "#333", "font-weight": 600 }, s);
  } else if (glyph === "left-piece" || glyph === "right-piece") {
    const d = glyph === "left-piece" ? 1 : -1, r = c * 0.34;
    svg("path", { class: "piece", d: `M${cx - d * r},${cy - r} L${cx + d * r},${cy} L${cx - d * r},${cy + r} Z`,
      fill: glyph === "left-piece" ? "var(--left)" : "var(--right)" }, s);
  }
}

const playHint = "click the squares of your move (or drag from one to the other); a square only one move touches is enough";

/** The cells of a grid or strip: each square that is not blank, by `row,column`. */
function squareCells(m, blank) {
  const out = new Map();
  m.rows.forEach((row, i) => row.forEach((ch, j) => { if (ch !== blank) out.set(`${i},${j}`, ch); }));
  return out;
}

/**
 * Filled squares filled by a move of the game (`view.owners`) drawn as the piece that
 * filled them, in the colour of its player: the squares one move filled make one piece (a
 * domino). Squares filled when the position was set up stay plain grey squares.
 */
function drawPlayed(s, m, glyph, view, at, c) {
  if (!view.owners || !view.colour) return;
  const pieces = new Map();
  m.rows.forEach((row, i) => row.forEach((ch, j) => {
    const owner = view.owners.get(`${i},${j}`);
    if (glyph(ch) !== "filled" || !owner) return;
    if (!pieces.has(owner.ply)) pieces.set(owner.ply, { mover: owner.mover, cells: [] });
    pieces.get(owner.ply).cells.push(at(i, j));
  }));
  for (const [ply, p] of pieces) {
    const xs = p.cells.map(([x]) => x), ys = p.cells.map(([, y]) => y);
    const x = Math.min(...xs), y = Math.min(...ys);
    svg("rect", { class: "piece played", x: x + 3, y: y + 3, width: Math.max(...xs) - x + c - 6,
      height: Math.max(...ys) - y + c - 6, rx: 6, fill: view.colour(p.mover), "data-played": ply }, s);
  }
}

/** The symbols of a grid or strip, the blank first, and the glyph of each. */
function squaresOf(cfg) {
  const states = cfg.squares.map((q) => q.symbol);
  const glyph = (ch) => (cfg.squares.find((q) => q.symbol === ch) || { glyph: "empty" }).glyph;
  // Boards with filled squares (dominoes) draw empty and filled cells; others a checkerboard.
  const filling = cfg.squares.some((q) => q.glyph === "filled");
  return { states, glyph, filling };
}

/** A rectangular board of rows separated by `|`; click a square to cycle its contents. */
function board(cfg) {
  const { states, glyph, filling } = squaresOf(cfg);
  return {
    parse(text) {
      const t = text.trim();
      if (t === "") return null;
      const rows = t.split("|").map((r) => [...r]);
      if (rows.some((r) => r.length !== rows[0].length || r.length === 0)) return null;
      if (rows.length * rows[0].length > 400) return null;
      if (!rows.every((r) => r.every((ch) => states.includes(ch)))) return null;
      return { rows };
    },
    write: (m) => m.rows.map((r) => r.join("")).join("|"),
    cells: (m) => squareCells(m, states[0]),
    render(root, m, change, view = {}) {
      const nr = m.rows.length, nc = m.rows[0].length, c = 38, pad = 20;
      const width = pad + nc * c + 2, height = pad + nr * c + 2;
      const s = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, "data-editor": "grid" });
      m.rows.forEach((row, i) => row.forEach((ch, j) => {
        const x = pad + j * c, y = pad + i * c;
        const cls = filling ? (glyph(ch) === "filled" ? "filled" : "empty")
          : (i + j) % 2 ? "dark" : "light";
        const cell = svg("rect", { class: "cell " + cls, x, y, width: c, height: c, "data-row": i, "data-col": j,
          "data-cell": `${i},${j}` }, s);
        cell.addEventListener("click", () => {
          if (view.play) return;
          const rows = m.rows.map((r) => r.slice());
          rows[i][j] = states[(states.indexOf(ch) + 1) % states.length];
          change({ rows });
        });
        drawSquare(s, glyph(ch), ch, x, y, c);
      }));
      drawPlayed(s, m, glyph, view, (i, j) => [pad + j * c, pad + i * c], c);
      for (let j = 0; j < nc; j++) svgText(letters(j), { x: pad + j * c + c / 2, y: 14, class: "coordinate" }, s);
      for (let i = 0; i < nr; i++) svgText(String(i + 1), { x: pad / 2, y: pad + i * c + c / 2 + 4, class: "coordinate" }, s);
      const resize = (dr, dc) => {
        const r2 = clamp(nr + dr, 1, 16), c2 = clamp(nc + dc, 1, 16);
        const rows = [];
        for (let i = 0; i < r2; i++) {
          rows.push([]);
          for (let j = 0; j < c2; j++) rows[i].push(i < nr && j < nc ? m.rows[i][j] : states[0]);
        }
        change({ rows });
      };
      if (view.play) {
        root.append(h("div", { className: "tools" }, h("span", { className: "muted" }, playHint)), s);
        return;
      }
      root.append(
        h("div", { className: "tools" },
          h("span", {}, `${nr} × ${nc}`),
          h("button", { type: "button", "data-action": "add-row", onclick: () => resize(1, 0) }, "+ row"),
          h("button", { type: "button", "data-action": "remove-row", onclick: () => resize(-1, 0), disabled: nr <= 1 }, "− row"),
          h("button", { type: "button", "data-action": "add-column", onclick: () => resize(0, 1) }, "+ column"),
          h("button", { type: "button", "data-action": "remove-column", onclick: () => resize(0, -1), disabled: nc <= 1 }, "− column"),
          h("span", { className: "muted" }, cfg.hint)),
        s);
    },
  };
}

/**
 * A strip of squares (one row): coins, toads and frogs. A numbered strip also reads the
 * positions of its second kind of square (coins: `2 3 5` for heads at 2, 3 and 5).
 */
function strip(cfg) {
  const b = board(cfg);
  const { states, glyph } = squaresOf(cfg);
  return {
    parse(text) {
      const ws = words(text);
      if (cfg.numbered && ws.length > 0 && ws.every((w) => /^\d{1,2}$/.test(w) && Number(w) >= 1)) {
        const len = Math.max(...ws.map(Number));
        const row = Array.from({ length: len }, () => states[0]);
        for (const w of ws) row[Number(w) - 1] = states[1];
        return { rows: [row] };
      }
      if (ws.length !== 1 || ws[0].includes("|")) return null;
      return b.parse(ws[0]);
    },
    write: b.write,
    cells: b.cells,
    render(root, m, change, view = {}) {
      const row = m.rows[0], c = 38, pad = 6;
      const width = 2 * pad + row.length * c, height = c + 26;
      const s = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, "data-editor": "strip" });
      row.forEach((ch, j) => {
        const x = pad + j * c, y = 4;
        const cell = svg("rect", { class: "cell " + (j % 2 ? "dark" : "light"), x, y, width: c, height: c,
          "data-row": 0, "data-col": j, "data-cell": `0,${j}` }, s);
        cell.addEventListener("click", () => {
          if (view.play) return;
          const r = row.slice();
          r[j] = states[(states.indexOf(ch) + 1) % states.length];
          change({ rows: [r] });
        });
        drawSquare(s, glyph(ch), ch, x, y, c);
        svgText(String(j + 1), { x: x + c / 2, y: c + 20, class: "coordinate" }, s);
      });
      drawPlayed(s, m, glyph, view, (i, j) => [pad + j * c, 4], c);
      if (view.play) {
        root.append(h("div", { className: "tools" }, h("span", { className: "muted" }, playHint)), s);
        return;
      }
      root.append(
        h("div", { className: "tools" },
          h("span", {}, `${row.length} squares`),
          h("button", { type: "button", "data-action": "add-square",
            onclick: () => change({ rows: [[...row, states[0]]] }), disabled: row.length >= 64 }, "+ square"),
          h("button", { type: "button", "data-action": "remove-square",
            onclick: () => change({ rows: [row.slice(0, -1)] }), disabled: row.length <= 1 }, "− square"),
          h("span", { className: "muted" }, cfg.hint)),
        s);
    },
  };
}

/**
 * The editor a catalogue entry asks for (its `editor`: the page knows editors, not games),
 * or null: the text box alone.
 */
export function editorFor(editor) {
  switch (editor && editor.kind) {
    case "heaps": return heaps;
    case "chessboard": return queenBoard({ single: !editor.several });
    case "grid": return board(editor);
    case "strip": return strip(editor);
    case "network": return graphEditor(editor);
    default: return null;
  }
}

/**
 * Draws `text` with `editor` in `root`, or says why it cannot; `change(text)` reports an
 * edit; `view` as the editor's `render` reads it.
 */
export function showEditor(root, editor, text, change, view = {}) {
  clear(root);
  if (!editor) {
    root.append(h("p", { className: "note" }, "This game has no picture editor: type the position below."));
    return;
  }
  const model = editor.parse(text);
  if (!model) {
    root.append(h("p", { className: "note", "data-editor": "none" },
      "The editor cannot show this position (too large, a sum, or not in its form); the text box can."));
    return;
  }
  editor.render(root, model, (m) => change(editor.write(m)), view);
}
