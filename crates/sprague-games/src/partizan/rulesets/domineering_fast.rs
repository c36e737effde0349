//! The fast path of Domineering for regions that fit in 8×8 cells (every rectangle up to
//! 8×8, every board of at most 8 rows or 8 columns once its regions are cut out).
//!
//! A region is one `u64`: cell `(r, c)` is bit `8r + c`, whatever the region's width, and the
//! region is cropped so that it touches row 0 and column 0. The cells then determine the
//! bounding box, so the `u64` alone is the memo key (16 bytes a memo entry, against 48 for a
//! general [`super::grid::Board`]). With a fixed stride of 8, the symmetries of the rectangle
//! are a few word operations: mirroring the rows is a byte swap, mirroring the columns a bit
//! reversal, and the transposition the three-step 8×8 bit-matrix transpose (Hacker's Delight,
//! §7-3). Reflections keep the value of a Domineering region; the transposition swaps
//! vertical and horizontal dominoes, that is, Left and Right, so it negates the value. The
//! normal form of a region is the least `u64` of its eight images.
//!
//! The search is iterative (an explicit stack) and keeps the options of the frames in one
//! shared buffer (a frame's options lie above those of the frames below it on the stack), so
//! it allocates nothing per position.

use super::grid::Board;
use crate::error::{Error, Result};
use sprague_core::partizan::canonical::{Context, GameId};
use sprague_core::partizan::memo::CompactMemo;

/// Cells in column 0 of the stride-8 layout.
const COL0: u64 = 0x0101_0101_0101_0101;
/// Cells in column 7 of the stride-8 layout.
const COL7: u64 = COL0 << 7;

/// The bits of the columns in use (bit `c` set when column `c` has a cell).
fn columns(b: u64) -> u32 {
    let mut f = b | (b >> 32);
    f |= f >> 16;
    f |= f >> 8;
    (f & 0xFF) as u32
}

/// Height and width of a region cropped to the origin (0 × 0 for no cells).
fn dims(b: u64) -> (u32, u32) {
    if b == 0 {
        return (0, 0);
    }
    let h = (63 - b.leading_zeros()) / 8 + 1;
    let w = 32 - columns(b).leading_zeros();
    (h, w)
}

/// Moves the cells so that they touch row 0 and column 0.
fn crop(b: u64) -> u64 {
    if b == 0 {
        return 0;
    }
    let r0 = b.trailing_zeros() / 8;
    let c0 = columns(b).trailing_zeros();
    // Every cell is in a column >= c0, so shifting the whole word by c0 keeps each cell in
    // its row.
    b >> (8 * r0 + c0)
}

/// The transposed region: cell `(r, c)` goes to `(c, r)`.
fn transpose(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^= t ^ (t << 28);
    x
}

/// The region with its columns mirrored (`w` columns).
fn mirror_columns(b: u64, w: u32) -> u64 {
    // reverse_bits sends (r, c) to (7 - r, 7 - c), swap_bytes puts the rows back, and the
    // shift moves column 7 - c to w - 1 - c; no cell crosses a row, as the low 8 - w bits of
    // every reversed row are empty.
    b.reverse_bits().swap_bytes() >> (8 - w)
}

/// The region with its rows mirrored (`h` rows).
fn mirror_rows(b: u64, h: u32) -> u64 {
    b.swap_bytes() >> (8 * (8 - h))
}

/// The normal form of a cropped region: the least of its eight images, and whether that
/// image is transposed (its value is then the negative of the region's).
pub(super) fn normalize(b: u64) -> (u64, bool) {
    let (h, w) = dims(b);
    let mc = mirror_columns(b, w);
    let mr = mirror_rows(b, h);
    let mrc = mirror_rows(mc, h);
    let plain = b.min(mc).min(mr).min(mrc);
    // The transposes of the four images, from one transpose: mirroring the columns before
    // transposing mirrors the rows after it (a height of `w`), and the other way round.
    let t = transpose(b);
    let tc = mirror_columns(t, h);
    let transposed = t.min(mirror_rows(t, w)).min(tc).min(mirror_rows(tc, w));
    if transposed < plain {
        (transposed, true)
    } else {
        (plain, false)
    }
}

