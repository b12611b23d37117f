//! The static evaluation: a hand-tuned estimate of the final disc difference, in hundredths of a
//! disc, from the mover's view. Terms: mobility, potential mobility, corners, X- and C-squares next
//! to empty corners, stable edge discs, disc count late in the game, and parity.

use super::stability::stable_discs;
use crate::rules::board::legal_moves;

/// One disc, in evaluation units.
pub const DISC: i32 = 100;

/// The four corner squares.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The squares diagonally next to a corner.
pub const X_SQUARES: u64 = 0x0042_0000_0000_4200;
/// The edge squares next to a corner.
pub const C_SQUARES: u64 = 0x4281_0000_0000_8142;

/// A move-ordering bonus: `corner` for a corner square, `x_square` for an X-square, else nothing.
#[inline]
pub const fn corner_bonus(sq: u8, corner: i32, x_square: i32) -> i32 {
    if CORNERS >> sq & 1 == 1 {
        corner
    } else if X_SQUARES >> sq & 1 == 1 {
        x_square
    } else {
        0
    }
}
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
/// (corner, its X-square, its two C-squares).
const CORNER_ZONES: [(u64, u64, u64); 4] = [
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 57) | (1 << 48)),
    (1 << 63, 1 << 54, (1 << 62) | (1 << 55)),
];

/// Squares next to any square in `bits` (the eight neighbours), without wrapping round the edges.
pub const fn neighbours(bits: u64) -> u64 {
    let east = (bits << 1) & !FILE_A;
    let west = (bits >> 1) & !FILE_H;
    let row = bits | east | west;
    east | west | (row << 8) | (row >> 8)
}

/// The evaluation of the position for the side to move.
pub fn evaluate(player: u64, opponent: u64) -> i32 {
    let empty = !(player | opponent);
    let empties = empty.count_ones() as i32;
    // 0 at the start of the game, 60 at the end.
    let progress = 60 - empties.min(60);

    let my_moves = legal_moves(player, opponent).count_ones() as i32;
    let their_moves = legal_moves(opponent, player).count_ones() as i32;
    let mobility =
        (my_moves - their_moves) * (90 - progress / 2) * 10 / (my_moves + their_moves + 2);

    // Potential mobility: empty squares next to the opponent are future moves for us.
    let my_frontier = (neighbours(player) & empty).count_ones() as i32;
    let their_frontier = (neighbours(opponent) & empty).count_ones() as i32;
    let potential = (their_frontier - my_frontier) * 12;

    let mut corners =
        ((player & CORNERS).count_ones() as i32 - (opponent & CORNERS).count_ones() as i32) * 320;
    for (corner, x, c) in CORNER_ZONES {
        if empty & corner != 0 {
            corners -=
                ((player & x).count_ones() as i32 - (opponent & x).count_ones() as i32) * 160;
            corners -= ((player & c).count_ones() as i32 - (opponent & c).count_ones() as i32) * 45;
        }
    }

    let stability = if (player | opponent) & CORNERS != 0 {
        (stable_discs(player, opponent).count_ones() as i32
            - stable_discs(opponent, player).count_ones() as i32)
            * 60
    } else {
        0
    };

    let discs =
        (player.count_ones() as i32 - opponent.count_ones() as i32) * DISC * progress * progress
            / 3600;
    let parity = if progress > 40 {
        if empties % 2 == 1 { 60 } else { -60 }
    } else {
        0
    };

    (mobility + potential + corners + stability + discs + parity)
        .clamp(-64 * DISC + 1, 64 * DISC - 1)
}
