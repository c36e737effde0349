//! Bash (Bachet's game) and bounded Nim: heaps; a move takes 1..=k stones from one
//! heap. Theorem: g(n) = n mod (k + 1) (the options of n are n−1, …, n−k, whose values are
//! k distinct residues other than n mod (k+1), covering all smaller residues; induction).
//! So a sum of heaps has value XOR of (h mod (k+1)).
//! Misère, one heap: the player to move loses iff n mod (k + 1) = 1 (induction: from such
//! an n every move leaves a residue in 2..=k or 0 with a stone left, or takes to 1..; see
//! the test against exact search). Sums of several heaps in misère play are searched.

use super::adapter::check::theorem_against_search;
use super::adapter::NumberGameAdapter;
use super::moves::take_label;
use super::{small, MisereVerdict, MoveAt, MoveList, NumberGame, Numbers, Shape};
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::interface::{Editor, Entry, Example, Game, Picture, Play, Players, Solution};
use crate::value::Outcome;
use num_bigint::BigUint;

/// The rules of one heap: take 1..=k.
#[derive(Debug, Clone, Copy)]
pub struct TakeUpToRules {
    /// The most stones one move takes.
    pub k: u64,
}

impl Impartial for TakeUpToRules {
    type Position = u64;
    fn options(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend((1..=self.k.min(n)).map(|s| n - s));
    }
    fn has_moves(&self, &n: &u64) -> bool {
        self.k.min(n) >= 1
    }
    fn option_count(&self, &n: &u64) -> Option<u64> {
        Some(self.k.min(n))
    }
}

/// Bash (`bash:M`) or bounded Nim (`bounded-nim:K`): the same heap game under two names.
#[derive(Debug, Clone)]
pub struct TakeUpTo {
    name: &'static str,
    rules: TakeUpToRules,
}

impl TakeUpTo {
    /// The game taking 1..=k stones, named `name` in specs.
    pub fn new(name: &'static str, k: u64) -> Self {
        TakeUpTo {
            name,
            rules: TakeUpToRules { k },
        }
    }

    fn modulus(&self) -> BigUint {
        BigUint::from(self.rules.k) + 1u32
    }
}

/// Misère play on one heap of `n` with moves 1..=k: outcome and every winning move.
pub fn misere_one_heap(n: &BigUint, k: u64) -> (Outcome, Vec<BigUint>) {
    if n == &BigUint::ZERO {
        // No move: the player to move has made the last move's opponent lose.
        return (Outcome::First, vec![]);
    }
    let m = BigUint::from(k) + 1u32;
    let r = (n - 1u32) % &m; // stones to take to leave a residue of 1
    if r == BigUint::ZERO {
        (Outcome::Second, vec![])
    } else {
        (Outcome::First, vec![n - r])
    }
}

