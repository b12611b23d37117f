//! The midgame search: iterative deepening, principal-variation alpha-beta with a transposition
//! table, aspiration windows and fastest-first move ordering; exact solving once the endgame is
//! within reach.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use super::endgame::{Cancelled, MoveList, PROBCUT_T, Probe, Solver, final_score};
use super::eval::{CORNERS, DISC, corner_bonus, evaluate};
use super::parallel::{Node, Pool, Searcher, Split, StopCheck, Template, split_search};
use super::pattern::{Weights, shipped};
use super::tt::{Bound, EXACT, TranspositionTable};
use crate::rules::board::{flips, legal_moves};
use crate::rules::{Board, Move, Square};

const CHECK_NODES: u64 = 4096;
const ASPIRATION: i32 = DISC / 2;
/// Exact solves from this many empties up begin with ProbCut passes.
const SELECTIVE_EMPTIES: u32 = 20;

/// Nodes this many plies or more from the leaves share their moves with idle helper threads.
const SPLIT_DEPTH: u32 = 4;

/// Multi-ProbCut is tried at this depth and deeper.
const MPC_MIN_DEPTH: u32 = 3;
/// Multi-ProbCut's confidence: a cut needs the shallow search this many standard deviations
/// (in hundredths) outside the window.
const MPC_T: i32 = 150;

/// The depth of Multi-ProbCut's shallow search for a `depth`-ply search (3 or more): about half
/// as deep, with the same parity (searches of odd and even depths stray from each other more).
pub const fn mpc_depth(depth: u32) -> u32 {
    depth.saturating_sub(2 * depth.div_ceil(4))
}

/// How a `depth`-ply search's value strays from the [`mpc_depth`] search's: the mean difference
/// and its standard deviation, in hundredths of a disc, measured by the `mpc_errors` test (`cargo
/// test --release --test engine -- --ignored mpc_errors --nocapture`) on 242 self-play positions
/// for depths 3–10. Deeper searches take the deepest measured pair of their parity.
const fn mpc_error(depth: u32) -> (i32, i32) {
    const MEASURED: [(i32, i32); 8] = [
        (-90, 410),
        (-52, 277),
        (-52, 463),
        (-43, 339),
        (79, 260),
        (-138, 316),
        (128, 341),
        (-113, 345),
    ];
    let d = if depth <= 10 { depth } else { 10 - (depth & 1) };
    MEASURED[(d - MPC_MIN_DEPTH) as usize]
}

/// How far and how long a search may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest midgame iteration, in plies.
    pub depth: u32,
    /// Solve exactly when this many empties or fewer remain.
    pub endgame_empties: u32,
    /// Stop after this long (the best move of the last finished iteration is played).
    pub time: Option<Duration>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Prune the midgame search forward with Multi-ProbCut (faster, so deeper in the same time,
    /// at a small risk of missing a move a shallow search misjudged).
    pub selective: bool,
}

