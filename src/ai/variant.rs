//! The engine for every variant but standard 8×8 Othello (which keeps its own tuned engine): other
//! board sizes, the classic opening's placements and Anti-reversi. Iterative deepening,
//! principal-variation alpha-beta with a transposition table, hash-move and mobility ordering, and
//! an exact solver near the end; cancellable and bounded by depth, nodes and time. The evaluation
//! is derived from the board's geometry (mobility, potential mobility, corners and the squares next
//! to them, edges, parity, the late disc count); under Anti-reversi the terms that measure owning
//! discs change sign.
//!
//! Written once over [`Bits`] and compiled for `u64` (up to 8×8), `u128` (up to 10×10) and
//! [`SquareSet`] (up to 16×16).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use web_time::Instant;

use super::eval::DISC;
use super::{Level, Limits};
use crate::rules::bits::{Bits, SquareSet};
use crate::rules::variant::{Geometry, Goal, final_margin};
use crate::rules::{Cell, VPosition, Variant};

/// Runs `$body` with the position's discs and geometry on the narrowest square set its board fits.
macro_rules! dispatch {
    ($position:expr, |$p:ident, $o:ident, $geometry:ident| $body:expr) => {{
        let position = $position;
        match position.variant.cells() {
            0..=64 => {
                let $geometry = Geometry::<u64>::new(position.variant).expect("fits");
                let ($p, $o) = (
                    u64::from_set(position.player),
                    u64::from_set(position.opponent),
                );
                $body
            }
            65..=128 => {
                let $geometry = Geometry::<u128>::new(position.variant).expect("fits");
                let ($p, $o) = (
                    u128::from_set(position.player),
                    u128::from_set(position.opponent),
                );
                $body
            }
            _ => {
                let $geometry = Geometry::<SquareSet>::new(position.variant).expect("fits");
                let ($p, $o) = (position.player, position.opponent);
                $body
            }
        }
    }};
}

/// What a variant search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VSearchResult {
    /// The move to play; `None` when the side to move has none.
    pub best: Option<Cell>,
    /// Hundredths of a disc from the mover's view (the exact final margin × 100 when `exact`).
    pub score: i32,
    pub exact: bool,
    /// Depth of the last finished iteration (empties when exact).
    pub depth: u32,
    pub nodes: u64,
    /// The expected line, best move first.
    pub pv: Vec<Cell>,
}

/// One move's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VMoveScore {
    pub cell: Cell,
    /// Hundredths of a disc from the mover's view.
    pub score: i32,
    pub exact: bool,
}

impl From<&super::MoveScore> for VMoveScore {
    fn from(m: &super::MoveScore) -> VMoveScore {
        VMoveScore {
            cell: Cell::from_square(m.square),
            score: m.score,
            exact: m.exact,
        }
    }
}

/// What a level means on a variant board of `cells` squares: the 8×8 level's depth scaled to the
/// generic engine and to the board (small boards search deeper and solve earlier for the same
/// time, big ones less deep), its exact-solve depth, a time cap on every level (a big board's deep
/// search must not outlast a player's patience), the noise of the noisy levels and the table size.
pub fn level_limits(level: Level, cells: u32) -> (Limits, i32, u32) {
    let (depth, endgame_empties, time_ms, noise_discs, table_bits) = match level {
        Level::Beginner => (1, 0, 1_000, 25, 10),
        Level::Novice => (2, 6, 2_000, 5, 12),
        Level::Intermediate => (3, 8, 3_000, 2, 16),
        Level::Advanced => (4, 12, 2_000, 0, 18),
        Level::Expert => (6, 14, 5_000, 0, 20),
        Level::Maximum => (60, 20, 15_000, 0, 20),
    };
    // Beginner stays one ply on every board.
    let (more_depth, more_empties): (i32, i32) = match cells {
        _ if level == Level::Beginner => (0, 0),
        0..=49 => (3, 6),
        50..=64 => (1, 2),
        65..=100 => (0, 0),
        _ => (-1, -2),
    };
    (
        Limits {
            depth: (depth + more_depth).max(1) as u32,
            endgame_empties: (endgame_empties + more_empties).max(0) as u32,
            time: Some(Duration::from_millis(time_ms)),
            nodes: None,
            selective: false,
        },
        noise_discs,
        table_bits,
    )
}