/// The cells of `within` orthogonally adjacent to a cell of `x` (or in `x`).
fn grow(x: u64, within: u64) -> u64 {
    (x | (x << 8) | (x >> 8) | ((x & !COL7) << 1) | ((x & !COL0) >> 1)) & within
}

/// Appends the connected regions of `cells` with at least two cells, cropped (a single cell
/// takes no domino: its value is 0).
fn regions(mut cells: u64, out: &mut Vec<u64>) {
    while cells != 0 {
        let mut region = cells & cells.wrapping_neg();
        loop {
            let g = grow(region, cells);
            if g == region {
                break;
            }
            region = g;
        }
        cells &= !region;
        if region & (region - 1) != 0 {
            out.push(crop(region));
        }
    }
}

/// The placements of the region `e` that another placement dominates, as
/// masks of their top cells (Left's, vertical) and left cells (Right's, horizontal).
///
/// Two facts of Domineering, each by a strategy that copies the opponent's moves into the
/// negative (`docs/theory.md`, "Dominated placements"): removing a cell that no vertical domino can cover (no free
/// cell above or below it) never lowers a position's value, and adding a cell that no
/// horizontal domino can cover never does either. So where cells `x`, `y`, `z` lie one
/// above the other, the cell below `z` is not free and `x` has no free cell beside it,
/// Left's placement on `x, y` is at most its placement on `y, z`: the latter is the former
/// with `z` (no vertical neighbour left) removed and `x` (no horizontal one) added. The
/// same with the column upside down, and for Right across a row. A placement dominated
/// this way is dropped before its value is searched; its dominator is never dropped (the
/// rules link only the two placements at an end of a run, and where both ends' rules link
/// the same two placements only one is dropped).
fn dominated_placements(e: u64) -> (u64, u64) {
    let (left, right) = dominated_in_rows(u128::from(e), 8, u128::from(!COL0), u128::from(!COL7));
    // Every dropped placement lies inside `e`, so nothing is lost above bit 63.
    (left as u64, right as u64)
}

/// [`dominated_placements`] for a board of rows of `w` cells in a `u128` (cell `(r, c)` is
/// bit `w·r + c`), `not_first` and `not_last` the cells not in its first and last column:
/// the rule as Domineering's generic search reads it too (`Ruleset::value_options`).
pub(super) fn dominated_in_rows(e: u128, w: u32, not_first: u128, not_last: u128) -> (u128, u128) {
    let down = |x: u128, k: u32| x.checked_shr(k * w).unwrap_or(0);
    let up = |x: u128, k: u32| x.checked_shl(k * w).unwrap_or(0);
    let has_right = (e >> 1) & not_last;
    let has_left = (e << 1) & not_first;
    // Cells with no free neighbour beside them (only a vertical domino can cover them),
    // and cells with none above or below.
    let beside_free = e & !(has_right | has_left);
    let upright_free = e & !(down(e, 1) | up(e, 1));
    let v = e & down(e, 1);
    let runs = v & down(v, 1);
    let keep_lower = runs & !down(e, 3) & beside_free;
    let keep_upper = runs & !up(e, 1) & down(beside_free, 2) & !keep_lower;
    let h = e & has_right;
    let rows = h & (h >> 1);
    let keep_righter = rows & !(has_right >> 2) & upright_free;
    let keep_lefter = rows & !has_left & (upright_free >> 2) & !keep_righter;
    (
        keep_lower | up(keep_upper, 1),
        keep_righter | (keep_lefter << 1),
    )
}

