//! The moves from one heap, by family (takes, splits in two, splits in three): their
//! enumeration for small and huge heaps, their counts by closed forms, and the capped
//! samples that `moves` and `legal_moves` list. Separate because every answer about moves
//! (normal play, misère, legal moves) goes through these, never through a list sized by a
//! heap.

use super::rules::TakeAndBreak;
use num_bigint::BigUint;
use std::collections::HashSet;
use std::ops::ControlFlow;

/// The kinds of move from one heap, listed in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Remove stones leaving no heap or one.
    Takes,
    /// Leave two heaps.
    Halves,
    /// Leave three heaps.
    Thirds,
}

/// Every family, in the order moves are listed.
pub const FAMILIES: [Family; 3] = [Family::Takes, Family::Halves, Family::Thirds];

impl Family {
    fn name(self) -> &'static str {
        match self {
            Family::Takes => "takes",
            Family::Halves => "splits in two",
            Family::Thirds => "splits in three",
        }
    }
}

/// A move from one heap: the heap (index into the position), how many stones were taken,
/// and the heaps left (none, one, two or three).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapMove {
    /// Index of the heap in the position (0-based; labels count from 1).
    pub index: usize,
    /// Stones removed.
    pub take: BigUint,
    /// The heaps left in its place.
    pub parts: Vec<BigUint>,
}

