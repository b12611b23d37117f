//! The final score: the disc difference when the game ends, with the empty squares going to the
//! winner. The one copy of that rule; the engine and the rules both score with it.

/// The final disc difference for `player` when the game ends now: empty squares go to the winner,
/// and equal counts are a draw (0).
#[inline(always)]
pub const fn final_score(player: u64, opponent: u64) -> i32 {
    let p = player.count_ones() as i32;
    let o = opponent.count_ones() as i32;
    let e = 64 - p - o;
    if p > o {
        p - o + e
    } else if p < o {
        p - o - e
    } else {
        0
    }
}
