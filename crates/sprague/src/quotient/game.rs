//! The heap games whose misère quotients `sprague quotient` computes, found by spec through
//! the catalogue's registry: each family keeps its own glue (`sprague_games::octal::quotient`,
//! `sprague_games::number::quotient`, `sprague_games::script::quotient`), and this file only
//! asks them in turn.

use crate::catalogue::{find_entry, split_spec};
use sprague_core::error::{Error, Result};
use sprague_core::quotient::{HeapGame, HeapOptions, SplitRule};
use sprague_games::number::quotient::SubtractionHeapGame;
use sprague_games::octal::quotient::OctalHeapGame;
use sprague_games::script::game::{is_script_spec, ScriptGame};
use sprague_games::script::quotient::ScriptHeapGame;
use std::sync::Arc;

/// The families that have a misère quotient, for the message that refuses other games.
pub const QUOTIENT_GAMES: &str = "octal:CODE, hex:CODE, kayles, dawson-kayles, dawson-chess, officers, grundy-game, lasker-nim, subtraction:SET, bash:K, bounded-nim:K and rules:FILE (a one-heap rules script)";

/// A heap game of the catalogue or a rules script, as the quotient engine sees it. A clone
/// shares a script's record of its first failure.
#[derive(Clone)]
pub struct QuotientGame {
    spec: String,
    kind: Kind,
}

#[derive(Clone)]
enum Kind {
    Octal(OctalHeapGame),
    Subtraction(SubtractionHeapGame),
    Script(Arc<ScriptHeapGame>),
}

impl QuotientGame {
    /// The game a catalogue spec names (`octal:0.75`, `kayles`, `subtraction:1,3,4`),
    /// refused with the list of games that have quotients when it is no heap game. A
    /// `rules:` spec is refused here (the library does no I/O): see [`QuotientGame::script`].
    pub fn lookup(spec: &str) -> Result<QuotientGame> {
        let spec = spec.trim();
        if is_script_spec(spec) {
            return Err(crate::catalogue::script_lookup_error(spec));
        }
        let (name, params) = split_spec(spec);
        let entry = find_entry(name)?;
        let kind = if let Some(og) =
            sprague_games::octal::entries::octal_game_named(entry.name, params)?
        {
            Kind::Octal(OctalHeapGame::new(og.rules)?)
        } else if let Some(g) =
            sprague_games::number::quotient::heap_game_named(entry.name, params)?
        {
            Kind::Subtraction(g)
        } else {
            return Err(Error::unsupported(format!(
                "`{spec}` is not a heap game whose misère quotient sprague computes; those are {QUOTIENT_GAMES}"
            )));
        };
        Ok(QuotientGame {
            spec: spec.to_string(),
            kind,
        })
    }

    /// The game of a rules script (`rules:FILE`, its text read by the caller): heap `n` is
    /// the integer position `n`; its quotients are bounded.
    pub fn script(spec: &str, text: &str) -> Result<QuotientGame> {
        let game = ScriptGame::compile(spec.trim(), text)?;
        Ok(QuotientGame {
            spec: spec.trim().to_string(),
            kind: Kind::Script(Arc::new(ScriptHeapGame::new(&game))),
        })
    }

    /// The spec that names the game.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// Whether the game has take-and-break rules, so that a period can be proven.
    pub fn has_rules(&self) -> bool {
        self.rules().is_some()
    }

    /// The result of a computation over the game, or the rules script's first failure
    /// during it, which is the real cause (the engine stopped on it).
    pub fn finish<T>(&self, result: Result<T>) -> Result<T> {
        match &self.kind {
            Kind::Script(s) => s.finish(result),
            _ => result,
        }
    }
}

impl HeapGame for QuotientGame {
    fn options(&self, n: u64, out: &mut HeapOptions) {
        match &self.kind {
            Kind::Octal(g) => g.options(n, out),
            Kind::Subtraction(g) => g.options(n, out),
            Kind::Script(g) => g.as_ref().options(n, out),
        }
    }

    fn rules(&self) -> Option<Vec<SplitRule>> {
        match &self.kind {
            Kind::Octal(g) => HeapGame::rules(g),
            Kind::Subtraction(g) => HeapGame::rules(g),
            Kind::Script(g) => HeapGame::rules(&**g),
        }
    }
}
