//! Bitboards for the grid games (Domineering, Clobber): up to 128 cells, row-major
//! (cell `(r, c)` is bit `r * w + c`), with flood fill, cropping and the eight symmetries
//! of the rectangle, used to split boards into regions and to share work between
//! reflections.

use crate::error::{Error, Result};

/// The most cells a board may have.
pub const MAX_CELLS: usize = 128;

/// `x` shifted towards the low bits by `n`; 0 when `n` is 128 (a board one row of 128
/// cells wide shifts by its width, which `>>` would wrap to a shift by 0).
pub fn shr(x: u128, n: u32) -> u128 {
    x.checked_shr(n).unwrap_or(0)
}

/// `x` shifted towards the high bits by `n`; 0 when `n` is 128 (see [`shr`]).
pub fn shl(x: u128, n: u32) -> u128 {
    x.checked_shl(n).unwrap_or(0)
}

/// A board of `w` columns and `h` rows with `K` layers of cells (one per kind of piece).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board<const K: usize> {
    pub h: u8,
    pub w: u8,
    pub layers: [u128; K],
}

impl<const K: usize> Board<K> {
    /// The union of the layers.
    pub fn occupied(&self) -> u128 {
        self.layers.iter().fold(0, |a, &l| a | l)
    }

    /// Bit of cell `(r, c)`.
    pub fn bit(&self, r: usize, c: usize) -> u128 {
        1u128 << (r * self.w as usize + c)
    }

    /// `(row, column)` of bit index `i`.
    pub fn coords(&self, i: u32) -> (usize, usize) {
        (i as usize / self.w as usize, i as usize % self.w as usize)
    }

    /// The name of the cell of bit index `i` as a person reads a board: its column as
    /// letters (`a` to `z`, then `aa`, `ab`, ... as in a spreadsheet) and its row as a
    /// number counted from 1 at the top, e.g. `b3`.
    pub fn cell_name(&self, i: u32) -> String {
        let (r, c) = self.coords(i);
        format!("{}{}", crate::interface::column_name(c), r + 1)
    }

    /// The board restricted to the cells in `mask`, cropped to its bounding box.
    pub fn restrict_crop(&self, mask: u128) -> Board<K> {
        let (w, h) = (self.w as usize, self.h as usize);
        if mask == 0 {
            return Board {
                h: 0,
                w: 0,
                layers: [0; K],
            };
        }
        let (mut r0, mut r1, mut c0, mut c1) = (h, 0, w, 0);
        let mut m = mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let (r, c) = (i / w, i % w);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (nw, nh) = (c1 - c0 + 1, r1 - r0 + 1);
        let row_mask = if nw == 128 {
            u128::MAX
        } else {
            (1u128 << nw) - 1
        };
        let mut layers = [0u128; K];
        for (k, layer) in layers.iter_mut().enumerate() {
            let src = self.layers[k] & mask;
            for r in 0..nh {
                let row = (src >> ((r + r0) * w + c0)) & row_mask;
                *layer |= row << (r * nw);
            }
        }
        Board {
            h: nh as u8,
            w: nw as u8,
            layers,
        }
    }

