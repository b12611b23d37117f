//! A tournament on this device (the main menu's "Tournament"): people by name and the engine's
//! levels, a round robin or a Swiss tournament, a clock per game, on the board chosen in the
//! menu. Its rounds are paired and its standings scored by [`crate::rules::tournament`]; it is
//! kept as text beside the past games, and read back checked: every game must be one the schedule
//! has, replay legally and end with the score written. A text that fails is refused with what is
//! wrong and kept aside, never overwritten.

use crate::ai::Level;
use crate::rules::tournament::pairing::{Round, round_robin, swiss_round};
use crate::rules::tournament::{
    GameResult, Results, Score, TieBreaks, defaulted_score, recorded_score, standings,
};
use crate::rules::{Game, Player, Variant, notation};

/// The file beside the past games on the desktop.
pub const FILE_NAME: &str = "tournament.txt";
/// The key in the page's localStorage in the browser.
pub const BROWSER_KEY: &str = "reversi.tournament";
const MAGIC: &str = "# reversi tournament on this device 1";
/// The most players a tournament takes.
pub const MOST_ENTRANTS: usize = 16;

/// A player of the tournament: a person at this device, by name, or a level of the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrant {
    Person(String),
    Level(Level),
}

impl Entrant {
    /// The name kept in records: the person's, or the level's.
    pub fn name(&self) -> String {
        match self {
            Entrant::Person(name) => name.clone(),
            Entrant::Level(level) => level.name().to_string(),
        }
    }
}

/// How the players meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Everyone against everyone once (Berger's tables; with an odd number, one rests a round).
    RoundRobin,
    /// This many rounds paired by the standings; with an odd number, one has a bye (a win).
    Swiss { rounds: usize },
}

/// One game played to its end (or lost on time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// From 0.
    pub round: usize,
    pub black: usize,
    pub white: usize,
    /// The game as played.
    pub game: Game,
    /// A game lost on time: who lost it, and the game completed by the engine playing both sides.
    pub defaulted: Option<(Player, Game)>,
    /// The recorded score (for a default, the rule's: at least the smallest win).
    pub score: Score,
}

/// Why a tournament cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Fewer than two players, or more than [`MOST_ENTRANTS`].
    Entrants(usize),
    /// Two players of the same name (a level counts under its name).
    SameName(String),
    /// A person with no name.
    NoName,
    /// A Swiss tournament of no rounds, or more than its players can meet without rematches.
    Rounds(usize),
}

/// A tournament on this device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    pub entrants: Vec<Entrant>,
    pub format: Format,
    pub clock_minutes: Option<u32>,
    pub variant: Variant,
    pub played: Vec<Played>,
    /// The game of the current round on the board (Black's and White's players), kept so that a
    /// game resumed after a restart still counts for the tournament.
    pub in_play: Option<(usize, usize)>,
}

/// The round being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundNow {
    /// From 0.
    pub number: usize,
    /// Every game of the round, (Black, White), and whether it has been played.
    pub games: Vec<((usize, usize), Option<Score>)>,
    /// Who rests (a round robin of an odd number) or has a bye (a Swiss round, a win).
    pub bye: Option<usize>,
}

impl Tournament {
    /// A new tournament, checked.
    pub fn new(
        entrants: Vec<Entrant>,
        format: Format,
        clock_minutes: Option<u32>,
        variant: Variant,
    ) -> Result<Tournament, SetupError> {
        if entrants.len() < 2 || entrants.len() > MOST_ENTRANTS {
            return Err(SetupError::Entrants(entrants.len()));
        }
        for (i, entrant) in entrants.iter().enumerate() {
            let name = entrant.name();
            if name.trim().is_empty() {
                return Err(SetupError::NoName);
            }
            if entrants[..i]
                .iter()
                .any(|e| e.name().trim().eq_ignore_ascii_case(name.trim()))
            {
                return Err(SetupError::SameName(name));
            }
        }
        if let Format::Swiss { rounds } = format
            && (rounds == 0 || rounds >= entrants.len() + entrants.len() % 2)
        {
            return Err(SetupError::Rounds(rounds));
        }
        Ok(Tournament {
            entrants,
            format,
            clock_minutes,
            variant,
            played: Vec::new(),
            in_play: None,
        })
    }

