//! Perft: counting the leaves of the game tree, the standard check of move generation.
//!
//! On x86-64 processors with POPCNT, LZCNT, BMI1/2 and AVX2 (detected at run time) a copy of the same code
//! compiled for those instructions runs; everywhere else (and on wasm) the portable one.

use super::board::{Board, legal_moves};
#[cfg(target_arch = "x86_64")]
use super::x86::fast_path;

/// The perft body, instantiated once portable and once with extra instructions enabled.
macro_rules! perft_body {
    ($name:ident, $flips:path $(, #[$attr:meta])?) => {
        $(#[$attr])?
        fn $name(player: u64, opponent: u64, depth: u32) -> u64 {
            use $flips as flips;
            let mut moves = legal_moves(player, opponent);
            if moves == 0 {
                if legal_moves(opponent, player) == 0 {
                    return 1;
                }
                return if depth == 1 { 1 } else { $name(opponent, player, depth - 1) };
            }
            if depth == 1 {
                return u64::from(moves.count_ones());
            }
            let mut leaves = 0;
            while moves != 0 {
                let sq = moves.trailing_zeros() as usize;
                moves &= moves - 1;
                let f = flips(player, opponent, sq);
                leaves += $name(opponent ^ f, player | f | (1 << sq), depth - 1);
            }
            leaves
        }
    };
}

perft_body!(perft_portable_from, super::board::flips);

#[cfg(target_arch = "x86_64")]
perft_body!(perft_x86_from, super::x86::flips_avx2, #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]);

/// Leaves of the game tree `depth` plies below `board`. A pass costs one ply; a game that ends
/// before `depth` counts as one leaf. The last ply is counted in bulk (a popcount of the moves).
///
/// ```
/// use reversi::rules::{perft, Board};
/// assert_eq!(perft(&Board::start(), 4), 244);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    #[cfg(target_arch = "x86_64")]
    if fast_path() {
        // SAFETY: the instructions the function is compiled for were detected by `fast_path`.
        return unsafe { perft_x86_from(board.player, board.opponent, depth) };
    }
    perft_portable(board, depth)
}

/// [`perft`] on the portable path only (the reference the fast path is tested against).
pub fn perft_portable(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        1
    } else {
        perft_portable_from(board.player, board.opponent, depth)
    }
}
