//! Two threads on one sequence: heaps taken in turn.
//!
//! In most codes the value of heap `n` does not read `G(n - 1)`: 0.034, 0.007 and 0.56 remove
//! at least two tokens to leave one heap and at least one to leave two. Then heaps `n` and
//! `n + 1` can be computed at the same time: one thread computes the even heaps of a stretch,
//! the other the odd ones, each with the one-thread code ([`next_value`]) on its own marks,
//! waiting only for the values of the other's heaps it reads ([`Reads`]). Each thread reads every
//! value the splits read in order, so it keeps its own list of the rare heaps found in the
//! stretch beside the shared list. Every value is computed as by one thread, with the same pairs
//! recorded and compared, so the values and the work figures are those of one thread. A stretch
//! runs between two reviews of the split (the split is fixed in it); the bookkeeping of its
//! values (counts, rare list, review) is done after it, in order.
//!
//! Where it pays: a value must cost enough work for the hand-over (a store and a load crossing
//! the cores) to be small beside it, and a second core must be free; a sequence computed inside
//! a parallel sweep (on a rayon thread) stays on one thread.

use crate::clock::Instant;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::thread::Thread;

use super::{next_value, stamp_early, Begun, Below, Cell, MoveMenu, Scratch, State, Tally, Typed};

/// How many threads compute one sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Threads {
    /// Two where it pays: rules whose heap `n` does not read `G(n - 1)`, a value costing at
    /// least [`MIN_COST`] operations lately, a second core, not inside a parallel sweep, and
    /// two threads measured faster than one (by wall time per operation, measured again now
    /// and then: on a loaded machine they are not).
    #[default]
    Auto,
    /// One thread.
    One,
    /// Two wherever the rules allow it, however short the stretch (tests and comparisons).
    Two,
}

/// Elementary operations (as the work account counts them) a value must have cost lately for
/// two threads to pay: below about this the hand-over between the cores costs as much as the
/// value. Measured: docs/benchmarks.md.
const MIN_COST: u64 = 64;

/// Elementary operations a stretch must be expected to cost, so that starting the second thread
/// (tens of microseconds) is small beside it.
const MIN_STRETCH_WORK: u64 = 1 << 18;

/// Polls of a waiting thread before it sleeps (tens of microseconds).
const SPINS: u32 = 1 << 10;

/// Heaps a thread remembers the work figures before, to take back those computed beyond the end
/// of a stretch cut short (at most `other / 2` of them).
const HISTORY: usize = 32;

/// Elementary operations of a stretch on two threads that measures whether they pay (a few
/// milliseconds).
const TRIAL_WORK: u64 = 1 << 20;

/// Two threads are measured again after this many reviews on one thread, twice as many after
/// each trial where they do not pay (a trial on a loaded machine is slow), up to `64 * RETRIAL`.
const RETRIAL: u32 = 2;

/// Two threads pay when they take at most this share of one thread's wall time (per operation).
const PAYS_BELOW: f64 = 0.9;

/// Whether two threads compute the values, and what they keep.
#[derive(Debug, Clone)]
pub(super) struct Lanes {
    /// How many threads may compute the values.
    threads: Threads,
    /// How far back the value of a heap reads.
    reads: Reads,
    /// At the last review: values, work figures, the time, and whether a stretch ran on two
    /// threads since.
    since_review: (usize, Tally, Instant, bool),
    /// Elementary operations a value cost between the last two reviews.
    cost: u64,
    /// Wall nanoseconds per operation measured lately on one thread and on two.
    speed: [Option<f64>; 2],
    /// Reviews since two threads were measured, and how many to wait before measuring again.
    reviews_since_two: u32,
    retrial: u32,
    /// What the second thread writes (kept: its bytes are held).
    pub(super) helper: Scratch,
    /// Two threads may pay from this value on: checked before every value, so the one-thread
    /// path pays one comparison.
    pub(super) try_from: usize,
}

impl Lanes {
    pub(super) fn of(menu: &MoveMenu) -> Lanes {
        Lanes {
            threads: Threads::Auto,
            reads: Reads::of(menu),
            since_review: (0, Tally::default(), Instant::now(), false),
            cost: 0,
            speed: [None, None],
            reviews_since_two: 0,
            retrial: RETRIAL,
            helper: Scratch::default(),
            try_from: usize::MAX,
        }
    }

    /// Sets how many threads may compute the values.
    pub(super) fn set_threads(&mut self, threads: Threads) {
        self.threads = threads;
        self.update(0);
    }

