//! The coin-turning games of the catalogue: rows under a rule (Twins, Mock Turtles, Ruler,
//! `coins:up-to:K`, `coins:run:K`) and boards under the product of two rules
//! (`turning-corners`, `tartan:G1*G2`), each an entry built from its rule.

use super::check;
use super::row::game::CoinGame;
use super::rule::CoinRule;
use super::tartan::game::TartanGame;
use super::tartan::Tartan;
use crate::error::{Error, Result};
use crate::interface::{Editor, Example, Glyph, Play, Players, Solution, Square};
use crate::interface::{Entry, Game};

/// A coin's two faces as the page draws them: tails is the blank.
const COIN_SQUARES: &[Square] = &[
    Square {
        symbol: 'T',
        glyph: Glyph::Tails,
        name: "tails",
    },
    Square {
        symbol: 'H',
        glyph: Glyph::Heads,
        name: "heads",
    },
];
/// What a click on a coin does.
const COIN_HINT: &str = "click a coin to turn it (H heads, T tails)";

const ROW_RULES: &str = "A row of coins at positions 1, 2, 3, … from the left, each heads (H) or tails (T); a position is written as H/T (`THHTH`, coin 1 first) or as the positions of the heads (`2 3 5`). A move turns over a set of coins allowed by the rule; the rightmost coin turned must go from heads to tails, the others may go either way. The player who cannot move (every coin tails) loses.";
const ROW_REFS: &str = "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical Plays, ch. 14 (Turn turtles, Mock Turtles, Ruler); T. S. Ferguson, Game Theory, Part I, §5 (coin-turning games); H. W. Lenstra, Nim multiplication (1977).";

fn no_params(name: &'static str, params: Option<&str>) -> Result<()> {
    match params {
        Some(p) => Err(Error::bad_params(
            name,
            format!("`{name}` takes no parameters, got `{p}`"),
        )),
        None => Ok(()),
    }
}

fn build_twins(p: Option<&str>) -> Result<Box<dyn Game>> {
    no_params("twins", p)?;
    Ok(Box::new(CoinGame {
        rule: CoinRule::TWINS,
    }))
}

fn build_mock(p: Option<&str>) -> Result<Box<dyn Game>> {
    no_params("mock-turtles", p)?;
    Ok(Box::new(CoinGame {
        rule: CoinRule::MOCK_TURTLES,
    }))
}

fn build_ruler(p: Option<&str>) -> Result<Box<dyn Game>> {
    no_params("ruler", p)?;
    Ok(Box::new(CoinGame {
        rule: CoinRule::RULER,
    }))
}

fn build_coins(p: Option<&str>) -> Result<Box<dyn Game>> {
    let p = p.ok_or_else(|| {
        Error::bad_params(
            "coins",
            "name the rule: `coins:up-to:K` (turn at most K coins) or `coins:run:K` (a run of at most K coins)",
        )
    })?;
    Ok(Box::new(CoinGame {
        rule: CoinRule::parse(p)?,
    }))
}

fn build_corners(p: Option<&str>) -> Result<Box<dyn Game>> {
    no_params("turning-corners", p)?;
    Ok(Box::new(TartanGame(Tartan {
        rows: CoinRule::TWINS,
        cols: CoinRule::TWINS,
        name: Some("turning-corners"),
    })))
}

fn build_tartan(p: Option<&str>) -> Result<Box<dyn Game>> {
    let p = p.ok_or_else(|| {
        Error::bad_params(
            "tartan",
            "name two rules: `tartan:G1*G2`, e.g. `tartan:ruler*twins` or `tartan:up-to:3*run:2`",
        )
    })?;
    let (a, b) = p.split_once('*').ok_or_else(|| {
        Error::bad_params("tartan", format!("`{p}`: write the two rules as `G1*G2`"))
    })?;
    Ok(Box::new(TartanGame(Tartan {
        rows: CoinRule::parse(a)?,
        cols: CoinRule::parse(b)?,
        name: None,
    })))
}

// The checks of the named rows' closed forms (their entries' `Solution::Theorem`).

fn check_twins() -> std::result::Result<u64, String> {
    check::row_theorem_against_search(CoinRule::TWINS)
}

fn check_mock_turtles() -> std::result::Result<u64, String> {
    check::row_theorem_against_search(CoinRule::MOCK_TURTLES)
}

fn check_ruler() -> std::result::Result<u64, String> {
    check::row_theorem_against_search(CoinRule::RULER)
}

