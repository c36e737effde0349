//! Your own rules: a game written as a Rhai script (`rules:FILE` on the command line),
//! played by every engine of the library.
//!
//! The script defines `fn options(pos)`, the array of positions one move away from `pos`,
//! and optionally `fn components(pos)`, the independent parts of a position (a heap game
//! that splits heaps, say); `docs/rules-scripts.md` describes the format. The sandboxed engine,
//! its limits and the positions are in the parent module; this module makes a script a
//! catalogue [`Game`]: positions read
//! from command-line words (`words`), the normal-play, misère and every-move analyses by
//! the core's solvers (`analyse`), the verdicts (`game`) and the table of heaps
//! `0..=N` (`table`).
//!
//! The library does no I/O: the caller reads the script and passes its text to
//! [`game_from_script`]; the facade's catalogue refuses `rules:` specs and says so.

use super::analyse::{combinations, ScriptAnalysis, Solvers, SumMove};
use super::words::{parse, write_component, write_position};
use super::{ScriptKind, ScriptPosition, ScriptProgram, ScriptRules};
use crate::error::{Error, Result};
use crate::interface::listing::{
    sample_note, share, MAX_LEGAL_MOVES, MAX_LISTED_TEXT, MAX_MOVES_LISTED, MAX_WINNING_LISTED,
};
use crate::interface::{
    Component, Game, LegalMove, Listing, Move, Play, SolveOptions, Table, TableOptions, ValueKind,
    Verdict, Winner,
};
use std::sync::Arc;

/// The most bytes of script text accepted (the command line reads no more than this).
pub const MAX_SCRIPT_BYTES: usize = 1 << 20;

/// The prefix of the spec of a script game: `rules:FILE`.
pub const PREFIX: &str = "rules:";

/// A game defined by a rules script, as a catalogue game.
pub struct ScriptGame {
    program: Arc<ScriptProgram>,
}

impl ScriptGame {
    /// Compiles the script `text` of the game named `spec` (e.g. `rules:nim.rhai`; the
    /// name only appears in answers and error messages).
    pub fn compile(spec: &str, text: &str) -> Result<ScriptGame> {
        check_size(spec, text)?;
        let program = ScriptProgram::compile(spec, text)?;
        if program.kind() == ScriptKind::Partizan {
            return Err(Error::unsupported(format!(
                "{spec}: the script defines `left_options` and `right_options`, a partizan \
                 game; only `solve`, `moves`, `play` and `plot thermograph` take partizan \
                 scripts (this takes impartial ones, which define `options`)"
            )));
        }
        Ok(ScriptGame {
            program: Arc::new(program),
        })
    }

    /// Fresh rules for one request (a failure of the script is kept per request).
    pub fn rules(&self) -> ScriptRules {
        ScriptRules::new(self.program.clone())
    }

    /// The compiled script.
    pub fn program(&self) -> &Arc<ScriptProgram> {
        &self.program
    }

    /// The spec the game was compiled under.
    pub fn spec_name(&self) -> &str {
        self.program.spec()
    }
}

/// The game a rules script defines, as a catalogue [`Game`]: `spec` names it (e.g.
/// `rules:subtract.rhai`), `text` is the script. Errors name the script's line.
///
/// A script defining `options` is an impartial game ([`ScriptGame`]); one defining
/// `left_options` and `right_options` a partizan game, answered as the catalogue's
/// partizan rulesets are ([`super::partizan`]).
pub fn game_from_script(spec: &str, text: &str) -> Result<Box<dyn Game>> {
    check_size(spec, text)?;
    let program = ScriptProgram::compile(spec, text)?;
    match program.kind() {
        ScriptKind::Impartial => Ok(Box::new(ScriptGame {
            program: Arc::new(program),
        })),
        ScriptKind::Partizan => super::partizan::partizan_game(Arc::new(program)),
    }
}

/// Refuses a script longer than [`MAX_SCRIPT_BYTES`].
fn check_size(spec: &str, text: &str) -> Result<()> {
    if text.len() > MAX_SCRIPT_BYTES {
        return Err(Error::parse(format!(
            "{spec}: the script has {} bytes; at most {MAX_SCRIPT_BYTES} are read",
            text.len()
        )));
    }
    Ok(())
}

