// Playing on the board, for every game alike. Each legal move of the API's list carries the
// position after it; the editor reads both positions as cells (a heap's stones, a board's
// squares, a graph's vertices and edges), and the cells whose contents differ are the cells
// the move touches. A click (or each end of a drag) selects the moves that touch every
// cell selected so far; one move left is played, several are highlighted until the next
// click tells them apart (a domino's second square, a queen's or a toad's destination, an
// Amazon's arrow). Clicking a selected cell again plays the move that touches exactly the
// selection, if there is one. On heaps a click means "take down to the touched stone": of
// the moves touching it, the one that touches fewest stones.
// A new game needs no code here: only an editor whose `cells` reads its positions.

/** The cells whose contents differ between two readings of `editor.cells`. */
export function touched(before, after) {
  const out = new Set();
  for (const [k, v] of before) if (after.get(k) !== v) out.add(k);
  for (const [k, v] of after) if (before.get(k) !== v) out.add(k);
  return out;
}

/** The cells of `text` as `editor` reads them, or null when it cannot read the text. */
export function cellsOf(editor, text) {
  if (!editor || !editor.cells) return null;
  const model = editor.parse(text);
  return model ? editor.cells(model) : null;
}

/** Each move of `list` with the set of cells it touches (null: the editor cannot tell). */
export function withTouched(editor, position, list) {
  const before = cellsOf(editor, position);
  return list.map((m) => {
    const after = before ? cellsOf(editor, m.position) : null;
    return { move: m, touched: after ? touched(before, after) : null };
  });
}

/**
 * What a click on `cell` does, given the cells selected before (`selected`, in order) and
 * the moves with their touched cells (`moves`, from `withTouched`): `{ play: move }`,
 * `{ wait: { selected, candidates } }` (several moves left; `candidates` are entries of
 * `moves`), or `{ none: true }` (no move touches the cell).
 */
export function select(moves, selected, cell, { fewest = false } = {}) {
  const usable = moves.filter((m) => m.touched && m.touched.size > 0);
  const having = (keys) => usable.filter((m) => keys.every((k) => m.touched.has(k)));
  if (selected.includes(cell)) {
    // Again on a selected cell: the move touching exactly the selection, or start over.
    const exact = having(selected).filter((m) => m.touched.size === selected.length);
    return exact.length === 1 ? { play: exact[0].move } : { none: true, cleared: true };
  }
  let keys = [...selected, cell];
  let candidates = having(keys);
  if (candidates.length === 0 && selected.length > 0) {
    keys = [cell];
    candidates = having(keys);
  }
  if (candidates.length === 0) return { none: true };
  if (candidates.length === 1) return { play: candidates[0].move };
  // Several moves whose touched cells are the same (two labels of one position after):
  // they are one move on the board.
  const distinct = new Set(candidates.map((m) => m.move.position));
  if (distinct.size === 1) return { play: candidates[0].move };
  if (fewest) {
    const least = Math.min(...candidates.map((m) => m.touched.size));
    const smallest = candidates.filter((m) => m.touched.size === least);
    if (smallest.length === 1) return { play: smallest[0].move };
  }
  return { wait: { selected: keys, candidates } };
}

/**
 * Who placed each cell's contents over a game's history: for each ply `j` (from 1), the
 * cells the move from position `j-1` to `j` touched get `{ ply: j, mover: j - 1 }`; a later
 * move touching a cell again takes it over. Cells set up before the game have no owner.
 */
export function owners(editor, positions) {
  const out = new Map();
  let before = positions.length ? cellsOf(editor, positions[0]) : null;
  for (let j = 1; j < positions.length; j++) {
    const after = cellsOf(editor, positions[j]);
    if (before && after) {
      for (const k of touched(before, after)) out.set(k, { ply: j, mover: j - 1 });
    }
    before = after;
  }
  return out;
}
