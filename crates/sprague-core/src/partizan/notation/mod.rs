//! CGSuite's notation for short games and its expressions: a hand-written tokenizer
//! (`lex`) and recursive-descent parser (`parser`) with a nesting limit (so no input can
//! exhaust the stack), and CGSuite's methods on games (`methods`). Printing is
//! [`Context::display`](super::Context::display).
//!
//! Grammar (spaces allowed between tokens), CGSuite's precedence:
//! ```text
//! top    := expr [rel expr]                          rel: <= >= < > == != <| |> <>
//! expr   := prod (('+' | '-' | '+-') prod)*          a '+-' between terms means + (+-term)
//! prod   := ord ('*' ord)*                           n copies of a game, numbers multiply
//! ord    := unary (':' unary)*                       the ordinal sum G:H
//! unary  := '-' unary | '+' unary | ('+-' | '±') ('{' list '}' | unary)
//!         | atom postfix ['^' unary]                 a number to an integer power
//! postfix:= ('.' Name ['(' args ')'])*               CGSuite's methods: G.Cool(1), ^.Pow(3)
//! atom   := nus | '{' sides '}' | '(' expr ')' | 'Tiny' '(' expr ')' | 'Miny' '(' expr ')'
//!         | name '(' '"' position '"' ')'            a catalogue game, through [`Catalogue`]
//! nus    := [int ['/' int]] [ups] ['*' [int]] [tiny]  at least one part
//!         | ('^' | 'v') '(' expr ')' ['*' [int]] | '*' '(' expr ')'   CGSuite's operators on
//!                                                    integers: ^(3) = ^3, *(3+5) = *8
//! ups    := '^'+ [int | '<' int '>' | '[' int ']'] | 'v'+ [...the same]
//! tiny   := ('Tiny' | 'Miny') '(' expr ')'            after a number only
//! sides  := split at the unique longest run of '|': each side is either a list of
//!           expressions separated by ',' or, when it holds '|' itself, one braceless game
//! ```
//! A `*` right after a number or ups begins the nimber part (`2*3` is `2 + *3`, as CGSuite
//! prints it) unless `{`, `(`, a word, `^` or `v` follows it: then it is the product
//! (`2*{1|0}`, `^*(3)`); likewise `^` right after a number is an up unless `(` follows it
//! (`2^3` is `2 + ^3`; `2^(3)` is 8), and after `)` it is the power (`(1/2)^4`).
//! `^` is up, `^^` double up, `^3` three ups, `^<n>` up-nth and `^[n]` up-sum (see
//! [`up_nth`](super::canonical::up_nth), [`up_sum`](super::canonical::up_sum)), `v` the
//! same downwards; `+-G = {G | -G}`, `+-{G,H} = {G,H|-G,-H}`;
//! `Tiny(G) = {0 || 0 | -G}`, `Miny(G) = {G | 0 || 0}`; a number written before `Tiny`/`Miny`
//! is added (`3Tiny({3|1})`, as CGSuite prints it). A property that is not a game
//! (`.IsNumber`, `.OutcomeClass`, `.Options(Left)`, `.Thermograph`) ends the whole
//! expression. Loopy games (`pass`, `on`, `off`, `over`, `upon`, ...) are refused by name.
//! Printing: [`super::print`].

mod arith;
#[cfg(test)]
mod cgsuite_short_games;
#[cfg(test)]
mod cgsuite_tests;
mod forms;
mod lex;
mod methods;
mod parser;

pub use lex::Relation;
pub use methods::METHODS;

use super::canonical::{Context, GameId, PartizanOutcome};
use crate::error::{Error, Result};
use lex::tokenize;
use parser::Parser;

/// The deepest nesting of braces and parentheses the parser accepts.
pub const MAX_NESTING: usize = 200;
/// The largest `n` accepted in `^<n>` (the birthday of up-nth grows with `n`).
pub const MAX_UP_NTH: u64 = 64;

