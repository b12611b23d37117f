//! The midgame search: iterative deepening, principal-variation alpha-beta with a transposition
//! table, aspiration windows and fastest-first move ordering; exact solving once the endgame is
//! within reach.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use super::cancel::Cancelled;
use super::endgame::{PROBCUT_T, Probe, Solver};
use super::eval::{CORNERS, DISC, corner_bonus};
use super::move_list::MoveList;
use super::net::{MAGIC as NET_MAGIC, Net};
use super::parallel::{
    Best, Node, Pool, Searcher, Split, StopCheck, Template, split_search, work_with,
};
use super::pattern::{GZIP_MAGIC, Model, Weights, gunzip, midgame};
use super::tt::{Bound, EXACT, TranspositionTable};
use crate::rules::board::{flips, legal_moves};
use crate::rules::score::final_score;
use crate::rules::{Board, Move, Sq, Square};

const CHECK_NODES: u64 = 4096;
const ASPIRATION: i32 = DISC / 2;
/// Exact solves from this many empties up begin with ProbCut passes.
const SELECTIVE_EMPTIES: u32 = 20;

mod leaf;
mod midgame;

pub use leaf::Leaf;
pub(crate) use midgame::Midgame;
use midgame::order_moves;
pub use midgame::{MPC_DEEPEST, MPC_MIN_DEPTH, MPC_STAGES, mpc_depth, mpc_stage, mpc_stage_discs};

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
pub struct BoardResult {
    /// The move to play; `None` when the side to move has none.
    pub best: Option<Sq>,
    /// The score in hundredths of a disc, from the mover's view (exact final difference × 100 when
    /// `exact`).
    pub score: i32,
    /// Whether the score is an exact endgame solve.
    pub exact: bool,
    /// Depth of the last finished iteration (empties when exact).
    pub depth: u32,
    pub nodes: u64,
    /// The principal variation, best move first.
    pub pv: Vec<Sq>,
}

/// A search engine with its tables; reuse it between moves of a game to keep what it learned.
pub struct Engine {
    mid: Midgame,
    solver: Solver,
}

