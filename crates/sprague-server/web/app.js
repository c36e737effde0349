// The page of `sprague serve`: pick a game, set up a position (editors or text), see the
// verdict and every move coloured by its outcome, play against the computer with undo and
// redo, a value-history chart, and a permalink in the URL's hash.

import { call, moves as fetchMoves, reply as fetchReply, remember, solve as fetchSolve, apply as fetchApply, setScript } from "./api.js";
import { withTouched, select, owners, touched, cellsOf } from "./board.js";
import { editorFor, showEditor } from "./editors.js";
import { drawChart } from "./chart.js";
import { initPictures, pictureDefaults, suggestPictures } from "./pictures.js";
import { h, clear } from "./dom.js";
import { numberPart, describeOutcome, valueText, winnerOf, other } from "./values.js";

const $ = (id) => document.getElementById(id);

// The page knows no game: the catalogue (`GET /api/v1/games`) says, for each, its examples,
// the editor of its positions, whose moves they are and which pictures apply.
const state = {
  game: "", params: "", play: "normal", first: "left",
  history: [{ position: "", label: null }], at: 0,
  computer: "second", opponent: "perfect", skill: "3/4", hints: true,
  mode: "play",            // a touch on the board plays a move ("play") or edits ("edit")
  script: "",              // the text of a rules script (game `rules`)
};

/** The script a `rules` game starts with: Domineering in Luau, a partizan game. */
const EXAMPLE_SCRIPT = `-- Domineering: Left places dominoes vertically, Right horizontally,
-- on the empty squares (.) of rows joined by |, e.g. ...|...|...
local function placements(pos, dr, dc)
    local rows = {}
    for row in string.gmatch(pos, "[^|]+") do rows[#rows + 1] = row end
    local out = {}
    for r = 1, #rows - dr do
        for c = 1, #rows[r] - dc do
            if string.sub(rows[r], c, c) == "." and string.sub(rows[r + dr], c + dc, c + dc) == "." then
                local after = table.clone(rows)
                after[r] = string.sub(after[r], 1, c - 1) .. "#" .. string.sub(after[r], c + 1)
                local s = after[r + dr]
                after[r + dr] = string.sub(s, 1, c + dc - 1) .. "#" .. string.sub(s, c + dc + 1)
                out[#out + 1] = table.concat(after, "|")
            end
        end
    end
    return out
end

function left_options(pos) return placements(pos, 1, 0) end
function right_options(pos) return placements(pos, 0, 1) end
`;
let shown = null;          // the verdict of the position shown, once it has come
let pick = { selected: [], candidates: [] }; // the cells of a move being picked on the board
let catalogue = [];
let busy = false;          // the computer is choosing
let seq = 0;               // the latest refresh; older answers are dropped
let editor = null;
let typing = null;         // the debounce timer of the text box

const spec = () => (state.params ? `${state.game}:${state.params}` : state.game);
const entryOf = (name) => catalogue.find((e) => e.name === name);
// A game of the person's own: a rules script written on the page (`rules:NAME`), sent with
// each request. It is partizan when it defines `left_options` (the server checks the rest).
const SCRIPT = "rules";
const isScript = () => state.game === SCRIPT;
const partizan = () => (isScript() ? /\bleft_options\b/.test(state.script)
  : (entryOf(state.game) || {}).players === "partizan");
/** The game shown, as the game of a picture (`grundy`, `p-positions`) where that picture applies. */
const pictureGame = (kind) => ((entryOf(state.game) || { pictures: [] }).pictures.includes(kind) ? spec() : null);
const suggested = () => ({ heapGame: pictureGame("grundy"), pairGame: pictureGame("p-positions"), value: null });
const sideAt = (k) => (partizan() ? (k % 2 === 0 ? state.first : other(state.first)) : null);
const computerAt = (k) => (state.computer === "first" && k % 2 === 0) ||
  (state.computer === "second" && k % 2 === 1);
