// The JSON API of `sprague serve` (docs/api.md): requests and a cache of verdicts.

/** Calls the API; answers the JSON, or throws an Error with the server's message and status. */
export async function call(path, body, signal) {
  const init = body === undefined ? { signal } : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  };
  const r = await fetch(path, init);
  let j = null;
  try { j = await r.json(); } catch (_) { /* not JSON: the status says it */ }
  if (!r.ok) {
    const e = new Error((j && j.error) || `${r.status} ${r.statusText}`);
    e.status = r.status;
    throw e;
  }
  return j;
}

/**
 * The `position` of a request. A string is split at white space by the server; a graph with
 * `#` comments is sent as one word, so that its line breaks (which end the comments) stay.
 */
export function positionField(text) {
  return text.includes("#") && text.includes("\n") ? [text] : text;
}

let scriptText = "";

/** The text of the rules script that a `rules:NAME` game runs: sent in each of its requests. */
export function setScript(text) {
  scriptText = text;
}

/** A request's body: a `rules:` game carries its script's text (the server reads no files). */
function request(game, fields) {
  const b = { game, ...fields };
  if (game.startsWith("rules:")) b.script = scriptText;
  return b;
}

/** The key of a cached answer: a script game's answers depend on its text too. */
function keyOf(game, play, position) {
  return JSON.stringify([game, play, position, game.startsWith("rules:") ? scriptText : null]);
}

const verdicts = new Map();

/** The verdict with every legal move of `position` (`POST /api/v1/moves`), cached. */
export function moves(game, play, position) {
  const key = keyOf(game, play, position);
  if (!verdicts.has(key)) {
    const p = call("/api/v1/moves", request(game, { play, position: positionField(position) }));
    // A failed request is not kept: it may succeed later (a timeout) or be fixed.
    p.catch(() => verdicts.delete(key));
    verdicts.set(key, p);
  }
  return verdicts.get(key);
}

/** The computer's move (`POST /api/v1/reply`). */
export function reply(game, play, position, opponent, side) {
  const body = request(game, { play, position: positionField(position), opponent });
  if (side) body.side = side;
  return call("/api/v1/reply", body);
}

/** Keeps a verdict the server already answered (a reply carries the verdict after its move). */
export function remember(game, play, position, verdict) {
  verdicts.set(keyOf(game, play, position), Promise.resolve(verdict));
}

const solved = new Map();

/** The verdict with the winning moves of `position` (`POST /api/v1/solve`), cached. */
export function solve(game, play, position) {
  const key = keyOf(game, play, position);
  if (!solved.has(key)) {
    const p = call("/api/v1/solve", request(game, { play, position: positionField(position) }));
    p.catch(() => solved.delete(key));
    solved.set(key, p);
  }
  return solved.get(key);
}

/** The position after a typed move, checked by the server (`POST /api/v1/apply`). */
export function apply(game, play, position, move) {
  return call("/api/v1/apply", request(game, { play, position: positionField(position), move }));
}
