//! Comparison: [`Context::le`], decided by the fixed-point stops of [`Info`](super::Info)
//! (adorned), then by the parameters of nus, then by the reaches of the options' stops, then
//! by a search with a lossy cache of recent answers and an exact memo of long searches; and
//! the comparisons built on it (equality, order, outcome class). The hot path of every
//! search, kept in one file with its caches' parameters.

use super::{
    pair_key, Context, GameId, Info, Kind, PartizanOutcome, Side, AT_LEFT_STOP_OR_BELOW,
    AT_RIGHT_STOP_OR_ABOVE, LE_MEMO_WORK, LE_RECENT_MAX_BITS, NO_STOP, REACH_FRACTION_BITS,
    STOP_FRACTION_BITS,
};
use std::cmp::Ordering;

impl Context {
    /// Whether `a <= b`.
    pub fn le(&mut self, a: GameId, b: GameId) -> bool {
        if a == b {
            return true;
        }
        self.le_calls += 1;
        if self.over() {
            // Stopped by its limits: answer at once so that the operation under way ends;
            // the caller reads the error from `stopped` and drops the context.
            return false;
        }
        let ia = self.info(a);
        let ib = self.info(b);
        match self.le_at_once(ia, a, ib, b) {
            Some(v) => v,
            None => self.le_searched(a, ia, b, ib),
        }
    }

    /// `a <= b` when the records of `a` and `b` (`ia`, `ib`) decide it: by stops, adorned
    /// stops, the parameters of two nus, or the reaches. `None` when it takes a search.
    #[inline(always)]
    fn le_at_once(&self, ia: Info, a: GameId, ib: Info, b: GameId) -> Option<bool> {
        // Stops decide most comparisons: both stops are monotone (a <= b implies LS(a) <=
        // LS(b) and RS(a) <= RS(b)), and LS(a) < RS(b) implies a < b (the right stop of
        // b - a is at least RS(b) - LS(a) > 0, and a game whose right stop is positive is
        // positive). They are every game's, nus included (both are the number part), and
        // read before the parameters of nus, which lie elsewhere and hold big integers.
        if ia.ls != NO_STOP && ib.ls != NO_STOP {
            if ia.ls > ib.ls || ia.rs > ib.rs {
                return Some(false);
            }
            if ia.ls < ib.rs {
                return Some(true);
            }
            // Where the stops tie, the adorned stops (`Info::adorn`) decide more, by the same
            // monotonicity: a <= b and b <= x imply a <= x, and a >= y implies b >= y. So
            // with x = LS(a) = LS(b), a <= b fails when b <= x but not a <= x; with
            // y = RS(a) = RS(b), when a >= y but not b >= y. And a <= x <= b when
            // LS(a) = RS(b) = x with a at most and b at least its stop. These decide the
            // games that differ by an infinitesimal near a shared stop (1* against 1).
            if ia.ls == ib.ls
                && ib.adorn & AT_LEFT_STOP_OR_BELOW != 0
                && ia.adorn & AT_LEFT_STOP_OR_BELOW == 0
            {
                return Some(false);
            }
            if ia.rs == ib.rs
                && ia.adorn & AT_RIGHT_STOP_OR_ABOVE != 0
                && ib.adorn & AT_RIGHT_STOP_OR_ABOVE == 0
            {
                return Some(false);
            }
            if ia.ls == ib.rs
                && ia.adorn & AT_LEFT_STOP_OR_BELOW != 0
                && ib.adorn & AT_RIGHT_STOP_OR_ABOVE != 0
            {
                return Some(true);
            }
        }
        if ia.kind != Kind::General && ib.kind != Kind::General {
            if let (Some(x), Some(y)) = (self.as_nus(a), self.as_nus(b)) {
                return x.le(y);
            }
        }
        // a <= b unless some a^L >= b or some b^R <= a; where the reaches show that neither
        // exists, a <= b. Of the 14.9 million comparisons that the corner board
        // `##....|......|......|......|......|....##` searched before (one thread), the
        // reaches decide 2.6 million at once, and one half of the search in 5.8 million.
        if no_left_option_above(ia, ib) && no_right_option_below(ia, ib) {
            return Some(true);
        }
        None
    }