impl Limits {
    /// Search to `depth` plies and solve the last `endgame_empties` exactly, with no other limit.
    pub const fn depth(depth: u32, endgame_empties: u32) -> Limits {
        Limits {
            depth,
            endgame_empties,
            time: None,
            nodes: None,
            selective: false,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the side to move has none.
    pub best: Option<Square>,
    /// The score in hundredths of a disc, from the mover's view (exact final difference × 100 when
    /// `exact`).
    pub score: i32,
    /// Whether the score is an exact endgame solve.
    pub exact: bool,
    /// Depth of the last finished iteration (empties when exact).
    pub depth: u32,
    pub nodes: u64,
    /// The principal variation, best move first.
    pub pv: Vec<Square>,
}

/// A search engine with its tables; reuse it between moves of a game to keep what it learned.
pub struct Engine {
    mid: Midgame,
    solver: Solver,
}

/// The midgame search's state: its table, node count, stop conditions and settings. Helper
/// threads searching a shared node work with copies of it (the table shared).
pub(crate) struct Midgame {
    tt: Arc<TranspositionTable>,
    nodes: u64,
    stop: StopCheck,
    /// What a draw costs the side that starts a search, in hundredths of a disc.
    contempt: i32,
    /// The trained pattern weights, or `None` for the hand-tuned evaluation.
    weights: Option<&'static Weights>,
    /// Multi-ProbCut in the midgame search (the current search's [`Limits::selective`]).
    selective: bool,
    /// Where to hand moves to idle helper threads (none: one thread).
    pool: Option<Arc<Pool>>,
    /// The parallel splits this search is working under; a cutoff in any of them stops it.
    chain: Vec<Arc<Split>>,
}

/// Which static evaluation a search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evaluator {
    /// The trained pattern evaluation shipped in the binary (the hand-tuned one if none ships).
    #[default]
    Patterns,
    /// The hand-tuned evaluation (mobility, corners, stability …), kept for comparison.
    Hand,
    /// Pattern weights loaded from a file (to compare a new training round with the shipped one).
    Weights(&'static Weights),
}

impl std::str::FromStr for Evaluator {
    type Err = String;
    /// `patterns`, `hand`, or the path of a weights file from `reversi train`.
    fn from_str(text: &str) -> Result<Evaluator, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "patterns" | "pattern" => Ok(Evaluator::Patterns),
            "hand" => Ok(Evaluator::Hand),
            _ => {
                let bytes = std::fs::read(text.trim()).map_err(|e| {
                    format!("'{text}' is not an evaluation (patterns, hand or a weights file): {e}")
                })?;
                let weights = Weights::from_bytes(&bytes).map_err(|e| format!("{text}: {e}"))?;
                Ok(Evaluator::Weights(Box::leak(Box::new(weights))))
            }
        }
    }
}

impl Engine {
    /// An engine whose tables hold `2^table_bits` entries each; `cancel` stops any search.
    pub fn new(table_bits: u32, cancel: Arc<AtomicBool>) -> Engine {
        Engine {
            mid: Midgame {
                tt: Arc::new(TranspositionTable::new(table_bits)),
                nodes: 0,
                stop: StopCheck::new(cancel.clone(), CHECK_NODES),
                contempt: 0,
                weights: shipped(),
                selective: false,
                pool: None,
                chain: Vec::new(),
            },
            solver: Solver::new(TranspositionTable::new(table_bits), cancel),
        }
    }

    /// Chooses the static evaluation. Clears the midgame table, whose scores depend on it.
    pub fn set_evaluator(&mut self, evaluator: Evaluator) {
        let weights = match evaluator {
            Evaluator::Patterns => shipped(),
            Evaluator::Hand => None,
            Evaluator::Weights(weights) => Some(weights),
        };
        if weights.map(|w| w as *const Weights) != self.mid.weights.map(|w| w as *const Weights) {
            self.mid.weights = weights;
            self.mid.tt.clear();
        }
    }

    /// Sets what a draw found by the midgame search costs the searching side (hundredths of a
    /// disc; positive avoids draws). Exact solves keep exact scores. Clears the midgame table,
    /// whose scores depend on it.
    pub fn set_contempt(&mut self, contempt: i32) {
        if contempt != self.mid.contempt {
            self.mid.contempt = contempt.clamp(-64 * DISC, 64 * DISC);
            self.mid.tt.clear();
        }
    }

    /// Searches with `threads` threads in all, midgame and endgame, sharing one set of helper
    /// threads (the browser build always uses one).
    pub fn set_threads(&mut self, threads: usize) {
        self.solver.set_threads(threads);
        self.mid.pool = self.solver.pool();
    }

    /// How many times a helper thread has joined a shared node since the threads were made (0
    /// on one thread).
    pub fn helper_joins(&self) -> u64 {
        self.mid.pool.as_ref().map_or(0, |pool| pool.joined())
    }

    /// Forgets everything learned (for a new game).
    pub fn clear(&mut self) {
        self.mid.tt.clear();
        self.solver.clear();
    }

