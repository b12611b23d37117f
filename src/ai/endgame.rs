//! The exact endgame solver: alpha-beta on final disc differences (empties to the winner), with a
//! transposition table and fastest-first ordering near the root, parity ordering and specialised
//! code for the last empties, and stability cutoffs.

use std::cell::{Cell, RefCell};
use std::mem::MaybeUninit;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64};
use web_time::Instant;

use super::eval::{C_SQUARES, CORNERS, DISC, X_SQUARES, corner_bonus, neighbours};
use super::parallel::{
    Helpers, Node, Pool, Searcher, Split, StopCheck, Template, scout_with, split_search,
};
use super::pattern::{Weights, shipped};
use super::stability::{stable_discs, stable_discs_within};
use super::tt::{Bound, EXACT, TranspositionTable};
use crate::rules::board::{flips, legal_moves};

/// Below this many empties the solver uses its shallow code: no table, parity ordering.
const SHALLOW_EMPTIES: u32 = 7;
/// From this many empties up, moves are sorted fastest-first (fewest replies for the opponent).
const SORT_EMPTIES: u32 = 7;
/// From this many empties up (below [`EVAL_SORT_EMPTIES`]), the fastest-first order also counts
/// the mover's own moves and stable discs after each move, with weights fitted to the subtree
/// sizes of sampled cut nodes (`order_data`, `scripts/fit-order.py`). From 12 it saved nodes but
/// not time; below, those two counts cost more than they save.
const RICH_ORDER_EMPTIES: u32 = 13;
/// From [`EVAL_TOP_EMPTIES`] up (below [`EVAL_SORT_EMPTIES`]), the best this many moves of the
/// fastest-first order are valued again with the pattern evaluation of the position after each
/// and tried first, best first by the sum. On one thread, from 13 empties: FFO #45–#52 −6.2 %
/// nodes and −1.8 % time, #53–#54 −7.2 % nodes and −3.8 % time, the random 23-empty set −3.8 %
/// nodes and −2.9 % time. Three moves: #53–#54 −1.9 % nodes more, #45–#52 none, the same time;
/// every move (the evaluation at every child): −5.2 % nodes, +3.2 % time on #45–#52.
const EVAL_TOP_MOVES: usize = 2;
/// Where the fastest-first order's best moves are valued again with the evaluation
/// ([`EVAL_TOP_MOVES`]): from 12 empties (13 before) on one thread, FFO #45–#52 −1.7 % nodes and
/// −2.4 % time, #53–#54 −1.4 % / −0.7 %, the random 23-empty set −1.9 % / −1.4 %; from 11,
/// −2.1 % nodes more than 12 and the same time; from 10, −4.6 % nodes and +1.9 % time against 13.
const EVAL_TOP_EMPTIES: u32 = 12;
/// What the evaluation adds to those moves' fastest-first values: one unit (a sixteenth of a
/// reply left to the opponent) for this many hundredths of a disc. (25: 0.7 % more nodes on
/// FFO #45–#52; 12: 2.6 % more; 100: the same.)
const EVAL_TOP_SCALE: i32 = 50;
/// The shallow solver's stability cutoff is tried from this many empties up.
const SHALLOW_STABILITY_EMPTIES: u32 = 4;
/// The rounds of the stability rule the stability cutoff reads (the rule's fixed point takes
/// more): fewer stable discs and fewer cutoffs, but each found faster. Two against the fixed
/// point, one thread: FFO #53–#54 +3.2 % nodes and 127.1 → 121.9 s, #45–#52 +8.4 % nodes and
/// 0.4–1 % faster; one round or three were slower than two.
const STABILITY_ROUNDS: u32 = 2;
/// From this many empties up, moves are sorted by the pattern evaluation of a shallow search as well
/// as by the opponent's mobility. (From 14, as before, costs more time than its saved nodes win:
/// FFO #45–#52 on two threads took 125 s against 98 s from 16.)
const EVAL_SORT_EMPTIES: u32 = 16;
/// From this many empties up, the solver looks positions up in the shared table and stores them
/// there. Below, a lookup there costs more than it saves (FFO #45–#50, one thread: 135–146 s
/// against 150–163 s when every node from 7 empties uses it, 10 % more nodes); the small table
/// below takes those positions instead (with it, the shared table from 10 or 11 empties: 1 % /
/// 2.6 % more nodes, the same time).
const TABLE_EMPTIES: u32 = 9;
/// From this many empties up to [`TABLE_EMPTIES`], positions go into the solver's own small
/// table ([`local_table`]): FFO #45–#52 on one thread 9 % fewer nodes and 4 % less time than
/// with no table there.
const LOCAL_EMPTIES: u32 = 7;
/// The small table holds `2^LOCAL_TABLE_BITS` entries (384 KiB).
const LOCAL_TABLE_BITS: u32 = 14;
/// What one reply left to the opponent (a corner counts twice) costs in that order, in hundredths of
/// a disc of evaluation.
/// (3 discs saved 5 % of the nodes on FFO #50–#52 and 2 % on 40 random 20-empty positions, but
/// cost 14 % more on #57.)
const MOBILITY_WEIGHT: i32 = 2 * DISC;
/// From this many empties up, children are looked up in the table before searching (ETC).
const ETC_EMPTIES: u32 = 12;
/// The evaluation order values moves exactly down to this many discs below alpha, and as merely
/// bad below that (a narrower window for its shallow searches: FFO #45–#52 2.9 % faster, with
/// 0.5 % more nodes; 4 discs cost 1.3 % more nodes, 16 saved no time).
const SORT_WINDOW: i32 = 8;
/// From this many empties up, a node's moves after the first are shared with idle helper threads.
const SPLIT_EMPTIES: u32 = 12;
/// No Othello position has more legal moves than this (the known maximum is 33).
const MAX_MOVES: usize = 34;
/// From this many empties a search of a node the table has no move for first searches it more
/// selectively, for a best move to try first (internal iterative deepening): the exact search at
/// [`IID_LEVEL`], a ProbCut pass at the least safe level, 0 (the first pass does not).
const IID_EMPTIES: u32 = 18;
/// The selectivity of the exact search's first search: the safest ProbCut pass's (at the least
/// safe one, 0, the move it finds orders worse: FFO #45–#52 1 372 M nodes against 1 355 M).
const IID_LEVEL: u8 = PROBCUT_T.len() as u8 - 1;
/// Nodes between two looks at the cancel flag.
const CANCEL_CHECK_NODES: u64 = 1 << 14;

/// Move-order classes for the last empties: corners first, X-squares (diagonally next to a
/// corner) last, C-squares (edge squares next to a corner) just before them.
const PLAIN: u64 = !(CORNERS | X_SQUARES | C_SQUARES);

/// Quadrant masks used for parity ordering (a1-d4, e1-h4, a5-d8, e5-h8).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The quadrant each square lies in.
static QUADRANT_OF: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut q = 0;
        while q < 4 {
            if QUADRANTS[q] >> sq & 1 == 1 {
                table[sq] = QUADRANTS[q];
            }
            q += 1;
        }
        sq += 1;
    }
    table
};

/// 1 when `sq` lies in a quadrant with an odd number of `empty` squares (the parity orders
/// prefer such moves), else 0.
#[inline(always)]
fn odd_quadrant(sq: usize, empty: u64) -> u32 {
    (QUADRANT_OF[sq] & empty).count_ones() & 1
}

/// The squares around each square.
static NEIGHBOURS: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = neighbours(1 << sq);
        sq += 1;
    }
    table
};

/// For a move at position `pos` (0–7) of a line whose other squares are all taken (the mover's
/// where `bits` has a one, the opponent's elsewhere), the opponent discs it flips on that line.
static LINE_FLIPS: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut bits = 0;
        while bits < 256 {
            let mut count = 0;
            // Towards position 7, then towards position 0: a run of opponent discs counts when
            // a mover's disc closes it.
            let mut i = pos + 1;
            while i < 8 && bits >> i & 1 == 0 {
                i += 1;
            }
            if i < 8 {
                count += i - pos - 1;
            }
            let mut i = pos as i32 - 1;
            while i >= 0 && bits >> i & 1 == 0 {
                i -= 1;
            }
            if i >= 0 {
                count += pos - i as usize - 1;
            }
            table[pos][bits] = count as u8;
            bits += 1;
        }
        pos += 1;
    }
    table
};