/// The stride-8 form of a Domineering board (layer 0 the empty cells) of at most 8 rows and
/// 8 columns. Takes the grid's board type, not Domineering's name for it, so that this
/// search sits below the ruleset that calls it.
pub(super) fn from_board(b: &Board<1>) -> Option<u64> {
    let (h, w) = (b.h as usize, b.w as usize);
    if h > 8 || w > 8 {
        return None;
    }
    let row_mask = (1u128 << w) - 1;
    let mut x = 0u64;
    for r in 0..h {
        x |= (((b.layers[0] >> (r * w)) & row_mask) as u64) << (8 * r);
    }
    Some(x)
}

/// An option's component: its value, once known, or its normal form.
#[derive(Clone, Copy)]
struct Item {
    /// The normal form (pending) or the value's id in the low 32 bits (known).
    key: u64,
    /// The component's index in the memo's dense table, if it has one (see
    /// [`dense_index`]).
    dense: Option<u16>,
    flags: u8,
}

/// The index of a cropped region inside 4×4 cells in the memo's dense table
/// (`CompactMemo::dense_get`): its 16 cells as 16 bits, in the orientation it has.
/// Regions this small are a third of the components a search looks up (Domineering 6×6),
/// and found there they need neither a normal form nor a hash, nor a read of the large
/// table of keys.
#[inline(always)]
fn dense_index(c: u64) -> Option<u16> {
    if c & !0x0F0F_0F0F != 0 {
        return None;
    }
    Some((c & 0xF | (c >> 4) & 0xF0 | (c >> 8) & 0xF00 | (c >> 12) & 0xF000) as u16)
}

const NEG: u8 = 1;
const KNOWN: u8 = 2;
/// The last component of an option.
const END: u8 = 4;
/// An option of Right (else of Left).
const RIGHT: u8 = 8;

struct Frame {
    key: u64,
    /// Where the frame's items start in the shared buffer, once expanded.
    start: u32,
    expanded: bool,
}

/// The value of a connected region (stride-8 form, cropped, at least 2 cells), searched
/// with the memo of normal forms `memo`; fails with [`Error::Limit`] when the memo would
/// grow past `limit` entries.
pub(super) fn value(
    region: u64,
    ctx: &mut Context,
    memo: &mut CompactMemo,
    limit: u64,
) -> Result<GameId> {
    let (key, neg) = normalize(region);
    let v = search(key, ctx, memo, limit)?;
    Ok(if neg { ctx.neg(v) } else { v })
}

/// Regions of at least this many cells that a thread of a parallel search has not met are
/// looked up in the table the threads share (behind locks); smaller ones cost less to
/// solve again than to look up.
const SHARED_CELLS: u32 = 10;

/// Whether the region `key` is looked up in the threads' table.
fn shared(key: u64) -> bool {
    key.count_ones() >= SHARED_CELLS
}

/// Marks known the pending items that `memo` knows (also looking in the threads' table,
/// for the regions shared there, when `in_shared`), and lists the keys of the others in
/// `children`.
fn look_up(items: &mut [Item], memo: &mut CompactMemo, in_shared: bool, children: &mut Vec<u64>) {
    children.clear();
    for it in items {
        if it.flags & KNOWN != 0 {
            continue;
        }
        match memo.get(it.key, in_shared && shared(it.key)) {
            Some(v) => {
                it.key = u64::from(v.0);
                it.flags |= KNOWN;
            }
            None => children.push(it.key),
        }
    }
}

