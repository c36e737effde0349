//! Queens racing to the corner (docs/theory.md#queens): tokens on a grid; a move shifts one token
//! left, down, or diagonally down-left by any distance (cells may hold several tokens); the
//! first player to move a token onto (0,0) wins.
//!
//! A token on row y = 0, column x = 0 or the diagonal x = y reaches (0,0) in one move, so the
//! player to move wins at once. Otherwise neither player ever moves a token onto those lines
//! (the opponent would win at once), so the game is the sum of single-token games whose
//! moves onto the lines are removed, played in normal play: the XOR of their Grundy values
//! decides it (Sprague–Grundy). The single-token values come from a table computed row by
//! row: `g(x, y) = mex(row y left of x ∪ column x below y ∪ the diagonal below)`, with one
//! bitset of seen values per row, column and diagonal, so a cell costs O(N/64).

use crate::error::{Error, Result};
use crate::interface::{
    Component, Entry, Game, LegalMove, Listing, Method, Move, Play, SolveOptions, ValueKind,
    Verdict,
};
use crate::value::Outcome;

/// The largest coordinate the table accepts (memory grows as the square: about 4 bytes per
/// cell for the values plus the bitsets, ~90 MB at this size).
pub const MAX_COORD: u64 = 4_000;

/// The Grundy values of single tokens for all cells with coordinates `0..=size`.
#[derive(Debug, Clone)]
pub struct QueensTable {
    size: usize,
    values: Vec<u32>,
}

impl QueensTable {
    /// Computes the table up to coordinate `size` (inclusive).
    pub fn new(size: u64) -> Result<QueensTable> {
        if size > MAX_COORD {
            return Err(Error::Limit {
                what: format!(
                    "queens: coordinate {size} needs a Grundy table of ({size}+1)² cells"
                ),
                limit: MAX_COORD,
            });
        }
        let n = size as usize + 1;
        // A cell has fewer than 3n options, so its value is below 3n.
        let words = (3 * n).div_ceil(64) + 1;
        let mut col = vec![0u64; n * words];
        let mut diag = vec![0u64; 2 * n * words]; // index x − y + n
        let mut row = vec![0u64; words];
        let mut values = vec![0u32; n * n];
        let set = |bits: &mut [u64], v: u32| bits[v as usize / 64] |= 1 << (v % 64);
        for y in 1..n {
            row.iter_mut().for_each(|w| *w = 0);
            for x in 1..n {
                if x == y {
                    continue;
                }
                let c = &col[x * words..(x + 1) * words];
                let d0 = (x + n - y) * words;
                let d = &diag[d0..d0 + words];
                let mut g = 0u32;
                for i in 0..words {
                    let seen = row[i] | c[i] | d[i];
                    if seen != u64::MAX {
                        g = (i * 64) as u32 + (!seen).trailing_zeros();
                        break;
                    }
                }
                values[y * n + x] = g;
                set(&mut row, g);
                set(&mut col[x * words..(x + 1) * words], g);
                set(&mut diag[d0..d0 + words], g);
            }
        }
        Ok(QueensTable {
            size: size as usize,
            values,
        })
    }

    /// The Grundy value of a single token at (x, y), x, y ≥ 1, x ≠ y, within the table.
    pub fn value(&self, x: u64, y: u64) -> u32 {
        self.values[y as usize * (self.size + 1) + x as usize]
    }

    /// The options of a single token off the lines (cells off the lines only).
    pub fn options(x: u64, y: u64) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for x2 in 1..x {
            if x2 != y {
                out.push((x2, y));
            }
        }
        for y2 in 1..y {
            if y2 != x {
                out.push((x, y2));
            }
        }
        for k in 1..x.min(y) {
            out.push((x - k, y - k));
        }
        out
    }
}

/// True when a token at (x, y) reaches (0,0) in one move.
pub fn on_a_line(x: u64, y: u64) -> bool {
    x == 0 || y == 0 || x == y
}

/// A move: the token (index from 0) and the cell it moves to.
pub type QueenMove = (usize, (u64, u64));

