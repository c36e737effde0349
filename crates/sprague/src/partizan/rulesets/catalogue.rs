//! The partizan rulesets in the catalogue: `sprague solve domineering '....|....'` and
//! friends. Each request parses the position, solves it, and answers a [`Verdict`]: the
//! value (canonical form), the outcome class, the components of the sum with their values,
//! and the moves of each side (the winning ones for `solve`, all for `moves`), each with
//! the position it leads to written as the command line reads it.

use super::clobber::Clobber;
use super::cutcake::Cutcake;
use super::domineering::Domineering;
use super::hackenbush::Hackenbush;
use super::solver::ValueSolver;
use super::toads::ToadsAndFrogs;
use super::{Ruleset, Side};
use crate::error::{Error, Result};
use crate::interface::{
    Component, Entry, Game, LegalMove, Listing, Method, MethodKind, Move, Mover, Play,
    SolveOptions, ValueKind, Verdict, Winner,
};
use crate::partizan::canonical::{Context, PartizanOutcome};

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
                    items separated by spaces, commas, semicolons or newlines; vertex `0` is the ground (or `--ground V`). At most 128 edges. \
                    Moves name the edge: `cut blue edge 2 of string 1` (edges of a string counted from the ground up) or `cut edge 1-2 (blue)`; \
                    the picture with no edge left is written as the ground's name, `0`.",
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
                    Boards are rows of `.` (empty) and `#` (filled) separated by `|`, top row first; at most 128 squares. \
                    Moves name the squares covered, columns as letters from `a` at the left and rows as numbers from 1 at the top: \
                    `vertical domino at b2-b3`.",
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
                    (R×a and R×(C−a)); Right cuts horizontally (a×C and (R−a)×C). Sums are written `3x4 + 2x2`; `0` is the empty sum. \
                    Moves read `cut 3x4 vertically into 3x1 + 3x3`.",
            theorem: "Every cake is an integer: with 2^k the largest power of two at most the shorter side, ⌊longer / 2^k⌋ − 1 free moves for the player who cuts across the longer side (Left when it is at least as wide as tall); a sum adds them, so no cake is searched.",
            references: "Winning Ways, ch. 2; CGSuite's Cutcake (GenCutcake: Left splits the columns).",
            build: |p| build(Which::Cutcake, "cutcake", p),
        },
        Entry {
            name: "toads-and-frogs",
            aliases: &["toads", "toadsandfrogs"],
            usage: "toads-and-frogs STRIP (squares `t` toad, `f` frog, `.` empty, e.g. `ttt..fff`)",
            summary: "Toads and Frogs: toads move right, frogs left, sliding or jumping",
            rules: "Left moves a toad one square right onto an empty square, or jumps it over one frog onto the empty square beyond; \
                    Right moves frogs left likewise. At most 128 squares. Moves name the squares, counted from 1 at the left: \
                    `toad at 2 moves to 3`, `frog at 5 jumps to 3`.",
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
                    Left plays `x`, Right `o`. At most 128 squares. Moves name the squares, columns as letters from `a` at the left and \
                    rows as numbers from 1 at the top: `b2 clobbers b3`.",
            theorem: "Canonical forms by search; the board splits into groups of stones, one-coloured groups are 0, and the \
                      eight symmetries of a group (and the colour swap, negating) share work.",
            references: "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber (2005); Siegel, Combinatorial Game Theory (2013).",
            build: |p| build(Which::Clobber, "clobber", p),
        },
    ]
}

/// The most moves of each side a verdict lists; a longer list is cut short with a note.
const MAX_LISTED: usize = 1000;
/// The most component look-ups a verdict spends valuing moves (moves × components): only
/// a sum of very many large cakes comes near it.
const MAX_WORK: u128 = 8_000_000;

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

    fn solve(&self, position: &[String], options: &SolveOptions) -> Result<Verdict> {
        self.verdict(position, options, Listing::Winning)
    }

    fn moves(&self, position: &[String], options: &SolveOptions) -> Result<Verdict> {
        self.verdict(position, options, Listing::All)
    }

    fn legal_moves(&self, position: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        let text = self.checked(position, options)?;
        let spec = self.spec();
        match self.0 {
            Which::Hackenbush => {
                let h = Hackenbush::parse_picture(&text, options.ground.as_deref())?;
                legal(&h, &spec, &text)
            }
            Which::Domineering => legal(&Domineering, &spec, &text),
            Which::Cutcake => legal(&Cutcake, &spec, &text),
            Which::Toads => legal(&ToadsAndFrogs, &spec, &text),
            Which::Clobber => legal(&Clobber, &spec, &text),
        }
    }
}