/// What an expression evaluates to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A game (numbers included: `G.Mean`, `G.Birthday`).
    Game(GameId),
    /// A comparison or a property such as `G.IsNumber`.
    Bool(bool),
    /// `G.OutcomeClass`.
    Outcome(PartizanOutcome),
    /// A list of games: `G.Options(Left)`, `G.Followers`, `G.Incentives`.
    Games(Vec<GameId>),
    /// A list of positions of a catalogue game, each written `name("position")`: the
    /// followers of one (`domineering("..|..").Followers`).
    Positions(Vec<String>),
    /// `G.Thermograph`: the thermograph of this game.
    Thermograph(GameId),
    /// A property written as text: `G.UptimalExpansion` (`0.1111`), `G.Class`
    /// (`⟪game.Nimber⟫`); `kind` names it in reports.
    Text {
        /// What the text is: `uptimal expansion`, `class`.
        kind: &'static str,
        /// The text, as CGSuite prints it.
        text: String,
    },
}

/// Games named in an expression, `name("position")`: the layer that knows the catalogue
/// resolves them (the core does not know the games).
pub trait Catalogue {
    /// The canonical form of `position` of the catalogue game `name`, in this notation.
    fn canonical(&self, name: &str, position: &str) -> Result<String>;

    /// The game tree of `position` of the catalogue game `name`, written into `forms`, for
    /// misère play (`.MisereOutcomeClass`), which the canonical form does not decide. The
    /// default has none.
    fn misere_form(
        &self,
        name: &str,
        position: &str,
        forms: &mut crate::partizan::misere::Forms,
    ) -> Result<crate::partizan::misere::FormRef> {
        let _ = (position, forms);
        Err(Error::parse(format!(
            "the misère outcome of `{name}(...)` is not computed here: an expression holds its normal-play value, not its game tree"
        )))
    }

    /// The followers of `position` of the catalogue game `name` (`.Followers` of a
    /// catalogue game, as CGSuite lists a game object's): every position reachable, the
    /// position itself first, each written as `parse` reads it. The default has none.
    fn followers(&self, name: &str, position: &str) -> Result<Vec<String>> {
        let _ = position;
        Err(Error::parse(format!(
            "the followers of `{name}(...)` are not listed here: an expression holds its value, not its positions"
        )))
    }
}

/// No catalogue: every `name("position")` is an error.
pub struct NoCatalogue;

impl Catalogue for NoCatalogue {
    fn canonical(&self, name: &str, _position: &str) -> Result<String> {
        Err(Error::parse(format!(
            "`{name}(...)`: catalogue games are not available here"
        )))
    }

    fn followers(&self, name: &str, position: &str) -> Result<Vec<String>> {
        self.canonical(name, position).map(|_| Vec::new())
    }
}

/// Parses a game expression in CGSuite's notation into its canonical form (an expression
/// whose value is not a game, such as a comparison, is an error).
pub fn parse(ctx: &mut Context, s: &str) -> Result<GameId> {
    match evaluate(ctx, s, &NoCatalogue)? {
        Answer::Game(g) => Ok(g),
        _ => Err(Error::parse(format!("`{s}` is not a game"))),
    }
}

/// Evaluates an expression: a game, a comparison of two, or a property of one, with
/// catalogue games resolved by `catalogue`.
pub fn evaluate(ctx: &mut Context, s: &str, catalogue: &dyn Catalogue) -> Result<Answer> {
    let toks = tokenize(s)?;
    if toks.is_empty() {
        return Err(Error::parse("empty game expression".to_string()));
    }
    let mut p = Parser {
        toks: &toks,
        pos: 0,
        src: s,
        depth: 0,
        catalogue,
        answer: None,
    };
    p.top(ctx)
}

/// `Tiny(G) = {0 || 0 | -G}`.
pub fn tiny_of(ctx: &mut Context, g: GameId) -> GameId {
    let z = ctx.zero();
    let ng = ctx.neg(g);
    let inner = ctx.from_options(&[z], &[ng]);
    ctx.from_options(&[z], &[inner])
}

