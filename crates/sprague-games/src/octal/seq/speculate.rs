//! Speculative parallel batches: each heap's value is guessed in turn, the scans that
//! check the guesses run in parallel beside the next batch's far marks and guesses, and
//! the values are committed in order up to the first wrong guess, so the sequence is
//! exactly the sequential one. Separate because it is the only multi-threaded path of the
//! sparse method, with its own thresholds.

use super::marks::mark_size;
use super::sparse::{least_unmarked_common, mark_rare_parts, rare_range, FarCandidate};
use super::strategy::{scan_chunked, Strategy};
use super::{Algorithm, Computation, Known, Stamp, Store};
use rayon::prelude::*;
use std::marker::PhantomData;

impl Computation {
    /// Whether heap `n` starts a speculative batch: the sparse method with the scan
    /// strategy, enough threads, and heaps large enough for the work to be worth it.
    pub(super) fn speculates(&self, n: usize) -> bool {
        self.method == Algorithm::Sparse
            && self.strategy == Strategy::Scan
            && self.speculation_pays()
            && n >= self.speculate_from
            && n < self.next_mask_check
    }

    /// Whether the heaps are costly enough to check, and the threads many enough, for
    /// speculative batches to pay. Then the scan strategy is kept without trials of the
    /// other: it runs on every core, the targeted search on one.
    pub(super) fn speculation_pays(&self) -> bool {
        self.strategy_trial.recent >= SPECULATION_STEPS
            && self.mask != 0
            && self.rules.tail & 4 == 0
            && self.counts.len() <= MAX_SPECULATION_VALUE
            && self.threads >= SPECULATION_THREADS
    }

    /// Marks for `len` heaps of a batch, sized for the values so far, and the stamp
    /// before the batch's (heap `i` of the batch marks with `base + 1 + i`).
    fn prepare_batch_marks(&mut self, len: usize) -> Stamp {
        let base = self.prepare_marks_for(self.counts.len() as u32, len);
        let size = self.mark.len();
        if self.batch_marks.len() < len || self.batch_marks[0].len() != size {
            self.batch_marks = vec![vec![0; size]; len];
        }
        if self.batch_far.len() < len {
            self.batch_far.resize_with(len, FarCandidate::default);
        }
        for f in &mut self.batch_far[..len] {
            f.targets.reserve(256);
        }
        base
    }

    /// Speculative batches one after the other while they apply, up to heap `limit`,
    /// pipelined: while the guesses of one batch are checked on every core, the next
    /// batch's far marks are made and its guesses made in turn from them, as if every
    /// guess being checked were right (the thread that guesses joins the checks when it is
    /// done). Committing a batch keeps its values up to the first wrong guess, whose check
    /// gives the right value; a wrong guess drops the next batch, which is then made again
    /// from the committed values. So the sequence is exactly the sequential one. Returns
    /// false when nothing was committed (the caller then computes the heap alone).
    pub(super) fn speculate_until<S: Store>(
        &mut self,
        g: &mut S,
        limit: usize,
        stop: bool,
    ) -> bool {
        let first = g.len();
        // Fixed while the batches run (the checks read them beside the guessing).
        let pair_js = self.pair_js.clone();
        let unequal = self.rules.unequal;
        let mut pending: Option<(Guessed, Option<FarReady>)> = None;
        loop {
            let n = g.len();
            let (batch, ready) = match pending.take() {
                Some(b) => b,
                None => {
                    if n >= limit || !self.speculates(n) || (stop && self.proven.is_some()) {
                        break;
                    }
                    let end = self.speculation_end(n, limit);
                    let base = self.prepare_batch_marks(end - n);
                    let (_, mut room) = GuessRoom::split(g, end - n);
                    self.mark_far(&room, end - n, base);
                    (self.guess_batch(&mut room, end, base, n), None)
                }
            };
            if batch.guesses.is_empty() {
                break;
            }
            let batches = Batches {
                limit,
                stop,
                pair_js: &pair_js,
                unequal,
            };
            self.check_and_commit(g, batch, ready, &batches, &mut pending);
        }
        g.len() > first
    }

