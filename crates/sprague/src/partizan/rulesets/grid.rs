//! Bitboards for the grid games (Domineering, Clobber): up to 128 cells, row-major
//! (cell `(r, c)` is bit `r * w + c`), with flood fill, cropping and the eight symmetries
//! of the rectangle, used to split boards into regions and to share work between
//! reflections.

use crate::error::{Error, Result};

/// The most cells a board may have.
pub const MAX_CELLS: usize = 128;

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
        let mut best = (*self, 0u8);
        for t in 1..count {
            // A transposition of a non-square board changes its shape; compare all alike.
            let b = self.transform(t);
            if b < best.0 {
                best = (b, t);
            }
        }
        best
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
        let up = x >> w;
        let down = (x << w) & self.all();
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
                    | (region >> w)
                    | ((region << w) & all)
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
    let w = rows[0].chars().count();
    if text.is_empty() || w == 0 {
        return Err(Error::parse(format!(
            "{game}: empty board `{text}`; write rows of cells separated by `|`, e.g. `....|....`"
        )));
    }
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
        let t = crops[0].transform(1);
        assert_eq!(display_board(&t, ['x'], '.'), "xx|.x");
        let t = crops[1].transform(4);
        assert_eq!(display_board(&t, ['x'], '.'), "xxx");
        for s in 0..8 {
            assert_eq!(b.transform(s).occupied().count_ones(), 6);
        }
        assert!(parse_board::<1>("t", "..|.", ['x'], '.').is_err());
        assert!(parse_board::<1>("t", "..|.y", ['x'], '.').is_err());
        assert!(parse_board::<1>("t", "", ['x'], '.').is_err());
    }
}
