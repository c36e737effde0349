//! Append-only arrays that threads read while other threads append to them: the storage of
//! an [`Arena`](super::arena::Arena) that the threads of one search share.
//!
//! Why not a `Vec`: a growing `Vec` moves its elements, so a thread reading an element while
//! another appends would read freed memory. Here the elements live in segments that never
//! move: segment `k` holds `2^(B + k)` elements (`B` = `BASE_BITS`), allocated the first time
//! an element of it is reserved, so the array doubles as a `Vec` does and wastes at most the
//! untouched part of its last segment (memory the system only backs once it is written).
//! Finding an element costs a few register operations more than indexing a `Vec`.
//!
//! An element is written once, by the thread that reserved it, before its index is handed
//! to anyone (the arena publishes an index through a lock or a release store); from then on
//! it is only read, or changed through atomics. Segments are allocated zeroed, and an element
//! type must be valid as zero bytes ([`Zeroable`]), so that even an index that was never
//! written (a `GameId` from another context, a caller's mistake) reads a valid value instead
//! of uninitialised memory.

use std::alloc::Layout;
use std::sync::atomic::{AtomicPtr, AtomicU32, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Types whose all-zero bytes are a valid value and that need no drop.
///
/// # Safety
/// Implement only for types that are valid as zero bytes and have no drop glue.
pub(super) unsafe trait Zeroable {}

// SAFETY: integers, atomics and raw pointers are valid as zero bytes and need no drop.
unsafe impl Zeroable for u32 {}
unsafe impl Zeroable for AtomicU32 {}
unsafe impl<T> Zeroable for AtomicPtr<T> {}

/// The most segments: with `B` ≥ 4, more than 2^32 elements, past any index of a `u32`.
pub(super) const SEGMENTS: usize = 30;

/// A counter on a cache line of its own, so that appending (which bumps it) does not slow
/// the reads of the segment table next to it.
#[repr(align(64))]
struct Counter(AtomicUsize);

/// An append-only array of `T` in segments that never move (see the module's comment).
pub(super) struct Segments<T: Zeroable, const BASE_BITS: u32> {
    segments: [AtomicPtr<T>; SEGMENTS],
    /// Elements reserved so far (some may be being written).
    len: Counter,
    /// Held while a segment is allocated.
    grow: Mutex<()>,
}

// SAFETY: the segments are owned by the array; elements are written only by the thread that
// reserved them, before their index is published, and shared afterwards only as `&T` (for
// `T: Sync`) — see the module's comment.
unsafe impl<T: Zeroable + Send + Sync, const B: u32> Sync for Segments<T, B> {}
unsafe impl<T: Zeroable + Send, const B: u32> Send for Segments<T, B> {}

impl<T: Zeroable, const B: u32> Default for Segments<T, B> {
    fn default() -> Self {
        Segments::new()
    }
}

impl<T: Zeroable, const B: u32> Segments<T, B> {
    /// An empty array (no memory until the first element is reserved).
    pub(super) fn new() -> Self {
        const { assert!(B >= 4 && !std::mem::needs_drop::<T>()) };
        Segments {
            segments: std::array::from_fn(|_| AtomicPtr::new(std::ptr::null_mut())),
            len: Counter(AtomicUsize::new(0)),
            grow: Mutex::new(()),
        }
    }

    /// Elements reserved so far.
    pub(super) fn len(&self) -> usize {
        self.len.0.load(Ordering::Relaxed)
    }

    /// The segment of index `i` and the place in it.
    #[inline(always)]
    pub(super) fn locate(i: usize) -> (usize, usize) {
        let j = i + (1 << B);
        let k = (usize::BITS - 1 - j.leading_zeros()) - B;
        (k as usize, j - (1usize << (B + k)))
    }

    /// Where each segment lies now (0 for one not allocated yet), for a reader to keep:
    /// an allocated segment never moves while the array lives.
    pub(super) fn addresses(&self) -> [usize; SEGMENTS] {
        std::array::from_fn(|k| self.segments[k].load(Ordering::Acquire) as usize)
    }

    /// Elements in segment `k`.
    fn segment_len(k: usize) -> usize {
        1usize << (B as usize + k)
    }

    /// The first index of segment `k`.
    fn segment_start(k: usize) -> usize {
        Self::segment_len(k) - (1 << B)
    }

    fn layout(k: usize) -> Layout {
        Layout::array::<T>(Self::segment_len(k)).expect("a segment's size fits in memory")
    }

    /// Segment `k`, allocated (zeroed) if it was not.
    fn segment(&self, k: usize) -> *mut T {
        assert!(k < SEGMENTS, "an append-only array outgrew its index type");
        let p = self.segments[k].load(Ordering::Acquire);
        if !p.is_null() {
            return p;
        }
        let _held = self.grow.lock().unwrap_or_else(|e| e.into_inner());
        let p = self.segments[k].load(Ordering::Acquire);
        if !p.is_null() {
            return p;
        }
        let layout = Self::layout(k);
        assert!(layout.size() > 0, "segments of a zero-sized type");
        let p = crate::pages::zeroed(layout) as *mut T;
        self.segments[k].store(p, Ordering::Release);
        p
    }

    /// Asks the processor for the memory of the element at `i`, if its segment is
    /// allocated. Only a hint.
    #[inline(always)]
    pub(super) fn prefetch(&self, i: usize) {
        let (k, off) = Self::locate(i);
        let p = self.segments[k].load(Ordering::Relaxed);
        if !p.is_null() {
            super::key_table::prefetch_read(p.wrapping_add(off).cast::<u8>());
        }
    }

    /// The element at `i`. Panics when `i` lies in a segment never allocated (an index
    /// this array did not hand out).
    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> &T {
        let (k, off) = Self::locate(i);
        let p = self.segments[k].load(Ordering::Acquire);
        assert!(!p.is_null(), "an index this arena did not hand out");
        // SAFETY: the segment is allocated and holds `off`; the element is valid (zeroed at
        // allocation, `T: Zeroable`, or written before its index was published).
        unsafe { &*p.add(off) }
    }

    /// The `n` elements from `start` (reserved together by [`Segments::push_pair`]).
    #[inline(always)]
    pub(super) fn slice(&self, start: usize, n: usize) -> &[T] {
        if n == 0 {
            return &[];
        }
        let (k, off) = Self::locate(start);
        assert!(off + n <= Self::segment_len(k), "a range across segments");
        let p = self.segments[k].load(Ordering::Acquire);
        assert!(!p.is_null(), "a range this arena did not hand out");
        // SAFETY: as in `get`, for `n` elements of one segment.
        unsafe { std::slice::from_raw_parts(p.add(off), n) }
    }

    /// The element at `i`, its segment allocated if needed (for arrays indexed by another
    /// array's indices, such as the negatives of games).
    pub(super) fn get_or_alloc(&self, i: usize) -> &T {
        let (k, off) = Self::locate(i);
        let p = self.segment(k);
        // SAFETY: as in `get`.
        unsafe { &*p.add(off) }
    }

    /// Appends `x`; its index.
    pub(super) fn push(&self, x: T) -> usize {
        let i = self.len.0.fetch_add(1, Ordering::Relaxed);
        let (k, off) = Self::locate(i);
        let p = self.segment(k);
        // SAFETY: index `i` was reserved by this call alone, and no index of it was handed
        // out yet, so nobody reads the element while it is written.
        unsafe { p.add(off).write(x) };
        i
    }

    /// Appends `a` then `b` in one segment (skipping the rest of a segment too short for
    /// them); where they start.
    pub(super) fn push_pair(&self, a: &[T], b: &[T]) -> usize
    where
        T: Copy,
    {
        let n = a.len() + b.len();
        let mut cur = self.len.0.load(Ordering::Relaxed);
        let start = loop {
            let (mut k, off) = Self::locate(cur);
            let mut start = cur;
            if off + n > Self::segment_len(k) {
                k += 1;
                while Self::segment_len(k) < n {
                    k += 1;
                }
                start = Self::segment_start(k);
            }
            match self.len.0.compare_exchange_weak(
                cur,
                start + n,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => break start,
                Err(now) => cur = now,
            }
        };
        if n > 0 {
            let (k, off) = Self::locate(start);
            let p = self.segment(k);
            // SAFETY: `start..start + n` lies in segment `k` and was reserved by this call
            // alone (see `push`).
            unsafe {
                std::ptr::copy_nonoverlapping(a.as_ptr(), p.add(off), a.len());
                std::ptr::copy_nonoverlapping(b.as_ptr(), p.add(off + a.len()), b.len());
            }
        }
        start
    }
}

impl<T: Zeroable, const B: u32> Drop for Segments<T, B> {
    fn drop(&mut self) {
        for (k, s) in self.segments.iter().enumerate() {
            let p = s.load(Ordering::Acquire);
            if !p.is_null() {
                // SAFETY: allocated by `segment` with this layout, freed once here; `T`
                // needs no drop.
                unsafe { crate::pages::free_zeroed(p as *mut u8, Self::layout(k)) };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_map_to_segments_without_gaps() {
        let mut expect = (0usize, 0usize);
        for i in 0..100_000usize {
            let (k, off) = Segments::<u32, 4>::locate(i);
            assert_eq!((k, off), expect, "index {i}");
            assert_eq!(Segments::<u32, 4>::segment_start(k) + off, i);
            expect.1 += 1;
            if expect.1 == Segments::<u32, 4>::segment_len(expect.0) {
                expect = (expect.0 + 1, 0);
            }
        }
    }

    /// Elements and slices read back as written, from several threads appending at once,
    /// and a slice longer than the segment it would start in moves to one that holds it.
    #[test]
    fn threads_append_and_read_back() {
        let s: Segments<u32, 4> = Segments::new();
        let placed: Vec<Vec<(usize, Vec<u32>)>> = std::thread::scope(|scope| {
            let hands: Vec<_> = (0..4u32)
                .map(|t| {
                    let s = &s;
                    scope.spawn(move || {
                        let mut mine = Vec::new();
                        for i in 0..3000u32 {
                            let xs: Vec<u32> =
                                (0..(i % 37)).map(|j| t << 24 | i << 8 | j).collect();
                            let (x, y) = xs.split_at(xs.len() / 3);
                            let at = s.push_pair(x, y);
                            mine.push((at, xs));
                            let one = s.push(t << 24 | i);
                            assert_eq!(*s.get(one), t << 24 | i);
                        }
                        mine
                    })
                })
                .collect();
            hands.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for (at, xs) in placed.iter().flatten() {
            assert_eq!(s.slice(*at, xs.len()), &xs[..]);
        }
        let long = vec![7u32; 1000];
        let at = s.push_pair(&long[..10], &long[10..]);
        assert_eq!(s.slice(at, 1000), &long[..]);
        assert!(s.len() >= at + 1000);
        let zeros: Segments<AtomicU32, 4> = Segments::new();
        assert_eq!(zeros.get_or_alloc(12345).load(Ordering::Relaxed), 0);
    }
}
