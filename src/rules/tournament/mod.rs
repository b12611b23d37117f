//! Tournaments as the rule books score them.
//!
//! - A game's recorded score is the disc count with the empty squares given to the winner
//!   ([`super::Outcome::written_score`]: "Black wins 38–26").
//! - A game lost by default (on time, or a program that crashed or answered nonsense) is completed
//!   by playing both sides to the end, and recorded as the greater of that result and the smallest
//!   win for the side that did not default: 33–31 on 8×8 ([`defaulted_score`]).
//! - The standings ([`standings`]): points (a win 1, a draw ½), then the tie-breaks in the order a
//!   [`TieBreaks`] gives: the Brightwell quotient ([`brightwell_quotients`]) and the disc count,
//!   and last the points scored in the games among the players still level.
//!
//! The pairings of a round robin, a gauntlet and a Swiss tournament are in [`pairing`], the
//! players' Elo ratings from their results in [`rating`].

pub mod pairing;
pub mod rating;
#[cfg(test)]
mod tests;

use super::{Game, Goal, Player, Variant};

/// The Brightwell quotient's weight of the opponents' points: the World Othello Championship's 6.
pub const BQ_FACTOR: u32 = 6;

/// A recorded score: each side's discs, empties to the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    pub black: u32,
    pub white: u32,
}

/// The smallest win on `variant`'s board, (the winner's discs, the loser's): one disc more than
/// the loser's when every square is counted, 33–31 on 8×8 and 25–24 on 7×7; where fewest discs
/// win, the same turned round (31–33).
pub fn smallest_win(variant: Variant) -> (u32, u32) {
    let squares = variant.squares();
    let more = squares / 2 + 1;
    match variant.goal {
        Goal::MostDiscs => (more, squares - more),
        Goal::FewestDiscs => (squares - more, more),
    }
}

/// The recorded score of a finished game.
pub fn recorded_score(game: &Game) -> Option<Score> {
    let outcome = game.outcome()?;
    let (black, white) = outcome.written_score(game.variant());
    Some(Score { black, white })
}

/// The recorded score of a game `loser` lost by default, once `completed` (the game played on by
/// both sides to its end from where the default happened): the completed game's score where it
/// is a win for the other side by at least the smallest win, else the smallest win
/// ([`smallest_win`]). The rule of the rule books: "the winner of a defaulted contest completes
/// both sides' moves, with the greater of the result thereby or one disc difference in his or her
/// favour being the recorded score". `None` while `completed` is not over.
pub fn defaulted_score(completed: &Game, loser: Player) -> Option<Score> {
    let outcome = completed.outcome()?;
    let variant = completed.variant();
    let (black, white) = outcome.written_score(variant);
    let (win, lose) = smallest_win(variant);
    // The winner's margin in the variant's sense, from the winner's side.
    let winners_margin = match loser {
        Player::White => outcome.margin,
        Player::Black => -outcome.margin,
    };
    let smallest_margin = match variant.goal {
        Goal::MostDiscs => win as i32 - lose as i32,
        Goal::FewestDiscs => lose as i32 - win as i32,
    };
    Some(if winners_margin >= smallest_margin {
        Score { black, white }
    } else {
        match loser {
            Player::White => Score {
                black: win,
                white: lose,
            },
            Player::Black => Score {
                black: lose,
                white: win,
            },
        }
    })
}

/// One game of a tournament between players numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub black: usize,
    pub white: usize,
    pub score: Score,
    /// Black's margin in the variant's sense (positive when Black won; under Anti-reversi the side
    /// with fewer discs wins), which decides the points.
    pub margin: i32,
}

impl GameResult {
    /// A game from its recorded score under `goal`.
    pub fn new(black: usize, white: usize, score: Score, goal: Goal) -> GameResult {
        let difference = score.black as i32 - score.white as i32;
        let margin = match goal {
            Goal::MostDiscs => difference,
            Goal::FewestDiscs => -difference,
        };
        GameResult {
            black,
            white,
            score,
            margin,
        }
    }