impl RulesetGame {
    /// The position's text, after refusing the options these games do not play: only
    /// normal play of disjunctive sums is supported, tokens and start vertices belong to
    /// games on graphs, and a ground vertex to Hackenbush.
    fn checked(&self, words: &[String], options: &SolveOptions) -> Result<String> {
        let spec = self.spec();
        if options.misere || options.every {
            return Err(Error::unsupported(format!(
                "{spec}: only normal play of disjunctive sums is supported for partizan rulesets"
            )));
        }
        if !options.tokens.is_empty() || options.start.is_some() {
            return Err(Error::unsupported(format!(
                "{spec}: --token and --start are for games played on graphs, not for partizan rulesets"
            )));
        }
        if options.ground.is_some() && self.0 != Which::Hackenbush {
            return Err(Error::unsupported(format!(
                "{spec}: --ground names the ground vertex of a Hackenbush picture; {spec} has none"
            )));
        }
        let text = words.join(" ");
        if text.trim().is_empty() {
            return Err(Error::parse(format!("{spec}: no position given")));
        }
        Ok(text)
    }

    fn verdict(
        &self,
        words: &[String],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        let text = self.checked(words, options)?;
        let spec = self.spec();
        match self.0 {
            Which::Hackenbush => {
                let h = Hackenbush::parse_picture(&text, options.ground.as_deref())?;
                verdict(&h, &spec, &text, options, listing)
            }
            Which::Domineering => verdict(&Domineering, &spec, &text, options, listing),
            Which::Cutcake => verdict(&Cutcake, &spec, &text, options, listing),
            Which::Toads => verdict(&ToadsAndFrogs, &spec, &text, options, listing),
            Which::Clobber => verdict(&Clobber, &spec, &text, options, listing),
        }
    }
}

/// What the catalogue needs of a ruleset besides its rules.
trait Listed: Ruleset {
    /// How many moves both players have from `p`, counted without listing them, so that
    /// lists too long to write are refused before they are built.
    fn move_count(&self, p: &Self::Position) -> u128 {
        // Boards, strips and pictures have at most 128 cells or edges: a few hundred moves.
        let mut out = Vec::new();
        for side in [Side::Left, Side::Right] {
            self.options(p, side, &mut out);
        }
        out.len() as u128
    }

    /// How the value of a position with these components is found.
    fn method(&self, components: &[Self::Position], ctx: &mut Context) -> Method;

    /// About how many components a search of `p` stores, where the ruleset can tell from
    /// the position's size: checked against the limit before the search starts.
    fn estimate(&self, p: &Self::Position) -> Option<u128> {
        let _ = p;
        None
    }
}

/// The components a board's search may be estimated to need without an explicit
/// `--max-positions`: searches of this size take seconds (Domineering's 5×6 board stores
/// 3.6·10^5 components in about 5 s), those far beyond take minutes or hours.
pub const DEFAULT_ESTIMATED_COMPONENTS: u128 = 1_000_000;

/// Refuses a position whose estimated search is beyond the limit (the explicit one, or
/// [`DEFAULT_ESTIMATED_COMPONENTS`]).
fn check_estimate<R: Listed>(
    rules: &R,
    spec: &str,
    p: &R::Position,
    options: &SolveOptions,
) -> Result<()> {
    let Some(est) = rules.estimate(p) else {
        return Ok(());
    };
    let limit = match options.max_positions {
        0 => DEFAULT_ESTIMATED_COMPONENTS,
        n => u128::from(n),
    };
    if est > limit {
        return Err(Error::Limit {
            what: format!(
                "{spec}: a search of this position would store about {est} components (estimated from its size before searching); --max-positions {est} would be needed"
            ),
            limit: u64::try_from(limit).unwrap_or(u64::MAX),
        });
    }
    Ok(())
}

