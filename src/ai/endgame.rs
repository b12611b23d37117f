//! The exact endgame solver: alpha-beta on final disc differences (empties to the winner), with a
//! transposition table and fastest-first ordering near the root, parity ordering and specialised
//! code for the last empties, and stability cutoffs.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

use super::eval::{CORNERS, neighbours};
use super::stability::stable_discs;
use super::tt::{Bound, TranspositionTable};
use crate::rules::board::{flips, legal_moves};

/// Below this many empties the solver uses its shallow code: no table, parity ordering.
const SHALLOW_EMPTIES: u32 = 7;
/// From this many empties up, moves are sorted fastest-first (fewest replies for the opponent).
const SORT_EMPTIES: u32 = 9;
/// From this many empties up, children are looked up in the table before searching (ETC).
const ETC_EMPTIES: u32 = 12;
/// Nodes between two looks at the cancel flag.
const CANCEL_CHECK_NODES: u64 = 1 << 14;

/// Move-order classes for the last empties: corners first, X-squares (diagonally next to a
/// corner) last, C-squares (edge squares next to a corner) just before them.
const X_SQUARES: u64 = 0x0042_0000_0000_4200;
const C_SQUARES: u64 = 0x4281_0000_0000_8142;
const PLAIN: u64 = !(CORNERS | X_SQUARES | C_SQUARES);

/// Quadrant masks used for parity ordering (a1-d4, e1-h4, a5-d8, e5-h8).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The search was stopped by its cancel flag or budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

/// Exact endgame search state: the table, the node count and the stop conditions.
pub struct Solver {
    pub tt: TranspositionTable,
    pub nodes: u64,
    cancel: Arc<AtomicBool>,
    node_limit: u64,
    deadline: Option<Instant>,
    next_check: u64,
}

impl Solver {
    pub fn new(tt: TranspositionTable, cancel: Arc<AtomicBool>) -> Solver {
        Solver {
            tt,
            nodes: 0,
            cancel,
            node_limit: u64::MAX,
            deadline: None,
            next_check: CANCEL_CHECK_NODES,
        }
    }

    /// Replaces the flag that stops the search.
    pub fn set_cancel(&mut self, cancel: Arc<AtomicBool>) {
        self.cancel = cancel;
    }

    /// Stop (with [`Cancelled`]) at `deadline`, or once more than `node_limit` nodes were searched.
    pub fn set_limits(&mut self, deadline: Option<Instant>, node_limit: u64) {
        self.deadline = deadline;
        self.node_limit = node_limit;
        self.next_check = self.nodes + CANCEL_CHECK_NODES;
    }

    fn check_stop(&mut self) -> Result<(), Cancelled> {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CANCEL_CHECK_NODES;
            if self.cancel.load(Ordering::Relaxed)
                || self.nodes > self.node_limit
                || self.deadline.is_some_and(|d| Instant::now() >= d)
            {
                return Err(Cancelled);
            }
        }
        Ok(())
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
        for sq in self.ordered_moves(player, opponent, moves, None) {
            let f = flips(player, opponent, sq as usize);
            let (np, no) = (opponent ^ f, player | f | (1 << sq));
            let score = if best_move.is_none() {
                -self.search(np, no, -beta, -alpha)?
            } else {
                let mut s = -self.search(np, no, -alpha - 1, -alpha)?;
                if s > alpha && s < beta {
                    s = -self.search(np, no, -beta, -s)?;
                }
                s
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
        let (mut lower, mut upper) = (-64, 64);
        let mut g = guess.clamp(-64, 64);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            let score = self.search(player, opponent, beta - 1, beta)?;
            if score < beta {
                upper = score;
            } else {
                lower = score;
            }
            g = score;
        }
        Ok(lower)
    }

    /// Fail-soft alpha-beta on the exact final score.
    pub fn search(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        let empties = (!(player | opponent)).count_ones();
        if empties < SHALLOW_EMPTIES {
            self.nodes += 1;
            return Ok(self.shallow(player, opponent, alpha, beta, empties, false));
        }
        self.nodes += 1;
        self.check_stop()?;

        // Stability cutoff: the opponent's stable discs bound what the mover can reach.
        let mut alpha = alpha;
        let mut beta = beta;
        if alpha >= 64 - 2 * opponent.count_ones() as i32 {
            let stable = stable_discs(opponent, player).count_ones() as i32;
            let ceiling = 64 - 2 * stable;
            if ceiling <= alpha {
                return Ok(ceiling);
            }
            beta = beta.min(ceiling);
        }

        let key = TranspositionTable::key(player, opponent);
        let mut hash_move = None;
        if let Some(entry) = self.tt.probe(key) {
            if entry.depth as u32 >= empties {
                let score = entry.score as i32;
                match entry.bound {
                    Bound::Exact => return Ok(score),
                    Bound::Lower if score >= beta => return Ok(score),
                    Bound::Upper if score <= alpha => return Ok(score),
                    Bound::Lower => alpha = alpha.max(score),
                    Bound::Upper => beta = beta.min(score),
                }
                if alpha >= beta {
                    return Ok(score);
                }
            }
            hash_move = entry.best_move();
        }

        let moves = legal_moves(player, opponent);
        if moves == 0 {
            if legal_moves(opponent, player) == 0 {
                return Ok(final_score(player, opponent));
            }
            return Ok(-self.search(opponent, player, -beta, -alpha)?);
        }

        // Enhanced transposition cutoff: a child already known to be bad enough for the opponent
        // refutes this node without a search.
        if empties >= ETC_EMPTIES {
            let mut m = moves;
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let f = flips(player, opponent, sq);
                let child = TranspositionTable::key(opponent ^ f, player | f | (1 << sq));
                if let Some(entry) = self.tt.probe(child)
                    && entry.depth as u32 + 1 >= empties
                    && entry.bound != Bound::Lower
                    && -(entry.score as i32) >= beta
                {
                    return Ok(-(entry.score as i32));
                }
            }
        }

