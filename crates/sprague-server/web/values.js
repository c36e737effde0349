// Reading the verdict's values and outcomes for a person and for the chart.

/** The other side of a partizan game. */
export const other = (side) => (side === "left" ? "right" : "left");

/** A dyadic rational written as the server writes it (`3/4`, `-2`), as a number; else null. */
export function dyadic(text) {
  if (typeof text !== "string") return null;
  const m = text.match(/^(-?\d{1,15})(?:\/(\d{1,15}))?$/);
  if (!m) return null;
  return Number(m[1]) / (m[2] ? Number(m[2]) : 1);
}

/**
 * The number a canonical form is infinitesimally close to, where it is written as a number
 * followed by ups, downs and stars only (`2`, `-1/2`, `1^*`, `3/4v2`, `*`); else null.
 */
export function numberPart(text) {
  if (typeof text !== "string") return null;
  const m = text.match(/^(-?\d{1,15}(?:\/\d{1,15})?)?(?:[\^v]\d*|\*\d*)*$/);
  if (!m) return null;
  return m[1] === undefined ? 0 : dyadic(m[1]);
}

/** The outcome in words. */
export function describeOutcome(outcome, partizan) {
  switch (outcome) {
    case "first": return "the player to move wins (N-position)";
    case "second": return "the player to move loses (P-position)";
    case "draw": return "a draw with best play";
    case "L": return "Left wins, whoever starts (L)";
    case "R": return "Right wins, whoever starts (R)";
    case "N": return "the player to move wins (N)";
    case "P": return "the player to move loses (P)";
    default: return partizan ? outcome : String(outcome);
  }
}

/** A move's value and remoteness, short: `g 2`, `γ ∞(0)`, `= {2|-1/2}`, `R 3`. */
export function valueText(kind, value, remoteness) {
  const parts = [];
  if (value !== null && value !== undefined) {
    const prefix = { grundy: "g ", gamma: "γ ", canonical: "= ", step: "step " }[kind] ?? "";
    parts.push(prefix + value);
  }
  if (remoteness !== null && remoteness !== undefined) parts.push("rem. " + remoteness); // remoteness: "R" would read as Right
  return parts.join("  ");
}

/**
 * Who wins with best play: 0 (the first player of the game), 1 (the second) or "draw", given
 * the outcome of a position where player `mover` (0 or 1) is to move, playing `side` in a
 * partizan game whose first player plays `first`.
 */
export function winnerOf(outcome, mover, side, first) {
  const left = first === "left" ? 0 : 1;
  switch (outcome) {
    case "first": case "N": return mover;
    case "second": case "P": return 1 - mover;
    case "draw": return "draw";
    case "L": return left;
    case "R": return 1 - left;
    default: return null;
  }
}
