//! What the database's players did from a position: each move chosen, how often, how it scored
//! for the side that chose it, and the strongest players who chose it — strength being each
//! player's Elo rating from every game in the database, taken in the order they were played.

use std::collections::HashMap;

use super::search::{Query, Target, Winner, unmap_square};
use super::{Database, DbGame};
use crate::rules::Sq;

/// One move's numbers, for the side to move in the position asked about.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStat {
    /// The move, on the board as asked (the games' own boards may be its images).
    pub square: Sq,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// The mover's mean discs at the end (empties to the winner).
    pub mean_discs: f64,
    /// Up to three players who chose it, strongest first, with their ratings.
    pub best_players: Vec<(u16, f64)>,
}

impl MoveStat {
    /// The mover's score: a win 1, a draw ½, over the games.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games.max(1) as f64
    }
}

/// The starting rating and the step of the Elo ratings.
const START: f64 = 1500.0;
const K: f64 = 20.0;

impl Database {
    /// Every player's Elo rating after all their games, oldest first (a player without games
    /// keeps the starting 1500).
    pub fn ratings(&self) -> Vec<f64> {
        let most = self
            .games
            .iter()
            .map(|g| usize::from(g.black.max(g.white)) + 1)
            .max()
            .unwrap_or(0)
            .max(self.players.len());
        let mut rating = vec![START; most];
        for g in &self.games {
            let (b, w) = (usize::from(g.black), usize::from(g.white));
            if b == w {
                continue;
            }
            let expected = 1.0 / (1.0 + 10f64.powf((rating[w] - rating[b]) / 400.0));
            let score = match g.winner() {
                Winner::Black => 1.0,
                Winner::Draw => 0.5,
                Winner::White => 0.0,
            };
            rating[b] += K * (score - expected);
            rating[w] -= K * (score - expected);
        }
        rating
    }

    /// The moves chosen from `target` in the database's games (best scoring first among moves
    /// chosen as often), with `ratings` from [`Database::ratings`].
    pub fn move_stats(&self, target: Target, ratings: &[f64]) -> Vec<MoveStat> {
        let hits = self.search(&Query {
            position: Some(target),
            ..Query::default()
        });
        let mut by_move: HashMap<Sq, (MoveStat, f64, Vec<u16>)> = HashMap::new();
        for hit in hits {
            let (Some(found), game) = (hit.at, &self.games[hit.game]) else {
                continue;
            };
            let Some(played) = game.move_at(found.ply) else {
                continue;
            };
            let square = unmap_square(found.symmetry, played);
            let (mover, discs) = mover_of(game, target.black_to_move);
            let entry = by_move.entry(square).or_insert_with(|| {
                let stat = MoveStat {
                    square,
                    games: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    mean_discs: 0.0,
                    best_players: Vec::new(),
                };
                (stat, 0.0, Vec::new())
            });
            entry.0.games += 1;
            match (game.winner(), target.black_to_move) {
                (Winner::Draw, _) => entry.0.draws += 1,
                (Winner::Black, true) | (Winner::White, false) => entry.0.wins += 1,
                _ => entry.0.losses += 1,
            }
            entry.1 += f64::from(discs);
            if !entry.2.contains(&mover) {
                entry.2.push(mover);
            }
        }
        let rating = |id: u16| ratings.get(usize::from(id)).copied().unwrap_or(START);
        let mut out: Vec<MoveStat> = by_move
            .into_values()
            .map(|(mut stat, discs, mut players)| {
                stat.mean_discs = discs / stat.games as f64;
                players.sort_by(|a, b| rating(*b).total_cmp(&rating(*a)));
                stat.best_players = players.iter().take(3).map(|&p| (p, rating(p))).collect();
                stat
            })
            .collect();
        out.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then(b.score().total_cmp(&a.score()))
                .then(a.square.index().cmp(&b.square.index()))
        });
        out
    }
}

/// The player to move (by colour) in `game` and their discs at its end.
fn mover_of(game: &DbGame, black: bool) -> (u16, u8) {
    if black {
        (game.black, game.black_discs)
    } else {
        (game.white, 64 - game.black_discs)
    }
}
