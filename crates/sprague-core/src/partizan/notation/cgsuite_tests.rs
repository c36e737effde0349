//! CGSuite's own expressions and answers for short games (its test suite,
//! `lib/core/src/test/scala/org/cgsuite/lang/GameTest.scala` and
//! `CanonicalShortGameTestCase.scala`, Aaron Siegel), evaluated here and printed as CGSuite
//! prints them.

use super::*;
use crate::partizan::print::print_list;

/// The answer to `expr` as CGSuite prints it, `!!` and the message for an error.
pub(super) fn eval(expr: &str) -> String {
    let mut c = Context::new();
    match evaluate(&mut c, expr, &NoCatalogue) {
        Ok(Answer::Game(g)) => c.display(g),
        Ok(Answer::Bool(b)) => b.to_string(),
        Ok(Answer::Outcome(o)) => o.to_string(),
        Ok(Answer::Games(v)) => print_list(&mut c, &v),
        Ok(Answer::Positions(v)) => format!("{{{}}}", v.join(",")),
        Ok(Answer::Thermograph(g)) => c.thermograph(g).cgsuite(),
        Ok(Answer::Text { text, .. }) => text,
        Err(e) => format!("!!{e}"),
    }
}

#[test]
fn binary_methods_of_canonical_short_games() {
    for (expr, want) in [
        ("*4.ConwayProduct(*4)", "*6"),
        ("*19.ConwayProduct(*23)", "*86"),
        ("15.ConwayProduct(^^*2)", "^30*2"),
        ("{3|1}.ConwayProduct(^^)", "{^6|^^}"),
        ("^^.ConwayProduct(^^)", "{0||0,*|0,{0,*|0,*2}}"),
        ("{3||2+*|1+*}.Cool(0)", "{3||2*|1*}"),
        ("{3||2+*|1+*}.Cool(1/4)", "{11/4||2|3/2}"),
        ("{3||2+*|1+*}.Cool(1/2)", "{5/2|2*}"),
        ("{3||2+*|1+*}.Cool(5/8)", "{19/8|17/8}"),
        ("{3||2+*|1+*}.Cool(3/4)", "9/4*"),
        ("{3||2+*|1+*}.Cool(70)", "9/4"),
        ("{3||2+*|1+*}.Cool(-1/2)", "{7/2|||5/2|3/2||+-1/2}"),
        ("(1/4).Cool(-1/8)", "1/4"),
        ("(1/4).Cool(-1/4)", "1/4*"),
        ("(1/4).Cool(-3/8)", "{3/8|1/8}"),
        ("{3||2+*|1+*}.Heat(0)", "{3||2*|1*}"),
        ("{3||2+*|1+*}.Heat(1/2)", "{7/2|||5/2|3/2||+-1/2}"),
        ("{3||2+*|1+*}.Heat(1)", "{4|||3|1||0|-2}"),
        ("{3||2+*|1+*}.Heat(-3/4)", "9/4*"),
        ("{3||2+*|1+*}.Heat(-1)", "9/4"),
        ("{3||2+*|1+*}.Heat(-2)", "3/2"),
        ("{3||2+*|1+*}.Heat(-3)", "1"),
        ("{3||2+*|1+*}.Heat(-4)", "0"),
        ("{3||2+*|1+*}.Heat(*)", "{3*||2|1}"),
        ("0.NortonProduct(^)", "0"),
        ("6.NortonProduct(^)", "^6"),
        ("(-4).NortonProduct(^)", "v4"),
        ("(1/2).NortonProduct(^)", "{^^*|v*}"),
        ("^.NortonProduct(^)", "{^^*||0|v4}"),
        ("Tiny(2).NortonProduct(^)", "{^^*||0|v6}"),
        ("{3||2+*|1+*}.Overheat(*,1+*)", "{1||+-(1*)|-1,{-1|-3}}"),
        ("(7/16).Overheat(0,0)", "^[3]"),
        ("^.Pow(7/4)", "{0||0,v*|0,{0,v*|0,*}}"),
        ("^.Pow(3)", "^<3>"),
        ("{0||0|-2}.Pow(3)", "{0||0|-2,{0|-2,{0|-2}}}"),
        (
            "{0||0|-2}.Pow(7/4)",
            "{0||0,{0|-2,{0|-2}}|-2,{0,{0|-2,{0|-2}}|-2,{0|-2}}}",
        ),
        ("^.PowTo(7/4)", "{^|*,^[2]||*,^[2]}"),
        ("^.PowTo(3)", "^[3]"),
        ("{0||0|-2}.PowTo(3)", "{Tiny(2)||0|-2|||0|-2}"),
        (
            "{0||0|-2}.PowTo(7/4)",
            "{Tiny(2)|{0|-2},{Tiny(2)||0|-2}||{0|-2},{Tiny(2)||0|-2}}",
        ),
        ("(+-1).PowTo(3)", "{1,{1,+-1|-1}|-1}"),
    ] {
        assert_eq!(eval(expr), want, "{expr}");
    }
    assert!(eval("{3||2+*|1+*}.Cool(-1)").contains("must be > -1"));
    assert!(eval("(+-1).Pow(3)").contains("of the form {0|H}"));
}

