//! The last few empties: no table, parity order, the last two squares played out directly.

use super::*;

/// The squares around each square.
pub(super) static NEIGHBOURS: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = neighbours(1 << sq);
        sq += 1;
    }
    table
};

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
        use crate::rules::x86::{avx512_path, fast_path};
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
pub(super) struct EmptyList {
    /// One square a byte: its index, and its quadrant (0–3, as [`QUADRANTS`]) in the top bits.
    pub(super) squares: u64,
    pub(super) len: u32,
    /// Bit `q`: quadrant `q` has an odd number of empties.
    pub(super) parity: u32,
}

impl EmptyList {
    #[inline(always)]
    pub(super) fn of(empty: u64) -> EmptyList {
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
    pub(super) fn get(self, i: usize) -> usize {
        (self.squares >> (8 * i)) as usize & 63
    }

    /// Whether square `i` (below `len`) lies in a quadrant with an odd number of empties.
    #[inline(always)]
    pub(super) fn odd(self, i: usize) -> bool {
        self.parity >> ((self.squares >> (8 * i + 6)) & 3) & 1 == 1
    }

    /// The list without square `i` (below `len`), the others in the same order.
    #[inline(always)]
    pub(super) fn without(self, i: usize) -> EmptyList {
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
        pub(in crate::ai::endgame) fn shallow_from(
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
// The x86-64 copies instantiate it again (simd.rs).
#[cfg(target_arch = "x86_64")]
pub(super) use shallow_solver;

pub(super) mod portable {
    shallow_solver!(crate::rules::board::flips);
}

/// The most the mover can score when the opponent keeps its stable discs (those
/// [`STABILITY_ROUNDS`] rounds of the stability rule find), or `None` when the opponent has too
/// few discs for that ceiling to reach `alpha` (then it is not worth computing).
#[inline(always)]
pub(super) fn stability_ceiling(player: u64, opponent: u64, alpha: i32) -> Option<i32> {
    if alpha < 64 - 2 * opponent.count_ones() as i32 {
        return None;
    }
    let stable = stable_discs_within(opponent, player, STABILITY_ROUNDS);
    Some(64 - 2 * stable.count_ones() as i32)
}
