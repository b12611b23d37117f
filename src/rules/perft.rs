//! Perft: counting the leaves of the game tree, the standard check of move generation.

use super::board::Board;

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
    let mut moves = board.legal_moves();
    if moves == 0 {
        let passed = board.pass();
        if !passed.has_move() {
            return 1;
        }
        return perft(&passed, depth - 1);
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    let mut leaves = 0;
    while moves != 0 {
        let sq = moves.trailing_zeros() as usize;
        moves &= moves - 1;
        let flipped = super::board::flips(board.player, board.opponent, sq);
        let next = Board {
            player: board.opponent ^ flipped,
            opponent: board.player | flipped | (1 << sq),
        };
        leaves += perft(&next, depth - 1);
    }
    leaves
}
