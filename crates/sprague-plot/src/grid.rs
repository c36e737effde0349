//! The P-positions of a two-heap game as a grid: the first heap `a` on x, the second `b`
//! on y, heaps `0..size` each, the P-positions (the player to move loses) filled.
//!
//! Every cell is decided exactly: Wythoff's game by Wythoff's theorem, Euclid's game by
//! Cole and Davie's, and any other catalogue game whose positions are two numbers by the
//! facade's `solve` of the position `a b` (a theorem where the game has one, the engine
//! otherwise), bounded by the request's limits. Cells that are not positions of the game
//! (`sorted-piles 3 1`) are shaded grey.

use crate::render::{self, Axis, Draw, DrawResult};
use crate::ticks::{integer_ticks, Tick};
use crate::{Error, Picture, PlotOptions, Result};
use num_bigint::BigUint;
use plotters::coord::Shift;
use plotters::prelude::*;
use sprague::catalogue;
use sprague_games::interface::{SolveOptions, Winner};
use sprague_games::number::{euclid, wythoff};

/// The largest grid of a game decided by a theorem (Wythoff, Euclid): `size` heaps a side.
pub const MAX_SIZE_THEOREM: u64 = 1000;
/// The largest grid of a game decided position by position with `solve`.
pub const MAX_SIZE_SOLVED: u64 = 100;
/// The default size of the picture.
pub const DEFAULT_SIZE: (u32, u32) = (760, 800);

/// What a cell of the grid is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// A P-position: the player to move loses.
    P,
    /// Any other position (the player to move wins, or a draw, or a partizan class other
    /// than P).
    Other,
    /// Not a position of the game.
    NotAPosition,
}

/// The cells of a grid of two-heap positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PGrid {
    /// The game's spec, as the catalogue names it.
    pub game: String,
    /// Heaps `0..size` on each side.
    pub size: u64,
    /// How the cells were decided.
    pub method: String,
    /// Row by row: the cell `(a, b)` at `b · size + a`.
    cells: Vec<Cell>,
}

impl PGrid {
    /// The cell of the position `(a, b)`, for `a, b < size`.
    pub fn cell(&self, a: u64, b: u64) -> Option<Cell> {
        if a >= self.size || b >= self.size {
            return None;
        }
        self.cells.get((b * self.size + a) as usize).copied()
    }

    /// How many cells are P-positions.
    pub fn p_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c == Cell::P).count()
    }

    /// The picture: see [`plot`].
    pub fn picture(&self, opts: &PlotOptions) -> Result<Picture> {
        render::render(self, opts, DEFAULT_SIZE)
    }

    /// The runs of equal cells of kind `kind` along each row, as `(a0, a1, b)`: cells
    /// `a0..a1` of row `b` (one rectangle each, so that a picture stays small).
    pub fn runs(&self, kind: Cell) -> Vec<(u64, u64, u64)> {
        let mut out = Vec::new();
        for b in 0..self.size {
            let mut a = 0;
            while a < self.size {
                if self.cell(a, b) != Some(kind) {
                    a += 1;
                    continue;
                }
                let start = a;
                while a < self.size && self.cell(a, b) == Some(kind) {
                    a += 1;
                }
                out.push((start, a, b));
            }
        }
        out
    }
}

/// Whether `(a, b)` is a P-position, by a theorem.
type Decide = fn(u64, u64) -> bool;

/// The grid of `game`'s positions `(a, b)` with `a, b < size`. `options` bounds the work of
/// games decided position by position (deadline, cancellation, positions per search).
pub fn grid(game: &str, size: u64, options: &SolveOptions) -> Result<PGrid> {
    let g = catalogue::lookup(game)?;
    let spec = g.spec();
    let theorem: Option<(Decide, &str)> = match spec.as_str() {
        "wythoff" => Some((
            |a, b| wythoff::is_p_position_u64(a, b),
            "Wythoff's theorem: (a, b) with a ≤ b is a P-position iff a = ⌊(b − a)φ⌋",
        )),
        "euclid" => Some((
            |a, b| !euclid::mover_wins(&BigUint::from(a), &BigUint::from(b)),
            "Cole and Davie's theorem: with x ≥ y > 0 the mover loses iff y < x < φy; a pair with 0 is over",
        )),
        _ => None,
    };
    let cap = if theorem.is_some() {
        MAX_SIZE_THEOREM
    } else {
        MAX_SIZE_SOLVED
    };
    if size == 0 || size > cap {
        return Err(Error::unsupported(format!(
            "a grid of `{spec}` positions has 1 to {cap} heaps a side; the size asked is {size}"
        )));
    }
    // Checked above: at most 10^6 cells.
    let mut cells = Vec::with_capacity((size * size) as usize);
    let method = match theorem {
        Some((is_p, name)) => {
            for b in 0..size {
                for a in 0..size {
                    cells.push(if is_p(a, b) { Cell::P } else { Cell::Other });
                }
            }
            name.to_string()
        }
        None => {
            let limits = options.limits();
            let mut first_error = None;
            for b in 0..size {
                for a in 0..size {
                    limits.check(b * size + a, "cells of the grid decided")?;
                    let words = [a.to_string(), b.to_string()];
                    cells.push(match g.solve(&words, options) {
                        Ok(v) if v.outcome == Winner::Second => Cell::P,
                        Ok(_) => Cell::Other,
                        Err(e @ (Error::InvalidPosition(_) | Error::Parse(_))) => {
                            first_error.get_or_insert(e);
                            Cell::NotAPosition
                        }
                        Err(e) => return Err(e),
                    });
                }
            }
            if let Some(e) = first_error.filter(|_| cells.iter().all(|&c| c == Cell::NotAPosition))
            {
                return Err(Error::unsupported(format!(
                    "`{spec}` has no positions of two numbers to plot: {e}"
                )));
            }
            format!("each position solved by `sprague solve {spec} a b`")
        }
    };
    Ok(PGrid {
        game: spec,
        size,
        method,
        cells,
    })
}

