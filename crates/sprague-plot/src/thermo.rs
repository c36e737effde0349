//! The thermograph of a partizan value: temperature `t` up, value across with Left's
//! (larger) values on the left as is the custom, Left's wall in blue, Right's in red, the
//! mast in black from the temperature up.
//!
//! The walls are the core's exact piecewise-linear trajectories with dyadic breakpoints.
//! Coordinates are converted to `f64` only to place the lines, relative to an exact integer
//! near the mean (so that `10^30 + {1|-1}` is drawn as finely as `{1|-1}`); the ticks are
//! exact dyadics and the mean, temperature and stops written on the picture are the exact
//! values.

use crate::render::{self, Axis, Draw, DrawResult};
use crate::ticks::{ticks, to_f64, Tick};
use crate::{Error, Picture, PlotOptions, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use sprague::catalogue;
use sprague_core::partizan::thermo::{Thermograph, Trajectory};
use sprague_core::partizan::{notation, Context, Dyadic};
use sprague_games::interface::{Game, SolveOptions, ValueKind};

/// The default size of the picture.
pub const DEFAULT_SIZE: (u32, u32) = (900, 640);

/// The most pieces the two walls may have together: more could not be told apart on a
/// picture (and bounds the drawing work of any input).
pub const MAX_PIECES: usize = 10_000;

/// What a thermograph picture shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThermoData {
    /// What was asked: the expression, or the game and position.
    pub subject: String,
    /// The canonical form, in CGSuite's notation.
    pub canonical: String,
    /// The thermograph (exact walls, mean, temperature).
    pub thermograph: Thermograph,
}

/// The thermograph of a value in CGSuite's notation, as `sprague value` reads it.
pub fn from_expression(expr: &str) -> Result<ThermoData> {
    let mut ctx = Context::new();
    let g = notation::parse(&mut ctx, expr)?;
    Ok(ThermoData {
        subject: expr.to_string(),
        canonical: ctx.display(g),
        thermograph: (*ctx.thermograph(g)).clone(),
    })
}

/// The thermograph of a position of a partizan catalogue game (`domineering`, `clobber`,
/// ...), solved with `options`' limits: its canonical value read back in CGSuite's
/// notation.
pub fn from_position(game: &str, words: &[String], options: &SolveOptions) -> Result<ThermoData> {
    from_game(&*catalogue::lookup(game)?, words, options)
}

/// The thermograph of a position of any partizan game, a catalogue's or a rules script's
/// (`sprague_games::script::game::game_from_script`), solved with `options`' limits.
pub fn from_game(g: &dyn Game, words: &[String], options: &SolveOptions) -> Result<ThermoData> {
    let v = g.solve(words, options)?;
    let value = match (v.value_kind, &v.value) {
        (Some(ValueKind::Canonical), Some(value)) => value.clone(),
        _ => {
            return Err(Error::unsupported(format!(
                "`{}` has no partizan values: a thermograph needs a canonical form",
                g.spec()
            )))
        }
    };
    let mut ctx = Context::new();
    let id = notation::parse(&mut ctx, &value)?;
    Ok(ThermoData {
        subject: format!("{} {}", g.spec(), v.position),
        canonical: ctx.display(id),
        thermograph: (*ctx.thermograph(id)).clone(),
    })
}

/// [`from_expression`] drawn.
pub fn plot(expr: &str, opts: &PlotOptions) -> Result<Picture> {
    from_expression(expr)?.picture(opts)
}

const LEFT: RGBColor = RGBColor(31, 93, 170);
const RIGHT: RGBColor = RGBColor(200, 40, 40);
const MAST: RGBColor = RGBColor(0, 0, 0);
const GUIDE: RGBColor = RGBColor(150, 150, 150);

/// The vertices of `wall` from `t = -1` up to `top` (a wall is continuous).
fn vertices(wall: &Trajectory, top: &Dyadic) -> Vec<(Dyadic, Dyadic)> {
    let mut out: Vec<(Dyadic, Dyadic)> = wall
        .pieces
        .iter()
        .filter(|p| p.t < *top)
        .map(|p| (p.t.clone(), p.v.clone()))
        .collect();
    out.push((top.clone(), wall.eval(top)));
    out
}

impl ThermoData {
    /// The picture.
    pub fn picture(&self, opts: &PlotOptions) -> Result<Picture> {
        let th = &self.thermograph;
        let pieces = th.left.pieces.len() + th.right.pieces.len();
        if pieces > MAX_PIECES {
            return Err(Error::unsupported(format!(
                "the thermograph's walls have {pieces} pieces; a picture draws at most {MAX_PIECES}"
            )));
        }
        render::render(self, opts, DEFAULT_SIZE)
    }

