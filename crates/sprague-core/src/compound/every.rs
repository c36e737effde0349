//! Every-move compounds (Every-SG): the player to move must move in **every**
//! component that can still move; whoever makes the last move wins.
//!
//! Each component is played as a race. The winner of a lone component (normal play) wants
//! it to last long, the loser wants it short; the *step* of a position measures how long
//! it lasts under that play (Winning Ways ch. 9 "remoteness"; Jia Zhihao 2009, "Every-SG"):
//!
//! - `step(x) = 0` when `x` is terminal;
//! - `step(x) = 1 + max { step(y) : y an option of x with g(y) = 0 }` when `g(x) > 0`;
//! - `step(x) = 1 + min { step(y) : y an option of x }` when `g(x) = 0`.
//!
//! A step is odd exactly when the player to move wins the lone component. The compound ends
//! when its longest component ends, so the first player wins iff the largest step is odd.
//!
//! [`EverySolver`] computes steps for any [`Impartial`] ruleset, iteratively (an explicit
//! stack), memoised, with a position limit. A component that splits into parts (an octal
//! game's row broken in two) is still one component of the compound: a move in it moves in
//! one of its parts. Such positions are kept as sorted multisets of their non-terminal parts.

use crate::error::Result;
use crate::impartial::{options_within, Atoms, GrundySolver, Impartial};
use crate::limits::Limits;
use crate::search::{evaluate, Budget, Recurrence};
use rustc_hash::FxHashMap;

/// What a stored state costs this solver (a step memo entry and the Grundy values beside
/// it), measured: 197 bytes on pairs of heaps.
const BYTES_PER_STATE: u64 = 200;

/// Steps (remoteness) of positions of an impartial ruleset, for every-move compounds.
pub struct EverySolver<R: Impartial>
where
    R::Position: Ord,
{
    grundy: GrundySolver<R>,
    /// Step of each canonical state (sorted multiset of non-terminal atomic parts).
    memo: FxHashMap<Vec<R::Position>, u64>,
    atoms: Atoms<R::Position>,
    limits: Limits,
}

/// The step recurrence over canonical states, with what it needs: the Grundy solver (to
/// know who wins a state alone) and the remembered terminal positions.
struct Steps<'s, R: Impartial>
where
    R::Position: Ord,
{
    grundy: &'s mut GrundySolver<R>,
    atoms: &'s mut Atoms<R::Position>,
    /// The most options the search may generate: a part known to have more is refused
    /// before its options are listed.
    max_options: u64,
}

impl<R: Impartial> Steps<'_, R>
where
    R::Position: Ord,
{
    fn normalise(&mut self, position: R::Position) -> Vec<R::Position> {
        self.atoms.normalise(self.grundy.rules(), vec![position])
    }

    /// True when the player to move wins the state alone under normal play.
    fn state_wins(&mut self, state: &[R::Position]) -> Result<bool> {
        let mut x = 0u64;
        for p in state {
            x ^= self.grundy.grundy(p)?.value();
        }
        Ok(x != 0)
    }

    /// The states one move away: a move in one part.
    fn children(&mut self, state: &[R::Position]) -> Result<Vec<Vec<R::Position>>> {
        let mut result = Vec::new();
        let mut opts = Vec::new();
        for i in 0..state.len() {
            if i > 0 && state[i] == state[i - 1] {
                continue;
            }
            opts.clear();
            options_within(self.grundy.rules(), &state[i], self.max_options, &mut opts)?;
            for o in std::mem::take(&mut opts) {
                let mut next: Vec<R::Position> = Vec::with_capacity(state.len() + 1);
                next.extend(state[..i].iter().cloned());
                next.extend(state[i + 1..].iter().cloned());
                let mut tail = self.normalise(o);
                next.append(&mut tail);
                next.sort();
                result.push(next);
            }
        }
        Ok(result)
    }
}

/// Steps as a [`Recurrence`]; the tag says whether the player to move wins the state alone.
impl<R: Impartial> Recurrence for Steps<'_, R>
where
    R::Position: Ord,
{
    type State = Vec<R::Position>;
    type Value = u64;
    type Tag = bool;

    fn expand(&mut self, state: &Vec<R::Position>) -> Result<(Vec<Vec<R::Position>>, bool)> {
        let wins = self.state_wins(state)?;
        Ok((self.children(state)?, wins))
    }

    fn combine(&mut self, wins: bool, children: &[u64]) -> u64 {
        if children.is_empty() {
            return 0;
        }
        if wins {
            // The longest win: options of value 0 are exactly those with an even step.
            children
                .iter()
                .filter(|s| s.is_multiple_of(2))
                .map(|s| s + 1)
                .max()
                .unwrap_or(0)
        } else {
            // The quickest loss.
            children.iter().map(|s| s + 1).min().unwrap_or(0)
        }
    }
}

