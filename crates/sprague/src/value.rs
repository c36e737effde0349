//! `sprague value` with the catalogue: expressions in CGSuite's notation that name
//! catalogue games, `domineering("..|..") + ^`. The core's parser knows no games; it asks
//! a [`Catalogue`], which this layer implements by solving the position with the catalogue
//! game and handing back its canonical form.

use sprague_core::error::{Error, Result};
use sprague_core::limits::Limits;
use sprague_core::partizan::notation::Catalogue;
use sprague_games::interface::verdict::ValueKind;
use sprague_games::interface::SolveOptions;
use sprague_games::partizan::value::{self, ValueAnswer, ValueOptions};

/// The catalogue's partizan games, solved within the request's limits.
pub struct CatalogueGames {
    options: SolveOptions,
}

impl CatalogueGames {
    /// Games solved within `limits` (positions, deadline, cancellation flag).
    pub fn new(limits: &Limits) -> Self {
        CatalogueGames {
            options: SolveOptions {
                max_positions: limits.max_positions.unwrap_or(0),
                deadline: limits.deadline,
                cancel: limits.cancel.clone(),
                progress: limits.progress.clone(),
                ..SolveOptions::default()
            },
        }
    }
}

impl Catalogue for CatalogueGames {
    fn canonical(&self, name: &str, position: &str) -> Result<String> {
        let game = crate::catalogue::lookup(name)?;
        let words: Vec<String> = position.split_whitespace().map(str::to_string).collect();
        let verdict = game.solve(&words, &self.options)?;
        match (verdict.value_kind, verdict.value) {
            (Some(ValueKind::Canonical), Some(v)) => Ok(v),
            _ => Err(Error::unsupported(format!(
                "`{}` has no partizan value (a canonical form), so it cannot be part of an expression; `sprague solve {} '{position}'` analyses it",
                game.spec(),
                game.spec()
            ))),
        }
    }
}

/// `sprague value EXPR`: the answer to an expression that may name catalogue games,
/// within `limits`.
pub fn value_answer(expr: &str, opts: &ValueOptions, limits: &Limits) -> Result<ValueAnswer> {
    value::value_answer(expr, opts, limits, &CatalogueGames::new(limits))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(expr: &str) -> ValueAnswer {
        value_answer(expr, &ValueOptions::default(), &Limits::default()).unwrap()
    }

    #[test]
    fn catalogue_games_inside_expressions() {
        // A 1x2 Domineering board is Left's one move: 1; a 2x1 board is Right's: -1.
        let ValueAnswer::Game(r) = answer("domineering(\"..\") + ^") else {
            panic!("a game")
        };
        assert_eq!(r.canonical, "-1^");
        let ValueAnswer::Property(p) = answer("domineering(\".|.\") == 1") else {
            panic!("a comparison")
        };
        assert_eq!(p.boolean, Some(true));
        // The value agrees with `solve`'s.
        let solved = crate::catalogue::lookup("domineering")
            .unwrap()
            .solve(&["...|...".to_string()], &SolveOptions::default())
            .unwrap();
        let ValueAnswer::Game(r) = answer("domineering(\"...|...\")") else {
            panic!("a game")
        };
        assert_eq!(Some(r.canonical), solved.value);
        let e = value_answer(
            "kayles(\"3\")",
            &ValueOptions::default(),
            &Limits::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("no partizan value"), "{e}");
        let e = value_answer(
            "nosuchgame(\"3\")",
            &ValueOptions::default(),
            &Limits::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("nosuchgame"), "{e}");
    }
}
