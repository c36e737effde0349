//! Misère outcome classes of short partizan game forms: the player who cannot move wins.
//!
//! Normal-play equality does not preserve misère outcomes: `{0,*|}` equals `1` in normal
//! play (the option `*` reverses through `0`), yet under misère play Left, moving first in
//! `{0,*|}`, moves to `*`, Right must move to `0`, and Left, unable to move, wins; in `1`
//! Left's only move leaves Right without a move, so Right wins. The outcome is therefore
//! computed on a game *form*, an explicit tree of options, kept in [`Forms`]: hash-consed
//! nodes written with braces, disjunctive sums of forms (searched as sums, never multiplied
//! out), negations (a flag on the reference, no copy), and canonical forms brought in from
//! a [`Context`] (one node per canonical game, converted once).
//!
//! The search is the core's skeleton ([`crate::search`]): iterative, memoised on the sorted
//! multiset of components and the player to move, bounded by a position limit, the options
//! it generates, the deadline and the cancellation flag.

use super::canonical::{Context, GameId, PartizanOutcome};
use super::rules::Ruleset;
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::search::{evaluate, Budget, Recurrence};
use crate::value::Side;
use rustc_hash::FxHashMap;

/// A game form in a [`Forms`] arena, or its negative.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct FormRef {
    id: u32,
    negated: bool,
}

/// The negative of a form: Left's and Right's options exchanged, all the way down.
impl std::ops::Neg for FormRef {
    type Output = FormRef;
    fn neg(self) -> FormRef {
        FormRef {
            id: self.id,
            negated: !self.negated,
        }
    }
}

enum Node {
    /// `{left | right}`.
    Game {
        left: Vec<FormRef>,
        right: Vec<FormRef>,
    },
    /// The disjunctive sum of its parts.
    Sum(Vec<FormRef>),
}

/// The most options the forms of one arena hold together by default: `*n` written out as
/// a form holds `n(n+1)` (`*1000` a million), so a large nimber is refused here
/// instead of filling the memory.
pub const MAX_FORM_OPTIONS: u64 = 2_000_000;

/// The most states a misère search stores when its limits give no position limit: a state
/// is a list of components (about 100 bytes with its memo entry), so this is about the
/// memory [`Limits::DEFAULT_MAX_BYTES`] allows.
pub const DEFAULT_MAX_STATES: u64 = 10_000_000;

/// An arena of game forms (options kept as written: neither dominated options removed nor
/// reversible ones bypassed).
pub struct Forms {
    nodes: Vec<Node>,
    by_options: FxHashMap<(Vec<FormRef>, Vec<FormRef>), u32>,
    canonical: FxHashMap<GameId, FormRef>,
    /// Options held by all nodes, and the most allowed.
    options: u64,
    max_options: u64,
}

impl Default for Forms {
    fn default() -> Self {
        Forms::with_max_options(MAX_FORM_OPTIONS)
    }
}

impl Forms {
    /// An empty arena, holding at most [`MAX_FORM_OPTIONS`] options.
    pub fn new() -> Self {
        Forms::default()
    }

    /// An empty arena holding at most `max_options` options in all its forms.
    pub fn with_max_options(max_options: u64) -> Self {
        Forms {
            nodes: Vec::new(),
            by_options: FxHashMap::default(),
            canonical: FxHashMap::default(),
            options: 0,
            max_options,
        }
    }

    fn push(&mut self, node: Node) -> Result<FormRef> {
        let id = u32::try_from(self.nodes.len())
            .map_err(|_| Error::invalid("too many game forms".to_string()))?;
        self.nodes.push(node);
        Ok(FormRef { id, negated: false })
    }

    /// The form `{left | right}` (the same options give the same form).
    pub fn game(&mut self, left: Vec<FormRef>, right: Vec<FormRef>) -> Result<FormRef> {
        let key = (left, right);
        if let Some(&id) = self.by_options.get(&key) {
            return Ok(FormRef { id, negated: false });
        }
        self.count((key.0.len() + key.1.len()) as u64)?;
        let r = self.push(Node::Game {
            left: key.0.clone(),
            right: key.1.clone(),
        })?;
        self.by_options.insert(key, r.id);
        Ok(r)
    }