const position = () => state.history[state.at].position;
const opponent = () => (state.opponent === "skill" ? `skill:${state.skill.trim()}` : state.opponent);
const sideName = (s) => (s === "left" ? "Left" : "Right");
const playerName = (k) => (partizan() ? sideName(sideAt(k)) : k % 2 === 0 ? "first player" : "second player");
const who = (k) => (state.computer === "none" ? playerName(k) : computerAt(k) ? "computer" : "you");

/** The moves of the player to move at ply `k` (both sides' moves are in a partizan verdict). */
function movesAt(v, k) {
  const s = sideAt(k);
  return v.moves.filter((m) => !m.side || m.side === s);
}

// ---- The permalink: game, convention, first side, the positions of the game, the ply shown.

function writeHash() {
  const q = new URLSearchParams();
  q.set("game", spec());
  if (isScript()) q.set("script", state.script);
  q.set("play", state.play);
  if (partizan()) q.set("first", state.first);
  for (const e of state.history) q.append("h", e.position);
  q.set("at", String(state.at));
  q.set("computer", state.computer);
  q.set("opponent", opponent());
  if (!state.hints) q.set("hints", "off");
  if (state.mode === "edit") q.set("mode", "edit");
  const hash = "#" + q.toString();
  if (location.hash !== hash) history.replaceState(null, "", hash);
  $("permalink").href = hash;
}

function readHash() {
  const q = new URLSearchParams(location.hash.slice(1));
  const g = q.get("game");
  if (!g) return false;
  const [name, ...rest] = g.split(":");
  const entry = catalogue.find((e) => e.name === name || e.aliases.includes(name));
  state.game = entry ? entry.name : name;
  state.params = rest.join(":");
  if (isScript()) {
    state.script = q.get("script") ?? EXAMPLE_SCRIPT;
    setScript(state.script);
  }
  state.play = ["normal", "misere", "every"].includes(q.get("play")) ? q.get("play") : "normal";
  state.first = q.get("first") === "right" ? "right" : "left";
  const hs = q.getAll("h");
  state.history = (hs.length ? hs : [""]).map((p) => ({ position: p, label: null }));
  const at = Number(q.get("at"));
  state.at = Number.isInteger(at) && at >= 0 && at < state.history.length ? at : state.history.length - 1;
  state.computer = ["none", "first", "second"].includes(q.get("computer")) ? q.get("computer") : "second";
  const opp = q.get("opponent") || "perfect";
  if (opp.startsWith("skill:")) { state.opponent = "skill"; state.skill = opp.slice(6); }
  else state.opponent = ["perfect", "random", "misere-minded"].includes(opp) ? opp : "perfect";
  state.hints = q.get("hints") !== "off";
  state.mode = q.get("mode") === "edit" ? "edit" : "play";
  return true;
}

// ---- Controls

function syncControls() {
  $("game").value = state.game;
  $("params").value = state.params;
  $("params-label").hidden = !state.params && !/:/.test(usageOf(state.game)) && !isScript();
  $("script-label").hidden = !isScript();
  if (isScript() && document.activeElement !== $("script")) $("script").value = state.script;
  $("play").value = state.play;
  $("first-side").value = state.first;
  $("first-side-label").hidden = !partizan();
  $("computer").value = state.computer;
  $("opponent").value = state.opponent;
  $("skill").value = state.skill;
  $("skill-label").hidden = state.opponent !== "skill";
  $("hints").checked = state.hints;
  $("mode-row").hidden = !editor;
  for (const r of document.querySelectorAll('input[name="mode"]')) r.checked = r.value === state.mode;
  document.body.classList.toggle("nohints", !state.hints);
  const first = $("computer").options;
  first[1].textContent = partizan() ? `second (${sideName(other(state.first))})` : "second";
  first[2].textContent = partizan() ? `first (${sideName(state.first)})` : "first";
  const e = catalogue.find((x) => x.name === state.game);
  $("summary").textContent = e ? e.summary : isScript() ? "your own rules, written as a script" : "";
  $("usage").textContent = e && e.usage ? "usage: " + e.usage : "";
}