    /// Searches `board` within `limits`, calling `report` after each finished iteration. Returns the
    /// result of the deepest finished iteration (at least one legal move whenever one exists). A
    /// side to move that must pass gets no move and the score of the position after its pass,
    /// negated.
    pub fn search(
        &mut self,
        board: &Board,
        limits: &Limits,
        mut report: impl FnMut(&SearchResult),
    ) -> SearchResult {
        let started = Instant::now();
        self.mid.nodes = 0;
        self.mid.stop.set_limits(
            limits.time.map(|t| started + t),
            limits.nodes.unwrap_or(u64::MAX),
            0,
        );
        self.mid.selective = limits.selective;
        self.solver.nodes = 0;
        self.solver.clear_probes();
        self.mid.tt.new_search();
        self.solver.new_search();

        let (player, opponent) = (board.player, board.opponent);
        let moves = legal_moves(player, opponent);
        let empties = board.empty_count();
        let mut result = SearchResult {
            best: fallback_move(player, opponent, moves),
            score: 0,
            exact: false,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if moves == 0 {
            if board.is_game_over() {
                result.exact = true;
                result.score = final_score(player, opponent) * DISC;
                return result;
            }
            // The side to move must pass: the position is worth the opponent's, negated (the
            // reports too). No move, and no line: the line would start with the opponent's move.
            let negated = |r: &SearchResult| SearchResult {
                best: None,
                score: -r.score,
                pv: Vec::new(),
                ..r.clone()
            };
            let mut report_negated = |r: &SearchResult| report(&negated(r));
            let report_negated: &mut dyn FnMut(&SearchResult) = &mut report_negated;
            return negated(&self.search(&board.pass(), limits, report_negated));
        }

        if empties <= limits.endgame_empties {
            // Solve exactly, with the solver bounded by the same time/node/cancel limits.
            match self.solve_exact(player, opponent, limits) {
                Ok(solved) | Err(Some(solved)) => {
                    // Exact, or the best estimate found before the limits stopped the solve.
                    result = solved;
                    report(&result);
                    return result;
                }
                // Stopped before any estimate: a short midgame search for a sensible move.
                Err(None) => {}
            }
        }

        let max_depth = limits.depth.clamp(1, empties);
        let mut score = 0;
        for depth in 1..=max_depth {
            let outcome = if depth <= 2 {
                self.mid
                    .root(player, opponent, depth, -64 * DISC, 64 * DISC)
            } else {
                self.aspiration(player, opponent, depth, score)
            };
            match outcome {
                Ok((s, best)) => {
                    score = s;
                    result.best = Some(Square::new(best).expect("a square"));
                    result.score = s;
                    result.depth = depth;
                    result.nodes = self.mid.nodes;
                    result.pv = self.principal_variation(player, opponent, best, depth);
                    report(&result);
                }
                Err(Cancelled) => break,
            }
            if depth == empties {
                break;
            }
        }
        // A timed search whose last finished iteration saw to the end of the game with time to
        // spare (Maximum's selective search reaches the last ply in a few seconds from about 31
        // empties) spends the rest of its time on an exact solve; if the time runs out first, the
        // midgame result stands.
        if result.depth == empties
            && limits.time.is_some()
            && empties > limits.endgame_empties
            && let Ok(solved) = self.solve_exact(player, opponent, limits)
        {
            result = solved;
            report(&result);
        }
        result.nodes = self.mid.nodes + self.solver.nodes;
        result
    }

    /// The exact solve; if the limits stop it first, `Err` with the best estimate found by then
    /// (the guess search's move, then each finished ProbCut pass), if any.
    fn solve_exact(
        &mut self,
        player: u64,
        opponent: u64,
        limits: &Limits,
    ) -> Result<SearchResult, Option<SearchResult>> {
        self.solver
            .set_limits(self.mid.stop.deadline, limits.nodes.unwrap_or(u64::MAX));
        // Iterative null-window solving: a guess from a short midgame search, then null-window
        // probes that close in on the exact score, then one narrow search for the move.
        let empties = (!(player | opponent)).count_ones();
        let guess_depth = empties.saturating_sub(10).clamp(2, 8);
        let (eval, first) = self
            .mid
            .root(player, opponent, guess_depth, -64 * DISC, 64 * DISC)
            .map_err(|Cancelled| None)?;
        let mut guess = ((eval as f32 / DISC as f32 / 2.0).round() as i32 * 2).clamp(-64, 64);
        let mut estimate = SearchResult {
            best: Square::new(first),
            score: eval,
            exact: false,
            depth: guess_depth,
            nodes: self.mid.nodes,
            pv: self.principal_variation(player, opponent, first, guess_depth),
        };
        // Far from the end, ProbCut passes of rising confidence first: each a cheap estimate
        // that refines the guess and leaves best moves in the table for the next.
        if empties >= SELECTIVE_EMPTIES {
            for level in 0..PROBCUT_T.len() as u8 {
                self.solver.set_level(level);
                let pass = self.solver.null_window_solve(player, opponent, guess);
                self.solver.set_level(EXACT);
                guess = pass.map_err(|Cancelled| Some(estimate.clone()))?;
                if let Some((best, _)) = self.solver.table_move(player, opponent) {
                    estimate = SearchResult {
                        best: Square::new(best),
                        score: guess * DISC,
                        exact: false,
                        depth: empties,
                        nodes: self.mid.nodes + self.solver.nodes,
                        pv: self.solver_pv(player, opponent, best),
                    };
                }
            }
        }
        let stopped = |_: Cancelled| Some(estimate.clone());
        let (score, proved) = self
            .solver
            .null_window_solve_with_move(player, opponent, guess)
            .map_err(stopped)?;
        // The probe that proved the score also gave its move; only when no probe failed high
        // (or the table lost the root) does a narrow search around the score find one.
        let (score, best) = match proved {
            Some(best) => (score, Some(best)),
            None => self
                .solver
                .solve(player, opponent, score - 1, score + 1)
                .map_err(stopped)?,
        };
        let best = best.ok_or(None)?;
        Ok(SearchResult {
            best: Square::new(best),
            score: score * DISC,
            exact: true,
            depth: empties,
            // The guess search's nodes count too.
            nodes: self.mid.nodes + self.solver.nodes,
            pv: self.solver_pv(player, opponent, best),
        })
    }

    fn aspiration(
        &mut self,
        player: u64,
        opponent: u64,
        depth: u32,
        guess: i32,
    ) -> Result<(i32, u8), Cancelled> {
        let (mut low, mut high) = (guess - ASPIRATION, guess + ASPIRATION);
        loop {
            let (score, best) = self.mid.root(player, opponent, depth, low, high)?;
            if score <= low && low > -64 * DISC {
                low = (low - 4 * ASPIRATION).max(-64 * DISC);
            } else if score >= high && high < 64 * DISC {
                high = (high + 4 * ASPIRATION).min(64 * DISC);
            } else {
                return Ok((score, best));
            }
        }
    }

    /// The principal variation from the midgame table, starting with `first`.
    fn principal_variation(
        &self,
        player: u64,
        opponent: u64,
        first: u8,
        depth: u32,
    ) -> Vec<Square> {
        follow_table(&self.mid.tt, player, opponent, first, depth as usize)
    }

    fn solver_pv(&self, player: u64, opponent: u64, first: u8) -> Vec<Square> {
        follow_table(&self.solver.tt, player, opponent, first, 60)
    }

    /// Scores of every legal move, each searched with a full window and no forward pruning:
    /// `depth` plies (the move included) in the midgame, exactly once `endgame_empties` or fewer
    /// empties remain after it.
    /// Best first. `None` if cancelled. Used for hints and by the noisy levels.
    pub fn score_moves(
        &mut self,
        board: &Board,
        depth: u32,
        endgame_empties: u32,
    ) -> Option<Vec<MoveScore>> {
        self.mid.stop.set_limits(None, u64::MAX, self.mid.nodes);
        self.mid.selective = false;
        self.solver.set_limits(None, u64::MAX);
        let mut scores = Vec::new();
        for sq in crate::rules::squares(board.legal_moves()) {
            let next = board.play(sq);
            let (np, no) = (next.player, next.opponent);
            let exact = next.empty_count() <= endgame_empties;
            let score = if exact {
                -self.solver.search(np, no, -64, 64).ok()? * DISC
            } else {
                -self
                    .mid
                    .negamax(
                        np,
                        no,
                        depth.saturating_sub(1),
                        -64 * DISC,
                        64 * DISC,
                        false,
                    )
                    .ok()?
            };
            let mut pv = vec![sq];
            if let Some(reply) = if exact {
                self.solver.tt.probe(TranspositionTable::key(np, no))
            } else {
                self.mid.tt.probe(TranspositionTable::key(np, no))
            }
            .and_then(|e| e.best_move())
            {
                let table = if exact {
                    &*self.solver.tt
                } else {
                    &self.mid.tt
                };
                pv.extend(follow_table(table, np, no, reply, depth as usize));
            }
            scores.push(MoveScore {
                square: sq,
                score,
                exact,
                pv,
            });
        }
        scores.sort_by_key(|m| std::cmp::Reverse(m.score));
        Some(scores)
    }

    /// The principal variation of an exact solve, to the end of the game: from `board`, whose
    /// exact score (final disc difference for the side to move) is `score`, a move that keeps the
    /// score at each position in turn (passes included), each found by a null-window solve of
    /// that position (cheap: the solve left its table warm). `None` if cancelled, or if the side
    /// to move somewhere on the line cannot reach the score claimed for it (so `score` was too
    /// high; `score` is trusted to be exact, and a line for one too low would keep that score).
    /// The line starts with `first` where that is a legal move (the solve's own best move, where
    /// several moves keep the score).
    pub fn exact_line(
        &mut self,
        board: &Board,
        score: i32,
        mut first: Option<Square>,
    ) -> Option<Vec<Move>> {
        self.solver.set_limits(None, u64::MAX);
        self.solver.set_level(EXACT);
        let (mut board, mut score) = (*board, score);
        let mut line = Vec::new();
        loop {
            if !board.has_move() {
                let passed = board.pass();
                if !passed.has_move() {
                    return (board.final_score() == score).then_some(line);
                }
                line.push(Move::Pass);
                (board, score) = (passed, -score);
                continue;
            }
            let square = match first.take().filter(|&s| board.is_legal(s)) {
                Some(square) => square,
                None => {
                    // At least `score` (the first move that reaches it cuts), and no more: it is
                    // exact.
                    let (reached, best) = self
                        .solver
                        .solve(board.player, board.opponent, score - 1, score)
                        .ok()?;
                    let square = Square::new(best?)?;
                    if reached != score || !board.is_legal(square) {
                        return None;
                    }
                    square
                }
            };
            line.push(Move::Play(square));
            (board, score) = (board.play(square), -score);
        }
    }

    /// Replaces the flag that stops searches.
    pub fn set_cancel(&mut self, cancel: Arc<AtomicBool>) {
        self.solver.set_cancel(cancel.clone());
        self.mid.stop.cancel = cancel;
    }

    /// Whether the cancel flag is set.
    pub fn cancelled(&self) -> bool {
        self.mid.stop.cancel.load(Ordering::Relaxed)
    }

    /// Nodes searched since the last [`Engine::search`] began (midgame and endgame together).
    pub fn nodes(&self) -> u64 {
        self.mid.nodes + self.solver.nodes
    }

    /// The exact solver's null-window probes (its ProbCut passes' too) in the last search.
    pub fn probes(&self) -> &[Probe] {
        self.solver.probes()
    }
}

impl Midgame {
    #[inline]
    fn check_stop(&mut self) -> Result<(), Cancelled> {
        self.stop.check(self.nodes, &self.chain)
    }