    /// Checks the guesses of `batch` (pushed on `g` here) on every core and commits it up
    /// to its first wrong guess. Beside the checks, when nothing before them would change
    /// their marks, the next batch is guessed (left in `next`, from the far marks in
    /// `ready` when they were made beside the checks before) and the far marks of the
    /// batch after it are made (left in `next` too).
    ///
    /// The far marks of a batch read only values before the batch guessed beside them, so
    /// they run two batches ahead, on the threads the checks leave free, and the guessing,
    /// the one part done in turn, adds only the near marks: guessing a batch after making
    /// its far marks put both in the one thread's path, and on two threads the checks then
    /// waited for it.
    fn check_and_commit<S: Store>(
        &mut self,
        g: &mut S,
        batch: Guessed,
        ready: Option<FarReady>,
        run: &Batches<'_>,
        next: &mut Option<(Guessed, Option<FarReady>)>,
    ) {
        let start = g.len();
        let sets = self.value_sets;
        if batch.guesses.len() > SPECULATION_BATCH {
            self.stats.wide_batches += 1;
        }
        for &(v, _, _) in &batch.guesses {
            g.push(S::fit(v).expect("a guess fits its width"));
        }
        let end = g.len();
        let size = self.mark.len();
        let limit = run.limit;
        // The next batch is guessed beside the checks if nothing before it would change
        // the marks: a mask check, a wider array, the end, or stamps that would wrap.
        let next_end = self.speculation_end(end, limit);
        // Its far marks, when they were made beside the checks before, for these heaps
        // and arrays of this size.
        let ready = ready.filter(|r| {
            r.start == end && r.end == next_end && self.early.fits(next_end - end, size)
        });
        if ready.is_some() {
            self.stats.marked_early += 1;
            std::mem::swap(&mut self.early.marks, &mut self.batch_marks);
            std::mem::swap(&mut self.early.far, &mut self.batch_far);
        }
        debug_assert!(ready.is_none_or(|r| r.base == self.stamp));
        let ahead = (batch.complete
            && end < limit
            && end < self.next_mask_check
            && next_end - end <= self.batch_marks.len()
            && usize::from(self.stamp) + (next_end - end) < usize::from(Stamp::MAX))
        .then_some((next_end, self.stamp));
        // The far marks of the batch after the next, from the values up to `end`.
        let early = ahead.and_then(|(_, base)| {
            let after = self.speculation_end(next_end, limit);
            let early_base = base + (next_end - end) as Stamp;
            (next_end < limit
                && next_end < self.next_mask_check
                && usize::from(early_base) + (after - next_end) < usize::from(Stamp::MAX)
                && !(run.stop && self.proven.is_some()))
            .then_some(FarReady {
                start: next_end,
                end: after,
                base: early_base,
                known: end,
            })
        });
        let mut early_set = std::mem::take(&mut self.early);
        if let Some(e) = early {
            early_set.prepare(
                e.end - e.start,
                size,
                &self.rare,
                &self.rare_vals,
                self.mask,
            );
        }
        let mask = self.mask;
        let common_bits = self.common_bits();
        let (head, mut room) = GuessRoom::split(g, next_end.saturating_sub(end));
        let mut scratch = std::mem::take(&mut self.check_scratch);
        if scratch.first().is_some_and(|(want, _)| want.len() != size) {
            scratch.clear();
        }
        if scratch.len() < batch.guesses.len() {
            scratch.resize_with(batch.guesses.len(), || (vec![0; size], Vec::new()));
        }
        let (pair_js, unequal) = (run.pair_js, run.unequal);
        let (guessed, (checks, ())) = rayon::join(
            || {
                let (next_end, base) = ahead?;
                self.stamp = base + 1;
                let far_done = match ready {
                    Some(r) => r.known,
                    None => {
                        self.mark_far(&room, next_end - end, base);
                        end
                    }
                };
                Some(self.guess_batch(&mut room, next_end, base, far_done))
            },
            // The checks first, the far marks made ahead after them: the thread that takes
            // this side starts on the checks, whose longest scans end the batch, and the
            // far marks, even work, fill the threads as the checks run out (the other order
            // left those scans to the end: Officers to 10⁷ on two threads, 8.0 s against
            // 8.8 s, in turn, two each).
            || {
                rayon::join(
                    || check_guesses(head, &batch, pair_js, unequal, sets, &mut scratch),
                    || {
                        if let Some(e) = early {
                            early_set.mark(head, &e, pair_js, unequal, mask, common_bits);
                        }
                    },
                )
            },
        );
        self.early = early_set;
        self.check_scratch = scratch;
        self.spare_targets = batch.targets;
        // Commit in order, up to the first wrong guess.
        g.truncate(start);
        let mut all_right = true;
        for (i, (&(guess, from, to), &(wrong, steps))) in
            batch.guesses.iter().zip(&checks).enumerate()
        {
            let n = start + i;
            self.stats.scan_steps += steps as u64;
            let v = match wrong {
                None => {
                    if from < to {
                        self.choose_strategy(steps);
                    }
                    guess
                }
                Some(r) => {
                    self.stats.full_scans += 1;
                    self.last_wrong_guess = n;
                    r
                }
            };
            g.push(S::fit(v).expect("below a guess that fits"));
            self.stats.speculated += 1;
            self.record(n, v);
            self.watch(g.view());
            if wrong.is_some() || (run.stop && self.proven.is_some()) {
                all_right = false;
                break;
            }
        }
        // The next batch's guesses hold if every guess of this one did and speculation
        // goes on (the commits may have changed the strategy, proven a period, or needed
        // wider marks); so do the far marks of the batch after it, made from this batch's
        // guesses (their heaps and arrays are checked again when they are used).
        self.weigh_batches(g.len() - start, g.len());
        *next = guessed
            .filter(|_| {
                all_right
                    && g.len() == end
                    && self.speculates(end)
                    && !(run.stop && self.proven.is_some())
                    && mark_size(self.counts.len() as u32) <= size
            })
            .map(|gsd| (gsd, early));
        if next.is_some() {
            self.stats.guessed_ahead += 1;
        }
    }

