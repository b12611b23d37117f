//! The solver's tuning: where each technique starts (in empties) and how much it weighs. Each value
//! is the best of those measured; docs/experiments.md has the measurements.

use super::*;

/// Below this many empties the solver uses its shallow code: no table, parity ordering.
pub(super) const SHALLOW_EMPTIES: u32 = 7;
/// From this many empties up, moves are sorted fastest-first (fewest replies for the opponent).
pub(super) const SORT_EMPTIES: u32 = 7;
/// From this many empties up (below [`EVAL_SORT_EMPTIES`]), the fastest-first order also counts
/// the mover's own moves and stable discs after each move (below, they cost more than they save).
pub(super) const RICH_ORDER_EMPTIES: u32 = 13;
/// From [`EVAL_TOP_EMPTIES`] up (below [`EVAL_SORT_EMPTIES`]), the best this many moves of the
/// fastest-first order are valued again with the pattern evaluation and tried first.
pub(super) const EVAL_TOP_MOVES: usize = 2;
/// Where the fastest-first order's best moves are valued again ([`EVAL_TOP_MOVES`]).
pub(super) const EVAL_TOP_EMPTIES: u32 = 12;
/// What the evaluation adds to those moves' fastest-first values: one unit (a sixteenth of a
/// reply left to the opponent) for this many hundredths of a disc.
pub(super) const EVAL_TOP_SCALE: i32 = 50;
/// The shallow solver's stability cutoff is tried from this many empties up.
pub(super) const SHALLOW_STABILITY_EMPTIES: u32 = 4;
/// The rounds of the stability rule the stability cutoff reads (the fixed point takes more):
/// fewer stable discs found, but each found faster.
pub(super) const STABILITY_ROUNDS: u32 = 2;
/// From this many empties up, moves are sorted by the pattern evaluation of a shallow search as
/// well as by the opponent's mobility (nearer the end it costs more time than it saves).
pub(super) const EVAL_SORT_EMPTIES: u32 = 16;
/// From this many empties up, the solver looks positions up in the shared table and stores them
/// there; below, the small table ([`LOCAL_EMPTIES`]) is cheaper.
pub(super) const TABLE_EMPTIES: u32 = 9;
/// From this many empties up to [`TABLE_EMPTIES`], positions go into the solver's own small
/// table ([`local_table`]), which stays in the core's cache.
pub(super) const LOCAL_EMPTIES: u32 = 7;
/// The small table holds `2^LOCAL_TABLE_BITS` entries (384 KiB).
pub(super) const LOCAL_TABLE_BITS: u32 = 14;
/// What one reply left to the opponent (a corner counts twice) costs in the evaluation order, in
/// hundredths of a disc of evaluation.
pub(super) const MOBILITY_WEIGHT: i32 = 2 * DISC;
/// From this many empties up, children are looked up in the table before searching (ETC).
pub(super) const ETC_EMPTIES: u32 = 12;
/// The evaluation order values moves exactly down to this many discs below alpha, and as merely
/// bad below that (a narrower window for its shallow searches).
pub(super) const SORT_WINDOW: i32 = 8;
/// From this many empties up, a node's moves after the first are shared with idle helper threads.
pub(super) const SPLIT_EMPTIES: u32 = 12;
/// From this many empties a search of a node the table has no move for first searches it more
/// selectively, for a best move to try first (internal iterative deepening): the exact search at
/// [`IID_LEVEL`], a ProbCut pass at the least safe level, 0 (the first pass does not).
pub(super) const IID_EMPTIES: u32 = 18;
/// The selectivity of the exact search's first search: the safest ProbCut pass's (its move
/// orders better than the least safe pass's).
pub(super) const IID_LEVEL: u8 = PROBCUT_T.len() as u8 - 1;
/// Nodes between two looks at the cancel flag.
pub(super) const CANCEL_CHECK_NODES: u64 = 1 << 14;