/// The analysis of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueensAnalysis {
    /// True when the player to move wins.
    pub first_wins: bool,
    /// XOR of the single-token values (None when a token is on a line: immediate win; 0
    /// when the game is over).
    pub grundy: Option<u32>,
    /// Winning moves: (token index, new cell).
    pub winning: Vec<QueenMove>,
}

/// Solves a position given by its tokens. A token on (0,0) means the game is over: the
/// player who moved there won, so the player to move has lost (no moves, value 0).
pub fn analyse(tokens: &[(u64, u64)]) -> Result<QueensAnalysis> {
    let e = Eval::new(tokens, false)?;
    let (winning, _) = e.winning();
    Ok(QueensAnalysis {
        first_wins: e.outcome() == Outcome::First,
        grundy: e.value(),
        winning,
    })
}

/// A position with what values it and the positions after its moves: the tokens on a
/// line, and the Grundy table when the coordinates allow it.
struct Eval {
    tokens: Vec<(u64, u64)>,
    /// Tokens on row 0, column 0 or the diagonal (those on (0,0) included).
    on_line: usize,
    /// Whether a token is on (0,0): the game is over.
    finished: bool,
    /// The single-token values, when built (always when no token is on a line).
    table: Option<QueensTable>,
    /// The XOR of the values of the tokens off the lines (with the table).
    xor_off: u32,
}

impl Eval {
    /// Reads the position; the table is built when the position needs it (no token on a
    /// line), and when the coordinates are within [`MAX_COORD`] also where the winning
    /// moves need it (one token on a line) or `want_table` asks for the values after
    /// every move.
    fn new(tokens: &[(u64, u64)], want_table: bool) -> Result<Eval> {
        if tokens.is_empty() {
            return Err(Error::invalid(
                "queens needs at least one token, e.g. `3,5`",
            ));
        }
        let on_line = tokens.iter().filter(|&&(x, y)| on_a_line(x, y)).count();
        let finished = tokens.contains(&(0, 0));
        let size = tokens.iter().map(|&(x, y)| x.max(y)).max().unwrap_or(0);
        let table = if finished {
            None
        } else if on_line == 0 || ((want_table || on_line == 1) && size <= MAX_COORD) {
            Some(QueensTable::new(size)?)
        } else {
            None
        };
        let mut e = Eval {
            tokens: tokens.to_vec(),
            on_line,
            finished,
            table,
            xor_off: 0,
        };
        e.xor_off = (0..tokens.len()).fold(0, |acc, i| acc ^ e.single(tokens[i]).unwrap_or(0));
        Ok(e)
    }

    /// The value of one token off the lines, from the table.
    fn single(&self, (x, y): (u64, u64)) -> Option<u32> {
        if on_a_line(x, y) {
            return None;
        }
        self.table.as_ref().map(|t| t.value(x, y))
    }

    fn outcome(&self) -> Outcome {
        if self.finished {
            Outcome::Second
        } else if self.on_line > 0 {
            Outcome::First
        } else {
            Outcome::from_grundy_is_zero(self.xor_off == 0)
        }
    }

    /// The Grundy value: 0 when the game is over, unknown (not computed) when a token is
    /// on a line, else the XOR of the table values.
    fn value(&self) -> Option<u32> {
        if self.finished {
            Some(0)
        } else if self.on_line > 0 {
            None
        } else {
            Some(self.xor_off)
        }
    }