    /// Counts a speculative batch that kept `kept` heaps (up to heap `n`), and every
    /// [`WEIGHED_BATCHES`] batches, when they kept fewer than half a base batch each on
    /// average, makes speculation wait: a wrong guess throws away the rest of its batch,
    /// the batch guessed ahead and the far marks made ahead, so where a guess fails every
    /// few heaps the batches redo most of their work, and the heaps cost more than in
    /// turn (0.04 to 1.5·10⁵, a wrong guess every six heaps: 12.3 s on two threads
    /// against 3.1 s on one; Officers below 21,000, one every thirteen). The wait doubles
    /// each time, up to [`MAX_SPECULATION_WAIT`] heaps, and starts again from
    /// [`FIRST_SPECULATION_WAIT`] once the batches keep enough.
    pub(super) fn weigh_batches(&mut self, kept: usize, n: usize) {
        if self.speculation_wait == 0 {
            return;
        }
        let (batches, heaps) = &mut self.speculation_record;
        *batches += 1;
        *heaps += kept;
        if *batches < WEIGHED_BATCHES {
            return;
        }
        let enough = *heaps >= *batches * SPECULATION_BATCH / 2;
        self.speculation_record = (0, 0);
        if enough {
            self.speculation_wait = FIRST_SPECULATION_WAIT;
        } else {
            self.speculate_from = n + self.speculation_wait;
            self.speculation_wait = (2 * self.speculation_wait).min(MAX_SPECULATION_WAIT);
        }
    }