/// Which static evaluation a search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evaluator {
    /// The trained pattern evaluation shipped in the binary, with the midgame search's own late
    /// phases ([`super::pattern::midgame`]; the hand-tuned one if none ships).
    #[default]
    Patterns,
    /// The hand-tuned evaluation (mobility, corners, stability …), kept for comparison.
    Hand,
    /// Pattern weights loaded from a file, whole or an overlay on the shipped ones (to compare a
    /// new training round with the shipped one).
    Weights(&'static Weights),
    /// A network's weights loaded from a file (`train/` makes them).
    Net(&'static Net),
}

impl std::str::FromStr for Evaluator {
    type Err = String;
    /// `patterns`, `hand`, or the path of a weights file from `reversi train` or of a network
    /// from `train/`.
    fn from_str(text: &str) -> Result<Evaluator, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "patterns" | "pattern" => Ok(Evaluator::Patterns),
            "hand" => Ok(Evaluator::Hand),
            _ => {
                let bytes = std::fs::read(text.trim()).map_err(|e| {
                    format!("'{text}' is not an evaluation (patterns, hand or a weights file): {e}")
                })?;
                let inflated = if bytes.starts_with(&GZIP_MAGIC) {
                    gunzip(&bytes).map_err(|e| format!("{text}: {e}"))?
                } else {
                    bytes.clone()
                };
                if inflated.starts_with(NET_MAGIC) {
                    let net = Net::read(&inflated).map_err(|e| format!("{text}: {e}"))?;
                    return Ok(Evaluator::Net(Box::leak(Box::new(net))));
                }
                let weights = Weights::read(&bytes).map_err(|e| format!("{text}: {e}"))?;
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
                leaf: Leaf::of(midgame()),
                selective: false,
                pool: None,
                chain: Vec::new(),
            },
            solver: Solver::new(TranspositionTable::new(table_bits), cancel),
        }
    }

    /// Chooses the static evaluation. Clears the midgame table, whose scores depend on it.
    pub fn set_evaluator(&mut self, evaluator: Evaluator) {
        let leaf = match evaluator {
            Evaluator::Patterns => Leaf::of(midgame()),
            Evaluator::Hand => Leaf::Hand,
            Evaluator::Weights(weights) => Leaf::Patterns(weights),
            Evaluator::Net(net) => Leaf::Net(net),
        };
        if leaf != self.mid.leaf {
            self.mid.leaf = leaf;
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
        mut report: impl FnMut(&BoardResult),
    ) -> BoardResult {
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
        let mut result = BoardResult {
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
            let negated = |r: &BoardResult| BoardResult {
                best: None,
                score: -r.score,
                pv: Vec::new(),
                ..r.clone()
            };
            let mut report_negated = |r: &BoardResult| report(&negated(r));
            let report_negated: &mut dyn FnMut(&BoardResult) = &mut report_negated;
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
        let deadline = limits.time.map(|t| started + t);
        let mut score = 0;
        for depth in 1..=max_depth {
            let iteration = Instant::now();
            let outcome = if depth <= 2 {
                self.mid
                    .root(player, opponent, depth, -64 * DISC, 64 * DISC)
            } else {
                self.aspiration(player, opponent, depth, score)
            };
            match outcome {
                Ok((s, best)) => {
                    score = s;
                    result.best = Some(Sq::new(best).expect("a square"));
                    result.score = s;
                    result.depth = depth;
                    result.nodes = self.mid.nodes;
                    result.pv = self.principal_variation(player, opponent, best, depth);
                    report(&result);
                }
                Err(Cancelled) => break,
            }
            if depth == empties || !time_for_another(iteration, deadline) {
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
    ) -> Result<BoardResult, Option<BoardResult>> {
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
        let mut estimate = BoardResult {
            best: Sq::new(first),
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
                    estimate = BoardResult {
                        best: Sq::new(best),
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
        Ok(BoardResult {
            best: Sq::new(best),
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
    fn principal_variation(&self, player: u64, opponent: u64, first: u8, depth: u32) -> Vec<Sq> {
        follow_table(&self.mid.tt, player, opponent, first, depth as usize)
    }

    fn solver_pv(&self, player: u64, opponent: u64, first: u8) -> Vec<Sq> {
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
    ) -> Option<Vec<BoardMoveScore>> {
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
            scores.push(BoardMoveScore {
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
        mut first: Option<Sq>,
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
                    let square = Sq::new(best?)?;
                    if reached != score || !board.is_legal(square) {
                        return None;
                    }
                    square
                }
            };
            line.push(Move::Play(Square::from_sq(square)));
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

/// One legal move's score from [`Engine::score_moves`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardMoveScore {
    pub square: Sq,
    /// Hundredths of a disc, from the mover's view.
    pub score: i32,
    pub exact: bool,
    /// The move, then the expected replies.
    pub pv: Vec<Sq>,
}

fn follow_table(
    tt: &TranspositionTable,
    player: u64,
    opponent: u64,
    first: u8,
    max: usize,
) -> Vec<Sq> {
    let mut pv = Vec::new();
    let (mut p, mut o) = (player, opponent);
    let mut next = Some(first);
    while let Some(sq) = next {
        if pv.len() >= max || legal_moves(p, o) & (1 << sq) == 0 {
            break;
        }
        pv.push(Sq::new(sq).expect("a square"));
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
/// A legal move to fall back on when no iteration finished: the first in static order.
fn fallback_move(player: u64, opponent: u64, moves: u64) -> Option<Sq> {
    order_moves(player, opponent, moves, None, 1, Leaf::Hand)
        .next()
        .and_then(Sq::new)
}

/// Whether a timed search should start the next iteration: one that began at `iteration` has just
/// finished, and the next, which takes about twice as long or more (each ply multiplies the
/// tree), would still end before `deadline`. An iteration cut off by the deadline is thrown away,
/// so starting one that cannot finish only spends time. Without a deadline, always.
fn time_for_another(iteration: Instant, deadline: Option<Instant>) -> bool {
    let Some(deadline) = deadline else {
        return true;
    };
    let now = Instant::now();
    now + (now - iteration) * NEXT_ITERATION_FACTOR < deadline
}

/// How many times the last iteration's time the next one is expected to take at least.
const NEXT_ITERATION_FACTOR: u32 = 2;