fn search(root: u64, ctx: &mut Context, memo: &mut CompactMemo, limit: u64) -> Result<GameId> {
    if let Some(v) = memo.get(root, shared(root)) {
        return Ok(v);
    }
    let zero = ctx.zero();
    let mut stack = vec![Frame {
        key: root,
        start: 0,
        expanded: false,
    }];
    let mut items: Vec<Item> = Vec::new();
    let mut comps: Vec<u64> = Vec::new();
    let mut left: Vec<GameId> = Vec::new();
    let mut right: Vec<GameId> = Vec::new();
    let mut children: Vec<u64> = Vec::new();
    let mut values: Vec<GameId> = Vec::new();
    while let Some(mut frame) = stack.pop() {
        if !frame.expanded {
            if memo.get(frame.key, shared(frame.key)).is_some() {
                continue;
            }
            frame.expanded = true;
            frame.start = items.len() as u32;
            let e = frame.key;
            // First every option's components in normal form, each entry's memory asked
            // for as soon as its key is known; then the lookups, which by then mostly find
            // their memory at hand (see `KeyTable::prefetch`).
            // Left places vertical dominoes (cells i and i + 8), Right horizontal ones
            // (i and i + 1, in one row).
            let (left_dominated, right_dominated) = dominated_placements(e);
            for (side, step, mut m) in [
                (0u8, 8u32, e & (e >> 8) & !left_dominated),
                (RIGHT, 1, e & (e >> 1) & !COL7 & !right_dominated),
            ] {
                while m != 0 {
                    let i = m.trailing_zeros();
                    m &= m - 1;
                    let o = e & !((1u64 << i) | (1u64 << (i + step)));
                    comps.clear();
                    regions(o, &mut comps);
                    if comps.is_empty() {
                        items.push(Item {
                            key: u64::from(zero.0),
                            dense: None,
                            flags: KNOWN | END | side,
                        });
                        continue;
                    }
                    let n = comps.len();
                    for (k, &c) in comps.iter().enumerate() {
                        let end = if k + 1 == n { END } else { 0 };
                        let dense = dense_index(c);
                        if let Some(v) = dense.and_then(|i| memo.dense_get(i)) {
                            items.push(Item {
                                key: u64::from(v.0),
                                dense: None,
                                flags: side | end | KNOWN,
                            });
                            continue;
                        }
                        let (q, neg) = normalize(c);
                        memo.prefetch(q);
                        let flags = side | end | if neg { NEG } else { 0 };
                        items.push(Item {
                            key: q,
                            dense,
                            flags,
                        });
                    }
                }
            }
            // This thread's table first (alone, it holds every component solved).
            look_up(
                &mut items[frame.start as usize..],
                memo,
                false,
                &mut children,
            );
            // On several threads, the children not cached here are looked up in the table
            // the threads share now, side by side (their entries asked for first), and not
            // one by one as their turns come, long after, each a cache miss: most were
            // solved there, by another thread or by this one and no longer cached. Those
            // not found are looked up again when their turn comes.
            if memo.is_linked() && !children.is_empty() {
                for &c in &children {
                    if shared(c) {
                        memo.prefetch_shared(c);
                    }
                }
                look_up(
                    &mut items[frame.start as usize..],
                    memo,
                    true,
                    &mut children,
                );
            }
            stack.push(frame);
            // The threads of a parallel search take the children in different orders, so
            // that they start on different parts of the search.
            let first = memo.first_child(children.len());
            children.rotate_left(first);
            stack.extend(children.iter().map(|&key| Frame {
                key,
                start: 0,
                expanded: false,
            }));
            continue;
        }
        left.clear();
        right.clear();
        let mut total: Option<GameId> = None;
        for it in &items[frame.start as usize..] {
            if it.flags & KNOWN == 0 {
                memo.prefetch(it.key);
            }
        }
        // The components' values, each record asked for as soon as it is known, and then
        // the sums, which read them.
        values.clear();
        for it in &items[frame.start as usize..] {
            let v = if it.flags & KNOWN != 0 {
                GameId(it.key as u32)
            } else {
                memo.solved(it.key).ok_or_else(|| {
                    Error::invalid("domineering: a component was not searched (internal error)")
                })?
            };
            if it.flags & NEG != 0 {
                ctx.prefetch_negative(v);
            } else {
                ctx.prefetch_game(v);
            }
            values.push(v);
        }
        for (it, v) in items[frame.start as usize..].iter().zip(values.iter_mut()) {
            if it.flags & NEG != 0 {
                *v = ctx.neg(*v);
                ctx.prefetch_game(*v);
            }
            // The value in the orientation met, kept for the next time it is met.
            if let Some(i) = it.dense {
                memo.dense_set(i, *v);
            }
        }
        // The memo entries of the options' first sums.
        let mut first = true;
        for (k, it) in items[frame.start as usize..].iter().enumerate() {
            if first && it.flags & END == 0 {
                ctx.prefetch_sum(values[k], values[k + 1]);
            }
            first = it.flags & END != 0;
        }
        for (it, &v) in items[frame.start as usize..].iter().zip(&values) {
            total = Some(match total {
                None => v,
                Some(t) => ctx.add(t, v),
            });
            if it.flags & END != 0 {
                let t = total.take().unwrap_or(zero);
                if it.flags & RIGHT != 0 {
                    right.push(t);
                } else {
                    left.push(t);
                }
            }
        }
        items.truncate(frame.start as usize);
        if memo.reached(limit) {
            return Err(Error::Limit {
                what: "domineering canonical-form search".into(),
                limit,
            });
        }
        let v = ctx.from_options(&left, &right);
        // A context stopped by its bound on comparisons gives meaningless values.
        ctx.stopped()?;
        memo.insert(frame.key, v)?;
    }
    memo.solved(root)
        .ok_or_else(|| Error::invalid("domineering: the root was not searched (internal error)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from rows of `.` (cell) and `#`, in the stride-8 layout.
    fn board(text: &str) -> u64 {
        let mut x = 0;
        for (r, row) in text.split('|').enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '.' {
                    x |= 1u64 << (8 * r + c);
                }
            }
        }
        x
    }

    fn naive_image(b: u64, t: u8) -> u64 {
        let (h, w) = dims(b);
        let mut out = 0;
        for i in 0..64 {
            if b >> i & 1 == 0 {
                continue;
            }
            let (mut r, mut c) = (i / 8, i % 8);
            if t & 1 != 0 {
                c = w - 1 - c;
            }
            if t & 2 != 0 {
                r = h - 1 - r;
            }
            if t & 4 != 0 {
                std::mem::swap(&mut r, &mut c);
            }
            out |= 1u64 << (8 * r + c);
        }
        out
    }

    #[test]
    fn word_symmetries_match_cell_by_cell_images() {
        // Pseudo-random cropped regions of every size up to 8×8.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..4000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let b = crop(seed & (seed >> 3));
            let (h, w) = dims(b);
            assert_eq!(naive_image(b, 4), transpose(b));
            assert_eq!(naive_image(b, 1), mirror_columns(b, w));
            assert_eq!(naive_image(b, 2), mirror_rows(b, h));
            let least = (0..8).map(|t| naive_image(b, t)).min().unwrap();
            let (q, neg) = normalize(b);
            assert_eq!(q, least);
            // The sign says which kind of image it is.
            let range = if neg { 4..8 } else { 0..4 };
            assert!(range.into_iter().any(|t| naive_image(b, t) == q));
            if h < 8 && w < 8 {
                assert_eq!(crop(b << 9), b);
            }
        }
    }

    #[test]
    fn regions_are_cropped_and_drop_single_cells() {
        let b = board("..#.|#.##|...#|##.#");
        let mut out = Vec::new();
        regions(b, &mut out);
        // The cell (0,3) is alone; the rest is one region.
        assert_eq!(out.len(), 1);
        assert_eq!(out[0], crop(b & !(1 << 3)));
        out.clear();
        regions(board("..#..|..#.."), &mut out);
        assert_eq!(out, vec![board("..|.."), board("..|..")]);
        assert_eq!(dims(board("#..|...")), (2, 3));
    }
}