    /// The points `player` scored in this game, in halves (a win 2, a draw 1), and the discs the
    /// standings count for them: their own where most discs win, their opponent's where fewest do
    /// (so that more is better either way). `None` when they did not play it.
    fn for_player(&self, player: usize, goal: Goal) -> Option<(u32, u32)> {
        let (sign, mine, theirs) = if player == self.black {
            (1, self.score.black, self.score.white)
        } else if player == self.white {
            (-1, self.score.white, self.score.black)
        } else {
            return None;
        };
        let halves = halves_for(self.margin * sign);
        let discs = match goal {
            Goal::MostDiscs => mine,
            Goal::FewestDiscs => theirs,
        };
        Some((halves, discs))
    }

    /// The points `player` scored in this game, in halves (a win 2, a draw 1, a loss 0); `None`
    /// when they did not play it.
    pub fn half_points_of(&self, player: usize) -> Option<u32> {
        self.for_player(player, Goal::MostDiscs)
            .map(|(halves, _)| halves)
    }

    /// The other player of this game.
    pub fn opponent_of(&self, player: usize) -> usize {
        if player == self.black {
            self.white
        } else {
            self.black
        }
    }
}

/// Points in halves for a margin seen from a side: a win 2, a draw 1, a loss 0.
fn halves_for(margin: i32) -> u32 {
    match margin.signum() {
        1 => 2,
        0 => 1,
        _ => 0,
    }
}

/// A tournament's games so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Results {
    pub players: usize,
    pub games: Vec<GameResult>,
    /// The players given a bye in a round (a Swiss tournament of an odd number of players): a win,
    /// counted as half the board's squares in discs.
    pub byes: Vec<usize>,
    /// The board's squares (64 on 8×8), for a bye's discs.
    pub squares: u32,
    pub goal: Goal,
}

impl Results {
    /// No games yet.
    pub fn new(players: usize, variant: Variant) -> Results {
        Results {
            players,
            games: Vec::new(),
            byes: Vec::new(),
            squares: variant.squares(),
            goal: variant.goal,
        }
    }

    /// Each player's points in halves (a win 2, a draw 1, a bye 2).
    pub fn half_points(&self) -> Vec<u32> {
        self.totals().0
    }

    /// Each player's disc count: the discs of every game (see [`GameResult`]), a bye half the board.
    pub fn disc_counts(&self) -> Vec<u32> {
        self.totals().1
    }

    /// Each player's points in halves and disc count, from one pass over the games and byes.
    fn totals(&self) -> (Vec<u32>, Vec<u32>) {
        let mut halves = vec![0; self.players];
        let mut discs = vec![0; self.players];
        for game in &self.games {
            for player in [game.black, game.white] {
                let (h, d) = game.for_player(player, self.goal).expect("a player of it");
                halves[player] += h;
                discs[player] += d;
            }
        }
        for &player in &self.byes {
            halves[player] += 2;
            discs[player] += self.squares / 2;
        }
        (halves, discs)
    }

    /// The points `p` scored against `q` over their games, in halves, and how many games they
    /// played.
    pub fn against(&self, p: usize, q: usize) -> (u32, usize) {
        let games: Vec<&GameResult> = self
            .games
            .iter()
            .filter(|g| (g.black == p && g.white == q) || (g.black == q && g.white == p))
            .collect();
        let halves = games.iter().filter_map(|g| g.half_points_of(p)).sum();
        (halves, games.len())
    }

    /// The games `player` played, how many.
    pub fn games_of(&self, player: usize) -> usize {
        self.games
            .iter()
            .filter(|g| g.black == player || g.white == player)
            .count()
    }
}

/// Each player's Brightwell quotient, as the World Othello Federation defines it for the World
/// Othello Championship: the discs the player scored in all their games, plus [`BQ_FACTOR`] (6)
/// times the sum of the points their opponents scored in the whole tournament (an opponent met
/// twice counted twice), and for each bye half the board's squares (32) plus 6 times the player's
/// own points. (Games against a player who withdrew count as byes there; a tournament here has no
/// withdrawals.) Integers: points are counted in halves, 6 × ½ = 3.
pub fn brightwell_quotients(results: &Results) -> Vec<u32> {
    let (halves, discs) = results.totals();
    quotients_of(results, &halves, &discs)
}

