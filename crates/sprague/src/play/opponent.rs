//! How the computer plays: the opponents and the exact probability of a skilled one.

use num_integer::Integer;
use sprague_core::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// A probability `num/den` kept exactly (0 ≤ num ≤ den, den > 0, in lowest terms), read
/// from a decimal (`0.75`) or a fraction (`3/4`); no floating point is involved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probability {
    num: u64,
    den: u64,
}

impl Probability {
    /// Certainty.
    pub const ONE: Probability = Probability { num: 1, den: 1 };

    /// `num/den`, reduced; an error unless 0 ≤ num ≤ den and den > 0.
    pub fn new(num: u64, den: u64) -> Result<Probability> {
        if den == 0 || num > den {
            return Err(Error::parse(format!(
                "`{num}/{den}` is not a probability: it must lie between 0 and 1"
            )));
        }
        let g = num.gcd(&den);
        Ok(Probability {
            num: num / g,
            den: den / g,
        })
    }

    /// The numerator, in lowest terms.
    pub fn numerator(&self) -> u64 {
        self.num
    }

    /// The denominator, in lowest terms.
    pub fn denominator(&self) -> u64 {
        self.den
    }

    /// Draws an event of this probability.
    pub fn draw(&self, rng: &mut crate::rng::SplitMix64) -> bool {
        rng.below(self.den) < self.num
    }
}

impl FromStr for Probability {
    type Err = Error;

    /// Reads `3/4`, `0.75`, `.5`, `1` or `0` (at most 18 decimals).
    fn from_str(text: &str) -> Result<Probability> {
        let t = text.trim();
        let bad = || {
            Error::parse(format!(
                "`{text}` is not a probability: write a decimal between 0 and 1 (e.g. `0.75`, \
                 at most 18 decimals) or a fraction (e.g. `3/4`)"
            ))
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if let Some((n, d)) = t.split_once('/') {
            if !digits(n) || !digits(d) {
                return Err(bad());
            }
            let n: u64 = n.parse().map_err(|_| bad())?;
            let d: u64 = d.parse().map_err(|_| bad())?;
            return Probability::new(n, d);
        }
        let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
        if (whole.is_empty() && frac.is_empty())
            || !(whole.is_empty() || digits(whole))
            || !(frac.is_empty() || digits(frac))
            || (t.contains('.') && frac.is_empty())
            || frac.len() > 18
            || whole.len() > 19
        {
            return Err(bad());
        }
        let den = 10u64.pow(frac.len() as u32);
        let whole: u64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| bad())?
        };
        let frac: u64 = if frac.is_empty() {
            0
        } else {
            frac.parse().map_err(|_| bad())?
        };
        let num = whole
            .checked_mul(den)
            .and_then(|w| w.checked_add(frac))
            .ok_or_else(bad)?;
        Probability::new(num, den).map_err(|_| bad())
    }
}

impl fmt::Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// How the computer chooses its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// The best move: a winning one if there is one (the fastest win), else a drawing one,
    /// else the slowest loss, by the length of the game against a perfect opponent (see
    /// the play module's `longest`: exact where the game is small, a rule that keeps the
    /// game long beyond).
    Perfect,
    /// With probability p the perfect move, otherwise a legal move chosen at random.
    Skill(Probability),
    /// A legal move chosen at random, every one equally likely.
    Random,
    /// The perfect move of misère play, whatever the game's convention: the classic mistake
    /// of a player who plays the wrong game.
    MisereMinded,
}

impl FromStr for Opponent {
    type Err = Error;

    /// Reads `perfect`, `random`, `misere-minded` (or `misère-minded`) or `skill:P`.
    fn from_str(text: &str) -> Result<Opponent> {
        let t = text.trim();
        match t {
            "perfect" => Ok(Opponent::Perfect),
            "random" => Ok(Opponent::Random),
            "misere-minded" | "misère-minded" => Ok(Opponent::MisereMinded),
            _ => match t.strip_prefix("skill:") {
                Some(p) => Ok(Opponent::Skill(p.parse()?)),
                None => Err(Error::parse(format!(
                    "unknown opponent `{text}`: choose perfect, random, misere-minded or \
                     skill:P (P a probability such as 0.75 or 3/4)"
                ))),
            },
        }
    }
}

impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opponent::Perfect => f.write_str("perfect"),
            Opponent::Random => f.write_str("random"),
            Opponent::MisereMinded => f.write_str("misere-minded"),
            Opponent::Skill(p) => write!(f, "skill:{p}"),
        }
    }
}

impl serde::Serialize for Opponent {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_read_exactly() {
        let p = |t: &str| t.parse::<Probability>().map(|p| p.to_string());
        assert_eq!(p("0.75").unwrap(), "3/4");
        assert_eq!(p("3/4").unwrap(), "3/4");
        assert_eq!(p("6/8").unwrap(), "3/4");
        assert_eq!(p(".5").unwrap(), "1/2");
        assert_eq!(p("1").unwrap(), "1");
        assert_eq!(p("1.000").unwrap(), "1");
        assert_eq!(p("0").unwrap(), "0");
        assert_eq!(
            p("0.333333333333333333").unwrap(),
            "333333333333333333/1000000000000000000"
        );
        for bad in [
            "",
            ".",
            "1.5",
            "5/4",
            "1/0",
            "-0.5",
            "0.5.5",
            "1e-3",
            "0.",
            "a/b",
            "0.1234567890123456789",
            "99999999999999999999999",
        ] {
            assert!(p(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn opponents_read_and_write_back() {
        for t in ["perfect", "random", "misere-minded", "skill:3/4", "skill:1"] {
            assert_eq!(t.parse::<Opponent>().unwrap().to_string(), t);
        }
        assert_eq!(
            "skill:0.25".parse::<Opponent>().unwrap(),
            Opponent::Skill(Probability::new(1, 4).unwrap())
        );
        let e = "clever".parse::<Opponent>().unwrap_err().to_string();
        assert!(e.contains("unknown opponent `clever`"), "{e}");
        assert!("skill:2".parse::<Opponent>().is_err());
    }

    #[test]
    fn a_probability_draws_as_often_as_it_says() {
        let mut rng = crate::rng::SplitMix64::new(1);
        let p = Probability::new(1, 4).unwrap();
        let hits = (0..4000).filter(|_| p.draw(&mut rng)).count();
        assert!((800..1200).contains(&hits), "{hits}");
        assert!((0..100).all(|_| Probability::ONE.draw(&mut rng)));
        let zero = Probability::new(0, 1).unwrap();
        assert!((0..100).all(|_| !zero.draw(&mut rng)));
    }
}
