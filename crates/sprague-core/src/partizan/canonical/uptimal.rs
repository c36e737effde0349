//! Uptimals: `G.UptimalExpansion` and `G.IsUptimal`.
//!
//! An *uptimal* is `x + *m + a₁·↑ + a₂·↑² + … + a_k·↑^k`, where `↑^i` is up-nth (CGSuite's
//! `^<i>`, [`up_nth`]) and the `a_i` are integers (Siegel, *Combinatorial Game Theory*,
//! II.7; Conway's "uptimal notation"); CGSuite writes it `x*m.a₁a₂…a_k`, a negative digit
//! followed by `-`. The expansion of a game is unique when it exists. It is found here
//! from the shape an uptimal's canonical form has when its last coefficient is positive
//! (the published fact that CGSuite's own search uses): exactly one Right option, the
//! uptimal `x*(m⊕1).(a₁−1)(a₂−1)…(a_k−1)`. So each candidate comes from the Right
//! option's expansion with every coefficient up to some length `k` raised by one and the
//! nimber toggled, `k` either that expansion's length or one more than the longest
//! expansion among all the options; a candidate is kept only when the game it denotes,
//! built with this arena's arithmetic, *is* the game (canonical forms are unique, so the
//! test is an identity). A last coefficient below zero is the negative's case.

use super::super::dyadic::Dyadic;
use super::{up_nth, Context, GameId, Nus};
use crate::error::{Error, Result};
use rustc_hash::FxHashMap;
use std::fmt;

/// The largest birthday of a game (other than `x + u·↑ + *m`, whose expansion is read off)
/// whose uptimal expansion is searched: the search recurses through the options.
pub const MAX_UPTIMAL_BIRTHDAY: u64 = 256;

/// An uptimal expansion `x*m.a₁a₂…a_k` (no trailing zero coefficient).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uptimal {
    /// The number part `x`.
    pub number: Dyadic,
    /// The nimber part `m`.
    pub nim: u64,
    /// `a₁, …, a_k`, the last not zero.
    pub coefficients: Vec<i64>,
}

impl Uptimal {
    fn new(number: Dyadic, nim: u64, mut coefficients: Vec<i64>) -> Self {
        while coefficients.last() == Some(&0) {
            coefficients.pop();
        }
        Uptimal {
            number,
            nim,
            coefficients,
        }
    }

    fn negated(&self) -> Self {
        Uptimal {
            number: self.number.neg(),
            nim: self.nim,
            coefficients: self.coefficients.iter().map(|a| -a).collect(),
        }
    }

    /// Every coefficient up to `len` raised by one, the nimber toggled.
    fn raised(&self, len: usize) -> Self {
        let coefficients = (0..len.max(self.coefficients.len()))
            .map(|i| self.coefficients.get(i).copied().unwrap_or(0) + i64::from(i < len))
            .collect();
        Uptimal::new(self.number.clone(), self.nim ^ 1, coefficients)
    }
}

impl fmt::Display for Uptimal {
    /// As CGSuite writes it: `0.1`, `*.1-`, `6*.1`, `73/16*8.9-`, `5.0`; digits from 10 on
    /// are letters (`A` is 10) up to 35, then written in parentheses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.number.is_zero() || self.nim == 0 {
            write!(f, "{}", self.number)?;
        }
        match self.nim {
            0 => {}
            1 => write!(f, "*")?,
            m => write!(f, "*{m}")?,
        }
        f.write_str(".")?;
        if self.coefficients.is_empty() {
            f.write_str("0")?;
        }
        for &a in &self.coefficients {
            let d = a.unsigned_abs();
            match d {
                0..=9 => write!(f, "{d}")?,
                10..=35 => write!(f, "{}", char::from(b'A' + (d - 10) as u8))?,
                _ => write!(f, "({d})")?,
            }
            if a < 0 {
                f.write_str("-")?;
            }
        }
        Ok(())
    }
}

impl Context {
    /// The uptimal expansion of `g`, `None` when `g` is not an uptimal. An error only when
    /// `g` is too old to search (above [`MAX_UPTIMAL_BIRTHDAY`]).
    pub fn uptimal(&mut self, g: GameId) -> Result<Option<Uptimal>> {
        if self.as_nus(g).is_none() && self.birthday(g) > MAX_UPTIMAL_BIRTHDAY {
            return Err(Error::unsupported(format!(
                "the uptimal expansion is searched for games of birthday at most {MAX_UPTIMAL_BIRTHDAY}"
            )));
        }
        let mut memo = FxHashMap::default();
        Ok(self.uptimal_in(g, &mut memo))
    }

    /// [`Context::uptimal`] with the answers found so far; the recursion goes one option
    /// down a level, so its depth is at most the birthday.
    fn uptimal_in(
        &mut self,
        g: GameId,
        memo: &mut FxHashMap<GameId, Option<Uptimal>>,
    ) -> Option<Uptimal> {
        if let Some(n) = self.as_nus(g) {
            let up = if n.up == 0 { vec![] } else { vec![n.up] };
            return Some(Uptimal::new(n.number.clone(), n.nim, up));
        }
        if let Some(known) = memo.get(&g) {
            return known.clone();
        }
        let (l, r) = self.stops(g);
        let found = if l != r {
            None
        } else if let Some(u) = self.uptimal_rising(g, memo) {
            Some(u)
        } else {
            let ng = self.neg(g);
            self.uptimal_rising(ng, memo).map(|u| u.negated())
        };
        memo.insert(g, found.clone());
        found
    }

    /// The expansion of `g` if it is an uptimal whose last coefficient is positive.
    fn uptimal_rising(
        &mut self,
        g: GameId,
        memo: &mut FxHashMap<GameId, Option<Uptimal>>,
    ) -> Option<Uptimal> {
        let &[gr] = self.right_options(g) else {
            return None;
        };
        let right = self.uptimal_in(gr, memo)?;
        let mut longest = right.coefficients.len();
        for gl in self.left_options(g).to_vec() {
            let left = self.uptimal_in(gl, memo)?;
            if left.number != right.number {
                return None;
            }
            longest = longest.max(left.coefficients.len());
        }
        let mut candidates = Vec::with_capacity(2);
        if right.coefficients.last().is_some_and(|&a| a > 0) {
            candidates.push(right.raised(right.coefficients.len()));
        }
        candidates.push(right.raised(longest + 1));
        candidates
            .into_iter()
            .find(|c| self.uptimal_game(c) == Some(g))
    }

    /// The game an expansion denotes, `None` if a coefficient is too large to build.
    pub fn uptimal_game(&mut self, u: &Uptimal) -> Option<GameId> {
        let first = u.coefficients.first().copied().unwrap_or(0);
        let mut g = self.nus(Nus {
            number: u.number.clone(),
            up: first,
            nim: u.nim,
        });
        for (i, &a) in u.coefficients.iter().enumerate().skip(1) {
            if a.unsigned_abs() > MAX_UPTIMAL_BIRTHDAY {
                return None;
            }
            let mut p = up_nth(self, i as u64 + 1);
            if a < 0 {
                p = self.neg(p);
            }
            for _ in 0..a.unsigned_abs() {
                g = self.add(g, p);
            }
        }
        Some(g)
    }
}
