//! The exact endgame solver: alpha-beta on final disc differences (empties to the winner), with a
//! transposition table and fastest-first ordering near the root, parity ordering and specialised
//! code for the last empties, and stability cutoffs.

mod bits;
mod last_flip;
mod ordering;
mod params;
mod probcut;
mod sampling;
mod search;
mod shallow;
#[cfg(target_arch = "x86_64")]
mod simd;
#[cfg(test)]
pub(crate) mod tests;

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64};
use web_time::Instant;

use super::cancel::Cancelled;
use super::eval::{C_SQUARES, CORNERS, DISC, X_SQUARES, corner_bonus, neighbours};
use super::move_list::{MAX_MOVES, MoveList};
use super::parallel::{
    Best, Helpers, Node, Pool, Searcher, Split, StopCheck, Template, scout_with, split_search,
    work_with,
};
use super::pattern::{Weights, shipped};
use super::stability::{stable_discs, stable_discs_within};
use super::tt::{Bound, EXACT, TranspositionTable};
use crate::rules::board::{flips, legal_moves};
use crate::rules::score::final_score;

use bits::*;
use last_flip::*;
use ordering::*;
use params::*;
use probcut::*;
use sampling::*;
use shallow::*;
#[cfg(target_arch = "x86_64")]
use simd::*;

pub use probcut::{PROBCUT_T, probcut_estimate};
pub use sampling::evaluated_positions;
pub use shallow::{shallow, shallow_portable};

/// A small table for the positions near the end (from [`LOCAL_EMPTIES`] to [`TABLE_EMPTIES`]):
/// it stays in the core's cache, and it keeps the shared table for the positions farther up.
fn local_table() -> Arc<TranspositionTable> {
    Arc::new(TranspositionTable::new(LOCAL_TABLE_BITS))
}

/// The calling thread's small table for helping the solver whose tables are `owner` (see
/// [`Solver::owner`]), in `generation`: made on the thread's first help, kept between the splits
/// it helps with, and emptied first when the tables it helps with are not the ones it last helped
/// with (another solver's, or the same solver's since its `clear`).
pub(super) fn helper_table(owner: u64, generation: u8) -> Arc<TranspositionTable> {
    thread_local! {
        static LOCAL: RefCell<Option<(u64, Arc<TranspositionTable>)>> = const { RefCell::new(None) };
    }
    LOCAL.with(|cell| {
        let mut cell = cell.borrow_mut();
        let (seen, table) = cell.get_or_insert_with(|| (owner, local_table()));
        if *seen != owner {
            table.clear();
            *seen = owner;
        }
        table.set_generation(generation);
        table.clone()
    })
}

/// A new [`Solver::owner`] value, never handed out before.
pub(super) fn next_owner() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Relaxed)
}

/// Exact endgame search state: the table, the node count and the stop conditions.
pub struct Solver {
    pub tt: Arc<TranspositionTable>,
    /// The solver's own table for positions near the end (a helper's: its thread's).
    local: Arc<TranspositionTable>,
    /// Names what the tables hold: this solver's positions since its last `clear` (a new value
    /// then). A helper thread empties its own small table when it changes.
    owner: u64,
    pub nodes: u64,
    stop: StopCheck,
    /// The evaluation that orders moves far from the end (`None`: mobility only).
    weights: Option<&'static Weights>,
    /// The helper threads this solver owns (none: it searches alone, or it is a helper itself).
    helpers: Option<Helpers>,
    /// Where to hand moves to idle helpers.
    pool: Option<Arc<Pool>>,
    /// The parallel splits this solver is working under; a cutoff in any of them stops it.
    chain: Vec<Arc<Split>>,
    /// Selectivity: an index into [`PROBCUT_T`], or [`EXACT`] (no forward pruning).
    level: u8,
    /// The null-window probes of the solves since [`Solver::clear_probes`], in order.
    probes: Vec<Probe>,
}

/// One null-window probe of an exact solve or of a ProbCut pass: what it asked, what it showed and
/// what it cost (`reversi solve --probes` prints them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probe {
    /// The pass's selectivity: an index into [`PROBCUT_T`], or [`EXACT`].
    pub level: u8,
    /// The probe asked whether the score is at least `beta` (discs).
    pub beta: i32,
    /// Its fail-soft answer: the score is at least this when `score >= beta`, else at most this.
    pub score: i32,
    /// The nodes it searched (helper threads' included) and its wall-clock time.
    pub nodes: u64,
    pub seconds: f64,
}