    /// The disjunctive sum of `parts`.
    pub fn sum(&mut self, parts: Vec<FormRef>) -> Result<FormRef> {
        self.count(parts.len() as u64)?;
        self.push(Node::Sum(parts))
    }

    /// Counts `n` more options held, failing past the arena's bound.
    fn count(&mut self, n: u64) -> Result<()> {
        self.options += n;
        if self.options > self.max_options {
            return Err(Error::Limit {
                what: "options of game forms written out (for misère play)".to_string(),
                limit: self.max_options,
            });
        }
        Ok(())
    }

    /// The canonical form of `g` as a form. Iterative: a canonical game of any birthday is
    /// converted without deep recursion, each canonical follower once.
    pub fn canonical(&mut self, ctx: &mut Context, g: GameId) -> Result<FormRef> {
        let mut stack = vec![g];
        // The options of the followers met so far and not yet converted: counted when
        // first met, so that a game too large is refused before it is written out.
        let mut met: FxHashMap<GameId, ()> = FxHashMap::default();
        let mut pending = 0u64;
        while let Some(&top) = stack.last() {
            if self.canonical.contains_key(&top) {
                stack.pop();
                continue;
            }
            ctx.stopped()?;
            let left = ctx.left_options(top).to_vec();
            let right = ctx.right_options(top).to_vec();
            if met.insert(top, ()).is_none() {
                pending += (left.len() + right.len()) as u64;
                if self.options + pending > self.max_options {
                    self.count(pending)?;
                }
            }
            let mut missing: Vec<GameId> = left
                .iter()
                .chain(&right)
                .copied()
                .filter(|o| !self.canonical.contains_key(o))
                .collect();
            missing.sort_unstable();
            missing.dedup();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            stack.pop();
            let l = left.iter().map(|o| self.canonical[o]).collect();
            let r = right.iter().map(|o| self.canonical[o]).collect();
            let f = self.game(l, r)?;
            self.canonical.insert(top, f);
        }
        Ok(self.canonical[&g])
    }

    /// The game tree of the position `p` of `rules`, written out as a form: each position
    /// one node, its options as the rules give them (never split into components, nor
    /// brought to a normal form, which keep only the normal-play value). Iterative, each
    /// position met once; bounded by the arena's options, the position limit of `limits`
    /// ([`DEFAULT_MAX_STATES`] without one), its deadline and its flag.
    pub fn of_ruleset<R: Ruleset>(
        &mut self,
        rules: &R,
        p: &R::Position,
        limits: &Limits,
    ) -> Result<FormRef> {
        let max = limits.max_positions.unwrap_or(DEFAULT_MAX_STATES);
        let mut done: FxHashMap<R::Position, FormRef> = FxHashMap::default();
        // A position, and whether its options have been pushed (it is then written
        // when it comes back to the top, every option done).
        let mut stack = vec![(p.clone(), false)];
        let (mut left, mut right) = (Vec::new(), Vec::new());
        while let Some((q, expanded)) = stack.pop() {
            if done.contains_key(&q) {
                continue;
            }
            left.clear();
            right.clear();
            rules.options(&q, Side::Left, &mut left);
            rules.options(&q, Side::Right, &mut right);
            if !expanded {
                limits.check_every(done.len() as u64, "positions written out as forms")?;
                stack.push((q, true));
                for o in left.iter().chain(&right) {
                    if !done.contains_key(o) {
                        stack.push((o.clone(), false));
                    }
                }
                continue;
            }
            if done.len() as u64 >= max {
                return Err(Error::Limit {
                    what: format!("{} positions written out as forms", rules.name()),
                    limit: max,
                });
            }
            let l = left.iter().map(|o| done[o]).collect();
            let r = right.iter().map(|o| done[o]).collect();
            let f = self.game(l, r)?;
            done.insert(q, f);
        }
        Ok(done[p])
    }