/// The move `level` plays in `position`, or `None` when the side to move has none. Standard 8×8
/// Othello positions (and classic 8×8 after its placements) go to the 8×8 engine; everything else
/// to the generic one. Deterministic for a `seed` when no time limit decides; returns promptly
/// with a legal move once `cancel` is set.
pub fn choose_move(
    position: &VPosition,
    level: Level,
    seed: u64,
    cancel: Arc<AtomicBool>,
    budget: Option<Duration>,
) -> Option<Cell> {
    if let Some(board) = standard_board(position) {
        return super::choose_move_within(&board, level, seed, cancel, budget)
            .map(Cell::from_square);
    }
    let moves = position.legal_cells();
    if moves.is_empty() {
        return None;
    }
    let (mut limits, noise_discs, table_bits) = level_limits(level, position.variant.cells());
    limits.time = match (limits.time, budget) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    if noise_discs == 0 {
        return search(position, &limits, table_bits, cancel).best;
    }
    // Noisy levels: score every move, then pick at random among those close enough to the best
    // (the margin grows with the board, as scores do).
    let (scores, _) = score_moves(position, &limits, table_bits, cancel);
    let best = scores.first().map_or(0, |m| m.score);
    let noise = noise_margin(noise_discs, position.variant.cells());
    let close: Vec<Cell> = scores
        .iter()
        .filter(|m| m.score >= best - noise)
        .map(|m| m.cell)
        .collect();
    let close = if close.is_empty() { moves } else { close };
    let mut rng = StdRng::seed_from_u64(
        seed ^ position.player.mix() ^ position.opponent.mix().rotate_left(17),
    );
    Some(close[rng.random_range(0..close.len())])
}

/// How far below its best a noisy level may play on a board of `cells` squares, in hundredths of a
/// disc: the level's 8×8 margin, grown with the board as scores do.
fn noise_margin(noise_discs: i32, cells: u32) -> i32 {
    noise_discs * DISC * cells as i32 / 64
}

/// Whether the 8×8 engine plays `variant`'s games: 8×8 where most discs win (a classic game once
/// its four placements are made).
pub fn played_by_standard_engine(variant: Variant) -> bool {
    variant.size() == 8 && variant.goal == Goal::MostDiscs
}

/// What `level` does on `variant`, as the 8×8 levels' settings say it: the 8×8 engine's own on the
/// games it plays, the generic engine's for the board elsewhere (noise in whole discs).
pub fn level_settings(level: Level, variant: Variant) -> super::LevelSettings {
    if played_by_standard_engine(variant) {
        return level.settings();
    }
    let (limits, noise_discs, table_bits) = level_limits(level, variant.cells());
    super::LevelSettings {
        depth: limits.depth,
        endgame_empties: limits.endgame_empties,
        time: limits.time,
        noise_discs: noise_margin(noise_discs, variant.cells()) / DISC,
        table_bits,
        selective: false,
    }
}

/// The 8×8 board of a position the 8×8 engine plays: 8×8, most discs, placements done (a
/// classic 8×8 game after its four placements is an ordinary Othello position).
pub fn standard_board(position: &VPosition) -> Option<crate::rules::Board> {
    (played_by_standard_engine(position.variant) && !position.placing())
        .then(|| position.to_position())
        .flatten()
        .map(|p| p.board)
}

/// Searches `position` with the generic engine within `limits` (the 8×8 engine is not used, so
/// this searches standard 8×8 too, for comparisons).
pub fn search(
    position: &VPosition,
    limits: &Limits,
    table_bits: u32,
    cancel: Arc<AtomicBool>,
) -> VSearchResult {
    dispatch!(position, |p, o, geometry| {
        Searcher::new(geometry, table_bits, cancel, limits).run(p, o, limits)
    })
}

/// Every legal move's score at `limits`' depth (exact within its endgame empties), best first,
/// and the nodes searched.
pub fn score_moves(
    position: &VPosition,
    limits: &Limits,
    table_bits: u32,
    cancel: Arc<AtomicBool>,
) -> (Vec<VMoveScore>, u64) {
    dispatch!(position, |p, o, geometry| {
        Searcher::new(geometry, table_bits, cancel, limits).score_all(p, o, limits)
    })
}

