//! The values of a rules script's tuples of numbers (pairs `[a, b]`, triples `[a, b, c]`,
//! …) with every number in `from..=upto`, for `sprague table`: computed layer by layer,
//! a layer being the tuples of one sum, and on every thread.
//!
//! In most games of several piles a move lowers the sum (take from one pile, or from one
//! and add less to another), so the options of a layer's tuples lie in the layers before
//! it: their values are known when a tuple is expanded, and a script's engine answers
//! them by value. Any other game is still searched right, only with more of its options
//! handed over whole.
//!
//! On several threads each thread has its own copy of the script and its own
//! [`Evaluator`]; the tuples of each layer are split between them in runs, in order, and
//! after each layer every evaluator learns the components the others computed (the
//! tuples, and what was searched to find them). Where moves lower the sum each tuple is
//! computed once; elsewhere two threads may search the same position, with the same
//! result. The values are the same whatever the threads, and the evaluators count the
//! options they generate against one shared bound. A position limit is a work budget whose
//! stopping point must not depend on the threads (`sprague pattern` sets one), so a table
//! with one is computed on one thread.

use super::eval::{Evaluator, TableRun, BYTES_PER_POSITION};
use super::{ScriptPosition, ScriptProgram};
use crate::error::{Error, Result};
use crate::limits::Limits;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

/// Values computed before the end or a stop: the stop (a timeout, Ctrl-C), if any.
pub struct Partial<T> {
    /// The values computed.
    pub values: T,
    /// Why the computation stopped early, `None` when it is complete.
    pub stopped: Option<Error>,
}

/// The fewest tuples of a table computed on several threads: below it, copying the script
/// for each thread costs more than it saves.
const PARALLEL_TUPLES: u64 = 576;

/// The most threads of a table of heaps that search ([`heaps_on_threads`]).
const MAX_HEAP_THREADS: usize = 4;

/// What one layer's run of tuples gave on one thread: the values in order, and the error
/// that stopped the run, if any.
type Run = (Vec<u64>, Option<Error>);

/// Whether `e` is a stop (a timeout, Ctrl-C) rather than a failure.
pub(super) fn is_stop(e: &Error) -> bool {
    matches!(e, Error::Timeout { .. } | Error::Interrupted { .. })
}

/// The position `[t0, t1, …]` of the script.
pub(super) fn tuple(t: &[u64]) -> ScriptPosition {
    ScriptPosition::List(t.iter().map(|&x| ScriptPosition::Int(x as i64)).collect())
}

