//! What the computation is generic over: the [`Cell`] widths (`u8`, `u16`, `u32`), one
//! stored value of a [`Values`](crate::octal::values::Values) sequence with the vector
//! kernel of its width; the [`Known`] views it reads the values through (a slice, or nine-bit
//! values); and the [`Store`]s it grows them in (a vector, or nine-bit values).

use super::Stamp;
use crate::octal::simd;
use crate::octal::values::{Nine, NineView, Seq, NINE_BITS};

/// One stored value: `u8`, `u16` or `u32`.
pub trait Cell: Copy + PartialEq + Send + Sync + Into<u32> + 'static {
    /// Whether the values are bytes ([`Cell::bytes`] gives them).
    const BYTES: bool = false;
    /// The value as a machine word.
    fn get(self) -> u32;
    /// The value in this width, if it fits.
    fn put(v: u32) -> Option<Self>;
    /// The values as bytes, when they are bytes (for the vector kernels).
    #[inline]
    fn bytes(_values: &[Self]) -> Option<&[u8]> {
        None
    }
    /// `want[(left[k] ^ right[len − 1 − k]) & (want.len() − 1)] = 0` for every `k`: the
    /// values of splits, stored without a branch (see `simd::clear_xors_u16`).
    fn clear_xors(left: &[Self], right: &[Self], want: &mut [Stamp]);
    /// The splits up to the block where the last of `targets` (1 to `simd::HIT_TARGETS`)
    /// is the value of one: the splits looked at and the targets found (see
    /// `simd::find_targets_u16`).
    fn find_targets(left: &[Self], right: &[Self], targets: &[u32]) -> (usize, u32);
    /// The splits up to the block where the last value of `set` is the value of one,
    /// each split's value removed from `set` (values below 512; see
    /// `simd::find_set_u16`).
    fn find_set(left: &[Self], right: &[Self], set: &mut simd::ValueSet) -> usize;
}
impl Cell for u8 {
    const BYTES: bool = true;
    #[inline]
    fn get(self) -> u32 {
        self as u32
    }
    #[inline]
    fn put(v: u32) -> Option<Self> {
        u8::try_from(v).ok()
    }
    #[inline]
    fn bytes(values: &[u8]) -> Option<&[u8]> {
        Some(values)
    }
    #[inline]
    fn clear_xors(left: &[u8], right: &[u8], want: &mut [Stamp]) {
        simd::clear_xors_u8(left, right, want);
    }
    #[inline]
    fn find_targets(left: &[u8], right: &[u8], targets: &[u32]) -> (usize, u32) {
        simd::find_targets_u8(left, right, targets)
    }
    #[inline]
    fn find_set(left: &[u8], right: &[u8], set: &mut simd::ValueSet) -> usize {
        simd::find_set_u8(left, right, set)
    }
}
impl Cell for u16 {
    #[inline]
    fn get(self) -> u32 {
        self as u32
    }
    #[inline]
    fn put(v: u32) -> Option<Self> {
        u16::try_from(v).ok()
    }
    #[inline]
    fn clear_xors(left: &[u16], right: &[u16], want: &mut [Stamp]) {
        simd::clear_xors_u16(left, right, want);
    }
    #[inline]
    fn find_targets(left: &[u16], right: &[u16], targets: &[u32]) -> (usize, u32) {
        simd::find_targets_u16(left, right, targets)
    }
    #[inline]
    fn find_set(left: &[u16], right: &[u16], set: &mut simd::ValueSet) -> usize {
        simd::find_set_u16(left, right, set)
    }
}
impl Cell for u32 {
    #[inline]
    fn get(self) -> u32 {
        self
    }
    #[inline]
    fn put(v: u32) -> Option<Self> {
        Some(v)
    }
    #[inline]
    fn clear_xors(left: &[u32], right: &[u32], want: &mut [Stamp]) {
        simd::clear_xors_plain(left, right, want);
    }
    #[inline]
    fn find_targets(left: &[u32], right: &[u32], targets: &[u32]) -> (usize, u32) {
        simd::find_targets_plain(left, right, targets, 16)
    }
    #[inline]
    fn find_set(left: &[u32], right: &[u32], set: &mut simd::ValueSet) -> usize {
        simd::find_set_plain(left, right, set)
    }
}