impl Solver {
    pub fn new(tt: TranspositionTable, cancel: Arc<AtomicBool>) -> Solver {
        Solver {
            tt: Arc::new(tt),
            local: local_table(),
            owner: next_owner(),
            nodes: 0,
            stop: StopCheck::new(cancel, CANCEL_CHECK_NODES),
            weights: shipped(),
            helpers: None,
            pool: None,
            chain: Vec::new(),
            level: EXACT,
            probes: Vec::new(),
        }
    }

    /// Forgets every position searched: both tables, and the helper threads' small tables (each
    /// empties its own when it next helps).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.local.clear();
        self.owner = next_owner();
    }

    /// Marks the start of a new search in every table: entries from earlier searches give way
    /// first (the helper threads' small tables follow the solver's own).
    pub fn new_search(&self) {
        self.tt.new_search();
        self.local.new_search();
    }

    /// The null-window probes made since [`Solver::clear_probes`].
    pub fn probes(&self) -> &[Probe] {
        &self.probes
    }

    /// Forgets the probes recorded so far.
    pub fn clear_probes(&mut self) {
        self.probes.clear();
    }

    /// Searches with ProbCut at `level` (an index into [`PROBCUT_T`]: the higher, the safer), or
    /// exactly with [`EXACT`]. Scores of a selective search are estimates; the table keeps them
    /// apart from exact ones, and its best moves order the exact search that follows.
    pub fn set_level(&mut self, level: u8) {
        self.level = level;
    }

    /// Searches with `threads` threads in all (the caller's and `threads - 1` helpers). The browser
    /// build has no threads and always searches alone.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.saturating_sub(1);
        if cfg!(target_arch = "wasm32") || helpers == 0 {
            self.helpers = None;
            self.pool = None;
        } else if self.helpers.as_ref().map(Helpers::count) != Some(helpers) {
            let created = Helpers::new(helpers);
            self.pool = Some(created.pool());
            self.helpers = Some(created);
        }
    }

    /// How many threads search (1 without helpers).
    pub fn threads(&self) -> usize {
        1 + self.helpers.as_ref().map_or(0, Helpers::count)
    }

    /// A solver with this one's table, limits and evaluation, for a split's helper.
    pub(crate) fn template(&self) -> Solver {
        Solver {
            tt: self.tt.clone(),
            local: self.local.clone(),
            owner: self.owner,
            nodes: 0,
            stop: self.stop.for_helper(),
            weights: self.weights,
            helpers: None,
            pool: self.pool.clone(),
            chain: Vec::new(),
            level: self.level,
            probes: Vec::new(),
        }
    }

    /// A helper's solver working under `chain`.
    pub(crate) fn helper(&self, chain: Vec<Arc<Split>>) -> Solver {
        Solver {
            chain,
            // Called on the helper's thread: that thread's table.
            local: helper_table(self.owner, self.local.generation()),
            ..self.template()
        }
    }

    /// Where this solver hands moves to idle helpers (none without helpers).
    pub(crate) fn pool(&self) -> Option<Arc<Pool>> {
        self.pool.clone()
    }

    /// Replaces the flag that stops the search.
    pub fn set_cancel(&mut self, cancel: Arc<AtomicBool>) {
        self.stop.cancel = cancel;
    }

    /// Stop (with [`Cancelled`]) at `deadline`, or once more than `node_limit` nodes were searched.
    pub fn set_limits(&mut self, deadline: Option<Instant>, node_limit: u64) {
        self.stop.set_limits(deadline, node_limit, self.nodes);
    }

    #[inline]
    pub(super) fn check_stop(&mut self) -> Result<(), Cancelled> {
        self.stop.check(self.nodes, &self.chain)
    }

    /// The exact score and best move (`None` when the mover must pass or the game is over) of the
    /// position, from the mover's view, within `[alpha, beta]` (fail-soft outside it).
    pub fn solve(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, Option<u8>), Cancelled> {
        let moves = legal_moves(player, opponent);
        if moves == 0 {
            if legal_moves(opponent, player) == 0 {
                return Ok((final_score(player, opponent), None));
            }
            let score = -self.search(opponent, player, -beta, -alpha)?;
            return Ok((score, None));
        }
        let mut best = -65;
        let mut best_move = None;
        let mut alpha = alpha;
        let node = Node {
            player,
            opponent,
            depth: (!(player | opponent)).count_ones(),
            root_side: false,
        };
        for sq in self.ordered_moves(player, opponent, moves, alpha) {
            let f = flips(player, opponent, sq as usize);
            let (np, no) = (opponent ^ f, player | f | (1 << sq));
            let score = if best_move.is_none() {
                -self.search(np, no, -beta, -alpha)?
            } else {
                self.scout(&node, np, no, alpha, beta)?
            };
            if score > best || best_move.is_none() {
                best = score;
                best_move = Some(sq);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        Ok((best, best_move))
    }

    /// The exact score by null-window probes from `guess` (MTD(f)): each probe halves nothing but
    /// costs far less than a wide search, and the table carries what it learned to the next.
    /// Final disc differences are even, so probes step by two.
    pub fn null_window_solve(
        &mut self,
        player: u64,
        opponent: u64,
        guess: i32,
    ) -> Result<i32, Cancelled> {
        self.null_window_solve_with_move(player, opponent, guess)
            .map(|(score, _)| score)
    }

    /// [`Solver::null_window_solve`], with a move that reaches the score when a probe proved it
    /// (the best move the last probe that failed high left in the table; fail-soft, so that move
    /// is worth at least the score the probe returned, which is the final lower bound).
    pub fn null_window_solve_with_move(
        &mut self,
        player: u64,
        opponent: u64,
        guess: i32,
    ) -> Result<(i32, Option<u8>), Cancelled> {
        let (mut lower, mut upper) = (-64, 64);
        let mut g = guess.clamp(-64, 64);
        let mut best = None;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            let (started, nodes) = (Instant::now(), self.nodes);
            let score = self.search(player, opponent, beta - 1, beta)?;
            self.probes.push(Probe {
                level: self.level,
                beta,
                score,
                nodes: self.nodes - nodes,
                seconds: started.elapsed().as_secs_f64(),
            });
            if score < beta {
                upper = score;
            } else {
                lower = score;
                best = self
                    .table_move(player, opponent)
                    .filter(|&(_, bound)| bound == score)
                    .map(|(sq, _)| sq);
            }
            g = score;
        }
        Ok((lower, best))
    }

    /// The best move the table holds for the position, if it is legal there, with the entry's
    /// lower bound on the score.
    pub(crate) fn table_move(&self, player: u64, opponent: u64) -> Option<(u8, i32)> {
        let entry = self.tt.probe(TranspositionTable::key(player, opponent))?;
        let best = entry
            .best_move()
            .filter(|&sq| legal_moves(player, opponent) & (1 << sq) != 0)?;
        Some((best, entry.lower as i32))
    }

    /// Fail-soft alpha-beta on the exact final score. On processors
    /// [`crate::rules::x86::fast_path`] detects, a copy compiled for their instructions runs
    /// (with the AVX2 move generator and flips), and where
    /// [`crate::rules::x86::avx512_path`] detects AVX-512 too, a copy with its flips; all are
    /// the same code.
    pub fn search(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        #[cfg(target_arch = "x86_64")]
        {
            use crate::rules::x86::{avx512_path, fast_path};
            // SAFETY (both): the instructions each copy is compiled for were detected.
            if avx512_path() {
                return unsafe { self.search_x86_512(player, opponent, alpha, beta) };
            }
            if fast_path() {
                return unsafe { self.search_x86(player, opponent, alpha, beta) };
            }
        }
        self.search_portable(player, opponent, alpha, beta)
    }

    /// [`Solver::search`] on the portable path.
    pub(super) fn search_portable(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        self.search_in::<Portable>(player, opponent, alpha, beta)
    }

    /// The table for positions with `empties` empties: the shared one far from the end, the
    /// solver's own nearer it.
    #[inline(always)]
    pub(super) fn table(&self, empties: u32) -> &TranspositionTable {
        if empties >= TABLE_EMPTIES {
            &self.tt
        } else {
            &self.local
        }
    }
}

impl Searcher for Solver {
    fn child(
        &mut self,
        _node: &Node,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        self.search(player, opponent, alpha, beta)
    }

    fn template(&self) -> Box<dyn Template> {
        Box::new(Solver::template(self))
    }

    fn chain_mut(&mut self) -> &mut Vec<Arc<Split>> {
        &mut self.chain
    }

    fn nodes_mut(&mut self) -> &mut u64 {
        &mut self.nodes
    }
}

impl Template for Solver {
    fn help(&self, split: &Split, chain: Vec<Arc<Split>>) -> u64 {
        work_with(split, self.helper(chain))
    }
}