    /// The winning moves, in the order of [`Eval::first_moves`], and whether the list is
    /// complete. With two tokens on a line, only the moves to (0,0) win (any other move
    /// leaves a token on a line for the opponent). With one, its moves to (0,0) and to the
    /// cells off the lines that make the XOR 0 win (the latter need the table: without it
    /// the list is incomplete). With none, the moves that make the XOR 0 (never onto a
    /// line, which lets the opponent win).
    fn winning(&self) -> (Vec<QueenMove>, bool) {
        if self.finished {
            return (Vec::new(), true);
        }
        let on: Vec<usize> = (0..self.tokens.len())
            .filter(|&i| on_a_line(self.tokens[i].0, self.tokens[i].1))
            .collect();
        match (on.as_slice(), &self.table) {
            ([], None) => (Vec::new(), false),
            ([i], Some(_)) => {
                let wins = self
                    .targets(*i)
                    .filter(|&t| self.after(*i, t).0 == Some(Outcome::Second))
                    .map(|t| (*i, t))
                    .collect();
                (wins, true)
            }
            ([_], None) => (on.iter().map(|&i| (i, (0, 0))).collect(), false),
            ([_, _, ..], _) => (on.iter().map(|&i| (i, (0, 0))).collect(), true),
            ([], Some(table)) => {
                let mut winning = Vec::new();
                if self.xor_off != 0 {
                    for (i, &(x, y)) in self.tokens.iter().enumerate() {
                        let want = self.xor_off ^ table.value(x, y);
                        for (x2, y2) in QueensTable::options(x, y) {
                            if table.value(x2, y2) == want {
                                winning.push((i, (x2, y2)));
                            }
                        }
                    }
                }
                (winning, true)
            }
        }
    }

    /// The cells token `i` can move to: left, then down, then diagonally, each the
    /// nearest to the corner first (the order of [`QueensTable::options`], with the cells
    /// on the lines too).
    fn targets(&self, i: usize) -> impl Iterator<Item = (u64, u64)> {
        let (x, y) = self.tokens[i];
        let left = (0..x).map(move |x2| (x2, y));
        let down = (0..y).map(move |y2| (x, y2));
        let diag = (1..=x.min(y)).map(move |k| (x - k, y - k));
        left.chain(down).chain(diag)
    }

    /// The number of moves: a token at (x, y) has x + y + min(x, y) of them.
    fn move_count(&self) -> u128 {
        if self.finished {
            return 0;
        }
        self.tokens
            .iter()
            .map(|&(x, y)| x as u128 + y as u128 + x.min(y) as u128)
            .sum()
    }

    /// The first `limit` moves: token by token, in the order of [`Eval::targets`].
    fn first_moves(&self, limit: usize) -> Vec<QueenMove> {
        let mut out = Vec::new();
        if self.finished {
            return out;
        }
        for i in 0..self.tokens.len() {
            for t in self.targets(i) {
                if out.len() >= limit {
                    return out;
                }
                out.push((i, t));
            }
        }
        out
    }

    /// The outcome and value of the position after token `i` moves to `t`, for the
    /// opponent; `None` when the table is not built.
    fn after(&self, i: usize, t: (u64, u64)) -> (Option<Outcome>, Option<u32>) {
        if t == (0, 0) {
            return (Some(Outcome::Second), Some(0));
        }
        let from = self.tokens[i];
        let on_after = self.on_line - usize::from(on_a_line(from.0, from.1))
            + usize::from(on_a_line(t.0, t.1));
        if on_after > 0 {
            return (Some(Outcome::First), None);
        }
        match (self.single(from).or(Some(0)), self.single(t)) {
            (Some(old), Some(new)) if self.table.is_some() => {
                let v = self.xor_off ^ old ^ new;
                (Some(Outcome::from_grundy_is_zero(v == 0)), Some(v))
            }
            _ => (None, None),
        }
    }
}

/// Reads tokens written `3,5 4,7` or `3 5 + 4 7`.
pub fn parse_tokens(words: &[String]) -> Result<Vec<(u64, u64)>> {
    let text = words.join(" ");
    let mut tokens = Vec::new();
    for part in text.split('+') {
        let nums: Vec<&str> = part
            .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
            .filter(|s| !s.is_empty())
            .collect();
        if nums.len() & 1 == 1 {
            return Err(Error::parse(format!(
                "queens: `{}` does not split into x,y pairs (write `3,5 4,7` or `3 5 + 4 7`)",
                part.trim()
            )));
        }
        for pair in nums.chunks(2) {
            let mut xy = [0u64; 2];
            for (k, s) in pair.iter().enumerate() {
                xy[k] = s.parse().map_err(|_| {
                    Error::parse(format!(
                        "queens: `{s}` is not a non-negative integer coordinate"
                    ))
                })?;
            }
            tokens.push((xy[0], xy[1]));
        }
    }
    Ok(tokens)
}