/// The catalogue entry of `twins`.
pub fn twins() -> Entry {
    Entry {
        name: "twins",
        aliases: &["turning-turtles"],
        usage: "twins COINS (e.g. THHTH, or head positions 2 3 5)",
        summary: "coin turning: turn one or two coins (Turning Turtles / Twins)",
        rules: "A row of coins at positions 1, 2, 3, … from the left; a position is written as H/T (`THHTH`, coin 1 first) or as the positions of the heads (`2 3 5`). A move turns over one or two coins: the rightmost goes from heads to tails, the other (if any) is anywhere to its left and may go either way. The player who cannot move loses. (Twins of Winning Ways turns exactly two coins with positions from 0; it is this game with a dummy coin at 0.)",
        theorem: "A row's value is the XOR of the values of its heads (turning a coin twice undoes it), and a head at position x has value x: the game is Nim with a heap of x for each head. Winning moves are listed as the coins to turn. In misère and every-move play (`--misere`, `--every`) a row is no longer the sum of its heads: the engine searches whole rows (rows of a few dozen coins at most).",
        references: ROW_REFS,
        examples: const {
            &[
                Example::normal("twins", "THHTH"),
                Example::plays("twins", "HTHH", &[Play::Misere]),
            ]
        },
        editor: Editor::Strip {
            squares: COIN_SQUARES,
            hint: COIN_HINT,
            numbered: true,
        },
        players: Players::Impartial,
        pictures: &[],
        solution: Solution::Theorem {
            check: check_twins,
        },
        build: build_twins,
    }
}

/// The catalogue entry of `mock-turtles`.
pub fn mock_turtles() -> Entry {
    Entry {
        name: "mock-turtles",
        aliases: &[],
        usage: "mock-turtles COINS",
        summary: "coin turning: turn one, two or three coins",
        rules: "As `twins`, but a move turns over one, two or three coins: the rightmost goes from heads to tails, the others are anywhere to its left. Positions are numbered from 1.",
        theorem: "A row's value is the XOR of its heads' values; a head at x has value the x-th odious number (numbers with an odd count of 1 bits: 1, 2, 4, 7, 8, 11, 13, 14, …), i.e. 2(x − 1) or 2(x − 1) + 1, whichever is odious. Checked against the rule (mex over the moves) and against brute force on whole rows. In misère and every-move play (`--misere`, `--every`) a row is no longer the sum of its heads: the engine searches whole rows (rows of a few dozen coins at most).",
        references: ROW_REFS,
        examples: const {
            &[
                Example::normal("mock-turtles", "TTHTHTTTH"),
                Example::normal("mock-turtles", "3 5 9"),
            ]
        },
        editor: Editor::Strip {
            squares: COIN_SQUARES,
            hint: COIN_HINT,
            numbered: true,
        },
        players: Players::Impartial,
        pictures: &[],
        solution: Solution::Theorem {
            check: check_mock_turtles,
        },
        build: build_mock,
    }
}

/// The catalogue entry of `ruler`.
pub fn ruler() -> Entry {
    Entry {
        name: "ruler",
        aliases: &[],
        usage: "ruler COINS",
        summary: "coin turning: turn any run of consecutive coins ending at a head",
        rules: "As `twins`, but a move turns over any number of consecutive coins; the rightmost of them goes from heads to tails. Positions are numbered from 1.",
        theorem: "A row's value is the XOR of its heads' values; a head at x has value the largest power of two dividing x (1, 2, 1, 4, 1, 2, 1, 8, …). In misère and every-move play (`--misere`, `--every`) a row is no longer the sum of its heads: the engine searches whole rows (rows of a few dozen coins at most).",
        references: ROW_REFS,
        examples: const {
            &[
                Example::normal("ruler", "THHTHHT"),
            ]
        },
        editor: Editor::Strip {
            squares: COIN_SQUARES,
            hint: COIN_HINT,
            numbered: true,
        },
        players: Players::Impartial,
        pictures: &[],
        solution: Solution::Theorem {
            check: check_ruler,
        },
        build: build_ruler,
    }
}

