//! Cross-checks of the rulesets: canonical values (generic solver over the core) against
//! brute-force outcome classes on every small position, closed forms against search, and
//! known values from the literature.

use super::clobber::Clobber;
use super::cutcake::Cutcake;
use super::domineering::{DomBoard, Domineering};
use super::hackenbush::{strings_against_search, Hackenbush, CHECKED_STRING_EDGES};
use super::toads::ToadsAndFrogs;
use crate::error::Result;
use sprague_core::partizan::canonical::{Context, GameId};
use sprague_core::partizan::outcome::OutcomeSolver;
use sprague_core::partizan::rules::Ruleset;
use sprague_core::partizan::solver::ValueSolver;
use sprague_core::value::Side;

const LIMIT: u64 = 10_000_000;

fn value_of<R: Ruleset>(rules: &R, text: &str) -> String {
    let mut ctx = Context::new();
    let mut s = ValueSolver::new(rules, LIMIT);
    let p = rules.parse(text).unwrap();
    let g = s.value(&mut ctx, &p).unwrap();
    ctx.display(g)
}

/// For every position: the outcome class of the canonical value equals the brute-force
/// class (which never splits positions into components), and the normal form keeps the
/// value (up to the sign it reports).
fn check_all<R: Ruleset>(rules: &R, positions: &[String]) {
    let mut ctx = Context::new();
    let mut values = ValueSolver::new(rules, LIMIT);
    let mut brute = OutcomeSolver::new(rules, LIMIT);
    for text in positions {
        let p = rules.parse(text).unwrap();
        let g = values.value(&mut ctx, &p).unwrap();
        let class = ctx.outcome(g).to_string();
        let wins = brute.wins(&p).unwrap();
        assert_eq!(
            class,
            wins.letter().to_string(),
            "{} `{text}`: value {} but brute force says {}",
            rules.name(),
            ctx.display(g),
            wins.letter()
        );
        let (q, neg) = rules.normalize(&p);
        let h = values.value(&mut ctx, &q).unwrap();
        let h = if neg { ctx.neg(h) } else { h };
        assert_eq!(
            g,
            h,
            "{} `{text}`: normal form changes the value",
            rules.name()
        );
    }
}

/// A ruleset searched as it is: the same moves, but no decomposition into components and
/// no normal form, so that the searches below check both against the plain game tree.
pub(super) struct Plain<'a, R>(pub &'a R);

impl<R: Ruleset> Ruleset for Plain<'_, R> {
    type Position = R::Position;
    fn name(&self) -> &str {
        self.0.name()
    }
    fn parse(&self, text: &str) -> crate::error::Result<R::Position> {
        self.0.parse(text)
    }
    fn display(&self, p: &R::Position) -> String {
        self.0.display(p)
    }
    fn options(
        &self,
        p: &R::Position,
        side: sprague_core::value::Side,
        out: &mut Vec<R::Position>,
    ) {
        self.0.options(p, side, out)
    }
}

/// For every position: the canonical value found with the ruleset's components and normal
/// forms equals the value of the plain game tree ([`Plain`]), and its outcome class the
/// brute-force class of the plain tree; the normal form keeps the value (up to the sign it
/// reports). Returns how many positions were checked.
pub(super) fn check_against_plain<R: Ruleset>(rules: &R, positions: &[String]) -> usize {
    let plain = Plain(rules);
    let mut ctx = Context::new();
    let mut values = ValueSolver::new(rules, LIMIT);
    let mut tree = ValueSolver::new(&plain, LIMIT);
    let mut brute = OutcomeSolver::new(&plain, LIMIT);
    for text in positions {
        let p = rules.parse(text).unwrap();
        let g = values.value(&mut ctx, &p).unwrap();
        let h = tree.value(&mut ctx, &p).unwrap();
        assert_eq!(
            g,
            h,
            "{} `{text}`: {} by components and normal forms, {} by the plain tree",
            rules.name(),
            ctx.display(g),
            ctx.display(h)
        );
        let wins = brute.wins(&p).unwrap();
        assert_eq!(
            ctx.outcome(g).to_string(),
            wins.letter().to_string(),
            "{} `{text}`",
            rules.name()
        );
        let (q, neg) = rules.normalize(&p);
        let n = values.value(&mut ctx, &q).unwrap();
        let n = if neg { ctx.neg(n) } else { n };
        assert_eq!(
            g,
            n,
            "{} `{text}`: normal form changes the value",
            rules.name()
        );
    }
    positions.len()
}

