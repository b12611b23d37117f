//! ProbCut: a shallow search's estimate far outside the window cuts the node, at three levels of
//! confidence (the selective passes before the exact one).

use super::*;

/// ProbCut's confidence levels: a cut is made when the shallow estimate lies this many standard
/// deviations (in hundredths) outside the window.
pub const PROBCUT_T: [i32; 3] = [80, 130, 200];
/// ProbCut is tried from this many empties up.
pub(super) const PROBCUT_EMPTIES: u32 = 10;

/// The depth of ProbCut's shallow search with `empties` empty squares.
pub(super) const fn probcut_depth(empties: u32) -> u32 {
    match empties {
        ..=13 => 0,
        14..=17 => 1,
        18..=21 => 2,
        _ => 3,
    }
}

/// The standard deviation (hundredths of a disc) of the exact score around the shallow search of
/// [`probcut_depth`], measured by the `probcut_errors` test (`cargo test --release --test engine
/// -- --ignored probcut_errors --nocapture`).
pub(super) const fn probcut_sigma(empties: u32) -> i32 {
    let e = empties as i32;
    PROBCUT_SIGMA.0 + PROBCUT_SIGMA.1 * e
}
pub(super) const PROBCUT_SIGMA: (i32, i32) = (1153, -16);

/// No ProbCut for a window that asks about a wipeout or nearly one: whether the mover ends with
/// more than this (`alpha` at least it), or the opponent does (`beta` at most minus it). The
/// shallow estimate's error was measured on ordinary positions; near a wipeout the evaluation
/// cannot tell it from a large win.
pub(super) const PROBCUT_EDGE: i32 = 60;

/// A cut for the window `[alpha, beta]` (disc units) at selectivity `level`, if the shallow search
/// lies far enough outside it: the score to return and what it bounds.
pub(super) fn probcut(
    weights: &Weights,
    player: u64,
    opponent: u64,
    level: u8,
    alpha: i32,
    beta: i32,
) -> Option<(i32, Bound)> {
    if alpha >= PROBCUT_EDGE || beta <= -PROBCUT_EDGE {
        return None;
    }
    let empties = (!(player | opponent)).count_ones();
    let depth = probcut_depth(empties);
    let margin = PROBCUT_T[level as usize] * probcut_sigma(empties) / 100;
    let high = beta * DISC + margin;
    if high < 64 * DISC && sort_search(weights, player, opponent, depth, high - 1, high) >= high {
        return Some((beta, Bound::Lower));
    }
    let low = alpha * DISC - margin;
    if low > -64 * DISC && sort_search(weights, player, opponent, depth, low, low + 1) <= low {
        return Some((alpha, Bound::Upper));
    }
    None
}

/// The shallow estimate ProbCut uses for a position (hundredths of a disc, mover's view): for
/// measuring its error.
pub fn probcut_estimate(weights: &Weights, player: u64, opponent: u64) -> i32 {
    let empties = (!(player | opponent)).count_ones();
    sort_search(
        weights,
        player,
        opponent,
        probcut_depth(empties),
        -64 * DISC,
        64 * DISC,
    )
}
