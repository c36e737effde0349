//! The bridge between a ruleset written with numbers (heaps, pairs, stairs) and the
//! catalogue: position parsing and printing, theorem first with the generic engine as the
//! fallback, sums, misère play, tables.
//!
//! A game implements [`NumberGame`]: its rules (a move generator over machine-word
//! positions, solved by [`GrundySolver`]) and, optionally, its theorem (closed forms over
//! integers of any length). [`NumberGameAdapter`] turns it into a catalogue [`Game`].

use crate::catalogue::{Game, Report, SolveOptions, TableOptions};
use crate::compound::misere::{sj_first_wins, sj_hypothesis, sj_winning_targets, SjCheck};
use crate::compound::EverySolver;
use crate::error::{Error, Result};
use crate::impartial::{GrundySolver, Impartial, Limits, MisereSolver};
use crate::problems::tokens::parse_uint_token;
use crate::value::{Nimber, Outcome};
use num_bigint::BigUint;
use serde_json::json;

/// One component of a position, written as the numbers the command line reads.
pub type Numbers = Vec<BigUint>;

/// How the numbers after the spec group into components of a sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Every number is a heap, and the position is the sum of its heaps (`nim 3 4 5`).
    Heaps,
    /// The numbers between `+` signs form one component (`euclid 25 7 + 3 2`,
    /// `moore-nim:2 3 4 5`); `arity` is the exact count when the game needs one.
    Groups { arity: Option<usize> },
}

/// What decided an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Method {
    /// A closed form; the text names the theorem.
    Theorem(String),
    /// Exhaustive search by the generic engine.
    Search,
    /// Theorem for some components, search for others.
    Mixed(String),
    /// Exhaustive search, with the reason a theorem was not used.
    SearchBecause(String),
}

impl Method {
    /// `"theorem: ..."`, `"search"`, ...
    pub fn describe(&self) -> String {
        match self {
            Method::Theorem(t) => format!("theorem: {t}"),
            Method::Search => "search: the generic engine's exhaustive solver".to_string(),
            Method::Mixed(t) => format!("theorem ({t}) where available, search elsewhere"),
            Method::SearchBecause(t) => format!("search: {t}"),
        }
    }
}

/// The misère answer a theorem gives for a whole sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereVerdict {
    /// Who wins.
    pub outcome: Outcome,
    /// Every winning move, as `(component index, component after the move)`.
    pub winning_moves: Vec<(usize, Numbers)>,
    /// The theorem's name.
    pub theorem: String,
}