    /// Where the picture's top is: the mast goes on above the temperature (at least 0) by a
    /// quarter of its height, and at least by 1.
    fn top(&self) -> Dyadic {
        let t = &self.thermograph.temperature;
        let base = if t.signum() > 0 {
            t.clone()
        } else {
            Dyadic::zero()
        };
        let above = base.add(&Dyadic::integer(1)).half().half();
        let above = if above < Dyadic::integer(1) {
            Dyadic::integer(1)
        } else {
            above
        };
        base.add(&above)
    }
}

/// `x` in drawing coordinates: relative to `offset`, as an `f64`.
fn at(x: &Dyadic, offset: &Dyadic) -> std::result::Result<f64, Box<dyn std::error::Error>> {
    to_f64(&x.sub(offset)).ok_or_else(|| "a coordinate is too large to draw".into())
}

impl Draw for ThermoData {
    fn title(&self) -> String {
        format!("Thermograph of {}", self.subject)
    }

    fn draw<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> DrawResult
    where
        DB::ErrorType: 'static,
    {
        let th = &self.thermograph;
        let top = self.top();
        let temp = &th.temperature;
        // The walls meet at the temperature; below -1 there is nothing.
        let meet = if *temp > Dyadic::integer(-1) {
            temp.clone()
        } else {
            Dyadic::integer(-1)
        };
        let left = vertices(&th.left, &meet);
        let right = vertices(&th.right, &meet);
        // Values are drawn relative to the integer part of the mean, and negated so that
        // larger values are on the left.
        let offset = Dyadic::integer(th.mean.floor());
        let x_of = |v: &Dyadic| at(v, &offset).map(|x| -x);
        let mut xs = Vec::new();
        for (_, v) in left.iter().chain(&right) {
            xs.push(x_of(v)?);
        }
        let (lo, hi) = xs
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| {
                (a.min(x), b.max(x))
            });
        let pad = ((hi - lo) * 0.08).max(0.5);
        let (lo, hi) = (lo - pad, hi + pad);
        // Ticks of the value (x = -(value - offset)), labelled with the exact value.
        let x_ticks: Vec<Tick> = ticks(-hi, -lo, 10, &offset)
            .into_iter()
            .map(|t| Tick {
                at: -t.at,
                label: t.label,
            })
            .collect();
        let top_f = at(&top, &Dyadic::zero())?;
        let x = Axis {
            lo,
            hi,
            ticks: x_ticks,
            desc: "value (Left's larger values to the left)".into(),
        };
        let y = Axis {
            lo: -1.0,
            hi: top_f,
            ticks: ticks(-1.0, top_f, 10, &Dyadic::zero()),
            desc: "temperature t".into(),
        };
        let (ls, rs) = (
            th.left.eval(&Dyadic::integer(-1)),
            th.right.eval(&Dyadic::integer(-1)),
        );
        let subtitle = vec![
            format!("canonical form {}", self.canonical),
            format!(
                "mean {}, temperature {}; left wall (blue) from {}, right wall (red) from {} at t = -1",
                th.mean, th.temperature, ls, rs
            ),
        ];
        let zero = Dyadic::zero();
        let mast_x = x_of(&th.mean)?;
        let meet_y = at(&meet, &zero)?;
        let mut walls = Vec::new();
        for (wall, colour) in [(&left, LEFT), (&right, RIGHT)] {
            let mut pts = Vec::new();
            for (t, v) in wall {
                pts.push((x_of(v)?, at(t, &zero)?));
            }
            walls.push((pts, colour));
        }
        render::with_chart(area, &self.title(), &subtitle, &x, &y, |chart| {
            // t = 0, where the stops of a hot game are read.
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(lo, 0.0), (hi, 0.0)],
                GUIDE.stroke_width(1),
            )))?;
            if *temp >= Dyadic::zero() {
                chart.draw_series(std::iter::once(PathElement::new(
                    vec![(lo, meet_y), (hi, meet_y)],
                    GUIDE.stroke_width(1),
                )))?;
                chart.draw_series(std::iter::once(
                    EmptyElement::at((lo, meet_y))
                        + Text::new(
                            format!("temperature {}", th.temperature),
                            (6, -18),
                            render::text(17).color(&GUIDE),
                        ),
                ))?;
            }
            for (pts, colour) in &walls {
                chart.draw_series(std::iter::once(PathElement::new(
                    pts.clone(),
                    colour.stroke_width(3),
                )))?;
            }
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(mast_x, meet_y), (mast_x, top_f)],
                MAST.stroke_width(3),
            )))?;
            chart.draw_series(std::iter::once(
                EmptyElement::at((mast_x, top_f))
                    + Text::new(
                        format!("mean {}", th.mean),
                        (8, 4),
                        render::text(18).color(&MAST),
                    ),
            ))?;
            Ok(())
        })
    }
}
