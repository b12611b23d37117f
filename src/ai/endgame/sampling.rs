//! Training data from the solver's own trees: the positions it evaluates, sampled by hash while
//! asked to (`reversi treesample`).

use std::cell::{Cell, RefCell};

thread_local! {
    /// While not zero, the positions this thread's solver evaluates are kept when their hash
    /// begins with this many zero bits ([`evaluated_positions`]).
    pub(super) static KEEP_BITS: Cell<u32> = const { Cell::new(0) };
    /// The positions kept, as (player, opponent).
    pub(super) static KEPT: RefCell<Vec<(u64, u64)>> = const { RefCell::new(Vec::new()) };
}

/// Where the solver reads the pattern evaluation (its ordering searches, ProbCut's estimates and
/// the second look at the best moves): keeps the position while [`evaluated_positions`] asks.
#[inline(always)]
pub(super) fn note_evaluated(player: u64, opponent: u64) {
    let bits = KEEP_BITS.with(Cell::get);
    if bits != 0 {
        keep_evaluated(player, opponent, bits);
    }
}

#[cold]
#[inline(never)]
pub(super) fn keep_evaluated(player: u64, opponent: u64, bits: u32) {
    if keep_hash(player, opponent) >> (64 - bits) == 0 {
        KEPT.with(|kept| kept.borrow_mut().push((player, opponent)));
    }
}

/// The hash [`evaluated_positions`] samples by: its leading zero bits decide.
pub(super) fn keep_hash(player: u64, opponent: u64) -> u64 {
    (player ^ opponent.rotate_left(17)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Runs `work` and returns, with its result, a sample of the positions the solver evaluated on
/// this thread meanwhile (helper threads are not sampled): those whose hash begins with `bits`
/// zero bits (1–64), about one in `2^bits`, in the order they were read, repeats included. The
/// sample depends only on the searches `work` runs, not on the time or other threads. The
/// evaluation's training data from the solver's own trees (`reversi treesample`) comes from it.
pub fn evaluated_positions<T>(bits: u32, work: impl FnOnce() -> T) -> (T, Vec<(u64, u64)>) {
    /// Stops the keeping however `work` ends.
    struct Stop;
    impl Drop for Stop {
        fn drop(&mut self) {
            KEEP_BITS.with(|b| b.set(0));
        }
    }
    KEPT.with(|kept| kept.borrow_mut().clear());
    KEEP_BITS.with(|b| b.set(bits.clamp(1, 64)));
    let stop = Stop;
    let result = work();
    drop(stop);
    (result, KEPT.with(|kept| kept.take()))
}