    /// The static evaluation of a position, from the mover's view (hundredths of a disc).
    #[inline]
    fn evaluate(&self, player: u64, opponent: u64) -> i32 {
        static_evaluation(self.weights, player, opponent)
    }

    fn root(
        &mut self,
        player: u64,
        opponent: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, u8), Cancelled> {
        let moves = legal_moves(player, opponent);
        let hash = self
            .tt
            .probe(TranspositionTable::key(player, opponent))
            .and_then(|e| e.best_move());
        let node = Node {
            player,
            opponent,
            depth,
            root_side: true,
        };
        let ordered = order_moves(player, opponent, moves, hash, depth, self.weights);
        let (best, best_move) = self.search_moves(node, ordered, alpha, beta)?;
        let key = TranspositionTable::key(player, opponent);
        self.tt.store_at_level(
            key,
            depth as u8,
            self.table_level(),
            best as i16,
            Bound::Exact,
            best_move,
        );
        Ok((best, best_move))
    }

    /// Fail-soft PVS. Scores in evaluation units.
    fn negamax(
        &mut self,
        player: u64,
        opponent: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
        root_side: bool,
    ) -> Result<i32, Cancelled> {
        self.nodes += 1;
        self.check_stop()?;
        if depth == 0 {
            return Ok(self.evaluate(player, opponent));
        }
        let key = TranspositionTable::key(player, opponent);
        let mut alpha = alpha;
        let mut beta = beta;
        let mut hash = None;
        if let Some(entry) = self.tt.probe(key) {
            if entry.depth as u32 >= depth
                && entry.level >= self.table_level()
                && let Some(s) = entry.narrow(&mut alpha, &mut beta)
            {
                return Ok(s);
            }
            hash = entry.best_move();
        }
        let moves = legal_moves(player, opponent);
        if moves == 0 {
            if legal_moves(opponent, player) == 0 {
                let score = final_score(player, opponent);
                if score == 0 {
                    // A draw is worth -contempt to the side that started the search.
                    return Ok(if root_side {
                        -self.contempt
                    } else {
                        self.contempt
                    });
                }
                return Ok(score * DISC);
            }
            return Ok(-self.negamax(opponent, player, depth, -beta, -alpha, !root_side)?);
        }
        // Multi-ProbCut: at a null-window node, when a shallow search lies far enough outside
        // the window (by MPC_T standard deviations of how far it strays from the deep one),
        // believe it.
        if self.selective && depth >= MPC_MIN_DEPTH && beta - alpha == 1 {
            // The deep value is expected at the shallow one plus `mean`.
            let shallow = mpc_depth(depth);
            let (mean, sigma) = mpc_error(depth);
            let margin = MPC_T * sigma / 100;
            let high = beta + margin - mean;
            if high < 64 * DISC
                && self.negamax(player, opponent, shallow, high - 1, high, root_side)? >= high
            {
                return Ok(beta);
            }
            let low = alpha - margin - mean;
            if low > -64 * DISC
                && self.negamax(player, opponent, shallow, low, low + 1, root_side)? <= low
            {
                return Ok(alpha);
            }
        }
        let node = Node {
            player,
            opponent,
            depth,
            root_side,
        };
        let ordered = order_moves(player, opponent, moves, hash, depth, self.weights);
        let (best, best_move) = self.search_moves(node, ordered, alpha, beta)?;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store_at_level(
            key,
            depth as u8,
            self.table_level(),
            best as i16,
            bound,
            best_move,
        );
        Ok(best)
    }