#[cfg(test)]
mod against_generic {
    use super::super::domineering::Domineering;
    use super::super::tests::dominated_by_one;
    use sprague_core::partizan::canonical::Context;
    use sprague_core::partizan::rules::Ruleset;
    use sprague_core::partizan::solver::ValueSolver;
    use sprague_core::value::Side;

    /// Every board of `rows` × `cols` cells with any cells filled, as text.
    fn all_boards(rows: usize, cols: usize) -> Vec<String> {
        (0u64..1 << (rows * cols))
            .map(|m| super::super::tests::filled_board(rows, cols, m))
            .collect()
    }

    #[test]
    fn fast_path_gives_the_generic_values() {
        // One context: equal values are equal ids.
        let d = Domineering;
        let mut ctx = Context::new();
        let mut fast = ValueSolver::new(&d, 10_000_000);
        let mut slow = ValueSolver::new(&d, 10_000_000).without_fast_path();
        let mut boards = Vec::new();
        for (r, c) in [(3, 4), (4, 3), (2, 6), (6, 2), (1, 8), (8, 1)] {
            boards.extend(all_boards(r, c));
        }
        for (r, c) in [(4, 4), (3, 6), (5, 3), (8, 2)] {
            boards.push(vec![".".repeat(c); r].join("|"));
        }
        for text in &boards {
            let p = d.parse(text).unwrap();
            let a = fast.value(&mut ctx, &p).unwrap();
            let b = slow.value(&mut ctx, &p).unwrap();
            assert_eq!(
                a,
                b,
                "`{text}`: fast {} generic {}",
                ctx.display(a),
                ctx.display(b)
            );
        }
        // Regions wider than 8 go to the generic search, and their parts that fit back to
        // the fast one.
        for text in [
            ".".repeat(9),
            "..........|..#..#....".into(),
            "...#......|..........".into(),
        ] {
            let p = d.parse(&text).unwrap();
            let a = fast.value(&mut ctx, &p).unwrap();
            let b = slow.value(&mut ctx, &p).unwrap();
            assert_eq!(a, b, "`{text}`");
        }
        let v = fast
            .value(&mut ctx, &d.parse(&".".repeat(9)).unwrap())
            .unwrap();
        assert_eq!(ctx.display(v), "-4");
    }