impl NumberGame for TakeUpTo {
    type Rules = TakeUpToRules;
    fn spec(&self) -> String {
        format!("{}:{}", self.name, self.rules.k)
    }
    fn shape(&self) -> Shape {
        Shape::Heaps
    }
    fn rules(&self) -> &TakeUpToRules {
        &self.rules
    }
    fn to_position(&self, c: &[BigUint]) -> Result<u64> {
        small(&c[0], "heap")
    }
    fn to_numbers(&self, &p: &u64) -> Numbers {
        vec![p.into()]
    }
    fn list_moves(&self, c: &[BigUint], max: usize) -> Option<MoveList> {
        let n = &c[0];
        let count = n.min(&BigUint::from(self.rules.k)).clone();
        Some(MoveList::bounded(count.clone(), max, || {
            let count = u64::try_from(&count).unwrap_or(0);
            (1..=count).map(|s| vec![n - s]).collect()
        }))
    }
    fn first_moves(&self, c: &[BigUint], k: usize) -> Option<Vec<Numbers>> {
        let n = &c[0];
        let takes = (k as u64).min(self.rules.k);
        Some(
            (1..=takes)
                .map(BigUint::from)
                .take_while(|s| s <= n)
                .map(|s| vec![n - s])
                .collect(),
        )
    }
    fn move_label(&self, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
        take_label(at, before, after)
    }
    fn theorem_name(&self) -> Option<String> {
        Some(format!(
            "Bachet: a heap of n has value n mod {}; values add by XOR",
            self.modulus()
        ))
    }
    fn grundy_theorem(&self, c: &[BigUint]) -> Option<BigUint> {
        Some(&c[0] % self.modulus())
    }
    fn moves_to_value_theorem(&self, c: &[BigUint], target: &BigUint) -> Option<Vec<Numbers>> {
        // The options n−1..n−k have distinct residues; the one with residue `target` exists
        // iff target ≠ n mod (k+1), target ≤ k and the take s = (n − target) mod (k+1) ≤ n.
        let m = self.modulus();
        let n = &c[0];
        if target >= &m {
            return Some(vec![]);
        }
        let s = ((n + &m) - target) % &m;
        Some(if s == BigUint::ZERO || &s > n {
            vec![]
        } else {
            vec![vec![n - s]]
        })
    }
    fn misere_theorem(&self, comps: &[Numbers]) -> Option<MisereVerdict> {
        if comps.len() != 1 {
            return None;
        }
        let (outcome, moves) = misere_one_heap(&comps[0][0], self.rules.k);
        Some(MisereVerdict {
            outcome,
            winning_moves: moves.into_iter().map(|n| (0, vec![n])).collect(),
            theorem: format!(
                "misère Bachet: one heap loses for the player to move iff n mod {} = 1",
                self.modulus()
            ),
        })
    }
    fn proven_period(&self) -> Option<(u64, u64)> {
        self.rules.k.checked_add(1).map(|m| (0, m))
    }
}

pub(crate) fn parse_k(game: &str, params: Option<&str>) -> Result<u64> {
    let p = params.ok_or_else(|| {
        Error::bad_params(
            game,
            format!("give the most stones a move takes, e.g. `{game}:3`"),
        )
    })?;
    let k: u64 = p.trim().parse().map_err(|_| {
        Error::bad_params(
            game,
            format!("`{p}` is not a positive integer (the most stones a move takes)"),
        )
    })?;
    if k == 0 || k == u64::MAX {
        return Err(Error::bad_params(
            game,
            format!(
                "the most stones a move takes must be between 1 and {}, got {k}",
                u64::MAX - 1
            ),
        ));
    }
    Ok(k)
}

fn build_bash(params: Option<&str>) -> Result<Box<dyn Game>> {
    let k = parse_k("bash", params)?;
    Ok(Box::new(NumberGameAdapter(TakeUpTo::new("bash", k))))
}

fn build_bounded(params: Option<&str>) -> Result<Box<dyn Game>> {
    let k = parse_k("bounded-nim", params)?;
    Ok(Box::new(NumberGameAdapter(TakeUpTo::new("bounded-nim", k))))
}

const REFS: &str = "C. G. Bachet de Méziriac, Problèmes plaisants et délectables (1612), problem 22; E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical Plays, 2nd ed., vol. 1, ch. 4 (subtraction games; misère play ch. 13).";

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    Ok(theorem_against_search(&TakeUpTo::new("bash", 3))?
        + theorem_against_search(&TakeUpTo::new("bash", 1))?)
}