    /// The components of `r`: sums opened (iteratively), negations carried down to the
    /// nodes, and forms without options (`{|}`, which no player can move in) dropped.
    fn components(&self, r: FormRef, out: &mut Vec<FormRef>) {
        let mut stack = vec![r];
        while let Some(f) = stack.pop() {
            match &self.nodes[f.id as usize] {
                Node::Sum(parts) => stack.extend(parts.iter().map(|p| FormRef {
                    id: p.id,
                    negated: p.negated != f.negated,
                })),
                Node::Game { left, right } if left.is_empty() && right.is_empty() => {}
                Node::Game { .. } => out.push(f),
            }
        }
    }

    /// The options of the node `r` for `side` (negations applied).
    fn options(&self, r: FormRef, side: Side) -> impl Iterator<Item = FormRef> + '_ {
        let Node::Game { left, right } = &self.nodes[r.id as usize] else {
            unreachable!("components are nodes written with braces")
        };
        let own = (side == Side::Left) != r.negated;
        let list = if own { left } else { right };
        list.iter().map(move |o| FormRef {
            id: o.id,
            negated: o.negated != r.negated,
        })
    }

    /// The misère outcome class of the form `r`: who wins when the player who cannot move
    /// wins. Within the position limit of `limits` ([`DEFAULT_MAX_STATES`] without one),
    /// its deadline and flag.
    pub fn misere_outcome(&self, r: FormRef, limits: &Limits) -> Result<PartizanOutcome> {
        let mut start = Vec::new();
        self.components(r, &mut start);
        start.sort_unstable();
        let max = limits.max_positions.unwrap_or(DEFAULT_MAX_STATES);
        let mut memo: FxHashMap<(Vec<FormRef>, Side), bool> = FxHashMap::default();
        let mut search = Search { forms: self };
        let mut wins = |side: Side| {
            let budget = Budget::new(max, "misère positions searched").watched_by(limits);
            evaluate(&mut search, &mut memo, (start.clone(), side), budget)
        };
        let left_first = wins(Side::Left)?;
        let right_first = wins(Side::Right)?;
        Ok(match (left_first, right_first) {
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (true, true) => PartizanOutcome::N,
            (false, false) => PartizanOutcome::P,
        })
    }
}

/// The misère search: a state is a sorted multiset of components and the player to move;
/// its value is whether that player wins.
struct Search<'a> {
    forms: &'a Forms,
}

impl Recurrence for Search<'_> {
    type State = (Vec<FormRef>, Side);
    type Value = bool;
    type Tag = ();

    fn expand(&mut self, (comps, side): &Self::State) -> Result<(Vec<Self::State>, ())> {
        let mut children = Vec::new();
        for (i, &c) in comps.iter().enumerate() {
            for o in self.forms.options(c, *side) {
                let mut next: Vec<FormRef> = comps[..i].to_vec();
                next.extend_from_slice(&comps[i + 1..]);
                self.forms.components(o, &mut next);
                next.sort_unstable();
                children.push((next, side.opponent()));
            }
        }
        Ok((children, ()))
    }

    fn cutoff(&self, _: &(), child_wins: &bool) -> Option<bool> {
        // A move after which the opponent loses wins.
        (!child_wins).then_some(true)
    }

    fn combine(&mut self, _: (), children: &[bool]) -> bool {
        // Reached only when every move wins for the opponent: the player to move wins only
        // by having no move at all.
        children.is_empty()
    }

    fn detect_cycles(&self) -> bool {
        false
    }
}

/// The most halvings in a number whose misère outcome [`number_misere_outcome`] gives: its
/// recursion goes one halving down a level.
pub const MAX_NUMBER_HALVINGS: u32 = 4096;