function usageOf(name) {
  const e = catalogue.find((x) => x.name === name);
  return e ? e.usage.split(" ")[0] : "";
}

function showText() {
  const ta = $("position");
  if (document.activeElement !== ta || ta.value.trim() !== position().trim()) ta.value = position();
}

/** The colour of the pieces player `mover` (0: first, 1: second) places. */
function moverColour(mover) {
  const side = sideAt(mover);
  if (side) return side === "left" ? "var(--left)" : "var(--right)";
  return mover % 2 === 0 ? "var(--first)" : "var(--second)";
}

function drawEditor() {
  const root = $("editor");
  const positions = state.history.slice(0, state.at + 1).map((e) => e.position);
  const view = { play: state.mode === "play", owners: owners(editor, positions), colour: moverColour };
  root.classList.toggle("playing", view.play);
  showEditor(root, editor, position(), (text) => {
    if (text === position()) drawEditor(); // a selection changed, not the position
    else newStart(text);
  }, view);
  // The move being picked, the cells it may still touch, and the last move played.
  const candidates = new Set(pick.candidates.flatMap((c) => [...c.touched]));
  const last = state.at > 0 && editor ? lastTouched() : new Set();
  for (const el of root.querySelectorAll("[data-cell]")) {
    const k = el.dataset.cell;
    el.classList.toggle("pick-selected", pick.selected.includes(k));
    el.classList.toggle("pick-candidate", !pick.selected.includes(k) && candidates.has(k));
    el.classList.toggle("last-move", last.has(k));
  }
}

/** The cells the move into the position shown touched. */
function lastTouched() {
  const a = cellsOf(editor, state.history[state.at - 1].position), b = cellsOf(editor, position());
  return a && b ? touched(a, b) : new Set();
}

/** Says what a touch on the board did (or why it did nothing). */
function boardNote(text) {
  $("board-note").textContent = text;
}

/**
 * A touch of `cell` on the board in play mode: narrows the moves of the player to move to
 * those touching every cell picked so far (board.js), plays the one left, or marks the
 * candidates. Answers whether a move was played.
 */
function touchCell(cell) {
  const v = shown;
  if (busy || !v || state.mode !== "play") return false;
  const k = state.at;
  if (computerAt(k)) { boardNote("It is the computer's turn: press “computer moves now”."); return false; }
  const list = movesAt(v, k);
  if (list.length === 0) { boardNote("The game is over: no moves are left."); return false; }
  const r = select(withTouched(editor, position(), list), pick.selected, cell, { fewest: Boolean(editor.fewest) });
  if (r.play) {
    pick = { selected: [], candidates: [] };
    boardNote("");
    playMove(r.play);
    return true;
  }
  if (r.wait) {
    pick = r.wait;
    boardNote(`${r.wait.candidates.length} moves touch ${r.wait.selected.length > 1 ? "these" : "this"}: ` +
      "touch another of the marked places to choose one (or pick it from the list of moves).");
  } else {
    pick = { selected: [], candidates: [] };
    boardNote(r.cleared ? "" : `No move of the ${playerName(k)} touches that place${v.complete ? "" : " among the moves listed"}.`);
  }
  drawEditor();
  markMoves();
  return false;
}

/**
 * A position with more moves than the list holds (the list is a sample): the winning moves
 * from `solve`, and a box to type any move, which the server checks (`apply`).
 */
