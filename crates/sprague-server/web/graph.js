// The graph editor: positions that are small graphs (tokens on a directed graph, a start
// vertex, a ground, coloured edges, black vertices), drawn as SVG with a circular layout, or
// layered from the ground or the root, as the catalogue entry's editor says.

import { svg, svgText, h } from "./dom.js";

const R = 15;

function parse(text, cfg) {
  const plain = text.split("\n").map((l) => l.split("#")[0]).join(" ");
  const ws = plain.trim().split(/\s+/).filter((w) => w);
  const m = { vertices: [], edges: [], marks: {} };
  const vertex = (v) => { if (!m.vertices.includes(v)) m.vertices.push(v); };
  // Hackenbush strings (`BRB`, from the ground up; several side by side, separated by
  // spaces or `+`) are stalks on the ground 0, their vertices numbered on from 1.
  const strings = ws.flatMap((w) => w.split("+")).filter((w) => w);
  if (cfg.coloured && strings.length > 0 && strings.every((w) => /^[BRG]+$/i.test(w))) {
    vertex("0");
    for (const str of strings) {
      let below = "0";
      for (const c of str.toUpperCase()) {
        const v = String(m.vertices.length);
        vertex(v);
        m.edges.push({ u: below, v, d: "-", c });
        below = v;
      }
    }
    return m.edges.length > 150 ? null : m;
  }
  for (const w of ws) {
    if (w.includes("=")) {
      const [key, vals] = w.split("=", 2);
      if (!cfg.marks.some((k) => k.key === key)) return null;
      m.marks[key] = vals.split(",").filter((v) => v);
      continue;
    }
    for (let item of w.split(/[,;]/).filter((x) => x)) {
      let c = null;
      if (cfg.coloured) {
        const cm = item.match(/^(.*):([BRGbrg])$/);
        if (!cm) { if (/[->]/.test(item)) return null; } else { item = cm[1]; c = cm[2].toUpperCase(); }
      }
      if (item.includes(":")) return null;
      const parts = item.split(/([->])/);
      if (parts.some((p, i) => i % 2 === 0 && p === "")) return null;
      for (let i = 0; i < parts.length; i += 2) vertex(parts[i]);
      for (let i = 1; i < parts.length; i += 2) {
        if (parts[i] === ">" && !cfg.directed) return null;
        m.edges.push({ u: parts[i - 1], v: parts[i + 1], d: parts[i], c });
      }
    }
  }
  if (m.vertices.length > 60 || m.edges.length > 150) return null;
  // Hackenbush's ground is vertex 0 (the position has no other way to name it); an empty
  // picture is the ground alone, so that there is something to grow edges from.
  if (cfg.coloured || m.vertices.length === 0) vertex(groundOf(m, cfg));
  return m;
}

/** The ground of a Hackenbush picture: `0`, or Green Hackenbush's `ground=V`. */
function groundOf(m, cfg) {
  return cfg.coloured ? "0" : ((m.marks.ground || [])[0] ?? "0");
}

function write(m, cfg) {
  const items = m.edges.map((e) => `${e.u}${e.d}${e.v}${e.c ? ":" + e.c : ""}`);
  const used = new Set(m.edges.flatMap((e) => [e.u, e.v]));
  // A Hackenbush picture is its edges (the command line refuses a lone vertex), or the
  // ground's name when none is left.
  if (cfg.coloured) return items.length ? items.join(" ") : "0";
  for (const v of m.vertices) if (!used.has(v)) items.push(v);
  for (const k of cfg.marks) {
    const vals = m.marks[k.key] || [];
    if (vals.length > 0 && !(k.implicit && vals.length === 1 && vals[0] === k.implicit)) {
      items.push(`${k.key}=${vals.join(",")}`);
    }
  }
  return items.join(" ");
}

/** The cell of an edge: its ends (in order when undirected), direction and colour. */
function edgeCell(e) {
  const [u, v] = e.d === "-" && e.v < e.u ? [e.v, e.u] : [e.u, e.v];
  return `e:${u}${e.d}${v}${e.c ? ":" + e.c : ""}`;
}