/// The exact final margin of `position` with best play (×1, not hundredths), its best move, and the
/// nodes searched; `None` when cancelled.
pub fn solve(position: &VPosition, cancel: Arc<AtomicBool>) -> Option<(i32, Option<Cell>, u64)> {
    let limits = Limits {
        depth: 0,
        endgame_empties: position.variant.cells(),
        time: None,
        nodes: None,
        selective: false,
    };
    // A table that grows with the tree: 2^12 entries for a handful of empties, 2^22 from 20.
    let table_bits = (2 + position.empties() / 2 * 2).clamp(12, 22);
    let result = search(position, &limits, table_bits, cancel.clone());
    (!cancel.load(Ordering::Relaxed) && result.exact).then_some((
        result.score / DISC,
        result.best,
        result.nodes,
    ))
}

/// A transposition-table entry: the position's hash, bounds on its score, the depth they hold
/// for (`u8::MAX`: to the end), the best move found.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    lower: i32,
    upper: i32,
    depth: u8,
    best: u16,
}

const NO_MOVE: u16 = u16::MAX;
/// Searches this deep or deeper order their moves by a one-ply search of each (its evaluation,
/// plus [`ORDER_MOBILITY`] for each reply) instead of by the replies alone: dearer at a node,
/// cheaper over the tree (a third fewer nodes solving 6×6 positions of 24 empties).
const ORDER_SEARCH_DEPTH: u32 = 12;
/// What each reply left to the opponent costs a move in that order, in hundredths of a disc.
const ORDER_MOBILITY: i32 = 150;
/// In anti, what each disc a move turns costs it in both orders (in hundredths of a disc, or a
/// fifth of a reply): turning few discs keeps the mover's count low, the goal. A quarter to a third
/// fewer nodes solving 6×6 anti positions of 26 empties.
const ORDER_ANTI_FLIP: i32 = 200;
/// Positions with this many empties or fewer are solved without the table.
const SHALLOW_EXACT: u32 = 6;

/// A node's moves with their flips and ordering keys, on the stack (boards with more moves than
/// the stack holds spill into a vector).
struct MoveList<B> {
    stack: [(i32, u32, B); 48],
    len: usize,
    spill: Vec<(i32, u32, B)>,
}

impl<B: Bits> Default for MoveList<B> {
    fn default() -> MoveList<B> {
        MoveList {
            stack: [(0, 0, B::ZERO); 48],
            len: 0,
            spill: Vec::new(),
        }
    }
}

impl<B: Bits> MoveList<B> {
    fn push(&mut self, item: (i32, u32, B)) {
        if self.len < self.stack.len() {
            self.stack[self.len] = item;
            self.len += 1;
        } else {
            if self.spill.is_empty() {
                self.spill.extend_from_slice(&self.stack);
            }
            self.spill.push(item);
        }
    }

    fn sort(&mut self) {
        if self.spill.is_empty() {
            self.stack[..self.len].sort_unstable_by_key(|&(key, i, _)| (key, i));
        } else {
            self.spill.sort_unstable_by_key(|&(key, i, _)| (key, i));
        }
    }

    fn as_slice(&self) -> &[(i32, u32, B)] {
        if self.spill.is_empty() {
            &self.stack[..self.len]
        } else {
            &self.spill
        }
    }
}
const INFINITY: i32 = 1_000_000;

struct Searcher<B: Bits> {
    geometry: Geometry<B>,
    goal: Goal,
    /// The evaluation's square values, by index.
    squares: Vec<i32>,
    table: Vec<Entry>,
    nodes: u64,
    cancel: Arc<AtomicBool>,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stopped: bool,
    /// Set just before a root call; the call takes it.
    at_root: bool,
}

impl<B: Bits> Searcher<B> {
    fn new(
        geometry: Geometry<B>,
        table_bits: u32,
        cancel: Arc<AtomicBool>,
        limits: &Limits,
    ) -> Searcher<B> {
        let n = geometry.size();
        let sign = match geometry.variant.goal {
            Goal::MostDiscs => 1,
            Goal::FewestDiscs => -1,
        };
        let squares = (0..n * n)
            .map(|i| {
                let value = if geometry.corners.contains(i) {
                    800
                } else if geometry.edges.contains(i) {
                    40
                } else {
                    0
                };
                sign * value
            })
            .collect();
        Searcher {
            geometry,
            goal: geometry.variant.goal,
            squares,
            table: vec![Entry::default(); 1 << table_bits.clamp(8, 22)],
            nodes: 0,
            cancel,
            deadline: limits.time.map(|t| Instant::now() + t),
            node_limit: limits.nodes,
            stopped: false,
            at_root: false,
        }
    }