async function renderLarge(v, k, mine) {
  const box = $("large");
  box.hidden = v.complete;
  if (v.complete) return;
  $("large-note").textContent = `This position has more moves than the list shows${v.note ? ` (${v.note})` : ""}.`;
  const out = clear($("large-winning"));
  try {
    const s = await fetchSolve(spec(), state.play, position());
    if (mine !== seq) return;
    const wins = movesAt(s, k).filter((m) => m.winning);
    out.append(wins.length === 0 ? "No move wins here (solve)." : "Winning moves (solve): ");
    for (const m of wins.slice(0, 12)) {
      out.append(h("button", { type: "button", className: "move-chip", "data-position": m.position,
        disabled: busy || computerAt(k), onclick: () => playMove(m) }, m.label), " ");
    }
    if (wins.length > 12) out.append(`… and ${wins.length - 12} more`);
  } catch (e) {
    if (mine === seq) out.append("The winning moves could not be found: " + e.message);
  }
}

async function playTyped(e) {
  e.preventDefault();
  const typed = $("typed-move").value.trim();
  if (!typed || busy || computerAt(state.at)) return;
  try {
    const r = await fetchApply(spec(), state.play, position(), typed);
    $("typed-move").value = "";
    playMove({ position: r.position, label: typed });
  } catch (err) {
    $("error").textContent = err.message;
  }
}

/** Marks the moves of the list that the board's pick leaves. */
function markMoves() {
  const left = new Set(pick.candidates.map((c) => c.move.position));
  for (const b of $("moves").querySelectorAll(".move")) {
    b.classList.toggle("picked", left.has(b.dataset.position));
  }
}

/** Clicks and drags on the board: a drag is a touch of the cell it starts on, then of the one it ends on. */
function wireBoard() {
  const root = $("editor");
  let down = null;
  const cellAt = (x, y) => {
    const el = document.elementFromPoint(x, y);
    const c = el && el.closest ? el.closest("[data-cell]") : null;
    return c && root.contains(c) ? c.dataset.cell : null;
  };
  root.addEventListener("pointerdown", (e) => {
    if (state.mode !== "play" || e.button !== 0) return;
    const c = e.target.closest ? e.target.closest("[data-cell]") : null;
    down = c ? c.dataset.cell : null;
    if (down !== null) e.preventDefault(); // no text selection or scrolling while dragging
  });
  root.addEventListener("pointerup", (e) => {
    if (state.mode !== "play" || down === null) return;
    const from = down, to = cellAt(e.clientX, e.clientY);
    down = null;
    if (to === null || to === from) touchCell(from);
    else if (!touchCell(from)) touchCell(to);
  });
}

/**
 * Starts a new game from `text`. After an edit of the position (`auto` false) the computer
 * waits for "computer moves now" even when it is to move, so that a person can go on
 * setting the position up; a new game (`auto`) lets it move at once.
 */
function newStart(text, { auto = false } = {}) {
  pick = { selected: [], candidates: [] };
  state.history = [{ position: text, label: null }];
  state.at = 0;
  refresh({ auto });
}

/** A new game from the catalogue entry `name`, started at its first example. */
function chooseGame(name) {
  state.game = name;
  if (isScript()) {
    // The example script and a board of it; the name picks the language (Luau).
    state.params = "mine.luau";
    state.script = EXAMPLE_SCRIPT;
    setScript(state.script);
    editor = null;
    state.first = "left";
    suggestPictures(suggested());
    newStart("...|...|...", { auto: true });
    return;
  }
  const entry = entryOf(name);
  const example = entry && entry.examples.length ? entry.examples[0] : { spec: name, position: "" };
  const colon = example.spec.indexOf(":");
  state.params = colon < 0 ? "" : example.spec.slice(colon + 1);
  const pos = example.position;
  editor = editorFor(entry && entry.editor);
  if (!partizan()) state.first = "left";
  suggestPictures(suggested());
  // A new game: when the computer plays first, it moves at once.
  newStart(pos, { auto: true });
}

// ---- Rendering

