//! Move ordering: fastest-first with parity and potential mobility near the end, the pattern
//! evaluation of a shallow search farther up, and the static square classes for the last plies.

use super::*;

/// Move-order classes for the last empties: corners first, X-squares (diagonally next to a
/// corner) last, C-squares (edge squares next to a corner) just before them.
pub(super) const PLAIN: u64 = !(CORNERS | X_SQUARES | C_SQUARES);

/// Quadrant masks used for parity ordering (a1-d4, e1-h4, a5-d8, e5-h8).
pub(super) const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The quadrant each square lies in.
pub(super) static QUADRANT_OF: [u64; 64] = {
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
pub(super) fn odd_quadrant(sq: usize, empty: u64) -> u32 {
    (QUADRANT_OF[sq] & empty).count_ones() & 1
}

impl Solver {
    /// Moves in search order: fastest-first (fewest opponent replies, corners preferred) when
    /// enough empties remain, else the static square order. (The hash move is not among them:
    /// the search tries it before sorting.)
    pub(super) fn ordered_moves(
        &self,
        player: u64,
        opponent: u64,
        moves: u64,
        alpha: i32,
    ) -> MoveList {
        let mut list = MoveList::default();
        self.order_moves(&mut list, player, opponent, moves, alpha);
        list
    }

    /// [`Solver::ordered_moves`] into an empty `list`. `alpha`: the node's (in discs); the
    /// evaluation order tells moves apart exactly only above [`SORT_WINDOW`] below it.
    pub(super) fn order_moves(
        &self,
        list: &mut MoveList,
        player: u64,
        opponent: u64,
        moves: u64,
        alpha: i32,
    ) {
        self.order_moves_in::<Portable>(list, player, opponent, moves, alpha);
    }

    /// The body of [`Solver::order_moves`] with the primitives of `B`.
    #[inline(always)]
    pub(super) fn order_moves_in<B: Bits>(
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
                            // each.
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
/// empties remain, but not four plies above 30 empties (a wipeout's proof then costs far more).
#[inline(always)]
pub(super) const fn sort_depth(empties: u32) -> u32 {
    match empties {
        ..=18 => 1,
        19..=22 => 2,
        27..=30 => 4,
        _ => 3,
    }
}

/// Each of `moves` into `list` with its flips and the value `value` gives it from the square, the
/// position after it (opponent to move) and the opponent's replies. With `table`, each child's slot
/// is fetched from memory for the search that follows.
#[inline(always)]
pub(super) fn value_children<B: Bits>(
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
pub(super) fn fastest_first_in<B: Bits>(
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
                // Fitted to cut nodes sampled from the solver's trees (docs/experiments.md).
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

/// A small alpha-beta on the pattern evaluation, only to order the solver's moves (and for
/// ProbCut's estimates). On processors [`crate::rules::x86::fast_path`] detects, a copy compiled
/// for their instructions runs; both are the same code.
pub(super) fn sort_search(
    weights: &Weights,
    player: u64,
    opponent: u64,
    depth: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    #[cfg(target_arch = "x86_64")]
    {
        use crate::rules::x86::{avx512_path, fast_path};
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

pub(super) fn sort_search_portable(
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
pub(super) fn sort_search_in<B: Bits>(
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