        let original_alpha = alpha;
        let mut best = -65;
        let mut best_move = 64u8;
        for sq in self.ordered_moves(player, opponent, moves, hash_move) {
            let f = flips(player, opponent, sq as usize);
            let (np, no) = (opponent ^ f, player | f | (1 << sq));
            let score = if best_move == 64 {
                -self.search(np, no, -beta, -alpha)?
            } else {
                let mut s = -self.search(np, no, -alpha - 1, -alpha)?;
                if s > alpha && s < beta {
                    s = -self.search(np, no, -beta, -s)?;
                }
                s
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
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, empties as u8, best as i16, bound, best_move);
        Ok(best)
    }

    /// Moves in search order: the hash move, then fastest-first (fewest opponent replies, corners
    /// preferred) when enough empties remain, else the static square order.
    fn ordered_moves(
        &self,
        player: u64,
        opponent: u64,
        moves: u64,
        hash_move: Option<u8>,
    ) -> MoveList {
        let mut list = MoveList::default();
        let empties = (!(player | opponent)).count_ones();
        if let Some(h) = hash_move
            && moves & (1 << h) != 0
        {
            list.push(h, i32::MAX);
        }
        let rest = match hash_move {
            Some(h) => moves & !(1u64 << h),
            None => moves,
        };
        if empties >= SORT_EMPTIES {
            let mut m = rest;
            while m != 0 {
                let sq = m.trailing_zeros() as u8;
                m &= m - 1;
                let f = flips(player, opponent, sq as usize);
                let (np, no) = (opponent ^ f, player | f | (1 << sq));
                let replies = legal_moves(np, no);
                let mut value = -(replies.count_ones() as i32) * 16;
                // Replies on corners are worse than their count says.
                value -= (replies & CORNERS).count_ones() as i32 * 8;
                value += square_bonus(sq);
                // Potential mobility left to the opponent: empties next to our discs.
                value -= (neighbours(no) & !(np | no)).count_ones() as i32 * 2;
                list.push(sq, value);
            }
            list.sort();
        } else {
            for class in [CORNERS, PLAIN, C_SQUARES, X_SQUARES] {
                let mut m = rest & class;
                while m != 0 {
                    list.push(m.trailing_zeros() as u8, 0);
                    m &= m - 1;
                }
            }
        }
        list
    }

    /// The last few empties: no table, moves in parity order (odd quadrants first), and the final
    /// empty counted directly.
    fn shallow(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
        passed: bool,
    ) -> i32 {
        let empty = !(player | opponent);
        if empties == 1 {
            return last_empty(player, opponent, empty.trailing_zeros() as usize);
        }
        let mut alpha = alpha;
        let mut best = -65;
        let mut any = false;
        // Odd quadrants first, then even ones; inside each, the static square order.
        let mut odd = 0u64;
        for q in QUADRANTS {
            if (empty & q).count_ones() & 1 == 1 {
                odd |= q;
            }
        }
        for region in [empty & odd, empty & !odd] {
            // Within a region: corners, then ordinary squares, then C- and X-squares; each class
            // walked bit by bit (not a scan of all 64 squares).
            let mut ordered = [
                region & CORNERS,
                region & PLAIN,
                region & C_SQUARES,
                region & X_SQUARES,
            ];
            for class in &mut ordered {
                while *class != 0 {
                    let sq = class.trailing_zeros() as u8;
                    *class &= *class - 1;
                    let f = flips(player, opponent, sq as usize);
                    if f == 0 {
                        continue;
                    }
                    any = true;
                    self.nodes += 1;
                    let score = -self.shallow(
                        opponent ^ f,
                        player | f | (1 << sq),
                        -beta,
                        -alpha,
                        empties - 1,
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
        }
        if any {
            return best;
        }
        if passed {
            // Neither side can move: the game is over.
            return final_score(player, opponent);
        }
        -self.shallow(opponent, player, -beta, -alpha, empties, true)
    }
}

fn square_bonus(sq: u8) -> i32 {
    match sq {
        0 | 7 | 56 | 63 => 12,
        9 | 14 | 49 | 54 => -6,
        _ => 0,
    }
}

/// The exact score with one empty square left, from the mover's view.
#[inline]
fn last_empty(player: u64, opponent: u64, sq: usize) -> i32 {
    let p = player.count_ones() as i32;
    let f = flips(player, opponent, sq).count_ones() as i32;
    if f != 0 {
        // Mover plays: p + f + 1 against 63 - p - f - 1.
        return 2 * (p + f + 1) - 64;
    }
    let g = flips(opponent, player, sq).count_ones() as i32;
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

/// The final disc difference for `player` when the game ends now (empties to the winner).
#[inline]
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

/// A small list of moves with ordering values, sorted in place.
pub struct MoveList {
    moves: [(u8, i32); 40],
    len: usize,
    next: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [(0, 0); 40],
            len: 0,
            next: 0,
        }
    }
}

impl MoveList {
    pub fn push(&mut self, sq: u8, value: i32) {
        if self.len < 40 {
            self.moves[self.len] = (sq, value);
            self.len += 1;
        }
    }

    /// Best value first; equal values keep their order (the hash move has the largest value).
    pub fn sort(&mut self) {
        self.moves[..self.len].sort_by_key(|m| std::cmp::Reverse(m.1));
    }
}

impl Iterator for MoveList {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        if self.next < self.len {
            self.next += 1;
            Some(self.moves[self.next - 1].0)
        } else {
            None
        }
    }
}
