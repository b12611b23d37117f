//! Elo ratings from a tournament's results: the ratings under which the results are the most
//! likely (the logistic Elo model, a draw half a win), each with its 95 % error bar.
//!
//! The expected score of a player rated `a` against one rated `b` is `1 / (1 + 10^((b - a) / 400))`.
//! Every player also scores ½ in two games against a player rated 0 (a weak prior, as BayesElo and
//! Ordo use one), so that a player who won or lost every game still gets a finite rating; the
//! ratings are then shifted so that their mean is 0 (or so that an anchor holds its rating).
//! The error bar is 1.96 standard errors from the likelihood's curvature at the maximum.

/// Elo points per natural unit of the logistic model: 400 / ln 10.
const SCALE: f64 = 400.0 / std::f64::consts::LN_10;
/// The prior's games against a player rated 0, each a draw.
const PRIOR_GAMES: f64 = 2.0;

/// One player's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    /// Half the 95 % confidence interval.
    pub error: f64,
}

/// A game's result for the ratings: the two players and the first's score (1, ½ or 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    pub first: usize,
    pub second: usize,
    pub score: f64,
}

/// The expected score of a player rated `a` against one rated `b`.
pub fn expected(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}

/// The ratings of `players` from `games`, with their mean 0.
pub fn ratings(players: usize, games: &[Outcome]) -> Vec<Rating> {
    let mut elo = vec![0.0; players];
    // Each player's rating is moved by Newton's step for its own score, in turn, until none
    // moves by more than a hundredth of a point (the likelihood is concave: this converges).
    for _ in 0..1000 {
        let mut largest: f64 = 0.0;
        for p in 0..players {
            let (mut gradient, mut curvature) = prior(elo[p]);
            for g in games {
                let (opponent, score) = if g.first == p {
                    (g.second, g.score)
                } else if g.second == p {
                    (g.first, 1.0 - g.score)
                } else {
                    continue;
                };
                let e = expected(elo[p], elo[opponent]);
                gradient += score - e;
                curvature += e * (1.0 - e);
            }
            // Newton's step, at most 400 points at once while far from the maximum.
            let step = (SCALE * gradient / curvature).clamp(-400.0, 400.0);
            elo[p] += step;
            largest = largest.max(step.abs());
        }
        if largest < 0.01 {
            break;
        }
    }
    let mean = elo.iter().sum::<f64>() / players.max(1) as f64;
    (0..players)
        .map(|p| Rating {
            elo: elo[p] - mean,
            error: error_of(p, &elo, games),
        })
        .collect()
}

/// The prior's share of a player's gradient and curvature at `elo`.
fn prior(elo: f64) -> (f64, f64) {
    let e = expected(elo, 0.0);
    (PRIOR_GAMES * (0.5 - e), PRIOR_GAMES * e * (1.0 - e))
}

/// The 95 % error bar of player `p`'s rating with the others' held where they are.
fn error_of(p: usize, elo: &[f64], games: &[Outcome]) -> f64 {
    let mut information = prior(elo[p]).1;
    for g in games {
        let opponent = if g.first == p {
            g.second
        } else if g.second == p {
            g.first
        } else {
            continue;
        };
        let e = expected(elo[p], elo[opponent]);
        information += e * (1.0 - e);
    }
    1.96 * SCALE / information.sqrt()
}

/// The rating of one player from their games against opponents of known ratings (their rating,
/// the player's score in the game): the same model and prior, the opponents held fixed.
pub fn performance(games: &[(f64, f64)]) -> Rating {
    let mean = if games.is_empty() {
        0.0
    } else {
        games.iter().map(|g| g.0).sum::<f64>() / games.len() as f64
    };
    let mut elo = mean;
    let mut information = 0.0;
    for _ in 0..200 {
        // The prior: two draws against a player of the opponents' mean rating.
        let e = expected(elo, mean);
        let mut gradient = PRIOR_GAMES * (0.5 - e);
        information = PRIOR_GAMES * e * (1.0 - e);
        for &(opponent, score) in games {
            let e = expected(elo, opponent);
            gradient += score - e;
            information += e * (1.0 - e);
        }
        let step = (SCALE * gradient / information).clamp(-400.0, 400.0);
        elo += step;
        if step.abs() < 0.01 {
            break;
        }
    }
    Rating {
        elo,
        error: 1.96 * SCALE / information.sqrt(),
    }
}