/// What the computation reads: the values so far, as a slice of one width or a view of
/// nine-bit values, with runs of adjacent values for the vector kernels.
pub(super) trait Known: Seq + Send + Sync {
    /// The width of the runs.
    type C: Cell;
    /// `g(a..b)` as one slice: borrowed where the values are stored so, else copied into
    /// `scratch` (nine-bit values away from the 16-bit windows).
    fn run<'s>(self, a: usize, b: usize, scratch: &'s mut Vec<Self::C>) -> &'s [Self::C]
    where
        Self: 's;
    /// `g(a..b)` as one slice where the values are stored so (always, in a vector).
    fn stored<'s>(self, a: usize, b: usize) -> Option<&'s [Self::C]>
    where
        Self: 's;
}

impl<T: Cell> Known for &[T] {
    type C = T;
    #[inline(always)]
    fn run<'s>(self, a: usize, b: usize, _scratch: &'s mut Vec<T>) -> &'s [T]
    where
        Self: 's,
    {
        &self[a..b]
    }
    #[inline(always)]
    fn stored<'s>(self, a: usize, b: usize) -> Option<&'s [T]>
    where
        Self: 's,
    {
        Some(&self[a..b])
    }
}

impl Known for NineView<'_> {
    type C = u16;
    #[inline(always)]
    fn run<'s>(self, a: usize, b: usize, scratch: &'s mut Vec<u16>) -> &'s [u16]
    where
        Self: 's,
    {
        // (The common places inline; the others in a call of their own.)
        if a >= self.tail_base {
            &self.tail[a - self.tail_base..b - self.tail_base]
        } else if b <= self.head.len() {
            &self.head[a..b]
        } else {
            run_elsewhere(self, a, b, scratch)
        }
    }
    fn stored<'s>(self, a: usize, b: usize) -> Option<&'s [u16]>
    where
        Self: 's,
    {
        if a >= self.tail_base {
            Some(&self.tail[a - self.tail_base..b - self.tail_base])
        } else if b <= self.head.len() {
            Some(&self.head[a..b])
        } else if a >= self.middle_base && b <= self.middle_base + self.middle.len() {
            Some(&self.middle[a - self.middle_base..b - self.middle_base])
        } else {
            None
        }
    }
}

/// [`Known::run`] of nine-bit values off the first and the latest values: a slice of the
/// middle window, or the values decoded into `scratch`.
#[inline(never)]
fn run_elsewhere<'s>(g: NineView<'s>, a: usize, b: usize, scratch: &'s mut Vec<u16>) -> &'s [u16] {
    if let Some(run) = g.stored(a, b) {
        return run;
    }
    scratch.clear();
    scratch.reserve(b - a);
    let head = b.min(g.head.len()).min(g.tail_base);
    if a < head {
        scratch.extend_from_slice(&g.head[a..head]);
    }
    let packed = b.min(g.tail_base);
    g.decode(a.max(head), packed, scratch);
    if packed < b {
        scratch.extend_from_slice(&g.tail[packed.max(a) - g.tail_base..b - g.tail_base]);
    }
    scratch
}