/// The catalogue entry of Bash.
pub fn entry_bash() -> Entry {
    Entry {
        name: "bash",
        aliases: &["bachet"],
        usage: "bash:M HEAP [HEAP...]",
        summary: "Bash (Bachet's game): take 1..M stones from one heap",
        rules: "One heap of n stones (several heaps make a sum). A move takes between 1 and M stones. Under normal play the player who takes the last stone wins; under misère play (--misere) that player loses.",
        theorem: "g(n) = n mod (M+1): the player to move loses exactly when M+1 divides n, and wins by taking n mod (M+1). A sum of heaps has value XOR of (h mod (M+1)). Misère, one heap: the player to move loses iff n mod (M+1) = 1, and otherwise takes (n−1) mod (M+1) stones (checked against exact misère search); sums of heaps are searched exactly in misère play.",
        references: REFS,
        examples: const {
            &[
                Example::plays("bash:3", "10", &[Play::Normal, Play::Misere]),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[Picture::Grundy],
        solution: Solution::Theorem { check: check_theorem },
        build: build_bash,
    }
}

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_bounded_theorem() -> std::result::Result<u64, String> {
    theorem_against_search(&TakeUpTo::new("bounded-nim", 4))
}

/// The catalogue entry of bounded Nim.
pub fn entry_bounded() -> Entry {
    Entry {
        name: "bounded-nim",
        aliases: &[],
        usage: "bounded-nim:K HEAP...",
        summary: "Bounded Nim: take 1..K stones from one heap",
        rules: "Heaps of stones. A move takes between 1 and K stones from one heap. Under normal play the player who takes the last stone wins.",
        theorem: "A heap of h has Grundy value h mod (K+1) (Bachet), and by the Sprague–Grundy theorem a position's value is the XOR of (h mod (K+1)) over its heaps; it is a P-position iff that XOR is 0. Misère play: one heap by the misère Bachet rule, several heaps by exact search.",
        references: REFS,
        examples: const {
            &[
                Example::normal("bounded-nim:4", "7 9 12"),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[Picture::Grundy],
        solution: Solution::Theorem { check: check_bounded_theorem },
        build: build_bounded,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, MisereSolver};
    use crate::limits::Limits;
    use crate::value::Nimber;

    #[test]
    fn theorem_agrees_with_rules() {
        for k in 1..7u64 {
            let g = TakeUpTo::new("bash", k);
            let mut s = GrundySolver::new(g.rules);
            for n in 0..60u64 {
                let v = s.grundy(&n).unwrap().value();
                assert_eq!(g.grundy_theorem(&[n.into()]).unwrap(), BigUint::from(v));
                for t in 0..(k + 3) {
                    let mut expect: Vec<Numbers> = s
                        .moves_to_value(&n, Nimber(t))
                        .unwrap()
                        .into_iter()
                        .map(|p| vec![p.into()])
                        .collect();
                    expect.sort();
                    let got = g.moves_to_value_theorem(&[n.into()], &t.into()).unwrap();
                    assert_eq!(got, expect, "k={k} n={n} target={t}");
                }
            }
        }
    }

    #[test]
    fn misere_one_heap_agrees_with_search() {
        for k in 1..6u64 {
            let mut s = MisereSolver::new(TakeUpToRules { k }, Limits::default());
            for n in 0..40u64 {
                let (o, moves) = misere_one_heap(&n.into(), k);
                assert_eq!(o == Outcome::First, s.first_player_wins(&[n]).unwrap());
                let expect: Vec<BigUint> = s
                    .winning_moves(&[n])
                    .unwrap()
                    .into_iter()
                    .map(|(_, p)| p.into())
                    .collect();
                assert_eq!(moves, expect, "k={k} n={n}");
            }
        }
    }

    #[test]
    fn huge_heaps_and_bad_params() {
        let g = lookup_game("bash:3");
        let v = g
            .solve(
                &["1000000000000000000000000000002".into()],
                &Default::default(),
            )
            .unwrap();
        assert_eq!(v.value.as_deref(), Some("2"));
        assert_eq!(v.winning_positions(), ["1000000000000000000000000000000"]);
        assert_eq!(v.moves[0].label, "take 2 from heap 1");
        for bad in ["bash", "bash:0", "bash:x", "bounded-nim:-1"] {
            assert!(
                crate::interface::testing::game_of(&[entry_bash(), entry_bounded()], bad).is_err(),
                "{bad}"
            );
        }
    }

    fn lookup_game(s: &str) -> Box<dyn Game> {
        crate::interface::testing::game_of(&[entry_bash(), entry_bounded()], s).unwrap()
    }
}