/// A ruleset played on numbers: its rules for the engine and its theorem for huge inputs.
pub trait NumberGame: Send + Sync + 'static {
    /// The engine's rules; positions are small (machine words).
    type Rules: Impartial + Send + Sync;

    /// The spec that names the game (`bash:3`).
    fn spec(&self) -> String;
    /// How positions group into components.
    fn shape(&self) -> Shape;
    /// The move generator.
    fn rules(&self) -> &Self::Rules;
    /// Checks a component given as numbers (beyond the shape): e.g. Euclid needs positive
    /// numbers. Called before any theorem or search.
    fn validate(&self, component: &[BigUint]) -> Result<()> {
        let _ = component;
        Ok(())
    }
    /// The engine's position for a component, or an error when it is too large to search.
    fn to_position(&self, component: &[BigUint]) -> Result<<Self::Rules as Impartial>::Position>;
    /// The numbers that write an engine position.
    fn to_numbers(&self, position: &<Self::Rules as Impartial>::Position) -> Numbers;

    /// The theorem's name, for the `method` field.
    fn theorem_name(&self) -> Option<String> {
        None
    }
    /// Grundy value of a component by closed form.
    fn grundy_theorem(&self, component: &[BigUint]) -> Option<BigUint> {
        let _ = component;
        None
    }
    /// Normal-play outcome of a lone component by closed form (defaults to the Grundy value).
    fn outcome_theorem(&self, component: &[BigUint]) -> Option<Outcome> {
        self.grundy_theorem(component)
            .map(|g| Outcome::from_grundy_is_zero(g == BigUint::ZERO))
    }
    /// The options of a component whose Grundy value is `target`, by closed form. Used for
    /// winning moves in sums; `target = 0` gives a lone component's winning moves.
    fn moves_to_value_theorem(
        &self,
        component: &[BigUint],
        target: &BigUint,
    ) -> Option<Vec<Numbers>> {
        let _ = (component, target);
        None
    }
    /// A lone component's winning moves when only its outcome is known in closed form.
    fn winning_moves_theorem(&self, component: &[BigUint]) -> Option<Vec<Numbers>> {
        self.moves_to_value_theorem(component, &BigUint::ZERO)
    }
    /// The misère outcome of a whole sum, where a theorem is proven for this ruleset.
    fn misere_theorem(&self, components: &[Numbers]) -> Option<MisereVerdict> {
        let _ = components;
        None
    }
    /// The least preperiod and period `(P, Q)` of the single-heap values `g(n)`
    /// (`g(n + Q) = g(n)` for all `n >= P`), only when proven. Used by `sprague table --period`.
    fn proven_period(&self) -> Option<(u64, u64)> {
        None
    }
    /// A note to print with the winning moves of a position (e.g. "only one winning move is
    /// listed"), when the list is not the complete set.
    fn moves_note(&self, components: &[Numbers], misere: bool) -> Option<String> {
        let _ = (components, misere);
        None
    }
    /// A proof, for the whole ruleset, that the SJ theorem's hypothesis holds (every
    /// position of Grundy value 0 is terminal and no move splits a component). With it,
    /// misère sums are decided by the SJ formula from `grundy_theorem`, at any size.
    /// Without it, the hypothesis is checked on the positions reachable from each query.
    fn sj_theorem(&self) -> Option<String> {
        None
    }
    /// Every-move play (GAMES.md A16): the step of a component by closed form.
    fn every_step_theorem(&self, component: &[BigUint]) -> Option<BigUint> {
        let _ = component;
        None
    }
    /// The options that follow the step strategy (the winner's longest win, the loser's
    /// quickest loss; see `compound::every`), by closed form.
    fn every_moves_theorem(&self, component: &[BigUint]) -> Option<Vec<Numbers>> {
        let _ = component;
        None
    }
    /// The name of the closed-form step, for the `method` field.
    fn every_theorem_name(&self) -> Option<String> {
        None
    }
}

/// A [`NumberGame`] as a catalogue [`Game`].
pub struct NumberGameAdapter<G: NumberGame>(pub G);

/// Parses the words after the spec into components. `+` separates components; numbers are
/// decimal of any length.
pub fn parse_components(words: &[String], shape: Shape) -> Result<Vec<Numbers>> {
    let mut groups: Vec<Numbers> = vec![Vec::new()];
    for raw in words {
        for (k, piece) in raw.split('+').enumerate() {
            if k > 0 {
                groups.push(Vec::new());
            }
            for tok in piece.split(|c: char| c.is_whitespace() || c == ',') {
                if tok.is_empty() {
                    continue;
                }
                let n = parse_uint_token(tok).ok_or_else(|| {
                    Error::parse(format!("`{tok}` is not a non-negative integer (positions are written as numbers, components separated by `+`)"))
                })?;
                groups.last_mut().expect("non-empty").push(n);
            }
        }
    }
    if groups.iter().all(|g| g.is_empty()) {
        return Err(Error::parse(
            "no position given: write numbers after the game, e.g. `sprague solve nim 3 4 5`",
        ));
    }
    if let Some(i) = groups.iter().position(|g| g.is_empty()) {
        return Err(Error::parse(format!(
            "component {} is empty: a `+` must stand between two components",
            i + 1
        )));
    }
    Ok(match shape {
        Shape::Heaps => groups.into_iter().flatten().map(|n| vec![n]).collect(),
        Shape::Groups { arity: None } => groups,
        Shape::Groups { arity: Some(k) } => {
            // Without `+`, a run of numbers is cut into consecutive groups of `k`.
            let mut out = Vec::new();
            for g in groups {
                if g.len() % k != 0 {
                    return Err(Error::parse(format!(
                        "a component of this game is {k} numbers, but {} were given in `{}`",
                        g.len(),
                        write_numbers(&g)
                    )));
                }
                out.extend(g.chunks(k).map(|c| c.to_vec()));
            }
            out
        }
    })
}