/// Calls `f(j, parts)` for the moves of `fam` from a heap of `n`, in order (`j` ascending,
/// then the smaller parts ascending), until `f` breaks. Loops only while `f` is called or
/// over the code's digits, so `f` bounds the work.
pub fn each_small(
    r: &TakeAndBreak,
    n: u64,
    fam: Family,
    f: &mut dyn FnMut(u64, &[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let finite = r.digits.len() as u64;
    match fam {
        Family::Takes => {
            let mut j = 1;
            while j <= n && (j < finite || r.tail & 3 != 0) {
                let d = r.digit(j as usize);
                let m = n - j;
                if d & 1 != 0 && m == 0 {
                    f(j, &[])?;
                }
                if d & 2 != 0 && m > 0 {
                    f(j, &[m])?;
                }
                j += 1;
            }
        }
        // The tail (Lasker's) never splits: `check_rules`.
        Family::Halves => {
            for j in 0..finite.min(n.saturating_add(1)) {
                let m = n - j;
                if r.digits[j as usize] & 4 == 0 {
                    continue;
                }
                for a in 1..=m / 2 {
                    if r.unequal && 2 * a == m {
                        continue;
                    }
                    f(j, &[a, m - a])?;
                }
            }
        }
        Family::Thirds => {
            for j in 0..finite.min(n.saturating_add(1)) {
                let m = n - j;
                if r.digits[j as usize] & 8 == 0 {
                    continue;
                }
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        f(j, &[a, b, m - a - b])?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Calls `f(j, parts)` for at most `limit` moves of `fam` from heap `h`, in the order of
/// [`each_small`]. Heaps beyond `u64` have moves with small `j` and small parts first, so
/// only the first moves are ever visited.
pub fn each_big(
    r: &TakeAndBreak,
    h: &BigUint,
    fam: Family,
    limit: usize,
    f: &mut dyn FnMut(BigUint, Vec<BigUint>),
) {
    let mut left = limit;
    if left == 0 {
        return;
    }
    let mut visit = |j: BigUint, parts: Vec<BigUint>| {
        f(j, parts);
        left -= 1;
        if left == 0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    if let Ok(n) = u64::try_from(h) {
        let _ = each_small(r, n, fam, &mut |j, parts| {
            visit(j.into(), parts.iter().map(|&p| BigUint::from(p)).collect())
        });
        return;
    }
    // Beyond u64 every j of the code is below h and every m = h − j is huge, so no part
    // runs out before `limit` moves.
    let finite = r.digits.len() as u64;
    let _ = (|| -> ControlFlow<()> {
        match fam {
            Family::Takes => {
                for j in 1..finite {
                    if r.digits[j as usize] & 2 != 0 {
                        visit(j.into(), vec![h - j])?;
                    }
                }
                if r.tail & 2 != 0 {
                    let mut j = finite;
                    loop {
                        visit(j.into(), vec![h - j])?;
                        j += 1;
                    }
                }
            }
            Family::Halves => {
                for j in 0..finite {
                    if r.digits[j as usize] & 4 != 0 {
                        let m = h - j;
                        let mut a = 1u64;
                        loop {
                            visit(j.into(), vec![a.into(), &m - a])?;
                            a += 1;
                        }
                    }
                }
            }
            Family::Thirds => {
                for j in 0..finite {
                    if r.digits[j as usize] & 8 != 0 {
                        let m = h - j;
                        let mut b = 1u64;
                        loop {
                            visit(j.into(), vec![1u32.into(), b.into(), &m - 1u32 - b])?;
                            b += 1;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    })();
}

/// How many moves of `fam` heap `h` has, by closed forms: `⌊m/2⌋` splits in two of `m`
/// stones (one fewer when equal parts are barred and `m` is even), `round(m²/12)` splits in
/// three.
fn family_count(r: &TakeAndBreak, h: &BigUint, fam: Family) -> BigUint {
    let finite = r.digits.len() as u64;
    let mut c = BigUint::ZERO;
    for j in 0..finite {
        if BigUint::from(j) > *h {
            break;
        }
        let d = r.digits[j as usize];
        let m = h - j;
        match fam {
            Family::Takes => {
                if j >= 1 && d & 1 != 0 && m == BigUint::ZERO {
                    c += 1u32;
                }
                if j >= 1 && d & 2 != 0 && m > BigUint::ZERO {
                    c += 1u32;
                }
            }
            Family::Halves => {
                if d & 4 != 0 && m >= BigUint::from(2u32) {
                    c += &m / 2u32;
                    if r.unequal && !m.bit(0) {
                        c -= 1u32;
                    }
                }
            }
            Family::Thirds => {
                if d & 8 != 0 && m >= BigUint::from(3u32) {
                    c += (&m * &m + 6u32) / 12u32;
                }
            }
        }
    }
    if fam == Family::Takes && *h >= BigUint::from(finite) {
        if r.tail & 1 != 0 {
            c += 1u32;
        }
        if r.tail & 2 != 0 {
            c += h - finite;
        }
    }
    c
}

/// The moves of a position, counted by kind.
pub struct MoveCount {
    /// Per distinct heap (index of its first occurrence), the count of each family.
    pub per_heap: Vec<(usize, [BigUint; 3])>,
    /// The count of every move of the position.
    pub total: BigUint,
}

impl MoveCount {
    /// Counts the moves of `heaps` by kind, by closed forms.
    pub fn new(r: &TakeAndBreak, heaps: &[BigUint]) -> MoveCount {
        let mut seen = HashSet::new();
        let mut per_heap = Vec::new();
        let mut total = BigUint::ZERO;
        for (i, h) in heaps.iter().enumerate() {
            // Equal heaps have the same moves, leading to the same positions.
            if !seen.insert(h) {
                continue;
            }
            let c = FAMILIES.map(|f| family_count(r, h, f));
            for x in &c {
                total += x;
            }
            per_heap.push((i, c));
        }
        MoveCount { per_heap, total }
    }

    /// `"N moves (A takes, B splits in two)"`.
    pub fn describe(&self) -> String {
        let mut by = [BigUint::ZERO, BigUint::ZERO, BigUint::ZERO];
        for (_, c) in &self.per_heap {
            for (k, x) in c.iter().enumerate() {
                by[k] += x;
            }
        }
        let kinds: Vec<String> = FAMILIES
            .iter()
            .zip(&by)
            .filter(|(_, n)| **n != BigUint::ZERO)
            .map(|(f, n)| format!("{n} {}", f.name()))
            .collect();
        format!("{} moves ({})", self.total, kinds.join(", "))
    }
}