/** A graph's cells: each vertex with its marks, each kind of edge with how many. */
function cells(m) {
  const out = new Map();
  for (const v of m.vertices) {
    const marks = Object.keys(m.marks).sort().flatMap((k) => m.marks[k].filter((x) => x === v).map(() => k));
    out.set("v:" + v, marks.join(",") || "vertex");
  }
  for (const e of m.edges) out.set(edgeCell(e), String((Number(out.get(edgeCell(e))) || 0) + 1));
  return out;
}

function newName(m) {
  if (m.vertices.every((v) => /^\d+$/.test(v))) {
    return String(m.vertices.reduce((a, v) => Math.max(a, Number(v) + 1), 0));
  }
  for (let i = 0; i < 26; i++) {
    const v = String.fromCharCode(97 + i);
    if (!m.vertices.includes(v)) return v;
  }
  let i = 1;
  while (m.vertices.includes("v" + i)) i++;
  return "v" + i;
}

function neighbours(m) {
  const adj = new Map(m.vertices.map((v) => [v, []]));
  for (const e of m.edges) {
    if (adj.has(e.u) && adj.has(e.v)) { adj.get(e.u).push(e.v); adj.get(e.v).push(e.u); }
  }
  return adj;
}

/** Breadth-first layers from `root`; vertices it does not reach go one layer further. */
function layers(m, root) {
  const adj = neighbours(m), depth = new Map();
  const queue = m.vertices.includes(root) ? [root] : [];
  if (queue.length) depth.set(root, 0);
  while (queue.length) {
    const u = queue.shift();
    for (const v of adj.get(u)) if (!depth.has(v)) { depth.set(v, depth.get(u) + 1); queue.push(v); }
  }
  const deepest = Math.max(-1, ...depth.values());
  for (const v of m.vertices) if (!depth.has(v)) depth.set(v, deepest + 1);
  const rows = [];
  for (const v of m.vertices) (rows[depth.get(v)] ||= []).push(v);
  // Order each layer by where its neighbours in the layer before sit, so edges cross less.
  const x = new Map();
  rows.forEach((row, d) => {
    if (d > 0) {
      const key = (v) => {
        const ps = adj.get(v).filter((u) => depth.get(u) === d - 1).map((u) => x.get(u));
        return ps.length ? ps.reduce((a, b) => a + b, 0) / ps.length : 1e9;
      };
      row.sort((a, b) => key(a) - key(b));
    }
    row.forEach((v, i) => x.set(v, i - (row.length - 1) / 2));
  });
  return { rows: rows.filter((r) => r), depth, x };
}

function layout(m, cfg, ground, root) {
  const pos = new Map();
  const n = m.vertices.length;
  if (cfg.layout === "circle" || n === 0) {
    const rad = Math.max(95, n * 13);
    m.vertices.forEach((v, i) => {
      const a = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, n);
      pos.set(v, [rad + 30 + rad * Math.cos(a), rad + 30 + rad * Math.sin(a)]);
    });
    return { pos, width: 2 * rad + 60, height: 2 * rad + 60 };
  }
  const { rows, depth, x } = layers(m, cfg.layout === "ground" ? ground : root);
  const widest = Math.max(...rows.map((r) => r.length)), gapX = 70, gapY = 72;
  const width = Math.max(240, widest * gapX + 60);
  const height = (rows.length - 1) * gapY + (cfg.layout === "ground" ? 75 : 60);
  for (const v of m.vertices) {
    const d = depth.get(v);
    const y = cfg.layout === "ground" ? height - 40 - d * gapY : 30 + d * gapY;
    pos.set(v, [width / 2 + x.get(v) * gapX, y]);
  }
  return { pos, width, height };
}

/** The path of edge `e`, the `k`-th of `count` between the same two vertices. */
function edgePath(e, pos, k, count, directed) {
  const [x1, y1] = pos.get(e.u), [x2, y2] = pos.get(e.v);
  if (e.u === e.v) return `M${x1 - 6},${y1 - R + 2} C${x1 - 30},${y1 - 48} ${x1 + 30},${y1 - 48} ${x1 + 6},${y1 - R + 2}`;
  const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
  // Offsets are taken on one orientation of the pair, so that a>b and b>a bend apart.
  const off = (k - (count - 1) / 2) * 26 * (e.u < e.v ? 1 : -1);
  const mx = (x1 + x2) / 2 - (dy / len) * off, my = (y1 + y2) / 2 + (dx / len) * off;
  // An arc ends at the target's rim, where its arrowhead goes.
  let ex = x2, ey = y2;
  if (directed) {
    const tx = x2 - mx, ty = y2 - my, tl = Math.hypot(tx, ty) || 1;
    ex = x2 - (tx / tl) * (R + 2); ey = y2 - (ty / tl) * (R + 2);
  }
  return off === 0 ? `M${x1},${y1} L${ex},${ey}` : `M${x1},${y1} Q${mx},${my} ${ex},${ey}`;
}

