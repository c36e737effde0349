//! Lasker's Nim beyond any table: the formula, and the winning splits of a heap counted
//! and listed by a recursion over binary digits ([`LaskerSplits`]) rather than by trying
//! every split. Separate because it is the one game here answered by a formula, with its
//! own arithmetic.

use num_bigint::BigUint;

/// The winning moves found for one heap: the first ones (at most the cap asked for), how
/// many there are in all when counted, and why not otherwise.
#[derive(Debug, Clone, Default)]
pub struct HeapWins {
    /// The moves listed, as `(stones taken, heaps left)`.
    pub moves: Vec<(BigUint, Vec<BigUint>)>,
    /// How many winning moves there are in all, when counted.
    pub count: Option<BigUint>,
    /// Why they are not counted, when they are not.
    pub why: Option<String>,
}

/// Lasker's Nim: winning splits are counted for heaps of at most this many bits.
const LASKER_COUNT_BITS: u64 = 1 << 14;

/// Lasker's Nim (Winning Ways ch. 4): g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4,
/// g(4k+4) = 4k+3. The map is an involution, so it is its own inverse.
pub fn lasker(n: &BigUint) -> BigUint {
    let r = u32::try_from(&(n % 4u32)).expect("small");
    match r {
        0 if *n == BigUint::ZERO => BigUint::ZERO,
        0 => n - 1u32,
        3 => n + 1u32,
        _ => n.clone(),
    }
}