struct QueensGame;

fn parse(words: &[String], options: &SolveOptions) -> Result<Vec<(u64, u64)>> {
    if options.misere || options.every {
        return Err(Error::unsupported(
            "queens is solved in its own rules only (no --misere, no --every)",
        ));
    }
    super::refuse_flags("queens", options, &[])?;
    parse_tokens(words)
}

fn write(tokens: &[(u64, u64)]) -> String {
    let cells: Vec<String> = tokens.iter().map(|(x, y)| format!("{x},{y}")).collect();
    cells.join(" ")
}

fn label(tokens: &[(u64, u64)], i: usize, (x, y): (u64, u64)) -> String {
    format!(
        "move queen {} from ({},{}) to ({x},{y})",
        i + 1,
        tokens[i].0,
        tokens[i].1
    )
}

fn after_position(tokens: &[(u64, u64)], i: usize, t: (u64, u64)) -> String {
    let mut after = tokens.to_vec();
    after[i] = t;
    write(&after)
}

/// The verdict of a position listing the moves `moves` (of `count` in all).
fn verdict(e: &Eval, listing: Listing) -> Verdict {
    let outcome = e.outcome();
    let method = if e.finished {
        Method::theorem("a token is on (0,0): the game is over, and the player to move has lost")
    } else if e.on_line > 0 {
        Method::theorem("a token on row 0, column 0 or the diagonal reaches (0,0) at once")
    } else {
        Method::engine("sum of single-token games without moves onto row 0, column 0 and the diagonal: XOR of table values")
    };
    let position = write(&e.tokens);
    let mut v = Verdict::new("queens", position, Play::Normal, outcome.into(), method)
        .with_value(ValueKind::Grundy, e.value().map(|g| g.to_string()));
    v.listing = listing;
    for &(x, y) in &e.tokens {
        let value = e.single((x, y));
        let alone = if (x, y) == (0, 0) {
            Some(Outcome::Second)
        } else if on_a_line(x, y) {
            Some(Outcome::First)
        } else {
            value.map(|g| Outcome::from_grundy_is_zero(g == 0))
        };
        v.components.push(Component {
            position: format!("{x},{y}"),
            value: value.map(|g| g.to_string()),
            outcome: alone.map(Into::into),
            remoteness: None,
        });
    }
    let len = v.position.len();
    let mut notes = Vec::new();
    let (count, moves) = match listing {
        Listing::Winning => {
            let (w, complete) = e.winning();
            if !complete {
                notes.push(format!("only the moves to (0,0) are listed: the other winning moves, if any, need the Grundy table, and coordinates above {MAX_COORD} are beyond it"));
            }
            let shown = super::listed(w.len(), len);
            (w.len() as u128, w[..shown].to_vec())
        }
        Listing::All => {
            let count = e.move_count();
            let shown = super::listed(usize::try_from(count).unwrap_or(usize::MAX), len);
            (count, e.first_moves(shown))
        }
    };
    let mut unknown = 0usize;
    for &(i, t) in &moves {
        let mut m = Move::new(label(&e.tokens, i, t), after_position(&e.tokens, i, t));
        let (o, value) = e.after(i, t);
        m.outcome = o.map(Into::into);
        m.value = value.map(|g| g.to_string());
        m.winning = o == Some(Outcome::Second);
        unknown += usize::from(o.is_none());
        v.moves.push(m);
    }
    if (moves.len() as u128) < count {
        let what = match listing {
            Listing::All => "moves",
            Listing::Winning => "winning moves",
        };
        notes.push(super::cut_short(count, what, moves.len(), len));
    }
    if unknown > 0 {
        notes.push(format!(
            "the outcome of {unknown} moves that leave no token on row 0, column 0 or the diagonal is not known: coordinates above {MAX_COORD} are beyond the Grundy table"
        ));
    }
    if !notes.is_empty() {
        v.incomplete(notes.join("; "));
    }
    v
}

