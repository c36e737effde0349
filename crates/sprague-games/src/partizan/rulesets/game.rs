//! The partizan rulesets in the catalogue: `sprague solve domineering '....|....'` and
//! friends. Each request parses the position, solves it, and answers a [`Verdict`]: the
//! value (canonical form), the outcome class, the components of the sum with their values,
//! and the moves of each side (the winning ones for `solve`, all for `moves`), each with
//! the position it leads to written as the command line reads it.

use crate::error::{Error, Result};
use crate::interface::{
    Component, Game, LegalMove, Listing, Method, Move, Play, SolveOptions, ValueKind, Verdict,
    Winner,
};
use sprague_core::partizan::canonical::{Context, PartizanOutcome};
use sprague_core::partizan::misere::{FormRef, Forms};
use sprague_core::partizan::outcome::{OutcomeSolver, Wins};
use sprague_core::partizan::rules::Ruleset;
use sprague_core::partizan::solver::ValueSolver;
use sprague_core::value::Side;

/// The most component look-ups a verdict spends valuing moves (moves × components): only
/// a sum of very many large cakes comes near it.
const MAX_WORK: u128 = 8_000_000;

/// A partizan ruleset as a catalogue game: any [`Listed`] ruleset answers `solve`, `moves`
/// and the position API the same way.
pub struct RulesetGame<R: Listed>(R);

impl<R: Listed> RulesetGame<R> {
    /// The entry's constructor: the ruleset `rules`, which takes no parameters.
    pub fn build(rules: R, params: Option<&str>) -> Result<Box<dyn Game>> {
        if let Some(p) = params {
            return Err(Error::bad_params(
                rules.name(),
                format!("takes no parameters (got `{p}`)"),
            ));
        }
        Ok(Box::new(RulesetGame(rules)))
    }