    /// The far marks of the batch of `len` heaps after the values of `room` (stamps from
    /// `base + 1`), and what they settle of each heap's candidate, on every core.
    fn mark_far<S: Store>(&mut self, room: &GuessRoom<'_, S>, len: usize, base: Stamp) {
        let common_bits = self.common_bits();
        let far = FarMarks {
            rare: &self.rare,
            rare_vals: &self.rare_vals,
            pair_js: &self.pair_js,
            unequal: self.rules.unequal,
            mask: self.mask,
            common_bits,
        };
        far.mark(
            room.values(room.start),
            room.start,
            &mut self.batch_marks[..len],
            &mut self.batch_far[..len],
            base,
        );
    }

    /// Guesses heaps `room.start..end` in turn (far marks made from the values below
    /// `far_done`, stamps from `base + 1`), each written to `room`: the common candidate
    /// `c` of the sparse method, guessing that every target below it has a witness. A
    /// guess that does not fit the width or the marks ends the batch early.
    fn guess_batch<S: Store>(
        &mut self,
        room: &mut GuessRoom<'_, S>,
        end: usize,
        base: Stamp,
        far_done: usize,
    ) -> Guessed {
        let started = std::time::Instant::now();
        let start = room.start;
        let len = end - start;
        let size = self.mark.len();
        let mut guesses: Vec<(u32, usize, usize)> = Vec::with_capacity(len);
        let mut targets = std::mem::take(&mut self.spare_targets);
        targets.clear();
        let far_kept = self.far_targets_kept(start, far_done);
        for n in start..end {
            let i = n - start;
            std::mem::swap(&mut self.mark, &mut self.batch_marks[i]);
            self.stamp = base + 1 + i as Stamp;
            let far = std::mem::take(&mut self.batch_far[i]);
            let from = targets.len();
            let v = self.guess_candidate(room.values(n), n, far_done, &far, far_kept, &mut targets);
            self.batch_far[i] = far;
            std::mem::swap(&mut self.mark, &mut self.batch_marks[i]);
            let Some(x) = S::fit(v).filter(|_| 2 * (v as usize) < size) else {
                targets.truncate(from);
                break;
            };
            room.push(x);
            guesses.push((v, from, targets.len()));
        }
        self.stamp = base + len as Stamp;
        self.stats.guess_nanos += started.elapsed().as_nanos() as u64;
        Guessed {
            complete: guesses.len() == len,
            guesses,
            targets,
        }
    }

    /// Whether the marks a guess adds to a heap's far marks, the near splits (other part
    /// from `far_done` on) and the moves leaving one heap (from `start` less the longest
    /// removal on), mark no rare value, so that the heap's far targets all stay targets.
    /// So it is when no rare heap lies where they read: a rare part's value xor a common
    /// heap's is common, and the guesses are common candidates. Where the rare heaps end
    /// early (Officers' last is 20,627) the guessing then copies the far targets, where
    /// a filter read the marks at each (two marked in all in the first 2.1·10⁶ heaps
    /// guessed, counted, of 56 a heap; the filter took a third of the guessing's time).
    fn far_targets_kept(&self, start: usize, far_done: usize) -> bool {
        let longest = self.rules.digits.len().saturating_sub(1);
        let from = far_done.min(start.saturating_sub(longest));
        from > 0
            && self.rules.tail == 0
            && !self.triples
            && !self.rare_stale
            && self.rare.last().is_none_or(|&a| (a as usize) < from)
    }

    /// The end of a speculative batch from heap `n`: the next multiple of
    /// [`SPECULATION_BATCH`] (so the periodic chores of [`Computation::run`] keep their
    /// places), at most `target`, and not past the next mask check.
    fn speculation_end(&self, n: usize, target: usize) -> usize {
        let batch = self.speculation_batch(n);
        ((n / batch + 1) * batch)
            .min(target)
            .min(self.next_mask_check.max(n + 1))
    }