/// The catalogue entry of `coins`.
pub fn coins() -> Entry {
    Entry {
        name: "coins",
        aliases: &["coin-turning"],
        usage: "coins:up-to:K | coins:run:K  COINS",
        summary: "coin turning by rule: turn up to K coins, or a run of up to K coins",
        rules: ROW_RULES,
        theorem: "`coins:up-to:K`: a move turns at most K coins (the others anywhere left of the rightmost); `coins:run:K`: a run of at most K consecutive coins ending at the rightmost. A row's value is the XOR of its heads' values; a head's value is the mex, over the rule's moves at its position, of the XOR of the values of the other coins turned (computed from the rule up to position 65536; closed forms for K = 1, up-to:2 = twins, up-to:3 = Mock Turtles, unbounded runs = Ruler). In misère and every-move play (`--misere`, `--every`) a row is no longer the sum of its heads: the engine searches whole rows (rows of a few dozen coins at most).",
        references: ROW_REFS,
        examples: const {
            &[
                Example::normal("coins:up-to:4", "HTTHH"),
                Example::plays("coins:run:3", "THHTH", &[Play::Every]),
            ]
        },
        editor: Editor::Strip {
            squares: COIN_SQUARES,
            hint: COIN_HINT,
            numbered: true,
        },
        players: Players::Impartial,
        pictures: &[],
        solution: Solution::Search,
        build: build_coins,
    }
}

/// The catalogue entry of `turning-corners`.
pub fn turning_corners() -> Entry {
    Entry {
        name: "turning-corners",
        aliases: &[],
        usage: "turning-corners BOARD (rows of H/T separated by |, e.g. THT|HHT)",
        summary: "2-D coin turning: twins × twins (corners of a rectangle)",
        rules: "A board of coins, rows 1, 2, … from the top and columns 1, 2, … from the left, written as rows of H/T separated by `|`. A move picks rows A (one row, or two) and columns B (one column, or two) and turns every coin of A × B: a single coin, two coins in a row or a column, or the four corners of a rectangle. The coin at (max A, max B) must go from heads to tails. The player who cannot move loses.",
        theorem: "Tartan theorem: a head at (i, j) has value i ⊗ j, the nim product (the product of the nim field: 2 ⊗ 2 = 3, 4 ⊗ 4 = 6, 16 ⊗ 16 = 24), and the board's value is the XOR over its heads. Checked against brute force on every board of up to 12 coins. In misère and every-move play (`--misere`, `--every`) the theorem does not hold: the engine searches whole boards (a few dozen cells at most).",
        references: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, ch. 14 (Tartans, Turning Corners); J. H. Conway, On Numbers and Games, ch. 6 (the nim field); T. S. Ferguson, Game Theory, Part I, §5.5.",
        examples: const {
            &[
                Example::normal("turning-corners", "THT|HHT|TTH"),
            ]
        },
        editor: Editor::Grid {
            squares: COIN_SQUARES,
            hint: COIN_HINT,
        },
        players: Players::Impartial,
        pictures: &[],
        solution: Solution::Theorem {
            check: check::turning_corners_against_search,
        },
        build: build_corners,
    }
}

/// The catalogue entry of `tartan`.
pub fn tartan() -> Entry {
    Entry {
        name: "tartan",
        aliases: &[],
        usage: "tartan:G1*G2 BOARD (G = twins, mock-turtles, ruler, up-to:K, run:K)",
        summary: "2-D coin turning: the product of two coin-turning rules",
        rules: "A board of coins (rows of H/T separated by `|`, row 1 at the top, column 1 at the left). A move picks a move of G1 turning rows A and a move of G2 turning columns B, and turns every coin of A × B; the coin at (max A, max B) must go from heads to tails.",
        theorem: "Tartan theorem: a head at (i, j) has value g1(i) ⊗ g2(j) (nim product of the one-dimensional values); a board's value is the XOR over its heads. Winning moves: a move A × B changes the value by α ⊗ β (α, β the XORs of the values turned in each direction), so for each row move the needed β is total ⊗ α⁻¹ in the nim field. In misère and every-move play (`--misere`, `--every`) the theorem does not hold: the engine searches whole boards (a few dozen cells at most).",
        references: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, ch. 14; J. H. Conway, On Numbers and Games, ch. 6.",
        examples: const {
            &[
                Example::plays("tartan:ruler*twins", "HH|TH", &[Play::Normal, Play::Misere]),
            ]
        },
        editor: Editor::Grid {
            squares: COIN_SQUARES,
            hint: COIN_HINT,
        },
        players: Players::Impartial,
        pictures: &[],
        solution: Solution::Theorem {
            check: check::tartan_against_search,
        },
        build: build_tartan,
    }
}