/// The canonical value of `text`, written as CGSuite writes it.
pub(super) fn value_text<R: Ruleset>(rules: &R, text: &str) -> String {
    value_of(rules, text)
}

/// Every word of length `n` over `alphabet`.
pub(super) fn words(alphabet: &[char], n: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    for _ in 0..n {
        out = out
            .iter()
            .flat_map(|w| alphabet.iter().map(move |&c| format!("{w}{c}")))
            .collect();
    }
    out
}

/// Every board of `rows` × `cols` over `alphabet`.
/// The board of `rows` × `cols` cells with the cells whose bit is set in `filled` filled
/// (`#`) and the others empty, rows joined by `|`.
pub(crate) fn filled_board(rows: usize, cols: usize, filled: u64) -> String {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    if filled >> (r * cols + c) & 1 == 1 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

pub(super) fn boards(alphabet: &[char], rows: usize, cols: usize) -> Vec<String> {
    words(alphabet, rows * cols)
        .into_iter()
        .map(|w| {
            let cs: Vec<char> = w.chars().collect();
            cs.chunks(cols)
                .map(|r| r.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect()
}

#[test]
fn domineering_known_values() {
    // Winning Ways ch. 1: the 2×2 board is ±1; a vertical slot is Left's move.
    assert_eq!(value_of(&Domineering, "..|.."), "+-1");
    assert_eq!(value_of(&Domineering, ".|."), "1");
    assert_eq!(value_of(&Domineering, ".."), "-1");
    assert_eq!(value_of(&Domineering, "."), "0");
    // A 1×n strip: only Right can move, and she can make ⌊n/2⌋ moves: -⌊n/2⌋.
    assert_eq!(value_of(&Domineering, "..."), "-1");
    assert_eq!(value_of(&Domineering, "...."), "-2");
    assert_eq!(value_of(&Domineering, "......"), "-3");
    // The 3×3 board is ±1 (Winning Ways ch. 1, CGSuite).
    assert_eq!(value_of(&Domineering, "...|...|..."), "+-1");
    // Two independent 2×2 boards: ±1 + ±1 = 0.
    assert_eq!(value_of(&Domineering, "..#..|..#.."), "0");
}

#[test]
fn domineering_small_boards_match_brute_force() {
    let mut all = Vec::new();
    for (r, c) in [(1, 6), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3)] {
        all.extend(boards(&['.', '#'], r, c));
    }
    check_all(&Domineering, &all);
}

#[test]
fn hackenbush_strings() {
    // docs/theory.md#numbers: blue-red-blue = 3/4.
    assert_eq!(
        value_of(&Hackenbush::parse_picture("BRB", None).unwrap(), "BRB"),
        "3/4"
    );
    // Closed forms (sign expansion, *n) = search, on every blue-red string and green string
    // of up to 8 edges: the entry's check.
    assert_eq!(
        strings_against_search(CHECKED_STRING_EDGES),
        Ok((1..=CHECKED_STRING_EDGES).map(|n| (1u64 << n) + 1).sum())
    );
}

#[test]
fn hackenbush_graphs_match_brute_force() {
    // Strings over three colours, and a few trees and graphs with cycles.
    for n in 1..=4 {
        for w in words(&['B', 'R', 'G'], n) {
            let h = Hackenbush::parse_picture(&w, None).unwrap();
            check_all(&h, std::slice::from_ref(&w));
        }
    }
    for pic in [
        "0-1:B 1-2:R 1-3:G",
        "0-1:G 1-2:G 2-0:G",
        "0-1:B 1-2:R 2-0:B 1-1:G",
        "0-1:R 1-2:B 1-3:B 3-4:G 0-5:G 5-6:R",
        "0-1:B 0-1:R 1-2:G",
    ] {
        let h = Hackenbush::parse_picture(pic, None).unwrap();
        check_all(&h, &[pic.to_string()]);
    }
    // A green triangle on the ground: by the fusion principle (Winning Ways ch. 7) its
    // vertices fuse into the ground with three loops, *1 + *1 + *1 = *.
    let h = Hackenbush::parse_picture("0-1:G 1-2:G 2-0:G", None).unwrap();
    assert_eq!(value_of(&h, "0-1:G 1-2:G 2-0:G"), "*");
}

#[test]
fn toads_and_frogs_match_brute_force() {
    let mut all = Vec::new();
    for n in 1..=7 {
        all.extend(words(&['t', 'f', '.'], n));
    }
    check_all(&ToadsAndFrogs, &all);
    // Small values checked by hand: t.f = {0|0} = *, one toad with k free squares = k.
    assert_eq!(value_of(&ToadsAndFrogs, "t.f"), "*");
    assert_eq!(value_of(&ToadsAndFrogs, "t."), "1");
    assert_eq!(value_of(&ToadsAndFrogs, "t.."), "2");
}

#[test]
fn clobber_matches_brute_force() {
    let mut all = Vec::new();
    for n in 1..=7 {
        all.extend(words(&['x', 'o', '.'], n));
    }
    all.extend(boards(&['x', 'o', '.'], 2, 3));
    all.extend(boards(&['x', 'o'], 3, 3));
    check_all(&Clobber, &all);
    // Albert, Grossman, Nowakowski, Wolfe (2005): xo = *, xxo = ^ (up).
    assert_eq!(value_of(&Clobber, "xo"), "*");
    assert_eq!(value_of(&Clobber, "xxo"), "^");
    assert_eq!(value_of(&Clobber, "oox"), "v");
}

#[test]
fn cutcake_matches_brute_force_and_winning_ways() {
    let mut all = Vec::new();
    for r in 1..=5 {
        for c in 1..=5 {
            all.push(format!("{r}x{c}"));
            all.push(format!("{r}x{c} + 2x3"));
        }
    }
    check_all(&Cutcake, &all);
    // Winning Ways ch. 2 (Cutcake table): with Left cutting vertically, an R×C cake is
    // worth ⌊C / 2^⌊log2 R⌋⌋ − 1 when that is ≥ 0, and the negative of the transposed
    // formula otherwise; in particular every value is an integer.
    let f = |r: u32, c: u32| -> i64 { (c >> (31 - r.leading_zeros())) as i64 - 1 };
    let mut ctx = Context::new();
    let mut s = ValueSolver::new(&Cutcake, LIMIT);
    for r in 1..=12u32 {
        for c in 1..=12u32 {
            let g = s.value(&mut ctx, &vec![(r, c)]).unwrap();
            let expect = if f(r, c) >= 0 { f(r, c) } else { -f(c, r) };
            let e = ctx.integer(expect);
            assert_eq!(g, e, "{r}x{c} = {}", ctx.display(g));
        }
    }
}

#[test]
fn search_limit_is_a_clean_error() {
    let mut ctx = Context::new();
    let mut s = ValueSolver::new(&Domineering, 10);
    let b = Domineering::empty(4, 4).unwrap();
    let err = s.value(&mut ctx, &b).unwrap_err();
    assert!(matches!(err, crate::error::Error::Limit { .. }), "{err}");
    let mut o = OutcomeSolver::new(&Domineering, 10);
    assert!(o.wins(&b).is_err());
}

#[test]
fn long_strings_use_the_closed_form_and_deep_searches_do_not_recurse() {
    // 120 alternating edges: value by sign expansion, exact (denominator 2^119).
    let w: String = (0..120)
        .map(|i| if i % 2 == 0 { 'B' } else { 'R' })
        .collect();
    let h = Hackenbush::parse_picture(&w, None).unwrap();
    let v = value_of(&h, &w);
    assert!(v.ends_with("/664613997892457936451903530140172288"), "{v}");
    // A 120-edge string with a green edge on top is searched, 120 levels deep.
    let w2 = format!("{}G", &w[..119]);
    let h2 = Hackenbush::parse_picture(&w2, None).unwrap();
    let mut ctx = Context::new();
    let mut s = ValueSolver::new(&h2, LIMIT);
    let g = s.value(&mut ctx, &h2.full()).unwrap();
    assert!(ctx.display(g).contains('*'), "{}", ctx.display(g));
}

/// Values stated in the literature.
#[test]
fn literature_values() {
    // Domineering (Left places vertical dominoes). Wikipedia, "Domineering": the 2x3 board
    // (2 rows, 3 columns) is {2 | -1/2}, mean 3/4, temperature 5/4; a column of 2n or 2n+1
    // squares is n, a row -n. Berlekamp, "2xN Domineering" (Berkeley class notes, 2003):
    // the 3x2 board is {1/2 | -2}.
    assert_eq!(value_of(&Domineering, "...|..."), "{2|-1/2}");
    assert_eq!(value_of(&Domineering, "..|..|.."), "{1/2|-2}");
    let mut ctx = Context::new();
    let g = sprague_core::partizan::notation::parse(&mut ctx, "{2|-1/2}").unwrap();
    assert_eq!(ctx.mean(g).to_string(), "3/4");
    assert_eq!(ctx.temperature(g).to_string(), "5/4");
    for n in 1..=9usize {
        let col = vec!["."; n].join("|");
        assert_eq!(
            value_of(&Domineering, &col),
            (n / 2).to_string(),
            "column {n}"
        );
        let row = ".".repeat(n);
        let expected = if n >= 2 {
            format!("-{}", n / 2)
        } else {
            "0".into()
        };
        assert_eq!(value_of(&Domineering, &row), expected, "row {n}");
    }
    // Toads and Frogs (Left's toads move right), from Winning Ways ch. 1 as retold in
    // Mark S., "Combinatorial Games: Toads and Frogs" (combinatorialgames.wordpress.com,
    // 2013): TFTF□ = 0, TF□TF = 0, TFT□F = *, T□TFF = {0|*} = ^. Erickson, "New Toads and
    // Frogs results" (Games of No Chance, 1996), plays TT□FF with Left first and Left wins,
    // and by symmetry Right wins moving first: the first player wins.
    assert_eq!(value_of(&ToadsAndFrogs, "tftf."), "0");
    assert_eq!(value_of(&ToadsAndFrogs, "tf.tf"), "0");
    assert_eq!(value_of(&ToadsAndFrogs, "tft.f"), "*");
    assert_eq!(value_of(&ToadsAndFrogs, "t.tff"), "^");
    let mut ctx = Context::new();
    let mut s = ValueSolver::new(&ToadsAndFrogs, LIMIT);
    let p = ToadsAndFrogs.parse("tt.ff").unwrap();
    let g = s.value(&mut ctx, &p).unwrap();
    assert_eq!(ctx.outcome(g), sprague_core::partizan::PartizanOutcome::N);
}

/// Wolfe, "Clobber research" (homepages.gac.edu/~wolfe/games/clobber): every Clobber
/// position is all-small (a player can move exactly when the other can), so every one has
/// an atomic weight. Checked on every row of up to 7 stones and every 2x3 board.
#[test]
fn clobber_positions_are_all_small() {
    let mut ctx = Context::new();
    let mut s = ValueSolver::new(&Clobber, LIMIT);
    let mut positions = Vec::new();
    for n in 1..=7 {
        positions.extend(words(&['x', 'o', '.'], n));
    }
    positions.extend(boards(&['x', 'o', '.'], 2, 3));
    for text in positions {
        let p = Clobber.parse(&text).unwrap();
        let g = s.value(&mut ctx, &p).unwrap();
        assert!(ctx.is_all_small(g), "{text}");
        assert!(ctx.atomic_weight(g).is_ok(), "{text}");
    }
}

/// Erickson's first conjecture, proven by Thanatipanonda ("Further hopping with Toads and
/// Frogs", Electron. J. Combin. 18 (2011), P67): T^a □□ F^b = {{a−3 | a−b} | {∗ | 3−b}} for
/// all a > b ≥ 2. Checked here on the members small enough for a debug build; the members
/// of up to ten toads (`ttttttttt..ffffffff` to `tttttttttt..fffffffff`) are checked by
/// `cargo run --release -p sprague --example toads_and_frogs`.
#[test]
fn toads_and_frogs_two_blanks_follow_ericksons_formula() {
    for a in 3..=6usize {
        for b in 2..a {
            let text = format!("{}..{}", "t".repeat(a), "f".repeat(b));
            let formula = format!(
                "{{{{{} | {}}} | {{* | {}}}}}",
                a as i64 - 3,
                a as i64 - b as i64,
                3 - b as i64
            );
            let mut ctx = Context::new();
            let want = sprague_core::partizan::notation::parse(&mut ctx, &formula).unwrap();
            let want = ctx.display(want);
            assert_eq!(
                value_of(&ToadsAndFrogs, &text),
                want,
                "{text} against {formula}"
            );
        }
    }
}

/// Whether `side`, moving first in `p`, wins under misère play, by the definition: it has
/// no move, or a move after which the opponent, moving first, loses. Plain recursion,
/// for small positions: the reference of the memoised search.
fn misere_first<R: Ruleset>(rules: &R, p: &R::Position, side: sprague_core::value::Side) -> bool {
    let mut options = Vec::new();
    rules.options(p, side, &mut options);
    options.is_empty()
        || options
            .iter()
            .any(|q| !misere_first(rules, q, side.opponent()))
}

fn check_misere<R: Ruleset>(rules: &R, positions: &[String]) {
    use sprague_core::value::Side;
    let mut solver = OutcomeSolver::misere(rules, sprague_core::limits::Limits::positions(LIMIT));
    for text in positions {
        let p = rules.parse(text).unwrap();
        let w = solver.wins(&p).unwrap();
        assert_eq!(
            (w.left_first, w.right_first),
            (
                misere_first(rules, &p, Side::Left),
                misere_first(rules, &p, Side::Right)
            ),
            "{} `{text}` under misère play",
            rules.name()
        );
    }
}

/// Misère outcomes of the memoised search (whole positions, no normal form) against the
/// definition on every small position; and a few worked by hand: with no move at all the
/// player to move wins, so an empty board is N; `..` (only Right can move, once) is L;
/// `{0,*|}`-like positions differ from their normal-play equals.
#[test]
fn misere_outcomes_match_the_definition() {
    let mut dom = Vec::new();
    for (r, c) in [(1, 5), (2, 2), (2, 3), (3, 2), (3, 3)] {
        dom.extend(boards(&['.', '#'], r, c));
    }
    check_misere(&Domineering, &dom);
    let mut strips = Vec::new();
    for n in 1..=6 {
        strips.extend(words(&['x', 'o', '.'], n));
    }
    check_misere(&Clobber, &strips);
    let mut toads = Vec::new();
    for n in 1..=6 {
        toads.extend(words(&['t', 'f', '.'], n));
    }
    check_misere(&ToadsAndFrogs, &toads);
    let cakes: Vec<String> = (1..=4)
        .flat_map(|r| (1..=4).flat_map(move |c| [format!("{r}x{c}"), format!("{r}x{c} + 1x3")]))
        .collect();
    check_misere(&Cutcake, &cakes);
    let class = |text: &str| {
        let mut s =
            OutcomeSolver::misere(&Domineering, sprague_core::limits::Limits::positions(LIMIT));
        s.wins(&Domineering.parse(text).unwrap()).unwrap().letter()
    };
    assert_eq!(class("."), 'N');
    assert_eq!(class(".."), 'L');
    assert_eq!(class(".|."), 'R');
    // Normal play: `...` and `..` are both -1; misère play tells them apart only by the
    // tree: in `...` Right's one move leaves a cell, and Left, unable to move, wins.
    assert_eq!(class("..."), 'L');
}

/// Whether the option `a` of `side` is dominated by one of `kept`: at most one of them for
/// Left, at least one for Right (the check of the placements Domineering drops).
pub(crate) fn dominated_by_one(ctx: &mut Context, a: GameId, kept: &[GameId], side: Side) -> bool {
    kept.iter().any(|&b| match side {
        Side::Left => ctx.le(a, b),
        Side::Right => ctx.le(b, a),
    })
}

/// Domineering with every option in the value search and no search of its own: the
/// reference for the placements Domineering drops from its value searches.
pub(crate) struct EveryOption;

impl Ruleset for EveryOption {
    type Position = DomBoard;
    fn name(&self) -> &'static str {
        "domineering, every option"
    }
    fn parse(&self, text: &str) -> Result<DomBoard> {
        Domineering.parse(text)
    }
    fn display(&self, p: &DomBoard) -> String {
        Domineering.display(p)
    }
    fn options(&self, p: &DomBoard, side: Side, out: &mut Vec<DomBoard>) {
        Domineering.options(p, side, out)
    }
    fn components(&self, p: &DomBoard, out: &mut Vec<DomBoard>) {
        Domineering.components(p, out)
    }
    fn normalize(&self, p: &DomBoard) -> (DomBoard, bool) {
        Domineering.normalize(p)
    }
}