/// The every-move analysis of a compound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EveryAnalysis<P> {
    /// The step of each component, in input order.
    pub steps: Vec<u64>,
    /// The largest step (0 when no component can move).
    pub max_step: u64,
    /// True when the player to move wins the compound (the largest step is odd).
    pub first_wins: bool,
    /// When the player to move wins: for each component that can move, its index and the
    /// options that follow the step strategy. Any choice of one option in every listed
    /// component is a winning move of the compound. Empty when the player to move loses.
    pub choices: Vec<(usize, Vec<P>)>,
}

impl<R: Impartial> EverySolver<R>
where
    R::Position: Ord,
{
    /// A solver with the given limits (shared by the Grundy search and the step search).
    pub fn new(rules: R, limits: Limits) -> Self {
        EverySolver {
            grundy: GrundySolver::with_limits(rules, limits.clone()),
            memo: FxHashMap::default(),
            atoms: Atoms::default(),
            limits,
        }
    }

    /// The rules being solved.
    pub fn rules(&self) -> &R {
        self.grundy.rules()
    }

    fn steps(&mut self) -> Steps<'_, R> {
        let max_options = self.budget().max_options;
        Steps {
            grundy: &mut self.grundy,
            atoms: &mut self.atoms,
            max_options,
        }
    }

    /// The budget of one step search.
    fn budget(&self) -> Budget<'_> {
        Budget::new(
            self.limits.max_positions_at(BYTES_PER_STATE),
            "positions searched for every-move steps",
        )
        .watched_by(&self.limits)
    }

    /// The canonical state of one component: its parts flattened, terminal parts dropped,
    /// sorted. The empty state is terminal.
    pub fn normalise(&mut self, position: R::Position) -> Vec<R::Position> {
        self.steps().normalise(position)
    }

    /// The step of a position (see the module documentation).
    pub fn step(&mut self, position: &R::Position) -> Result<u64> {
        let state = self.normalise(position.clone());
        self.state_step(state)
    }

    /// True when the player to move wins the position alone (normal play).
    pub fn wins(&mut self, position: &R::Position) -> Result<bool> {
        let state = self.normalise(position.clone());
        self.steps().state_wins(&state)
    }

    fn state_step(&mut self, start: Vec<R::Position>) -> Result<u64> {
        let budget = Budget::new(
            self.limits.max_positions_at(BYTES_PER_STATE),
            "positions searched for every-move steps",
        )
        .watched_by(&self.limits);
        let mut steps = Steps {
            grundy: &mut self.grundy,
            atoms: &mut self.atoms,
            max_options: budget.max_options,
        };
        evaluate(&mut steps, &mut self.memo, start, budget)
    }

    /// The options of `position` that follow the step strategy: when the mover wins the
    /// component, the options of value 0 whose step is `step − 1` (the longest win); when
    /// the mover loses it, the options whose step is `step − 1` (the quickest loss).
    /// Duplicates removed, the rules' order kept.
    pub fn strategy_moves(&mut self, position: &R::Position) -> Result<Vec<R::Position>> {
        let s = self.step(position)?;
        let mut opts = Vec::new();
        let max = self.budget().max_options;
        options_within(self.grundy.rules(), position, max, &mut opts)?;
        let mut found: Vec<R::Position> = Vec::new();
        for o in opts {
            let st = self.normalise(o.clone());
            if s > 0 && self.state_step(st)? == s - 1 && !found.contains(&o) {
                found.push(o);
            }
        }
        Ok(found)
    }

    /// Steps, outcome and the winning choices of an every-move compound.
    pub fn analyse(&mut self, components: &[R::Position]) -> Result<EveryAnalysis<R::Position>> {
        let steps: Vec<u64> = components
            .iter()
            .map(|c| self.step(c))
            .collect::<Result<_>>()?;
        let max_step = steps.iter().copied().max().unwrap_or(0);
        let first_wins = max_step % 2 == 1;
        let mut choices = Vec::new();
        if first_wins {
            for (i, c) in components.iter().enumerate() {
                if steps[i] > 0 {
                    choices.push((i, self.strategy_moves(c)?));
                }
            }
        }
        Ok(EveryAnalysis {
            steps,
            max_step,
            first_wins,
            choices,
        })
    }
}