/// Whether a spec names a rules script (`rules:FILE`).
pub fn is_script_spec(spec: &str) -> bool {
    spec.trim()
        .get(..PREFIX.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(PREFIX))
}

fn play(options: &SolveOptions) -> Play {
    if options.every {
        Play::Every
    } else if options.misere {
        Play::Misere
    } else {
        Play::Normal
    }
}

impl ScriptGame {
    /// The facts `solve` and `moves` share: outcome, value, components, method.
    fn base(
        &self,
        comps: &[ScriptPosition],
        a: &ScriptAnalysis,
        options: &SolveOptions,
    ) -> Verdict {
        let play = play(options);
        let mut v = Verdict::new(
            self.spec_name(),
            write_position(comps),
            play,
            Winner::from_first_wins(a.first_wins),
            a.method.clone(),
        );
        let kind = match play {
            Play::Normal => Some(ValueKind::Grundy),
            Play::Every => Some(ValueKind::Step),
            Play::Misere => None,
        };
        if let Some(kind) = kind {
            v = v.with_value(kind, a.value.map(|x| x.to_string()));
        }
        let lone = (comps.len() == 1).then_some(Winner::from_first_wins(a.first_wins));
        v.components = comps
            .iter()
            .zip(&a.values)
            .map(|(c, value)| {
                let outcome = match (play, value) {
                    (Play::Normal, Some(g)) => Some(Winner::from_first_wins(*g != 0)),
                    (Play::Every, Some(s)) => Some(Winner::from_first_wins(s % 2 == 1)),
                    _ => lone,
                };
                // Misère play: the SJ theorem's Grundy values are not the verdict's kind.
                let value = value.filter(|_| kind.is_some()).map(|x| x.to_string());
                let mut comp = Component::valued(write_component(c), value);
                comp.outcome = outcome;
                comp
            })
            .collect();
        v
    }