#[test]
fn unary_properties_of_canonical_short_games() {
    // (expression, Birthday, IsInfinitesimal, IsNimber, IsNumber, LeftOptions, RightOptions,
    // LeftStop, RightStop, Mean, Temperature), from CanonicalShortGameTestCase.
    for row in [
        [
            "0", "0", "true", "true", "true", "{}", "{}", "0", "0", "0", "-1",
        ],
        [
            "5", "5", "false", "false", "true", "{4}", "{}", "5", "5", "5", "-1",
        ],
        [
            "-1/2", "2", "false", "false", "true", "{-1}", "{0}", "-1/2", "-1/2", "-1/2", "-1/2",
        ],
        [
            "25/16", "6", "false", "false", "true", "{3/2}", "{13/8}", "25/16", "25/16", "25/16",
            "-1/16",
        ],
        [
            "*8",
            "8",
            "true",
            "true",
            "false",
            "{0,*,*2,*3,*4,*5,*6,*7}",
            "{0,*,*2,*3,*4,*5,*6,*7}",
            "0",
            "0",
            "0",
            "0",
        ],
        [
            "^", "2", "true", "false", "false", "{0}", "{*}", "0", "0", "0", "0",
        ],
        [
            "v*", "2", "true", "false", "false", "{0}", "{0,*}", "0", "0", "0", "0",
        ],
        [
            "6+^*", "8", "false", "false", "false", "{6,6*}", "{6}", "6", "6", "6", "0",
        ],
        [
            "^*6", "8", "true", "false", "false", "{0}", "{*7}", "0", "0", "0", "0",
        ],
        [
            "73/16+v9*8",
            "27",
            "false",
            "false",
            "false",
            "{73/16v8*9}",
            "{73/16}",
            "73/16",
            "73/16",
            "73/16",
            "0",
        ],
        // CGSuite's table writes `{0|v*}`; it prints up-nth as `^<2>` now (print.rs).
        [
            "{0||0|v*}",
            "4",
            "true",
            "false",
            "false",
            "{0}",
            "{^<2>}",
            "0",
            "0",
            "0",
            "0",
        ],
    ] {
        let x = row[0];
        let props = [
            "Birthday",
            "IsInfinitesimal",
            "IsNimber",
            "IsNumber",
            "LeftOptions",
            "RightOptions",
            "LeftStop",
            "RightStop",
            "Mean",
            "Temperature",
        ];
        for (p, want) in props.iter().zip(&row[1..]) {
            assert_eq!(eval(&format!("({x}).{p}")), *want, "({x}).{p}");
        }
        assert_eq!(eval(&format!("({x}).Options(Player.Left)")), row[5], "{x}");
        assert_eq!(eval(&format!("({x}).Options(Right)")), row[6], "{x}");
    }
}

