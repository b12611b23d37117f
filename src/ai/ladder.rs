//! The levels' ratings: Elo on a scale where Beginner is 1000, fitted
//! ([`crate::rules::tournament::rating::ratings`]) to the level ladder's measured results — the
//! matches of docs/benchmarks.md ("Strength") and a round robin of the levels up to Expert with the
//! stand-ins for a new player (`reversi tournament random greedy beginner novice intermediate
//! advanced expert --openings 4 --threads 2`, 168 games, AMD EPYC 2 cores, commit b8d9d9e). A
//! player's results against the levels give their rating on the same scale
//! (`past_games::GamesKept::rating_against_levels`).

use super::{Level, Newcomer};

/// A side of a measured match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rung {
    Level(Level),
    Newcomer(Newcomer),
}

use Level::{Advanced, Beginner, Expert, Intermediate, Maximum, Novice};
use Newcomer::{Greedy, Random};

const fn l(level: Level) -> Rung {
    Rung::Level(level)
}

const fn n(newcomer: Newcomer) -> Rung {
    Rung::Newcomer(newcomer)
}

/// The measured matches: the first side's wins, draws and losses against the second.
pub const RESULTS: [(Rung, Rung, u32, u32, u32); 29] = [
    // docs/benchmarks.md, "Strength": each level against the next, and the stand-ins.
    (l(Beginner), l(Novice), 1, 1, 198),
    (l(Novice), l(Intermediate), 4, 0, 96),
    (l(Intermediate), l(Advanced), 8, 2, 90),
    (l(Advanced), l(Expert), 11, 2, 87),
    // At Maximum's full 15 s a move (Xeon, commit e949f5c).
    (l(Expert), l(Maximum), 2, 4, 94),
    (l(Beginner), n(Greedy), 113, 8, 79),
    (l(Beginner), n(Random), 126, 7, 67),
    (l(Novice), n(Greedy), 91, 0, 9),
    // The round robin, 8 games a pair (4 openings with both colours).
    (n(Random), n(Greedy), 2, 0, 6),
    (n(Random), l(Beginner), 1, 0, 7),
    (n(Random), l(Novice), 0, 0, 8),
    (n(Random), l(Intermediate), 0, 0, 8),
    (n(Random), l(Advanced), 0, 0, 8),
    (n(Random), l(Expert), 0, 0, 8),
    (n(Greedy), l(Beginner), 5, 0, 3),
    (n(Greedy), l(Novice), 0, 0, 8),
    (n(Greedy), l(Intermediate), 0, 0, 8),
    (n(Greedy), l(Advanced), 0, 0, 8),
    (n(Greedy), l(Expert), 0, 0, 8),
    (l(Beginner), l(Novice), 0, 0, 8),
    (l(Beginner), l(Intermediate), 0, 0, 8),
    (l(Beginner), l(Advanced), 0, 0, 8),
    (l(Beginner), l(Expert), 0, 0, 8),
    (l(Novice), l(Intermediate), 0, 0, 8),
    (l(Novice), l(Advanced), 0, 0, 8),
    (l(Novice), l(Expert), 0, 0, 8),
    (l(Intermediate), l(Advanced), 1, 0, 7),
    (l(Intermediate), l(Expert), 1, 0, 7),
    (l(Advanced), l(Expert), 1, 1, 6),
];

impl Level {
    /// The level's rating, fitted to [`RESULTS`] (a test fits them again and compares).
    pub const fn rating(self) -> f64 {
        match self {
            Level::Beginner => 1000.0,
            Level::Novice => 1535.0,
            Level::Intermediate => 1990.0,
            Level::Advanced => 2326.0,
            Level::Expert => 2627.0,
            Level::Maximum => 3138.0,
        }
    }
}

/// Every rung of the ladder, in order: the stand-ins, then the levels.
pub const RUNGS: [Rung; 8] = [
    n(Random),
    n(Greedy),
    l(Beginner),
    l(Novice),
    l(Intermediate),
    l(Advanced),
    l(Expert),
    l(Maximum),
];

/// The ratings of [`RUNGS`] fitted to [`RESULTS`], Beginner at 1000.
pub fn fitted() -> Vec<(Rung, f64)> {
    use crate::rules::tournament::rating::{Outcome, ratings};
    let index = |rung: Rung| RUNGS.iter().position(|r| *r == rung).expect("a rung");
    let mut games = Vec::new();
    for (first, second, wins, draws, losses) in RESULTS {
        let (first, second) = (index(first), index(second));
        for (count, score) in [(wins, 1.0), (draws, 0.5), (losses, 0.0)] {
            games.extend((0..count).map(|_| Outcome {
                first,
                second,
                score,
            }));
        }
    }
    let fit = ratings(RUNGS.len(), &games);
    let beginner = fit[index(l(Beginner))].elo;
    RUNGS
        .iter()
        .zip(fit)
        .map(|(&rung, r)| (rung, (r.elo - beginner + 1000.0).round()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_ratings_are_the_fit_of_the_ladders_results() {
        let fit = fitted();
        for (rung, rating) in fit {
            if let Rung::Level(level) = rung {
                assert_eq!(level.rating(), rating, "{level}");
            }
        }
        // Each level above the one below it.
        for pair in Level::ALL.windows(2) {
            assert!(pair[0].rating() < pair[1].rating(), "{pair:?}");
        }
    }
}