/// The misère outcome class of the canonical form of the number `x`, without writing its
/// game tree out (an integer `n` is a chain of `|n|` moves): 0 is `N` (the player to move
/// has no move, and wins); a positive integer is `R` (Right never has a move, so Right
/// wins whenever it is Right's turn, at the latest after Left's first move), a negative
/// one `L`; and `x = m/2^k` in lowest terms, `k ≥ 1`, is `{(m−1)/2^k | (m+1)/2^k}`, a
/// single option each side, so Left wins moving first exactly when Right loses moving
/// first from the left option, and likewise for Right. `None` past
/// [`MAX_NUMBER_HALVINGS`] halvings.
pub fn number_misere_outcome(x: &super::Dyadic) -> Option<PartizanOutcome> {
    fn first_wins(o: PartizanOutcome, left: bool) -> bool {
        use PartizanOutcome::*;
        matches!((o, left), (L, true) | (R, false) | (N, _))
    }
    fn rec(
        x: &super::Dyadic,
        memo: &mut FxHashMap<super::Dyadic, PartizanOutcome>,
    ) -> PartizanOutcome {
        if x.is_integer() {
            return match x.signum() {
                0 => PartizanOutcome::N,
                s if s > 0 => PartizanOutcome::R,
                _ => PartizanOutcome::L,
            };
        }
        if let Some(&o) = memo.get(x) {
            return o;
        }
        let step = super::Dyadic::pow2_neg(x.den_log2());
        let (a, b) = (x.sub(&step), x.add(&step));
        let left_wins = !first_wins(rec(&a, memo), false);
        let right_wins = !first_wins(rec(&b, memo), true);
        let o = match (left_wins, right_wins) {
            (true, true) => PartizanOutcome::N,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::P,
        };
        memo.insert(x.clone(), o);
        o
    }
    if x.den_log2() > MAX_NUMBER_HALVINGS {
        return None;
    }
    Some(rec(x, &mut FxHashMap::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::notation::parse;
    use PartizanOutcome::{L, N, P, R};

    /// Misère outcomes by the definition, recursively, on small forms: the reference the
    /// iterative search must agree with.
    fn by_definition(forms: &Forms, comps: &[FormRef], side: Side) -> bool {
        let mut any_move = false;
        for (i, &c) in comps.iter().enumerate() {
            for o in forms.options(c, side) {
                any_move = true;
                let mut next: Vec<FormRef> = comps[..i].to_vec();
                next.extend_from_slice(&comps[i + 1..]);
                forms.components(o, &mut next);
                if !by_definition(forms, &next, side.opponent()) {
                    return true;
                }
            }
        }
        !any_move
    }

    fn outcome_of(ctx: &mut Context, forms: &mut Forms, text: &str) -> PartizanOutcome {
        let g = parse(ctx, text).unwrap();
        let f = forms.canonical(ctx, g).unwrap();
        forms.misere_outcome(f, &Limits::default()).unwrap()
    }

    #[test]
    fn small_canonical_games() {
        let mut ctx = Context::new();
        let mut forms = Forms::new();
        // 0: the player to move cannot move and wins. *: the player to move must move to 0
        // and lose. 1: Right cannot move, and Left moving first leaves Right without a move.
        for (text, want) in [
            ("0", N),
            ("*", P),
            ("1", R),
            ("-1", L),
            ("2", R),
            ("*2", N),
            ("^", R),
            ("+-1", P),
        ] {
            assert_eq!(outcome_of(&mut ctx, &mut forms, text), want, "{text}");
        }
    }

    /// The closed form for numbers agrees with the search of their written-out game trees
    /// on every number of birthday at most 7, and answers an integer of any size.
    #[test]
    fn numbers_by_closed_form_agree_with_the_search() {
        let mut ctx = Context::new();
        let mut forms = Forms::new();
        let mut checked = 0;
        for k in 0..=4u32 {
            for m in -48i64..=48 {
                let x = crate::partizan::Dyadic::new(m.into(), k);
                let g = ctx.number(x.clone());
                if ctx.birthday(g) > 7 || (k > 0 && m % 2 == 0) {
                    continue;
                }
                let f = forms.canonical(&mut ctx, g).unwrap();
                let searched = forms.misere_outcome(f, &Limits::default()).unwrap();
                assert_eq!(number_misere_outcome(&x), Some(searched), "{x}");
                checked += 1;
            }
        }
        assert!(checked > 60, "{checked}");
        let huge = crate::partizan::Dyadic::integer(-1_823_437_481_924i64);
        assert_eq!(number_misere_outcome(&huge), Some(L));
    }

    /// `{0,*|}` equals 1 in normal play but not in misère play: the form matters.
    #[test]
    fn forms_equal_in_normal_play_differ_in_misere_play() {
        let mut ctx = Context::new();
        let mut forms = Forms::new();
        let zero = forms.game(vec![], vec![]).unwrap();
        let star = forms.game(vec![zero], vec![zero]).unwrap();
        let g = forms.game(vec![zero, star], vec![]).unwrap();
        assert_eq!(forms.misere_outcome(g, &Limits::default()).unwrap(), N);
        assert_eq!(outcome_of(&mut ctx, &mut forms, "{0,*|}"), R);
        // Negation exchanges the players.
        assert_eq!(forms.misere_outcome(-g, &Limits::default()).unwrap(), N);
        let one = forms.game(vec![zero], vec![]).unwrap();
        assert_eq!(forms.misere_outcome(-one, &Limits::default()).unwrap(), L);
    }

    /// Sums searched as sums agree with the definition applied to every small sum of two
    /// and three games born by day 2.
    #[test]
    fn sums_agree_with_the_definition() {
        let mut ctx = Context::new();
        let mut forms = Forms::new();
        let texts = [
            "0", "*", "1", "-1", "^", "v*", "{1|0}", "+-1", "1/2", "{0,*|}",
        ];
        let refs: Vec<FormRef> = texts
            .iter()
            .map(|t| {
                let g = parse(&mut ctx, t).unwrap();
                forms.canonical(&mut ctx, g).unwrap()
            })
            .collect();
        for &a in &refs {
            for &b in &refs {
                for c in [None, Some(refs[1]), Some(-refs[4])] {
                    let mut parts = vec![a, -b];
                    parts.extend(c);
                    let s = forms.sum(parts.clone()).unwrap();
                    let got = forms.misere_outcome(s, &Limits::default()).unwrap();
                    let mut comps = Vec::new();
                    forms.components(s, &mut comps);
                    let lw = by_definition(&forms, &comps, Side::Left);
                    let rw = by_definition(&forms, &comps, Side::Right);
                    let want = match (lw, rw) {
                        (true, false) => L,
                        (false, true) => R,
                        (true, true) => N,
                        (false, false) => P,
                    };
                    assert_eq!(got, want);
                }
            }
        }
    }

    #[test]
    fn forms_too_large_are_refused() {
        let mut ctx = Context::new();
        let mut forms = Forms::with_max_options(10_000);
        let g = parse(&mut ctx, "*200").unwrap();
        let e = forms.canonical(&mut ctx, g).unwrap_err().to_string();
        assert!(e.contains("options of game forms"), "{e}");
        let g = parse(&mut ctx, "*100").unwrap();
        assert!(Forms::with_max_options(10_100)
            .canonical(&mut ctx, g)
            .is_ok());
    }

    #[test]
    fn a_search_too_large_stops_at_its_limit() {
        let mut ctx = Context::new();
        let mut forms = Forms::new();
        let g = parse(&mut ctx, "*40").unwrap();
        let f = forms.canonical(&mut ctx, g).unwrap();
        let s = forms.sum(vec![f; 6]).unwrap();
        let e = forms
            .misere_outcome(s, &Limits::positions(1000))
            .unwrap_err()
            .to_string();
        assert!(e.contains("misère positions searched"), "{e}");
    }
}