/// The grid of the pairs `[a, b]` (`a, b < size`) of a rules script, from its Grundy values
/// computed row by row under `limits` (see `sprague_games::script::game::ScriptGame`); at
/// most [`MAX_SIZE_THEOREM`] a side.
pub fn grid_of_script(
    game: &sprague_games::script::game::ScriptGame,
    size: u64,
    limits: sprague_core::limits::Limits,
) -> Result<PGrid> {
    let spec = game.spec_name().to_string();
    if size == 0 || size > MAX_SIZE_THEOREM {
        return Err(Error::unsupported(format!(
            "a grid of `{spec}` positions has 1 to {MAX_SIZE_THEOREM} numbers a side; the size asked is {size}"
        )));
    }
    let (shape, _) = game.shape()?;
    use sprague_games::script::table::Shape;
    match shape {
        Shape::Pair => {}
        Shape::Heap => {
            return Err(Error::unsupported(format!(
                "`{spec}` is a game of heaps, not of pairs `a b`: `sprague plot grundy {spec}` draws its values (a script says it plays pairs with `shape()` returning \"pair\")"
            )))
        }
        Shape::Tuple(k) => {
            return Err(Error::unsupported(format!(
                "`{spec}` is a game of tuples of {k} numbers, and a grid shows pairs `a b`: `sprague table {spec}` lists the values of its tuples"
            )))
        }
    }
    // Rows `a` of the values; the grid is stored with `b` as its row.
    let values = game.pair_values(0, size - 1, limits)?;
    let mut cells = Vec::with_capacity((size * size) as usize);
    for b in 0..size as usize {
        for row in &values {
            cells.push(if row[b] == 0 { Cell::P } else { Cell::Other });
        }
    }
    Ok(PGrid {
        game: spec,
        size,
        method: "Grundy values of the script's pairs, computed row by row".into(),
        cells,
    })
}

/// The picture of [`grid`].
pub fn plot(game: &str, size: u64, options: &SolveOptions, opts: &PlotOptions) -> Result<Picture> {
    grid(game, size, options)?.picture(opts)
}

/// The fill of P-positions.
const FILL: RGBColor = RGBColor(31, 93, 170);
/// The fill of cells that are not positions.
const NOT_A_POSITION: RGBColor = RGBColor(215, 215, 215);

/// Ticks at the middle of cells, labelled with the heap.
fn cell_ticks(size: u64) -> Vec<Tick> {
    integer_ticks(0.0, size.saturating_sub(1) as f64, 10)
        .into_iter()
        .map(|t| Tick {
            at: t.at + 0.5,
            label: t.label,
        })
        .collect()
}

impl Draw for PGrid {
    fn title(&self) -> String {
        format!(
            "P-positions of {}, heaps 0 to {}",
            self.game,
            self.size.saturating_sub(1)
        )
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> DrawResult
    where
        DB::ErrorType: 'static,
    {
        let n = self.size as f64;
        let x = Axis {
            lo: 0.0,
            hi: n,
            ticks: cell_ticks(self.size),
            desc: "first heap a".into(),
        };
        let y = Axis {
            desc: "second heap b".into(),
            ..x.clone()
        };
        let mut subtitle = vec![format!(
            "filled: the {} P-positions (the player to move loses) of {} cells",
            self.p_count(),
            self.size * self.size
        )];
        if self.cells.contains(&Cell::NotAPosition) {
            subtitle[0].push_str("; grey: not a position");
        }
        subtitle.push(format!("by {}", self.method));
        render::with_chart(area, &self.title(), &subtitle, &x, &y, |chart| {
            for (kind, colour) in [(Cell::NotAPosition, NOT_A_POSITION), (Cell::P, FILL)] {
                chart.draw_series(self.runs(kind).into_iter().map(|(a0, a1, b)| {
                    Rectangle::new(
                        [(a0 as f64, b as f64), (a1 as f64, b as f64 + 1.0)],
                        colour.filled(),
                    )
                }))?;
            }
            Ok(())
        })
    }
}
