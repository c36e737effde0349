//! Value-carrying retrograde analysis for one *layer* of a scoring game.
//!
//! A layer is a set of states, each owned by Max or by Min, with two kinds of moves:
//! *internal* moves to another state of the layer, which change no score, and *exits*,
//! which leave the layer with a known value (the score collected plus the exact value of
//! the game from the state reached, solved before). A play that stays in the layer ends when
//! a state repeats and is then worth 0 (nothing more is scored). A state without any move
//! ends the game and is worth 0 as well.
//!
//! Algorithm and correctness. For v > 0, Max can guarantee at least v from s iff s lies in
//! Max's attractor of the exits worth ≥ v (s is Max's and has such an exit or a successor in
//! the attractor; s is Min's, has a move, and each of its moves is such an exit or leads into
//! the attractor):
//! - if s is in the attractor, Max plays to decrease the attractor rank; the rank strictly
//!   decreases along the play whatever Min does, so no state repeats before an exit worth
//!   ≥ v is taken;
//! - if not, Min stays outside the attractor forever (a Max state outside has no move in,
//!   a Min state outside has a move out); the play then ends by a repetition (worth 0 < v)
//!   or by an exit worth < v.
//!
//! The same holds for Min with exits worth ≤ v < 0. Both cannot hold at once (the two
//! strategies played against each other would end at an exit both ≥ v > 0 and ≤ v' < 0),
//! and when neither holds, each player keeps out of the other's attractor of exits on the
//! wrong side of 0, so the value is 0. Hence the value of s is the largest v > 0 with s in
//! Max's attractor, else the smallest v < 0 with s in Min's attractor, else 0.
//!
//! Attractors grow as the threshold falls, so one incremental pass suffices: take the exits
//! in order of decreasing worth, and let a state enter the attractor (with the current worth
//! as its value) when its counter of "moves not yet good" reaches zero (Min) or at its first
//! good move (Max). Cost O(states + moves + exits·log exits); no recursion.

use crate::retrograde::Csr;

/// Solves one layer. `max_turn[s]`: Max moves at `s`. `internal`: the internal moves as CSR,
/// `reverse` its transpose. `exits`: `(state, worth)` for every exit move (repeated when a
/// state has several). Returns the value of every state.
pub fn solve_layer(
    max_turn: &[bool],
    internal: &Csr,
    reverse: &Csr,
    exits: &[(u32, i64)],
) -> Vec<i64> {
    let n = max_turn.len();
    let mut degree: Vec<u32> = (0..n as u32)
        .map(|s| internal.offsets[s as usize + 1] - internal.offsets[s as usize])
        .collect();
    for &(s, _) in exits {
        degree[s as usize] += 1;
    }
    let mut pos: Vec<(u32, i64)> = exits.iter().copied().filter(|e| e.1 > 0).collect();
    pos.sort_unstable_by_key(|b| std::cmp::Reverse(b.1));
    let best_for_max = attractor_values(max_turn, &degree, reverse, &pos, true);
    let mut neg: Vec<(u32, i64)> = exits
        .iter()
        .filter(|e| e.1 < 0)
        .map(|&(s, w)| (s, -w))
        .collect();
    neg.sort_unstable_by_key(|b| std::cmp::Reverse(b.1));
    let best_for_min = attractor_values(max_turn, &degree, reverse, &neg, false);
    (0..n)
        .map(|s| match (best_for_max[s], best_for_min[s]) {
            (Some(v), _) => v,
            (None, Some(v)) => -v,
            (None, None) => 0,
        })
        .collect()
}

/// For each state, the largest worth `v` (among `exits`, sorted by decreasing worth) such
/// that the player (Max when `player_is_max`) can force an exit worth ≥ v.
fn attractor_values(
    max_turn: &[bool],
    degree: &[u32],
    reverse: &Csr,
    exits: &[(u32, i64)],
    player_is_max: bool,
) -> Vec<Option<i64>> {
    let n = max_turn.len();
    let mut value: Vec<Option<i64>> = vec![None; n];
    let mut count: Vec<u32> = degree.to_vec();
    let mut queue: Vec<u32> = Vec::new();
    let mine = |s: usize| max_turn[s] == player_is_max;
    for &(s, w) in exits {
        let su = s as usize;
        if value[su].is_some() {
            continue;
        }
        let enters = if mine(su) {
            true
        } else {
            count[su] -= 1;
            count[su] == 0
        };
        if !enters {
            continue;
        }
        value[su] = Some(w);
        queue.clear();
        queue.push(s);
        let mut head = 0;
        while head < queue.len() {
            let t = queue[head];
            head += 1;
            for &p in reverse.successors(t) {
                let pu = p as usize;
                if value[pu].is_some() {
                    continue;
                }
                let enters = if mine(pu) {
                    true
                } else {
                    count[pu] -= 1;
                    count[pu] == 0
                };
                if enters {
                    value[pu] = Some(w);
                    queue.push(p);
                }
            }
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrograde::tests::next;

    /// The layer game by its rules: plays end at a repetition (worth 0), exhaustive search
    /// over the set of visited states.
    fn brute(max_turn: &[bool], internal: &Csr, exits: &[(u32, i64)], s: u32, visited: u64) -> i64 {
        let mut options: Vec<i64> = exits.iter().filter(|e| e.0 == s).map(|e| e.1).collect();
        for &t in internal.successors(s) {
            if visited >> t & 1 == 1 {
                options.push(0);
            } else {
                options.push(brute(max_turn, internal, exits, t, visited | 1 << t));
            }
        }
        if max_turn[s as usize] {
            options.into_iter().max().unwrap_or(0)
        } else {
            options.into_iter().min().unwrap_or(0)
        }
    }

    #[test]
    fn agrees_with_the_rules_on_random_layers() {
        let mut seed = 0x5EED_1234_ABCD_0001u64;
        for t in 0..500 {
            let n = 1 + t % 7;
            let max_turn: Vec<bool> = (0..n).map(|_| next(&mut seed).is_multiple_of(2)).collect();
            let m = (next(&mut seed) % (2 * n as u64 + 1)) as usize;
            let arcs: Vec<(u32, u32)> = (0..m)
                .map(|_| {
                    (
                        (next(&mut seed) % n as u64) as u32,
                        (next(&mut seed) % n as u64) as u32,
                    )
                })
                .collect();
            let internal = Csr::from_arcs(n, arcs.iter().copied());
            let x = (next(&mut seed) % (n as u64 + 2)) as usize;
            let exits: Vec<(u32, i64)> = (0..x)
                .map(|_| {
                    (
                        (next(&mut seed) % n as u64) as u32,
                        (next(&mut seed) % 11) as i64 - 5,
                    )
                })
                .collect();
            let got = solve_layer(&max_turn, &internal, &internal.transpose(), &exits);
            for s in 0..n as u32 {
                let want = brute(&max_turn, &internal, &exits, s, 1 << s);
                assert_eq!(
                    got[s as usize], want,
                    "{max_turn:?} {arcs:?} {exits:?} s={s}"
                );
            }
        }
    }
}
