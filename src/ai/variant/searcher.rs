//! The generic engine's search, on a board of any size and either goal: iterative deepening,
//! principal-variation alpha-beta with a transposition table, move ordering by a shallow search,
//! mobility and (in anti) the discs a move turns, and exact solving near the end.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use web_time::Instant;

use crate::ai::Limits;
use crate::ai::eval::DISC;
use crate::ai::scores::{MoveScore, SearchResult};
use crate::rules::bits::Bits;
use crate::rules::score::final_margin;
use crate::rules::variant::{Geometry, Goal};
use crate::rules::{Move, Square};

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
struct CellMoves<B> {
    stack: [(i32, u32, B); 48],
    len: usize,
    spill: Vec<(i32, u32, B)>,
}

impl<B: Bits> Default for CellMoves<B> {
    fn default() -> CellMoves<B> {
        CellMoves {
            stack: [(0, 0, B::ZERO); 48],
            len: 0,
            spill: Vec::new(),
        }
    }
}

impl<B: Bits> CellMoves<B> {
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

pub(super) struct Searcher<B: Bits> {
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
    pub(super) fn new(
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
        let empties = self.geometry.variant.squares() - (player | opponent).count();
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
        let cells = g.variant.squares() as i32;
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
    ) -> CellMoves<B> {
        let mut list = CellMoves::default();
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
        self.geometry.variant.squares() - (player | opponent).count()
    }

    /// Iterative deepening to `limits.depth`, then an exact solve when the empties allow it.
    pub(super) fn run(&mut self, player: B, opponent: B, limits: &Limits) -> SearchResult {
        let n = self.geometry.size();
        let moves = self.geometry.moves(player, opponent);
        let first = moves.iter().next().map(|i| Square::from_index(i, n));
        let mut result = SearchResult {
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
    fn principal_variation(&self, mut player: B, mut opponent: B) -> Vec<Square> {
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
            let Some(i) = self.table_move(player, opponent, moves) else {
                break;
            };
            line.push(Square::from_index(i, n));
            let flips = self.geometry.flips(player, opponent, i);
            (player, opponent) = (opponent ^ flips, player | flips | B::bit(i));
        }
        line
    }

    /// The best move the table holds for a position, where it holds one and it is among `moves`.
    fn table_move(&self, player: B, opponent: B, moves: B) -> Option<u32> {
        let key = Self::key(player, opponent);
        let entry = self.table[(key as usize) & (self.table.len() - 1)];
        let best = u32::from(entry.best);
        (entry.key == key && entry.best != NO_MOVE && moves.contains(best)).then_some(best)
    }

    /// A line of best play to the end of the game from a position whose exact score (for the side
    /// to move, in hundredths) is `score`: at each position a move that keeps the score, found by a
    /// null-window solve of that position with the table the solve left warm (its own best move
    /// is tried first), `first` first where it is legal. `None` if stopped, or if the side to
    /// move somewhere cannot reach the score claimed for it.
    pub(super) fn exact_line(
        &mut self,
        mut player: B,
        mut opponent: B,
        mut score: i32,
        first: Option<Square>,
    ) -> Option<Vec<Move>> {
        let n = self.geometry.size();
        let mut first = first.and_then(|square| square.index(n));
        let mut line = Vec::new();
        loop {
            let moves = self.geometry.moves(player, opponent);
            if moves.is_empty() {
                if self.geometry.moves(opponent, player).is_empty() {
                    return (self.final_score(player, opponent) == score).then_some(line);
                }
                line.push(Move::Pass);
                std::mem::swap(&mut player, &mut opponent);
                score = -score;
                continue;
            }
            let i = match first.take().filter(|&i| moves.contains(i)) {
                Some(i) => i,
                None => {
                    // At least `score` (the first move that reaches it cuts, and the root
                    // stores it), and no more: it is exact.
                    self.at_root = true;
                    let depth = self.empties(player, opponent);
                    let reached = self.negamax(player, opponent, depth, score - DISC, score, false);
                    if self.stopped || reached < score {
                        return None;
                    }
                    self.table_move(player, opponent, moves)?
                }
            };
            line.push(Move::Play(Square::from_index(i, n)));
            let flips = self.geometry.flips(player, opponent, i);
            (player, opponent) = (opponent ^ flips, player | flips | B::bit(i));
            score = -score;
        }
    }

    /// Every move's score at the limits' depth (exact within the endgame empties), best first.
    pub(super) fn score_all(
        mut self,
        player: B,
        opponent: B,
        limits: &Limits,
    ) -> (Vec<MoveScore>, u64) {
        let n = self.geometry.size();
        let moves = self.geometry.moves(player, opponent);
        let empties = self.empties(player, opponent);
        let mut scores: Vec<MoveScore> = Vec::new();
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
            let square = Square::from_index(i, n);
            scores.push(MoveScore {
                square,
                score,
                exact,
                pv: vec![square],
            });
        }
        scores.sort_by_key(|m| -m.score);
        (scores, self.nodes)
    }
}
