//! Patterns of one-heap values `g(0..=N)`: periodic from some point, arithmetic-periodic
//! (`g(n + p) = g(n) + s`), special forms of those (`n`, `n mod k`, `⌊n/k⌋`), or, when the
//! values have none, the outcomes (which heaps are P-positions) periodic.
//!
//! A fit must be seen at least [`MIN_REPEATS`] times after its preperiod, and over at
//! least the last quarter of the values, so that a long period, or a preperiod that ends
//! near the last value, is not read into too few values; of the fits, the least period
//! wins, then its least preperiod.

use super::code::{add, div, if_, int, mul, rem, sub, table, var, Body, Cond, Expr, Function, Var};

/// How many whole periods a fit must show after its preperiod.
pub const MIN_REPEATS: usize = 3;

/// Values periodic from `pre.len()` with period `cycle.len()`, each period `saltus` more
/// than the one before: `g(n) = pre[n]` for `n < P`, and
/// `g(n) = cycle[(n − P) mod p] + saltus·⌊(n − P)/p⌋` from `P` on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Periodic {
    /// The values before the period starts.
    pub pre: Vec<u64>,
    /// One period of values.
    pub cycle: Vec<u64>,
    /// What a period adds (0: plainly periodic).
    pub saltus: u64,
}

/// The least preperiod from which `g(n + p) = g(n) + s` holds up to the end of `g`.
fn least_pre(g: &[u64], p: usize, s: u64) -> usize {
    let mut n = g.len() - p;
    while n > 0 && g[n - 1 + p] == g[n - 1].wrapping_add(s) && g[n - 1 + p] >= g[n - 1] {
        n -= 1;
    }
    n
}

/// The periodic (`arithmetic == false`) or arithmetic-periodic (saltus > 0) fit of `g`
/// with the least period that repeats [`MIN_REPEATS`] times (over at least the last
/// quarter of the values), and its least preperiod.
pub fn find(g: &[u64], arithmetic: bool) -> Option<Periodic> {
    let len = g.len();
    for p in 1..=len / MIN_REPEATS {
        let last = len - 1;
        let s = if arithmetic {
            match g[last].checked_sub(g[last - p]) {
                Some(s) if s > 0 => s,
                _ => continue,
            }
        } else {
            0
        };
        let pre = least_pre(g, p, s);
        if len - pre >= (MIN_REPEATS * p).max(len / 4) {
            return Some(Periodic::from_values(g, pre, p, s));
        }
    }
    None
}

impl Periodic {
    /// The fit with these parameters, read from the values.
    pub fn from_values(g: &[u64], pre: usize, p: usize, saltus: u64) -> Periodic {
        Periodic {
            pre: g[..pre].to_vec(),
            cycle: g[pre..pre + p].to_vec(),
            saltus,
        }
    }

    /// The preperiod.
    pub fn preperiod(&self) -> usize {
        self.pre.len()
    }

    /// The period.
    pub fn period(&self) -> usize {
        self.cycle.len()
    }

    /// The formula, for people.
    pub fn formula(&self, what: &str) -> String {
        let (big_p, p, s) = (self.preperiod(), self.period(), self.saltus);
        let c0 = self.cycle[0];
        let constant = self.cycle.iter().all(|&c| c == c0);
        let identity = self.cycle.iter().enumerate().all(|(i, &c)| c == i as u64);
        if big_p == 0 {
            if s == 0 && identity {
                return format!("{what}(n) = n mod {p}");
            }
            if s == 0 && constant {
                return format!("{what}(n) = {c0}");
            }
            if s > 0 && constant {
                let scaled = if s == 1 {
                    String::new()
                } else {
                    format!("{s}·")
                };
                let floor = if p == 1 {
                    "n".to_string()
                } else {
                    format!("⌊n/{p}⌋")
                };
                let plus = if c0 == 0 {
                    String::new()
                } else {
                    format!(" + {c0}")
                };
                return format!("{what}(n) = {scaled}{floor}{plus}");
            }
            if s > 0 && identity && s == p as u64 {
                return format!("{what}(n) = n");
            }
        }
        let (index, quotient, from) = if big_p == 0 {
            (format!("n mod {p}"), format!("⌊n/{p}⌋"), String::new())
        } else {
            (
                format!("(n − {big_p}) mod {p}"),
                format!("⌊(n − {big_p})/{p}⌋"),
                format!(" for n ≥ {big_p}"),
            )
        };
        let mut text = format!(
            "{what}(n) = C[{index}]{}{from}, C = {}",
            if s > 0 {
                format!(" + {s}·{quotient}")
            } else {
                String::new()
            },
            list(&self.cycle)
        );
        if big_p > 0 {
            text.push_str(&format!(
                "; {what}(n) = A[n] for n < {big_p}, A = {}",
                list(&self.pre)
            ));
        }
        text
    }