/// Tells every evaluator the components the others computed since the last call, so that
/// none searches them again.
fn share_found(evals: &mut [Evaluator<'_>]) -> Result<()> {
    let news: Vec<_> = evals.iter_mut().map(Evaluator::take_found).collect();
    for (i, news) in news.iter().enumerate() {
        for (j, eval) in evals.iter_mut().enumerate() {
            if j != i {
                for (p, v) in news {
                    eval.learn(p, *v)?;
                }
            }
        }
    }
    Ok(())
}

/// The tuples of `k` numbers in `from..=upto` whose sum is `d`, in lexicographic order,
/// written one after the other into `out` (cleared first).
fn layer(k: usize, from: u64, upto: u64, d: u64, out: &mut Vec<u64>) {
    out.clear();
    // The least and the most the number at `i` may be when the numbers from `i` on sum
    // to `rest` (the others then each between `from` and `upto`).
    let others = |i: usize| (k - 1 - i) as u64;
    let lowest = |i: usize, rest: u64| rest.saturating_sub(upto * others(i)).max(from);
    let highest = |i: usize, rest: u64| rest.saturating_sub(from * others(i)).min(upto);
    if d < from * k as u64 || d > upto * k as u64 {
        return;
    }
    let mut t = vec![0u64; k];
    let mut rest = vec![0u64; k + 1];
    rest[0] = d;
    let fill = |t: &mut [u64], rest: &mut [u64], start: usize| {
        for j in start..k {
            t[j] = lowest(j, rest[j]);
            rest[j + 1] = rest[j] - t[j];
        }
    };
    fill(&mut t, &mut rest, 0);
    loop {
        out.extend_from_slice(&t);
        // The last number is fixed by the others: advance the rightmost other that can.
        let mut j = k - 1;
        loop {
            if j == 0 {
                return;
            }
            j -= 1;
            if t[j] < highest(j, rest[j]) {
                break;
            }
        }
        t[j] += 1;
        rest[j + 1] = rest[j] - t[j];
        fill(&mut t, &mut rest, j + 1);
    }
}

/// The values of every tuple of `k` numbers in `from..=upto`, in lexicographic order
/// (`None` for those not computed when a timeout or Ctrl-C stopped the computation).
/// `shared_pairs`, for pairs only: the side of the square of pairs whose values the
/// script's engine keeps ([`Evaluator::share_pairs`]).
pub(super) fn tuple_values(
    program: &ScriptProgram,
    k: usize,
    from: u64,
    upto: u64,
    shared_pairs: Option<u64>,
    limits: Limits,
) -> Result<Partial<Vec<Option<u64>>>> {
    if from > upto {
        return Ok(Partial {
            values: Vec::new(),
            stopped: None,
        });
    }
    let side = upto - from + 1;
    // The caller checked that the table fits (at most `MAX_UPTO` tuples).
    let count = side.saturating_pow(k as u32);
    // Each thread's evaluator ends up holding every tuple: no more threads than the
    // memory of a default search holds copies of the table.
    let copies_held = Limits::DEFAULT_MAX_BYTES / count.saturating_mul(BYTES_PER_POSITION).max(1);
    let threads = rayon::current_num_threads().min(copies_held as usize);
    let threads = if threads > 1 && count >= PARALLEL_TUPLES && limits.max_positions.is_none() {
        threads
    } else {
        1
    };
    let copies = (1..threads)
        .map(|_| program.fork())
        .collect::<Result<Vec<_>>>()?;
    let work = Arc::new(AtomicU64::new(0));
    let mut evals: Vec<Evaluator> = std::iter::once(program)
        .chain(copies.iter())
        .map(|p| {
            let mut e = Evaluator::new(p, 0, limits.clone());
            if let Some(s) = shared_pairs {
                e.share_pairs(s as usize);
            }
            if threads > 1 {
                e.share_work(work.clone());
            }
            e
        })
        .collect();
    let mut values: Vec<Option<u64>> = vec![None; count as usize];
    let index = |t: &[u64]| t.iter().fold(0, |i, &x| i * side + (x - from)) as usize;
    let mut cells = Vec::new();
    let mut stopped = None;
    // Tuples of the layers before this one.
    let mut done = 0u64;
    for d in k as u64 * from..=k as u64 * upto {
        layer(k, from, upto, d, &mut cells);
        let tuples = (cells.len() / k) as u64;
        let run = tuples.div_ceil(threads as u64) as usize;
        let work_on = |i: usize, eval: &mut Evaluator| -> Run {
            let mut found = Vec::new();
            if shared_pairs.is_some() && k == 2 {
                // The pairs of a layer are [a, d − a] with `a` rising: one run.
                let count = run.min((tuples as usize).saturating_sub(i * run));
                if count == 0 {
                    return (found, None);
                }
                let r = TableRun {
                    first: cells[2 * i * run],
                    count,
                    pair_sum: Some(d),
                };
                let e = eval
                    .run_values(r, done + (i * run) as u64, &mut found)
                    .err();
                return (found, e);
            }
            let mine = cells.chunks(k).skip(i * run).take(run);
            for (n, t) in mine.enumerate() {
                let v = limits
                    .check_every(done + (i * run + n) as u64, "positions")
                    .and_then(|()| eval.value(&tuple(t)));
                match v {
                    Ok(v) => found.push(v),
                    Err(e) => return (found, Some(e)),
                }
            }
            (found, None)
        };
        let runs: Vec<Run> = if threads == 1 {
            vec![work_on(0, &mut evals[0])]
        } else {
            use rayon::prelude::*;
            evals
                .par_iter_mut()
                .enumerate()
                .map(|(i, eval)| work_on(i, eval))
                .collect()
        };
        if threads > 1 {
            share_found(&mut evals)?;
            // What the script's engines worked out themselves is not among what the
            // evaluators found: each learns the others' values of the layer.
            for (i, (found, _)) in runs.iter().enumerate() {
                let theirs = cells.chunks(k).skip(i * run).zip(found);
                for (t, &v) in theirs {
                    let (p, v) = (tuple(t), v as u32);
                    for (j, eval) in evals.iter_mut().enumerate() {
                        if j != i {
                            eval.learn(&p, v)?;
                        }
                    }
                }
            }
        }
        for (i, (found, error)) in runs.into_iter().enumerate() {
            for (t, v) in cells.chunks(k).skip(i * run).zip(found) {
                values[index(t)] = Some(v);
            }
            match error {
                // The first run's error is that of the first tuple in order to fail, as
                // on one thread.
                Some(e) if is_stop(&e) => {
                    stopped.get_or_insert(e);
                }
                Some(e) if stopped.is_none() => return Err(e),
                _ => {}
            }
        }
        if stopped.is_some() {
            break;
        }
        done += tuples;
    }
    Ok(Partial { values, stopped })
}

/// The rest of a table of heaps, `start..=upto`, on `threads` threads, after `first` (the
/// evaluator that computed `values`, the heaps below `start`): for games whose heaps need
/// searches of positions other than heaps (a pile with the amounts taken from it), where
/// the searches of two heaps share little. Each thread has its own copy of the script and
/// evaluator, first taught every component `first` knows; the threads take consecutive
/// heaps, and after each round every evaluator learns what the others computed. Every
/// evaluator holds every component, so at most [`MAX_HEAP_THREADS`] threads are used.
pub(super) fn heaps_on_threads(
    program: &ScriptProgram,
    mut first: Evaluator<'_>,
    mut values: Vec<u64>,
    start: u64,
    upto: u64,
    limits: Limits,
    threads: usize,
) -> Result<Partial<Vec<u64>>> {
    use rayon::prelude::*;
    // Each evaluator holds every component found, whose number is not known beforehand:
    // a few copies, not one per core.
    let threads = threads.min(MAX_HEAP_THREADS);
    let copies = (1..threads)
        .map(|_| program.fork())
        .collect::<Result<Vec<_>>>()?;
    let work = Arc::new(AtomicU64::new(0));
    first.share_work(work.clone());
    let known = first.stored();
    let mut evals = vec![first];
    for copy in &copies {
        let mut e = Evaluator::new(copy, upto as usize + 1, limits.clone());
        e.share_work(work.clone());
        for (p, v) in &known {
            e.learn(p, *v)?;
        }
        evals.push(e);
    }
    drop(known);
    let mut n = start;
    while n <= upto {
        if let Err(e) = limits.check(n, "heaps") {
            return Ok(Partial {
                values,
                stopped: Some(e),
            });
        }
        let round = (upto - n + 1).min(threads as u64) as usize;
        let found: Vec<Result<u64>> = evals[..round]
            .par_iter_mut()
            .enumerate()
            .map(|(i, eval)| eval.value(&ScriptPosition::Int((n + i as u64) as i64)))
            .collect();
        share_found(&mut evals)?;
        // In order: the first heap to fail says why, as on one thread.
        for v in found {
            match v {
                Ok(v) => values.push(v),
                Err(e) if is_stop(&e) => {
                    return Ok(Partial {
                        values,
                        stopped: Some(e),
                    })
                }
                Err(e) => return Err(e),
            }
        }
        n += round as u64;
    }
    Ok(Partial {
        values,
        stopped: None,
    })
}

#[cfg(test)]
mod tests {
    use super::layer;

    #[test]
    fn layers_hold_every_tuple_once_in_order() {
        for (k, from, upto) in [(2, 0, 5), (3, 0, 4), (3, 2, 5), (4, 1, 3)] {
            let mut all = Vec::new();
            let mut cells = Vec::new();
            for d in k as u64 * from..=k as u64 * upto {
                layer(k, from, upto, d, &mut cells);
                let tuples: Vec<Vec<u64>> = cells.chunks(k).map(<[u64]>::to_vec).collect();
                assert!(tuples.windows(2).all(|w| w[0] < w[1]), "{k} {d}");
                assert!(tuples.iter().all(|t| t.iter().sum::<u64>() == d));
                all.extend(tuples);
            }
            all.sort();
            let side = upto - from + 1;
            assert_eq!(all.len() as u64, side.pow(k as u32), "{k} {from} {upto}");
            all.dedup();
            assert_eq!(all.len() as u64, side.pow(k as u32));
            assert!(all.iter().flatten().all(|&x| (from..=upto).contains(&x)));
        }
    }
}