    /// `a <= b` for a comparison that the records leave open (`Context::le_at_once`).
    fn le_searched(&mut self, a: GameId, ia: Info, b: GameId, ib: Info) -> bool {
        // Comparisons the stops leave open are searched, with two memos: a small
        // direct-mapped cache of recent answers (in cache, lossy), and an exact table of the
        // comparisons whose search was long. Keeping every answer (the plain memo) costs a
        // cache miss a lookup and grows without bound (65 million pairs for the 6×6
        // Domineering board), while with the stops deciding most sub-comparisons, short
        // searches are cheaper to repeat than to look up.
        let packed = pair_key(a, b);
        let mut slot = self.recent_slot(packed);
        // (Ids below 2^31 leave bit 63 free; the pair (0, 0) is never asked, so 0 marks an
        // empty entry.)
        let cacheable = a.0 < 1 << 31;
        let e = self.le_recent[slot];
        if cacheable && e & !(1 << 63) == packed {
            return e >> 63 == 1;
        }
        if !self.le_memo.is_empty() {
            if let Some(&v) = self.le_memo.get(&(a, b)) {
                if cacheable {
                    self.le_recent[slot] = packed | (u64::from(v) << 63);
                }
                return v;
            }
        }
        self.le_searches += 1;
        let before = self.le_searches;
        if self.le_searches >> 2 >= self.le_recent.len() as u64
            && self.le_recent_bits < LE_RECENT_MAX_BITS
        {
            // A larger cache, empty: its answers are only ever a shortcut.
            self.le_recent_bits += 2;
            self.le_recent = vec![0; 1 << self.le_recent_bits].into_boxed_slice();
            slot = self.recent_slot(packed);
        }
        // x <= b for a number x and a non-number b iff no b^R <= x (number translation),
        // and symmetrically.
        let mut v = true;
        if !no_left_option_above(ia, ib) {
            v = !self.run(a, Side::Left).any(|al| self.le(b, al));
        }
        if v && !no_right_option_below(ia, ib) {
            v = !self.run(b, Side::Right).any(|br| self.le(br, a));
        }
        if cacheable {
            self.le_recent[slot] = packed | (u64::from(v) << 63);
        }
        if self.le_searches - before >= LE_MEMO_WORK {
            self.le_memo.insert((a, b), v);
        }
        v
    }

    /// The entry of `le_recent` for the pair `packed`.
    fn recent_slot(&self, packed: u64) -> usize {
        (packed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.le_recent_bits)) as usize
    }

    /// Whether `a = b` (O(1): canonical forms are unique).
    pub fn equal(&self, a: GameId, b: GameId) -> bool {
        a == b
    }

    /// `Some(order)` when `a` and `b` are comparable, `None` when they are confused.
    pub fn compare(&mut self, a: GameId, b: GameId) -> Option<Ordering> {
        if a == b {
            return Some(Ordering::Equal);
        }
        match (self.le(a, b), self.le(b, a)) {
            (true, _) => Some(Ordering::Less),
            (_, true) => Some(Ordering::Greater),
            _ => None,
        }
    }

    /// The outcome class.
    pub fn outcome(&mut self, g: GameId) -> PartizanOutcome {
        let z = self.zero();
        match (self.le(z, g), self.le(g, z)) {
            (true, true) => PartizanOutcome::P,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::N,
        }
    }
}

/// Whether no Left option of `a` is at least `b`, as the records show: `a` is a number
/// (then `b` may be compared with `a` itself: number translation), or the left stop of `b`
/// is larger than every Left option's (`Info::left_reach`), while `b >= a^L` needs
/// `LS(b) <= LS(a^L)`.
#[inline(always)]
pub(super) fn no_left_option_above(ia: Info, ib: Info) -> bool {
    ia.kind == Kind::Number
        || (ib.ls != NO_STOP && ib.ls > i64::from(ia.left_reach) << REACH_SHIFT_TO_STOP)
}

/// Whether no Right option of `b` is at most `a`, as the records show (see
/// [`no_left_option_above`]).
#[inline(always)]
pub(super) fn no_right_option_below(ia: Info, ib: Info) -> bool {
    ib.kind == Kind::Number
        || (ia.rs != NO_STOP && ia.rs < i64::from(ib.right_reach) << REACH_SHIFT_TO_STOP)
}

/// From the units of the reaches to those of the stops.
const REACH_SHIFT_TO_STOP: u32 = STOP_FRACTION_BITS - REACH_FRACTION_BITS;