    /// The board transformed by symmetry `t` (bit 0: mirror columns, bit 1: mirror rows,
    /// bit 2: transpose afterwards).
    pub fn transform(&self, t: u8) -> Board<K> {
        let (w, h) = (self.w as usize, self.h as usize);
        let transpose = t & 4 != 0;
        let (nw, nh) = if transpose { (h, w) } else { (w, h) };
        let mut layers = [0u128; K];
        for (k, layer) in layers.iter_mut().enumerate() {
            let mut m = self.layers[k];
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let (mut r, mut c) = (i / w, i % w);
                if t & 1 != 0 {
                    c = w - 1 - c;
                }
                if t & 2 != 0 {
                    r = h - 1 - r;
                }
                if transpose {
                    std::mem::swap(&mut r, &mut c);
                }
                *layer |= 1u128 << (r * nw + c);
            }
        }
        Board {
            h: nh as u8,
            w: nw as u8,
            layers,
        }
    }

    /// The least of the board's images under the symmetries `0..count` (4: reflections,
    /// 8: reflections and transpositions), with the symmetry that gives it.
    pub fn least_image(&self, count: u8) -> (Board<K>, u8) {
        if self.w as usize <= 16 && self.h as usize <= 16 {
            return self.least_image_small(count);
        }
        let mut best = (*self, 0u8);
        for t in 1..count {
            let b = self.transform(t);
            if b < best.0 {
                best = (b, t);
            }
        }
        best
    }

    /// [`Board::least_image`] for boards of at most 16×16, row by row: each layer is held as
    /// 16-bit rows, mirrored with a bit reversal, and transposed once.
    fn least_image_small(&self, count: u8) -> (Board<K>, u8) {
        let (w, h) = (self.w as usize, self.h as usize);
        let mut rows = [[0u16; 16]; K];
        let mut cols = [[0u16; 16]; K];
        for k in 0..K {
            let row_mask = (1u128 << w) - 1;
            for (r, row) in rows[k].iter_mut().enumerate().take(h) {
                *row = ((self.layers[k] >> (r * w)) & row_mask) as u16;
            }
            if count > 4 {
                let mut m = self.layers[k];
                while m != 0 {
                    let i = m.trailing_zeros() as usize;
                    m &= m - 1;
                    cols[k][i % w] |= 1 << (i / w);
                }
            }
        }
        // Images compare by height first: when transposing changes the height, only the
        // half with the smaller height can hold the least image.
        let range = if count <= 4 || w == h {
            0..count
        } else if w < h {
            4..8
        } else {
            0..4
        };
        let mut best: Option<(Board<K>, u8)> = None;
        for t in range {
            if t == 0 {
                best = Some((*self, 0));
                continue;
            }
            let transpose = t & 4 != 0;
            let (src, nw, nh) = if transpose {
                (&cols, h, w)
            } else {
                (&rows, w, h)
            };
            // In the transposed frame, mirroring the original's columns mirrors rows and
            // vice versa.
            let (flip_rows, flip_cols) = if transpose {
                (t & 1 != 0, t & 2 != 0)
            } else {
                (t & 2 != 0, t & 1 != 0)
            };
            let mut layers = [0u128; K];
            for k in 0..K {
                let mut acc = 0u128;
                for r in 0..nh {
                    let sr = if flip_rows { nh - 1 - r } else { r };
                    let mut row = src[k][sr];
                    if flip_cols {
                        row = row.reverse_bits() >> (16 - nw);
                    }
                    acc |= (row as u128) << (r * nw);
                }
                layers[k] = acc;
            }
            let b = Board {
                h: nh as u8,
                w: nw as u8,
                layers,
            };
            if best.is_none_or(|(x, _)| b < x) {
                best = Some((b, t));
            }
        }
        best.expect("at least one image")
    }

    /// Whether the occupied cells touch all four sides (cropping would change nothing).
    pub fn is_cropped(&self) -> bool {
        let (w, h) = (self.w as usize, self.h as usize);
        if w == 0 || h == 0 {
            return true;
        }
        let occ = self.occupied();
        let row_mask = if w == 128 {
            u128::MAX
        } else {
            (1u128 << w) - 1
        };
        let (not_first, not_last) = self.column_masks();
        let all = self.all();
        occ & row_mask != 0
            && (occ >> ((h - 1) * w)) & row_mask != 0
            && occ & all & !not_first != 0
            && occ & all & !not_last != 0
    }

    /// Masks of the cells not in the first column and not in the last column.
    pub fn column_masks(&self) -> (u128, u128) {
        let (w, h) = (self.w as usize, self.h as usize);
        let mut first = 0u128;
        for r in 0..h {
            first |= 1u128 << (r * w);
        }
        let last = first << (w - 1);
        let all = self.all();
        (all & !first, all & !last)
    }

    /// Every cell of the board.
    pub fn all(&self) -> u128 {
        let n = self.w as usize * self.h as usize;
        if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        }
    }

    /// The cells of `within` orthogonally adjacent to a cell of `x`.
    pub fn neighbours(&self, x: u128, within: u128) -> u128 {
        if self.w == 0 {
            return 0;
        }
        let (not_first, not_last) = self.column_masks();
        let w = self.w as u32;
        let up = shr(x, w);
        let down = shl(x, w) & self.all();
        let right = (x & not_last) << 1;
        let left = (x & not_first) >> 1;
        (up | down | right | left) & within
    }

    /// The orthogonally connected regions of the cells in `cells`, as masks.
    pub fn regions(&self, mut cells: u128) -> Vec<u128> {
        let mut out = Vec::new();
        if self.w == 0 {
            return out;
        }
        let (not_first, not_last) = self.column_masks();
        let w = self.w as u32;
        let all = self.all();
        while cells != 0 {
            let mut region = cells & cells.wrapping_neg();
            loop {
                let grown = (region
                    | shr(region, w)
                    | (shl(region, w) & all)
                    | ((region & not_last) << 1)
                    | ((region & not_first) >> 1))
                    & cells;
                if grown == region {
                    break;
                }
                region = grown;
            }
            cells &= !region;
            out.push(region);
        }
        out
    }
}