fn write_numbers(c: &[BigUint]) -> String {
    c.iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes a position the way the command line reads it.
pub fn write_position(components: &[Numbers], shape: Shape) -> String {
    let sep = match shape {
        Shape::Heaps => " ",
        Shape::Groups { .. } => " + ",
    };
    components
        .iter()
        .map(|c| write_numbers(c))
        .collect::<Vec<_>>()
        .join(sep)
}

/// A normal-play or misère analysis of a sum, before it is turned into a report.
#[derive(Debug, Clone)]
pub struct Analysis {
    pub outcome: Outcome,
    /// Normal play only; `None` when neither a theorem nor a search could give it.
    pub grundy: Option<BigUint>,
    /// Per-component values (normal play), where known.
    pub component_values: Vec<Option<BigUint>>,
    pub winning_moves: Vec<(usize, Numbers)>,
    pub method: Method,
    /// Every-move play only: the step of each component. `winning_moves` then holds the
    /// per-component choices (any combination of one choice per listed component wins).
    pub steps: Option<Vec<BigUint>>,
}

impl<G: NumberGame> NumberGameAdapter<G>
where
    <G::Rules as Impartial>::Position: Ord,
{
    fn limits(options: &SolveOptions) -> Limits {
        Limits {
            max_positions: options.limit(),
        }
    }

    /// Parses and validates a position.
    pub fn parse(&self, words: &[String]) -> Result<Vec<Numbers>> {
        let comps = parse_components(words, self.0.shape())?;
        for c in &comps {
            self.0.validate(c)?;
        }
        Ok(comps)
    }

    /// Normal-play analysis of a sum: theorem per component where known, search elsewhere.
    pub fn analyse_normal(&self, comps: &[Numbers], options: &SolveOptions) -> Result<Analysis> {
        let g = &self.0;
        let mut solver = GrundySolver::with_limits(g.rules(), Self::limits(options));
        let mut used_theorem = false;
        let mut used_search = false;

        // A lone component whose outcome (but not value) has a closed form.
        if comps.len() == 1 && g.grundy_theorem(&comps[0]).is_none() {
            if let (Some(outcome), Some(moves)) = (
                g.outcome_theorem(&comps[0]),
                g.winning_moves_theorem(&comps[0]),
            ) {
                // The value is a bonus: search it only when the position is small.
                let grundy = g
                    .to_position(&comps[0])
                    .ok()
                    .and_then(|p| {
                        GrundySolver::with_limits(
                            g.rules(),
                            Limits {
                                max_positions: 200_000,
                            },
                        )
                        .grundy(&p)
                        .ok()
                    })
                    .map(|v| BigUint::from(v.value()));
                return Ok(Analysis {
                    outcome,
                    grundy: grundy.clone(),
                    component_values: vec![grundy],
                    winning_moves: moves.into_iter().map(|m| (0, m)).collect(),
                    method: Method::Theorem(g.theorem_name().unwrap_or_default()),
                    steps: None,
                });
            }
        }

        let mut values: Vec<BigUint> = Vec::with_capacity(comps.len());
        for c in comps {
            if let Some(v) = g.grundy_theorem(c) {
                used_theorem = true;
                values.push(v);
            } else {
                used_search = true;
                let p = g.to_position(c)?;
                values.push(BigUint::from(solver.grundy(&p)?.value()));
            }
        }
        let total = values.iter().fold(BigUint::ZERO, |a, b| a ^ b);
        let mut winning_moves = Vec::new();
        if total != BigUint::ZERO {
            for (i, c) in comps.iter().enumerate() {
                if comps[..i].contains(c) {
                    continue;
                }
                let target = &total ^ &values[i];
                match g.moves_to_value_theorem(c, &target) {
                    Some(ms) => winning_moves.extend(ms.into_iter().map(|m| (i, m))),
                    None => {
                        used_search = true;
                        let p = g.to_position(c)?;
                        let Ok(t) = u64::try_from(&target) else {
                            continue;
                        };
                        for o in solver.moves_to_value(&p, Nimber(t))? {
                            winning_moves.push((i, g.to_numbers(&o)));
                        }
                    }
                }
            }
        }
        let name = g.theorem_name().unwrap_or_default();
        let method = match (used_theorem, used_search) {
            (true, false) => Method::Theorem(name),
            (true, true) => Method::Mixed(name),
            _ => Method::Search,
        };
        Ok(Analysis {
            outcome: Outcome::from_grundy_is_zero(total == BigUint::ZERO),
            grundy: Some(total),
            component_values: values.into_iter().map(Some).collect(),
            winning_moves,
            method,
            steps: None,
        })
    }

    /// Misère analysis: a proven theorem for this ruleset, else exact search of the sum.
    pub fn analyse_misere(&self, comps: &[Numbers], options: &SolveOptions) -> Result<Analysis> {
        let g = &self.0;
        if let Some(v) = g.misere_theorem(comps) {
            return Ok(Analysis {
                outcome: v.outcome,
                grundy: None,
                component_values: vec![None; comps.len()],
                winning_moves: v.winning_moves,
                method: Method::Theorem(v.theorem),
                steps: None,
            });
        }
        if let Some(a) = self.misere_by_sj_theorem(comps)? {
            return Ok(a);
        }
        let positions: Vec<_> = comps
            .iter()
            .map(|c| g.to_position(c))
            .collect::<Result<_>>()?;
        // The SJ theorem where its hypothesis can be checked on this position.
        let mut gs = GrundySolver::with_limits(g.rules(), Self::limits(options));
        let why = match sj_hypothesis(&mut gs, &positions, options.limit()) {
            Ok(SjCheck::Holds) => {
                let values: Vec<BigUint> = positions
                    .iter()
                    .map(|p| gs.grundy(p).map(|v| BigUint::from(v.value())))
                    .collect::<Result<_>>()?;
                let wins = sj_first_wins(&values);
                let mut winning_moves = Vec::new();
                if wins {
                    for (i, p) in positions.iter().enumerate() {
                        if comps[..i].contains(&comps[i]) {
                            continue;
                        }
                        for t in sj_winning_targets(&values, i) {
                            let t = u64::try_from(&t).expect("a searched value fits a word");
                            for o in gs.moves_to_value(p, Nimber(t))? {
                                winning_moves.push((i, g.to_numbers(&o)));
                            }
                        }
                    }
                }
                return Ok(Analysis {
                    outcome: if wins { Outcome::First } else { Outcome::Second },
                    grundy: None,
                    component_values: values.into_iter().map(Some).collect(),
                    winning_moves,
                    method: Method::Theorem(format!("{SJ_NAME}; its hypothesis was checked on every position reachable from this one: each position of Grundy value 0 is terminal and no move splits a component")),
                    steps: None,
                });
            }
            Ok(SjCheck::NotShown(why)) => why,
            Err(e) => e.to_string(),
        };
        let mut solver = MisereSolver::new(g.rules(), Self::limits(options));
        let wins = solver.first_player_wins(&positions)?;
        let winning_moves = if wins {
            solver
                .winning_moves(&positions)?
                .into_iter()
                .map(|(i, p)| (i, g.to_numbers(&p)))
                .collect()
        } else {
            Vec::new()
        };
        Ok(Analysis {
            outcome: if wins {
                Outcome::First
            } else {
                Outcome::Second
            },
            grundy: None,
            component_values: vec![None; comps.len()],
            winning_moves,
            method: Method::SearchBecause(format!(
                "exact misère search of the sum (the SJ theorem was not used: its hypothesis is not shown for this position: {why})"
            )),
            steps: None,
        })
    }

    /// Misère play by the SJ formula where the ruleset proves the hypothesis outright.
    fn misere_by_sj_theorem(&self, comps: &[Numbers]) -> Result<Option<Analysis>> {
        let g = &self.0;
        let Some(proof) = g.sj_theorem() else {
            return Ok(None);
        };
        let Some(values) = comps
            .iter()
            .map(|c| g.grundy_theorem(c))
            .collect::<Option<Vec<BigUint>>>()
        else {
            return Ok(None);
        };
        let wins = sj_first_wins(&values);
        let mut winning_moves = Vec::new();
        if wins {
            for (i, c) in comps.iter().enumerate() {
                if comps[..i].contains(c) {
                    continue;
                }
                for t in sj_winning_targets(&values, i) {
                    let Some(ms) = g.moves_to_value_theorem(c, &t) else {
                        return Ok(None);
                    };
                    winning_moves.extend(ms.into_iter().map(|m| (i, m)));
                }
            }
        }
        Ok(Some(Analysis {
            outcome: if wins {
                Outcome::First
            } else {
                Outcome::Second
            },
            grundy: None,
            component_values: values.into_iter().map(Some).collect(),
            winning_moves,
            method: Method::Theorem(format!("{SJ_NAME}; hypothesis: {proof}")),
            steps: None,
        }))
    }

    /// Every-move play (Every-SG, GAMES.md A16): the step of each component by closed form
    /// or by search; the first player wins iff the largest step is odd.
    pub fn analyse_every(&self, comps: &[Numbers], options: &SolveOptions) -> Result<Analysis> {
        let g = &self.0;
        let mut solver = EverySolver::new(g.rules(), Self::limits(options));
        let (mut used_theorem, mut used_search) = (false, false);
        let mut steps = Vec::with_capacity(comps.len());
        for c in comps {
            if let Some(s) = g.every_step_theorem(c) {
                used_theorem = true;
                steps.push(s);
            } else {
                used_search = true;
                steps.push(BigUint::from(solver.step(&g.to_position(c)?)?));
            }
        }
        let max = steps.iter().max().cloned().unwrap_or_default();
        let wins = max.bit(0);
        let mut winning_moves = Vec::new();
        if wins {
            for (i, c) in comps.iter().enumerate() {
                if steps[i] == BigUint::ZERO || comps[..i].contains(c) {
                    continue;
                }
                let moves = match g.every_moves_theorem(c) {
                    Some(ms) => ms,
                    None => {
                        used_search = true;
                        solver
                            .strategy_moves(&g.to_position(c)?)?
                            .iter()
                            .map(|o| g.to_numbers(o))
                            .collect()
                    }
                };
                winning_moves.extend(moves.into_iter().map(|m| (i, m)));
            }
        }
        let name = format!(
            "Every-SG step rule (the first player wins iff the largest step is odd){}",
            g.every_theorem_name()
                .map(|n| format!(", steps by {n}"))
                .unwrap_or_default()
        );
        let method = match (used_theorem, used_search) {
            (true, false) => Method::Theorem(name),
            (true, true) => Method::Mixed(name),
            _ => Method::SearchBecause(
                "steps of the Every-SG rule by exhaustive search (the first player wins iff the largest step is odd)".to_string(),
            ),
        };
        Ok(Analysis {
            outcome: if wins {
                Outcome::First
            } else {
                Outcome::Second
            },
            grundy: None,
            component_values: vec![None; comps.len()],
            winning_moves,
            method,
            steps: Some(steps),
        })
    }

    /// Analysis under the requested play convention.
    pub fn analyse(&self, comps: &[Numbers], options: &SolveOptions) -> Result<Analysis> {
        if options.every && options.misere {
            return Err(Error::unsupported(
                "`--every` and `--misere` together are not supported",
            ));
        }
        if options.every {
            return self.analyse_every(comps, options);
        }
        if options.misere {
            self.analyse_misere(comps, options)
        } else {
            self.analyse_normal(comps, options)
        }
    }

    /// The report of an every-move analysis: steps, and the winning choice per component.
    fn every_report(&self, comps: &[Numbers], a: &Analysis, steps: &[BigUint]) -> Report {
        let shape = self.0.shape();
        let position = write_position(comps, shape);
        let max = steps.iter().max().cloned().unwrap_or_default();
        let mut text = format!(
            "game: {}\nposition: {position}\nplay: every-move (the mover moves in every component that can move; the last mover wins)\noutcome: {} ({}-position)\nsteps: {} (largest {max})\n",
            self.0.spec(),
            a.outcome,
            a.outcome.letter(),
            steps.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" "),
        );
        let mut choices = Vec::new();
        let mut example = comps.to_vec();
        for (i, c) in comps.iter().enumerate() {
            let opts: Vec<&Numbers> = a
                .winning_moves
                .iter()
                .filter(|(j, _)| comps[*j] == *c)
                .map(|(_, m)| m)
                .collect();
            if opts.is_empty() {
                continue;
            }
            example[i] = opts[0].clone();
            choices.push(json!({
                "component": i + 1,
                "position": write_numbers(c),
                "step": steps[i].to_string(),
                "choices": opts.iter().map(|m| write_numbers(m)).collect::<Vec<_>>(),
            }));
        }
        if choices.is_empty() {
            text.push_str("winning moves: none\n");
        } else {
            text.push_str(
                "winning move: in every component that can move, one of (any combination wins):\n",
            );
            for (i, c) in comps.iter().enumerate() {
                let opts: Vec<String> = a
                    .winning_moves
                    .iter()
                    .filter(|(j, _)| comps[*j] == *c)
                    .map(|(_, m)| write_numbers(m))
                    .collect();
                if !opts.is_empty() {
                    text.push_str(&format!(
                        "  component {} ({}, step {}): -> {}\n",
                        i + 1,
                        write_numbers(c),
                        steps[i],
                        opts.join(" | ")
                    ));
                }
            }
            text.push_str(&format!(
                "  for example: {}\n",
                write_position(&example, shape)
            ));
        }
        text.push_str(&format!("method: {}", a.method.describe()));
        let json = json!({
            "game": self.0.spec(),
            "position": position,
            "play": "every",
            "outcome": a.outcome.as_str(),
            "steps": steps.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            "max_step": max.to_string(),
            "winning_choices": choices,
            "winning_moves": if choices.is_empty() { vec![] } else { vec![write_position(&example, shape)] },
            "method": a.method.describe(),
        });
        Report::new(text, json)
    }

    fn replaced(&self, comps: &[Numbers], i: usize, c: &Numbers) -> String {
        let mut next = comps.to_vec();
        next[i] = c.clone();
        write_position(&next, self.0.shape())
    }
}

