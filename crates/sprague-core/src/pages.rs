//! Large tables on huge pages, where the system offers them on request.
//!
//! Why: the searches that read large tables at random (Domineering's components and the
//! arena of canonical forms, the arrays of retrograde analysis, hundreds of megabytes)
//! wait as much for the processor's translation of addresses as for the memory itself when
//! the tables lie on 4 KiB pages:
//! each read of a new place misses the translation cache. On 2 MiB pages the same tables
//! need 512 times fewer translations. Linux gives them to memory that asks
//! (`madvise(MADV_HUGEPAGE)`) when transparent huge pages are set to `madvise`, as many
//! distributions ship them; set to `always` it gives them anyway, and set to `never` or on
//! other systems the request changes nothing.
//!
//! Measured on Domineering 6×6 on one thread (2-core development machine, whole-process
//! runs, docs/partizan.md): the system set to give huge pages to all memory took 40–43 s
//! where small pages took 47–55 s (3 runs each); the tables asking for them, 33.6–37.9 s
//! where the build before took 38.5–40.6 s, in turn, with 1% more peak memory. The retrograde benchmark
//! (`cargo run --release -p sprague --example retrograde_bench`: a random graph of 10⁷
//! vertices and 5·10⁷ arcs built, transposed and solved) took 12.9–13.8 s where the build
//! before took 17.9–22.7 s (3 runs each, in turn), the same peak memory: building and
//! transposing the graph write its arcs at random places.
//!
//! The request is only a hint: it changes no value, and its failure is ignored.

/// Bytes in a huge page (x86-64 and most 64-bit ARM systems).
const HUGE_PAGE: usize = 2 << 20;

/// Tables smaller than this stay on small pages: a huge page they could not fill would cost
/// memory for little gain.
const WORTH_IT: usize = 4 * HUGE_PAGE;

/// Asks the system to back the spare and used capacity of `v` with huge pages (see the
/// module's comment). Pages already touched keep their size until the system merges them,
/// so call it on a table before filling it.
pub fn advise<T>(v: &Vec<T>) {
    let bytes = v.capacity().saturating_mul(std::mem::size_of::<T>());
    if bytes < WORTH_IT {
        return;
    }
    advise_range(v.as_ptr() as usize, bytes);
}

/// Zeroed memory for `layout`, on huge pages when large: the segments of an arena, which
/// never move, so that growth never copies them (see [`free_zeroed`]).
///
/// Why not `alloc_zeroed` alone: the allocator places a block below its threshold (which
/// it raises as large blocks are freed, up to 32 MiB) in its heap, among other blocks, at
/// no particular alignment, and the system then backs few of its pages with huge ones
/// (Domineering 6×6: 55 MiB of a search's arena found on small pages). A large block here
/// is mapped on its own, aligned to a huge page.
pub(crate) fn zeroed(layout: std::alloc::Layout) -> *mut u8 {
    #[cfg(target_os = "linux")]
    if layout.size() >= WORTH_IT && layout.align() <= HUGE_PAGE {
        return map_aligned(layout.size());
    }
    // SAFETY: callers ask for a layout of non-zero size (see `Segments`).
    let p = unsafe { std::alloc::alloc_zeroed(layout) };
    if p.is_null() {
        std::alloc::handle_alloc_error(layout);
    }
    p
}

/// Frees memory from [`zeroed`].
///
/// # Safety
/// `p` must come from [`zeroed`] with the same `layout`, and be freed once.
pub(crate) unsafe fn free_zeroed(p: *mut u8, layout: std::alloc::Layout) {
    #[cfg(target_os = "linux")]
    if layout.size() >= WORTH_IT && layout.align() <= HUGE_PAGE {
        // SAFETY: a mapping of this size made by `map_aligned` (the caller's promise).
        unsafe { libc::munmap(p.cast(), layout.size().next_multiple_of(4096)) };
        return;
    }
    // SAFETY: allocated by `alloc_zeroed` with this layout (the caller's promise).
    unsafe { std::alloc::dealloc(p, layout) }
}

/// A fresh mapping of `bytes` zeroed bytes starting on a huge-page boundary, advised to be
/// backed by huge pages.
#[cfg(target_os = "linux")]
fn map_aligned(bytes: usize) -> *mut u8 {
    let len = bytes.next_multiple_of(4096);
    let over = len + HUGE_PAGE;
    // SAFETY: an anonymous private mapping of fresh memory: no existing memory is touched.
    let raw = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            over,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if raw == libc::MAP_FAILED {
        std::alloc::handle_alloc_error(
            std::alloc::Layout::from_size_align(bytes, 1).expect("a size that was allocated"),
        );
    }
    let start = raw as usize;
    let aligned = start.next_multiple_of(HUGE_PAGE);
    // SAFETY: the head before the boundary and the tail after `len` bytes lie inside the
    // mapping just made, which nothing else uses; unmapping them leaves `len` bytes from
    // `aligned`.
    unsafe {
        if aligned > start {
            libc::munmap(raw, aligned - start);
        }
        let tail = aligned + len;
        let end = start + over;
        if end > tail {
            libc::munmap(tail as *mut libc::c_void, end - tail);
        }
    }
    advise_range(aligned, len);
    aligned as *mut u8
}