    /// The number of rounds.
    pub fn rounds(&self) -> usize {
        match self.format {
            Format::RoundRobin => round_robin(self.entrants.len()).len(),
            Format::Swiss { rounds } => rounds,
        }
    }

    fn find(&self, round: usize, black: usize, white: usize) -> Option<&Played> {
        self.played
            .iter()
            .find(|p| p.round == round && p.black == black && p.white == white)
    }

    /// The rounds paired so far (each one finished, but the last) and the results they give.
    fn walk(&self) -> (Vec<Round>, Results) {
        let mut results = Results::new(self.entrants.len(), self.variant);
        let mut rounds = Vec::new();
        let robin = round_robin(self.entrants.len());
        for r in 0..self.rounds() {
            let round = match self.format {
                Format::RoundRobin => robin.get(r).cloned().unwrap_or_default(),
                Format::Swiss { .. } => {
                    let ranked: Vec<usize> = standings(&results, TieBreaks::Woc)
                        .iter()
                        .map(|s| s.player)
                        .collect();
                    swiss_round(r, &ranked, &results.games, &results.byes)
                }
            };
            let mut finished = true;
            for &(black, white) in &round.games {
                match self.find(r, black, white) {
                    Some(played) => results.games.push(GameResult::new(
                        black,
                        white,
                        played.score,
                        self.variant.goal,
                    )),
                    None => finished = false,
                }
            }
            if matches!(self.format, Format::Swiss { .. }) {
                results.byes.extend(round.bye);
            }
            rounds.push(round);
            if !finished {
                break;
            }
        }
        (rounds, results)
    }

    /// The round being played, `None` once every round is played.
    pub fn current_round(&self) -> Option<RoundNow> {
        let (rounds, _) = self.walk();
        let number = rounds.len().checked_sub(1)?;
        let round = &rounds[number];
        let games: Vec<((usize, usize), Option<Score>)> = round
            .games
            .iter()
            .map(|&(b, w)| ((b, w), self.find(number, b, w).map(|p| p.score)))
            .collect();
        if games.iter().all(|(_, score)| score.is_some()) && number + 1 == self.rounds() {
            return None;
        }
        Some(RoundNow {
            number,
            games,
            bye: round.bye,
        })
    }

    /// The results so far: every game played, and the byes of the rounds paired.
    pub fn results(&self) -> Results {
        self.walk().1
    }

    /// Whether every round has been played.
    pub fn is_over(&self) -> bool {
        self.current_round().is_none()
    }

    /// Records a game of the round being played: `game` over on the board, or lost on time by
    /// `defaulted`'s player and completed as its game. Refused (changing nothing) where it is not
    /// a game still to play, or the game does not end as said.
    pub fn record(
        &mut self,
        (black, white): (usize, usize),
        game: Game,
        defaulted: Option<(Player, Game)>,
    ) -> Result<(), String> {
        let round = self.current_round().ok_or("the tournament is over")?;
        let pending = round
            .games
            .iter()
            .any(|&(pair, score)| pair == (black, white) && score.is_none());
        if !pending {
            return Err(format!(
                "{} against {} is not a game of round {} still to play",
                self.entrants[black].name(),
                self.entrants[white].name(),
                round.number + 1
            ));
        }
        let score = score_of(&game, defaulted.as_ref())?;
        self.in_play = None;
        self.played.push(Played {
            round: round.number,
            black,
            white,
            game,
            defaulted,
            score,
        });
        Ok(())
    }

    /// Every game played as GGF records, one a line: the players' names and the recorded result
    /// (Black's margin, `:t` for a game lost on time).
    pub fn ggf(&self) -> String {
        let mut text = String::new();
        for p in &self.played {
            let margin = GameResult::new(p.black, p.white, p.score, self.variant.goal).margin;
            let suffix = if p.defaulted.is_some() { ":t" } else { "" };
            text.push_str(&notation::ggf_record(
                &p.game,
                &self.entrants[p.black].name(),
                &self.entrants[p.white].name(),
                &format!("{margin:+}.000{suffix}"),
            ));
            text.push('\n');
        }
        text
    }

