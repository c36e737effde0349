//! `sprague value` with the catalogue: expressions in CGSuite's notation that name
//! catalogue games, `domineering("..|..") + ^`. The core's parser knows no games; it asks
//! a [`Catalogue`], which this layer implements by solving the position with the catalogue
//! game and handing back its canonical form. Rules scripts join the catalogue under names
//! the caller gives them ([`ScriptGames`]: `sprague value --rules dom=FILE 'dom("..")'`);
//! the caller reads the files, this layer only compiles the texts.

use sprague_core::error::{Error, Result};
use sprague_core::limits::Limits;
use sprague_core::partizan::misere::{FormRef, Forms};
use sprague_core::partizan::notation::Catalogue;
use sprague_games::interface::verdict::ValueKind;
use sprague_games::interface::{Game, SolveOptions};
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
        canonical_of(game.as_ref(), position, &self.options)
    }

    fn misere_form(&self, name: &str, position: &str, forms: &mut Forms) -> Result<FormRef> {
        let game = crate::catalogue::lookup(name)?;
        game.misere_form(&words(position), forms, &self.options)
    }

    fn followers(&self, name: &str, position: &str) -> Result<Vec<String>> {
        let game = crate::catalogue::lookup(name)?;
        game.followers(&words(position), &self.options)
    }
}

fn words(position: &str) -> Vec<String> {
    position.split_whitespace().map(str::to_string).collect()
}

/// The canonical form of `position` of `game`, or an error when the game has none.
fn canonical_of(game: &dyn Game, position: &str, options: &SolveOptions) -> Result<String> {
    let verdict = game.solve(&words(position), options)?;
    match (verdict.value_kind, verdict.value) {
        (Some(ValueKind::Canonical), Some(v)) => Ok(v),
        _ => Err(Error::unsupported(format!(
            "`{}` has no partizan value (a canonical form), so it cannot be part of an expression; `sprague solve {} '{position}'` analyses it",
            game.spec(),
            game.spec()
        ))),
    }
}

/// The catalogue and rules scripts named by the caller: `name("position")` is the script
/// game called `name` when there is one, else the catalogue game.
pub struct ScriptGames {
    catalogue: CatalogueGames,
    scripts: Vec<(String, Box<dyn Game>)>,
}

/// A rules script to name in expressions: the name it is called by, the spec that names
/// it in messages (`rules:FILE`), and its text (read by the caller).
pub struct NamedScript<'a> {
    /// The name used in expressions, `dom` in `dom("..|..")`.
    pub name: &'a str,
    /// The spec naming the script in messages, `rules:examples/rules/domineering.luau`.
    pub spec: &'a str,
    /// The script itself.
    pub text: &'a str,
}

impl ScriptGames {
    /// The catalogue, with each script compiled and named. A name must be a word of the
    /// notation (a letter or `_`, then letters, digits, `_`, `-`) that is no catalogue game,
    /// no name of the notation (`Tiny`, `Miny`, a loopy game, all `v`s) and no other
    /// script's.
    pub fn new(limits: &Limits, scripts: &[NamedScript<'_>]) -> Result<Self> {
        let mut compiled: Vec<(String, Box<dyn Game>)> = Vec::new();
        for s in scripts {
            check_script_name(s.name)?;
            if compiled.iter().any(|(n, _)| n == s.name) {
                return Err(Error::parse(format!(
                    "the name `{}` is given to two scripts",
                    s.name
                )));
            }
            let game = sprague_games::script::game::game_from_script(s.spec, s.text)?;
            compiled.push((s.name.to_string(), game));
        }
        Ok(ScriptGames {
            catalogue: CatalogueGames::new(limits),
            scripts: compiled,
        })
    }
}

impl Catalogue for ScriptGames {
    fn canonical(&self, name: &str, position: &str) -> Result<String> {
        match self.scripts.iter().find(|(n, _)| n == name) {
            Some((_, game)) => canonical_of(game.as_ref(), position, &self.catalogue.options),
            None => self.catalogue.canonical(name, position),
        }
    }

    fn misere_form(&self, name: &str, position: &str, forms: &mut Forms) -> Result<FormRef> {
        match self.scripts.iter().find(|(n, _)| n == name) {
            Some((_, game)) => game.misere_form(&words(position), forms, &self.catalogue.options),
            None => self.catalogue.misere_form(name, position, forms),
        }
    }