impl Game for QueensGame {
    fn spec(&self) -> String {
        "queens".into()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let tokens = parse(words, options)?;
        Ok(verdict(&Eval::new(&tokens, false)?, Listing::Winning))
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let tokens = parse(words, options)?;
        Ok(verdict(&Eval::new(&tokens, true)?, Listing::All))
    }

    fn legal_moves(&self, words: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        let tokens = parse(words, options)?;
        if tokens.is_empty() {
            return Err(Error::invalid(
                "queens needs at least one token, e.g. `3,5`",
            ));
        }
        // No table: listing moves analyses nothing.
        let e = Eval {
            on_line: 0,
            finished: tokens.contains(&(0, 0)),
            table: None,
            xor_off: 0,
            tokens,
        };
        let count = e.move_count();
        super::check_legal_list(count, write(&e.tokens).len())?;
        Ok(e.first_moves(count as usize)
            .into_iter()
            .map(|(i, t)| LegalMove {
                label: label(&e.tokens, i, t),
                position: after_position(&e.tokens, i, t),
                side: None,
            })
            .collect())
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    if let Some(p) = params {
        return Err(Error::bad_params(
            "queens",
            format!("takes no parameters (got `{p}`)"),
        ));
    }
    Ok(Box::new(QueensGame))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "queens",
        aliases: &["queens-to-corner"],
        usage: "queens X,Y [X,Y ...]   (or X Y + X Y)",
        summary: "Tokens race to the corner (0,0) with queen moves left/down; first there wins",
        rules: "Tokens stand on cells (x, y) of a grid, written `x,y` (tokens numbered from 1 in the order written). A move shifts one token left, down, or diagonally down-left by any distance (several tokens may share a cell). The first player to move a token onto (0,0) wins; a position with a token on (0,0) is over (the player to move has lost). Example: `sprague solve queens 3,5 4,7`. A move is named `move queen 2 from (3,5) to (1,3)`.",
        theorem: "A token on row 0, column 0 or the diagonal x = y reaches (0,0) at once: the mover wins. Otherwise nobody moves a token onto those lines (the opponent would win), so the game is the sum of single-token games with those moves removed: the mover wins iff the XOR of their Grundy values is non-zero. The values come from a table (mex over row, column and diagonal bitsets), coordinates up to 4000.",
        references: "Sprague–Grundy theory (Berlekamp, Conway, Guy, Winning Ways, ch. 4); the queen-move corner game is Wythoff's game in disguise (Wythoff, 1907).",
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::checks::verdicts_agree;
    use crate::impartial::{GrundySolver, Impartial};

    /// The real game: a sorted multiset of tokens; a state with a token on (0,0) is over
    /// (the player who moved there won, so the player to move has lost: no options).
    struct Brute;

    impl Impartial for Brute {
        type Position = Vec<(u8, u8)>;
        fn options(&self, pos: &Vec<(u8, u8)>, out: &mut Vec<Vec<(u8, u8)>>) {
            if pos.contains(&(0, 0)) {
                return;
            }
            for i in 0..pos.len() {
                let (x, y) = pos[i];
                let mut targets = Vec::new();
                targets.extend((0..x).map(|x2| (x2, y)));
                targets.extend((0..y).map(|y2| (x, y2)));
                targets.extend((1..=x.min(y)).map(|k| (x - k, y - k)));
                for t in targets {
                    let mut p = pos.clone();
                    p[i] = t;
                    p.sort_unstable();
                    out.push(p);
                }
            }
        }
    }

    #[test]
    fn sum_rule_agrees_with_the_real_game() {
        let mut s = GrundySolver::new(Brute);
        let cells: Vec<(u8, u8)> = (0..6u8)
            .flat_map(|x| (0..6u8).map(move |y| (x, y)))
            .filter(|&c| c != (0, 0))
            .collect();
        for &a in &cells {
            let wins = s.outcome(&vec![a]).unwrap() == Outcome::First;
            let r = analyse(&[(a.0 as u64, a.1 as u64)]).unwrap();
            assert_eq!(r.first_wins, wins, "{a:?}");
            for &b in &cells {
                if b < a {
                    continue;
                }
                let pos = vec![a, b];
                let wins = s.outcome(&pos).unwrap() == Outcome::First;
                let toks = [(a.0 as u64, a.1 as u64), (b.0 as u64, b.1 as u64)];
                let r = analyse(&toks).unwrap();
                assert_eq!(r.first_wins, wins, "{a:?} {b:?}");
                // Every listed winning move leads to a losing position for the opponent.
                for &(i, (x, y)) in &r.winning {
                    let mut p = pos.clone();
                    p[i] = (x as u8, y as u8);
                    p.sort_unstable();
                    let after = s.outcome(&p).unwrap();
                    assert!(
                        p.contains(&(0, 0)) || after == Outcome::Second,
                        "{pos:?} -> {p:?}"
                    );
                }
                assert_eq!(r.winning.is_empty(), !wins);
                // And every winning move is listed.
                let mut want = s.winning_moves(&pos).unwrap();
                want.sort_unstable();
                want.dedup();
                let mut got: Vec<Vec<(u8, u8)>> = r
                    .winning
                    .iter()
                    .map(|&(i, (x, y))| {
                        let mut p = pos.clone();
                        p[i] = (x as u8, y as u8);
                        p.sort_unstable();
                        p
                    })
                    .collect();
                got.sort_unstable();
                got.dedup();
                assert_eq!(got, want, "{pos:?}");
            }
        }
        // Three tokens on a smaller grid.
        for a in 0..16u8 {
            for b in a..16 {
                for c in b..16 {
                    let t = |k: u8| (k % 4 + 1, k / 4 + 1);
                    let mut pos = vec![t(a), t(b), t(c)];
                    pos.sort_unstable();
                    let wins = s.outcome(&pos).unwrap() == Outcome::First;
                    let toks: Vec<(u64, u64)> =
                        pos.iter().map(|&(x, y)| (x as u64, y as u64)).collect();
                    assert_eq!(analyse(&toks).unwrap().first_wins, wins, "{pos:?}");
                }
            }
        }
    }

    #[test]
    fn table_matches_direct_mex() {
        let t = QueensTable::new(40).unwrap();
        for y in 1..=40u64 {
            for x in 1..=40u64 {
                if x == y {
                    continue;
                }
                let opts: Vec<u64> = QueensTable::options(x, y)
                    .iter()
                    .map(|&(a, b)| t.value(a, b) as u64)
                    .collect();
                let mex = (0..).find(|v| !opts.contains(v)).unwrap();
                assert_eq!(t.value(x, y) as u64, mex, "({x},{y})");
            }
        }
    }

    #[test]
    fn registered_in_the_catalogue() {
        for name in ["queens", "green-hackenbush", "geography", "tree-chain"] {
            assert!(crate::catalogue::lookup(name).is_ok(), "{name}");
        }
        assert_eq!(
            crate::problems::run("P1288", "4\n2 5 3 0\n").unwrap(),
            "YES\n"
        );
        assert_eq!(
            crate::problems::run("tree-chain", "2\n1 0\n1 2\n").unwrap(),
            "First\n"
        );
        let game = crate::catalogue::lookup("queens").unwrap();
        let words: Vec<String> = ["3", "5", "+", "4", "7"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let r = game.solve(&words, &SolveOptions::default()).unwrap();
        let text = r.render_text();
        assert!(text.contains("grundy:"), "{text}");
    }

    #[test]
    fn parsing_and_errors() {
        let w = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        assert_eq!(parse_tokens(&w("3,5 4,7")).unwrap(), vec![(3, 5), (4, 7)]);
        assert_eq!(parse_tokens(&w("3 5 + 4 7")).unwrap(), vec![(3, 5), (4, 7)]);
        assert!(parse_tokens(&w("3 5 4")).is_err());
        let e = parse_tokens(&w("3,x")).unwrap_err().to_string();
        assert!(e.contains("`x`"), "{e}");
        let e = analyse(&[(1, 2), (5000, 3)]).unwrap_err().to_string();
        assert!(e.contains("5000"), "{e}");
        // A token on (0,0): the game is over, the player to move has lost.
        let over = analyse(&[(0, 0), (3, 5)]).unwrap();
        assert!(!over.first_wins && over.grundy == Some(0) && over.winning.is_empty());
        assert!(analyse(&[]).is_err());
        // A token on a line wins at once, even with a huge other token.
        assert!(analyse(&[(7, 7), (1_000_000_000, 3)]).unwrap().first_wins);
    }

    #[test]
    fn positions_read_back_and_solve_agrees_with_moves() {
        let normal = SolveOptions::default();
        for words in [
            vec!["3,5 4,7"],
            vec!["3", "5", "+", "4", "7"],
            vec!["1,2"],
            vec!["2,1 1,2"],
            vec!["3,3 2,5"], // a token on the diagonal: an immediate win
            vec!["0,4"],
            vec!["0,0 3,5"], // the game is over
            vec!["5,3 5,3 6,2"],
        ] {
            verdicts_agree("queens", &words, &normal);
        }
        let game = crate::catalogue::lookup("queens").unwrap();
        let v = game.solve(&["3,5 4,7".to_string()], &normal).unwrap();
        assert_eq!(v.position, "3,5 4,7");
        assert!(v
            .moves
            .iter()
            .all(|m| m.label.starts_with("move queen ") && m.value.as_deref() == Some("0")));
        // On the diagonal: the move to (0,0) wins, and so do the moves off the lines that
        // make the XOR 0.
        let v = game.solve(&["3,3 2,5".to_string()], &normal).unwrap();
        let labels: Vec<&str> = v.moves.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "move queen 1 from (3,3) to (1,3)",
                "move queen 1 from (3,3) to (3,1)",
                "move queen 1 from (3,3) to (0,0)"
            ]
        );
        assert_eq!(v.moves[2].position, "0,0 2,5");
        assert_eq!(v.moves[2].outcome, Some(crate::interface::Winner::Second));
    }

