//! Reference values from the literature and from CGSuite's own test suite, reproduced
//! exactly. Every value here is stated in the cited source.

use super::canonical::Context;
use super::dyadic::Dyadic;
use super::notation::parse;

fn dy(s: &str) -> Dyadic {
    let mut c = Context::new();
    let g = parse(&mut c, s).unwrap();
    c.as_number(g).unwrap().clone()
}

/// Properties of the games in CGSuite's test suite
/// (`lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala`,
/// github.com/aaron-siegel/cgsuite): canonical form, birthday, stops, mean, temperature,
/// outcome, reduced canonical form and, for all-small games, atomic weight.
#[test]
fn cgsuite_canonical_short_game_test_cases() {
    // (input, canonical, birthday, left stop, right stop, mean, temperature, outcome,
    //  reduced canonical form, atomic weight when all-small)
    #[allow(clippy::type_complexity)]
    let cases: &[(
        &str,
        &str,
        u64,
        &str,
        &str,
        &str,
        &str,
        &str,
        &str,
        Option<&str>,
    )] = &[
        ("0", "0", 0, "0", "0", "0", "-1", "P", "0", Some("0")),
        ("5", "5", 5, "5", "5", "5", "-1", "L", "5", None),
        (
            "-1/2", "-1/2", 2, "-1/2", "-1/2", "-1/2", "-1/2", "R", "-1/2", None,
        ),
        (
            "25/16", "25/16", 6, "25/16", "25/16", "25/16", "-1/16", "L", "25/16", None,
        ),
        ("*8", "*8", 8, "0", "0", "0", "0", "N", "0", Some("0")),
        (
            "9/8+*", "9/8*", 6, "9/8", "9/8", "9/8", "0", "L", "9/8", None,
        ),
        ("^", "^", 2, "0", "0", "0", "0", "L", "0", Some("1")),
        ("v*", "v*", 2, "0", "0", "0", "0", "N", "0", Some("-1")),
        ("6+^*", "6^*", 8, "6", "6", "6", "0", "L", "6", None),
        ("^*6", "^*6", 8, "0", "0", "0", "0", "L", "0", Some("1")),
        (
            "73/16+v9*8",
            "73/16v9*8",
            27,
            "73/16",
            "73/16",
            "73/16",
            "0",
            "L",
            "73/16",
            None,
        ),
        (
            "{0|*||*|||*||||*}",
            "^[4]",
            5,
            "0",
            "0",
            "0",
            "0",
            "L",
            "0",
            Some("1"),
        ),
        (
            "{0||0|v*}",
            "{0|^<2>}",
            4,
            "0",
            "0",
            "0",
            "0",
            "L",
            "0",
            Some("1"),
        ),
        (
            "{0||0|vvv}",
            "{0||0|v3}",
            6,
            "0",
            "0",
            "0",
            "0",
            "L",
            "0",
            Some("0"),
        ),
        (
            "{^^^|vv}",
            "{^3|vv}",
            5,
            "0",
            "0",
            "0",
            "0",
            "N",
            "0",
            Some("{1|0}"),
        ),
        (
            "{0||0|-3/2}",
            "Tiny(3/2)",
            5,
            "0",
            "0",
            "0",
            "0",
            "L",
            "0",
            None,
        ),
        (
            "{0|||0||-1|-3}",
            "Tiny({3|1})",
            6,
            "0",
            "0",
            "0",
            "0",
            "L",
            "0",
            None,
        ),
        (
            "{5||3|1|||0||||0}",
            "Miny({5||3|1})",
            8,
            "0",
            "0",
            "0",
            "0",
            "R",
            "0",
            None,
        ),
        (
            "{1|^^||^}",
            "{1|^^||^}",
            5,
            "0",
            "0",
            "0",
            "0",
            "L",
            "0",
            None,
        ),
        (
            "{1|^^^||^}",
            "{1|^3||^}",
            6,
            "0",
            "0",
            "0",
            "0",
            "L",
            "0",
            None,
        ),
        (
            "{3||2+*|1+*}",
            "{3||2*|1*}",
            5,
            "3",
            "2",
            "9/4",
            "3/4",
            "L",
            "{3||2|1}",
            None,
        ),
        (
            "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
            "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
            6,
            "1/2",
            "-1",
            "-5/16",
            "21/16",
            "N",
            "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}",
            None,
        ),
    ];
    for &(input, canonical, birthday, ls, rs, mean, temp, outcome, rcf, aw) in cases {
        let mut c = Context::new();
        let g = parse(&mut c, input).unwrap();
        assert_eq!(c.display(g), canonical, "{input}");
        assert_eq!(c.birthday(g), birthday, "birthday of {input}");
        let (l, r) = c.stops(g);
        assert_eq!(
            (l.to_string(), r.to_string()),
            (ls.into(), rs.into()),
            "{input}"
        );
        assert_eq!(c.mean(g).to_string(), mean, "mean of {input}");
        assert_eq!(c.temperature(g).to_string(), temp, "temperature of {input}");
        assert_eq!(c.outcome(g).to_string(), outcome, "outcome of {input}");
        let red = c.reduced(g);
        assert_eq!(c.display(red), rcf, "reduced canonical form of {input}");
        if let Some(aw) = aw {
            assert!(c.is_all_small(g), "{input}");
            let w = c.atomic_weight(g).unwrap();
            assert_eq!(c.display(w), aw, "atomic weight of {input}");
        }
    }
}