/// Where a computation keeps its values as it grows: a vector of one width, or nine-bit
/// values ([`Nine`]).
pub(super) trait Store: Send {
    /// The width of its runs.
    type C: Cell;
    /// A view of its values.
    type View<'a>: Known<C = Self::C>
    where
        Self: 'a;
    /// The values other than the latest (nothing for a vector): fixed while a speculative
    /// batch writes its guesses after the latest values.
    type Fixed<'a>: Copy + Send + Sync
    where
        Self: 'a;
    /// Every value.
    fn view(&self) -> Self::View<'_>;
    /// How many values.
    fn len(&self) -> usize;
    /// `v` in the store's width, if it fits.
    fn fit(v: u32) -> Option<Self::C>;
    /// Appends a value.
    fn push(&mut self, x: Self::C);
    /// Keeps the first `n` values.
    fn truncate(&mut self, n: usize);
    /// Appends `count` values, each a copy of the value `p ≥ 1` before it (`p` at most the
    /// number of values).
    fn extend_periodic(&mut self, p: usize, count: usize) {
        for _ in 0..count {
            let x = self.view().at(self.len() - p);
            self.push(Self::fit(x).expect("a stored value fits"));
        }
    }
    /// Room for `extra` more values.
    fn reserve(&mut self, extra: usize);
    /// The fixed values, and the latest ones as a vector whose first value is `g(base)`,
    /// with `base` (speculative batches write their guesses in its spare capacity).
    fn open(&mut self) -> (Self::Fixed<'_>, &mut Vec<Self::C>, usize);
    /// `fixed` for a shorter time.
    fn reborrow<'b, 'a: 'b>(fixed: Self::Fixed<'a>) -> Self::Fixed<'b>
    where
        Self: 'a;
    /// The view of `fixed` followed by `latest` (from `base`).
    fn view_of<'a>(fixed: Self::Fixed<'a>, latest: &'a [Self::C], base: usize) -> Self::View<'a>
    where
        Self: 'a;
}

impl<T: Cell> Store for Vec<T> {
    type C = T;
    type View<'a> = &'a [T];
    type Fixed<'a> = ();
    #[inline(always)]
    fn view(&self) -> &[T] {
        self
    }
    #[inline(always)]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline(always)]
    fn fit(v: u32) -> Option<T> {
        T::put(v)
    }
    #[inline(always)]
    fn push(&mut self, x: T) {
        Vec::push(self, x)
    }
    fn truncate(&mut self, n: usize) {
        Vec::truncate(self, n)
    }
    fn extend_periodic(&mut self, p: usize, mut count: usize) {
        // A period's worth at a time: each copy may read the values the last one wrote.
        while count > 0 {
            let k = count.min(p);
            let from = Vec::len(self) - p;
            self.extend_from_within(from..from + k);
            count -= k;
        }
    }
    fn reserve(&mut self, extra: usize) {
        Vec::reserve(self, extra)
    }
    fn reborrow<'b, 'a: 'b>(_: ()) {}
    fn open(&mut self) -> ((), &mut Vec<T>, usize) {
        ((), self, 0)
    }
    #[inline(always)]
    fn view_of<'a>(_: (), latest: &'a [T], _base: usize) -> &'a [T]
    where
        Self: 'a,
    {
        latest
    }
}

impl Store for Nine {
    type C = u16;
    type View<'a> = NineView<'a>;
    type Fixed<'a> = NineView<'a>;
    #[inline(always)]
    fn view(&self) -> NineView<'_> {
        Nine::view(self)
    }
    #[inline(always)]
    fn len(&self) -> usize {
        Nine::len(self)
    }
    #[inline(always)]
    fn fit(v: u32) -> Option<u16> {
        (v < NINE_BITS).then_some(v as u16)
    }
    #[inline(always)]
    fn push(&mut self, x: u16) {
        Nine::push(self, x)
    }
    fn truncate(&mut self, n: usize) {
        Nine::truncate(self, n)
    }
    fn reserve(&mut self, extra: usize) {
        Nine::reserve(self, extra)
    }
    #[inline(always)]
    fn reborrow<'b, 'a: 'b>(fixed: NineView<'a>) -> NineView<'b> {
        fixed
    }
    fn open(&mut self) -> (NineView<'_>, &mut Vec<u16>, usize) {
        self.open_latest()
    }
    #[inline(always)]
    fn view_of<'a>(fixed: NineView<'a>, latest: &'a [u16], base: usize) -> NineView<'a>
    where
        Self: 'a,
    {
        NineView {
            tail: latest,
            tail_base: base,
            ..fixed
        }
    }
}