    #[test]
    fn huge_coordinates_are_capped_or_refused() {
        let game = crate::catalogue::lookup("queens").unwrap();
        let o = SolveOptions::default();
        let w = vec!["7,7 1000000000,3".to_string()];
        let v = game.solve(&w, &o).unwrap();
        assert_eq!(v.outcome, crate::interface::Winner::First);
        assert_eq!(v.moves.len(), 1);
        assert!(!v.complete && v.note.unwrap().contains("only the moves to (0,0)"));
        let m = game.moves(&w, &o).unwrap();
        assert!(!m.complete);
        let note = m.note.unwrap();
        assert!(note.starts_with("1000000027 moves in all"), "{note}");
        // The token on the diagonal moving off it leaves no token on a line: with a
        // coordinate beyond the table, that outcome is unknown, and the note says so.
        assert!(note.contains("not known"), "{note}");
        assert_eq!(m.moves[0].label, "move queen 1 from (7,7) to (0,7)");
        assert_eq!(m.moves[0].outcome, Some(crate::interface::Winner::First));
        let e = game.legal_moves(&w, &o).unwrap_err().to_string();
        assert!(e.contains("1000000027 legal moves"), "{e}");
        for opts in [
            SolveOptions {
                tokens: vec!["1".into()],
                ..Default::default()
            },
            SolveOptions {
                start: Some("1".into()),
                ..Default::default()
            },
            SolveOptions {
                ground: Some("1".into()),
                ..Default::default()
            },
            SolveOptions {
                misere: true,
                ..Default::default()
            },
        ] {
            assert!(game.solve(&["3,5".to_string()], &opts).is_err());
        }
    }
}