    /// The tournament as kept.
    pub fn to_text(&self) -> String {
        let mut text = format!("{MAGIC}\n");
        let format = match self.format {
            Format::RoundRobin => "round-robin".to_string(),
            Format::Swiss { rounds } => format!("swiss {rounds}"),
        };
        text.push_str(&format!("format: {format}\n"));
        let clock = self
            .clock_minutes
            .map_or("none".to_string(), |m| m.to_string());
        text.push_str(&format!("clock: {clock}\n"));
        text.push_str(&format!("rules: {}\n", self.variant));
        for entrant in &self.entrants {
            match entrant {
                Entrant::Person(name) => text.push_str(&format!("person: {}\n", one_line(name))),
                Entrant::Level(level) => text.push_str(&format!("level: {}\n", level.name())),
            }
        }
        for p in &self.played {
            let moves = notation::transcript(&p.game);
            text.push_str(&format!(
                "game: round {} black {} white {} score {}-{} moves {}",
                p.round + 1,
                p.black + 1,
                p.white + 1,
                p.score.black,
                p.score.white,
                if moves.is_empty() { "-" } else { &moves }
            ));
            if let Some((loser, completed)) = &p.defaulted {
                let all = notation::transcript(completed);
                let rest = &all[moves.len().min(all.len())..];
                let loser = if *loser == Player::Black {
                    "black"
                } else {
                    "white"
                };
                let rest = if rest.is_empty() { "-" } else { rest };
                text.push_str(&format!(" time {loser} completion {rest}"));
            }
            text.push('\n');
        }
        if let Some((black, white)) = self.in_play {
            text.push_str(&format!("playing: {} {}\n", black + 1, white + 1));
        }
        text
    }

    /// Reads a kept tournament, checking every line and game.
    pub fn from_text(text: &str) -> Result<Tournament, String> {
        if !text.ends_with('\n') {
            return Err("it is cut short: its last line has no end".into());
        }
        let mut lines = text.lines().enumerate();
        if lines.next().map(|(_, l)| l) != Some(MAGIC) {
            return Err(format!("its first line is not '{MAGIC}'"));
        }
        let (mut format, mut clock, mut variant) = (None, None, None);
        let mut entrants = Vec::new();
        let mut games = Vec::new();
        let mut in_play = None;
        for (index, line) in lines {
            let at = |why: String| format!("line {}: {why}", index + 1);
            let (key, value) = line
                .split_once(": ")
                .ok_or_else(|| at(format!("'{line}' is not 'key: value'")))?;
            match key {
                "format" => {
                    format = Some(match value.split_once(' ') {
                        None if value == "round-robin" => Format::RoundRobin,
                        Some(("swiss", n)) => Format::Swiss {
                            rounds: n
                                .parse()
                                .map_err(|_| at(format!("'{n}' is not a number")))?,
                        },
                        _ => return Err(at(format!("'{value}' is not a format"))),
                    })
                }
                "clock" => {
                    clock = Some(match value {
                        "none" => None,
                        m => Some(m.parse().map_err(|_| at(format!("'{m}' is not minutes")))?),
                    })
                }
                "rules" => variant = Some(value.parse::<Variant>().map_err(|e| at(e.to_string()))?),
                "person" => entrants.push(Entrant::Person(value.to_string())),
                "level" => entrants.push(Entrant::Level(value.parse().map_err(at)?)),
                "game" => games.push((index + 1, value)),
                "playing" => {
                    let pair = value.split_once(' ').and_then(|(b, w)| {
                        Some((
                            b.parse::<usize>().ok()?.checked_sub(1)?,
                            w.parse::<usize>().ok()?.checked_sub(1)?,
                        ))
                    });
                    in_play =
                        Some(pair.ok_or_else(|| at(format!("'{value}' is not two players")))?);
                }
                _ => return Err(at(format!("'{key}' is not a setting"))),
            }
        }
        let variant = variant.ok_or("it names no board and rules")?;
        let format = format.ok_or("it names no format")?;
        let mut tournament = Tournament::new(entrants, format, clock.flatten(), variant)
            .map_err(|e| format!("its players or rounds are not a tournament's: {e:?}"))?;
        for (line, value) in games {
            let at = |why: String| format!("line {line}: {why}");
            let played = parse_game(value, variant, tournament.entrants.len()).map_err(at)?;
            let round = tournament.current_round().map(|r| r.number);
            if round != Some(played.round) {
                return Err(at(format!(
                    "a game of round {} while round {} is being played",
                    played.round + 1,
                    round.map_or(0, |r| r + 1)
                )));
            }
            let Played {
                black,
                white,
                game,
                defaulted,
                score,
                ..
            } = played;
            tournament
                .record((black, white), game, defaulted)
                .map_err(at)?;
            if tournament.played.last().map(|p| p.score) != Some(score) {
                return Err(at("the score written is not the game's".into()));
            }
        }
        // The game on the board must be one of the round still to play.
        if let Some(pair) = in_play {
            let pending = tournament.current_round().is_some_and(|round| {
                round
                    .games
                    .iter()
                    .any(|&(p, score)| p == pair && score.is_none())
            });
            if !pending {
                return Err("the game it says is being played is not one still to play".into());
            }
            tournament.in_play = Some(pair);
        }
        Ok(tournament)
    }
}