/**
 * The editor of a graph position. `cfg` is the catalogue entry's editor: whether edges are
 * directed or coloured, the layout (`circle`, `ground`, `tree`), and the vertices of note
 * (`marks`, written `KEY=V,W` after the graph's items).
 */
export function graphEditor(cfg) {
  // The tool in use and the vertex an edge starts from live across redraws.
  const ui = { tool: cfg.marks.length ? "mark:" + cfg.marks[0].key : "edge", from: null, colour: "B" };
  return {
    // Cutting an edge takes away whatever hangs from it: the move touching fewest edges
    // among those that take the touched one is the cut of that edge itself.
    fewest: cfg.layout === "ground",
    parse: (text) => parse(text, cfg),
    write: (m) => write(m, cfg),
    cells,
    render(root, m, change, view = {}) {
      const ground = groundOf(m, cfg);
      const treeRoot = (m.marks.root || [])[0] ?? m.vertices[0];
      const { pos, width, height } = layout(m, cfg, ground, treeRoot);
      const s = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, "data-editor": "network" });
      const defs = svg("defs", {}, s);
      const marker = svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5,
        markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" }, defs);
      svg("path", { d: "M0,0 L10,5 L0,10 z", fill: "#444" }, marker);
      const update = (next) => change(next);
      const copy = () => ({ vertices: m.vertices.slice(), edges: m.edges.map((e) => ({ ...e })),
        marks: Object.fromEntries(Object.entries(m.marks).map(([k, v]) => [k, v.slice()])) });

      if (cfg.layout === "ground" && pos.has(ground)) {
        const gy = pos.get(ground)[1] + R + 4;
        svg("line", { class: "ground", x1: 10, y1: gy, x2: width - 10, y2: gy }, s);
      }
      const seen = new Map();
      const pairKey = (e) => [e.u, e.v].sort().join("\u0000");
      for (const e of m.edges) seen.set(pairKey(e), (seen.get(pairKey(e)) || 0) + 1);
      const nth = new Map();
      m.edges.forEach((e, i) => {
        if (!pos.has(e.u) || !pos.has(e.v)) return;
        const k = nth.get(pairKey(e)) || 0;
        nth.set(pairKey(e), k + 1);
        const d = edgePath(e, pos, k, seen.get(pairKey(e)), e.d === ">");
        svg("path", { class: "edge" + (e.c ? " " + e.c : ""), d, "marker-end": e.d === ">" ? "url(#arrow)" : null }, s);
        const hit = svg("path", { class: "edge-hit", d, "data-edge": i, "data-cell": edgeCell(e) }, s);
        svg("title", {}, hit).textContent = `${e.u}${e.d}${e.v}${e.c ? ":" + e.c : ""}`;
        hit.addEventListener("click", (ev) => {
          if (view.play) return;
          ev.stopPropagation();
          const next = copy();
          if (ui.tool === "delete") next.edges.splice(i, 1);
          else if (ui.tool === "paint" && cfg.coloured) {
            next.edges[i].c = { B: "R", R: "G", G: "B" }[e.c] || "B";
          } else return;
          update(next);
        });
      });
      for (const v of m.vertices) {
        const [x, y] = pos.get(v);
        const cls = ["vertex"];
        for (const k of cfg.marks) if ((m.marks[k.key] || []).includes(v)) cls.push("mark-" + k.key);
        if (ui.from === v && ui.tool === "edge") cls.push("selected");
        const isGround = cfg.layout === "ground" && v === ground;
        const node = isGround
          ? svg("rect", { class: cls.join(" "), x: x - R, y: y - R, width: 2 * R, height: 2 * R, "data-vertex": v }, s)
          : svg("circle", { class: cls.join(" "), cx: x, cy: y, r: R, "data-vertex": v }, s);
        node.setAttribute("data-cell", "v:" + v);
        svgText(v, { class: "vertex-name", x, y: y + 4 }, s);
        const tokens = (m.marks.token || []).filter((t) => t === v).length;
        if (tokens > 1) svgText("×" + tokens, { class: "coordinate", x: x + R + 8, y: y - R + 4 }, s);
        node.addEventListener("click", (ev) => {
          if (view.play) return;
          ev.stopPropagation();
          const next = copy();
          if (ui.tool.startsWith("mark:")) {
            const k = cfg.marks.find((mk) => "mark:" + mk.key === ui.tool);
            const vals = next.marks[k.key] || [];
            next.marks[k.key] = k.several ? (vals.includes(v) ? vals.filter((t) => t !== v) : [...vals, v]) : [v];
          } else if (ui.tool === "edge") {
            if (ui.from === null || !m.vertices.includes(ui.from)) { ui.from = v; update(m); return; }
            if (ui.from === v && !cfg.directed) { ui.from = null; update(m); return; }
            next.edges.push({ u: ui.from, v, d: cfg.directed ? ">" : "-", c: cfg.coloured ? ui.colour : null });
            ui.from = v;
          } else if (ui.tool === "delete") {
            if (cfg.layout === "ground" && v === ground) return; // the ground stays
            next.vertices = next.vertices.filter((u) => u !== v);
            next.edges = next.edges.filter((e) => e.u !== v && e.v !== v);
            for (const k of Object.keys(next.marks)) next.marks[k] = next.marks[k].filter((u) => u !== v);
          } else return;
          update(next);
        });
      }
      if (view.play) {
        root.append(h("p", { className: "muted" }, cfg.directed || cfg.marks.some((k) => k.key === "token" || k.key === "start")
          ? "click the vertex a token or the start moves from, then the one it moves to; one click is enough where only one move touches it"
          : "click the edge (or the vertex) your move takes away"), s);
        return;
      }
      s.addEventListener("click", () => { if (ui.from !== null) { ui.from = null; update(m); } });

      const tools = [...cfg.marks.map((k) => ["mark:" + k.key, k.verb]), ["edge", "draw edges"], ["delete", "delete"]];
      if (cfg.coloured) tools.push(["paint", "recolour edges"]);
      const bar = h("div", { className: "tools" }, h("span", {}, "click does:"),
        tools.map(([tool, label]) => h("label", {},
          h("input", { type: "radio", name: "graph-tool", value: tool, checked: ui.tool === tool,
            "data-tool": tool, onchange: () => { ui.tool = tool; ui.from = null; update(m); } }),
          " " + label)));
      if (cfg.coloured) {
        const sel = h("select", { "data-action": "colour", onchange: (ev) => { ui.colour = ev.target.value; } },
          h("option", { value: "B" }, "blue (Left)"), h("option", { value: "R" }, "red (Right)"),
          h("option", { value: "G" }, "green (both)"));
        sel.value = ui.colour;
        bar.append(h("label", {}, "new edges ", sel));
      }
      bar.append(h("button", {
        type: "button", "data-action": "add-vertex",
        onclick: () => {
          const next = copy(), v = newName(m);
          next.vertices.push(v);
          // On a ground, a new vertex hangs from the selected vertex or else from the ground.
          const from = ui.tool === "edge" && ui.from !== null ? ui.from
            : cfg.layout === "ground" && m.vertices.includes(ground) ? ground : null;
          if (from !== null) {
            next.edges.push({ u: from, v, d: cfg.directed ? ">" : "-", c: cfg.coloured ? ui.colour : null });
            if (ui.tool === "edge") ui.from = v;
          }
          update(next);
        },
      }, "+ vertex"));
      const onGround = cfg.layout === "ground" ? `; the ground is vertex ${ground}, the square on the brown line` : "";
      const help = ui.tool === "edge"
        ? "click a vertex, then another: an edge between them (\"+ vertex\" grows one from the selected vertex" +
          (cfg.layout === "ground" ? ", or from the ground" : "") + ")" + onGround
        : onGround ? onGround.slice(2) : "";
      root.append(bar, help ? h("p", { className: "muted" }, help) : "", s);
    },
  };
}