function renderVerdict(v) {
  const dl = clear($("verdict"));
  const row = (k, val, attrs = {}) => dl.append(h("dt", {}, k), h("dd", attrs, val));
  row("outcome", describeOutcome(v.outcome, partizan()), { "data-outcome": v.outcome });
  if (v.value !== null) row(v.value_kind === "gamma" ? "γ" : v.value_kind, v.value, { className: "mono", "data-value": v.value });
  if (v.remoteness !== null) row("remoteness", String(v.remoteness));
  for (const k of ["left_stop", "right_stop", "temperature", "mean"]) {
    if (v.details[k] !== undefined) row(k.replace("_", " "), v.details[k], { className: "mono" });
  }
  const parts = v.components.filter((c) => c.value !== null || c.outcome !== null);
  if (v.components.length > 1 && parts.length > 0) {
    row("components", parts.map((c) => `${short(c.position)}: ${c.value ?? c.outcome}`).join(";  "), { className: "mono" });
  }
  if (v.note) row("note", v.note);
  row("method", v.method);
}

/**
 * How much worse than the best move each move is: 0 (best) to 1. A move of a worse outcome
 * is 1; among moves of the best outcome, the remoteness says how much slower a win (or how
 * much faster a loss) is, and in partizan games the number part of the value says how much
 * less it leaves the mover.
 */
function badness(list, side) {
  const cat = (m) => (m.winning ? 2 : m.outcome === "draw" ? 1 : 0);
  const best = Math.max(...list.map(cat));
  const rems = list.filter((m) => cat(m) === best && m.remoteness !== null).map((m) => m.remoteness);
  // The fastest win is best, the slowest loss is best.
  const target = rems.length ? (best === 2 ? Math.min(...rems) : Math.max(...rems)) : null;
  const worth = (m) => {
    const n = side ? numberPart(m.value) : null;
    return n === null ? null : side === "left" ? n : -n;
  };
  const worths = list.filter((m) => cat(m) === best).map(worth).filter((w) => w !== null);
  const top = worths.length ? Math.max(...worths) : null;
  return list.map((m) => {
    if (cat(m) !== best) return 1;
    if (target !== null && m.remoteness !== null) return Math.min(0.9, Math.abs(m.remoteness - target) / 8);
    if (top !== null && worth(m) !== null) return Math.min(0.9, (top - worth(m)) / 4);
    return 0;
  });
}

function renderMoves(v, k) {
  const ol = clear($("moves"));
  const list = movesAt(v, k);
  const mine = !computerAt(k) || state.computer === "none";
  $("moves-title").textContent = partizan() ? `Moves of ${sideName(sideAt(k))}` : "Moves";
  const bad = badness(list, sideAt(k));
  list.slice(0, 400).forEach((m, i) => {
    const kind = m.winning ? "win" : m.outcome === "draw" ? "draw" : "lose";
    const b = h("button", {
      type: "button", className: `move ${kind}`, "data-outcome": kind, "data-index": i,
      "data-position": m.position, disabled: busy || !mine || k !== state.at,
      title: "play this move",
      onclick: () => playMove(m),
    },
    h("span", { className: "label" }, m.label),
    h("span", { className: "after" }, "→ " + short(m.position)),
    h("span", { className: "value" }, valueText(v.value_kind, m.value, m.remoteness)));
    b.style.opacity = String(1 - 0.45 * bad[i]);
    ol.append(h("li", {}, b));
  });
  if (list.length === 0) ol.append(h("li", { className: "muted empty" }, "no moves: the game is over"));
  if (list.length > 400) ol.append(h("li", { className: "muted" }, `… and ${list.length - 400} more moves`));
}

const short = (p) => (p.length > 60 ? p.slice(0, 57) + "…" : p);

