//! The quotient against an independent exhaustive misère search: the outcome of every
//! small sum, and the winning moves of random sums.

use super::octal::{multisets, Nim, Octal, Search};
use crate::limits::Limits;
use crate::quotient::{HeapGame, HeapOptions, Quotient, QuotientConfig, QuotientSolver};
use crate::testing::next;
use crate::value::Outcome;

fn quotient<G: HeapGame>(game: G, upto: u64) -> Quotient {
    let mut s = QuotientSolver::new(game, QuotientConfig::default()).unwrap();
    s.run(upto, &Limits::default()).unwrap();
    s.quotient()
}

/// Every sum of at most `k` heaps of sizes `1..=max` has the outcome the quotient says.
fn agrees_on_small_sums<G: HeapGame + Clone>(game: G, name: &str, upto: u64, max: u64, k: usize) {
    let q = quotient(game.clone(), upto);
    let mut search = Search::new(&game);
    let mut checked = 0;
    for w in multisets(max, k) {
        let want = if search.is_p(&w) {
            Outcome::Second
        } else {
            Outcome::First
        };
        assert_eq!(q.outcome(&w).unwrap(), want, "{name}: {w:?}");
        checked += 1;
    }
    assert!(checked >= 455, "{name}: only {checked} sums");
}

#[test]
fn finite_quotients_decide_every_small_sum() {
    for code in [
        "0.75", "0.12", "0.31", "0.52", "0.3", "0.73", "0.71", "0.53",
    ] {
        agrees_on_small_sums(Octal::new(code), code, 100, 12, 4);
    }
}

#[test]
fn bounded_quotients_of_wild_games_decide_every_small_sum() {
    // Dawson's Kayles, Kayles and Dawson's Chess: quotients grow with the heaps; the
    // quotient of heaps up to 20 decides all sums of heaps up to 12.
    for code in ["0.07", "0.77", "0.137"] {
        agrees_on_small_sums(Octal::new(code), code, 20, 12, 3);
    }
}

#[test]
fn bounded_nim_decides_every_small_sum() {
    let q = quotient(Nim, 7);
    let mut search = Search::new(&Nim);
    for w in multisets(7, 4) {
        assert_eq!(
            q.outcome(&w).unwrap() == Outcome::Second,
            search.is_p(&w),
            "{w:?}"
        );
    }
    assert!(
        q.outcome(&[8]).is_err(),
        "heap 8 is beyond the bounded quotient"
    );
}

/// The winning moves of random sums, by the quotient, are exactly those an exhaustive
/// search finds.
#[test]
fn winning_moves_match_the_search() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for code in ["0.75", "0.52", "0.07", "0.77"] {
        let game = Octal::new(code);
        let q = quotient(game.clone(), 20);
        let mut search = Search::new(&game);
        for _ in 0..150 {
            let k = 1 + next(&mut seed) % 4;
            let heaps: Vec<u64> = (0..k).map(|_| 1 + next(&mut seed) % 14).collect();
            let got = q.winning_moves(&game, &heaps, &Limits::default()).unwrap();
            assert!(got.complete);
            let mut want = Vec::new();
            let mut seen = std::collections::HashSet::new();
            for (i, &h) in heaps.iter().enumerate() {
                if !seen.insert(h) {
                    continue;
                }
                let mut opts = HeapOptions::new();
                game.options(h, &mut opts);
                for o in opts.iter() {
                    let mut after: Vec<u64> = heaps.clone();
                    after.remove(i);
                    after.extend_from_slice(o);
                    let mut leaves = o.to_vec();
                    leaves.sort_unstable();
                    if search.is_p(&after) && !want.contains(&(i, leaves.clone())) {
                        want.push((i, leaves));
                    }
                }
            }
            let mut got: Vec<(usize, Vec<u64>)> =
                got.moves.into_iter().map(|m| (m.index, m.leaves)).collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{code} {heaps:?}");
        }
    }
}

