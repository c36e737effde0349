//! The checks behind the coin-turning entries that claim a theorem (their entries'
//! `Solution::Theorem`), and the comparisons they are made of, which the tests of the rules
//! and of the engine's rows and boards use as well.
//!
//! A row's closed form is checked twice over: against the rule itself (a head's value is the
//! mex, over the moves at it, of the XOR of the other coins turned; agreement on every head
//! up to `x` proves the closed form there by induction) and against the engine's search of
//! whole rows, which knows nothing of single heads. A product of rules is checked against the
//! engine's search of whole boards, its winning moves included.

use super::engine::{BoardRules, RowRules};
use super::row::head_values;
use super::rule::CoinRule;
use super::tartan::{turned, Board, Tartan};
use crate::impartial::{GrundySolver, Impartial};
use num_bigint::BigUint;
use sprague_core::value::Mex;

/// Heads whose value is checked against the mex over the rule's moves: `1..=HEADS` (Mock
/// Turtles' moves at a head grow like its square).
const HEADS: u64 = 64;
/// Rows checked against the engine: every row of the coins `1..=ROW_COINS`.
const ROW_COINS: u64 = 10;
/// The shapes (rows, columns) on which the entries check every board against the engine:
/// up to 9 cells, reaching position 4 in each direction (where Ruler's values reach 4), so
/// that the five products stay well under a second in a debug build. The engine's tests
/// check every product on boards of up to 12 cells.
const CHECKED_BOARD_SHAPES: [(u64, u64); 3] = [(2, 4), (4, 2), (3, 3)];
/// The products the `tartan` entry is checked on, one rule of each kind in each direction;
/// twins × twins is `turning-corners`, checked by its own entry.
const TARTAN_PRODUCTS: [(CoinRule, CoinRule); 4] = [
    (CoinRule::RULER, CoinRule::TWINS),
    (CoinRule::MOCK_TURTLES, CoinRule::RULER),
    (CoinRule::Run(Some(2)), CoinRule::MOCK_TURTLES),
    (CoinRule::UpTo(1), CoinRule::TWINS),
];
/// The winning moves of one board in this many are compared with the engine's (each costs
/// the values of all its options).
const WINNING_MOVES_EVERY: u64 = 37;

/// The closed form of a named row rule (twins, Mock Turtles, Ruler), as the catalogue
/// answers rows with it, against the mex over the rule's moves on every head up to
/// [`HEADS`] and against the engine on every row of up to [`ROW_COINS`] coins.
pub(crate) fn row_theorem_against_search(rule: CoinRule) -> Result<u64, String> {
    let heads: Vec<BigUint> = (0..=HEADS).map(BigUint::from).collect();
    let (values, by_theorem) = head_values(&rule, &heads).map_err(|e| e.to_string())?;
    if !by_theorem {
        return Err(format!(
            "{}: heads are not valued by a closed form",
            rule.spec()
        ));
    }
    let table: Vec<u64> = values
        .iter()
        .map(|v| {
            u64::try_from(v).map_err(|_| format!("{}: the value {v} is too large", rule.spec()))
        })
        .collect::<Result<_, _>>()?;
    let value = |x: u64| table[x as usize];
    Ok(heads_against_mex(&rule, HEADS, &value)? + rows_against_engine(&rule, ROW_COINS, &value)?)
}

/// Turning Corners (twins × twins) against the engine on every small board.
pub(crate) fn turning_corners_against_search() -> Result<u64, String> {
    let corners = Tartan {
        rows: CoinRule::TWINS,
        cols: CoinRule::TWINS,
        name: Some("turning-corners"),
    };
    boards_against_engine(&corners, &CHECKED_BOARD_SHAPES)
}

/// The Tartan theorem against the engine on every small board of each of
/// [`TARTAN_PRODUCTS`].
pub(crate) fn tartan_against_search() -> Result<u64, String> {
    let mut compared = 0;
    for (rows, cols) in TARTAN_PRODUCTS {
        let product = Tartan {
            rows,
            cols,
            name: None,
        };
        compared += boards_against_engine(&product, &CHECKED_BOARD_SHAPES)?;
    }
    Ok(compared)
}

/// Whether `value(x)` is, for every head `x` in `1..=heads`, the mex over the rule's moves
/// at `x` of the XOR of `value` over the other coins turned. Returns the heads compared, or
/// the first that disagrees.
pub(crate) fn heads_against_mex(
    rule: &CoinRule,
    heads: u64,
    value: &dyn Fn(u64) -> u64,
) -> Result<u64, String> {
    for x in 1..=heads {
        let mut mex = Mex::default();
        mex.extend(
            rule.moves_at(x)
                .iter()
                .map(|others| others.iter().fold(0, |a, &y| a ^ value(y))),
        );
        if value(x) != mex.value() {
            return Err(format!(
                "{}: a head at {x} has value {} by the closed form, {} by the mex over its moves",
                rule.spec(),
                value(x),
                mex.value()
            ));
        }
    }
    Ok(heads)
}