function renderStatus(v, k) {
  const st = $("status");
  for (const a of ["data-over", "data-winner", "data-computer-won"]) st.removeAttribute(a);
  $("banner").hidden = true;
  if (!v) { st.textContent = ""; return; }
  const list = movesAt(v, k);
  if (list.length === 0 && v.complete) {
    // The player to move cannot move: he loses in normal and every-move play, wins in misère.
    const mover = k % 2;
    const winner = state.play === "misere" ? mover : 1 - mover;
    st.dataset.over = "1";
    st.dataset.winner = winner === 0 ? "first" : "second";
    if (state.computer !== "none") st.dataset.computerWon = computerAt(winner) ? "1" : "0";
    const name = state.computer === "none" ? `the ${playerName(winner)}` : computerAt(winner) ? "the computer" : "you";
    st.textContent = `Game over after ${k} moves: ${name} ${name === "you" ? "win" : "wins"}.`;
    const banner = $("banner");
    banner.hidden = false;
    banner.dataset.winner = name === "you" ? "you" : name === "the computer" ? "computer" : "player";
    $("banner-title").textContent = name === "you" ? "You win!" : name === "the computer" ? "The computer wins" :
      `${name[0].toUpperCase()}${name.slice(1)} wins`;
    $("banner-text").textContent = `Game over after ${k} move${k === 1 ? "" : "s"}: ${partizan() ? "" : "the "}${playerName(k)} has no move` +
      (state.play === "misere" ? " and wins (misère play)." : ".");
  } else {
    st.textContent = `Move ${k + 1}: ${playerName(k)} to move` +
      (state.computer !== "none" ? ` (${computerAt(k) ? "the computer" : "you"})` : "") +
      (busy ? " — the computer is thinking…"
        : computerAt(k) && k === state.history.length - 1 ? " — press “computer moves now” when the position is set up" : "");
  }
}

function renderHistory(verdicts) {
  const ol = clear($("history"));
  state.history.forEach((e, k) => {
    const text = k === 0 ? "start" : `${who(k - 1)}: ${e.label ?? "(a move)"}`;
    const li = h("li", {
      className: k === state.at ? "current" : k > state.at ? "future" : "", "data-ply": k,
      title: e.position, onclick: () => { state.at = k; refresh(); },
    }, text, " ", h("span", { className: "who mono" }, "→ " + short(e.position)));
    const w = verdicts[k] && verdicts[k - 1] && k > 0 ? [winnerAt(verdicts[k - 1], k - 1), winnerAt(verdicts[k], k)] : null;
    if (w && w[0] !== null && w[1] !== null && w[0] !== w[1]) li.append(" ", h("span", { className: "hint side-right" }, "⚑ outcome flipped"));
    ol.append(li);
  });
  $("undo").disabled = busy || state.at === 0;
  $("redo").disabled = busy || state.at >= state.history.length - 1;
}

/** Who wins ply `k`'s position with best play: 0 (first player), 1 (second), "draw" or null. */
function winnerAt(v, k) {
  return v ? winnerOf(v.outcome, k % 2, sideAt(k), state.first) : null;
}

/**
 * The value history in the style of GamesmanUni: per position of the game a strip coloured
 * by the outcome for the player to move there, and, where remoteness is known, a dot at
 * that distance from the centre line, on the side of the player who wins.
 */
function renderChart(verdicts) {
  const columns = verdicts.map((v, k) => {
    const w = winnerAt(v, k);
    const mover = k % 2;
    const outcome = !v || w === null ? null : w === "draw" ? "draw" : w === mover ? "win" : "lose";
    return {
      x: k, outcome, winner: w, remoteness: v ? v.remoteness : null,
      title: v ? `position ${k}: the ${playerName(k)} to move ${outcome === "win" ? "wins" : outcome === "lose" ? "loses" : outcome === "draw" ? "draws" : "?"}` +
        (v.remoteness !== null ? `, remoteness ${v.remoteness}` : "") + (v.value !== null ? `, value ${v.value}` : "") : `position ${k}: not known`,
    };
  });
  const flips = [];
  for (let k = 1; k < verdicts.length; k++) {
    const a = winnerAt(verdicts[k - 1], k - 1), b = winnerAt(verdicts[k], k);
    if (a !== null && b !== null && a !== b) flips.push(k);
  }
  const name = (p) => (partizan() ? sideName(p === 0 ? state.first : other(state.first)) : p === 0 ? "first player" : "second player");
  lastChart = { columns, flips, current: state.at, above: `${name(0)} wins`, below: `${name(1)} wins` };
  drawChart($("chart"), lastChart);
}
let lastChart = null;