    /// The level of this search's table entries: a selective search's scores are estimates that
    /// a full-width search does not take for its own (their best moves still order it).
    fn table_level(&self) -> u8 {
        if self.selective { 0 } else { EXACT }
    }

    /// The moves of `node` in `ordered`'s order by principal-variation search: the best score
    /// and move (fail-soft; 64 when no move was searched). Far enough from the leaves, once the
    /// first move is searched, the rest are shared out with idle helper threads.
    fn search_moves(
        &mut self,
        node: Node,
        mut ordered: MoveList,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, u8), Cancelled> {
        let Node {
            player,
            opponent,
            depth,
            root_side,
        } = node;
        let mut alpha = alpha;
        let mut best = -64 * DISC - 1;
        let mut best_move = 64u8;
        while let Some(sq) = ordered.next() {
            if best_move != 64
                && depth >= SPLIT_DEPTH
                && let Some(pool) = self.pool.as_ref().filter(|p| p.idle()).cloned()
            {
                // Young brothers wait: the first move is searched; share out the rest.
                let rest = std::iter::once(sq).chain(ordered.by_ref()).collect();
                let shared = split_search(self, &pool, node, rest, alpha, beta, best, best_move)?;
                return Ok((shared.best, shared.best_move));
            }
            let f = flips(player, opponent, sq as usize);
            let (np, no) = (opponent ^ f, player | f | (1 << sq));
            let score = if best_move == 64 {
                -self.negamax(np, no, depth - 1, -beta, -alpha, !root_side)?
            } else {
                self.scout(&node, np, no, alpha, beta)?
            };
            if score > best {
                best = score;
                best_move = sq;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        Ok((best, best_move))
    }

    /// A copy for a helper thread working under `chain`: the same table, limits and settings.
    pub(crate) fn helper(&self, chain: Vec<Arc<Split>>) -> Midgame {
        Midgame {
            tt: self.tt.clone(),
            nodes: 0,
            stop: self.stop.for_helper(),
            contempt: self.contempt,
            weights: self.weights,
            selective: self.selective,
            pool: self.pool.clone(),
            chain,
        }
    }
}

impl Searcher for Midgame {
    fn child(
        &mut self,
        node: &Node,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        self.negamax(
            player,
            opponent,
            node.depth - 1,
            alpha,
            beta,
            !node.root_side,
        )
    }

    fn template(&self) -> Template {
        Template::Midgame(self.helper(Vec::new()))
    }

    fn chain_mut(&mut self) -> &mut Vec<Arc<Split>> {
        &mut self.chain
    }

    fn nodes_mut(&mut self) -> &mut u64 {
        &mut self.nodes
    }
}

/// One legal move's score from [`Engine::score_moves`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveScore {
    pub square: Square,
    /// Hundredths of a disc, from the mover's view.
    pub score: i32,
    pub exact: bool,
    /// The move, then the expected replies.
    pub pv: Vec<Square>,
}

fn follow_table(
    tt: &TranspositionTable,
    player: u64,
    opponent: u64,
    first: u8,
    max: usize,
) -> Vec<Square> {
    let mut pv = Vec::new();
    let (mut p, mut o) = (player, opponent);
    let mut next = Some(first);
    while let Some(sq) = next {
        if pv.len() >= max || legal_moves(p, o) & (1 << sq) == 0 {
            break;
        }
        pv.push(Square::new(sq).expect("a square"));
        let f = flips(p, o, sq as usize);
        (p, o) = (o ^ f, p | f | (1 << sq));
        if legal_moves(p, o) == 0 {
            (p, o) = (o, p);
        }
        next = tt
            .probe(TranspositionTable::key(p, o))
            .and_then(|e| e.best_move());
    }
    pv
}

/// The pattern evaluation with `weights`, the hand-tuned one without.
#[inline]
fn static_evaluation(weights: Option<&Weights>, player: u64, opponent: u64) -> i32 {
    match weights {
        Some(weights) => weights.evaluate_fast(player, opponent),
        None => evaluate(player, opponent),
    }
}

/// A legal move to fall back on when no iteration finished: the first in static order.
fn fallback_move(player: u64, opponent: u64, moves: u64) -> Option<Square> {
    order_moves(player, opponent, moves, None, 1, None)
        .next()
        .and_then(Square::new)
}

/// Hash move first, then fastest-first (fewest replies, corner replies counted extra), with a
/// bonus for corners and a malus for X-squares.
fn order_moves(
    player: u64,
    opponent: u64,
    moves: u64,
    hash: Option<u8>,
    depth: u32,
    weights: Option<&Weights>,
) -> MoveList {
    let mut list = MoveList::default();
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros() as u8;
        m &= m - 1;
        let value = if Some(sq) == hash {
            i32::MAX
        } else {
            let f = flips(player, opponent, sq as usize);
            let (np, no) = (opponent ^ f, player | f | (1 << sq));
            let replies = legal_moves(np, no);
            let mut v =
                -(replies.count_ones() as i32) * 16 - (replies & CORNERS).count_ones() as i32 * 24;
            v += corner_bonus(sq, 40, -30);
            if depth >= 4 {
                v -= static_evaluation(weights, np, no) / 8;
            }
            v
        };
        list.push(sq, value);
    }
    list.sort();
    list
}