/// `Miny(G) = {G | 0 || 0}`.
pub fn miny_of(ctx: &mut Context, g: GameId) -> GameId {
    let t = tiny_of(ctx, g);
    ctx.neg(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::canonical::MAX_NIMBER;

    fn show(s: &str) -> String {
        let mut c = Context::new();
        let g = parse(&mut c, s).unwrap();
        c.display(g)
    }

    /// Nimbers up to `*65535` are literals, and nim sums of them stay literals; a larger
    /// nimber arises only as a mex, and stops the context with a message instead of
    /// printing text that would not read back.
    #[test]
    fn nimbers_print_as_literals_that_read_back_or_stop_the_context() {
        let mut c = Context::new();
        let g = parse(&mut c, "*65535 + *40000 + *1").unwrap();
        let shown = c.display(g);
        assert_eq!(shown, format!("*{}", 65535 ^ 40000 ^ 1));
        assert_eq!(parse(&mut c, &shown).unwrap(), g);
        let err = parse(&mut c, "*65536").unwrap_err().to_string();
        assert!(err.contains("*65536") && err.contains("*65535"), "{err}");
        assert!(c.stopped().is_ok());

        // The mex of `{0,*,...,*65535|0,*,...,*65535}` makes this nimber (a test that
        // simplifies that list takes minutes unoptimised).
        c.nimber(MAX_NIMBER);
        assert!(c.stopped().is_ok());
        c.nimber(MAX_NIMBER + 1);
        let err = c.stopped().unwrap_err().to_string();
        assert!(err.contains("*65536") && err.contains("*65535"), "{err}");
    }

    /// Sums reach more ups than one literal reads: they are printed as sums of literals,
    /// which read back to the same game (a fuzz finding: `^466` did not).
    #[test]
    fn values_beyond_one_literal_print_as_sums_that_read_back() {
        for (text, shown) in [
            ("^222 + ^22 + ^222", "^256+^210"),
            ("v256 + v256 + v10", "v256+v256+v10"),
            (
                "{2|-1} + 444646666 ^222 + ^244",
                "{444646668^256+^210|444646665^256+^210}",
            ),
            ("{444646668 ^256 + ^210 | 0}", "{444646668^256+^210|0}"),
        ] {
            let mut c = Context::new();
            let g = parse(&mut c, text).unwrap();
            assert_eq!(c.display(g), shown, "{text}");
            let back = parse(&mut c, shown).unwrap();
            assert_eq!(back, g, "{text} printed as {shown}");
        }
    }

    #[test]
    fn parses_and_prints() {
        assert_eq!(show("{3||2|1}"), "{3||2|1}");
        assert_eq!(show("{3|{2|1}}"), "{3||2|1}");
        assert_eq!(show("^ + *"), "^*");
        assert_eq!(show("^+^*"), "^^*");
        assert_eq!(show("*2 + *3"), "*");
        assert_eq!(show("^ + v"), "0");
        assert_eq!(show("{0|0}"), "*");
        assert_eq!(show("{0|*}"), "^");
        assert_eq!(show("{0,*|0}"), "^*");
        assert_eq!(show("+-1"), "+-1");
        assert_eq!(show("{1|-1}"), "+-1");
        assert_eq!(show("{1|0}"), "{1|0}");
        assert_eq!(show("3/4"), "3/4");
        assert_eq!(show("-1/2"), "-1/2");
        assert_eq!(show("{0|1}"), "1/2");
        assert_eq!(show("{1/2|1}"), "3/4");
        assert_eq!(show("v3"), "v3");
        assert_eq!(show("v + v + v"), "v3");
        assert_eq!(show("1/2 + 1/4"), "3/4");
        assert_eq!(show("1^*"), "1^*");
        assert_eq!(show("{1|1}"), "1*");
        assert_eq!(show("-(1 + *)"), "-1*");
        assert_eq!(show("-1 + ^"), "-1^");
        assert_eq!(show("-1^"), "-1^");
        assert_eq!(show("-(1^)"), "-1v");
        assert_eq!(show("2 -1^"), "1v");
        assert_eq!(show("^<1>"), "^");
        assert_eq!(show("^<2>"), "^<2>");
        assert_eq!(show("{0|v*}"), "^<2>");
        assert_eq!(show("^[3]*2"), show("^[3] + *2"));
        assert_eq!(show("Tiny(1)"), "Tiny(1)");
        assert_eq!(show("{0||0|-1}"), "Tiny(1)");
        assert_eq!(show("Miny(2)"), "Miny(2)");
        assert_eq!(show("{2|0||0}"), "Miny(2)");
    }

    fn misere(expr: &str) -> String {
        let mut c = Context::new();
        match evaluate(&mut c, expr, &NoCatalogue) {
            Ok(Answer::Outcome(o)) => o.to_string(),
            Ok(other) => panic!("{expr}: {other:?}"),
            Err(e) => format!("!!{e}"),
        }
    }

    /// The misère outcome is of the form written: `{0,*|}` equals 1 in normal play, yet
    /// Left moving first wins it under misère play (to `*`, Right must move to 0) and loses
    /// 1; sums, negations and switches of forms are forms; a value (a method's result, a
    /// nus) enters as its canonical form.
    #[test]
    fn misere_outcome_of_the_form_written() {
        use crate::limits::Limits;
        use crate::partizan::misere::Forms;
        assert_eq!(misere("{0,*|}.MisereOutcomeClass"), "N");
        assert_eq!(misere("1.MisereOutcomeClass"), "R");
        assert_eq!(misere("{0|}.MisereOutcomeClass"), "R");
        assert_eq!(misere("{0,*|}.Cool(0).MisereOutcomeClass"), "R");
        assert_eq!(misere("(-{0,*|}).MisereOutcomeClass"), "N");
        assert_eq!(misere("(-1).MisereOutcomeClass"), "L");
        assert_eq!(misere("*.MisereOutcomeClass"), "P");
        assert_eq!(misere("{*|*}.MisereOutcomeClass"), "N");
        // CGSuite's quotes for an explicit form group like parentheses.
        assert_eq!(misere("'{0,*|}'.MisereOutcomeClass"), "N");
        assert_eq!(
            misere("('{0,*|}' + 1).MisereOutcomeClass"),
            misere("({0,*|} + 1).MisereOutcomeClass")
        );
        assert_eq!(show("'{*|*}'"), "0");
        assert!(misere("'{0,*|}.MisereOutcomeClass").starts_with("!!"));
        // Each expression against the same form built by hand.
        let mut forms = Forms::new();
        let zero = forms.game(vec![], vec![]).unwrap();
        let star = forms.game(vec![zero], vec![zero]).unwrap();
        let one = forms.game(vec![zero], vec![]).unwrap();
        let g = forms.game(vec![zero, star], vec![]).unwrap();
        let sw = forms.game(vec![g, star], vec![-g, -star]).unwrap();
        let outcome = |forms: &Forms, f| {
            forms
                .misere_outcome(f, &Limits::default())
                .unwrap()
                .to_string()
        };
        for (expr, want) in [
            ("({0,*|} + * - 1).MisereOutcomeClass", {
                let s = forms.sum(vec![g, star, -one]).unwrap();
                outcome(&forms, s)
            }),
            ("(+-{{0,*|},*}).MisereOutcomeClass", outcome(&forms, sw)),
            ("(1 +- {0,*|}).MisereOutcomeClass", {
                let pm = forms.game(vec![g], vec![-g]).unwrap();
                let s = forms.sum(vec![one, pm]).unwrap();
                outcome(&forms, s)
            }),
            ("{{0,*|} || * | 1, -{0,*|}}.MisereOutcomeClass", {
                let inner = forms.game(vec![star], vec![one, -g]).unwrap();
                let f = forms.game(vec![g], vec![inner]).unwrap();
                outcome(&forms, f)
            }),
        ] {
            assert_eq!(misere(expr), want, "{expr}");
        }
        // Hand-built sums differ from their canonical values' outcome where the forms do.
        assert_ne!(
            misere("({0,*|} + {0,*|}).MisereOutcomeClass"),
            misere("2.MisereOutcomeClass")
        );
        assert!(misere("(1 + {0,*|}).MisereOutcomeClass.IsNumber").starts_with("!!"));
        assert!(misere("{0,*|}.MisereOutcomeClass(1)").starts_with("!!"));
    }

    #[test]
    fn errors_name_the_input() {
        let mut c = Context::new();
        for bad in [
            "", "{1|2|3}", "{1", "1/3", "x", "^<0>", "{1,|}", "((1)", "1 2",
        ] {
            let e = parse(&mut c, bad);
            assert!(e.is_err(), "`{bad}` should not parse");
        }
        let deep = "{".repeat(10_000) + &"}".repeat(10_000);
        assert!(parse(&mut c, &deep).is_err());
        let deep = "-".repeat(100_000) + "1";
        assert!(parse(&mut c, &deep).is_err());
    }
}