/// Parses rows separated by `|`; each character is looked up in `chars` (the character
/// of layer k is `chars[k]`, and `empty` marks an empty cell). Errors name the bad row.
pub fn parse_board<const K: usize>(
    game: &str,
    text: &str,
    chars: [char; K],
    empty: char,
) -> Result<Board<K>> {
    let text = text.trim();
    let rows: Vec<&str> = text.split('|').map(str::trim).collect();
    if rows.iter().all(|row| row.is_empty()) {
        return Err(Error::parse(format!(
            "{game}: empty board `{text}`; write rows of cells separated by `|`, e.g. `....|....`"
        )));
    }
    // An empty row (`..||..`, or a `|` at either end) is named, not read as a short row.
    if let Some(r) = rows.iter().position(|row| row.is_empty()) {
        return Err(Error::parse(format!(
            "{game}: row {} of `{text}` is empty; rows are separated by one `|` and have equal length",
            r + 1
        )));
    }
    let w = rows[0].chars().count();
    let h = rows.len();
    if w * h > MAX_CELLS {
        return Err(Error::unsupported(format!(
            "{game}: board `{text}` has {} cells; at most {MAX_CELLS} are supported",
            w * h
        )));
    }
    let mut layers = [0u128; K];
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() != w {
            return Err(Error::parse(format!(
                "{game}: row {} `{row}` of `{text}` has {} cells but row 1 has {w}; rows must have equal length",
                r + 1,
                row.chars().count()
            )));
        }
        for (c, ch) in row.chars().enumerate() {
            if ch == empty {
                continue;
            }
            match chars.iter().position(|&x| x == ch) {
                Some(k) => layers[k] |= 1u128 << (r * w + c),
                None => {
                    let allowed: String = chars.iter().chain([empty].iter()).collect();
                    return Err(Error::parse(format!(
                        "{game}: unexpected `{ch}` in row {} `{row}` of `{text}`; cells are one of `{allowed}`",
                        r + 1
                    )));
                }
            }
        }
    }
    Ok(Board {
        h: h as u8,
        w: w as u8,
        layers,
    })
}