    /// The length of the speculative batches from heap `n`: [`SPECULATION_BATCH`], or, on
    /// many threads once the guesses have held for [`CALM_BATCHES`] wide batches,
    /// [`HEAPS_PER_THREAD`] a thread (a power of two, at most [`MAX_SPECULATION_BATCH`]).
    fn speculation_batch(&self, n: usize) -> usize {
        let wide = (self.threads * HEAPS_PER_THREAD)
            .next_power_of_two()
            .clamp(SPECULATION_BATCH, MAX_SPECULATION_BATCH);
        if n.saturating_sub(self.last_wrong_guess) >= CALM_BATCHES * wide {
            wide
        } else {
            SPECULATION_BATCH
        }
    }

    /// Tests: the scan strategy for good (no trials), speculative batches from heap `from`.
    #[cfg(test)]
    pub(crate) fn force_speculation_from(&mut self, from: usize) {
        self.strategy = Strategy::Scan;
        self.strategy_trial.wait = u32::MAX;
        self.strategy_trial.recent = u64::MAX;
        self.speculate_from = from;
        // (Every heap speculated, however often the guesses fail.)
        self.speculation_wait = 0;
    }
}

/// Heaps per speculative batch ([`Computation::speculate`]): small, since a rare value
/// drops the rest of its batch (Officers has about one in 400 heaps at 10⁶).
const SPECULATION_BATCH: usize = 64;
/// Heaps a thread of a wide speculative batch ([`Computation::speculation_batch`]): each
/// batch ends with the threads waiting for its longest tasks and starting the next, so
/// long batches pay where the guesses hold. Officers to 3·10⁶ on two threads (batches of
/// 256 heaps against 64): 0.97 times the time, 7 pairs, once the far marks ran two
/// batches ahead (before that, 1.01).
const HEAPS_PER_THREAD: usize = 128;
/// The longest speculative batch. The guessing, done in turn, marks the splits whose
/// other part lies in the two batches before (their far marks were made before those
/// batches were guessed): Officers has 88 rare heaps below 512 and 450 below 2,048 (of
/// 1,584), so batches of 1,024 heaps would leave about a fifth of the marks to the one
/// guessing thread, and 256 about a twentieth. (Sixteen threads had batches of 256 heaps
/// before the far marks ran two batches ahead, too.)
const MAX_SPECULATION_BATCH: usize = 256;
/// Wide batches begin this many of their lengths after the last wrong guess: a wrong guess
/// drops the rest of its batch and the batch guessed ahead, so that long batches pay only
/// where guesses hold (Officers' rare values, its wrong guesses, lie below 21,000).
const CALM_BATCHES: usize = 4;
/// The least heap that starts a speculative batch.
pub(super) const SPECULATION_FROM: usize = 1 << 12;
/// Speculative batches weighed together ([`Computation::weigh_batches`]).
const WEIGHED_BATCHES: usize = 8;
/// The first and the longest wait of speculation after guesses that fail too often
/// ([`Computation::weigh_batches`]), in heaps.
pub(super) const FIRST_SPECULATION_WAIT: usize = 1 << 12;
const MAX_SPECULATION_WAIT: usize = 1 << 20;
/// Tasks a thread for the checks of a speculative batch ([`check_guesses`]): a task a
/// heap spent more on splitting the work than uneven tasks lose. Officers to 10⁷ on two
/// threads (`octal_bench officers`, 3 and 4 pairs): 0.93 times the time of a task a heap
/// with 8, 0.97 with 32; 2 and 4 measured as 8 (sixteen threads get two heaps a task).
/// Whole runs of `sprague table` gained less: 0.98 and 0.99 times (two sets of pairs).
const CHECK_TASKS_PER_THREAD: usize = 8;
/// The fewest threads for speculative batches. Measured on 2 cores (Officers to 10⁷,
/// `octal_bench officers`): 33.6 s, against 47.8 s on one thread. (They once paid only
/// from 3 threads: the batches then started from outside the pool, one at a time, and
/// their heaps were shared out in few tasks.)
const SPECULATION_THREADS: usize = 2;
/// The least number of scan steps per heap (lately) for speculative batches: below it,
/// the threads' start-up costs more than the work they share.
const SPECULATION_STEPS: u64 = 256;
/// Values at most this large while speculating (a batch holds marks for every value, per
/// heap).
const MAX_SPECULATION_VALUE: usize = 1 << 12;