/// The method of a position whose components are searched: `text`, or, when no component
/// is left (nothing can move, or every part is known to be worth 0), that fact.
fn searched<P>(components: &[P], text: &str) -> Method {
    if components.is_empty() {
        Method::theorem("every part of the position is known to be worth 0")
    } else {
        Method::engine(text)
    }
}

impl Listed for Domineering {
    fn estimate(&self, p: &Self::Position) -> Option<u128> {
        Some(super::domineering::estimated_components(p))
    }

    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        searched(
            components,
            "canonical forms by search: the board splits into its empty regions, each memoised \
             with its reflections (same value) and transpositions (negated value)",
        )
    }
}

impl Listed for Clobber {
    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        searched(
            components,
            "canonical forms by search: the board splits into groups of stones, one-coloured \
             groups are 0, and the symmetries of a group (and the colour swap, negating) share work",
        )
    }
}

impl Listed for ToadsAndFrogs {
    fn estimate(&self, p: &Self::Position) -> Option<u128> {
        Some(super::toads::estimated_components(p))
    }

    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        searched(
            components,
            "canonical forms by search: the strip splits at `ttff` walls, dead end pieces are \
             dropped, and the mirrored strip with toads and frogs swapped has the negated value",
        )
    }
}

impl Listed for Cutcake {
    fn move_count(&self, p: &Self::Position) -> u128 {
        // Sides go up to 10^4 and sums have any number of cakes: count, do not list.
        Cutcake::move_count(p)
    }

    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        if components.is_empty() {
            return searched(components, "");
        }
        // Every cake has a closed form (`Cutcake::cake_value`): nothing is searched.
        Method::theorem(
            "every cake is an integer (Winning Ways, ch. 2): with 2^k the largest power of \
             two at most the shorter side, ⌊longer side / 2^k⌋ − 1 free moves for the player \
             who cuts across the longer side; a sum adds them",
        )
    }
}

impl Listed for Hackenbush {
    fn method(&self, components: &[u128], ctx: &mut Context) -> Method {
        let closed = components
            .iter()
            .filter(|c| self.closed_form(c, ctx).is_some())
            .count();
        const STRINGS: &str =
            "blue–red strings by sign expansion (Berlekamp; Winning Ways ch. 2), \
                               a green string of n edges is *n";
        if components.is_empty() {
            searched(components, "")
        } else if closed == components.len() {
            Method::theorem(STRINGS)
        } else if closed == 0 {
            Method::engine(
                "canonical forms by search, the picture split into the components hanging from \
                 the ground",
            )
        } else {
            Method::new(
                MethodKind::Mixed,
                format!(
                    "{STRINGS}; the other components hanging from the ground by a search of \
                     canonical forms"
                ),
            )
        }
    }
}

/// The outcome class in the verdict's vocabulary.
fn winner(o: PartizanOutcome) -> Winner {
    match o {
        PartizanOutcome::L => Winner::L,
        PartizanOutcome::R => Winner::R,
        PartizanOutcome::N => Winner::N,
        PartizanOutcome::P => Winner::P,
    }
}

fn mover(side: Side) -> Mover {
    match side {
        Side::Left => Mover::Left,
        Side::Right => Mover::Right,
    }
}

