//! Which games a tournament plays, round by round: a round robin and a gauntlet known from the
//! start, a Swiss tournament's rounds paired from the standings after the one before.

use crate::rules::tournament::pairing::{Round, gauntlet, round_robin, swiss_round};
use crate::rules::tournament::{GameResult, Results, TieBreaks, standings};

/// How the engines meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Everyone against everyone: every opening with both colours against each opponent.
    RoundRobin,
    /// The first engine against each of the others: every opening with both colours.
    Gauntlet,
    /// Rounds paired by the standings (docs/tournaments.md has the rules), one game a pairing.
    Swiss,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::Gauntlet => "gauntlet",
            Format::Swiss => "swiss",
        }
    }
}

/// A tournament's shape: the format, its players, the openings each pairing plays (round robin
/// and gauntlet) or its rounds (Swiss).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub format: Format,
    pub players: usize,
    pub openings: usize,
    pub swiss_rounds: usize,
}

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub number: usize,
    pub round: usize,
    pub black: usize,
    pub white: usize,
    /// Which opening of the list it starts from.
    pub opening: usize,
}

impl Plan {
    /// The number of rounds.
    pub fn rounds(&self) -> usize {
        match self.format {
            Format::RoundRobin => self.openings * 2 * round_robin(self.players).len(),
            Format::Gauntlet => self.openings * (self.players - 1),
            Format::Swiss => self.swiss_rounds,
        }
    }

    /// The games in each round (a Swiss round: one per pair).
    fn games_in(&self, round: usize) -> usize {
        match self.format {
            Format::RoundRobin => {
                let rounds = round_robin(self.players);
                rounds[round % rounds.len()].games.len()
            }
            Format::Gauntlet => 2,
            Format::Swiss => self.players / 2,
        }
    }

    /// The number of games in all.
    pub fn games(&self) -> usize {
        (0..self.rounds()).map(|r| self.games_in(r)).sum()
    }

    /// The number of the first game of `round`.
    pub fn first_of(&self, round: usize) -> usize {
        (0..round).map(|r| self.games_in(r)).sum()
    }

    /// Round `round`'s games and who has a bye in it (Swiss only: a bye is a win). A Swiss round
    /// is paired from `results`, which must hold every game of the rounds before it.
    pub fn round(
        &self,
        round: usize,
        results: &Results,
        tie_breaks: TieBreaks,
    ) -> (Vec<Slot>, Option<usize>) {
        let first = self.first_of(round);
        let (pairs, opening, bye): (Round, usize, bool) = match self.format {
            Format::RoundRobin => {
                let rounds = round_robin(self.players);
                let per_cycle = rounds.len();
                let mut r = rounds[round % per_cycle].clone();
                if (round / per_cycle) % 2 == 1 {
                    r.games = r.games.iter().map(|&(b, w)| (w, b)).collect();
                }
                (r, round / (2 * per_cycle), false)
            }
            Format::Gauntlet => {
                let others = self.players - 1;
                (
                    gauntlet(self.players)[round % others].clone(),
                    round / others,
                    false,
                )
            }
            Format::Swiss => {
                let ranked: Vec<usize> = if round == 0 {
                    (0..self.players).collect()
                } else {
                    standings(results, tie_breaks)
                        .iter()
                        .map(|s| s.player)
                        .collect()
                };
                let games: Vec<GameResult> = results.games.clone();
                (
                    swiss_round(round, &ranked, &games, &results.byes),
                    round,
                    true,
                )
            }
        };
        let slots = pairs
            .games
            .iter()
            .enumerate()
            .map(|(i, &(black, white))| Slot {
                number: first + i,
                round,
                black,
                white,
                opening,
            })
            .collect();
        (slots, if bye { pairs.bye } else { None })
    }
}
