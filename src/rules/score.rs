//! The final score: the disc difference when the game ends, with the empty squares going to the
//! winner and a draw splitting them (a margin of 0). The one copy of that rule: the rules' outcome
//! ([`super::game::Outcome`]), the 8×8 engine ([`final_score`]) and the engine for every board
//! ([`final_margin`]) all score with it.

use super::variant::Goal;

/// The final margin for the side with `mine` discs against `theirs` on a board with `empties`
/// empty squares: empties go to the winner; under [`Goal::FewestDiscs`] the winner is the side
/// with fewer discs, and the margin is the standard one with its sign turned.
#[inline(always)]
pub const fn final_margin(mine: i32, theirs: i32, empties: i32, goal: Goal) -> i32 {
    let standard = if mine > theirs {
        mine - theirs + empties
    } else if mine < theirs {
        mine - theirs - empties
    } else {
        0
    };
    match goal {
        Goal::MostDiscs => standard,
        Goal::FewestDiscs => -standard,
    }
}

/// The final disc difference for `player` on the engine's 8×8 bitboard when the game ends now:
/// [`final_margin`] under the standard goal.
#[inline(always)]
pub const fn final_score(player: u64, opponent: u64) -> i32 {
    let p = player.count_ones() as i32;
    let o = opponent.count_ones() as i32;
    final_margin(p, o, 64 - p - o, Goal::MostDiscs)
}