/// Cooling and heating in CGSuite's test suite
/// (`lib/core/src/test/scala/org/cgsuite/lang/GameTest.scala`).
#[test]
fn cgsuite_cooling_and_heating() {
    let mut c = Context::new();
    let g = parse(&mut c, "{3||2+*|1+*}").unwrap();
    for (t, cooled) in [
        ("0", "{3||2*|1*}"),
        ("1/4", "{11/4||2|3/2}"),
        ("1/2", "{5/2|2*}"),
        ("5/8", "{19/8|17/8}"),
        ("3/4", "9/4*"),
        ("70", "9/4"),
        ("-1/2", "{7/2|||5/2|3/2||+-1/2}"),
    ] {
        let h = c.cool(g, &dy(t));
        assert_eq!(c.display(h), cooled, "cooled by {t}");
    }
    let q = parse(&mut c, "1/4").unwrap();
    for (t, cooled) in [("-1/8", "1/4"), ("-1/4", "1/4*"), ("-3/8", "{3/8|1/8}")] {
        let h = c.cool(q, &dy(t));
        assert_eq!(c.display(h), cooled, "1/4 cooled by {t}");
    }
    for (t, heated) in [
        ("0", "{3||2*|1*}"),
        ("1/2", "{7/2|||5/2|3/2||+-1/2}"),
        ("1", "{4|||3|1||0|-2}"),
        ("-3/4", "9/4*"),
        ("-1", "9/4"),
        ("-2", "3/2"),
        ("-3", "1"),
        ("-4", "0"),
        ("*", "{3*||2|1}"),
    ] {
        let tg = parse(&mut c, t).unwrap();
        let h = c.heat(g, tg);
        assert_eq!(c.display(h), heated, "heated by {t}");
    }
}

/// Cooling by 1 undoes heating by 1 on these classic examples (whose non-number followers
/// are all hot enough); a consistency check of the two operations, not a general theorem.
#[test]
fn heating_then_cooling() {
    let mut c = Context::new();
    for s in ["{3||2|1}", "+-1", "{2|1||0|-1}", "{4|||3|1||0|-2}"] {
        let g = parse(&mut c, s).unwrap();
        let one = c.integer(1);
        let h = c.heat(g, one);
        let back = c.cool(h, &Dyadic::integer(1));
        assert_eq!(c.display(back), s, "{s}");
    }
}

/// Thermographs of classic examples.
#[test]
fn classic_thermographs() {
    let mut c = Context::new();
    // +-x has mean 0 and temperature x (Winning Ways, ch. 6; Lessons in Play, ch. 6).
    for (s, mean, temp) in [
        ("+-1", "0", "1"),
        ("+-5", "0", "5"),
        // {x|y} with x > y numbers: mean (x+y)/2, temperature (x-y)/2 (Lessons in Play,
        // ch. 6; Siegel, Combinatorial Game Theory, II.5).
        ("{2|1}", "3/2", "1/2"),
        ("{3|-1}", "1", "2"),
        // CGSuite's test suite: {3||2*|1*} has mean 9/4, temperature 3/4.
        ("{3||2*|1*}", "9/4", "3/4"),
        // Numbers: temperature -1/2^k for denominators 2^k, -1 for integers (CGSuite).
        ("7", "7", "-1"),
        ("3/8", "3/8", "-1/8"),
        // Infinitesimals have temperature 0.
        ("^*", "0", "0"),
        ("*3", "0", "0"),
    ] {
        let g = parse(&mut c, s).unwrap();
        assert_eq!(c.mean(g).to_string(), mean, "mean of {s}");
        assert_eq!(c.temperature(g).to_string(), temp, "temperature of {s}");
    }
}

/// Thermographs as CGSuite prints them, from CGSuite's test suite
/// (`lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala`).
#[test]
fn cgsuite_thermographs() {
    for (input, th) in [
        ("0", "Thermograph(0,[],[0],0,[],[0])"),
        ("5", "Thermograph(5,[],[0],5,[],[0])"),
        ("-1/2", "Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])"),
        (
            "25/16",
            "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])",
        ),
        ("*8", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
        (
            "9/8+*",
            "Thermograph(9/8,[0,-1/8,-1/4],[0,-1,0,-1],9/8,[0,-1/8],[0,1,0])",
        ),
        ("^", "Thermograph(0,[0],[0,-1],0,[],[0])"),
        ("v*", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
        ("6+^*", "Thermograph(6,[0],[0,-1],6,[0],[0,1])"),
        ("^*6", "Thermograph(0,[0],[0,-1],0,[],[0])"),
        (
            "73/16+v9*8",
            "Thermograph(73/16,[-1/16,-1/2],[0,-1,0],73/16,[0,-1/16,-1/2],[0,1,0,1])",
        ),
        ("{0|*||*|||*||||*}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
        ("{0||0|v*}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
        ("{0||0|vvv}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
        ("{^^^|vv}", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
        ("{0||0|-3/2}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
        ("{0|||0||-1|-3}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
        ("{5||3|1|||0||||0}", "Thermograph(0,[],[0],0,[0],[0,1])"),
        ("{1|^^||^}", "Thermograph(0,[0],[0,-1],0,[],[0])"),
        (
            "{3||2+*|1+*}",
            "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])",
        ),
        (
            "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
            "Thermograph(-5/16,[21/16,1/2,-1/2],[0,-1,0,-1],-5/16,[21/16,7/8,1/4,0],[0,1,0,1,0])",
        ),
    ] {
        let mut c = Context::new();
        let g = parse(&mut c, input).unwrap();
        assert_eq!(c.thermograph(g).cgsuite(), th, "{input}");
    }
}