/// Writes a board as rows separated by `|`.
pub fn display_board<const K: usize>(b: &Board<K>, chars: [char; K], empty: char) -> String {
    if b.w == 0 || b.h == 0 {
        return String::new();
    }
    let mut s = String::new();
    for r in 0..b.h as usize {
        if r > 0 {
            s.push('|');
        }
        for c in 0..b.w as usize {
            let bit = b.bit(r, c);
            let ch = (0..K)
                .find(|&k| b.layers[k] & bit != 0)
                .map_or(empty, |k| chars[k]);
            s.push(ch);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_crop_and_symmetries() {
        let b = parse_board::<1>("t", "xx.x|x..x|...x", ['x'], '.').unwrap();
        let regs = b.regions(b.layers[0]);
        assert_eq!(regs.len(), 2);
        let crops: Vec<Board<1>> = regs.iter().map(|&m| b.restrict_crop(m)).collect();
        assert_eq!(display_board(&crops[0], ['x'], '.'), "xx|x.");
        assert_eq!(display_board(&crops[1], ['x'], '.'), "x|x|x");
        assert!(
            crops[0].is_cropped()
                && crops[1].is_cropped()
                && !b.restrict_crop(regs[0]).transform(0).eq(&b)
        );
        assert!(!parse_board::<1>("t", "..|.x", ['x'], '.')
            .unwrap()
            .is_cropped());
        assert!(parse_board::<1>("t", "x.|.x", ['x'], '.')
            .unwrap()
            .is_cropped());
        let t = crops[0].transform(1);
        assert_eq!(display_board(&t, ['x'], '.'), "xx|.x");
        let t = crops[1].transform(4);
        assert_eq!(display_board(&t, ['x'], '.'), "xxx");
        for s in 0..8 {
            assert_eq!(b.transform(s).occupied().count_ones(), 6);
        }
        // The fast row-wise images equal the cell-by-cell ones.
        for text in ["xx.|x..", "x..x|.xx.|x.x.", "x|x|.|x", "x.xx"] {
            let b = parse_board::<1>("t", text, ['x'], '.').unwrap();
            for count in [4, 8] {
                let (best, t) = b.least_image(count);
                let slow = (0..count).map(|t| b.transform(t)).min().unwrap();
                assert_eq!(best, slow, "{text}");
                assert_eq!(b.transform(t), best, "{text}");
            }
        }
        assert!(parse_board::<1>("t", "..|.", ['x'], '.').is_err());
        assert!(parse_board::<1>("t", "..|.y", ['x'], '.').is_err());
        assert!(parse_board::<1>("t", "", ['x'], '.').is_err());
        // An empty row is named, wherever it is, never skipped.
        for (text, row) in [("..||..", 2), ("|..", 1), ("..|", 2), ("..| |..", 2)] {
            let err = parse_board::<1>("t", text, ['x'], '.')
                .unwrap_err()
                .to_string();
            assert!(
                err.contains(&format!("row {row} ")) && err.contains("empty"),
                "{err}"
            );
        }
    }

    #[test]
    fn boards_of_128_cells_in_one_row_or_column() {
        // A shift by the width 128 must empty the word, not wrap to a shift by 0.
        let row = parse_board::<1>("t", &".".repeat(128), ['.'], '#').unwrap();
        assert_eq!(row.all(), u128::MAX);
        assert_eq!(row.neighbours(1, row.all()), 2);
        assert_eq!(row.neighbours(1 << 127, row.all()), 1 << 126);
        assert_eq!(row.regions(row.all() & !(1 << 64)).len(), 2);
        let column = parse_board::<1>("t", &vec!["."; 128].join("|"), ['.'], '#').unwrap();
        assert_eq!(column.neighbours(1, column.all()), 2);
        assert_eq!(column.regions(column.all()).len(), 1);
        assert_eq!(column.transform(4), row);
    }

    #[test]
    fn cells_are_named_by_column_letters_and_row_numbers() {
        let b = parse_board::<1>("t", "...|...", ['x'], '.').unwrap();
        assert_eq!(b.cell_name(0), "a1");
        assert_eq!(b.cell_name(4), "b2");
        let wide = parse_board::<1>("t", &".".repeat(60), ['x'], '.').unwrap();
        assert_eq!(wide.cell_name(25), "z1");
        assert_eq!(wide.cell_name(26), "aa1");
        assert_eq!(wide.cell_name(52), "ba1");
    }
}