#[test]
fn comparisons_answer_true_or_false() {
    for (expr, want) in [
        ("^ > 0", true),
        ("^ >= 0", true),
        ("^ < 0", false),
        ("* <> 0", true),
        ("* <| 0", true),
        ("* |> 0", true),
        ("^ <| 0", false),
        ("{1|-1} == +-1", true),
        ("^<2> < ^", true),
        ("^ < 2", true),
        ("{3||2|1} - {3|{2|1}} == 0", true),
        ("^^ <= ^*", false),
        ("^* <> 0", true),
        ("1/2 + 1/2 == 1", true),
        ("* != 0", true),
    ] {
        assert_eq!(eval(expr), want.to_string(), "{expr}");
    }
    // Each relation against the definitions by `le`, over a few games.
    let games = ["0", "*", "^", "v", "+-1", "{1|*}", "1/2", "^*", "Tiny(1)"];
    let mut c = Context::new();
    for a in games {
        for b in games {
            let (ga, gb) = (parse(&mut c, a).unwrap(), parse(&mut c, b).unwrap());
            let (le, ge) = (c.le(ga, gb), c.le(gb, ga));
            for (rel, want) in [
                ("<=", le),
                (">=", ge),
                ("<", le && !ge),
                (">", ge && !le),
                ("==", le && ge),
                ("<>", !le && !ge),
                ("<|", !ge),
                ("|>", !le),
            ] {
                let e = format!("({a}) {rel} ({b})");
                assert_eq!(
                    evaluate(&mut c, &e, &NoCatalogue).unwrap(),
                    Answer::Bool(want),
                    "{e}"
                );
            }
        }
    }
}

/// Uptimal expansions read back: the game an expansion denotes has that expansion (it is
/// unique), for every expansion of up to four digits from -2 to 2, with and without a
/// number and a nimber; games that are not uptimals have none.
#[test]
fn uptimal_expansions_round_trip() {
    use crate::partizan::canonical::Uptimal;
    let mut c = Context::new();
    let digits = [-2i64, -1, 0, 1, 2];
    let mut seen = 0;
    for len in 0..=4u32 {
        for code in 0..5usize.pow(len) {
            let mut k = code;
            let coefficients: Vec<i64> = (0..len)
                .map(|_| {
                    let d = digits[k % 5];
                    k /= 5;
                    d
                })
                .collect();
            if coefficients.last() == Some(&0) || (code % 7 != 0 && len == 4) {
                continue;
            }
            for (number, nim) in [(0, 0), (0, 1), (3, 0), (-1, 2)] {
                let u = Uptimal {
                    number: crate::partizan::Dyadic::integer(number),
                    nim,
                    coefficients: coefficients.clone(),
                };
                let g = c.uptimal_game(&u).unwrap();
                assert_eq!(c.uptimal(g).unwrap().as_ref(), Some(&u), "{u}");
                seen += 1;
            }
        }
    }
    assert!(seen > 300, "{seen}");
    for x in ["{1|-1}", "Tiny(1)", "Miny(1/2)", "{2|0}", "{0|^}+{1|0}"] {
        assert_eq!(eval(&format!("({x}).IsUptimal")), "false", "{x}");
        assert!(eval(&format!("({x}).UptimalExpansion")).contains("not an uptimal"));
    }
    // x + Tiny and x + Miny, as CGSuite writes them, are IsNumberTiny; a switch is not.
    assert_eq!(eval("{1||1|0}.IsNumberTiny"), "true");
    assert_eq!(eval("Tiny(1).IsNumberTiny"), "true");
    assert_eq!(eval("Miny(1).IsNumberTiny"), "true");
    assert_eq!(eval("{1|-1}.IsNumberTiny"), "false");
    assert_eq!(eval("{0||0|*}.IsNumberTiny"), "false");
}