/// A speculative batch's guesses, made in turn: per heap, the guess and its targets
/// (`targets[from..to]`, none when the marks settled the value).
pub(super) struct Guessed {
    guesses: Vec<(u32, usize, usize)>,
    targets: Vec<u32>,
    /// Whether every heap up to the batch's end was guessed (a guess that does not fit
    /// the width or the marks ends the batch early).
    complete: bool,
}

/// Checks the guesses of `batch`, the last heaps of `values`, in parallel, one heap a
/// task: for each, a scan of every split until each of its targets has a witness.
/// Per heap: `None` when the guess holds, `Some(r)` when the value is the target `r`
/// without one (the least), and the steps the scan took. `scratch` holds, for each heap
/// of the batch, its wanted stamps (all 0, and left so) and its pending targets: made
/// once and reused, where each task made its own (an allocation and a clear a heap).
/// `sets`: the scans may use the set kernel (`strategy::scan_chunked`); Officers to 10⁷ on
/// two threads took 0.92 times as long with it (3 pairs).
fn check_guesses<K: Known>(
    values: K,
    batch: &Guessed,
    pair_js: &[usize],
    unequal: bool,
    sets: bool,
    scratch: &mut [(Vec<Stamp>, Vec<u32>)],
) -> Vec<(Option<u32>, usize)> {
    let start = values.len() - batch.guesses.len();
    // Many tasks a thread: a few heaps' scans take most of a batch's time, and in few
    // tasks they would share one, leaving a thread idle at the end.
    let per_task =
        (batch.guesses.len() / (CHECK_TASKS_PER_THREAD * rayon::current_num_threads())).max(1);
    batch
        .guesses
        .par_iter()
        .zip(scratch.par_iter_mut())
        .with_max_len(per_task)
        .enumerate()
        .map(|(i, (&(_, from, to), (want, pending)))| {
            if from == to {
                return (None, 0);
            }
            let n = start + i;
            pending.clear();
            pending.extend_from_slice(&batch.targets[from..to]);
            for &r in pending.iter() {
                want[r as usize] = 1;
            }
            let mut steps = 0;
            for &j in pair_js {
                if j + 2 > n || pending.is_empty() {
                    break;
                }
                steps += scan_chunked(values, n - j, unequal, want, 1, pending, sets);
            }
            let wrong = pending.first().copied();
            for &r in pending.iter() {
                want[r as usize] = 0;
            }
            (wrong, steps)
        })
        .collect()
}

/// A sequence's values with room after them for the guesses of the next batch, written
/// past the latest values' vector (in its spare capacity) while the values before stay
/// shared with the checks of the batch before. The guesses are pushed onto the store again
/// once that batch is committed, so the store never holds a value it did not commit.
struct GuessRoom<'a, S: Store + 'a> {
    /// The values before the latest vector's (none for a plain vector).
    fixed: S::Fixed<'a>,
    /// The latest vector's first value, `g(base)`.
    ptr: *mut S::C,
    base: usize,
    /// The shared values (up to the vector's length), and the guesses written after them.
    start: usize,
    written: usize,
    room: usize,
    _values: PhantomData<&'a mut Vec<S::C>>,
}

// SAFETY: a room writes only past the shared values, within the capacity it reserved,
// and its values are `Cell`s (`Send + Sync`), as are the fixed values' views.
unsafe impl<S: Store> Send for GuessRoom<'_, S> {}

