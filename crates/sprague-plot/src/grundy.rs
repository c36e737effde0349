//! The Grundy sequence of a heap game as a scatter plot: heap `n` on x, `g(n)` on y, from
//! the catalogue's typed [`Table`](sprague_games::interface::Table), with the proven period
//! shaded (the preperiod boundary and alternating period blocks). A period is shown only
//! when the table proved one (`period` asked and found); nothing is guessed.

use crate::render::{self, Axis, Draw, DrawResult};
use crate::ticks::integer_ticks;
use crate::{Error, Picture, PlotOptions, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use sprague::catalogue;
use sprague_games::interface::{Cell, Play, SolveOptions, TableOptions, ValueKind};
use sprague_games::octal::game::{Checkpoint, TableRequest};
use sprague_games::octal::Values;
use std::collections::HashSet;
use std::ops::ControlFlow;

/// The most heaps a picture shows: `upto` is at most this.
pub const MAX_UPTO: u64 = 100_000;

/// How many heaps a take-and-break table computes between two checks of the limits.
pub const CHECK_EVERY: u64 = 512;

/// The default size of the picture.
pub const DEFAULT_SIZE: (u32, u32) = (1000, 600);

/// A proven period as numbers: `g(n + period) = g(n)` for every `n >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// The least preperiod.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
}

/// The values to draw: `g(0..=upto)` of a game and what is proven of their period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundySequence {
    /// The game's spec, as the table names it.
    pub game: String,
    /// What the positions are (`heap`, `coin`), as the table's heading names them.
    pub position: String,
    /// `g(0), g(1), …`.
    pub values: Vec<u32>,
    /// Whether a period was asked for.
    pub period_asked: bool,
    /// The proven period, when one was asked for and the table proved it.
    pub period: Option<Period>,
}

/// The Grundy values of heaps `0..=upto` of `game` (any game with a table of Grundy values:
/// `kayles`, `octal:0.16`, `subtraction:1,3,4`), with the proven period when `period` is
/// set and the table proves one. A take-and-break table stops at `options`' deadline or
/// cancellation flag (checked every [`CHECK_EVERY`] heaps); other games' tables are
/// bounded by `upto`.
pub fn sequence(
    game: &str,
    upto: u64,
    period: bool,
    options: &SolveOptions,
) -> Result<GrundySequence> {
    if upto > MAX_UPTO {
        return Err(Error::unsupported(format!(
            "a picture of Grundy values shows at most {MAX_UPTO} heaps; `upto` is {upto}"
        )));
    }
    let table = match catalogue::octal_game(game)? {
        Some(og) => {
            // Some take-and-break games take minutes for 10^5 heaps: the table is made in
            // steps, and stopped between two at the deadline or the cancellation flag.
            let limits = options.limits();
            let mut stopped = None;
            let mut save =
                |values: &Values| match limits.check(values.len() as u64, "heaps computed") {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        stopped = Some(e);
                        ControlFlow::Break(())
                    }
                };
            let table = og.table_with(TableRequest {
                upto: Some(upto),
                period,
                checkpoint: Some(Checkpoint {
                    every: CHECK_EVERY,
                    save: &mut save,
                }),
                ..TableRequest::default()
            })?;
            if let Some(e) = stopped {
                return Err(e);
            }
            table.into_table()
        }
        None => catalogue::lookup(game)?.table(&TableOptions {
            upto,
            period,
            ..TableOptions::default()
        })?,
    };
    if table.play != Play::Normal || table.value_kind != Some(ValueKind::Grundy) {
        return Err(Error::unsupported(format!(
            "the table of `{game}` has no normal-play Grundy values to plot"
        )));
    }
    let count = table.count().min(upto + 1);
    // At most MAX_UPTO + 1 values (checked above).
    let mut values = Vec::with_capacity(count as usize);
    for i in 0..count {
        let row = table.row(i);
        match (row.position, row.value) {
            (Cell::Number(n), Some(Cell::Number(v))) if n == i => {
                values.push(u32::try_from(v).map_err(|_| {
                    Error::unsupported(format!("the Grundy value of heap {i} is {v}, too large"))
                })?);
            }
            _ => {
                return Err(Error::unsupported(format!(
                    "the table of `{game}` is not a sequence of heaps 0, 1, 2, … with Grundy values"
                )))
            }
        }
    }
    // A period too large for a u64 starts beyond any picture: it is reported, not drawn.
    let proven = table.period.as_ref().and_then(|p| {
        Some(Period {
            preperiod: p.preperiod.parse().ok()?,
            period: p.period.parse().ok()?,
        })
    });
    Ok(GrundySequence {
        game: table.game.clone(),
        position: table.position_heading.clone(),
        values,
        period_asked: period,
        period: proven.filter(|p| p.period > 0),
    })
}