#[test]
fn ordinal_sums_and_other_properties() {
    for (expr, want) in [
        // Siegel, CGT II.4: 1:1 = 2, 1:-1 = 1/2, *:1 = {0,*|0} = ^*.
        ("1:1", "2"),
        ("1:-1", "1/2"),
        ("*:1", "^*"),
        ("^ : 1 == ^[2]", "true"),
        ("*.OrdinalSum(1)", "^*"),
        ("^.OutcomeClass", "L"),
        ("(+-1).OutcomeClass", "N"),
        ("{1|^^||^}.IsAllSmall", "false"),
        ("{0||0|v*}.IsAllSmall", "true"),
        ("Tiny(3/2).AtomicWeight", "0"),
        ("^.AtomicWeight", "1"),
        ("(v3*2).AtomicWeight", "-3"),
        ("{0,^<2>|*,v}.IsAtomic", "true"),
        ("{3||2+*|1+*}.Freeze", "9/4*"),
        ("{3||2*|1*}.ReducedCanonicalForm", "{3||2|1}"),
        (
            "{3||2*|1*}.Thermograph",
            "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])",
        ),
        ("^.Followers", "{0,*,^}"),
        // A list's size is a game again (CGSuite's `G.Followers.Size`).
        ("^.Followers.Size", "3"),
        // Older releases' names of the products, and a nimber's nim value.
        ("*19.ConwayMultiply(*23)", "*86"),
        ("Tiny(2).NortonMultiply(^)", "{^^*||0|v6}"),
        ("*3.NimValue", "3"),
        ("0.NimValue", "0"),
        ("({1|0} + 1).Followers.Size + ^", "4^"),
        ("(^.LeftIncentives.Size)", "1"),
        ("^.Incentives", "{^*}"),
        ("^.LeftIncentives", "{v}"),
        ("*.IsEven", "false"),
        ("*.IsOdd", "true"),
        ("^.IsEven", "false"),
        ("^.IsOdd", "false"),
        ("{1|-1}.IsOddTempered", "true"),
        ("{3||2+*|1+*}.Mean + 1", "13/4"),
        ("^.Pow(3) + *", "^<3>*"),
    ] {
        assert_eq!(eval(expr), want, "{expr}");
    }
}

#[test]
fn loopy_games_and_misplaced_properties_are_named() {
    for (expr, names) in [
        ("on", "`on` is a loopy game"),
        ("^.Pow(off)", "`off` is a loopy game"),
        ("upon + ^", "`upon` is a loopy game"),
        ("{0|pass}", "`pass` is a loopy game"),
        ("over", "`over`"),
        ("1 + ^.IsNumber", "whole expression"),
        ("^.IsNumber + 1", "can only end"),
        ("^.Frobnicate", "unknown method `.Frobnicate`"),
        ("frob", "unknown name `frob`"),
        ("domineering(\"..\")", "catalogue games are not available"),
        ("(1 + ^).AtomicWeight", "not atomic"),
        ("{1|0}.Pow(2)", "of the form {0|H}"),
        ("*.Pow(0)", "exponent"),
        ("* : 100000", "beyond 1024"),
        ("^.Cool(*)", "must be a number"),
        ("^.Options(^)", "a player"),
        ("^.Cool(1, 2)", "takes 1 game argument"),
        ("^ <= ^.IsNumber", "cannot be compared"),
        ("^.OutcomeClass.Size", "must come last"),
        ("^.NimValue", "not a nimber"),
        ("^.Followers.Size(1)", "must come last"),
        ("^.Followers.Sizes", "must come last"),
        (
            "domineering(\"..\").Followers",
            "catalogue games are not available",
        ),
    ] {
        let got = eval(expr);
        assert!(
            got.starts_with("!!") && got.contains(names),
            "{expr}: {got}"
        );
    }
}