/** Says whether the page has settled (no request pending): `body[data-idle="1"]`. */
function setIdle(idle) {
  document.body.dataset.idle = idle ? "1" : "0";
}

/**
 * Redraws everything from `state`; `auto`: let the computer move if it is to move (`"last"`:
 * only at the last ply of the history, so that opening a game in the middle of its history
 * keeps the moves after it).
 */
async function refresh({ auto = false } = {}) {
  const mine = ++seq;
  pick = { selected: [], candidates: [] };
  setIdle(false);
  syncControls();
  showText();
  drawEditor();
  writeHash();
  $("error").textContent = "";
  renderHistory([]);
  let v = null;
  shown = null;
  try {
    v = await fetchMoves(spec(), state.play, position());
  } catch (e) {
    if (mine !== seq) return;
    $("error").textContent = e.message;
    clear($("verdict")); clear($("moves")); renderStatus(null, state.at);
  }
  if (mine !== seq) return;
  shown = v;
  if (v) {
    renderVerdict(v);
    renderMoves(v, state.at);
    markMoves();
    renderLarge(v, state.at, mine);
    renderStatus(v, state.at);
    suggestPictures({ value: partizan() && v.value_kind === "canonical" ? v.value : null });
  }
  // The whole game's verdicts, for the history's labels and the chart (cached: one request
  // per position ever shown).
  const verdicts = await Promise.all(state.history.map((e) =>
    fetchMoves(spec(), state.play, e.position).catch(() => null)));
  if (mine !== seq) return;
  state.history.forEach((e, k) => {
    if (k > 0 && e.label === null && verdicts[k - 1]) {
      const m = movesAt(verdicts[k - 1], k - 1).find((mv) => mv.position === e.position);
      if (m) e.label = m.label;
    }
  });
  renderHistory(verdicts);
  renderChart(verdicts);
  const may = auto === "last" ? state.at === state.history.length - 1 : auto;
  if (may && v && computerAt(state.at) && movesAt(v, state.at).length > 0) computerMove();
  else setIdle(!busy);
}

// ---- Playing

function playMove(m) {
  if (busy) return;
  boardNote("");
  state.history = state.history.slice(0, state.at + 1);
  state.history.push({ position: m.position, label: m.label });
  state.at++;
  refresh({ auto: true });
}

async function computerMove() {
  if (busy) return;
  busy = true;
  setIdle(false);
  const at = state.at, game = spec(), play = state.play;
  renderStatusBusy();
  try {
    const r = await fetchReply(game, play, position(), opponent(), sideAt(at));
    remember(game, play, r.position, r.verdict);
    busy = false;
    if (at !== state.at || game !== spec() || play !== state.play) return refresh();
    state.history = state.history.slice(0, at + 1);
    state.history.push({ position: r.position, label: r.label });
    state.at++;
  } catch (e) {
    busy = false;
    await refresh();
    $("error").textContent = "the computer could not move: " + e.message;
    return;
  }
  refresh();
}

function renderStatusBusy() {
  $("status").textContent = "the computer is thinking…";
  for (const b of $("moves").querySelectorAll("button")) b.disabled = true;
  $("undo").disabled = $("redo").disabled = true;
}

function undo() {
  if (busy || state.at === 0) return;
  state.at--;
  while (state.at > 0 && computerAt(state.at)) state.at--;
  refresh();
}

