//! Queens racing to the corner in the catalogue: positions, verdicts, move lists. The
//! rules, the Grundy table and the sum rule are `crate::graph::queens`.

use super::*;
use crate::graph::engine::QueensRules;
use crate::interface::{Editor, Example, Players, Solution};

use crate::error::{Error, Result};
use crate::interface::{
    Component, Entry, Game, LegalMove, Listing, Method, Move, Play, SolveOptions, ValueKind,
    Verdict,
};
use crate::value::Outcome;

struct QueensGame;

fn parse(words: &[String], options: &SolveOptions) -> Result<Vec<(u64, u64)>> {
    crate::graph::verdicts::refuse_flags("queens", options, &[])?;
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
            let shown = crate::graph::verdicts::listed(w.len(), len, Listing::Winning);
            (w.len() as u128, w[..shown].to_vec())
        }
        Listing::All => {
            let count = e.move_count();
            let shown = crate::graph::verdicts::listed(
                usize::try_from(count).unwrap_or(usize::MAX),
                len,
                Listing::All,
            );
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
        notes.push(crate::graph::verdicts::cut_short(
            count,
            what,
            moves.len(),
            len,
        ));
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
        if options.misere || options.every {
            return engine_verdict(tokens, options, Listing::Winning);
        }
        Ok(verdict(
            &Eval::new_with(&tokens, false, &options.limits())?,
            Listing::Winning,
        ))
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let tokens = parse(words, options)?;
        if options.misere || options.every {
            return engine_verdict(tokens, options, Listing::All);
        }
        Ok(verdict(
            &Eval::new_with(&tokens, true, &options.limits())?,
            Listing::All,
        ))
    }

    fn legal_moves(&self, words: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        let tokens = parse(words, options)?;
        if tokens.is_empty() {
            return Err(Error::invalid(
                "queens needs at least one token, e.g. `3,5`",
            ));
        }
        let e = bare(tokens);
        let count = e.move_count();
        crate::graph::verdicts::check_legal_list(count, write(&e.tokens).len())?;
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

/// A position without its Grundy table: listing moves analyses nothing.
fn bare(tokens: Vec<(u64, u64)>) -> Eval {
    Eval {
        on_line: 0,
        finished: tokens.contains(&(0, 0)),
        table: None,
        xor_off: 0,
        tokens,
    }
}

/// Why the sum rule does not answer misère and every-move play.
const WHY: &str =
    "no theorem: the sum rule holds in normal play only, a token reaching (0,0) ending the whole game";

/// The verdict under `--misere` or `--every`, by the engine on whole positions.
fn engine_verdict(
    tokens: Vec<(u64, u64)>,
    options: &SolveOptions,
    listing: Listing,
) -> Result<Verdict> {
    if tokens.is_empty() {
        return Err(Error::invalid(
            "queens needs at least one token, e.g. `3,5`",
        ));
    }
    let reach = crate::fallback::check_size("queens", WHY, &QueensRules::size(&tokens), options)?;
    let start = QueensRules::position(&tokens)?;
    let e = bare(tokens);
    let count = usize::try_from(e.move_count()).unwrap_or(usize::MAX);
    let moves = e.first_moves(count);
    let afters: Vec<Vec<(u64, u64)>> = moves
        .iter()
        .map(|&(i, t)| {
            let mut p = e.tokens.clone();
            p[i] = t;
            p.sort_unstable();
            p
        })
        .collect();
    let describe = |k: usize| {
        let (i, t) = moves[k];
        (label(&e.tokens, i, t), after_position(&e.tokens, i, t))
    };
    crate::fallback::verdict(
        crate::fallback::EnginePosition {
            spec: "queens".into(),
            rules: &QueensRules,
            start,
            position: write(&e.tokens),
            why: WHY,
            reach,
        },
        &afters,
        &describe,
        options,
        listing,
    )
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
        theorem: "A token on row 0, column 0 or the diagonal x = y reaches (0,0) at once: the mover wins. Otherwise nobody moves a token onto those lines (the opponent would win), so the game is the sum of single-token games with those moves removed: the mover wins iff the XOR of their Grundy values is non-zero. The values come from a table (mex over row, column and diagonal bitsets), coordinates up to 4000. In misère and every-move play (`--misere`, `--every`) the sum rule does not hold: the engine searches whole positions (small coordinates only).",
        references: "Sprague–Grundy theory (Berlekamp, Conway, Guy, Winning Ways, ch. 4); the queen-move corner game is Wythoff's game in disguise (Wythoff, 1907).",
        examples: const {
            &[
                Example::normal("queens", "3,5 4,7"),
                Example::plays("queens", "2,3 3,1", &[Play::Misere, Play::Every]),
            ]
        },
        editor: Editor::Chessboard { several: true },
        players: Players::Impartial,
        pictures: &[],
        solution: Solution::Search,
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queens_answer_and_read_back() {
        let game = crate::interface::testing::game_of(&[super::entry()], "queens").unwrap();
        let words: Vec<String> = ["3", "5", "+", "4", "7"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let r = game.solve(&words, &SolveOptions::default()).unwrap();
        assert_eq!(r.value_kind, Some(ValueKind::Grundy));
        assert!(r.value.is_some());
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
            crate::interface::testing::verdicts_agree_on(super::entry(), "queens", &words, &normal);
        }
        let game = crate::interface::testing::game_of(&[super::entry()], "queens").unwrap();
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
        let game = crate::interface::testing::game_of(&[super::entry()], "queens").unwrap();
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
        ] {
            assert!(game.solve(&["3,5".to_string()], &opts).is_err());
        }
    }
}
