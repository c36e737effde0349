//! A rules script as a heap game of the misère-quotient engine
//! (`sprague_core::quotient`, docs/theory.md#misere-quotients): heap `n` is the integer
//! position `n`, and each of its options must be a heap (an integer) or a sum of heaps (a
//! position that the script's `fn components` splits into integers).
//!
//! A script makes no promise about heaps it was never asked about, so its quotients stay
//! *bounded*: they decide the sums of the heaps computed, and no period is claimed.
//!
//! The engine's [`HeapGame::options`] cannot fail, so the first failure of the script (an
//! error, or an option that is not a sum of smaller heaps) is kept, and the heap is given an
//! option that the engine refuses at once (the heap itself); [`ScriptHeapGame::finish`]
//! then returns the script's failure instead of the engine's error.

use super::game::ScriptGame;
use super::{ScriptPosition, ScriptRules};
use crate::error::{Error, Result};
use sprague_core::quotient::{HeapGame, HeapOptions};
use std::sync::Mutex;

/// A rules script as the quotient engine sees it (one per computation: it keeps the first
/// failure).
pub struct ScriptHeapGame {
    rules: ScriptRules,
    failure: Mutex<Option<Error>>,
}

impl ScriptHeapGame {
    /// The heap game of a compiled script.
    pub fn new(game: &ScriptGame) -> ScriptHeapGame {
        ScriptHeapGame {
            rules: game.rules(),
            failure: Mutex::new(None),
        }
    }

    /// The spec of the script (`rules:FILE`).
    pub fn spec(&self) -> &str {
        self.rules.program().spec()
    }

    /// The result of a computation over this game, or the script's first failure during
    /// it, which takes precedence (the engine stopped because of it).
    pub fn finish<T>(&self, result: Result<T>) -> Result<T> {
        let failure = self
            .failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        match failure {
            Some(e) => Err(e),
            None => result,
        }
    }

    fn record(&self, e: Error) {
        let mut f = self.failure.lock().unwrap_or_else(|e| e.into_inner());
        if f.is_none() {
            *f = Some(e);
        }
    }

    /// The heaps of one option of heap `n`: an integer, or the integers its components are.
    fn heaps_of(&self, n: u64, option: &ScriptPosition, out: &mut Vec<u64>) -> Result<()> {
        let heap = |p: &ScriptPosition| -> Result<u64> {
            match p {
                ScriptPosition::Int(m) if *m >= 0 && (*m as u64) < n => Ok(*m as u64),
                _ => Err(self.not_a_heap(n, option)),
            }
        };
        out.clear();
        if let ScriptPosition::Int(_) = option {
            out.push(heap(option)?);
            return Ok(());
        }
        match self.rules.try_components(option)? {
            Some(parts) => {
                for p in parts.iter() {
                    out.push(heap(p)?);
                }
                Ok(())
            }
            None => Err(self.not_a_heap(n, option)),
        }
    }

    fn not_a_heap(&self, n: u64, option: &ScriptPosition) -> Error {
        Error::unsupported(format!(
            "{}: the option {option} of heap {n} is not a sum of smaller heaps; a misère quotient needs a one-heap game whose options are integers below the heap, or positions that `fn components` splits into such integers",
            self.spec()
        ))
    }

    fn try_options(&self, n: u64, out: &mut HeapOptions) -> Result<()> {
        let pos = i64::try_from(n)
            .map(ScriptPosition::Int)
            .map_err(|_| Error::unsupported(format!("heap {n} is beyond a script's integers")))?;
        let list = self.rules.try_options(&pos)?;
        let mut heaps = Vec::new();
        for o in list.iter() {
            self.heaps_of(n, o, &mut heaps)?;
            out.push(&heaps);
        }
        Ok(())
    }
}

impl HeapGame for ScriptHeapGame {
    fn options(&self, n: u64, out: &mut HeapOptions) {
        let failed = self
            .failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some();
        if failed {
            out.push(&[n]);
            return;
        }
        if let Err(e) = self.try_options(n, out) {
            self.record(e);
            // An option as large as the heap: the engine stops at once.
            out.clear();
            out.push(&[n]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::quotient::OctalHeapGame;
    use crate::octal::rules::TakeAndBreak;
    use sprague_core::limits::Limits;
    use sprague_core::quotient::{QuotientConfig, QuotientSolver};

    const KAYLES: &str = r#"
fn options(n) {
    let out = [];
    for take in [1, 2] {
        if take <= n {
            let rest = n - take;
            for left in 0..=rest / 2 {
                if left == 0 { out.push(rest); } else { out.push([left, rest - left]); }
            }
        }
    }
    out
}
fn components(p) { if type_of(p) == "array" { p } else { () } }
"#;

    fn game(text: &str) -> ScriptGame {
        ScriptGame::compile("rules:test.rhai", text).unwrap()
    }

    /// Kayles as a script has the bounded quotient of the catalogue's Kayles, and no period.
    #[test]
    fn a_script_has_the_bounded_quotient_of_its_game() {
        let g = game(KAYLES);
        let h = ScriptHeapGame::new(&g);
        let mut s = QuotientSolver::new(&h, QuotientConfig::default()).unwrap();
        let r = s.run(40, &Limits::default());
        h.finish(r).unwrap();
        let q = s.quotient();
        let k = OctalHeapGame::new(TakeAndBreak::parse("0.77", false).unwrap()).unwrap();
        let mut t = QuotientSolver::new(k, QuotientConfig::default()).unwrap();
        t.run(40, &Limits::default()).unwrap();
        let want = t.quotient();
        assert_eq!(q.bound(), 40);
        assert!(q.period().is_none());
        assert_eq!((q.order(), q.p_portion()), (want.order(), want.p_portion()));
        assert_eq!(q.phi_table(), want.phi_table());
    }

    /// A script error, or an option that is no sum of smaller heaps, is the error returned.
    #[test]
    fn script_failures_are_reported_not_the_engines() {
        for (text, says) in [
            (
                "fn options(n) { if n == 5 { throw \"boom\"; } if n > 0 { [n - 1] } else { [] } }",
                "boom",
            ),
            ("fn options(n) { [n] }", "not a sum of smaller heaps"),
            (
                "fn options(n) { if n > 0 { [\"x\"] } else { [] } }",
                "not a sum of smaller heaps",
            ),
            (
                "fn options(n) { if n > 1 { [[1, n - 2]] } else { [] } }",
                "not a sum of smaller heaps",
            ),
        ] {
            let g = game(text);
            let h = ScriptHeapGame::new(&g);
            let mut s = QuotientSolver::new(&h, QuotientConfig::default()).unwrap();
            let r = s.run(10, &Limits::default());
            let e = h.finish(r).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}