    fn key(player: B, opponent: B) -> u64 {
        player.mix()
            ^ opponent
                .mix()
                .rotate_left(29)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    fn check_stop(&mut self) {
        if self.cancel.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.node_limit.is_some_and(|n| self.nodes >= n)
        {
            self.stopped = true;
        }
    }

    /// The exact end score for the side with `player`, in hundredths.
    fn final_score(&self, player: B, opponent: B) -> i32 {
        let empties = self.geometry.variant.cells() - (player | opponent).count();
        DISC * final_margin(
            player.count() as i32,
            opponent.count() as i32,
            empties as i32,
            self.goal,
        )
    }

    /// The evaluation from the mover's view, in hundredths of a disc.
    fn evaluate(&self, player: B, opponent: B, moves: B) -> i32 {
        let g = &self.geometry;
        let empty = g.full & !(player | opponent);
        let cells = g.variant.cells() as i32;
        let empties = empty.count() as i32;
        let anti = self.goal == Goal::FewestDiscs;
        let theirs = g.moves(opponent, player).count() as i32;
        let mut score = 90 * (moves.count() as i32 - theirs);
        // Potential mobility: empty squares next to the other side's discs.
        let near = |set: B| {
            let mut around = B::ZERO;
            for d in 0..8 {
                around |= g.step(set, d);
            }
            (around & empty).count() as i32
        };
        score += 30 * (near(opponent) - near(player));
        for i in player.iter() {
            score += self.squares[i as usize];
        }
        for i in opponent.iter() {
            score -= self.squares[i as usize];
        }
        // X- and C-squares next to an empty corner hand the corner over.
        let sign = if anti { -1 } else { 1 };
        let open_corners = g.corners & empty;
        if !open_corners.is_empty() {
            let mut near_open = B::ZERO;
            for d in 0..8 {
                near_open |= g.step(open_corners, d);
            }
            let x = g.x_squares & near_open;
            let c = g.c_squares & near_open;
            score -= sign * 300 * ((player & x).count() as i32 - (opponent & x).count() as i32);
            score -= sign * 100 * ((player & c).count() as i32 - (opponent & c).count() as i32);
        }
        // The disc count matters more as the board fills.
        let filled = cells - empties;
        let discs = player.count() as i32 - opponent.count() as i32;
        if filled * 3 > cells * 2 {
            score += sign * discs * DISC * (filled * 3 - cells * 2) / cells;
        }
        // Parity: the side to move on an odd number of empties expects the last move.
        if !anti && empties % 2 == 1 {
            score += 60;
        }
        score
    }

    /// The moves of `moves` with their flips, in search order: the hash move, then fewest replies
    /// (mobility, when `by_mobility`; with the replies' one-ply search, when `by_search`), then
    /// square value.
    fn order(
        &mut self,
        player: B,
        opponent: B,
        moves: B,
        hash_move: u16,
        by_mobility: bool,
        by_search: bool,
    ) -> MoveList<B> {
        let mut list = MoveList::default();
        let per_flip = if self.goal == Goal::FewestDiscs {
            ORDER_ANTI_FLIP
        } else {
            0
        };
        for i in moves.iter() {
            let flips = self.geometry.flips(player, opponent, i);
            let key = if i == u32::from(hash_move) {
                i32::MIN
            } else if by_mobility {
                let (p, o) = (opponent ^ flips, player | flips | B::bit(i));
                let replies = self.geometry.moves(p, o);
                if by_search && !replies.is_empty() {
                    self.best_reply(p, o, replies)
                        + ORDER_MOBILITY * replies.count() as i32
                        + per_flip * flips.count() as i32
                } else {
                    1000 * replies.count() as i32 - self.squares[i as usize]
                        + per_flip * flips.count() as i32
                }
            } else {
                -self.squares[i as usize]
            };
            list.push((key, i, flips));
        }
        list.sort();
        list
    }

    /// The side to move's best score of `moves` by a one-ply search: an ordering key.
    fn best_reply(&mut self, player: B, opponent: B, moves: B) -> i32 {
        let mut best = -INFINITY;
        for i in moves.iter() {
            let flips = self.geometry.flips(player, opponent, i);
            let (p, o) = (opponent ^ flips, player | flips | B::bit(i));
            self.nodes += 1;
            best = best.max(-self.evaluate(p, o, self.geometry.moves(p, o)));
        }
        best
    }

    /// Negamax principal-variation search, fail-soft. `depth` counts placements (passes are free);
    /// a depth of at least the empties is an exact solve.
    fn negamax(
        &mut self,
        player: B,
        opponent: B,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        // The root always searches its moves and stores its best one (no shallow solver, no
        // table cutoff), so the line read from the table starts with the move found.
        let root = std::mem::take(&mut self.at_root);
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.check_stop();
        }
        if self.stopped {
            return 0;
        }
        let moves = self.geometry.moves(player, opponent);
        if moves.is_empty() {
            if passed {
                return self.final_score(player, opponent);
            }
            return -self.negamax(opponent, player, depth, -beta, -alpha, true);
        }
        if depth == 0 {
            return self.evaluate(player, opponent, moves);
        }
        if !root && depth <= SHALLOW_EXACT && self.empties(player, opponent) <= depth {
            return self.solve_shallow(player, opponent, moves, alpha, beta);
        }
        let key = Self::key(player, opponent);
        let slot = (key as usize) & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut hash_move = NO_MOVE;
        if entry.key == key {
            hash_move = entry.best;
            if !root && u32::from(entry.depth) >= depth {
                if entry.lower >= beta {
                    return entry.lower;
                }
                if entry.upper <= alpha {
                    return entry.upper;
                }
                if entry.lower == entry.upper {
                    return entry.lower;
                }
            }
        }
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = NO_MOVE;
        let by_search = depth >= ORDER_SEARCH_DEPTH;
        let order = self.order(player, opponent, moves, hash_move, depth >= 3, by_search);
        for (n, &(_, i, flips)) in order.as_slice().iter().enumerate() {
            let (p, o) = (opponent ^ flips, player | flips | B::bit(i));
            let score = if n == 0 {
                -self.negamax(p, o, depth - 1, -beta, -alpha, false)
            } else {
                let probe = -self.negamax(p, o, depth - 1, -alpha - 1, -alpha, false);
                if probe > alpha && probe < beta {
                    -self.negamax(p, o, depth - 1, -beta, -probe, false)
                } else {
                    probe
                }
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = i as u16;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let stored_depth = depth.min(u32::from(u8::MAX)) as u8;
        let (lower, upper) = if best <= original_alpha {
            (-INFINITY, best)
        } else if best >= beta {
            (best, INFINITY)
        } else {
            (best, best)
        };
        self.table[slot] = Entry {
            key,
            lower,
            upper,
            depth: stored_depth,
            best: best_move,
        };
        best
    }

    /// The exact score of a position with few empties (`moves` are the mover's, not empty):
    /// alpha-beta without the table or mobility ordering, corners first.
    fn solve_shallow(
        &mut self,
        player: B,
        opponent: B,
        moves: B,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best = -INFINITY;
        let corners = moves & self.geometry.corners;
        for i in corners.iter().chain((moves ^ corners).iter()) {
            let flips = self.geometry.flips(player, opponent, i);
            let (p, o) = (opponent ^ flips, player | flips | B::bit(i));
            self.nodes += 1;
            let replies = self.geometry.moves(p, o);
            let score = if !replies.is_empty() {
                -self.solve_shallow(p, o, replies, -beta, -alpha)
            } else {
                let again = self.geometry.moves(o, p);
                if again.is_empty() {
                    self.final_score(o, p)
                } else {
                    self.nodes += 1;
                    self.solve_shallow(o, p, again, alpha, beta)
                }
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

    fn empties(&self, player: B, opponent: B) -> u32 {
        self.geometry.variant.cells() - (player | opponent).count()
    }

    /// Iterative deepening to `limits.depth`, then an exact solve when the empties allow it.
    fn run(mut self, player: B, opponent: B, limits: &Limits) -> VSearchResult {
        let n = self.geometry.size();
        let moves = self.geometry.moves(player, opponent);
        let first = moves.iter().next().map(|i| Cell::from_index(i, n));
        let mut result = VSearchResult {
            best: first,
            score: 0,
            exact: false,
            depth: 0,
            nodes: 0,
            pv: first.into_iter().collect(),
        };
        if moves.is_empty() {
            return result;
        }
        let empties = self.empties(player, opponent);
        let exact = empties <= limits.endgame_empties;
        let last = if exact {
            empties
        } else {
            limits.depth.clamp(1, empties)
        };
        // An exact solve of many empties is ordered (and its window guessed) by shallow searches
        // first.
        let shallow = if exact {
            empties.saturating_sub(10).min(10)
        } else {
            last
        };
        let mut depth = if shallow == 0 { last } else { 1 };
        let mut guess = 0;
        loop {
            let score = if depth == last && exact && shallow > 0 {
                self.aspirate(player, opponent, depth, guess)
            } else {
                self.at_root = true;
                self.negamax(player, opponent, depth, -INFINITY, INFINITY, false)
            };
            if self.stopped {
                break;
            }
            guess = score;
            result.score = score;
            result.depth = depth;
            result.exact = depth >= empties;
            result.pv = self.principal_variation(player, opponent);
            result.best = result.pv.first().copied().or(result.best);
            if depth >= last {
                break;
            }
            depth = if depth >= shallow { last } else { depth + 1 };
        }
        result.nodes = self.nodes;
        result
    }

    /// An exact solve around `guess` (a midgame estimate): null windows walk the score to its
    /// true value, the way MTD(f) does, sharing the table.
    fn aspirate(&mut self, player: B, opponent: B, depth: u32, guess: i32) -> i32 {
        // Final scores are whole discs: round the guess to one.
        let mut score = (guess / DISC) * DISC;
        let (mut lower, mut upper) = (-INFINITY, INFINITY);
        while lower < upper && !self.stopped {
            let beta = if score == lower { score + DISC } else { score };
            self.at_root = true;
            score = self.negamax(player, opponent, depth, beta - DISC, beta, false);
            if score < beta {
                upper = score;
            } else {
                lower = score;
            }
        }
        score
    }

    /// The line the table holds from the root, best move first.
    fn principal_variation(&self, mut player: B, mut opponent: B) -> Vec<Cell> {
        let n = self.geometry.size();
        let mut line = Vec::new();
        while line.len() < 64 {
            let moves = self.geometry.moves(player, opponent);
            if moves.is_empty() {
                if self.geometry.moves(opponent, player).is_empty() {
                    break;
                }
                std::mem::swap(&mut player, &mut opponent);
                continue;
            }
            let key = Self::key(player, opponent);
            let entry = self.table[(key as usize) & (self.table.len() - 1)];
            if entry.key != key || entry.best == NO_MOVE || !moves.contains(u32::from(entry.best)) {
                break;
            }
            let i = u32::from(entry.best);
            line.push(Cell::from_index(i, n));
            let flips = self.geometry.flips(player, opponent, i);
            (player, opponent) = (opponent ^ flips, player | flips | B::bit(i));
        }
        line
    }

    /// Every move's score at the limits' depth (exact within the endgame empties), best first.
    fn score_all(mut self, player: B, opponent: B, limits: &Limits) -> (Vec<VMoveScore>, u64) {
        let n = self.geometry.size();
        let moves = self.geometry.moves(player, opponent);
        let empties = self.empties(player, opponent);
        let mut scores: Vec<VMoveScore> = Vec::new();
        for &(_, i, flips) in self
            .order(player, opponent, moves, NO_MOVE, true, false)
            .as_slice()
        {
            let (p, o) = (opponent ^ flips, player | flips | B::bit(i));
            let exact = empties - 1 <= limits.endgame_empties;
            let depth = if exact {
                empties - 1
            } else {
                limits.depth.saturating_sub(1).min(empties - 1)
            };
            let score = -self.negamax(p, o, depth, -INFINITY, INFINITY, false);
            if self.stopped {
                break;
            }
            scores.push(VMoveScore {
                cell: Cell::from_index(i, n),
                score,
                exact,
            });
        }
        scores.sort_by_key(|m| -m.score);
        (scores, self.nodes)
    }
}