    fn label(comps: &[ScriptPosition], m: &SumMove) -> String {
        m.iter()
            .map(|(i, after)| {
                let change = format!(
                    "{} → {}",
                    write_component(&comps[*i]),
                    write_component(after)
                );
                if comps.len() > 1 {
                    format!("component {}: {change}", i + 1)
                } else {
                    change
                }
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn after(comps: &[ScriptPosition], m: &SumMove) -> Vec<ScriptPosition> {
        let mut next = comps.to_vec();
        for (i, p) in m {
            next[*i] = p.clone();
        }
        next
    }

    /// Every legal move of the sum (one option in one component; under every-move play
    /// one option in each component that can move), and how many in all; when there are
    /// more than `max`, a sample of `max`: the first options of each component, shared
    /// evenly (the policy of [`crate::interface::listing`]).
    fn legal(
        rules: &ScriptRules,
        comps: &[ScriptPosition],
        every: bool,
        max: usize,
    ) -> Result<(Vec<SumMove>, u64)> {
        let mut lists = Vec::new();
        for (i, c) in comps.iter().enumerate() {
            let mut opts: Vec<ScriptPosition> = Vec::new();
            for o in rules.try_options(c)?.iter() {
                if !opts.contains(o) {
                    opts.push(o.clone());
                }
            }
            if !opts.is_empty() {
                lists.push((i, opts));
            }
        }
        if every {
            return Ok(combinations(&lists, max));
        }
        let count: u64 = lists.iter().map(|(_, l)| l.len() as u64).sum();
        let each = if count > max as u64 {
            share(max, lists.len())
        } else {
            max
        };
        let moves = lists
            .into_iter()
            .flat_map(|(i, l)| l.into_iter().take(each).map(move |o| vec![(i, o)]))
            .take(max)
            .collect();
        Ok((moves, count))
    }

    fn solve_inner(
        &self,
        rules: &ScriptRules,
        comps: &[ScriptPosition],
        options: &SolveOptions,
    ) -> Result<Verdict> {
        let mut solvers = Solvers::new(rules, options);
        let a = solvers.analyse(comps)?;
        let mut v = self.base(comps, &a, options);
        let value_after = match play(options) {
            Play::Normal => Some("0".to_string()),
            Play::Every => a.value.map(|s| s.saturating_sub(1).to_string()),
            Play::Misere => None,
        };
        let mut chars = 0usize;
        for m in a.winning.iter().take(MAX_WINNING_LISTED) {
            if chars >= MAX_LISTED_TEXT {
                break;
            }
            let mv = Move::winning_to(
                Self::label(comps, m),
                write_position(&Self::after(comps, m)),
                value_after.clone(),
            );
            chars += mv.label.len() + mv.position.len();
            v.moves.push(mv);
        }
        let all = a.winning_count.unwrap_or(a.winning.len() as u64);
        if all > v.moves.len() as u64 {
            v.incomplete(format!(
                "{all} winning moves in all; the first {} are listed",
                v.moves.len()
            ));
        }
        if a.first_wins && v.moves.is_empty() && v.complete {
            v.note = Some(if options.misere {
                "no move is possible: under misère play the player who cannot move wins".into()
            } else {
                "the player to move wins, but no winning move was found".into()
            });
        }
        Ok(v)
    }

    fn moves_inner(
        &self,
        rules: &ScriptRules,
        comps: &[ScriptPosition],
        options: &SolveOptions,
    ) -> Result<Verdict> {
        let mut solvers = Solvers::new(rules, options);
        let a = solvers.analyse(comps)?;
        let mut v = self.base(comps, &a, options);
        v.listing = Listing::All;
        let (legal, count) = Self::legal(rules, comps, options.every, MAX_MOVES_LISTED)?;
        let mut chars = 0usize;
        for m in &legal {
            if chars >= MAX_LISTED_TEXT {
                break;
            }
            let after = Self::after(comps, m);
            let (value, first_wins) = if options.every {
                let mut max = 0;
                for c in &after {
                    max = max.max(solvers.step(c)?);
                }
                (Some(max), max % 2 == 1)
            } else if options.misere {
                (None, solvers.misere.first_player_wins(&after)?)
            } else {
                let g = after
                    .iter()
                    .map(|c| solvers.grundy.grundy(c).map(|g| g.value()))
                    .collect::<Result<Vec<u64>>>()?
                    .into_iter()
                    .fold(0, |a, b| a ^ b);
                (Some(g), g != 0)
            };
            let mut mv = Move::new(Self::label(comps, m), write_position(&after));
            mv.value = value.map(|x| x.to_string());
            mv.outcome = Some(Winner::from_first_wins(first_wins));
            mv.winning = !first_wins;
            chars += mv.label.len() + mv.position.len();
            v.moves.push(mv);
        }
        if count > v.moves.len() as u64 {
            v.incomplete(sample_note(count, v.moves.len()));
        }
        Ok(v)
    }
}

impl Game for ScriptGame {
    fn spec(&self) -> String {
        self.spec_name().to_string()
    }

    fn solve(&self, position: &[String], options: &SolveOptions) -> Result<Verdict> {
        let comps = parse(position)?;
        let rules = self.rules();
        let v = self.solve_inner(&rules, &comps, options);
        rules.finish(v)
    }

    fn moves(&self, position: &[String], options: &SolveOptions) -> Result<Verdict> {
        let comps = parse(position)?;
        let rules = self.rules();
        let v = self.moves_inner(&rules, &comps, options);
        rules.finish(v)
    }

    fn legal_moves(&self, position: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        let comps = parse(position)?;
        let rules = self.rules();
        let (moves, count) = rules.finish(Self::legal(
            &rules,
            &comps,
            options.every,
            MAX_LEGAL_MOVES as usize,
        ))?;
        if count > moves.len() as u64 {
            return Err(Error::unsupported(format!(
                "{} has {count} legal moves, more than the {MAX_LEGAL_MOVES} that are listed",
                write_position(&comps)
            )));
        }
        Ok(moves
            .iter()
            .map(|m| LegalMove {
                label: Self::label(&comps, m),
                position: write_position(&Self::after(&comps, m)),
                side: None,
            })
            .collect())
    }

    fn table(&self, options: &TableOptions) -> Result<Table> {
        self.table_report(options)
    }
}