/// A recorded score: the board's, or for a default the rule's.
fn score_of(game: &Game, defaulted: Option<&(Player, Game)>) -> Result<Score, String> {
    match defaulted {
        None => recorded_score(game).ok_or_else(|| "the game is not over".to_string()),
        Some((loser, completed)) => {
            let played = game.history();
            if completed.history().get(..played.len()) != Some(played) {
                return Err("the completion does not go on from the game".into());
            }
            defaulted_score(completed, *loser).ok_or_else(|| "the completion is not over".into())
        }
    }
}

/// A name on one line.
fn one_line(name: &str) -> String {
    name.replace(['\n', '\r'], " ")
}

/// A game line's value: `round R black B white W score X-Y moves M [time black|white completion C]`.
fn parse_game(value: &str, variant: Variant, players: usize) -> Result<Played, String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let get = |key: &str| -> Result<&str, String> {
        let at = words
            .iter()
            .position(|w| *w == key)
            .ok_or(format!("no '{key}'"))?;
        words
            .get(at + 1)
            .copied()
            .ok_or(format!("nothing after '{key}'"))
    };
    let number = |key: &str| -> Result<usize, String> {
        let n: usize = get(key)?
            .parse()
            .map_err(|_| format!("'{key}' is not followed by a number"))?;
        n.checked_sub(1).ok_or(format!("'{key}' 0"))
    };
    let (black, white) = (number("black")?, number("white")?);
    if black >= players || white >= players || black == white {
        return Err("its players are not two of the tournament's".into());
    }
    let score = get("score")?
        .split_once('-')
        .and_then(|(b, w)| {
            Some(Score {
                black: b.parse().ok()?,
                white: w.parse().ok()?,
            })
        })
        .ok_or("its score is not two numbers such as 40-24")?;
    let moves = |m: &str| {
        if m == "-" {
            String::new()
        } else {
            m.to_string()
        }
    };
    let game = notation::parse_transcript(&moves(get("moves")?), variant)
        .map_err(|e| format!("its moves: {e}"))?;
    let defaulted = match words.iter().position(|w| *w == "time") {
        None => None,
        Some(_) => {
            let loser = match get("time")? {
                "black" => Player::Black,
                "white" => Player::White,
                other => return Err(format!("'{other}' lost on time")),
            };
            let completed = notation::continue_transcript(game.clone(), &moves(get("completion")?))
                .map_err(|e| format!("its completion: {e}"))?;
            Some((loser, completed))
        }
    };
    Ok(Played {
        round: number("round")?,
        black,
        white,
        game,
        defaulted,
        score,
    })
}

mod store;
pub use store::{Store, load, load_from, store, store_to};

#[cfg(test)]
mod tests;
