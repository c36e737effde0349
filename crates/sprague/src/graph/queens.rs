//! Queens racing to the corner (GAMES.md B9): tokens on a grid; a move shifts one token
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

use crate::catalogue::{Entry, Game, Report, SolveOptions};
use crate::error::{Error, Result};
use crate::value::Outcome;
use serde_json::json;

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

/// The analysis of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueensAnalysis {
    pub first_wins: bool,
    /// XOR of the single-token values (None when a token is on a line: immediate win).
    pub grundy: Option<u32>,
    /// Winning moves: (token index, new cell).
    pub winning: Vec<(usize, (u64, u64))>,
}

/// Solves a position given by its tokens.
pub fn analyse(tokens: &[(u64, u64)]) -> Result<QueensAnalysis> {
    if tokens.is_empty() {
        return Err(Error::invalid(
            "queens needs at least one token, e.g. `3,5`",
        ));
    }
    if let Some(i) = tokens.iter().position(|&t| t == (0, 0)) {
        return Err(Error::invalid(format!(
            "token {} is already on (0,0): the game is over",
            i + 1
        )));
    }
    let instant: Vec<(usize, (u64, u64))> = tokens
        .iter()
        .enumerate()
        .filter(|(_, &(x, y))| on_a_line(x, y))
        .map(|(i, _)| (i, (0, 0)))
        .collect();
    if !instant.is_empty() {
        return Ok(QueensAnalysis {
            first_wins: true,
            grundy: None,
            winning: instant,
        });
    }
    let size = tokens.iter().map(|&(x, y)| x.max(y)).max().unwrap_or(0);
    let table = QueensTable::new(size)?;
    let total = tokens
        .iter()
        .fold(0, |acc, &(x, y)| acc ^ table.value(x, y));
    let mut winning = Vec::new();
    if total != 0 {
        for (i, &(x, y)) in tokens.iter().enumerate() {
            let want = total ^ table.value(x, y);
            for (x2, y2) in QueensTable::options(x, y) {
                if table.value(x2, y2) == want {
                    winning.push((i, (x2, y2)));
                }
            }
        }
    }
    Ok(QueensAnalysis {
        first_wins: total != 0,
        grundy: Some(total),
        winning,
    })
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

impl Game for QueensGame {
    fn spec(&self) -> String {
        "queens".into()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Report> {
        if options.misere || options.every {
            return Err(Error::unsupported(
                "queens is solved in its own rules only (no --misere, no --every)",
            ));
        }
        let tokens = parse_tokens(words)?;
        let a = analyse(&tokens)?;
        let outcome = Outcome::from_grundy_is_zero(!a.first_wins);
        let moves: Vec<String> = a
            .winning
            .iter()
            .map(|&(i, (x, y))| {
                format!(
                    "token {} ({},{}) -> ({x},{y})",
                    i + 1,
                    tokens[i].0,
                    tokens[i].1
                )
            })
            .collect();
        let position: Vec<String> = tokens.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let method = if a.grundy.is_none() {
            "a token on row 0, column 0 or the diagonal reaches (0,0) at once".to_string()
        } else {
            "sum of single-token games without moves onto row 0, column 0 and the diagonal: XOR of table values".to_string()
        };
        let mut text = format!(
            "game: queens\nposition: {}\noutcome: {} ({}-position)\n",
            position.join(" "),
            outcome,
            outcome.letter()
        );
        if let Some(g) = a.grundy {
            text.push_str(&format!("grundy: {g}\n"));
        }
        if moves.is_empty() {
            text.push_str("winning moves: none\n");
        } else {
            text.push_str("winning moves:\n");
            for m in &moves {
                text.push_str(&format!("  {m}\n"));
            }
        }
        text.push_str(&format!("method: {method}"));
        Ok(Report::new(
            text,
            json!({"game": "queens", "position": position, "outcome": outcome.as_str(),
                   "grundy": a.grundy.map(|g| g.to_string()), "winning_moves": moves, "method": method}),
        ))
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Report> {
        let r = self.solve(words, options)?;
        Ok(Report::new(
            format!("{}\n(only winning moves are listed)", r.text),
            r.json,
        ))
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
        rules: "Tokens stand on cells (x, y) of a grid. A move shifts one token left, down, or diagonally down-left by any distance (several tokens may share a cell). The first player to move a token onto (0,0) wins. Example: `sprague solve queens 3,5 4,7`.",
        theorem: "A token on row 0, column 0 or the diagonal x = y reaches (0,0) at once: the mover wins. Otherwise nobody moves a token onto those lines (the opponent would win), so the game is the sum of single-token games with those moves removed: the mover wins iff the XOR of their Grundy values is non-zero. The values come from a table (mex over row, column and diagonal bitsets), coordinates up to 4000.",
        references: "Sprague–Grundy theory (Berlekamp, Conway, Guy, Winning Ways, ch. 4); the queen-move corner game is Wythoff's game in disguise (Wythoff, 1907).",
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        assert!(r.text.contains("grundy:"), "{}", r.text);
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
        assert!(analyse(&[(0, 0)]).is_err());
        assert!(analyse(&[]).is_err());
        // A token on a line wins at once, even with a huge other token.
        assert!(analyse(&[(7, 7), (1_000_000_000, 3)]).unwrap().first_wins);
    }
}