/// In huge heaps, moves are found by residues; each one found leaves a P-position, and a
/// sum claimed lost has none.
#[test]
fn huge_heaps_are_played_by_residues() {
    let game = Octal::new("0.75");
    let q = quotient(game.clone(), 1_000);
    let period = q.period().expect("0.75 has a proven period");
    let mut seed = 7u64;
    let mut winning = 0;
    for _ in 0..300 {
        let k = 1 + next(&mut seed) % 6;
        let heaps: Vec<u64> = (0..k)
            .map(|_| 1_000_000_000_000 + next(&mut seed) % 1_000)
            .collect();
        let moves = q.winning_moves(&game, &heaps, &Limits::default()).unwrap();
        if q.outcome(&heaps).unwrap() == Outcome::Second {
            assert!(moves.moves.is_empty());
            continue;
        }
        assert!(
            !moves.moves.is_empty(),
            "{heaps:?} is N but no move was found"
        );
        winning += 1;
        for m in &moves.moves {
            let mut after = heaps.clone();
            after.remove(m.index);
            after.extend_from_slice(&m.leaves);
            assert_eq!(
                q.outcome(&after).unwrap(),
                Outcome::Second,
                "{heaps:?} {m:?}"
            );
            assert!(m.leaves.iter().sum::<u64>() + 2 >= m.heap);
        }
    }
    assert!(winning > 50);
    // The images of huge heaps follow the period.
    let far = 10u64.pow(18) + 7;
    let back = period.preperiod + (far - period.preperiod) % period.period;
    assert_eq!(q.phi(far), q.phi(back));
}

/// A quotient is right iff it is locally consistent at every sum: claimed lost iff the sum
/// has a move and no move leads to a sum claimed lost. Random sums of large heaps (beyond
/// the heaps computed, where the period takes over) are checked here directly, option by
/// option, independently of the verification's exploration and of the periodicity proof.
#[test]
fn proven_quotients_are_locally_consistent_on_large_sums() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for code in ["0.77", "0.75", "0.44", "0.53", "0.71", "0.72", "0.15"] {
        let game = Octal::new(code);
        let q = quotient(game.clone(), 2_000);
        assert!(q.is_proven(), "{code}");
        for _ in 0..400 {
            let k = 1 + next(&mut seed) % 5;
            let heaps: Vec<u64> = (0..k).map(|_| 1 + next(&mut seed) % 400).collect();
            let claimed = q.outcome(&heaps).unwrap() == Outcome::Second;
            let mut has_move = false;
            let mut p_option = false;
            for i in 0..heaps.len() {
                let mut opts = HeapOptions::new();
                game.options(heaps[i], &mut opts);
                for o in opts.iter() {
                    has_move = true;
                    let mut after = heaps.clone();
                    after.remove(i);
                    after.extend_from_slice(o);
                    p_option |= q.outcome(&after).unwrap() == Outcome::Second;
                }
            }
            assert_eq!(claimed, has_move && !p_option, "{code}: {heaps:?}");
        }
    }
}

/// A heap game as an [`Impartial`] ruleset whose positions are multisets of heaps, so that
/// the core's own misère search ([`crate::impartial::MisereSolver`]) can cross-check.
struct AsImpartial(Octal);

impl crate::impartial::Impartial for AsImpartial {
    type Position = Vec<u64>;
    fn options(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if let [h] = position[..] {
            let mut o = HeapOptions::new();
            self.0.options(h, &mut o);
            out.extend(o.iter().map(|x| x.to_vec()));
        }
    }
    fn components(&self, position: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        (position.len() != 1).then(|| position.iter().map(|&h| vec![h]).collect())
    }
}

#[test]
fn the_core_misere_search_agrees() {
    let mut seed = 99u64;
    for code in ["0.77", "0.75", "0.137"] {
        let game = Octal::new(code);
        let q = quotient(game.clone(), 20);
        let mut solver =
            crate::impartial::MisereSolver::new(AsImpartial(game), Limits::positions(3_000_000));
        for _ in 0..40 {
            let k = 1 + next(&mut seed) % 3;
            let heaps: Vec<u64> = (0..k).map(|_| 1 + next(&mut seed) % 15).collect();
            let components: Vec<Vec<u64>> = heaps.iter().map(|&h| vec![h]).collect();
            let first = solver.first_player_wins(&components).unwrap();
            assert_eq!(
                q.outcome(&heaps).unwrap() == Outcome::First,
                first,
                "{code}: {heaps:?}"
            );
        }
    }
}

/// Every two-digit octal game (and every `4.d`), its quotient up to heap 10 against the
/// exhaustive search on all sums of up to three heaps up to 10.
#[test]
fn every_two_digit_code_agrees_with_the_search() {
    let mut codes: Vec<String> = (0..64).map(|i| format!("0.{}{}", i / 8, i % 8)).collect();
    codes.extend((0..8).map(|d| format!("4.{d}")));
    for code in &codes {
        let game = Octal::new(code);
        let q = quotient(game.clone(), 10);
        let mut search = Search::new(&game);
        for w in multisets(10, 3) {
            assert_eq!(
                q.outcome(&w).unwrap() == Outcome::Second,
                search.is_p(&w),
                "{code}: {w:?}"
            );
        }
    }
}