    /// Boards of up to 128 cells: a board one cell wide or one row of 128 cells shifts by
    /// its full width (a shift by 128 once wrapped to 0 and made every cell a vertical
    /// placement: the 128-cell column read 63, not 64).
    #[test]
    fn strips_up_to_128_cells_and_the_generic_path_at_the_edge() {
        let d = Domineering;
        let mut ctx = Context::new();
        let mut fast = ValueSolver::new(&d, 10_000_000);
        let mut slow = ValueSolver::new(&d, 10_000_000).without_fast_path();
        for n in 126..=130usize {
            let column = vec!["."; n].join("|");
            let row = ".".repeat(n);
            if n > 128 {
                assert!(d.parse(&column).is_err() && d.parse(&row).is_err(), "{n}");
                continue;
            }
            for (text, want) in [(column, format!("{}", n / 2)), (row, format!("-{}", n / 2))] {
                let p = d.parse(&text).unwrap();
                for s in [&mut fast, &mut slow] {
                    let v = s.value(&mut ctx, &p).unwrap();
                    assert_eq!(ctx.display(v), want, "{n} cells, {} rows", p.h);
                }
            }
        }
        // Random small patterns placed in boards of exactly 128 cells (the rest filled),
        // and random sparse 8×16 and 16×8 boards: both paths agree.
        let mut rng = crate::test_rng::xorshift(0x5EED_0128);
        for (rows, cols) in [(1, 128), (128, 1), (2, 64), (64, 2), (8, 16), (16, 8)] {
            for round in 0..6 {
                let mut grid = vec![vec!['#'; cols]; rows];
                let (ph, pw) = (rows.min(3), cols.min(4));
                // The pattern sits at a random corner, so that the last row and column
                // (bit 127) are used too.
                let (r0, c0) = if round % 2 == 0 {
                    (0, 0)
                } else {
                    (rows - ph, cols - pw)
                };
                for r in 0..ph {
                    for c in 0..pw {
                        if !rng().is_multiple_of(4) {
                            grid[r0 + r][c0 + c] = '.';
                        }
                    }
                }
                if rows * cols == 128 && rows >= 8 && cols >= 8 {
                    // Sprinkle a few empty cells over the whole 8×16 / 16×8 board.
                    for _ in 0..24 {
                        let x = rng() as usize % 128;
                        grid[x / cols][x % cols] = '.';
                    }
                }
                let text = grid
                    .iter()
                    .map(|r| r.iter().collect::<String>())
                    .collect::<Vec<_>>()
                    .join("|");
                let p = d.parse(&text).unwrap();
                let a = fast.value(&mut ctx, &p).unwrap();
                let b = slow.value(&mut ctx, &p).unwrap();
                assert_eq!(
                    a,
                    b,
                    "`{text}`: fast {} generic {}",
                    ctx.display(a),
                    ctx.display(b)
                );
            }
        }
    }