impl<'a, S: Store> GuessRoom<'a, S> {
    /// Splits `g` into its values, shared, and room for `extra` values after them.
    fn split(g: &'a mut S, extra: usize) -> (S::View<'a>, GuessRoom<'a, S>) {
        let (fixed, latest, base) = g.open();
        latest.reserve(extra);
        let len = latest.len();
        let ptr = latest.as_mut_ptr();
        // SAFETY: `ptr` points to `len` initialised values, followed by at least `extra`
        // of capacity; `g` stays borrowed for 'a, so nothing moves or frees them, and the
        // room never writes below `base + len`.
        let values = S::view_of(fixed, unsafe { std::slice::from_raw_parts(ptr, len) }, base);
        let room = GuessRoom {
            fixed,
            ptr,
            base,
            start: base + len,
            written: 0,
            room: extra,
            _values: PhantomData,
        };
        (values, room)
    }

    /// The values of the heaps below `n`: the shared values, then the guesses written.
    fn values(&self, n: usize) -> S::View<'_> {
        assert!(
            self.base <= n && n <= self.start + self.written,
            "heap {n} not written yet"
        );
        // SAFETY: the first `start + written − base` elements from `ptr` are initialised;
        // `push` takes `&mut self`, so no view of this room lives while it writes.
        let latest = unsafe { std::slice::from_raw_parts(self.ptr, n - self.base) };
        S::view_of(S::reborrow(self.fixed), latest, self.base)
    }

    /// Writes the next guess.
    fn push(&mut self, x: S::C) {
        assert!(
            self.written < self.room,
            "a batch guesses no more than its room"
        );
        // SAFETY: within the capacity reserved by `split`, past the shared values.
        unsafe { self.ptr.add(self.start - self.base + self.written).write(x) };
        self.written += 1;
    }
}

/// What the far marks of a speculative batch read: the rare heaps and their values, the
/// splitting removals, and the mask's common values.
struct FarMarks<'a> {
    rare: &'a [u32],
    rare_vals: &'a [u32],
    pair_js: &'a [usize],
    unequal: bool,
    mask: u32,
    common_bits: u64,
}

impl FarMarks<'_> {
    /// A speculative batch's far marks, in parallel: for heap `n = first + i`
    /// (`first >= known.len()`), the splits of `n − j` (`j` in `pair_js`) whose rare part
    /// `a` leaves a known heap (`m − a < known.len()`), marked in `marks[i]` with stamp
    /// `base + 1 + i`; and in
    /// `far[i]`, the least common value they leave unmarked with the rare values below it
    /// they leave unmarked, so that the heap's guess, made in turn, only adds its near
    /// marks (the scan of the marks for the candidate, a twentieth of Officers' work on
    /// one thread, runs here on every core).
    fn mark<K: Known>(
        &self,
        known: K,
        first: usize,
        marks: &mut [Vec<Stamp>],
        far: &mut [FarCandidate],
        base: Stamp,
    ) {
        let start = known.len();
        debug_assert!(first >= start);
        // Heap by heap: marking several heaps together, rare part by rare part, reads their
        // parts `m − a` together but scatters the stores over their arrays, which measured
        // slower (Officers). A task takes a few heaps, four tasks a thread: the heaps' work
        // is even (half a microsecond each for Officers), and a task a heap spent more on
        // splitting the work than uneven tasks lose (Officers to 10⁷ on two threads: about
        // 8.1 s with 32 heaps a task against 8.4 s with one; 16 to 64 measured alike).
        let per_task = (marks.len() / (4 * rayon::current_num_threads())).max(1);
        marks
            .par_iter_mut()
            .zip(far.par_iter_mut())
            .with_max_len(per_task)
            .enumerate()
            .for_each(|(i, (mark, far))| {
                let n = first + i;
                let stamp = base + 1 + i as Stamp;
                for &j in self.pair_js {
                    if j + 2 > n {
                        break;
                    }
                    let m = n - j;
                    // Rare parts a with m − start < a < m.
                    let r = rare_range(self.rare, (m + 1).saturating_sub(start), m);
                    mark_rare_parts(
                        known,
                        m,
                        self.unequal,
                        &self.rare[r.clone()],
                        &self.rare_vals[r],
                        mark,
                        stamp,
                    );
                }
                far.targets.clear();
                far.common = least_unmarked_common(
                    mark,
                    stamp,
                    self.mask,
                    self.common_bits,
                    0,
                    &mut far.targets,
                );
            });
    }
}