    /// The position's text, after refusing the options these games do not play: normal
    /// and misère play of disjunctive sums are supported (not every-move play), tokens and
    /// start vertices belong to games on graphs, and a ground vertex to Hackenbush.
    fn checked(&self, words: &[String], options: &SolveOptions) -> Result<String> {
        let spec = self.spec();
        if options.every {
            return Err(Error::unsupported(format!(
                "{spec}: every-move play is not supported for partizan rulesets (normal and misère play are)"
            )));
        }
        if !options.tokens.is_empty() || options.start.is_some() {
            return Err(Error::unsupported(format!(
                "{spec}: --token and --start are for games played on graphs, not for partizan rulesets"
            )));
        }
        if options.ground.is_some() && !self.0.has_ground() {
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
}

/// The most followers `.Followers` lists without a position limit.
const MAX_FOLLOWERS_LISTED: u64 = 1_000_000;

impl<R: Listed> Game for RulesetGame<R> {
    fn spec(&self) -> String {
        self.0.name().into()
    }

    fn solve(&self, position: &[String], options: &SolveOptions) -> Result<Verdict> {
        self.verdict(position, options, Listing::Winning)
    }

    fn moves(&self, position: &[String], options: &SolveOptions) -> Result<Verdict> {
        self.verdict(position, options, Listing::All)
    }

    fn misere_form(
        &self,
        position: &[String],
        forms: &mut Forms,
        options: &SolveOptions,
    ) -> Result<FormRef> {
        let text = self.checked(position, options)?;
        let limits = options.limits();
        let spec = self.spec();
        let mut tree = |rules: &R| -> Result<FormRef> {
            let p = rules.parse(&text)?;
            forms
                .of_ruleset(rules, &p, &limits)
                .map_err(|e| with_needed(rules, &spec, &p, e))
        };
        match self.0.for_position(&text, options)? {
            Some(rules) => {
                let f = tree(&rules);
                rules.finish(f)
            }
            None => self.0.finish(tree(&self.0)),
        }
    }

    fn followers(&self, position: &[String], options: &SolveOptions) -> Result<Vec<String>> {
        let text = self.checked(position, options)?;
        let limits = options.limits();
        // Each follower becomes a line of the answer: a million is past any use of a list.
        let max = limits.max_positions.unwrap_or(MAX_FOLLOWERS_LISTED);
        let list = |rules: &R| -> Result<Vec<String>> {
            let p = rules.parse(&text)?;
            let all = sprague_core::partizan::rules::followers(rules, &p, max, &limits)?;
            Ok(all.iter().map(|q| rules.display(q)).collect())
        };
        match self.0.for_position(&text, options)? {
            Some(rules) => {
                let f = list(&rules);
                rules.finish(f)
            }
            None => self.0.finish(list(&self.0)),
        }
    }

    fn legal_moves(&self, position: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        let text = self.checked(position, options)?;
        let spec = self.spec();
        match self.0.for_position(&text, options)? {
            Some(rules) => rules.finish(legal(&rules, &spec, &text)),
            None => self.0.finish(legal(&self.0, &spec, &text)),
        }
    }
}

impl<R: Listed> RulesetGame<R> {
    fn verdict(
        &self,
        words: &[String],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        let text = self.checked(words, options)?;
        let spec = self.spec();
        let solve = if options.misere {
            misere_verdict
        } else {
            verdict
        };
        match self.0.for_position(&text, options)? {
            Some(rules) => rules.finish(solve(&rules, &spec, &text, options, listing)),
            None => self
                .0
                .finish(solve(&self.0, &spec, &text, options, listing)),
        }
    }
}

/// What the catalogue needs of a ruleset besides its rules.
pub trait Listed: Ruleset + Sized + Send + Sync + 'static {
    /// Whether positions have a ground vertex (`--ground`), as Hackenbush pictures do.
    fn has_ground(&self) -> bool {
        false
    }

    /// The rules a position is played under, where they depend on it (a Hackenbush
    /// picture's graph); `None`: these rules.
    fn for_position(&self, text: &str, options: &SolveOptions) -> Result<Option<Self>> {
        let _ = (text, options);
        Ok(None)
    }

    /// The answer of a request over these rules, or the failure the rules met while it
    /// was computed (a rules script that stopped: its moves then ended early, so the
    /// answer is wrong), which takes precedence. The default passes the answer on.
    fn finish<T>(&self, answer: Result<T>) -> Result<T> {
        answer
    }

    /// Whether the search of a position splits over the threads of the pool. A ruleset
    /// whose positions share most of their followers and rarely split into components
    /// searches on one: its threads would solve the same positions side by side (Ski-Jumps
    /// took twice the time and four times the CPU on two threads).
    fn searches_in_parallel(&self) -> bool {
        true
    }

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
    /// the position's size: named as the limit to ask for when a search stops at its limit
    /// (never a reason to refuse a position before searching: it is no bound).
    fn estimate(&self, p: &Self::Position) -> Option<u128> {
        let _ = p;
        None
    }
}

/// The search of `p` stopped at its limit: the error names the figure that should be
/// enough, the ruleset's estimate of the components the search stores where it has one
/// (and it is above the limit reached), else four times that limit. An estimate is no
/// bound, so a position is never refused on it before its search has run: the search
/// starts, and stops cleanly at the limit (components, options, deadline).
fn with_needed<R: Listed>(rules: &R, spec: &str, p: &R::Position, e: Error) -> Error {
    let Error::Limit { what, limit } = e else {
        return e;
    };
    let estimate = rules
        .estimate(p)
        .filter(|&est| est > u128::from(limit))
        .map(|est| u64::try_from(est).unwrap_or(u64::MAX));
    let (needed, how) = match estimate {
        Some(est) => (est, "estimated from the position's size"),
        None => (limit.saturating_mul(4), "four times the limit reached"),
    };
    Error::Limit {
        what: format!("{spec}: {what}; --max-positions {needed} should be enough ({how})"),
        limit,
    }
}

/// The method of a position whose components are searched: `text`, or, when no component
/// is left (nothing can move, or every part is known to be worth 0), that fact.
pub fn searched<P>(components: &[P], text: &str) -> Method {
    if components.is_empty() {
        Method::theorem("every part of the position is known to be worth 0")
    } else {
        Method::engine(text)
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
    let mut ctx = Context::new();
    ctx.watch(&options.limits());
    // On every thread of the pool the caller runs in (the command line sizes it with
    // `--threads`) where the rules gain from it; the verdict is the same whatever their
    // number.
    let mut solver = ValueSolver::with_limits(rules, options.limits());
    if rules.searches_in_parallel() {
        solver = solver.in_parallel();
    }
    let g = solver
        .value(&mut ctx, &p)
        .map_err(|e| with_needed(rules, spec, &p, e))?;
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
    let (listed, mut notes) = list_moves(rules, &p, listing, |side, q| {
        let qv = solver.value(&mut ctx, q)?;
        // After Left's move Right moves first in q, and Left wins iff Right moving first
        // loses there: q ≥ 0 (class L or P). Symmetrically Right's move wins iff q ≤ 0.
        let winning = match side {
            Side::Left => ctx.le(zero, qv),
            Side::Right => ctx.le(qv, zero),
        };
        Ok((winning, qv))
    })?;
    for (mut m, qv) in listed {
        m.value = writer.display(&mut ctx, qv);
        m.outcome = Some(winner(ctx.outcome(qv)));
        v.moves.push(m);
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

/// Solves a position under misère play (the player who cannot move wins): the outcome
/// class and the moves of each side (the winning ones, or all), each with the class of
/// the position it leads to. Misère play has no canonical values to add, so the game tree
/// itself is searched (`OutcomeSolver::misere`: whole positions, never split into
/// components or brought to a normal form).
fn misere_verdict<R: Listed>(
    rules: &R,
    spec: &str,
    text: &str,
    options: &SolveOptions,
    listing: Listing,
) -> Result<Verdict> {
    let p = rules.parse(text)?;
    let count = rules.move_count(&p);
    if count > MAX_WORK {
        return Err(Error::unsupported(format!(
            "{spec}: the position has {count} moves (at most {MAX_WORK} are valued)"
        )));
    }
    let mut solver = OutcomeSolver::misere(rules, options.limits());
    let wins = solver
        .wins(&p)
        .map_err(|e| with_needed(rules, spec, &p, e))?;
    let method = Method::engine(
        "memoised search of the game tree under misère play (the player who cannot move wins)",
    );
    let mut v = Verdict::new(
        spec,
        rules.display(&p),
        Play::Misere,
        winner(class(wins)),
        method,
    );
    v.listing = listing;
    // After the move the opponent moves first in q; the move wins iff they lose.
    let (listed, notes) = list_moves(rules, &p, listing, |side, q| {
        solver.wins(q).map(|after| (after.second(side), after))
    })?;
    for (mut m, after) in listed {
        m.outcome = Some(winner(class(after)));
        v.moves.push(m);
    }
    if !notes.is_empty() {
        v.incomplete(notes.join("; "));
    } else {
        // A side with no move wins moving first by having none: say so, or its empty list
        // of winning moves reads as a loss.
        let stuck: Vec<&str> = [Side::Left, Side::Right]
            .into_iter()
            .filter(|&side| rules.moves(&p, side).is_empty())
            .map(Side::name)
            .collect();
        if !stuck.is_empty() {
            v.note = Some(format!(
                "{} cannot move; under misère play a player who cannot move wins",
                stuck.join(" and ")
            ));
        }
    }
    v.details.push("positions_searched", solver.positions());
    Ok(v)
}

/// Each side's moves from `p` that belong on the list (all, or the winning ones, as many
/// as the shared policy allows), each with what `judge` found of the position it leads to
/// (`judge` says whether the move wins for its side), its value and class left for the
/// caller to write; and the notes on lists cut short.
#[allow(clippy::type_complexity)]
fn list_moves<R: Listed, T>(
    rules: &R,
    p: &R::Position,
    listing: Listing,
    mut judge: impl FnMut(Side, &R::Position) -> Result<(bool, T)>,
) -> Result<(Vec<(Move, T)>, Vec<String>)> {
    let cap = crate::interface::listing::cap(listing);
    let mut listed = Vec::new();
    let mut notes = Vec::new();
    for side in [Side::Left, Side::Right] {
        let all = rules.moves(p, side);
        let total = all.len();
        // The moves that belong on the list (all of them, or the winning ones) seen so far.
        let mut found = 0usize;
        for (label, q) in all {
            if listing == Listing::All && found >= cap {
                break;
            }
            let (winning, about) = judge(side, &q)?;
            if listing == Listing::Winning && !winning {
                continue;
            }
            found += 1;
            if found <= cap {
                let m = Move {
                    label,
                    position: rules.display(&q),
                    side: Some(side),
                    value: None,
                    outcome: None,
                    remoteness: None,
                    winning,
                };
                listed.push((m, about));
            }
        }
        let (n, what) = match listing {
            Listing::All => (total, "moves"),
            Listing::Winning => (found, "winning moves"),
        };
        if n > cap {
            notes.push(format!(
                "{} has {n} {what} in all; the first {cap} are listed",
                side.name()
            ));
        }
    }
    Ok((listed, notes))
}

/// The outcome class of who wins moving first.
fn class(w: Wins) -> PartizanOutcome {
    match (w.left_first, w.right_first) {
        (true, false) => PartizanOutcome::L,
        (false, true) => PartizanOutcome::R,
        (true, true) => PartizanOutcome::N,
        (false, false) => PartizanOutcome::P,
    }
}

/// The legal moves of both players, with the positions they lead to; nothing is solved.
fn legal<R: Listed>(rules: &R, spec: &str, text: &str) -> Result<Vec<LegalMove>> {
    let p = rules.parse(text)?;
    let count = rules.move_count(&p);
    // Every position written is about as long as this one (a cut adds one cake).
    let size = rules.display(&p).len() as u128 + 16;
    let text = num_bigint::BigUint::from(count) * size;
    crate::interface::listing::check_legal_list(spec, &count.into(), &text)?;
    let mut out = Vec::new();
    for side in [Side::Left, Side::Right] {
        for (label, q) in rules.moves(&p, side) {
            out.push(LegalMove {
                label,
                position: rules.display(&q),
                side: Some(side),
            });
        }
    }
    Ok(out)
}