/// CGSuite's `*` between games (`CgscriptTest.scala`, "process game operations" and
/// "simplify properly"): an integer times a game is that many copies of it.
#[test]
fn products_by_integers() {
    for (expr, want) in [
        ("5*{3||2|1}", "{12|||11||10,{11|10}|9Tiny({2|1})}"),
        (
            "10*(1+^.Pow(2)+*4)",
            "{10||10,10v*|{10vv,10v*||||10v3*,10vv|||10v4,10v3*||10v5*,10v4|{10v6,10v5*||||10v7*,10v6|||10v8,10v7*||10v9*,10v8|10v10}}}",
        ),
        (
            "9*(1+^.Pow(2)+*4)",
            "{9,9*,9*2,9*3,9*4|{9*4,9v*5||||9vv*4,9v*5|||9v3*5,9vv*4||9v4*4,9v3*5|{9v5*5,9v4*4||||9v6*4,9v5*5|||9v7*5,9v6*4||9v8*4,9v7*5|9v9*5}}}",
        ),
        ("(*+*)*3", "0"),
        ("*(3+5)", "*8"),
        ("^^^^^^+vvv*+^19*3+v14", "^8*2"),
        ("2^(*+*)", "1"),
        ("(1/2)^4", "1/16"),
        ("2^(-4)", "1/16"),
    ] {
        assert_eq!(eval(expr), want, "{expr}");
    }
}

/// `*` right after a number or ups is the nimber part, as CGSuite prints values (so that
/// printed values read back); it is a product only where a nimber cannot follow. `^`
/// likewise is an up except between a number and `(`, or after a closing parenthesis.
#[test]
fn star_and_up_between_operands() {
    for (expr, same_as) in [
        ("2*3", "2 + *3"),
        ("2 * 3", "2 + *3"),
        ("^*", "^ + *"),
        ("^*2", "^ + *2"),
        ("2*", "2 + *"),
        ("2*{1|0}", "{1|0} + {1|0}"),
        ("{1|0} * 2", "{1|0} + {1|0}"),
        ("{1|0}*(-2)", "-{1|0} - {1|0}"),
        ("-2 * ^", "vv"),
        ("2*^", "^^"),
        ("^*(3)", "^3"),
        ("3 * (5)", "15"),
        ("(1/2) * (3/4)", "3/8"),
        ("(3)*(1/4) + 1", "7/4"),
        ("1 + 2*{1|0} + 1", "2 + {1|0} + {1|0}"),
        ("^(3)", "^^^"),
        ("v(2)", "vv"),
        ("^(-1)", "v"),
        ("^(1+1)*", "^^*"),
        ("2^3", "2 + ^3"),
        ("2^", "2 + ^"),
        ("2^(3)", "8"),
        ("-2^(2)", "-4"),
        ("(-2)^(3)", "-8"),
        ("(1/2)^(-1)", "2"),
        ("(-4)^(-1)", "-1/4"),
        ("(3/4)^2 * (4)", "9/4"),
        ("2^(0)", "1"),
        ("{1|0}.Mean * 4", "2"),
    ] {
        assert_eq!(eval(expr), eval(same_as), "{expr} against {same_as}");
        assert!(!eval(expr).starts_with("!!"), "{expr}: {}", eval(expr));
    }
    for (bad, says) in [
        ("^ * ^", "NortonProduct"),
        ("{1|0} * *2", "neither"),
        ("3^(-1)", "not a dyadic"),
        ("0^(-1)", "divides by zero"),
        ("2^(100000)", "too large"),
        ("(1+*)^2", "not a number"),
        ("2^(1/2)", "must be an integer"),
        // The exponent `2*4` is 2 + *4, as `2*4` is everywhere.
        ("(3/4)^2 * 4", "not `2*4`"),
        ("*(65536)", "65535"),
        ("*(-1)", "n >= 0"),
        ("*(^)", "integer"),
        ("^(300)", "256"),
    ] {
        let e = eval(bad);
        assert!(e.starts_with("!!") && e.contains(says), "{bad}: {e}");
    }
}