    fn followers(&self, name: &str, position: &str) -> Result<Vec<String>> {
        match self.scripts.iter().find(|(n, _)| n == name) {
            Some((_, game)) => game.followers(&words(position), &self.catalogue.options),
            None => self.catalogue.followers(name, position),
        }
    }
}

/// Refuses a script name that an expression could not call, or that would hide a
/// catalogue game or a name of the notation.
fn check_script_name(name: &str) -> Result<()> {
    // As the notation's tokenizer reads a word: a `-` only before a letter.
    let cs: Vec<char> = name.chars().collect();
    let word = cs
        .first()
        .is_some_and(|&c| c.is_ascii_alphabetic() || c == '_')
        && cs.iter().enumerate().all(|(i, &c)| {
            c.is_ascii_alphanumeric()
                || c == '_'
                || (c == '-' && cs.get(i + 1).is_some_and(|d| d.is_ascii_alphabetic()))
        });
    if !word {
        return Err(Error::parse(format!(
            "`{name}` cannot name a script: a name is a letter or `_`, then letters, digits,              `_` and `-` (`dom`, `my-game`)"
        )));
    }
    let lower = name.to_ascii_lowercase();
    let reserved = name.chars().all(|c| c == 'v')
        || ["tiny", "miny", "player", "left", "right"].contains(&lower.as_str())
        || ["pass", "on", "off", "over", "under", "upon", "dud"].contains(&name);
    if reserved {
        return Err(Error::parse(format!(
            "`{name}` is a name of the notation; name the script otherwise"
        )));
    }
    if crate::catalogue::lookup(name).is_ok() {
        return Err(Error::parse(format!(
            "`{name}` is a catalogue game; name the script otherwise (`--rules my-{name}=FILE`)"
        )));
    }
    Ok(())
}

/// `sprague value EXPR`: the answer to an expression that may name catalogue games,
/// within `limits`.
pub fn value_answer(expr: &str, opts: &ValueOptions, limits: &Limits) -> Result<ValueAnswer> {
    value::value_answer(expr, opts, limits, &CatalogueGames::new(limits))
}

/// [`value_answer`] with rules scripts named too (`sprague value --rules NAME=FILE`).
pub fn value_answer_with_scripts(
    expr: &str,
    opts: &ValueOptions,
    limits: &Limits,
    scripts: &[NamedScript<'_>],
) -> Result<ValueAnswer> {
    value::value_answer(expr, opts, limits, &ScriptGames::new(limits, scripts)?)
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

    fn property(expr: &str) -> String {
        match value_answer(expr, &ValueOptions::default(), &Limits::default()) {
            Ok(ValueAnswer::Property(p)) => p.answer,
            other => panic!("{expr}: {}", other.is_ok()),
        }
    }

    /// A catalogue game enters a misère expression as its game tree: the class is that of
    /// `solve --misere`, that of the same tree written with braces (`..` is Right's one
    /// move, `{|0}`), and sums and negations of it are searched as forms.
    #[test]
    fn misere_outcomes_of_catalogue_games() {
        let misere = SolveOptions {
            misere: true,
            ..SolveOptions::default()
        };
        let dom = crate::catalogue::lookup("domineering").unwrap();
        for pos in [
            ".",
            "..",
            ".|.",
            "...",
            "..|..",
            "...|...",
            "...|..#|...",
            "....|....",
        ] {
            let solved = dom.solve(&[pos.to_string()], &misere).unwrap();
            let class = property(&format!("domineering(\"{pos}\").MisereOutcomeClass"));
            assert_eq!(class, format!("{:?}", solved.outcome), "{pos}");
        }
        for (catalogue, braces) in [
            ("domineering(\"..\")", "{|0}"),
            ("domineering(\"..\") + {0,*|}", "{|0} + {0,*|}"),
            ("domineering(\"..\") + domineering(\".|.\")", "{|0} + {0|}"),
            ("-domineering(\"...\") + *", "-{|{|}} + *"),
        ] {
            assert_eq!(
                property(&format!("({catalogue}).MisereOutcomeClass")),
                property(&format!("({braces}).MisereOutcomeClass")),
                "{catalogue}"
            );
        }
        // A catalogue game whose value, not tree, an operation would take is refused.
        let e = value_answer(
            "domineering(\"..\").Cool(0).MisereOutcomeClass",
            &ValueOptions::default(),
            &Limits::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("game tree"), "{e}");
    }

    /// CGSuite's own tests of its rulesets (`GameTest.scala`, "define Amazons properly"
    /// and its neighbours, and "game.Game should implement methods correctly"), written
    /// with the catalogue's names.
    #[test]
    fn cgsuite_answers_for_catalogue_rulesets() {
        for (expr, want) in [
            (
                "amazons(\"x...|o...\")",
                "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}",
            ),
            ("clobber(\"xox|ox.\")", "{^^*|*,v}"),
            (
                "domineering(\"....|....|....|....\")",
                "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
            ),
            (
                "toads-and-frogs(\"ttttt..fffff\")",
                "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}",
            ),
            // A game object's followers are its positions, not its value's followers.
            ("amazons(\"x...|o...\").Followers.Size", "2784"),
        ] {
            let ValueAnswer::Game(r) = answer(expr) else {
                panic!("{expr}: a game")
            };
            assert_eq!(r.canonical, want, "{expr}");
        }
    }

    /// `.Followers` of a catalogue game lists its positions, itself first, each once; each
    /// follower's own followers are among them.
    #[test]
    fn followers_of_catalogue_games_are_positions() {
        let list = |expr: &str| match answer(expr) {
            ValueAnswer::Property(p) => p.games.expect("a list"),
            ValueAnswer::Game(_) => panic!("{expr}: a list"),
        };
        assert_eq!(
            list("domineering(\"..\").Followers"),
            ["domineering(\"..\")", "domineering(\"##\")"]
        );
        let all = list("(domineering(\"...|...\")).Followers");
        assert_eq!(all[0], "domineering(\"...|...\")");
        let distinct: std::collections::HashSet<&String> = all.iter().collect();
        assert_eq!(distinct.len(), all.len());
        for f in &all {
            for g in list(&format!("{f}.Followers")) {
                assert!(distinct.contains(&g), "{g}, a follower of {f}");
            }
        }
        // The script of Domineering has the catalogue game's followers.
        let ValueAnswer::Property(p) = with_script("dom(\"...|...\").Followers", "dom").unwrap()
        else {
            panic!("a list")
        };
        assert_eq!(p.games.unwrap().len(), all.len());
        let e = value_answer(
            "kayles(\"3\").Followers",
            &ValueOptions::default(),
            &Limits::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("kayles"), "{e}");
    }

    const DOMINEERING: &str = include_str!("../../../examples/rules/domineering.luau");

    fn with_script(expr: &str, name: &str) -> Result<ValueAnswer> {
        let scripts = [NamedScript {
            name,
            spec: "rules:examples/rules/domineering.luau",
            text: DOMINEERING,
        }];
        value_answer_with_scripts(expr, &ValueOptions::default(), &Limits::default(), &scripts)
    }

    /// The Domineering script named in an expression gives the catalogue game's values.
    #[test]
    fn rules_scripts_inside_expressions() {
        for pos in ["..|..", "...|...", "..|..|..", "...|..#|...", "....|...."] {
            let ValueAnswer::Game(script) =
                with_script(&format!("dom(\"{pos}\") + ^"), "dom").unwrap()
            else {
                panic!("a game")
            };
            let ValueAnswer::Game(catalogue) = answer(&format!("domineering(\"{pos}\") + ^"))
            else {
                panic!("a game")
            };
            assert_eq!(script.canonical, catalogue.canonical, "{pos}");
        }
        let ValueAnswer::Property(p) = with_script(
            "my-dom_2(\"...|...\") - domineering(\"...|...\") == 0",
            "my-dom_2",
        )
        .unwrap() else {
            panic!("a comparison")
        };
        assert_eq!(p.boolean, Some(true));
        // Only the name given calls the script.
        let e = with_script("dom(\"..\")", "other").unwrap_err().to_string();
        assert!(e.contains("dom"), "{e}");
        for (bad, says) in [
            ("domineering", "catalogue game"),
            ("Tiny", "notation"),
            ("vv", "notation"),
            ("on", "notation"),
            ("2x", "cannot name"),
            ("a b", "cannot name"),
            ("", "cannot name"),
            ("x-", "cannot name"),
            ("x-2", "cannot name"),
        ] {
            let e = with_script("1", bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
        let e = value_answer_with_scripts(
            "1",
            &ValueOptions::default(),
            &Limits::default(),
            &[
                NamedScript {
                    name: "a",
                    spec: "rules:x.luau",
                    text: DOMINEERING,
                },
                NamedScript {
                    name: "a",
                    spec: "rules:y.luau",
                    text: DOMINEERING,
                },
            ],
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("two scripts"), "{e}");
    }
}