/// The two diagonals through each square: (a1–h8 direction, a8–h1 direction).
static DIAGONALS: [(u64, u64); 64] = {
    let mut table = [(0u64, 0u64); 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (f, r) = (other % 8, other / 8);
            if f - r == file - rank {
                table[sq].0 |= 1 << other;
            }
            if f + r == file + rank {
                table[sq].1 |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    table
};

/// How many discs the mover (discs `mover`) flips by playing `sq` when every other square is
/// taken: each line through `sq` is gathered into a byte (by file; by rank for the column) and
/// looked up in [`LINE_FLIPS`]. Squares a diagonal lacks read as the opponent's, which no
/// mover's disc closes, so they flip nothing.
#[inline(always)]
fn last_flip_count(mover: u64, sq: usize) -> i32 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    let (file, rank) = (sq & 7, sq >> 3);
    let row = (mover >> (rank * 8)) as u8;
    // Rank r of the column (bit 8r) lands on bit 56 + r.
    let column = (((mover >> file) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
    // One square a file: the bytes add up without carries in the top byte.
    let (d1, d2) = DIAGONALS[sq];
    let diagonal = ((mover & d1).wrapping_mul(FILE_A) >> 56) as u8;
    let anti = ((mover & d2).wrapping_mul(FILE_A) >> 56) as u8;
    let lines = &LINE_FLIPS;
    (lines[file][row as usize]
        + lines[rank][column as usize]
        + lines[file][diagonal as usize]
        + lines[file][anti as usize]) as i32
}

/// The search was stopped by its cancel flag or budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

/// A small table for the positions near the end (from [`LOCAL_EMPTIES`] to [`TABLE_EMPTIES`]):
/// it stays in the core's cache, and it keeps the shared table for the positions farther up.
fn local_table() -> Arc<TranspositionTable> {
    Arc::new(TranspositionTable::new(LOCAL_TABLE_BITS))
}

/// The calling thread's small table for helping the solver whose tables are `owner` (see
/// [`Solver::owner`]), in `generation`: made on the thread's first help, kept between the splits
/// it helps with, and emptied first when the tables it helps with are not the ones it last helped
/// with (another solver's, or the same solver's since its `clear`).
fn helper_table(owner: u64, generation: u8) -> Arc<TranspositionTable> {
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
fn next_owner() -> u64 {
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
    fn check_stop(&mut self) -> Result<(), Cancelled> {
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
    /// [`crate::rules::board::fast_path`] detects, a copy compiled for their instructions runs
    /// (with the AVX2 move generator and flips), and where
    /// [`crate::rules::board::avx512_path`] detects AVX-512 too, a copy with its flips; all are
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
            use crate::rules::board::{avx512_path, fast_path};
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
    fn search_portable(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        self.search_in::<Portable>(player, opponent, alpha, beta)
    }

    /// The body of [`Solver::search`], inlined into each copy; children are searched by the same
    /// copy (`B::search`).
    #[inline(always)]
    fn search_in<B: Bits>(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        let empties = (!(player | opponent)).count_ones();
        if empties < SHALLOW_EMPTIES {
            self.nodes += 1;
            return Ok(B::shallow(
                &mut self.nodes,
                player,
                opponent,
                alpha,
                beta,
                empties,
            ));
        }
        self.nodes += 1;
        self.check_stop()?;

        let key = TranspositionTable::key(player, opponent);
        let use_table = empties >= LOCAL_EMPTIES;
        if use_table {
            self.table(empties).prefetch(key);
        }
        // Stability cutoff: the opponent's stable discs bound what the mover can reach.
        let mut alpha = alpha;
        let mut beta = beta;
        if let Some(ceiling) = stability_ceiling(player, opponent, alpha) {
            if ceiling <= alpha {
                return Ok(ceiling);
            }
            beta = beta.min(ceiling);
        }

        let mut hash_move = None;
        if use_table && let Some(entry) = self.table(empties).probe(key) {
            if entry.depth as u32 >= empties
                && entry.level >= self.level
                && let Some(score) = entry.narrow(&mut alpha, &mut beta)
            {
                return Ok(score);
            }
            hash_move = entry.best_move();
        }

        let moves = B::moves(player, opponent);
        if moves == 0 {
            if B::moves(opponent, player) == 0 {
                return Ok(final_score(player, opponent));
            }
            return Ok(-B::search(self, opponent, player, -beta, -alpha)?);
        }

        // ProbCut: when a shallow search says the score lies far outside the window, believe it.
        if self.level != EXACT
            && empties >= PROBCUT_EMPTIES
            && let Some(weights) = self.weights
            && let Some((score, bound)) =
                probcut(weights, player, opponent, self.level, alpha, beta)
        {
            self.table(empties).store_at_level(
                key,
                empties as u8,
                self.level,
                score as i16,
                bound,
                64,
            );
            return Ok(score);
        }

        // Enhanced transposition cutoff: a child already known to be bad enough for the opponent
        // refutes this node without a search. A child known so only by a ProbCut pass does not
        // (its bound is an estimate), but it is the move most likely to: it is tried first.
        let mut favoured = 0u64;
        if empties >= ETC_EMPTIES {
            // All the children's slots are fetched from memory first, so that their misses overlap.
            let mut children = [(0u64, 0u64, 0usize); MAX_MOVES];
            let mut n = 0;
            let mut m = moves;
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let f = B::flips(player, opponent, sq);
                let child = (opponent ^ f, player | f | (1 << sq), sq);
                self.table(empties - 1)
                    .prefetch(TranspositionTable::key(child.0, child.1));
                children[n] = child;
                n += 1;
            }
            for &(np, no, sq) in &children[..n] {
                if let Some(entry) = self
                    .table(empties - 1)
                    .probe(TranspositionTable::key(np, no))
                    && -(entry.upper as i32) >= beta
                {
                    if entry.depth as u32 + 1 >= empties && entry.level >= self.level {
                        return Ok(-(entry.upper as i32));
                    }
                    favoured |= 1 << sq;
                }
            }
        }

        // Far from the end, a node without a table move is searched more selectively first: the
        // move that search finds best is the likeliest to cut, and what it stores orders the
        // subtree. (Without an evaluation there is no ProbCut, and that search would be this one.)
        if hash_move.is_none()
            && self.level >= 1
            && empties >= IID_EMPTIES
            && self.weights.is_some()
        {
            let level = self.level;
            self.level = if level == EXACT { IID_LEVEL } else { 0 };
            let selective = B::search(self, player, opponent, alpha, beta);
            self.level = level;
            selective?;
            hash_move = self.table(empties).probe(key).and_then(|e| e.best_move());
        }
        let original_alpha = alpha;
        let mut best = -65;
        let mut best_move = 64u8;
        // The hash move is searched before the others are sorted: when it cuts, as it mostly
        // does, the sort (a shallow search per move far from the end) is never paid for.
        let hash_move = hash_move.filter(|&h| moves & (1u64 << h) != 0);
        let mut pending = hash_move;
        let mut ordered: Option<MoveList> = None;
        let node = Node {
            player,
            opponent,
            depth: empties,
            root_side: false,
        };
        loop {
            // The flips the ordering computed for this move, if it did.
            let mut known_flips = 0;
            let sq = match pending.take() {
                Some(h) => h,
                None => {
                    let list = match &mut ordered {
                        Some(list) => list,
                        None => {
                            let rest = moves & !hash_move.map_or(0, |h| 1u64 << h);
                            // Filled where it lies: a returned list would be copied.
                            let list = ordered.insert(MoveList::default());
                            self.order_moves_in::<B>(list, player, opponent, rest, alpha);
                            if favoured & rest != 0 {
                                list.favour(favoured);
                            }
                            list
                        }
                    };
                    let Some(sq) = list.next() else { break };
                    known_flips = list.last_flips();
                    sq
                }
            };
            if best_move != 64
                && empties >= SPLIT_EMPTIES
                && let Some(pool) = self.pool.as_ref().filter(|p| p.idle()).cloned()
            {
                // Young brothers wait: the first move is searched; share out the rest.
                let rest: Vec<u8> = std::iter::once(sq)
                    .chain(ordered.take().into_iter().flatten())
                    .collect();
                let shared = split_search(self, &pool, node, rest, alpha, beta, best, best_move)?;
                best = shared.best;
                best_move = shared.best_move;
                break;
            }
            let f = match known_flips {
                0 => B::flips(player, opponent, sq as usize),
                f => f,
            };
            let (np, no) = (opponent ^ f, player | f | (1 << sq));
            let score = if best_move == 64 {
                -B::search(self, np, no, -beta, -alpha)?
            } else {
                // As `Searcher::scout`, with the children in this copy.
                scout_with(alpha, beta, |a, b| B::search(self, np, no, a, b))?
            };
            if score > best {
                best = score;
                best_move = sq;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        #[cfg(test)]
                        tests::sample_cut(empties, player, opponent, beta);
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if use_table {
            // No ProbCut below its threshold: a result there is exact whatever the pass.
            let level = if empties < PROBCUT_EMPTIES {
                EXACT
            } else {
                self.level
            };
            self.table(empties).store_at_level(
                key,
                empties as u8,
                level,
                best as i16,
                bound,
                best_move,
            );
        }
        Ok(best)
    }

    /// The table for positions with `empties` empties: the shared one far from the end, the
    /// solver's own nearer it.
    #[inline(always)]
    fn table(&self, empties: u32) -> &TranspositionTable {
        if empties >= TABLE_EMPTIES {
            &self.tt
        } else {
            &self.local
        }
    }

    /// Moves in search order: fastest-first (fewest opponent replies, corners preferred) when
    /// enough empties remain, else the static square order. (The hash move is not among them:
    /// the search tries it before sorting.)
    fn ordered_moves(&self, player: u64, opponent: u64, moves: u64, alpha: i32) -> MoveList {
        let mut list = MoveList::default();
        self.order_moves(&mut list, player, opponent, moves, alpha);
        list
    }

    /// [`Solver::ordered_moves`] into an empty `list`. `alpha`: the node's (in discs); the
    /// evaluation order tells moves apart exactly only above [`SORT_WINDOW`] below it.
    fn order_moves(&self, list: &mut MoveList, player: u64, opponent: u64, moves: u64, alpha: i32) {
        self.order_moves_in::<Portable>(list, player, opponent, moves, alpha);
    }

    /// The body of [`Solver::order_moves`] with the primitives of `B`.
    #[inline(always)]
    fn order_moves_in<B: Bits>(
        &self,
        list: &mut MoveList,
        player: u64,
        opponent: u64,
        moves: u64,
        alpha: i32,
    ) {
        let empties = (!(player | opponent)).count_ones();
        if empties >= SORT_EMPTIES {
            // Far from the end: the opponent's mobility and potential mobility (corners twice
            // in both) and the evaluation of a shallow search ([`sort_depth`]). Nearer the end:
            // fastest-first with potential mobility and parity.
            let table = (empties > LOCAL_EMPTIES).then(|| self.table(empties - 1));
            match self.weights.filter(|_| empties >= EVAL_SORT_EMPTIES) {
                Some(weights) => {
                    let depth = sort_depth(empties);
                    // Moves far below alpha only need to be known as bad: their shallow searches
                    // stop at that bound.
                    let sort_alpha = ((alpha - SORT_WINDOW) * DISC).max(-64 * DISC);
                    value_children::<B>(
                        list,
                        table,
                        player,
                        opponent,
                        moves,
                        |_, np, no, replies| {
                            // Squares counted once, corners twice.
                            let count = |bits: u64| {
                                (bits.count_ones() + (bits & CORNERS).count_ones()) as i32
                            };
                            let eval =
                                B::sort_search(weights, np, no, depth, -64 * DISC, -sort_alpha);
                            // Potential mobility, the empties next to the mover's discs, at a disc
                            // each: FFO #45–#52 6 % fewer nodes (half a disc or two: 1 % / 4 %
                            // more than one).
                            let potential = count(neighbours(no) & !(np | no));
                            -count(replies) * MOBILITY_WEIGHT - potential * DISC - eval
                        },
                    );
                }
                None => fastest_first_in::<B>(list, table, self.weights, player, opponent, moves),
            }
            list.sort();
        } else {
            for class in [CORNERS, PLAIN, C_SQUARES, X_SQUARES] {
                let mut m = moves & class;
                while m != 0 {
                    list.push(m.trailing_zeros() as u8, 0);
                    m &= m - 1;
                }
            }
        }
    }
}

/// The depth of the evaluation order's search below a node with `empties` empties: deeper the more
/// empties remain (a third fewer nodes than mobility alone; two plies instead of three from 23
/// empties saved 2 % of the nodes on FFO #45–#52 but doubled them on #57, 4.1 G against 2.1 G).
/// Four plies at 27–30 empties, one thread: FFO #53–#54 −10.5 % nodes and 111.5 → 100.6 s,
/// #55–#58 −2.2 % nodes, 16 self-play positions with 28 empties −2.1 %; #45–#52 the same. Not
/// above 30: four plies at 31–34 empties as well made #59's wipeout proof take 49.9 M nodes
/// instead of 18 069 (from 25 empties instead of 27, #53–#54 took 3.1 % more nodes than from 27).
#[inline(always)]
const fn sort_depth(empties: u32) -> u32 {
    match empties {
        ..=18 => 1,
        19..=22 => 2,
        27..=30 => 4,
        _ => 3,
    }
}

/// The bitboard primitives of the ordering code: portable, or (on x86-64) the AVX2 or AVX-512
/// versions.
trait Bits {
    fn flips(player: u64, opponent: u64, sq: usize) -> u64;
    fn moves(player: u64, opponent: u64) -> u64;
    /// [`Solver::search`] in this copy.
    fn search(
        solver: &mut Solver,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled>;
    /// [`shallow`] in this copy.
    fn shallow(
        nodes: &mut u64,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
    ) -> i32;
    /// [`sort_search`] in this copy.
    fn sort_search(
        weights: &Weights,
        player: u64,
        opponent: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32;
    /// The evaluation in this copy.
    fn evaluate(weights: &Weights, player: u64, opponent: u64) -> i32;
}

/// The portable primitives.
struct Portable;

impl Bits for Portable {
    #[inline(always)]
    fn flips(player: u64, opponent: u64, sq: usize) -> u64 {
        flips(player, opponent, sq)
    }

    #[inline(always)]
    fn moves(player: u64, opponent: u64) -> u64 {
        legal_moves(player, opponent)
    }

    #[inline(always)]
    fn search(
        solver: &mut Solver,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        solver.search_portable(player, opponent, alpha, beta)
    }

    #[inline(always)]
    fn shallow(
        nodes: &mut u64,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
    ) -> i32 {
        portable::shallow_from(nodes, player, opponent, alpha, beta, empties)
    }

    #[inline(always)]
    fn sort_search(
        weights: &Weights,
        player: u64,
        opponent: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        sort_search_portable(weights, player, opponent, depth, alpha, beta)
    }

    #[inline(always)]
    fn evaluate(weights: &Weights, player: u64, opponent: u64) -> i32 {
        weights.evaluate_by(player, opponent, Self::moves)
    }
}

/// Each of `moves` into `list` with its flips and the value `value` gives it from the square, the
/// position after it (opponent to move) and the opponent's replies. With `table`, each child's slot
/// is fetched from memory for the search that follows.
#[inline(always)]
fn value_children<B: Bits>(
    list: &mut MoveList,
    table: Option<&TranspositionTable>,
    player: u64,
    opponent: u64,
    moves: u64,
    mut value: impl FnMut(u8, u64, u64, u64) -> i32,
) {
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros() as u8;
        m &= m - 1;
        let f = B::flips(player, opponent, sq as usize);
        let (np, no) = (opponent ^ f, player | f | (1 << sq));
        if let Some(tt) = table {
            tt.prefetch(TranspositionTable::key(np, no));
        }
        let replies = B::moves(np, no);
        list.push_with_flips(sq, value(sq, np, no, replies), f);
    }
}

/// The fastest-first values of `moves` into `list`: the fewer replies left to the opponent the
/// better (corners count more), then corners, potential mobility and parity; from
/// [`RICH_ORDER_EMPTIES`] up, also the mover's own moves and stable discs after the move; from
/// [`EVAL_TOP_EMPTIES`] up with `weights`, the evaluation of the best [`EVAL_TOP_MOVES`].
#[inline(always)]
fn fastest_first_in<B: Bits>(
    list: &mut MoveList,
    table: Option<&TranspositionTable>,
    weights: Option<&Weights>,
    player: u64,
    opponent: u64,
    moves: u64,
) {
    let empty = !(player | opponent);
    let empties = empty.count_ones();
    let rich = empties >= RICH_ORDER_EMPTIES;
    value_children::<B>(
        list,
        table,
        player,
        opponent,
        moves,
        |sq, np, no, replies| {
            let common = -(replies.count_ones() as i32) * 16
                // Potential mobility left to the opponent: empties next to our discs.
                - (neighbours(no) & !(np | no)).count_ones() as i32 * 2
                // Parity: a move into a region with an odd number of empties.
                + odd_quadrant(sq as usize, empty) as i32 * 4;
            if rich {
                // Fitted (`scripts/fit-order.py`) to cut nodes sampled from FFO #45–#52: at
                // 13–15 empties, the nodes searched up to the first refutation, against the
                // cheapest refutation's, 1.53× → 1.45×; on the sample `order_data` takes from
                // #45–#49, 1.84× → 1.69× (FFO #53–#54: −6 % nodes, −3 % time).
                common - (replies & CORNERS).count_ones() as i32 * 19 + corner_bonus(sq, 4, -7)
                    - if C_SQUARES >> sq & 1 == 1 { 2 } else { 0 }
                    + B::moves(no, np).count_ones() as i32 * 4
                    + stable_discs(no, np).count_ones() as i32 * 2
            } else {
                // Replies on corners are worse than their count says.
                common - (replies & CORNERS).count_ones() as i32 * 8 + corner_bonus(sq, 12, -6)
            }
        },
    );
    if empties >= EVAL_TOP_EMPTIES
        && let Some(weights) = weights
    {
        list.revalue_best(EVAL_TOP_MOVES, |sq, f| {
            let (np, no) = (opponent ^ f, player | f | (1 << sq));
            note_evaluated(np, no);
            -B::evaluate(weights, np, no) / EVAL_TOP_SCALE
        });
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

    fn template(&self) -> Template {
        Template::Solver(Solver::template(self))
    }

    fn chain_mut(&mut self) -> &mut Vec<Arc<Split>> {
        &mut self.chain
    }

    fn nodes_mut(&mut self) -> &mut u64 {
        &mut self.nodes
    }
}

thread_local! {
    /// While not zero, the positions this thread's solver evaluates are kept when their hash
    /// begins with this many zero bits ([`evaluated_positions`]).
    static KEEP_BITS: Cell<u32> = const { Cell::new(0) };
    /// The positions kept, as (player, opponent).
    static KEPT: RefCell<Vec<(u64, u64)>> = const { RefCell::new(Vec::new()) };
}

/// Where the solver reads the pattern evaluation (its ordering searches, ProbCut's estimates and
/// the second look at the best moves): keeps the position while [`evaluated_positions`] asks.
#[inline(always)]
fn note_evaluated(player: u64, opponent: u64) {
    let bits = KEEP_BITS.with(Cell::get);
    if bits != 0 {
        keep_evaluated(player, opponent, bits);
    }
}

#[cold]
#[inline(never)]
fn keep_evaluated(player: u64, opponent: u64, bits: u32) {
    if keep_hash(player, opponent) >> (64 - bits) == 0 {
        KEPT.with(|kept| kept.borrow_mut().push((player, opponent)));
    }
}

/// The hash [`evaluated_positions`] samples by: its leading zero bits decide.
fn keep_hash(player: u64, opponent: u64) -> u64 {
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

/// ProbCut's confidence levels: a cut is made when the shallow estimate lies this many standard
/// deviations (in hundredths) outside the window.
pub const PROBCUT_T: [i32; 3] = [80, 130, 200];
/// ProbCut is tried from this many empties up.
const PROBCUT_EMPTIES: u32 = 10;

/// The depth of ProbCut's shallow search with `empties` empty squares.
const fn probcut_depth(empties: u32) -> u32 {
    match empties {
        ..=13 => 0,
        14..=17 => 1,
        18..=21 => 2,
        _ => 3,
    }
}

/// The standard deviation (hundredths of a disc) of the exact score around the shallow search of
/// [`probcut_depth`], measured by the `probcut_errors` test (`cargo test --release --test engine
/// -- --ignored probcut_errors --nocapture`).
const fn probcut_sigma(empties: u32) -> i32 {
    let e = empties as i32;
    PROBCUT_SIGMA.0 + PROBCUT_SIGMA.1 * e
}
const PROBCUT_SIGMA: (i32, i32) = (1153, -16);

/// No ProbCut for a window that asks about a wipeout or nearly one: whether the mover ends with
/// more than this (`alpha` at least it), or the opponent does (`beta` at most minus it). The
/// shallow estimate's error was measured on ordinary positions; near a wipeout the evaluation
/// cannot tell it from a large win, and its estimate says no. On FFO #59 (+64), the 2.0σ pass
/// then answered "at most +62" and the exact probe that found the wipeout took 94 M of the solve's
/// 108 M nodes (7.6 s on one thread); with no cut at those windows the passes find it, and the
/// solve takes 18 069 nodes. #40–#58 search the same nodes either way.
const PROBCUT_EDGE: i32 = 60;

/// A cut for the window `[alpha, beta]` (disc units) at selectivity `level`, if the shallow search
/// lies far enough outside it: the score to return and what it bounds.
fn probcut(
    weights: &Weights,
    player: u64,
    opponent: u64,
    level: u8,
    alpha: i32,
    beta: i32,
) -> Option<(i32, Bound)> {
    if alpha >= PROBCUT_EDGE || beta <= -PROBCUT_EDGE {
        return None;
    }
    let empties = (!(player | opponent)).count_ones();
    let depth = probcut_depth(empties);
    let margin = PROBCUT_T[level as usize] * probcut_sigma(empties) / 100;
    let high = beta * DISC + margin;
    if high < 64 * DISC && sort_search(weights, player, opponent, depth, high - 1, high) >= high {
        return Some((beta, Bound::Lower));
    }
    let low = alpha * DISC - margin;
    if low > -64 * DISC && sort_search(weights, player, opponent, depth, low, low + 1) <= low {
        return Some((alpha, Bound::Upper));
    }
    None
}

/// The shallow estimate ProbCut uses for a position (hundredths of a disc, mover's view): for
/// measuring its error.
pub fn probcut_estimate(weights: &Weights, player: u64, opponent: u64) -> i32 {
    let empties = (!(player | opponent)).count_ones();
    sort_search(
        weights,
        player,
        opponent,
        probcut_depth(empties),
        -64 * DISC,
        64 * DISC,
    )
}

/// A small alpha-beta on the pattern evaluation, only to order the solver's moves (and for
/// ProbCut's estimates). On processors [`crate::rules::board::fast_path`] detects, a copy compiled
/// for their instructions runs; both are the same code.
fn sort_search(
    weights: &Weights,
    player: u64,
    opponent: u64,
    depth: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    #[cfg(target_arch = "x86_64")]
    {
        use crate::rules::board::{avx512_path, fast_path};
        // SAFETY (both): the instructions each copy is compiled for were detected.
        if avx512_path() {
            return unsafe { sort_search_x86_512(weights, player, opponent, depth, alpha, beta) };
        }
        if fast_path() {
            return unsafe { sort_search_x86(weights, player, opponent, depth, alpha, beta) };
        }
    }
    sort_search_portable(weights, player, opponent, depth, alpha, beta)
}

fn sort_search_portable(
    weights: &Weights,
    player: u64,
    opponent: u64,
    depth: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    sort_search_in::<Portable>(
        weights,
        player,
        opponent,
        depth,
        alpha,
        beta,
        sort_search_portable,
    )
}

/// The body of [`sort_search`], inlined into each copy; `child` searches the children.
#[inline(always)]
fn sort_search_in<B: Bits>(
    weights: &Weights,
    player: u64,
    opponent: u64,
    depth: u32,
    alpha: i32,
    beta: i32,
    child: fn(&Weights, u64, u64, u32, i32, i32) -> i32,
) -> i32 {
    if depth == 0 {
        note_evaluated(player, opponent);
        return B::evaluate(weights, player, opponent);
    }
    let moves = B::moves(player, opponent);
    if moves == 0 {
        if B::moves(opponent, player) == 0 {
            return final_score(player, opponent) * DISC;
        }
        return -child(weights, opponent, player, depth, -beta, -alpha);
    }
    let mut alpha = alpha;
    let mut best = -64 * DISC;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let f = B::flips(player, opponent, sq);
        let score = if depth == 1 {
            // The leaves directly: the evaluation inlined into this copy.
            note_evaluated(opponent ^ f, player | f | (1 << sq));
            -B::evaluate(weights, opponent ^ f, player | f | (1 << sq))
        } else {
            -child(
                weights,
                opponent ^ f,
                player | f | (1 << sq),
                depth - 1,
                -beta,
                -alpha,
            )
        };
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// The last few empties (fewer than [`SHALLOW_EMPTIES`]): no table, moves in parity order, the
/// last two empties played out directly, stability cutoffs from [`SHALLOW_STABILITY_EMPTIES`].
/// `empties`: the number of empty squares. Returns the exact score; `nodes` counts the moves made.
///
/// On x86-64 processors with POPCNT, LZCNT, BMI1/2 and AVX2 (detected once, at run time) a copy
/// compiled for them runs (about a tenth faster), with AVX-512 F/VL/CD as well a copy with its
/// flips; everywhere else, and in the browser, the portable one. All are the same code, and tests
/// hold them to the same scores and node counts.
#[inline]
pub fn shallow(
    nodes: &mut u64,
    player: u64,
    opponent: u64,
    alpha: i32,
    beta: i32,
    empties: u32,
) -> i32 {
    #[cfg(target_arch = "x86_64")]
    {
        use crate::rules::board::{avx512_path, fast_path};
        // SAFETY (both): the instructions each copy is compiled for were detected.
        if avx512_path() {
            return unsafe { x86_512::shallow_from(nodes, player, opponent, alpha, beta, empties) };
        }
        if fast_path() {
            return unsafe { x86::shallow_from(nodes, player, opponent, alpha, beta, empties) };
        }
    }
    portable::shallow_from(nodes, player, opponent, alpha, beta, empties)
}

/// [`shallow`] on the portable path only (the reference the fast path is tested against).
pub fn shallow_portable(
    nodes: &mut u64,
    player: u64,
    opponent: u64,
    alpha: i32,
    beta: i32,
    empties: u32,
) -> i32 {
    portable::shallow_from(nodes, player, opponent, alpha, beta, empties)
}

/// The empty squares of a position near the end (at most eight), in the shallow solver's order of
/// preference: corners, ordinary squares, C-squares, X-squares, by index inside each class. Made
/// once where the shallow solver starts and handed down less the square played, instead of being
/// sorted again at every node; with it, which quadrants hold an odd number of empties.
#[derive(Clone, Copy, Debug)]
struct EmptyList {
    /// One square a byte: its index, and its quadrant (0–3, as [`QUADRANTS`]) in the top bits.
    squares: u64,
    len: u32,
    /// Bit `q`: quadrant `q` has an odd number of empties.
    parity: u32,
}

impl EmptyList {
    #[inline(always)]
    fn of(empty: u64) -> EmptyList {
        let mut list = EmptyList {
            squares: 0,
            len: 0,
            parity: 0,
        };
        for class in [CORNERS, PLAIN, C_SQUARES, X_SQUARES] {
            let mut m = empty & class;
            while m != 0 {
                let sq = m.trailing_zeros() as u64;
                // Files e–h: quadrant bit 0; ranks 5–8: quadrant bit 1.
                let quadrant = (sq >> 2 & 1) | (sq >> 4 & 2);
                list.squares |= (sq | quadrant << 6) << (8 * list.len);
                list.parity ^= 1 << quadrant;
                list.len += 1;
                m &= m - 1;
            }
        }
        debug_assert!(list.len <= 8);
        list
    }

    /// Square `i` (below `len`).
    #[inline(always)]
    fn get(self, i: usize) -> usize {
        (self.squares >> (8 * i)) as usize & 63
    }

    /// Whether square `i` (below `len`) lies in a quadrant with an odd number of empties.
    #[inline(always)]
    fn odd(self, i: usize) -> bool {
        self.parity >> ((self.squares >> (8 * i + 6)) & 3) & 1 == 1
    }

    /// The list without square `i` (below `len`), the others in the same order.
    #[inline(always)]
    fn without(self, i: usize) -> EmptyList {
        let below = (1u64 << (8 * i)) - 1;
        EmptyList {
            squares: (self.squares & below) | ((self.squares >> 8) & !below),
            len: self.len - 1,
            parity: self.parity ^ 1 << ((self.squares >> (8 * i + 6)) & 3),
        }
    }
}

/// The shallow solver's body, instantiated once portable and once with extra instructions enabled.
macro_rules! shallow_solver {
    ($flips:path $(, #[$attr:meta])?) => {
        use super::*;
        use $flips as flips;

        /// The shallow solver from a position with `empties` empty squares (fewer than eight).
        $(#[$attr])?
        pub(super) fn shallow_from(
            nodes: &mut u64,
            player: u64,
            opponent: u64,
            alpha: i32,
            beta: i32,
            empties: u32,
        ) -> i32 {
            debug_assert_eq!((!(player | opponent)).count_ones(), empties);
            let list = EmptyList::of(!(player | opponent));
            shallow(nodes, player, opponent, alpha, beta, list, false)
        }

        /// Parity order: odd quadrants first, then even ones; inside each, the order of `list`
        /// (corners, ordinary squares, C- and X-squares). `passed`: the opponent has just passed.
        $(#[$attr])?
        fn shallow(
            nodes: &mut u64,
            player: u64,
            opponent: u64,
            alpha: i32,
            beta: i32,
            list: EmptyList,
            passed: bool,
        ) -> i32 {
            let empty = !(player | opponent);
            match list.len {
                1 => return last_empty(player, opponent, list.get(0)),
                2 => return last_two(nodes, player, opponent, beta, empty),
                _ => {}
            }
            // Stability cutoff: the opponent's stable discs bound what the mover can reach.
            if list.len >= SHALLOW_STABILITY_EMPTIES
                && let Some(ceiling) = stability_ceiling(player, opponent, alpha)
                && ceiling <= alpha
            {
                return ceiling;
            }
            let mut alpha = alpha;
            let mut best = -65;
            let mut any = false;
            for in_odd in [true, false] {
                for i in 0..list.len as usize {
                    if list.odd(i) != in_odd {
                        continue;
                    }
                    let sq = list.get(i);
                    let f = flips_near(player, opponent, sq);
                    if f == 0 {
                        continue;
                    }
                    any = true;
                    *nodes += 1;
                    let score = -shallow(
                        nodes,
                        opponent ^ f,
                        player | f | (1 << sq),
                        -beta,
                        -alpha,
                        list.without(i),
                        false,
                    );
                    if score > best {
                        best = score;
                        if score > alpha {
                            alpha = score;
                            if alpha >= beta {
                                return best;
                            }
                        }
                    }
                }
            }
            if any {
                return best;
            }
            if passed {
                // Neither side can move: the game is over.
                return final_score(player, opponent);
            }
            -shallow(nodes, opponent, player, -beta, -alpha, list, true)
        }

        /// Two empties left: each side's moves tried directly, the last square counted.
        $(#[$attr])?
        fn last_two(nodes: &mut u64, player: u64, opponent: u64, beta: i32, empty: u64) -> i32 {
            let a = empty.trailing_zeros() as usize;
            let b = 63 - empty.leading_zeros() as usize;
            if let Some(best) = best_of_two(nodes, player, opponent, a, b, beta) {
                return best;
            }
            // The mover passes.
            match best_of_two(nodes, opponent, player, a, b, 65) {
                Some(best) => -best,
                None => final_score(player, opponent),
            }
        }

        /// The mover's best score playing `a` or `b` (the other square then ends the game),
        /// stopping at `beta`; `None` when neither is legal.
        $(#[$attr])?
        fn best_of_two(
            nodes: &mut u64,
            player: u64,
            opponent: u64,
            a: usize,
            b: usize,
            beta: i32,
        ) -> Option<i32> {
            let mut best = None;
            for (x, y) in [(a, b), (b, a)] {
                let f = flips_near(player, opponent, x);
                if f == 0 {
                    continue;
                }
                *nodes += 1;
                let score = -last_empty(opponent ^ f, player | f | (1 << x), y);
                if best.is_none_or(|b| score > b) {
                    best = Some(score);
                    if score >= beta {
                        break;
                    }
                }
            }
            best
        }

        /// [`flips`], answered at once for a square with no opponent disc next to it (which
        /// flips nothing).
        $(#[$attr])?
        #[inline]
        fn flips_near(player: u64, opponent: u64, sq: usize) -> u64 {
            if NEIGHBOURS[sq] & opponent == 0 {
                0
            } else {
                flips(player, opponent, sq)
            }
        }

        /// The exact score with one empty square left, from the mover's view.
        $(#[$attr])?
        #[inline]
        fn last_empty(player: u64, opponent: u64, sq: usize) -> i32 {
            let p = player.count_ones() as i32;
            let f = last_flip_count(player, sq);
            if f != 0 {
                // Mover plays: p + f + 1 against 63 - p - f - 1.
                return 2 * (p + f + 1) - 64;
            }
            let g = last_flip_count(opponent, sq);
            if g != 0 {
                // Opponent plays: the mover keeps p - g.
                return 2 * (p - g) - 64;
            }
            // Nobody can play the last square: it goes to the winner.
            let diff = 2 * p - 63;
            if diff > 0 {
                diff + 1
            } else if diff < 0 {
                diff - 1
            } else {
                0
            }
        }
    };
}

mod portable {
    shallow_solver!(crate::rules::board::flips);
}

/// One copy of the solver's hot code compiled for a set of x86-64 instructions (`features`, which
/// the caller must have detected): the primitives `$bits` (with `flips`; the moves with AVX2), the
/// solver's search (`Solver::$search`), the evaluation's ordering search (`$sort_search`) and the
/// last plies (`$module::shallow_from`). Each copy calls only itself below its entry.
#[cfg(target_arch = "x86_64")]
macro_rules! x86_copy {
    ($bits:ident, $module:ident, $flips:path, $search:ident, $sort_search:ident, #[$features:meta]) => {
        /// The primitives of this copy: only for code compiled for its instructions (inlined
        /// there, they are compiled with them too).
        struct $bits;

        impl Bits for $bits {
            #[inline(always)]
            fn flips(player: u64, opponent: u64, sq: usize) -> u64 {
                // SAFETY: used only in this copy, which runs where its instructions were detected.
                unsafe { $flips(player, opponent, sq) }
            }

            #[inline(always)]
            fn moves(player: u64, opponent: u64) -> u64 {
                // SAFETY: as above (every copy has AVX2).
                unsafe { crate::rules::board::legal_moves_avx2(player, opponent) }
            }

            #[inline(always)]
            fn search(
                solver: &mut Solver,
                player: u64,
                opponent: u64,
                alpha: i32,
                beta: i32,
            ) -> Result<i32, Cancelled> {
                // SAFETY: as above.
                unsafe { solver.$search(player, opponent, alpha, beta) }
            }

            #[inline(always)]
            fn shallow(
                nodes: &mut u64,
                player: u64,
                opponent: u64,
                alpha: i32,
                beta: i32,
                empties: u32,
            ) -> i32 {
                // SAFETY: as above.
                unsafe { $module::shallow_from(nodes, player, opponent, alpha, beta, empties) }
            }

            #[inline(always)]
            fn sort_search(
                weights: &Weights,
                player: u64,
                opponent: u64,
                depth: u32,
                alpha: i32,
                beta: i32,
            ) -> i32 {
                // SAFETY: as above.
                unsafe { $sort_search(weights, player, opponent, depth, alpha, beta) }
            }

            #[inline(always)]
            fn evaluate(weights: &Weights, player: u64, opponent: u64) -> i32 {
                weights.evaluate_fast_by(player, opponent, Self::moves)
            }
        }

        impl Solver {
            /// [`Solver::search`] in this copy.
            ///
            /// # Safety
            /// Only where the copy's instructions were detected.
            #[$features]
            unsafe fn $search(
                &mut self,
                player: u64,
                opponent: u64,
                alpha: i32,
                beta: i32,
            ) -> Result<i32, Cancelled> {
                self.search_in::<$bits>(player, opponent, alpha, beta)
            }
        }

        /// [`sort_search`] in this copy.
        ///
        /// # Safety
        /// Only where the copy's instructions were detected.
        #[$features]
        unsafe fn $sort_search(
            weights: &Weights,
            player: u64,
            opponent: u64,
            depth: u32,
            alpha: i32,
            beta: i32,
        ) -> i32 {
            /// The recursion, back into this copy.
            fn child(
                weights: &Weights,
                player: u64,
                opponent: u64,
                depth: u32,
                alpha: i32,
                beta: i32,
            ) -> i32 {
                // SAFETY: only reached from this copy, which runs where its instructions were
                // detected.
                unsafe { $sort_search(weights, player, opponent, depth, alpha, beta) }
            }
            sort_search_in::<$bits>(weights, player, opponent, depth, alpha, beta, child)
        }

        mod $module {
            shallow_solver!($flips, #[$features]);

            /// [`fastest_first_in`] in this copy.
            ///
            /// # Safety
            /// Only where the copy's instructions were detected.
            #[cfg(test)]
            #[$features]
            pub(super) unsafe fn fastest_first(
                list: &mut MoveList,
                table: Option<&TranspositionTable>,
                weights: Option<&Weights>,
                player: u64,
                opponent: u64,
                moves: u64,
            ) {
                fastest_first_in::<super::$bits>(list, table, weights, player, opponent, moves);
            }
        }
    };
}

// The copy for processors with POPCNT, LZCNT, BMI1/2 and AVX2 (`fast_path`).
#[cfg(target_arch = "x86_64")]
x86_copy!(
    Avx2,
    x86,
    crate::rules::board::flips_avx2,
    search_x86,
    sort_search_x86,
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
);

// The copy for processors with AVX-512 F, VL and CD as well (`avx512_path`): its flips count
// leading zeros per lane, and the compiler may use the AVX-512 instructions in the rest.
#[cfg(target_arch = "x86_64")]
x86_copy!(
    Avx512,
    x86_512,
    crate::rules::board::flips_avx512,
    search_x86_512,
    sort_search_x86_512,
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512vl,avx512cd")]
);

/// The most the mover can score when the opponent keeps its stable discs (those
/// [`STABILITY_ROUNDS`] rounds of the stability rule find), or `None` when the opponent has too
/// few discs for that ceiling to reach `alpha` (then it is not worth computing).
#[inline(always)]
fn stability_ceiling(player: u64, opponent: u64, alpha: i32) -> Option<i32> {
    if alpha < 64 - 2 * opponent.count_ones() as i32 {
        return None;
    }
    let stable = stable_discs_within(opponent, player, STABILITY_ROUNDS);
    Some(64 - 2 * stable.count_ones() as i32)
}

/// The final disc difference for `player` when the game ends now (empties to the winner).
#[inline(always)]
pub fn final_score(player: u64, opponent: u64) -> i32 {
    let p = player.count_ones() as i32;
    let o = opponent.count_ones() as i32;
    let e = 64 - p - o;
    match p.cmp(&o) {
        std::cmp::Ordering::Greater => p - o + e,
        std::cmp::Ordering::Less => p - o - e,
        std::cmp::Ordering::Equal => 0,
    }
}

/// A small list of moves with ordering values, handed out best first once sorted (each picked
/// when asked for), and each move's flips where the ordering already computed them.
pub struct MoveList {
    /// The first `len` are written; the rest are never read (and never cleared: a list is made
    /// at every node, and clearing it cost more than filling it).
    moves: [MaybeUninit<(u8, i32, u64)>; MAX_MOVES],
    len: usize,
    next: usize,
    /// Whether [`Iterator::next`] picks the best remaining move (else: the next pushed).
    select: bool,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
            next: 0,
            select: false,
        }
    }
}

impl MoveList {
    pub fn push(&mut self, sq: u8, value: i32) {
        self.push_with_flips(sq, value, 0);
    }

    /// A move with the discs it flips (0: not computed).
    pub fn push_with_flips(&mut self, sq: u8, value: i32, flips: u64) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new((sq, value, flips));
            self.len += 1;
        }
    }

    /// Once sorted, the moves not yet handed out that are in `squares` come before the others
    /// (best value first among themselves too).
    pub fn favour(&mut self, squares: u64) {
        for i in self.next..self.len {
            let (sq, value, f) = self.get(i);
            if squares >> sq & 1 == 1 {
                // Ordering values stay within a few times 10^4, far below this lift.
                self.moves[i] = MaybeUninit::new((sq, value.saturating_add(1 << 24), f));
            }
        }
    }

    /// The `k` moves of highest value (the first pushed among equals) valued again: `extra(sq,
    /// flips)` added, and put before all the others (`favour` still puts its moves first).
    /// Before [`MoveList::sort`], with every move's flips.
    pub fn revalue_best(&mut self, k: usize, mut extra: impl FnMut(u8, u64) -> i32) {
        let mut chosen = 0u64;
        for _ in 0..k.min(self.len) {
            let mut best = None;
            for i in (0..self.len).filter(|&i| chosen >> i & 1 == 0) {
                if best.is_none_or(|(_, value)| self.get(i).1 > value) {
                    best = Some((i, self.get(i).1));
                }
            }
            let Some((i, _)) = best else { break };
            chosen |= 1 << i;
        }
        while chosen != 0 {
            let i = chosen.trailing_zeros() as usize;
            chosen &= chosen - 1;
            let (sq, value, f) = self.get(i);
            debug_assert!(f != 0, "a move without its flips");
            // Below `favour`'s lift, above any ordering value.
            let value = value.saturating_add(extra(sq, f)).saturating_add(1 << 20);
            self.moves[i] = MaybeUninit::new((sq, value, f));
        }
    }

    /// The flips of the move [`Iterator::next`] returned last, or 0 if they were not computed.
    pub fn last_flips(&self) -> u64 {
        self.next.checked_sub(1).map_or(0, |i| self.get(i).2)
    }

    /// From now on the moves come best value first, equal values in the order they were pushed.
    /// Each is picked when it is asked for: a node that cuts on its first moves never sorts the
    /// rest.
    pub fn sort(&mut self) {
        self.select = true;
    }

    /// Move `i`, one of the first `len`.
    #[inline(always)]
    fn get(&self, i: usize) -> (u8, i32, u64) {
        assert!(i < self.len);
        // SAFETY: the first `len` moves were written by `push_with_flips` (and `next` only
        // reorders them).
        unsafe { self.moves[i].assume_init() }
    }
}

impl Iterator for MoveList {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.next >= self.len {
            return None;
        }
        if self.select {
            // The first of the best remaining, moved in front of the others (keeping their order).
            let mut best = self.next;
            let mut value = self.get(best).1;
            for i in self.next + 1..self.len {
                let v = self.get(i).1;
                if v > value {
                    best = i;
                    value = v;
                }
            }
            self.moves[self.next..=best].rotate_right(1);
        }
        self.next += 1;
        Some(self.get(self.next - 1).0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::tt::Entry;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    use std::sync::Mutex;

    /// Whether [`sample_cut`] keeps cut nodes (only while [`order_data`] runs).
    static SAMPLING: AtomicBool = AtomicBool::new(false);
    /// What [`sample_cut`] keeps: one cut node in `every` with `empties` empties.
    struct Sampling {
        empties: std::ops::RangeInclusive<u32>,
        every: u64,
        seen: u64,
        cuts: Vec<(u32, u64, u64, i32)>,
    }
    static CUTS: Mutex<Sampling> = Mutex::new(Sampling {
        empties: 10..=15,
        every: 500,
        seen: 0,
        cuts: Vec::new(),
    });

    /// Called by the search (in test builds) where a move cuts: while [`order_data`] runs, keeps
    /// some of the cut nodes (empties, player, opponent, beta).
    pub(super) fn sample_cut(empties: u32, player: u64, opponent: u64, beta: i32) {
        if !SAMPLING.load(Relaxed) {
            return;
        }
        let mut sampling = CUTS.lock().unwrap();
        if sampling.empties.contains(&empties) {
            sampling.seen += 1;
            if sampling.seen.is_multiple_of(sampling.every) {
                sampling.cuts.push((empties, player, opponent, beta));
            }
        }
    }

    /// The data `scripts/fit-order.py` fits the fastest-first weights to: cut nodes sampled from
    /// the solves of FFO #45–#49 (one thread, the passes included), and for each of their moves,
    /// whether it refutes the node, the nodes its null-window search takes from empty tables, and
    /// what the order reads of the position after it. One line a move: node, empties, beta,
    /// square, refutes (0/1), nodes, the opponent's replies, those on corners, potential mobility,
    /// parity (1: an odd region), the square's class (0 corner, 1 other, 2 C, 3 X), the mover's
    /// own moves, its stable discs, the static evaluation for the opponent (hundredths of a disc),
    /// potential mobility on corners, the ordering search's value for the opponent (at the
    /// depth the evaluation order uses for the node); then the opponent's potential mobility and
    /// stable discs, the mover's discs, the replies on X- and C-squares, the replies into odd
    /// regions, the discs flipped, the mover's own moves on corners, and three parts of the
    /// evaluation's pattern sum for the opponent (no mobility): the edge and corner groups only,
    /// those with row 2, and every group ([`pattern_part`]). Written to `$ORDER_DATA` (default
    /// `target/order-data.txt`); `$ORDER_EMPTIES` (default `10-15`) and `$ORDER_EVERY` (500) say
    /// which cut nodes are kept. About two minutes with the defaults:
    /// `cargo test --release --no-default-features --lib order_data -- --ignored`.
    #[test]
    #[ignore]
    fn order_data() {
        use std::io::Write;
        {
            let mut sampling = CUTS.lock().unwrap();
            if let Ok(range) = std::env::var("ORDER_EMPTIES") {
                let (low, high) = range.split_once('-').expect("ORDER_EMPTIES: low-high");
                sampling.empties = low.parse().unwrap()..=high.parse().unwrap();
            }
            if let Ok(every) = std::env::var("ORDER_EVERY") {
                sampling.every = every.parse().unwrap();
            }
        }
        SAMPLING.store(true, Relaxed);
        let report = crate::protocol::cli::bench_report(45, 49, 1, false, |_| {});
        SAMPLING.store(false, Relaxed);
        assert!(report.expect("bench").1, "a score differs");
        let cuts = std::mem::take(&mut CUTS.lock().unwrap().cuts);
        assert!(cuts.len() > 1_000, "{} cut nodes", cuts.len());
        let path = std::env::var("ORDER_DATA").unwrap_or_else(|_| "target/order-data.txt".into());
        if let Some(dir) = std::path::Path::new(&path).parent() {
            std::fs::create_dir_all(dir).expect("the data file's folder");
        }
        let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("data file"));
        let weights = shipped().expect("shipped weights");
        let mut solver = Solver::new(TranspositionTable::new(20), Arc::default());
        for (node, &(empties, player, opponent, beta)) in cuts.iter().enumerate() {
            let empty = !(player | opponent);
            let mut m = legal_moves(player, opponent);
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let f = flips(player, opponent, sq);
                let (np, no) = (opponent ^ f, player | f | 1 << sq);
                solver.clear();
                solver.nodes = 0;
                let score = -solver.search(np, no, -beta, -beta + 1).unwrap();
                let replies = legal_moves(np, no);
                let potential = neighbours(no) & !(np | no);
                let class = [CORNERS, PLAIN, C_SQUARES, X_SQUARES]
                    .iter()
                    .position(|c| c >> sq & 1 == 1)
                    .unwrap();
                let depth = sort_depth(empties);
                let sort = sort_search_portable(weights, np, no, depth, -64 * DISC, 64 * DISC);
                writeln!(
                    out,
                    "{node} {empties} {beta} {sq} {} {} {} {} {} {} {class} {} {} {} {} {sort} \
                     {} {} {} {} {} {} {} {} {} {}",
                    (score >= beta) as u8,
                    solver.nodes,
                    replies.count_ones(),
                    (replies & CORNERS).count_ones(),
                    potential.count_ones(),
                    odd_quadrant(sq, empty),
                    legal_moves(no, np).count_ones(),
                    stable_discs(no, np).count_ones(),
                    weights.evaluate(np, no),
                    (potential & CORNERS).count_ones(),
                    (neighbours(np) & !(np | no)).count_ones(),
                    stable_discs(np, no).count_ones(),
                    no.count_ones(),
                    (replies & (X_SQUARES | C_SQUARES)).count_ones(),
                    odd_replies(replies, !(np | no)),
                    f.count_ones(),
                    (legal_moves(no, np) & CORNERS).count_ones(),
                    pattern_part(weights, np, no, 2),
                    pattern_part(weights, np, no, 3),
                    pattern_part(weights, np, no, usize::MAX),
                )
                .unwrap();
            }
        }
        eprintln!("{} cut nodes written to {path}", cuts.len());
    }

    /// How many of `replies` lie in a quadrant with an odd number of `empty` squares.
    fn odd_replies(replies: u64, empty: u64) -> u32 {
        let mut odd = 0;
        let mut m = replies;
        while m != 0 {
            odd += odd_quadrant(m.trailing_zeros() as usize, empty);
            m &= m - 1;
        }
        odd
    }

    /// The evaluation's pattern weights for `player` from the first `groups` pattern groups only
    /// (in the layout's order: edge+2X, corner 3×3, row 2, …), without the linear features.
    fn pattern_part(weights: &Weights, player: u64, opponent: u64, groups: usize) -> i32 {
        use crate::ai::pattern::{index, layout, phase};
        let layout = layout();
        let phase = phase((player | opponent).count_ones());
        let table = &weights.values()[phase * layout.per_phase..(phase + 1) * layout.per_phase];
        let end = layout
            .group_offsets
            .get(groups)
            .copied()
            .unwrap_or(u32::MAX);
        layout
            .placements
            .iter()
            .filter(|p| p.offset < end)
            .map(|p| table[p.offset as usize + index(p, player, opponent)] as i32)
            .sum()
    }

    #[test]
    fn evaluated_positions_are_kept_only_while_asked() {
        let positions: Vec<(u64, u64)> = random_positions(31, 4)
            .into_iter()
            .filter(|&(p, o)| (!(p | o)).count_ones() == 16)
            .collect();
        let &(player, opponent) = positions.first().expect("a 16-empty position");
        let mut solver = Solver::new(
            TranspositionTable::new(16),
            Arc::new(AtomicBool::new(false)),
        );
        let (score, kept) = evaluated_positions(2, || solver.solve(player, opponent, -64, 64));
        assert!(score.is_ok());
        assert!(kept.len() >= 20, "{} kept", kept.len());
        for &(p, o) in &kept {
            assert_eq!(p & o, 0);
            assert!((!(p | o)).count_ones() < 16);
            assert_eq!(keep_hash(p, o) >> 62, 0, "one in four, by hash");
        }
        // Off again afterwards: a solve keeps nothing.
        assert_eq!(KEEP_BITS.with(Cell::get), 0);
        solver.clear();
        solver.solve(player, opponent, -64, 64).unwrap();
        assert!(KEPT.with(|k| k.borrow().is_empty()));
        // The same when the work panics.
        let caught = std::panic::catch_unwind(|| evaluated_positions(2, || panic!("work failed")));
        assert!(caught.is_err());
        assert_eq!(KEEP_BITS.with(Cell::get), 0);
    }

    /// Every position of `games` random games from the start, with moves to play.
    fn random_positions(seed: u64, games: usize) -> Vec<(u64, u64)> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut positions = Vec::new();
        for _ in 0..games {
            let (mut player, mut opponent) = (1u64 << 28 | 1 << 35, 1u64 << 27 | 1 << 36);
            loop {
                let moves = legal_moves(player, opponent);
                if moves == 0 {
                    if legal_moves(opponent, player) == 0 {
                        break;
                    }
                    (player, opponent) = (opponent, player);
                    continue;
                }
                positions.push((player, opponent));
                let pick = rng.random_range(0..moves.count_ones());
                let sq = (0..64)
                    .filter(|&s| moves >> s & 1 == 1)
                    .nth(pick as usize)
                    .unwrap();
                let f = flips(player, opponent, sq);
                (player, opponent) = (opponent ^ f, player | f | 1 << sq);
            }
        }
        positions
    }

    fn listed(list: &mut MoveList) -> Vec<(u8, i32, u64)> {
        list.sort();
        let mut out = Vec::new();
        while let Some(sq) = list.next() {
            let (_, value, f) = list.get(list.next - 1);
            out.push((sq, value, f));
        }
        out
    }

    /// The solver's own copies compiled for the detected instructions search the same tree as the
    /// portable one: the same scores and node counts, exact and with ProbCut, on positions from
    /// 7 to 16 empties (the table, ETC, both orders and the shallow solver all on the way).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn fast_search_equals_portable_search() {
        if !crate::rules::board::fast_path() {
            return;
        }
        let solver = |level| {
            let mut solver = Solver::new(TranspositionTable::new(16), Arc::default());
            solver.set_level(level);
            solver
        };
        let mut checked = 0;
        for (i, (player, opponent)) in random_positions(11, 60)
            .into_iter()
            .filter(|&(p, o)| (7..=16).contains(&(!(p | o)).count_ones()))
            .enumerate()
            .filter(|(i, _)| i % 3 == 0)
        {
            let level = if i % 2 == 0 { EXACT } else { 1 };
            let windows = [(-64, 64), (-1, 0), (10, 11), (-20, -19)];
            let (mut portable, mut fast, mut avx512) =
                (solver(level), solver(level), solver(level));
            for (alpha, beta) in windows {
                let expected = portable.search_portable(player, opponent, alpha, beta);
                // SAFETY: `fast_path` detected the instructions.
                let got = unsafe { fast.search_x86(player, opponent, alpha, beta) };
                assert_eq!(got, expected, "{player:#x} {opponent:#x} [{alpha}, {beta}]");
                assert_eq!(fast.nodes, portable.nodes, "{player:#x} {opponent:#x}");
                if crate::rules::board::avx512_path() {
                    // SAFETY: `avx512_path` detected the instructions.
                    let got = unsafe { avx512.search_x86_512(player, opponent, alpha, beta) };
                    assert_eq!(
                        got, expected,
                        "AVX-512 {player:#x} {opponent:#x} [{alpha}, {beta}]"
                    );
                    assert_eq!(
                        avx512.nodes, portable.nodes,
                        "AVX-512 {player:#x} {opponent:#x}"
                    );
                }
            }
            checked += 1;
        }
        assert!(checked > 100, "{checked}");
    }

    /// The fastest-first order and the evaluation's ordering search: the copies compiled for the
    /// detected instructions give what the portable ones give, on every position of random games.
    #[test]
    fn fast_copies_equal_portable_ones() {
        let tt = TranspositionTable::new(10);
        let weights = shipped().expect("shipped weights");
        #[cfg(target_arch = "x86_64")]
        let mut checked = 0;
        for (i, (player, opponent)) in random_positions(5, 200).into_iter().enumerate() {
            let moves = legal_moves(player, opponent);
            let mut portable = MoveList::default();
            let w = Some(weights);
            fastest_first_in::<Portable>(&mut portable, Some(&tt), w, player, opponent, moves);
            let portable = listed(&mut portable);
            // Every move once, with its flips, best value first.
            assert_eq!(portable.len(), moves.count_ones() as usize);
            for &(sq, _, f) in &portable {
                assert_eq!(f, flips(player, opponent, sq as usize));
            }
            assert!(portable.windows(2).all(|w| w[0].1 >= w[1].1));
            // The ordering search at depths 0–3, with a full and two null windows, on every
            // fourth position (depth 3 on all of them would take long in a debug build).
            let depth = (i / 4) as u32 % 4;
            let windows = [(-64 * DISC, 64 * DISC), (-101, -100), (250, 251)];
            let searched = windows.map(|(alpha, beta)| {
                (i % 4 == 0)
                    .then(|| sort_search_portable(weights, player, opponent, depth, alpha, beta))
            });
            if depth == 0 && i % 4 == 0 {
                assert_eq!(searched[0], Some(weights.evaluate(player, opponent)));
            }
            #[cfg(target_arch = "x86_64")]
            if crate::rules::board::fast_path() {
                let mut fast = MoveList::default();
                // SAFETY (all): `fast_path` detected the instructions of the first copy,
                // `avx512_path` those of the second.
                unsafe { x86::fastest_first(&mut fast, None, w, player, opponent, moves) };
                assert_eq!(listed(&mut fast), portable);
                let avx512 = crate::rules::board::avx512_path();
                if avx512 {
                    let mut fast = MoveList::default();
                    let f = &mut fast;
                    unsafe { x86_512::fastest_first(f, None, w, player, opponent, moves) };
                    assert_eq!(listed(&mut fast), portable, "AVX-512");
                }
                for ((alpha, beta), portable) in windows.into_iter().zip(searched) {
                    if let Some(portable) = portable {
                        let fast = unsafe {
                            sort_search_x86(weights, player, opponent, depth, alpha, beta)
                        };
                        assert_eq!(fast, portable, "{player:#x} {opponent:#x} depth {depth}");
                        if avx512 {
                            let fast = unsafe {
                                sort_search_x86_512(weights, player, opponent, depth, alpha, beta)
                            };
                            assert_eq!(fast, portable, "AVX-512 {player:#x} {opponent:#x}");
                        }
                    }
                }
                checked += 1;
            }
        }
        #[cfg(target_arch = "x86_64")]
        if crate::rules::board::fast_path() {
            assert!(checked > 5_000, "{checked}");
        }
    }

    #[test]
    fn revalued_moves_come_first_in_their_new_order() {
        let listed = |k: usize, favoured: u64| {
            let mut list = MoveList::default();
            for (sq, value) in [(10, 5), (20, 9), (30, 9), (40, 1), (50, 7)] {
                list.push_with_flips(sq, value, 1 << sq);
            }
            // 30 gains on 20; both stay before 50 however much they lose.
            list.revalue_best(k, |sq, f| {
                assert_eq!(f, 1 << sq);
                if sq == 30 { 3 } else { -100 }
            });
            list.sort();
            list.favour(favoured);
            list.collect::<Vec<u8>>()
        };
        assert_eq!(listed(0, 0), [20, 30, 50, 10, 40]);
        assert_eq!(listed(1, 0), [20, 30, 50, 10, 40]);
        assert_eq!(listed(2, 0), [30, 20, 50, 10, 40]);
        assert_eq!(listed(3, 0), [30, 20, 50, 10, 40]);
        assert_eq!(listed(9, 0), [30, 20, 50, 10, 40]);
        // Favoured moves still come first.
        assert_eq!(listed(2, 1 << 40), [40, 30, 20, 50, 10]);
    }

    /// The stability cutoff bounds the score by the stable discs that [`STABILITY_ROUNDS`]
    /// rounds of the rule find, which on some positions are fewer than the fixed point's.
    #[test]
    fn the_stability_cutoff_reads_its_rounds_only() {
        let mut rng = StdRng::seed_from_u64(31);
        let mut differs = 0;
        for _ in 0..20_000 {
            let filled = rng.random::<u64>() | rng.random::<u64>() | rng.random::<u64>();
            let player = filled & rng.random::<u64>();
            let opponent = filled & !player;
            let within = stable_discs_within(opponent, player, STABILITY_ROUNDS);
            let all = stable_discs(opponent, player);
            let ceiling = stability_ceiling(player, opponent, 64);
            assert_eq!(ceiling, Some(64 - 2 * within.count_ones() as i32));
            differs += (within != all) as u32;
        }
        assert!(
            differs > 0,
            "the rounds never stopped before the fixed point"
        );
    }

    /// The evaluation reorders the fastest-first order's best moves from [`EVAL_TOP_EMPTIES`]
    /// up to [`EVAL_SORT_EMPTIES`] (where the evaluation order takes over), and nowhere below.
    #[test]
    fn the_evaluation_reorders_best_moves_only_in_its_band() {
        let weights = shipped().expect("shipped weights");
        let order = |player: u64, opponent: u64, weights: Option<&Weights>| {
            let mut list = MoveList::default();
            let moves = legal_moves(player, opponent);
            fastest_first_in::<Portable>(&mut list, None, weights, player, opponent, moves);
            list.sort();
            list.collect::<Vec<u8>>()
        };
        for empties in EVAL_TOP_EMPTIES - 2..EVAL_SORT_EMPTIES {
            let positions = positions_with_empties(empties as u64, empties);
            let changed = positions
                .iter()
                .filter(|&&(p, o)| order(p, o, Some(weights)) != order(p, o, None))
                .count();
            if empties < EVAL_TOP_EMPTIES {
                assert_eq!(changed, 0, "{empties} empties");
            } else {
                assert!(changed > 0, "{empties} empties: no order changed");
            }
        }
    }

    #[test]
    fn last_flip_counts_equal_the_flips() {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..200_000 {
            let sq = rng.random_range(0..64usize);
            let mover = rng.random::<u64>() & !(1 << sq);
            // Also boards where one side has few discs.
            let mover = match rng.random_range(0..4) {
                0 => mover & rng.random::<u64>() & rng.random::<u64>(),
                1 => mover | (rng.random::<u64>() & rng.random::<u64>() & !(1 << sq)),
                _ => mover,
            };
            let opponent = !mover & !(1 << sq);
            let want = flips(mover, opponent, sq).count_ones() as i32;
            assert_eq!(last_flip_count(mover, sq), want, "{mover:016x} at {sq}");
        }
    }

    #[test]
    fn empty_lists_keep_their_order_and_parity_as_squares_are_played() {
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..20_000 {
            let mut empty = 0u64;
            for _ in 0..rng.random_range(1..=8) {
                empty |= 1 << rng.random_range(0..64);
            }
            let mut list = EmptyList::of(empty);
            while empty != 0 {
                // Corners, ordinary squares, C-squares, X-squares; by index inside each class.
                let want: Vec<usize> = [CORNERS, PLAIN, C_SQUARES, X_SQUARES]
                    .iter()
                    .flat_map(|&class| (0..64).filter(move |&sq| (empty & class) >> sq & 1 == 1))
                    .collect();
                let got: Vec<usize> = (0..list.len as usize).map(|i| list.get(i)).collect();
                assert_eq!(got, want);
                for (i, &sq) in got.iter().enumerate() {
                    let odd = odd_quadrant(sq, empty) == 1;
                    assert_eq!(list.odd(i), odd, "square {sq} of {empty:016x}");
                }
                let i = rng.random_range(0..got.len());
                list = list.without(i);
                empty &= !(1 << got[i]);
            }
            assert_eq!((list.len, list.parity), (0, 0));
        }
    }

    /// The positions with `empties` empty squares of 12 random games (at least 10 of them).
    fn positions_with_empties(seed: u64, empties: u32) -> Vec<(u64, u64)> {
        let positions: Vec<(u64, u64)> = random_positions(seed, 12)
            .into_iter()
            .filter(|&(p, o)| (!(p | o)).count_ones() == empties)
            .collect();
        assert!(positions.len() >= 10, "{}", positions.len());
        positions
    }

    /// Positions from 7 to 8 empties go into the solver's own small table, the others into the
    /// shared one; each solver has its own, so that a solve does not depend on earlier solvers on
    /// the same thread, and `clear` forgets both.
    #[test]
    fn positions_near_the_end_go_to_the_solver_s_own_table() {
        let positions = positions_with_empties(21, 14);
        let solve_all = |solver: &mut Solver| {
            solver.nodes = 0;
            let scores: Vec<i32> = positions
                .iter()
                .map(|&(p, o)| solver.solve(p, o, -64, 64).ok().unwrap().0)
                .collect();
            (scores, solver.nodes)
        };
        let mut solver = Solver::new(TranspositionTable::new(16), Arc::default());
        let first = solve_all(&mut solver);
        let depths =
            |tt: &TranspositionTable| -> Vec<u8> { tt.entries().iter().map(|e| e.depth).collect() };
        let shared = depths(&solver.tt);
        let local = depths(&solver.local);
        assert!(!shared.is_empty() && !local.is_empty());
        assert!(
            shared.iter().all(|&d| d as u32 >= TABLE_EMPTIES),
            "{shared:?}"
        );
        assert!(
            local
                .iter()
                .all(|&d| (LOCAL_EMPTIES..TABLE_EMPTIES).contains(&(d as u32))),
            "{local:?}"
        );
        // A second solver on this thread starts from nothing: the same scores and nodes.
        let mut other = Solver::new(TranspositionTable::new(16), Arc::default());
        assert_eq!(solve_all(&mut other), first);
        // Solving again reuses what both tables hold; after `clear`, nothing is left.
        let again = solve_all(&mut solver);
        assert_eq!(again.0, first.0);
        assert!(again.1 < first.1 / 2, "{} against {}", again.1, first.1);
        solver.clear();
        assert!(solver.tt.entries().is_empty() && solver.local.entries().is_empty());
        assert_eq!(solve_all(&mut solver), first);
    }

    /// A new search ages the solver's small table with the shared one, and a helper's small table
    /// (its thread's) follows the solver's generation.
    #[test]
    fn a_new_search_ages_the_small_tables_too() {
        let solver = Solver::new(TranspositionTable::new(16), Arc::default());
        let before = (solver.tt.generation(), solver.local.generation());
        solver.new_search();
        solver.new_search();
        assert_eq!(solver.tt.generation(), before.0 + 2);
        assert_eq!(solver.local.generation(), before.1 + 2);
        let helper_generation = std::thread::scope(|scope| {
            scope
                .spawn(|| solver.helper(Vec::new()).local.generation())
                .join()
                .unwrap()
        });
        assert_eq!(helper_generation, solver.local.generation());
    }

    /// A helper thread keeps its small table between the splits it helps with, and empties it when
    /// the solver it helps is cleared or another solver's split comes.
    #[test]
    fn clearing_a_solver_empties_its_helpers_small_tables() {
        let (p, o) = positions_with_empties(23, 8)[0];
        let key = TranspositionTable::key(p, o);
        let mut solver = Solver::new(TranspositionTable::new(16), Arc::default());
        let other = Solver::new(TranspositionTable::new(16), Arc::default());
        // All on one new thread, as a helper thread would (its small table is that thread's).
        std::thread::scope(|scope| {
            scope.spawn(|| {
                let helping = |solver: &Solver| solver.helper(Vec::new()).local;
                let table = helping(&solver);
                assert!(!Arc::ptr_eq(&table, &solver.local));
                table.store(key, 8, 0, Bound::Exact, 64);
                assert!(helping(&solver).probe(key).is_some(), "kept between splits");
                solver.clear();
                assert!(helping(&solver).probe(key).is_none(), "kept after clear");
                helping(&solver).store(key, 8, 0, Bound::Exact, 64);
                assert!(helping(&other).probe(key).is_none(), "another solver's");
            });
        });
    }

    /// An exact search far from the end first searches a node it has no table move for at
    /// [`IID_LEVEL`] (so the table holds such entries though no pass was run), and still finds the
    /// exact scores: those of a solver ordering by mobility alone (no evaluation, so neither
    /// ProbCut nor that first search). A ProbCut pass above the first searches such nodes at the
    /// first pass's level first.
    #[test]
    fn an_exact_search_finds_a_first_move_selectively_far_from_the_end() {
        let mut solver = Solver::new(TranspositionTable::new(18), Arc::default());
        let mut plain = Solver::new(TranspositionTable::new(18), Arc::default());
        plain.weights = None;
        for (p, o) in positions_with_empties(24, IID_EMPTIES + 2)
            .into_iter()
            .take(4)
        {
            solver.clear();
            plain.clear();
            let got = solver.solve(p, o, -64, 64).ok().unwrap().0;
            assert_eq!(
                got,
                plain.solve(p, o, -64, 64).ok().unwrap().0,
                "{p:#x} {o:#x}"
            );
            let entries = solver.tt.entries();
            let selective = entries.iter().filter(|e| e.level == IID_LEVEL).count();
            assert!(
                selective > 0,
                "none of {} entries at {IID_LEVEL}",
                entries.len()
            );
            assert!(!plain.tt.entries().iter().any(|e| e.level != EXACT));
            // A ProbCut pass above the first does the same at the first one's level.
            solver.clear();
            solver.set_level(1);
            solver.solve(p, o, -64, 64).ok().unwrap();
            solver.set_level(EXACT);
            let levels: Vec<u8> = solver.tt.entries().iter().map(|e| e.level).collect();
            assert!(levels.contains(&0) && levels.contains(&1));
            assert!(!levels.contains(&IID_LEVEL));
        }
    }

    /// A ProbCut pass stores what it found below ProbCut's threshold as exact (nothing is pruned
    /// there), so that the exact search after it can cut with it; what it found above stays
    /// selective. The exact search then still finds the exact scores.
    #[test]
    fn a_selective_pass_stores_exact_results_below_probcut_s_threshold() {
        let positions = positions_with_empties(22, 16);
        let mut solver = Solver::new(TranspositionTable::new(16), Arc::default());
        let mut fresh = Solver::new(TranspositionTable::new(16), Arc::default());
        for &(p, o) in &positions {
            solver.set_level(0);
            solver.solve(p, o, -64, 64).ok().unwrap();
            let entries: Vec<Entry> = [&solver.tt, &solver.local]
                .iter()
                .flat_map(|tt| tt.entries())
                .collect();
            assert!(entries.iter().any(|e| e.level == 0), "nothing selective");
            for e in &entries {
                if (e.depth as u32) < PROBCUT_EMPTIES {
                    assert_eq!(e.level, EXACT, "{e:?}");
                }
            }
            solver.set_level(EXACT);
            let got = solver.solve(p, o, -64, 64).ok().unwrap().0;
            fresh.clear();
            assert_eq!(
                got,
                fresh.solve(p, o, -64, 64).ok().unwrap().0,
                "{p:#x} {o:#x}"
            );
        }
    }

    #[test]
    fn favoured_moves_come_first_in_their_own_order() {
        let mut list = MoveList::default();
        for (sq, value) in [(3, 50), (9, -20), (20, 70), (33, -20), (40, 10)] {
            list.push_with_flips(sq, value, 1 << (sq + 1));
        }
        list.sort();
        list.favour(1 << 9 | 1 << 33 | 1 << 40);
        let got = listed(&mut list);
        let squares: Vec<u8> = got.iter().map(|&(sq, _, _)| sq).collect();
        assert_eq!(squares, [40, 9, 33, 20, 3]);
        // The flips stay with their moves.
        assert!(got.iter().all(|&(sq, _, f)| f == 1 << (sq + 1)));
        // Moves already handed out stay where they are.
        let mut list = MoveList::default();
        for (sq, value) in [(1, 5), (2, 9), (3, 1)] {
            list.push(sq, value);
        }
        list.sort();
        assert_eq!(list.next(), Some(2));
        list.favour(1 << 2 | 1 << 3);
        assert_eq!(list.collect::<Vec<_>>(), [3, 1]);
    }

    #[test]
    fn moves_come_best_first_and_ties_in_push_order() {
        let mut list = MoveList::default();
        for (sq, value) in [(3, 1), (9, 5), (4, 1), (20, 5), (7, -2), (1, 1)] {
            list.push(sq, value);
        }
        list.sort();
        assert_eq!(list.collect::<Vec<_>>(), [9, 20, 3, 4, 1, 7]);
    }
}
