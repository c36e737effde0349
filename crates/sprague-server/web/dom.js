// Small helpers to build HTML and SVG elements.

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with these attributes, appended to `parent` when given. */
export function svg(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) e.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(e);
  return e;
}

/** An SVG text element holding `text`. */
export function svgText(text, attrs = {}, parent = null) {
  const e = svg("text", attrs, parent);
  e.textContent = text;
  return e;
}

/** An HTML element: attributes (`on...` keys are listeners), then children (strings or nodes). */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (k === "className") e.className = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return e;
}

/** Removes every child of `e`. */
export function clear(e) {
  while (e.firstChild) e.removeChild(e.firstChild);
  return e;
}