    /// The value at `n` as an expression of `n` (tables `T0` = the cycle, `T1` = the
    /// values before the period).
    pub fn function(&self, name: &'static str) -> Function {
        let (big_p, p, s) = (
            self.preperiod() as i64,
            self.period() as i64,
            self.saltus as i64,
        );
        let n = || var(Var::N);
        let c0 = self.cycle[0] as i64;
        let constant = self.cycle.iter().all(|&c| c as i64 == c0);
        let identity = self.cycle.iter().enumerate().all(|(i, &c)| c == i as u64);
        let simple = |body: Expr| Function {
            name,
            params: vec![Var::N],
            tables: vec![],
            body: Body::Int(body),
        };
        if big_p == 0 {
            if s == 0 && identity {
                return simple(rem(n(), int(p)));
            }
            if s == 0 && constant {
                return simple(int(c0));
            }
            if s > 0 && constant {
                let q = if p == 1 { n() } else { div(n(), int(p)) };
                let scaled = if s == 1 { q } else { mul(int(s), q) };
                return simple(if c0 == 0 {
                    scaled
                } else {
                    add(scaled, int(c0))
                });
            }
            if s > 0 && identity && s == p {
                return simple(n());
            }
        }
        let m = || {
            if big_p == 0 {
                n()
            } else {
                sub(n(), int(big_p))
            }
        };
        let mut core = table(0, rem(m(), int(p)));
        if s > 0 {
            core = add(core, mul(int(s), div(m(), int(p))));
        }
        let mut tables = vec![self.cycle.iter().map(|&v| v as i64).collect::<Vec<_>>()];
        let body = if big_p > 0 {
            tables.push(self.pre.iter().map(|&v| v as i64).collect());
            if_(Cond::Lt(n(), int(big_p)), table(1, n()), core)
        } else {
            core
        };
        Function {
            name,
            params: vec![Var::N],
            tables,
            body: Body::Int(body),
        }
    }

    /// The heaps that are P-positions (value 0), as residues: for a periodic pattern of
    /// outcomes.
    pub fn outcome_formula(&self) -> String {
        let p = self.period();
        let big_p = self.preperiod();
        let zeros: Vec<String> = (0..p)
            .filter(|&i| self.cycle[i] == 0)
            .map(|i| ((big_p + i) % p).to_string())
            .collect();
        let early: Vec<String> = (0..big_p)
            .filter(|&i| self.pre[i] == 0)
            .map(|i| i.to_string())
            .collect();
        let mut text = if zeros.is_empty() {
            format!("no heap n ≥ {big_p} is a P-position")
        } else {
            format!(
                "n ≥ {big_p} is a P-position iff n mod {p} ∈ {{{}}}",
                sorted(zeros).join(", ")
            )
        };
        if big_p > 0 {
            text.push_str(&format!(
                "; below {big_p} the P-positions are {{{}}}",
                early.join(", ")
            ));
        }
        text
    }