    /// The text of a stride-8 region on 8×8 cells (its bit `8r + c` is cell `(r, c)`, as
    /// in a board of 8 columns).
    fn text(e: u64) -> String {
        super::super::tests::filled_board(8, 8, !e)
    }

    /// Every placement `dominated_placements` drops is dominated by one it keeps, by the
    /// values of a generic search that reads every option: at most a kept one for Left, at
    /// least one for Right.
    #[test]
    fn dropped_placements_are_dominated_by_kept_ones() {
        let d = Domineering;
        let mut ctx = Context::new();
        let every = super::super::tests::EveryOption;
        let mut slow = ValueSolver::new(&every, 10_000_000);
        let mut rng = crate::test_rng::xorshift(0x0D0_31A7E);
        let (mut dropped, mut placements) = (0, 0);
        let mut parts = Vec::new();
        for round in 0..400 {
            let (h, w) = [(3, 4), (4, 3), (4, 4), (2, 6), (5, 3)][round % 5];
            let mut cells = 0u64;
            for r in 0..h {
                for c in 0..w {
                    if !rng().is_multiple_of(4) {
                        cells |= 1 << (8 * r + c);
                    }
                }
            }
            parts.clear();
            super::regions(cells, &mut parts);
            for &e in &parts {
                let (left_dropped, right_dropped) = super::dominated_placements(e);
                let mut value = |o: u64, ctx: &mut Context| {
                    let p = d.parse(&text(o)).unwrap();
                    slow.value(ctx, &p).unwrap()
                };
                for (side, step, all, gone) in [
                    (Side::Left, 8, e & (e >> 8), left_dropped),
                    (Side::Right, 1, e & (e >> 1) & !super::COL7, right_dropped),
                ] {
                    assert_eq!(gone & !all, 0, "only placements are dropped");
                    let option = |i: u32| e & !((1u64 << i) | (1u64 << (i + step)));
                    let kept: Vec<_> = (0..64)
                        .filter(|&i| (all & !gone) >> i & 1 != 0)
                        .map(|i| value(option(i), &mut ctx))
                        .collect();
                    placements += all.count_ones();
                    for i in (0..64).filter(|&i| gone >> i & 1 != 0) {
                        dropped += 1;
                        let a = value(option(i), &mut ctx);
                        assert!(
                            dominated_by_one(&mut ctx, a, &kept, side),
                            "`{}` placement {i} ({side:?})",
                            text(e)
                        );
                    }
                }
            }
        }
        // The rules apply often enough on such boards to be tested.
        assert!(dropped * 20 > placements, "{dropped} of {placements}");
    }

    #[test]
    fn fast_path_respects_the_limit() {
        let mut ctx = Context::new();
        let mut s = ValueSolver::new(&Domineering, 10);
        let b = Domineering::empty(4, 4).unwrap();
        let err = s.value(&mut ctx, &b).unwrap_err();
        assert!(matches!(err, crate::error::Error::Limit { .. }), "{err}");
    }
}