/// The run of speculative batches: where it ends, whether it stops at a proven period,
/// and the splitting removals, fixed while it runs.
struct Batches<'a> {
    limit: usize,
    stop: bool,
    pair_js: &'a [usize],
    unequal: bool,
}

/// Far marks made ahead for the batch of heaps `start..end` (stamps from `base + 1`,
/// from the values below `known`), in [`Early`]'s arrays.
#[derive(Clone, Copy)]
pub(super) struct FarReady {
    start: usize,
    end: usize,
    base: Stamp,
    known: usize,
}

/// The arrays of the far marks made two batches ahead, with the rare heaps they read,
/// copied (the guessing beside them holds the computation), and the mask and count of
/// rare heaps the copy is of.
#[derive(Debug, Clone, Default)]
pub(super) struct Early {
    marks: Vec<Vec<Stamp>>,
    far: Vec<FarCandidate>,
    rare: Vec<u32>,
    rare_vals: Vec<u32>,
    rare_for: Option<(u32, usize)>,
}

impl Early {
    /// Whether the arrays hold `len` heaps' marks of `size` values.
    fn fits(&self, len: usize, size: usize) -> bool {
        self.marks.len() >= len && self.marks.first().is_some_and(|m| m.len() == size)
    }

    /// Arrays for `len` heaps of `size` values, and the rare heaps `rare` (values
    /// `rare_vals`, under `mask`).
    fn prepare(&mut self, len: usize, size: usize, rare: &[u32], rare_vals: &[u32], mask: u32) {
        if !self.fits(len, size) {
            self.marks = vec![vec![0; size]; len];
        }
        if self.far.len() < len {
            self.far.resize_with(len, FarCandidate::default);
        }
        // The rare heaps only grow between mask changes, so a mask and a count name them.
        if self.rare_for != Some((mask, rare.len())) {
            self.rare.clear();
            self.rare.extend_from_slice(rare);
            self.rare_vals.clear();
            self.rare_vals.extend_from_slice(rare_vals);
            self.rare_for = Some((mask, rare.len()));
        }
    }

    /// Clears the marks (the stamps wrap).
    pub(super) fn clear_marks(&mut self) {
        self.marks.iter_mut().for_each(|m| m.fill(0));
    }

    /// The far marks of the batch `e` from the values `known` (`e.known` of them).
    fn mark<K: Known>(
        &mut self,
        known: K,
        e: &FarReady,
        pair_js: &[usize],
        unequal: bool,
        mask: u32,
        common_bits: u64,
    ) {
        debug_assert_eq!(known.len(), e.known);
        let len = e.end - e.start;
        // Every stamp in the arrays is older than the batch's: else a stamp from before
        // the stamps last wrapped could read as one of this batch's marks.
        #[cfg(test)]
        for m in &self.marks[..len] {
            assert!(
                m.iter().all(|&s| s <= e.base),
                "stale stamps in the early marks"
            );
        }
        let far = FarMarks {
            rare: &self.rare,
            rare_vals: &self.rare_vals,
            pair_js,
            unequal,
            mask,
            common_bits,
        };
        far.mark(
            known,
            e.start,
            &mut self.marks[..len],
            &mut self.far[..len],
            e.base,
        );
    }
}