    /// Two threads are tried from value `from` on if they may pay.
    fn update(&mut self, from: usize) {
        let may = self.reads.in_turn()
            && match self.threads {
                Threads::One => false,
                Threads::Two => true,
                Threads::Auto => self.cost >= MIN_COST && cores() >= 2,
            };
        self.try_from = if may { from } else { usize::MAX };
    }

    /// The split is reviewed at `values` values, after the work `tally`: the cost of a value
    /// and the speed of one thread over the values since the last review.
    pub(super) fn reviewed(&mut self, values: usize, tally: Tally) {
        let (then, before, time, two) = self.since_review;
        let operations = tally.operations() - before.operations();
        self.cost = operations / (values - then).max(1) as u64;
        if !two && operations > 0 {
            self.speed[0] = Some(time.elapsed().as_nanos() as f64 / operations as f64);
        }
        self.reviews_since_two += 1;
        self.since_review = (values, tally, Instant::now(), false);
        self.update(values);
    }
}

/// How far back the value of heap `n` reads.
#[derive(Debug, Clone, Copy)]
struct Reads {
    /// The splits read values up to `n - far` (a removal of `j` leaving two heaps reads up to
    /// `n - j - 1`, leaving three up to `n - j - 2`); `usize::MAX` without splits.
    far: usize,
    /// The nearest heap of the other thread read: `n - other`, `other` odd (a removal of `j`
    /// leaving one heap reads `n - j`); 1 when two threads cannot help.
    other: usize,
}

impl Reads {
    fn of(menu: &MoveMenu) -> Reads {
        let split = menu.split.iter().map(|&j| j + 1);
        let split3 = menu.split3.iter().map(|&j| j + 2);
        let far = split.clone().chain(split3.clone()).min().unwrap_or(usize::MAX);
        let odd = |d: usize| d | 1;
        let take = menu.take.iter().copied().filter(|&j| j % 2 == 1);
        let other = take.chain(split.chain(split3).map(odd)).min().unwrap_or(usize::MAX);
        Reads { far, other }
    }

    /// Two threads can compute heaps in turn: no heap reads its predecessor, the splits read
    /// values as a block, and a stretch cut short leaves at most `HISTORY` heaps to take back.
    fn in_turn(&self) -> bool {
        self.other >= 3 && self.far != usize::MAX && self.other <= HISTORY
    }
}

/// The cores this process may use, asked once.
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Computes the values from the next heap on, on two threads, until `end` or the next review,
/// when [`Lanes::threads`] says so and it pays; stops before the first value above `limit` (the
/// one-thread path widens the store). Returns whether it computed any value.
pub(super) fn two_threads<T: Cell>(state: &mut State, typed: &mut Typed<T>, end: usize, limit: u32) -> bool {
    let start = typed.values.len();
    // Within the room reserved: the values are written there in place.
    let mut stop = end.min(state.next_review).min(typed.values.capacity());
    let lanes = &mut state.lanes;
    let auto = lanes.threads == Threads::Auto;
    if stop <= start {
        return false;
    }
    if auto {
        // One thread measured first; two are measured on a short stretch now and then, and kept
        // while they pay.
        let trial = lanes.speed[1].is_none() || lanes.reviews_since_two >= lanes.retrial;
        let enough = lanes.cost.saturating_mul((stop - start) as u64) >= MIN_STRETCH_WORK;
        if lanes.speed[0].is_none() || !enough || rayon::current_thread_index().is_some() {
            lanes.try_from = state.next_review;
            return false;
        }
        if trial {
            stop = stop.min(start + (TRIAL_WORK / lanes.cost.max(1)) as usize);
        } else if !lanes.speed[1].is_some_and(|two| lanes.speed[0].is_some_and(|one| two < PAYS_BELOW * one))
        {
            lanes.try_from = state.next_review;
            return false;
        }
    }
    let before = state.scratch.tally.operations();
    let time = Instant::now();
    let values = Shared(typed.values.as_mut_ptr());
    let progress = Progress {
        next: [Line(AtomicUsize::new(start)), Line(AtomicUsize::new(start + 1))],
        stop: AtomicUsize::new(stop),
        parked: [Flag(AtomicBool::new(false)), Flag(AtomicBool::new(false))],
        threads: [OnceLock::new(), OnceLock::new()],
    };
    let [found0, found1] = &mut typed.found;
    let stretch = &Stretch {
        menu: &state.menu,
        common: state.common.as_deref(),
        rare: &typed.rare,
        start,
        reads: lanes.reads,
        largest: state.largest,
        limit,
        values: &values,
        progress: &progress,
    };
    let (main, helper) = (&mut state.scratch, &mut state.lanes.helper);
    let (history0, history1) = std::thread::scope(|scope| {
        let second = scope.spawn(move || stretch.lane(1, helper, found1));
        let first = stretch.lane(0, main, found0);
        (first, second.join().expect("the second thread of a sequence panicked"))
    });
    let done = progress.stop.load(Ordering::Acquire);
    // Take back the work of heaps computed beyond the end (a stretch cut short by a value too
    // large for the store), then count the second thread's work with the first's.
    for (lane, history) in [(0, &history0), (1, &history1)] {
        let first_beyond = done + (start + lane + done) % 2;
        let (heap, before) = history[(first_beyond / 2) % HISTORY];
        if heap == first_beyond {
            let scratch = if lane == 0 { &mut state.scratch } else { &mut state.lanes.helper };
            scratch.tally = before;
        }
    }
    let helper = std::mem::take(&mut state.lanes.helper.tally);
    state.scratch.tally.add(helper);
    let lanes = &mut state.lanes;
    let operations = state.scratch.tally.operations() - before;
    if operations > 0 {
        let two = time.elapsed().as_nanos() as f64 / operations as f64;
        lanes.speed[1] = Some(two);
        lanes.reviews_since_two = 0;
        let pays = lanes.speed[0].is_some_and(|one| two < PAYS_BELOW * one);
        lanes.retrial = if pays { RETRIAL } else { (2 * lanes.retrial).min(64 * RETRIAL) };
    }
    lanes.since_review.3 = true;
    // SAFETY: the threads wrote every value from `start` to `done` (each computes all its heaps
    // below the first value too large, which is `done` when below `stop`), within the capacity;
    // the scope's join makes those writes visible here.
    unsafe { typed.values.set_len(done) };
    #[cfg(test)]
    {
        state.two_thread_values += done - start;
    }
    for n in start..done {
        let value = typed.values[n].index() as u32;
        super::account(state, typed, n, value);
    }
    done > start
}