/// The quotients from the players' points in halves and disc counts.
fn quotients_of(results: &Results, halves: &[u32], discs: &[u32]) -> Vec<u32> {
    let factor_per_half = BQ_FACTOR / 2;
    let mut quotients = vec![0; results.players];
    for (player, quotient) in quotients.iter_mut().enumerate() {
        let opponents: u32 = results
            .games
            .iter()
            .filter(|g| g.black == player || g.white == player)
            .map(|g| halves[g.opponent_of(player)])
            .sum();
        let byes = results.byes.iter().filter(|&&p| p == player).count() as u32;
        // `discs` already holds half the board for each bye.
        *quotient =
            discs[player] + factor_per_half * opponents + byes * factor_per_half * halves[player];
    }
    quotients
}

/// The order of the tie-breaks after the points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TieBreaks {
    /// The World Othello Championship's: the Brightwell quotient, then the disc count, then the
    /// games among the players still level.
    #[default]
    Woc,
    /// The disc count first, then the Brightwell quotient, then the games among those still level.
    Discs,
}

impl std::str::FromStr for TieBreaks {
    type Err = String;

    fn from_str(text: &str) -> std::result::Result<TieBreaks, String> {
        match text.to_ascii_lowercase().as_str() {
            "woc" => Ok(TieBreaks::Woc),
            "discs" => Ok(TieBreaks::Discs),
            _ => Err(format!(
                "'{text}' is not an order of tie-breaks: woc (the Brightwell quotient first) or \
                 discs (the disc count first)"
            )),
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub player: usize,
    /// 1 for the first; players level on every tie-break share a place.
    pub place: usize,
    /// Points in halves.
    pub half_points: u32,
    pub discs: u32,
    pub brightwell: u32,
    /// Points in halves scored in the games among the players level with this one before this
    /// tie-break (0 where nobody was level).
    pub head_to_head: u32,
    pub games: usize,
}

/// The standings: points, then the tie-breaks in `order`, then the points scored in the games
/// among the players still level; players level on all of them share a place.
pub fn standings(results: &Results, order: TieBreaks) -> Vec<Standing> {
    let (halves, discs) = results.totals();
    let quotients = quotients_of(results, &halves, &discs);
    let key = |p: usize| match order {
        TieBreaks::Woc => (halves[p], quotients[p], discs[p]),
        TieBreaks::Discs => (halves[p], discs[p], quotients[p]),
    };
    let mut players: Vec<usize> = (0..results.players).collect();
    players.sort_by_key(|&p| (std::cmp::Reverse(key(p)), p));
    let mut lines = Vec::with_capacity(players.len());
    let mut start = 0;
    while start < players.len() {
        let end = start
            + players[start..]
                .iter()
                .take_while(|&&p| key(p) == key(players[start]))
                .count();
        let group = &players[start..end];
        // The games among the group's players.
        let among = |p: usize| -> u32 {
            if group.len() < 2 {
                return 0;
            }
            results
                .games
                .iter()
                .filter(|g| group.contains(&g.black) && group.contains(&g.white))
                .filter_map(|g| g.for_player(p, results.goal))
                .map(|(h, _)| h)
                .sum()
        };
        let mut ordered: Vec<(usize, u32)> = group.iter().map(|&p| (p, among(p))).collect();
        ordered.sort_by_key(|&(p, h)| (std::cmp::Reverse(h), p));
        for (i, &(player, head_to_head)) in ordered.iter().enumerate() {
            let place = if i > 0 && ordered[i - 1].1 == head_to_head {
                lines.last().map_or(start + 1, |l: &Standing| l.place)
            } else {
                start + i + 1
            };
            lines.push(Standing {
                player,
                place,
                half_points: halves[player],
                discs: discs[player],
                brightwell: quotients[player],
                head_to_head,
                games: results.games_of(player),
            });
        }
        start = end;
    }
    lines
}

/// Points in halves as written: "3", "2½", "½".
pub fn points_text(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}
