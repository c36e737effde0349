//! The partizan rulesets in the catalogue: `sprague solve domineering '....|....'` and
//! friends. Each request parses the position, solves it, and reports the value (canonical
//! form), the outcome class, and the winning moves of each side.

use super::clobber::Clobber;
use super::cutcake::Cutcake;
use super::domineering::Domineering;
use super::hackenbush::Hackenbush;
use super::solver::ValueSolver;
use super::toads::ToadsAndFrogs;
use super::{Ruleset, Side};
use crate::catalogue::{Entry, Game, Report, SolveOptions};
use crate::error::{Error, Result};
use crate::partizan::canonical::Context;
use serde_json::{json, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Which {
    Hackenbush,
    Domineering,
    Cutcake,
    Toads,
    Clobber,
}

struct RulesetGame(Which);

fn build(which: Which, name: &str, params: Option<&str>) -> Result<Box<dyn Game>> {
    if let Some(p) = params {
        return Err(Error::bad_params(
            name,
            format!("takes no parameters (got `{p}`)"),
        ));
    }
    Ok(Box::new(RulesetGame(which)))
}

/// The partizan rulesets of the catalogue.
pub fn entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "hackenbush",
            aliases: &["red-blue-green-hackenbush"],
            usage: "hackenbush PICTURE (a string `BRB` from the ground up, or edges `0-1:B 1-2:R 1-3:G`)",
            summary: "Red–Blue–Green Hackenbush: strings, trees and graphs",
            rules: "Edges coloured blue (Left's), red (Right's) or green (both) stand on the ground. \
                    A move deletes an edge of one's colour or a green one; edges cut off from the ground fall away. \
                    Pictures: a string such as `BRB` from the ground up (several strings separated by spaces or `+` stand side by side), \
                    or a graph in the project's graph text format with a colour per edge: `0-1:B 1-2:R 1-3:G`, chains `0-1-2:B`, \
                    items separated by spaces, commas, semicolons or newlines; vertex `0` is the ground (or `--ground V`). At most 128 edges.",
            theorem: "Blue–red strings: sign expansion (first run of n edges = ±n, then ±1/2^k). Otherwise canonical forms by search, \
                      the picture split into the components hanging from the ground.",
            references: "Berlekamp, Conway, Guy, Winning Ways, ch. 1, 2, 7; Conway, On Numbers and Games.",
            build: |p| build(Which::Hackenbush, "hackenbush", p),
        },
        Entry {
            name: "domineering",
            aliases: &["dominoes"],
            usage: "domineering BOARD (rows of `.` empty and `#` filled separated by `|`, e.g. `....|....`)",
            summary: "Domineering: Left places vertical dominoes, Right horizontal ones",
            rules: "Players take turns covering two adjacent empty squares with a domino: Left vertically, Right horizontally. \
                    Boards are rows of `.` (empty) and `#` (filled) separated by `|`, top row first; at most 128 squares.",
            theorem: "Canonical forms by search: the board splits into its connected empty regions, each shared by its reflections \
                      (same value) and transpositions (negated value).",
            references: "Winning Ways, ch. 1; Lachmann, Moore, Rapaport, Who wins Domineering on rectangular boards? (2002).",
            build: |p| build(Which::Domineering, "domineering", p),
        },
        Entry {
            name: "cutcake",
            aliases: &[],
            usage: "cutcake RxC [+ RxC ...] (R rows, C columns)",
            summary: "Cutcake: Left cuts vertically, Right horizontally",
            rules: "A cake of R rows and C columns of unit squares. Left cuts it vertically along a score line into two cakes \
                    (R×a and R×(C−a)); Right cuts horizontally (a×C and (R−a)×C). Sums are written `3x4 + 2x2`.",
            theorem: "Canonical forms by search; every rectangle is its own component, transposition negates. Every value is an integer.",
            references: "Winning Ways, ch. 2; CGSuite's Cutcake (GenCutcake: Left splits the columns).",
            build: |p| build(Which::Cutcake, "cutcake", p),
        },
        Entry {
            name: "toads-and-frogs",
            aliases: &["toads", "toadsandfrogs"],
            usage: "toads-and-frogs STRIP (squares `t` toad, `f` frog, `.` empty, e.g. `ttt..fff`)",
            summary: "Toads and Frogs: toads move right, frogs left, sliding or jumping",
            rules: "Left moves a toad one square right onto an empty square, or jumps it over one frog onto the empty square beyond; \
                    Right moves frogs left likewise. At most 128 squares.",
            theorem: "Canonical forms by search; the strip splits at `ttff` walls, dead end pieces are dropped, and the mirrored \
                      strip with toads and frogs swapped has the negated value.",
            references: "Winning Ways, ch. 1; Erickson, New Toads and Frogs results (1996).",
            build: |p| build(Which::Toads, "toads-and-frogs", p),
        },
        Entry {
            name: "clobber",
            aliases: &[],
            usage: "clobber BOARD (rows of `x` Left's stone, `o` Right's stone, `.` empty, separated by `|`)",
            summary: "Clobber: move a stone onto an adjacent opposing stone, removing it",
            rules: "A move takes one of one's stones onto an orthogonally adjacent stone of the opponent, which is removed. \
                    Left plays `x`, Right `o`. At most 128 squares.",
            theorem: "Canonical forms by search; the board splits into groups of stones, one-coloured groups are 0, and the \
                      eight symmetries of a group (and the colour swap, negating) share work.",
            references: "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber (2005); Siegel, Combinatorial Game Theory (2013).",
            build: |p| build(Which::Clobber, "clobber", p),
        },
    ]
}