/// The values' buffer, written by both threads at distinct heaps while read below them.
struct Shared<T>(*mut T);

// SAFETY: the threads write distinct elements and read only elements written and published
// before (see `Stretch::lane`); `T` is a plain integer.
unsafe impl<T: Cell> Sync for Shared<T> {}

/// An atomic on its own cache line, so that the two threads' counters do not share one.
#[repr(align(128))]
struct Line(AtomicUsize);

/// What the two threads publish.
struct Progress {
    /// Per thread: its next heap; every heap of that thread below it is written.
    next: [Line; 2],
    /// The first heap not to compute: the stretch's end, or the first heap whose value is too
    /// large for the store, or 0 after a thread panicked (so that the other stops waiting).
    stop: AtomicUsize,
    /// Per thread: it sleeps (or is about to) waiting for the other.
    parked: [Flag; 2],
    /// Per thread: its handle, to wake it.
    threads: [OnceLock<Thread>; 2],
}

/// A flag on its own cache line.
#[repr(align(128))]
struct Flag(AtomicBool);

/// Everything both threads read, and the shared buffer.
struct Stretch<'a, T> {
    menu: &'a MoveMenu,
    common: Option<&'a [bool]>,
    /// The rare heaps below `start`.
    rare: &'a [(u32, T)],
    start: usize,
    reads: Reads,
    /// The largest value below `start`.
    largest: u32,
    limit: u32,
    values: &'a Shared<T>,
    progress: &'a Progress,
}

/// Sets the stop to 0 when a thread unwinds, so that the other does not wait for it forever.
struct Unwinding<'a, 'b, T: Cell>(&'a Stretch<'b, T>, usize);

impl<T: Cell> Drop for Unwinding<'_, '_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.publish(self.1, None, Some(0));
        }
    }
}

/// Per heap of a thread, by `(heap / 2) % HISTORY`: the heap and the thread's work figures
/// before it.
type History = [(usize, Tally); HISTORY];