function redo() {
  if (busy || state.at >= state.history.length - 1) return;
  state.at++;
  while (state.at < state.history.length - 1 && computerAt(state.at)) state.at++;
  refresh();
}

// ---- Wiring

function wire() {
  $("game").addEventListener("change", (e) => chooseGame(e.target.value));
  $("params").addEventListener("change", (e) => {
    state.params = e.target.value.trim();
    newStart(position());
  });
  $("play").addEventListener("change", (e) => { state.play = e.target.value; refresh(); });
  let scripting = null;    // the debounce timer of the script box
  $("script").addEventListener("input", (e) => {
    clearTimeout(scripting);
    const text = e.target.value;
    scripting = setTimeout(() => {
      state.script = text;
      setScript(text);
      newStart(state.history[0].position);
    }, 600);
  });
  $("first-side").addEventListener("change", (e) => { state.first = e.target.value; newStart(state.history[0].position); });
  $("position").addEventListener("input", (e) => {
    clearTimeout(typing);
    setIdle(false);
    const text = e.target.value;
    typing = setTimeout(() => {
      if (text.trim() !== position().trim()) newStart(text.trim());
      else setIdle(!busy);
    }, 450);
  });
  $("computer").addEventListener("change", (e) => { state.computer = e.target.value; refresh({ auto: true }); });
  $("opponent").addEventListener("change", (e) => { state.opponent = e.target.value; refresh(); });
  $("skill").addEventListener("change", (e) => { state.skill = e.target.value; refresh(); });
  $("hints").addEventListener("change", (e) => {
    state.hints = e.target.checked;
    document.body.classList.toggle("nohints", !state.hints);
    writeHash();
  });
  for (const r of document.querySelectorAll('input[name="mode"]')) {
    r.addEventListener("change", () => { state.mode = r.value; pick = { selected: [], candidates: [] }; boardNote(""); drawEditor(); writeHash(); });
  }
  $("banner-restart").addEventListener("click", () => { state.at = 0; refresh(); });
  wireBoard();
  $("typed-form").addEventListener("submit", playTyped);
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => { if (lastChart) drawChart($("chart"), lastChart); }, 150);
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", () => { state.at = 0; refresh(); });
  $("computer-move").addEventListener("click", () => computerMove());
  $("copy-link").addEventListener("click", async () => {
    writeHash();
    try { await navigator.clipboard.writeText(location.href); $("copy-link").textContent = "copied"; }
    catch (_) { $("copy-link").textContent = "copy the address bar"; }
    setTimeout(() => { $("copy-link").textContent = "copy link"; }, 1500);
  });
  window.addEventListener("hashchange", () => {
    if (readHash()) { editor = editorFor((entryOf(state.game) || {}).editor); refresh({ auto: "last" }); }
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select")) return;
    if (e.key === "ArrowLeft" || (e.key === "z" && (e.ctrlKey || e.metaKey))) undo();
    if (e.key === "ArrowRight" || (e.key === "y" && (e.ctrlKey || e.metaKey))) redo();
  });
  initPictures();
}

async function main() {
  wire();
  try {
    catalogue = await call("/api/v1/games");
  } catch (e) {
    $("error").textContent = "the catalogue could not be read: " + e.message;
    return;
  }
  for (const g of catalogue) $("game").append(h("option", { value: g.name, title: g.summary }, g.name));
  $("game").append(h("option", { value: SCRIPT, title: "your own rules, written as a script" }, "rules script (your own)"));
  pictureDefaults(catalogue);
  if (readHash()) {
    editor = editorFor((entryOf(state.game) || {}).editor);
    suggestPictures(suggested());
    // A permalink where the computer is to move at the end of the game: it moves at once.
    refresh({ auto: "last" });
  } else if (catalogue.length) {
    chooseGame(catalogue[0].name);
  }
  document.body.dataset.ready = "1";
}

main();