impl Game for RulesetGame {
    fn spec(&self) -> String {
        match self.0 {
            Which::Hackenbush => "hackenbush",
            Which::Domineering => "domineering",
            Which::Cutcake => "cutcake",
            Which::Toads => "toads-and-frogs",
            Which::Clobber => "clobber",
        }
        .into()
    }

    fn solve(&self, position: &[String], options: &SolveOptions) -> Result<Report> {
        self.dispatch(position, options, false)
    }

    fn moves(&self, position: &[String], options: &SolveOptions) -> Result<Report> {
        self.dispatch(position, options, true)
    }
}

impl RulesetGame {
    fn dispatch(&self, words: &[String], options: &SolveOptions, all: bool) -> Result<Report> {
        if options.misere || options.every {
            return Err(Error::unsupported(format!(
                "{}: only normal play of disjunctive sums is supported for partizan rulesets",
                self.spec()
            )));
        }
        let text = words.join(" ");
        if text.trim().is_empty() {
            return Err(Error::parse(format!("{}: no position given", self.spec())));
        }
        match self.0 {
            Which::Hackenbush => {
                let h = Hackenbush::parse_picture(&text, options.ground.as_deref())?;
                report(&h, &text, options, all)
            }
            Which::Domineering => report(&Domineering, &text, options, all),
            Which::Cutcake => report(&Cutcake, &text, options, all),
            Which::Toads => report(&ToadsAndFrogs, &text, options, all),
            Which::Clobber => report(&Clobber, &text, options, all),
        }
    }
}

fn class_words(c: &str) -> &'static str {
    match c {
        "L" => "Left wins, whoever starts",
        "R" => "Right wins, whoever starts",
        "N" => "the first player wins",
        _ => "the second player wins",
    }
}

/// Solves a position of a ruleset and writes the report: the canonical value, the outcome
/// class, the stops, and the winning moves of each side (every move with its value when
/// `all`).
pub fn report<R: Ruleset>(
    rules: &R,
    text: &str,
    options: &SolveOptions,
    all: bool,
) -> Result<Report> {
    let p = rules.parse(text)?;
    let mut ctx = Context::new();
    let mut solver = ValueSolver::new(rules, options.limit());
    let g = solver.value(&mut ctx, &p)?;
    let canonical = ctx.display(g);
    let class = ctx.outcome(g).to_string();
    let (ls, rs) = (ctx.left_stop(g), ctx.right_stop(g));
    let (mean, temperature) = (ctx.mean(g), ctx.temperature(g));
    let mut lines = vec![
        format!("{} {}", rules.name(), rules.display(&p)),
        format!("value: {canonical}"),
        format!("outcome: {class} ({})", class_words(&class)),
        format!("stops: left {ls}, right {rs}; mean {mean}, temperature {temperature}"),
    ];
    let zero = ctx.zero();
    let mut json_moves = serde_json::Map::new();
    for side in [Side::Left, Side::Right] {
        let mut listed = Vec::new();
        for (name, q) in rules.moves(&p, side) {
            let v = solver.value(&mut ctx, &q)?;
            let good = match side {
                Side::Left => ctx.le(zero, v),
                Side::Right => ctx.le(v, zero),
            };
            if all || good {
                listed.push((name, ctx.display(v), good));
            }
        }
        let key = if side == Side::Left { "left" } else { "right" };
        if all {
            lines.push(format!("{}'s moves:", side.name()));
            for (name, v, good) in &listed {
                lines.push(format!(
                    "  {name}  = {v}{}",
                    if *good { "  (wins)" } else { "" }
                ));
            }
            json_moves.insert(
                key.into(),
                Value::Array(
                    listed
                        .iter()
                        .map(|(n, v, g)| json!({"move": n, "value": v, "wins": g}))
                        .collect(),
                ),
            );
        } else {
            if listed.is_empty() {
                lines.push(format!("{} has no winning move", side.name()));
            } else {
                lines.push(format!("{}'s winning moves:", side.name()));
                for (name, v, _) in &listed {
                    lines.push(format!("  {name}  = {v}"));
                }
            }
            json_moves.insert(
                key.into(),
                Value::Array(
                    listed
                        .iter()
                        .map(|(n, v, _)| json!({"move": n, "value": v}))
                        .collect(),
                ),
            );
        }
    }
    let mut json = json!({
        "game": rules.name(),
        "position": rules.display(&p),
        "canonical": canonical,
        "outcome": class,
        "left_stop": ls.to_string(),
        "right_stop": rs.to_string(),
        "mean": mean.to_string(),
        "temperature": temperature.to_string(),
        "components_searched": solver.positions(),
    });
    json[if all { "moves" } else { "winning_moves" }] = Value::Object(json_moves);
    Ok(Report::new(lines.join("\n"), json))
}