impl<T: Cell> Stretch<'_, T> {
    /// Computes heaps `start + lane`, `start + lane + 2`, ... below the stop with `scratch`;
    /// `found` collects the rare heaps from `start` on, as this thread reads them.
    fn lane(&self, lane: usize, scratch: &mut Scratch, found: &mut Vec<(u32, T)>) -> History {
        let _unwinding = Unwinding(self, lane);
        let _ = self.progress.threads[lane].set(std::thread::current());
        let stop = &self.progress.stop;
        let mut history = [(usize::MAX, Tally::default()); HISTORY];
        found.clear();
        let mut largest = self.largest;
        // Values below `seen` (from `start` on) are read: rare ones are in `found`.
        let mut seen = self.start;
        let mut n = self.start + lane;
        let mut other_next = 0;
        // SAFETY (of the reads below): a value read is of a heap of this thread below `n`
        // (written by this thread), or of the other thread and published (the wait's acquire
        // load); nobody writes it again.
        let read = |i: usize| unsafe { *self.values.0.add(i) };
        while n < stop.load(Ordering::Relaxed) {
            history[(n / 2) % HISTORY] = (n, scratch.tally);
            // Before waiting: the rare pairs that read only values this thread has read.
            let ready = if self.common.is_some() { seen } else { 0 };
            if ready > 0 {
                scratch.fit(largest);
                // SAFETY: the values below `seen` are written: before the stretch, or read above
                // for an earlier heap; nobody writes below `seen` while this slice lives.
                let g = unsafe { std::slice::from_raw_parts(self.values.0, ready) };
                let below = Below { menu: self.menu, common: self.common, g, rare: [self.rare, found] };
                stamp_early(scratch, &below, n, ready);
            }
            // The other thread's heaps read: up to n - other.
            if let Some(heap) = n.checked_sub(self.reads.other) {
                // The other's progress seen last, loaded again only when it is not enough (a
                // load of a line the other writes crosses the cores).
                if heap >= self.start && heap >= other_next {
                    match self.wait(1 - lane, heap) {
                        Some(next) => other_next = next,
                        None => break,
                    }
                }
            }
            // The splits read the values up to n - far, in order.
            let block = (n + 1).saturating_sub(self.reads.far);
            while seen < block {
                let value = read(seen);
                largest = largest.max(value.index() as u32);
                if seen >= 1 && self.common.is_some_and(|common| !super::is_common(common, value.index())) {
                    found.push((seen as u32, value));
                }
                seen += 1;
            }
            for &j in &self.menu.take {
                if n > j {
                    largest = largest.max(read(n - j).index() as u32);
                }
            }
            scratch.fit(largest);
            // SAFETY: the values below `block` are written and published (read above), and no
            // thread writes below `block` while this slice lives (both write heaps above it).
            let g = unsafe { std::slice::from_raw_parts(self.values.0, block) };
            let below = Below { menu: self.menu, common: self.common, g, rare: [self.rare, found] };
            let begun = if ready > 0 { Begun::Early(ready) } else { Begun::Nothing };
            let value = next_value(scratch, &below, n, read, begun);
            if value > self.limit {
                // Too large for the store: the one-thread path widens it and goes on.
                self.publish(lane, None, Some(n));
                break;
            }
            // SAFETY: heap `n` is this thread's, below `stop <= capacity`; nobody reads it before
            // `next` says so.
            unsafe { self.values.0.add(n).write(T::from_value(value)) };
            largest = largest.max(value);
            self.publish(lane, Some(n + 2), None);
            n += 2;
        }
        history
    }

    /// Waits until heap `heap` of thread `owner` is written and returns that thread's next heap;
    /// `None` when it never will be (the stretch stopped at or below it).
    fn wait(&self, owner: usize, heap: usize) -> Option<usize> {
        let progress = self.progress;
        let waiter = &progress.parked[1 - owner].0;
        let mut spins = 0u32;
        loop {
            let next = progress.next[owner].0.load(Ordering::SeqCst);
            if next > heap {
                if spins >= SPINS {
                    waiter.store(false, Ordering::Relaxed);
                }
                return Some(next);
            }
            if progress.stop.load(Ordering::SeqCst) <= heap {
                return None;
            }
            spins += 1;
            if spins < SPINS {
                std::hint::spin_loop();
            } else {
                // The other thread is not running (no second core free for now): sleep until it
                // publishes (it wakes a parked thread; the timeout only guards the hand-over).
                waiter.store(true, Ordering::SeqCst);
                if progress.next[owner].0.load(Ordering::SeqCst) <= heap
                    && progress.stop.load(Ordering::SeqCst) > heap
                {
                    std::thread::park_timeout(std::time::Duration::from_millis(1));
                }
            }
        }
    }

    /// Publishes that heaps of thread `lane` below `next` are written, or that the stretch
    /// stops at `stop`, and wakes the other thread if it sleeps.
    fn publish(&self, lane: usize, next: Option<usize>, stop: Option<usize>) {
        let progress = self.progress;
        if let Some(next) = next {
            progress.next[lane].0.store(next, Ordering::SeqCst);
        }
        if let Some(stop) = stop {
            progress.stop.fetch_min(stop, Ordering::SeqCst);
        }
        if progress.parked[1 - lane].0.load(Ordering::SeqCst) {
            if let Some(thread) = progress.threads[1 - lane].get() {
                thread.unpark();
            }
        }
    }
}