/// Makes room for `additional` more elements in `v` as [`Vec::reserve`] does (at least
/// doubling its capacity), and asks for a large table's memory on huge pages: the part
/// not touched yet gets them as it is filled. (Copying the elements into fresh memory
/// instead, so that the old part got them too, held the table twice while it grew:
/// Domineering 6×6 peaked 64 MiB higher, for no time measurably saved.)
pub fn reserve<T>(v: &mut Vec<T>, additional: usize) {
    let need = v.len().saturating_add(additional);
    if need <= v.capacity() {
        return;
    }
    let cap = need.max(v.capacity().saturating_mul(2));
    v.reserve_exact(cap - v.len());
    advise(v);
}

/// `len` copies of `x`, as `vec![x; len]`, on huge pages when large.
pub fn filled<T: Clone>(len: usize, x: T) -> Vec<T> {
    let mut v = Vec::with_capacity(len);
    advise(&v);
    v.resize(len, x);
    v
}

/// Resizes `v` to `len` elements, new ones `x`, as [`Vec::resize`], growing it through
/// [`reserve`].
pub fn resize<T: Clone>(v: &mut Vec<T>, len: usize, x: T) {
    reserve(v, len.saturating_sub(v.len()));
    v.resize(len, x);
}

/// A copy of `items`, as `items.to_vec()`, on huge pages when large.
pub fn copy_of<T: Clone>(items: &[T]) -> Vec<T> {
    let mut v = Vec::with_capacity(items.len());
    advise(&v);
    v.extend_from_slice(items);
    v
}

/// [`Vec::push`] through [`reserve`].
#[inline]
pub fn push<T>(v: &mut Vec<T>, x: T) {
    if v.len() == v.capacity() {
        reserve(v, 1);
    }
    v.push(x);
}

#[cfg(target_os = "linux")]
fn advise_range(start: usize, bytes: usize) {
    // The whole pages the table lies in, not only the huge pages inside it: the kernel
    // splits a mapping at the ends of a range it is advised on, and the allocator can then
    // no longer move a growing table's mapping in one piece (`mremap`): it copies the table,
    // holding it twice meanwhile. Only whole huge pages inside the mapping are backed so.
    // (On a system whose pages are larger than 4 KiB the start may be misaligned: the call
    // then fails, and the table stays on small pages.)
    const PAGE: usize = 4096;
    let first = start / PAGE * PAGE;
    let end = (start + bytes).next_multiple_of(PAGE);
    // SAFETY: madvise with MADV_HUGEPAGE reads and writes no memory; it changes how the
    // kernel backs pages of this process (the table's, and at its ends pages it shares with
    // the allocator's neighbouring memory), which stay valid and keep their contents. A
    // failure (a kernel without transparent huge pages) leaves everything as it was.
    unsafe {
        libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_range(_start: usize, _bytes: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Growing through `push` and `reserve` keeps every element, in order, small tables and
    /// large alike.
    #[test]
    fn growth_keeps_the_elements() {
        let mut v: Vec<u64> = Vec::new();
        for i in 0..(WORTH_IT / 8 + 1) as u64 {
            push(&mut v, i * 3);
        }
        assert!(v.capacity() * 8 >= WORTH_IT);
        assert!(v.iter().enumerate().all(|(i, &x)| x == i as u64 * 3));
        let n = v.len();
        reserve(&mut v, 3 * n);
        assert!(v.capacity() >= 4 * n);
        assert_eq!(v.len(), n);
        assert_eq!(v[n - 1], (n as u64 - 1) * 3);
        advise(&v);
        let big = filled(WORTH_IT, 7u8);
        assert!(big.len() == WORTH_IT && big.iter().all(|&x| x == 7));
        assert_eq!(copy_of(&big[..100]), vec![7u8; 100]);
        assert_eq!(copy_of(&v), v);
        let mut w = vec![5u32; 3];
        resize(&mut w, WORTH_IT, 9);
        assert!(w.len() == WORTH_IT && w[..3] == [5; 3] && w[3..].iter().all(|&x| x == 9));
        let mut small = vec![1u8, 2];
        reserve(&mut small, 5);
        assert_eq!(small, [1, 2]);
    }

    /// Zeroed blocks, small and large, are zero, aligned as asked, writable, and freed.
    #[test]
    fn zeroed_blocks_are_zero_and_aligned() {
        for size in [64, WORTH_IT, WORTH_IT + 12_345] {
            let layout = std::alloc::Layout::from_size_align(size, 8).unwrap();
            let p = zeroed(layout);
            assert_eq!(p as usize % 8, 0);
            // SAFETY: `size` bytes from `p` were just allocated for this test.
            let bytes = unsafe { std::slice::from_raw_parts_mut(p, size) };
            assert!(bytes.iter().step_by(4093).all(|&b| b == 0) && bytes[size - 1] == 0);
            bytes[0] = 1;
            bytes[size - 1] = 2;
            // SAFETY: from `zeroed` with this layout, freed once.
            unsafe { free_zeroed(p, layout) };
        }
    }
}