impl<G: NumberGame> Game for NumberGameAdapter<G>
where
    <G::Rules as Impartial>::Position: Ord,
{
    fn spec(&self) -> String {
        self.0.spec()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Report> {
        let comps = self.parse(words)?;
        let a = self.analyse(&comps, options)?;
        if let Some(steps) = &a.steps {
            return Ok(self.every_report(&comps, &a, steps));
        }
        let shape = self.0.shape();
        let position = write_position(&comps, shape);
        let moves: Vec<String> = a
            .winning_moves
            .iter()
            .map(|(i, c)| self.replaced(&comps, *i, c))
            .collect();
        let play = if options.misere { "misère" } else { "normal" };
        let mut text = format!(
            "game: {}\nposition: {position}\nplay: {play}\noutcome: {} ({}-position)\n",
            self.0.spec(),
            a.outcome,
            a.outcome.letter()
        );
        if let Some(g) = &a.grundy {
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
        let note = self.0.moves_note(&comps, options.misere);
        if let Some(n) = &note {
            text.push_str(&format!("note: {n}\n"));
        }
        text.push_str(&format!("method: {}", a.method.describe()));
        let mut json = json!({
            "game": self.0.spec(),
            "position": position,
            "play": if options.misere { "misere" } else { "normal" },
            "outcome": a.outcome.as_str(),
            "grundy": a.grundy.as_ref().map(|g| g.to_string()),
            "component_values": a.component_values.iter().map(|v| v.as_ref().map(|g| g.to_string())).collect::<Vec<_>>(),
            "winning_moves": moves,
            "method": a.method.describe(),
        });
        if let Some(n) = note {
            json["note"] = n.into();
        }
        Ok(Report::new(text, json))
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Report> {
        const MAX_LISTED: usize = 10_000;
        let comps = self.parse(words)?;
        if options.every && comps.len() > 1 {
            return Err(Error::unsupported(
                "`sprague moves --every` lists the moves of a single component (a move of an every-move sum moves in every component); `sprague solve --every` gives the winning choice in each component",
            ));
        }
        let g = &self.0;
        let mut rows = Vec::new();
        let mut opts = Vec::new();
        for (i, c) in comps.iter().enumerate() {
            if comps[..i].contains(c) {
                continue;
            }
            let p = g.to_position(c).map_err(|_| {
                Error::unsupported(format!(
                    "component `{}` has too many moves to list; `sprague solve` gives the winning ones",
                    write_numbers(c)
                ))
            })?;
            opts.clear();
            g.rules().options(&p, &mut opts);
            let mut seen = Vec::new();
            for o in &opts {
                if seen.contains(o) {
                    continue;
                }
                seen.push(o.clone());
                if rows.len() >= MAX_LISTED {
                    return Err(Error::unsupported(format!(
                        "more than {MAX_LISTED} moves; `sprague solve` gives the winning ones"
                    )));
                }
                let mut next = comps.to_vec();
                next[i] = g.to_numbers(o);
                let after = self.analyse(&next, options)?;
                rows.push((write_position(&next, g.shape()), after));
            }
        }
        let mut text = String::new();
        let mut list = Vec::new();
        for (pos, a) in &rows {
            // After the move the opponent is to play: their loss is the mover's win.
            let wins = a.outcome == Outcome::Second;
            text.push_str(&format!(
                "{pos}  -> {}{}\n",
                if wins { "winning" } else { "losing" },
                a.grundy
                    .as_ref()
                    .map(|g| format!(" (grundy {g})"))
                    .unwrap_or_default()
            ));
            list.push(json!({
                "position": pos,
                "outcome": a.outcome.as_str(),
                "winning": wins,
                "grundy": a.grundy.as_ref().map(|g| g.to_string()),
            }));
        }
        if rows.is_empty() {
            text.push_str("no moves: the position is terminal\n");
        }
        let text = text.trim_end().to_string();
        Ok(Report::new(
            text,
            json!({ "game": g.spec(), "position": write_position(&comps, g.shape()), "moves": list }),
        ))
    }

    fn table(&self, options: &TableOptions) -> Result<Report> {
        let g = &self.0;
        if g.shape() != Shape::Heaps {
            return Err(Error::unsupported(format!(
                "`sprague table` lists single-heap positions; `{}` positions are not single heaps",
                g.spec()
            )));
        }
        if options.upto > 10_000_000 {
            return Err(Error::unsupported(
                "`--upto` is limited to 10000000 for this game",
            ));
        }
        let mut solver = GrundySolver::with_limits(
            g.rules(),
            Limits {
                max_positions: options.upto.saturating_mul(4) + 1000,
            },
        );
        let mut values = Vec::with_capacity(options.upto as usize + 1);
        let mut method = Method::Search;
        for n in 0..=options.upto {
            let c = vec![BigUint::from(n)];
            let v = if options.misere {
                let p = g.to_position(&c)?;
                let mut ms = MisereSolver::new(
                    g.rules(),
                    Limits {
                        max_positions: SolveOptions::DEFAULT_MAX_POSITIONS,
                    },
                );
                BigUint::from(u8::from(ms.first_player_wins(&[p])?))
            } else if let Some(v) = g.grundy_theorem(&c) {
                method = Method::Theorem(g.theorem_name().unwrap_or_default());
                v
            } else {
                BigUint::from(solver.grundy(&g.to_position(&c)?)?.value())
            };
            values.push(v);
        }
        let heading = if options.misere {
            "misère outcome (1 = first player wins)"
        } else {
            "grundy"
        };
        let mut text = format!(
            "{} values of {} for heaps 0..={}\n",
            heading,
            g.spec(),
            options.upto
        );
        for (n, v) in values.iter().enumerate() {
            text.push_str(&format!("{n}\t{v}\n"));
        }
        let period = if options.period && !options.misere {
            g.proven_period()
        } else {
            None
        };
        if options.period {
            match period {
                Some((p, q)) => text.push_str(&format!(
                    "period: preperiod {p}, period {q} (proven: g(n + {q}) = g(n) for every n >= {p})\n"
                )),
                None => text.push_str("period: none proven for this game\n"),
            }
        }
        text.push_str(&format!("method: {}", method.describe()));
        let json = json!({
            "game": g.spec(),
            "values": values.iter().map(|v| u64::try_from(v).map(serde_json::Value::from).unwrap_or_else(|_| v.to_string().into())).collect::<Vec<_>>(),
            "period": period.map(|(p, q)| json!({"preperiod": p, "period": q})),
            "method": method.describe(),
        });
        Ok(Report::new(text, json))
    }
}

/// The SJ theorem's name, for the `method` field.
const SJ_NAME: &str = "SJ theorem (anti-SG, Jia Zhihao 2009): the mover wins iff (XOR ≠ 0 and some value > 1) or (XOR = 0 and no value > 1)";

/// Converts a number to a machine word for search, or says it is too large to search.
pub fn small(n: &BigUint, what: &str) -> Result<u64> {
    const MAX_SEARCH: u64 = 1 << 32;
    u64::try_from(n)
        .ok()
        .filter(|&v| v <= MAX_SEARCH)
        .ok_or_else(|| {
            Error::unsupported(format!(
                "{what} {n} is too large to search and this game has no theorem for it"
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn heaps_and_groups_parse() {
        let h = parse_components(&words("3 4 5"), Shape::Heaps).unwrap();
        assert_eq!(h.len(), 3);
        let g = parse_components(&words("25 7 + 3 2"), Shape::Groups { arity: Some(2) }).unwrap();
        assert_eq!(
            g,
            vec![
                vec![25u32.into(), 7u32.into()],
                vec![3u32.into(), 2u32.into()]
            ]
        );
        let g = parse_components(&words("25 7 3 2"), Shape::Groups { arity: Some(2) }).unwrap();
        assert_eq!(g.len(), 2);
        let g = parse_components(&words("1 2 3+4"), Shape::Groups { arity: None }).unwrap();
        assert_eq!(g.len(), 2);
    }

    #[test]
    fn malformed_positions_are_named() {
        for bad in ["3 x 5", "-1", "1.5", "", "3 + + 4", "+"] {
            let err = parse_components(&words(bad), Shape::Heaps).unwrap_err();
            assert!(!err.to_string().is_empty(), "{bad}");
        }
        let err = parse_components(&words("3 x"), Shape::Heaps)
            .unwrap_err()
            .to_string();
        assert!(err.contains("`x`"), "{err}");
        assert!(parse_components(&words("1 2 3"), Shape::Groups { arity: Some(2) }).is_err());
    }
}