/// Solves a position of a ruleset: its canonical value, outcome class, stops, mean and
/// temperature, the components of the sum with their values, and the moves of each side
/// (the winning ones, or all with `Listing::All`) with the value each leads to.
fn verdict<R: Listed>(
    rules: &R,
    spec: &str,
    text: &str,
    options: &SolveOptions,
    listing: Listing,
) -> Result<Verdict> {
    let p = rules.parse(text)?;
    let mut comps = Vec::new();
    rules.components(&p, &mut comps);
    let count = rules.move_count(&p);
    // Valuing the position after a move looks up each of its components.
    let work = count.saturating_mul(comps.len() as u128 + 1);
    if work > MAX_WORK {
        return Err(Error::unsupported(format!(
            "{spec}: the position has {count} moves in a sum of {} components; valuing them \
             all would take {work} component look-ups (at most {MAX_WORK})",
            comps.len()
        )));
    }
    check_estimate(rules, spec, &p, options)?;
    let mut ctx = Context::new();
    ctx.watch(&options.limits());
    let mut solver = ValueSolver::with_limits(rules, options.limits());
    let g = solver.value(&mut ctx, &p)?;
    let method = rules.method(&comps, &mut ctx);
    // Values too large to write (exponential text for a small arena) are left out.
    let mut writer = crate::partizan::bounded::Writer::default();
    let value = writer.display(&mut ctx, g);
    let mut v = Verdict::new(
        spec,
        rules.display(&p),
        Play::Normal,
        winner(ctx.outcome(g)),
        method,
    )
    .with_value(ValueKind::Canonical, value);
    for c in &comps {
        // Memoised by the search of the whole position: a look-up.
        let cv = solver.value(&mut ctx, c)?;
        v.components.push(Component {
            position: rules.display(c),
            value: writer.display(&mut ctx, cv),
            outcome: Some(winner(ctx.outcome(cv))),
            remoteness: None,
        });
    }
    v.details.push("left_stop", ctx.left_stop(g));
    v.details.push("right_stop", ctx.right_stop(g));
    v.details.push("mean", ctx.mean(g));
    v.details.push("temperature", ctx.temperature(g));
    v.listing = listing;
    let zero = ctx.zero();
    let mut notes = Vec::new();
    for side in [Side::Left, Side::Right] {
        let all = rules.moves(&p, side);
        let total = all.len();
        // The moves that belong on the list (all of them, or the winning ones) seen so far.
        let mut found = 0usize;
        for (label, q) in all {
            if listing == Listing::All && found >= MAX_LISTED {
                break;
            }
            let qv = solver.value(&mut ctx, &q)?;
            // After Left's move Right moves first in q, and Left wins iff Right moving first
            // loses there: q ≥ 0 (class L or P). Symmetrically Right's move wins iff q ≤ 0.
            let winning = match side {
                Side::Left => ctx.le(zero, qv),
                Side::Right => ctx.le(qv, zero),
            };
            if listing == Listing::Winning && !winning {
                continue;
            }
            found += 1;
            if found <= MAX_LISTED {
                v.moves.push(Move {
                    label,
                    position: rules.display(&q),
                    side: Some(mover(side)),
                    value: writer.display(&mut ctx, qv),
                    outcome: Some(winner(ctx.outcome(qv))),
                    remoteness: None,
                    winning,
                });
            }
        }
        let (n, what) = match listing {
            Listing::All => (total, "moves"),
            Listing::Winning => (found, "winning moves"),
        };
        if n > MAX_LISTED {
            notes.push(format!(
                "{} has {n} {what} in all; the first {MAX_LISTED} are listed",
                side.name()
            ));
        }
    }
    notes.extend(writer.note());
    if !notes.is_empty() {
        v.incomplete(notes.join("; "));
    }
    v.details.push("components_searched", solver.positions());
    // The values written above are meaningless if the context's limits stopped it.
    ctx.stopped()?;
    Ok(v)
}

/// The legal moves of both players, with the positions they lead to; nothing is solved.
fn legal<R: Listed>(rules: &R, spec: &str, text: &str) -> Result<Vec<LegalMove>> {
    let p = rules.parse(text)?;
    let count = rules.move_count(&p);
    // Every position written is about as long as this one (a cut adds one cake).
    let size = rules.display(&p).len() as u128 + 16;
    let text = num_bigint::BigUint::from(count) * size;
    crate::interface::caps::check_legal_list(spec, &count.into(), &text)?;
    let mut out = Vec::new();
    for side in [Side::Left, Side::Right] {
        for (label, q) in rules.moves(&p, side) {
            out.push(LegalMove {
                label,
                position: rules.display(&q),
                side: Some(mover(side)),
            });
        }
    }
    Ok(out)
}