    /// Whether the first player wins heap `n`, as code: the outcome pattern (the cycle and
    /// the values before it hold 1 for a first-player win, 0 for a P-position).
    pub fn outcome_function(&self) -> Function {
        let bits = Periodic {
            pre: self.pre.iter().map(|&v| u64::from(v != 0)).collect(),
            cycle: self.cycle.iter().map(|&v| u64::from(v != 0)).collect(),
            saltus: 0,
        };
        let f = bits.function("first_player_wins");
        let Body::Int(e) = f.body else {
            unreachable!("a periodic pattern is a number")
        };
        Function {
            body: Body::Bool(Cond::Eq(e, int(1))),
            ..f
        }
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort_by_key(|s| s.parse::<u64>().unwrap_or(0));
    v
}

/// A list for people, cut after 60 values (the code holds them all).
fn list(values: &[u64]) -> String {
    let shown: Vec<String> = values.iter().take(60).map(u64::to_string).collect();
    let more = if values.len() > 60 {
        format!(" … ({} values)", values.len())
    } else {
        String::new()
    };
    format!("[{}{more}]", shown.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::code::Answer;

    fn check(f: &Function, g: &[u64]) {
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(
                f.eval(&[n as i64]).unwrap(),
                Answer::Int(v as i64),
                "n = {n}"
            );
        }
    }

    #[test]
    fn periodic_values_and_their_forms() {
        let g: Vec<u64> = (0..50).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
        let p = find(&g, false).unwrap();
        assert_eq!((p.preperiod(), p.period(), p.saltus), (0, 7, 0));
        check(&p.function("grundy"), &g);
        let g: Vec<u64> = (0..40).map(|n| n % 4).collect();
        let p = find(&g, false).unwrap();
        assert_eq!(p.formula("g"), "g(n) = n mod 4");
        check(&p.function("grundy"), &g);
    }

    #[test]
    fn a_preperiod_is_found() {
        let mut g: Vec<u64> = vec![5, 5, 9];
        g.extend((0..60).map(|n| [1, 2, 0][n % 3]));
        let p = find(&g, false).unwrap();
        assert_eq!((p.preperiod(), p.period()), (3, 3));
        check(&p.function("grundy"), &g);
        assert!(p.formula("g").contains("A = [5 5 9]"), "{}", p.formula("g"));
    }

    #[test]
    fn arithmetic_periodic_values() {
        let g: Vec<u64> = (0..60).collect();
        assert!(find(&g, false).is_none());
        let p = find(&g, true).unwrap();
        assert_eq!(p.formula("g"), "g(n) = n");
        check(&p.function("grundy"), &g);
        let g: Vec<u64> = (0..60).map(|n| n / 2).collect();
        let p = find(&g, true).unwrap();
        assert_eq!(p.formula("g"), "g(n) = ⌊n/2⌋");
        check(&p.function("grundy"), &g);
        // Lasker's Nim: 4k+1, 4k+2, 4k+4, 4k+3 (and 0 at 0).
        let g: Vec<u64> = (0..80u64)
            .map(|n| match n % 4 {
                0 if n == 0 => 0,
                0 => n - 1,
                3 => n + 1,
                _ => n,
            })
            .collect();
        let p = find(&g, true).unwrap();
        assert_eq!((p.period(), p.saltus), (4, 4));
        check(&p.function("grundy"), &g);
    }

    #[test]
    fn outcomes_as_residues() {
        let g: Vec<u64> = (0..30).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
        let p = find(&g, false).unwrap();
        assert_eq!(
            p.outcome_formula(),
            "n ≥ 0 is a P-position iff n mod 7 ∈ {0, 2}"
        );
        let f = p.outcome_function();
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(f.eval(&[n as i64]).unwrap(), Answer::Bool(v != 0));
        }
    }

    #[test]
    fn too_few_values_give_no_period() {
        let g = [0u64, 1, 2, 0, 3, 1, 4, 2];
        assert!(find(&g, false).is_none());
    }
}