/// The every-move outcome from steps: the first player wins iff the largest step is odd.
pub fn first_wins_from_steps<'a>(steps: impl IntoIterator<Item = &'a u64>) -> bool {
    steps.into_iter().copied().max().unwrap_or(0) % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    struct Nim;
    impl Impartial for Nim {
        type Position = u64;
        fn options(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend(0..n);
        }
    }

    /// Subtraction game S = {1, 2}.
    struct Sub12;
    impl Impartial for Sub12 {
        type Position = u64;
        fn options(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend([1, 2].iter().filter(|&&s| s <= n).map(|&s| n - s));
        }
    }

    /// Euclid's game on pairs: subtract a positive multiple of the smaller number from the
    /// larger, staying non-negative (the rules as the games layer defines them).
    struct Euclid;
    impl Impartial for Euclid {
        type Position = (u64, u64);
        fn options(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            if a == 0 || b == 0 {
                return;
            }
            if a >= b {
                out.extend((1..=a / b).map(|k| (a - k * b, b)));
            } else {
                out.extend((1..=b / a).map(|k| (a, b - k * a)));
            }
        }
    }

    /// Kayles rows `(x, y)` = two rows (x ≥ y); `(n, 0)` is one row. Splits into parts.
    struct Kayles;
    impl Impartial for Kayles {
        type Position = (u8, u8);
        fn options(&self, &(x, y): &(u8, u8), out: &mut Vec<(u8, u8)>) {
            debug_assert_eq!(y, 0);
            for k in 1..=2u8 {
                if k > x {
                    break;
                }
                for a in 0..=x - k {
                    let b = x - k - a;
                    out.push((a.max(b), a.min(b)));
                }
            }
        }
        fn components(&self, &(x, y): &(u8, u8)) -> Option<Vec<(u8, u8)>> {
            (y > 0).then(|| vec![(x, 0), (y, 0)])
        }
    }

    /// Direct search of the every-move compound: the mover picks an option in every
    /// component that can move (all combinations); the last mover wins.
    fn brute<R: Impartial>(
        rules: &R,
        comps: Vec<R::Position>,
        memo: &mut HashMap<Vec<R::Position>, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&comps) {
            return w;
        }
        let mut per: Vec<Vec<Option<R::Position>>> = Vec::new();
        for c in &comps {
            let mut o = Vec::new();
            rules.options(c, &mut o);
            per.push(if o.is_empty() {
                vec![None]
            } else {
                o.into_iter().map(Some).collect()
            });
        }
        let movable = per.iter().any(|p| p[0].is_some());
        let mut wins = false;
        if movable {
            // Enumerate the cartesian product with an odometer.
            let mut idx = vec![0usize; per.len()];
            'outer: loop {
                let next: Vec<R::Position> = comps
                    .iter()
                    .zip(&per)
                    .zip(&idx)
                    .map(|((c, p), &k)| p[k].clone().unwrap_or_else(|| c.clone()))
                    .collect();
                if !brute(rules, next, memo) {
                    wins = true;
                    break;
                }
                for j in 0..idx.len() {
                    idx[j] += 1;
                    if idx[j] < per[j].len() {
                        continue 'outer;
                    }
                    idx[j] = 0;
                }
                break;
            }
        }
        memo.insert(comps, wins);
        wins
    }

    #[test]
    fn nim_steps() {
        let mut s = EverySolver::new(Nim, Limits::default());
        assert_eq!(s.step(&0).unwrap(), 0);
        for n in 1..20 {
            assert_eq!(s.step(&n).unwrap(), 1, "heap {n}: take everything");
        }
    }

    #[test]
    fn step_rule_agrees_with_direct_search_of_compounds() {
        // Sub {1,2}: sums of up to three heaps below 9.
        let mut s = EverySolver::new(Sub12, Limits::default());
        let mut memo = HashMap::new();
        for a in 0..9u64 {
            for b in 0..9u64 {
                for c in 0..6u64 {
                    let comps = vec![a, b, c];
                    let an = s.analyse(&comps).unwrap();
                    assert_eq!(
                        an.first_wins,
                        brute(&Sub12, comps.clone(), &mut memo),
                        "{comps:?}"
                    );
                }
            }
        }
        // Euclid: sums of two small pairs.
        let mut s = EverySolver::new(Euclid, Limits::default());
        let mut memo = HashMap::new();
        let pairs: Vec<(u64, u64)> = (1..9u64)
            .flat_map(|a| (1..9u64).map(move |b| (a, b)))
            .collect();
        for &p in &pairs {
            for &q in &pairs {
                let comps = vec![p, q];
                let an = s.analyse(&comps).unwrap();
                assert_eq!(
                    an.first_wins,
                    brute(&Euclid, comps.clone(), &mut memo),
                    "{comps:?}"
                );
            }
        }
    }

    #[test]
    fn winning_choices_combine_into_winning_moves() {
        let mut s = EverySolver::new(Euclid, Limits::default());
        let mut memo = HashMap::new();
        let mut checked = 0;
        for a in 1..12u64 {
            for b in 1..9u64 {
                let comps = vec![(a, b), (b + 2, 3), (a % 5 + 1, 2)];
                let an = s.analyse(&comps).unwrap();
                if !an.first_wins {
                    assert!(an.choices.is_empty());
                    continue;
                }
                // Every combination of the listed choices leaves a losing compound.
                let mut combos: Vec<Vec<(u64, u64)>> = vec![comps.clone()];
                for (i, opts) in &an.choices {
                    assert!(!opts.is_empty(), "{comps:?} component {i}");
                    combos = combos
                        .into_iter()
                        .flat_map(|c| {
                            opts.iter().map(move |o| {
                                let mut c = c.clone();
                                c[*i] = *o;
                                c
                            })
                        })
                        .collect();
                }
                for c in combos {
                    assert!(!brute(&Euclid, c.clone(), &mut memo), "{comps:?} -> {c:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 20);
    }

    #[test]
    fn splitting_components_are_one_component() {
        // A Kayles row that splits is still one component of the compound: brute force over
        // the multiset representation (a move in one part of one component).
        let mut s = EverySolver::new(Kayles, Limits::default());
        // Brute force the compound of two rows, each a multiset of parts.
        fn brute_k(comps: Vec<Vec<u8>>, memo: &mut HashMap<Vec<Vec<u8>>, bool>) -> bool {
            if let Some(&w) = memo.get(&comps) {
                return w;
            }
            let per: Vec<Vec<Vec<u8>>> = comps
                .iter()
                .map(|parts| {
                    let mut o = Vec::new();
                    for (i, &x) in parts.iter().enumerate() {
                        for k in 1..=2u8.min(x) {
                            for a in 0..=x - k {
                                let mut n = parts.clone();
                                n.remove(i);
                                n.extend([a, x - k - a].into_iter().filter(|&v| v > 0));
                                n.sort();
                                o.push(n);
                            }
                        }
                    }
                    o
                })
                .collect();
            let mut wins = false;
            if per.iter().any(|p| !p.is_empty()) {
                let choices: Vec<Vec<Vec<u8>>> = per
                    .iter()
                    .zip(&comps)
                    .map(|(p, c)| {
                        if p.is_empty() {
                            vec![c.clone()]
                        } else {
                            p.clone()
                        }
                    })
                    .collect();
                let mut idx = vec![0usize; choices.len()];
                'outer: loop {
                    let next: Vec<Vec<u8>> = choices
                        .iter()
                        .zip(&idx)
                        .map(|(c, &k)| c[k].clone())
                        .collect();
                    if !brute_k(next, memo) {
                        wins = true;
                        break;
                    }
                    for j in 0..idx.len() {
                        idx[j] += 1;
                        if idx[j] < choices[j].len() {
                            continue 'outer;
                        }
                        idx[j] = 0;
                    }
                    break;
                }
            }
            memo.insert(comps, wins);
            wins
        }
        let mut memo = HashMap::new();
        for a in 0..8u8 {
            for b in 0..8u8 {
                let an = s.analyse(&[(a, 0), (b, 0)]).unwrap();
                let comps = vec![
                    if a > 0 { vec![a] } else { vec![] },
                    if b > 0 { vec![b] } else { vec![] },
                ];
                assert_eq!(an.first_wins, brute_k(comps, &mut memo), "rows {a} and {b}");
            }
        }
    }

    #[test]
    fn deep_positions_do_not_overflow_and_limits_fail_cleanly() {
        let mut s = EverySolver::new(Sub12, Limits::default());
        // S = {1, 2}: step(n) = 2⌊n/3⌋ + [n mod 3 ≠ 0].
        assert_eq!(s.step(&100_000).unwrap(), 66_667);
        for n in 0..30 {
            assert_eq!(s.step(&n).unwrap(), 2 * (n / 3) + u64::from(n % 3 != 0));
        }
        let mut s = EverySolver::new(Sub12, Limits::positions(50));
        assert!(matches!(
            s.step(&1000),
            Err(crate::error::Error::Limit { .. })
        ));
    }

    /// A part known to have more options than the search may generate is refused before
    /// they are listed, in the step search and in the strategy's moves.
    #[test]
    fn parts_with_too_many_options_are_refused() {
        use crate::testing::CountedNim;
        let mut s = EverySolver::new(CountedNim, Limits::positions(100));
        assert_eq!(s.step(&5).unwrap(), 1);
        for e in [
            s.step(&1_000_000_000).unwrap_err(),
            s.strategy_moves(&1_000_000_000).unwrap_err(),
        ] {
            assert!(e.to_string().contains("options of one position"), "{e}");
        }
    }
}