/// [`lasker`] for machine-word heaps below `u64::MAX` (so `n + 1` cannot overflow).
pub fn lasker_small(n: u64) -> u64 {
    match n % 4 {
        0 if n == 0 => 0,
        0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// The splits `a + b = h` (`1 ≤ a ≤ b`) of a heap of Lasker's Nim with `L(a) ⊕ L(b) = w`:
/// counted, and listed from the smallest `a`, without trying every `a`.
///
/// For `x ≥ 1`, `L(x) = π(x − 1) + 1`, where π exchanges the values 2 and 3 of the two
/// lowest bits (an involution that keeps the higher bits). With `Y = π(a − 1)` and
/// `Z = π(b − 1)`, `a + b = h` becomes `π(Y) + π(Z) = s` with `s = h − 2`, and the
/// condition becomes `(Y + 1) ⊕ (Z + 1) = w`. Digit by digit from the lowest (the two
/// lowest bits as one base-4 digit, since π mixes them), a state holds three carries: of
/// `π(Y) + π(Z)`, of `Y + 1` and of `Z + 1`; a digit of `Y` and the state fix the digit of
/// `Z` (the sum's digit is `s`'s). A forward pass records which states can enter each
/// position; solutions are pairs whose carries all end at 0.
pub struct LaskerSplits {
    h: BigUint,
    s: BigUint,
    w: BigUint,
    /// Positions processed: every carry has left before the last one.
    top: u64,
    /// `reach[i]`: bit set of the states that can enter position `i` (from 2 on).
    reach: Vec<u8>,
}

/// π on a base-4 digit.
fn pi(u: u64) -> u64 {
    u ^ ((u >> 1) & 1)
}

impl LaskerSplits {
    /// The forward pass for heap `h` and value `w`; `None` when no split can reach `w`
    /// (h < 2, or w too large: both parts are below h, so their values are below 2h).
    pub fn new(h: &BigUint, w: &BigUint) -> Option<LaskerSplits> {
        if *h < BigUint::from(2u32) || w.bits() > h.bits() + 1 {
            return None;
        }
        let s = h - 2u32;
        // Y and Z have at most one bit more than s; a few more positions let every carry
        // leave before the end.
        let top = s.bits().max(w.bits()) + 3;
        let mut me = LaskerSplits {
            h: h.clone(),
            s,
            w: w.clone(),
            top,
            reach: vec![0u8; top as usize + 1],
        };
        for u in 0..4 {
            if let Some(st) = me.base(u) {
                me.reach[2] |= 1 << st;
            }
        }
        for i in 2..top {
            let mut next = 0u8;
            for st in 0..8u8 {
                if me.reach[i as usize] & 1 << st != 0 {
                    for y in 0..2 {
                        if let Some(out) = me.step(i, st, y) {
                            next |= 1 << out;
                        }
                    }
                }
            }
            me.reach[i as usize + 1] = next;
        }
        Some(me)
    }

    /// The state after the base-4 digit `u` of `Y` (the digit of `Z` follows), if the
    /// digits agree with `s` and `w`.
    fn base(&self, u: u64) -> Option<u8> {
        let low = |x: &BigUint| u64::from(x.bit(0)) | u64::from(x.bit(1)) << 1;
        let (s0, w0) = (low(&self.s), low(&self.w));
        let v = pi((s0 + 4 - pi(u)) & 3);
        if ((u + 1) & 3) ^ ((v + 1) & 3) != w0 {
            return None;
        }
        let sum = pi(u) + pi(v);
        Some(((sum >> 2) | ((u + 1) >> 2) << 1 | ((v + 1) >> 2) << 2) as u8)
    }

    /// The state leaving position `i` when `st` enters it and `Y`'s bit there is `y`.
    fn step(&self, i: u64, st: u8, y: u64) -> Option<u8> {
        let st = u64::from(st);
        let (c1, c2, c3) = (st & 1, (st >> 1) & 1, (st >> 2) & 1);
        let (sb, wb) = (u64::from(self.s.bit(i)), u64::from(self.w.bit(i)));
        let z = (sb ^ y ^ c1) & 1;
        let t = y + z + c1;
        let (ny, nz) = (y + c2, z + c3);
        if (ny & 1) ^ (nz & 1) != wb {
            return None;
        }
        Some(((t >> 1) | (ny >> 1) << 1 | (nz >> 1) << 2) as u8)
    }

    /// How many splits there are, or `None` for heaps of more than `LASKER_COUNT_BITS`
    /// bits (the counts are big numbers, added at every position).
    pub fn count(&self) -> Option<BigUint> {
        if self.h.bits() > LASKER_COUNT_BITS {
            return None;
        }
        let mut cur = vec![BigUint::ZERO; 8];
        for u in 0..4 {
            if let Some(st) = self.base(u) {
                cur[st as usize] += 1u32;
            }
        }
        for i in 2..self.top {
            let mut next = vec![BigUint::ZERO; 8];
            for (st, n) in cur.iter().enumerate() {
                if *n == BigUint::ZERO {
                    continue;
                }
                for y in 0..2 {
                    if let Some(out) = self.step(i, st as u8, y) {
                        next[out as usize] += n;
                    }
                }
            }
            cur = next;
        }
        let ordered = std::mem::take(&mut cur[0]);
        // The equal split (a = b = h/2, only for w = 0) is one ordered pair; every other
        // split is two.
        let equal = u32::from(!self.h.bit(0) && self.w == BigUint::ZERO);
        Some((ordered + equal) / 2u32)
    }

    /// The smaller parts `a` of the first `k` splits, ascending. Solutions come in
    /// increasing `Y` from a depth-first walk from the top bit down (0 before 1), along
    /// which the set of states that still complete to the end is kept; since every such
    /// state is reachable from below, the walk never meets a dead end, so each solution
    /// costs two steps a position.
    pub fn first(&self, k: usize) -> Vec<BigUint> {
        let top = self.top as usize;
        let mut found: Vec<BigUint> = Vec::new();
        if k == 0 || self.reach[top] & 1 == 0 {
            return found;
        }
        let half = &self.h / 2u32;
        // A block of four values of Y gives the same block of a − 1 (π permutes inside).
        let last_block = (&half - 1u32) >> 2;
        let mut bits = vec![0u8; top];
        // Frames: (position, states accepted when leaving it, next bit of Y to try);
        // position 1 stands for the base-4 digit (bits 0 and 1).
        let mut stack: Vec<(usize, u8, u64)> = vec![(top - 1, 1, 0)];
        while let Some(frame) = stack.last_mut() {
            let (i, accept) = (frame.0, frame.1);
            if i == 1 {
                stack.pop();
                // Y's bits from position 2 up, as bytes.
                let mut bytes = vec![0u8; top / 8 + 1];
                for (p, &b) in bits.iter().enumerate().skip(2) {
                    bytes[p / 8] |= b << (p % 8);
                }
                let high = BigUint::from_bytes_le(&bytes);
                if (&high >> 2u32) > last_block {
                    break;
                }
                // One base frame is one block of four values of Y: a ascends across them.
                for u in 0..4 {
                    if self.base(u).is_some_and(|st| accept & 1 << st != 0) {
                        let a = &high + pi(u) + 1u32;
                        if a <= half {
                            found.push(a);
                        }
                    }
                }
                if found.len() >= k {
                    break;
                }
                continue;
            }
            if frame.2 > 1 {
                stack.pop();
                continue;
            }
            let y = frame.2;
            frame.2 += 1;
            let mut enter = 0u8;
            for st in 0..8u8 {
                if self.reach[i] & 1 << st != 0
                    && self
                        .step(i as u64, st, y)
                        .is_some_and(|out| accept & 1 << out != 0)
                {
                    enter |= 1 << st;
                }
            }
            if enter != 0 {
                bits[i] = y as u8;
                stack.push((if i == 2 { 1 } else { i - 1 }, enter, 0));
            }
        }
        found.sort();
        found.truncate(k);
        found
    }
}

/// The number of splits of heap `h` in Lasker's Nim whose value is `w`: see
/// [`LaskerSplits`]. `None` when `h` is too long to count.
pub fn lasker_split_count(h: &BigUint, w: &BigUint) -> Option<BigUint> {
    match LaskerSplits::new(h, w) {
        Some(sp) => sp.count(),
        None if h.bits() > LASKER_COUNT_BITS => None,
        None => Some(BigUint::ZERO),
    }
}

/// [`lasker_winning`] in a comparable form (moves sorted), for tests.
#[doc(hidden)]
pub fn lasker_winning_of(
    h: &BigUint,
    want: &BigUint,
    cap: usize,
) -> (Vec<(BigUint, Vec<BigUint>)>, Option<BigUint>) {
    let mut found = lasker_winning(h, want, cap);
    found.moves.sort();
    (found.moves, found.count)
}

/// Winning moves of a Lasker heap beyond the scanned range: the one take that reaches the
/// value (the formula is an involution, so the heap left is `L(want)`), and the splits
/// from [`LaskerSplits`].
pub fn lasker_winning(h: &BigUint, want: &BigUint, cap: usize) -> HeapWins {
    let mut found = HeapWins {
        moves: Vec::new(),
        count: None,
        why: None,
    };
    let k = lasker(want);
    let mut takes = 0u32;
    if k < *h {
        takes = 1;
        let parts = if k == BigUint::ZERO {
            vec![]
        } else {
            vec![k.clone()]
        };
        found.moves.push((h - &k, parts));
    }
    found.moves.truncate(cap);
    let Some(splits) = LaskerSplits::new(h, want) else {
        found.count = Some(takes.into());
        return found;
    };
    // Each split listed costs a walk over the heap's bits: fewer for longer heaps.
    let room = cap.saturating_sub(found.moves.len());
    let affordable = ((1u64 << 24) / (h.bits() + 1)).max(1);
    let room = room.min(usize::try_from(affordable).unwrap_or(usize::MAX));
    let listed = splits.first(room);
    // Fewer than asked for: the walk went through every split.
    let all_listed = listed.len() < room;
    let listed_count = listed.len();
    for a in listed {
        let b = h - &a;
        found.moves.push((BigUint::ZERO, vec![a, b]));
    }
    match splits.count() {
        Some(n) => found.count = Some(n + takes),
        None if all_listed => found.count = Some(BigUint::from(listed_count) + takes),
        None => {
            found.why = Some(format!(
                "winning splits are counted for heaps of at most {LASKER_COUNT_BITS} bits"
            ))
        }
    }
    found
}
