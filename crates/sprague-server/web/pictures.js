// The pictures panel: pictures the server draws (Grundy values of heaps, P-positions of
// two-heap games, thermographs), shown with <img> by their URLs, each with a download link.
// A server without the picture routes answers 404, shown as "not available".

import { h, clear } from "./dom.js";

const panel = () => document.getElementById("pictures");

function url(fig, format) {
  const q = new URLSearchParams();
  for (const input of fig.querySelectorAll("[data-key]")) {
    q.set(input.dataset.key, input.type === "checkbox" ? String(input.checked) : input.value.trim());
  }
  q.set("format", format);
  return `/api/v1/plot/${fig.dataset.kind}?${q}`;
}

function show(fig, format) {
  const src = url(fig, format);
  let out = fig.querySelector(".out");
  if (!out) {
    out = h("div", { className: "out" });
    fig.insertBefore(out, fig.querySelector("figcaption"));
  }
  clear(out);
  out.removeAttribute("data-loaded"); // until this picture has loaded
  const img = h("img", { src, alt: fig.querySelector("figcaption").textContent, "data-picture": fig.dataset.kind });
  const name = `${fig.dataset.kind}-${(fig.querySelector("[data-key]").value || "picture").replace(/[^A-Za-z0-9._-]+/g, "_")}.${format}`;
  const link = h("a", { className: "download", href: src, download: name }, `download ${format.toUpperCase()}`);
  img.addEventListener("error", async () => {
    // An <img> does not say why it failed; ask again for the status and the message.
    let why = "the picture could not be drawn";
    let status = 0;
    try {
      const r = await fetch(src);
      status = r.status;
      const j = await r.json().catch(() => null);
      if (j && j.error) why = j.error;
    } catch (_) { /* the server is gone: keep the plain words */ }
    clear(out);
    out.append(h("p", { className: "unavailable", "data-status": status },
      status === 404 ? "Not available: this server does not draw pictures." : why));
  });
  img.addEventListener("load", () => out.setAttribute("data-loaded", "1"));
  // The picture opens at its full size in a tab of its own.
  out.append(h("a", { href: src, target: "_blank", rel: "noopener", title: "open at full size" }, img), link);
}

/** Draws every picture of the panel. */
export function showPictures() {
  const format = document.getElementById("picture-format").value;
  for (const fig of panel().querySelectorAll("figure.picture")) show(fig, format);
}

/**
 * Sets the panel's inputs from the game on the page, unless a person typed in them, and
 * draws again, when the panel is open, each picture whose input changed, so that no
 * picture of an earlier position stays on show. A value of `null` (the position shown has
 * no partizan value) puts the thermograph back to its example.
 */
export function suggestPictures({ heapGame, pairGame, value }) {
  const changed = new Set();
  const set = (sel, v) => {
    const input = panel().querySelector(sel);
    if (!input || input.dataset.touched || v === undefined) return;
    const next = v === null ? input.defaultValue : v;
    if (!next || input.value === next) return;
    input.value = next;
    changed.add(input.closest("figure"));
  };
  set('[data-kind="grundy"] [data-key="game"]', heapGame ?? undefined);
  set('[data-kind="p-positions"] [data-key="game"]', pairGame ?? undefined);
  set('[data-kind="thermograph"] [data-key="value"]', value);
  if (panel().open) {
    const format = document.getElementById("picture-format").value;
    for (const fig of changed) if (fig.querySelector(".out")) show(fig, format);
  }
}

/**
 * The games the pictures start with, until the user picks a game they apply to: the first
 * example of the first catalogue entry each picture applies to.
 */
export function pictureDefaults(catalogue) {
  for (const input of panel().querySelectorAll("[data-picture-default]")) {
    const entry = catalogue.find((e) => e.pictures.includes(input.dataset.pictureDefault) && e.examples.length);
    if (entry && !input.value) input.value = entry.examples[0].spec;
  }
}

/** Wires the panel: pictures are drawn when it is opened and on "show". */
export function initPictures() {
  const p = panel();
  for (const input of p.querySelectorAll("[data-key]")) {
    input.addEventListener("input", () => { input.dataset.touched = "1"; });
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") showPictures(); });
  }
  document.getElementById("pictures-show").addEventListener("click", showPictures);
  document.getElementById("picture-format").addEventListener("change", showPictures);
  p.addEventListener("toggle", () => { if (p.open) showPictures(); });
}