/// Whether the engine's value of every row of the coins `1..=coins` (searched as a whole)
/// is the XOR of `value` over its heads. Returns the rows compared, or the first that
/// disagrees.
pub(crate) fn rows_against_engine(
    rule: &CoinRule,
    coins: u64,
    value: &dyn Fn(u64) -> u64,
) -> Result<u64, String> {
    let every_coin: Vec<BigUint> = (1..=coins).map(BigUint::from).collect();
    let (rows, _) = RowRules::new(*rule, &every_coin).map_err(|e| e.to_string())?;
    let mut search = GrundySolver::new(&rows);
    for row in 0u128..1 << coins {
        let heads = rows.heads(row);
        let claimed = heads.iter().fold(0, |a, &x| a ^ value(x));
        let searched = search
            .grundy(&row)
            .map_err(|e| format!("{} heads {heads:?}: search failed: {e}", rule.spec()))?
            .value();
        if claimed != searched {
            return Err(format!(
                "{} heads {heads:?}: value {claimed} by the heads, {searched} by search",
                rule.spec()
            ));
        }
    }
    Ok(1 << coins)
}

/// The board of `rows` × `cols` whose heads are the set bits of `mask`, row by row.
pub(crate) fn board_of_mask(rows: u64, cols: u64, mask: u32) -> Board {
    Board {
        heads: (0..rows)
            .map(|i| (0..cols).map(|j| mask >> (i * cols + j) & 1 == 1).collect())
            .collect(),
    }
}

/// Every board of the `shapes` (rows, columns) under `tartan`: the value by the Tartan
/// theorem (as the catalogue answers it) against the engine's search, and on one board in
/// [`WINNING_MOVES_EVERY`] the theorem's winning moves against the options the engine
/// values 0. Returns the comparisons made, or the first disagreement.
pub(crate) fn boards_against_engine(tartan: &Tartan, shapes: &[(u64, u64)]) -> Result<u64, String> {
    let spec = format!("{}×{}", tartan.rows.spec(), tartan.cols.spec());
    let mut compared = 0;
    for &(height, width) in shapes {
        let cells = height * width;
        let full = board_of_mask(height, width, u32::MAX);
        let (rules, _) =
            BoardRules::new(tartan.rows, tartan.cols, &full).map_err(|e| e.to_string())?;
        let mut search = GrundySolver::new(&rules);
        for mask in 0u32..1 << cells {
            let board = board_of_mask(height, width, mask);
            let what = |claim: String| format!("{spec} {}: {claim}", board.write());
            let position = rules.mask(&board);
            let claimed = tartan.value(&board).map_err(|e| what(e.to_string()))?;
            let searched = search
                .grundy(&position)
                .map_err(|e| what(format!("search failed: {e}")))?
                .value();
            compared += 1;
            if claimed != searched {
                return Err(what(format!(
                    "value {claimed} by the theorem, {searched} by search"
                )));
            }
            if u64::from(mask) % WINNING_MOVES_EVERY != 0 {
                continue;
            }
            let (moves, complete) = tartan
                .winning_moves(&board)
                .map_err(|e| what(e.to_string()))?;
            if !complete {
                return Err(what("the winning moves are not all listed".into()));
            }
            let mut claimed: Vec<u128> = moves
                .iter()
                .map(|cells| rules.mask(&turned(&board, cells)))
                .collect();
            let mut options = Vec::new();
            rules.options(&position, &mut options);
            let mut searched = Vec::new();
            for option in options {
                let v = search
                    .grundy(&option)
                    .map_err(|e| what(format!("search failed: {e}")))?;
                if v.is_zero() {
                    searched.push(option);
                }
            }
            claimed.sort_unstable();
            searched.sort_unstable();
            compared += 1;
            if claimed != searched {
                return Err(what(format!(
                    "{} winning moves by the theorem, {} by search",
                    claimed.len(),
                    searched.len()
                )));
            }
        }
    }
    Ok(compared)
}

#[cfg(test)]
mod tests {
    use crate::coins::entries;
    use crate::interface::Solution;

    /// The checks of the entries that claim a theorem pass; `coins` (any rule) searches.
    #[test]
    fn the_entries_theorems_agree_with_search() {
        for e in [
            entries::twins(),
            entries::mock_turtles(),
            entries::ruler(),
            entries::turning_corners(),
            entries::tartan(),
        ] {
            let Solution::Theorem { check } = e.solution else {
                panic!("{} claims no theorem", e.name);
            };
            assert_eq!(check().map(|n| n > 0), Ok(true), "{}", e.name);
        }
        assert!(matches!(entries::coins().solution, Solution::Search));
    }
}