/// `sequence` drawn: see [`GrundySequence::picture`].
pub fn plot(
    game: &str,
    upto: u64,
    period: bool,
    options: &SolveOptions,
    opts: &PlotOptions,
) -> Result<Picture> {
    sequence(game, upto, period, options)?.picture(opts)
}

/// The colour of the points.
const POINT: RGBColor = RGBColor(31, 93, 170);
/// The two colours of alternating period blocks.
const SHADE: [RGBColor; 2] = [RGBColor(255, 236, 179), RGBColor(255, 214, 120)];
/// The colour of the preperiod boundary.
const BOUNDARY: RGBColor = RGBColor(200, 70, 0);

impl GrundySequence {
    /// The scatter plot: one dot per heap (heaps whose dots fall on the same pixel are
    /// drawn once, so that 10^5 values stay a small file), the proven period shaded.
    pub fn picture(&self, opts: &PlotOptions) -> Result<Picture> {
        render::render(self, opts, DEFAULT_SIZE)
    }

    fn upto(&self) -> u64 {
        self.values.len().saturating_sub(1) as u64
    }

    /// The lines under the title.
    fn subtitle(&self) -> Vec<String> {
        let mut lines = Vec::new();
        match self.period {
            Some(p) => {
                let mut s = format!(
                    "proven period {} from preperiod {}: g(n + {}) = g(n) for every n ≥ {}",
                    p.period, p.preperiod, p.period, p.preperiod
                );
                if p.preperiod > self.upto() {
                    s.push_str(" (beyond the heaps shown)");
                } else {
                    s.push_str("; period blocks shaded");
                }
                lines.push(s);
            }
            None if self.period_asked => lines.push(format!(
                "no period proven from the values of {}s 0..={}",
                self.position,
                self.upto()
            )),
            None => {}
        }
        lines
    }
}

impl Draw for GrundySequence {
    fn title(&self) -> String {
        format!(
            "Grundy values of {}, {}s 0 to {}",
            self.game,
            self.position,
            self.upto()
        )
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> DrawResult
    where
        DB::ErrorType: 'static,
    {
        let upto = self.upto() as f64;
        let max = self.values.iter().copied().max().unwrap_or(0) as f64;
        let x = Axis {
            lo: -0.5,
            hi: upto + 0.5,
            ticks: integer_ticks(0.0, upto, 10),
            desc: format!("{} n", self.position),
        };
        let y = Axis {
            lo: -0.5,
            hi: max + 0.5,
            ticks: integer_ticks(0.0, max, 10),
            desc: "Grundy value g(n)".into(),
        };
        render::with_chart(area, &self.title(), &self.subtitle(), &x, &y, |chart| {
            let (y0, y1) = (y.lo, y.hi);
            if let Some(p) = self.period.filter(|p| p.preperiod <= self.upto()) {
                let start = p.preperiod as f64 - 0.5;
                let end = upto + 0.5;
                let px = |v: f64| chart.backend_coord(&(v, 0.0)).0;
                let block_px = px(start + p.period as f64) - px(start);
                // Blocks narrower than a few pixels would blur into one: then one band.
                let blocks: Vec<(f64, f64, RGBColor)> = if block_px >= 4 {
                    let count = (self.upto() - p.preperiod) / p.period + 1;
                    (0..count)
                        .map(|k| {
                            let a = start + (k * p.period) as f64;
                            (a, (a + p.period as f64).min(end), SHADE[(k % 2) as usize])
                        })
                        .collect()
                } else {
                    vec![(start, end, SHADE[0])]
                };
                chart.draw_series(
                    blocks
                        .into_iter()
                        .map(|(a, b, c)| Rectangle::new([(a, y0), (b, y1)], c.filled())),
                )?;
                chart.draw_series(std::iter::once(PathElement::new(
                    vec![(start, y0), (start, y1)],
                    BOUNDARY.stroke_width(2),
                )))?;
                chart.draw_series(std::iter::once(
                    EmptyElement::at((start, y1))
                        + Text::new(
                            format!("preperiod {}", p.preperiod),
                            (5, 4),
                            render::text(17).color(&BOUNDARY),
                        ),
                ))?;
            }
            let radius = match self.values.len() {
                0..=201 => 3,
                202..=2001 => 2,
                _ => 1,
            };
            let mut seen = HashSet::new();
            let points: Vec<(f64, f64)> = self
                .values
                .iter()
                .enumerate()
                .map(|(n, &v)| (n as f64, f64::from(v)))
                .filter(|p| seen.insert(chart.backend_coord(p)))
                .collect();
            chart.draw_series(
                points
                    .into_iter()
                    .map(|p| Circle::new(p, radius, POINT.filled())),
            )?;
            Ok(())
        })
    }
}
