//! `reversi match`: games between levels, newcomers' stand-ins and other programs (over GTP or
//! NBoard), on any board, from the same openings with both colours.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::ai::{Tuning, front};
use crate::protocol::gtp_client as gtp;
use crate::protocol::nboard_client as nboard;
use crate::rules::{Game, Move, Player, Square, Variant, notation};

use super::match_openings;

/// The result of a match between two sides, from the first side's view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchScore {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Sum of final disc differences (empties to the winner).
    pub disc_difference: i64,
    /// Wall-clock seconds each side spent choosing its moves (first, second).
    pub seconds: [f64; 2],
}

impl MatchScore {
    /// Counts one game the first side finished `margin` discs ahead (behind when negative).
    pub fn record(&mut self, margin: i64) {
        self.disc_difference += margin;
        match margin.signum() {
            1 => self.wins += 1,
            0 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// Points per game: a win 1, a draw ½.
    pub fn percent(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 {
            0.0
        } else {
            100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / games as f64
        }
    }
}

/// One side of a match: a level of this engine, a stand-in for a new player (`random`, `greedy`,
/// `fewest`), or another program speaking GTP (`gtp:COMMAND`) or NBoard (`nboard:COMMAND`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contender {
    Level(crate::ai::Level),
    Newcomer(crate::ai::Newcomer),
    Program {
        protocol: Protocol,
        /// The program and its arguments (see [`gtp::split_command`]).
        command: String,
        /// How long it may take to answer a command.
        timeout: std::time::Duration,
    },
}

/// The protocol another program is spoken to in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Gtp,
    /// NBoard, with the midgame depth the program is set to.
    NBoard {
        depth: u32,
    },
}

/// The midgame depth an NBoard program is set to unless told otherwise.
pub const NBOARD_DEPTH: u32 = 10;

impl std::str::FromStr for Contender {
    type Err = String;

    fn from_str(text: &str) -> Result<Contender, String> {
        let program = |protocol, command: &str| {
            gtp::split_command(command)?;
            Ok(Contender::Program {
                protocol,
                command: command.to_string(),
                timeout: gtp::DEFAULT_TIMEOUT,
            })
        };
        if let Some(command) = text.strip_prefix("gtp:") {
            return program(Protocol::Gtp, command);
        }
        if let Some(command) = text.strip_prefix("nboard:") {
            return program(
                Protocol::NBoard {
                    depth: NBOARD_DEPTH,
                },
                command,
            );
        }
        match text.parse() {
            Ok(newcomer) => Ok(Contender::Newcomer(newcomer)),
            Err(_) => text.parse().map(Contender::Level).map_err(|e| {
                format!(
                    "{e}, or random, greedy or fewest (stand-ins for a new player), or gtp:COMMAND \
                     or nboard:COMMAND for a program speaking GTP or NBoard"
                )
            }),
        }
    }
}

/// A side of a match while it is played.
pub(super) enum Side {
    Level(crate::ai::Level, Tuning),
    Newcomer(crate::ai::Newcomer),
    Gtp(gtp::Client),
    NBoard(nboard::Client),
}

impl Side {
    /// A side ready to play `contender` on `variant`: a level tuned by `tuning`, or the program
    /// started.
    pub(super) fn start(
        contender: Contender,
        tuning: Tuning,
        variant: Variant,
    ) -> Result<Side, String> {
        if matches!(contender, Contender::Program { .. }) && variant != Variant::STANDARD {
            return Err(format!(
                "other programs (GTP, NBoard) play standard 8×8 Othello only, not {variant}"
            ));
        }
        if tuning != Tuning::default() && !front::played_by_standard_engine(variant) {
            return Err(format!(
                "--first-eval, --first-selective, --first-threads and their --second- forms tune \
                 the 8×8 engine, which does not play {variant}"
            ));
        }
        Ok(match contender {
            Contender::Level(level) => Side::Level(level, tuning),
            Contender::Newcomer(newcomer) => Side::Newcomer(newcomer),
            Contender::Program {
                protocol: Protocol::Gtp,
                command,
                timeout,
            } => Side::Gtp(gtp::Client::start(&command, timeout)?),
            Contender::Program {
                protocol: Protocol::NBoard { depth },
                command,
                timeout,
            } => Side::NBoard(nboard::Client::start(&command, depth, timeout)?),
        })
    }

    pub(super) fn name(&self) -> String {
        match self {
            Side::Level(level, _) => level.to_string(),
            Side::Newcomer(newcomer) => newcomer.name().to_string(),
            Side::Gtp(client) => client.name().to_string(),
            Side::NBoard(client) => client.name().to_string(),
        }
    }

    /// Tells a GTP program what was played (a level needs no telling, an NBoard program is sent
    /// the whole game when asked; programs play 8×8 games only).
    fn hear(&mut self, player: Player, square: Square) -> Result<(), String> {
        match self {
            Side::Level(..) | Side::Newcomer(_) | Side::NBoard(_) => Ok(()),
            Side::Gtp(client) => client.play(player, square.sq().expect("an 8×8 square")),
        }
    }
}

/// The opening of match game pair `pair` on `variant`: on standard Othello the balanced openings
/// in turn ([`match_openings`]); on other boards random moves from the start (the free opening's
/// four placements, then two more; else a few more the bigger the board), the same for a seed.
pub fn match_opening(variant: Variant, pair: usize, seed: u64) -> Game {
    if variant == Variant::STANDARD {
        let openings = match_openings();
        let opening = openings[pair % openings.len()];
        return notation::parse_transcript(opening, variant).expect("the openings are legal");
    }
    let mut rng = StdRng::seed_from_u64(seed ^ (pair as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let plies = match variant.opening {
        crate::rules::Opening::Free => 6,
        crate::rules::Opening::Othello => 2 + variant.squares() as usize / 25,
    };
    loop {
        let mut game = Game::new(variant);
        while game.history().len() < plies && !game.is_over() {
            let moves = game.position().legal_squares();
            game.play(moves[rng.random_range(0..moves.len())])
                .expect("a legal move");
        }
        if !game.is_over() {
            return game;
        }
    }
}

/// Which games a match plays.
#[derive(Clone, Debug)]
pub struct Schedule {
    /// The games' numbers (from 0).
    pub games: std::ops::Range<usize>,
    /// The seed of the levels' random choices and of the openings on boards other than 8×8.
    pub seed: u64,
    /// Every game from the start position instead of [`match_opening`].
    pub from_start: bool,
}

/// Which levels of a match play without the opening book (`--no-book`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BookOff {
    Both,
    First,
    Second,
}

/// `reversi match`: the games numbered `games` (from 0; game `i` plays opening `i / 2` of
/// [`match_opening`] or the start, the first side black when `i` is even) of `first` against `second` on
/// `variant`. A level moves within its own time and `budget`, searched by the engine that plays
/// the variant (a [`Tuning`] other than the level's own is the 8×8 engine's and refused where it
/// does not play); a GTP program is asked with `genmove` and told the other side's moves with
/// `play`, an NBoard program is sent the game and asked with `go` (a program's time is its own;
/// programs play standard Othello only). Deterministic for a seed when no time limit decides a
/// move and no program plays, so one long match can be split into ranges played by separate
/// processes. A program that cannot be started, answers an error, or answers a move that is not
/// legal ends the match with the reason.
pub fn play_match(
    variant: Variant,
    (first, first_tuning): (Contender, Tuning),
    (second, second_tuning): (Contender, Tuning),
    Schedule {
        games,
        seed,
        from_start,
    }: Schedule,
    budget: Option<std::time::Duration>,
    mut progress: impl FnMut(&str),
) -> Result<(MatchScore, [String; 2]), String> {
    let side = |contender, tuning| Side::start(contender, tuning, variant);
    let mut sides = [side(first, first_tuning)?, side(second, second_tuning)?];
    let names = [sides[0].name(), sides[1].name()];
    let mut score = MatchScore::default();
    for index in games {
        let opening = if from_start {
            Game::new(variant)
        } else {
            match_opening(variant, index / 2, seed)
        };
        let first_plays = if index % 2 == 0 {
            Player::Black
        } else {
            Player::White
        };
        let game = play_game(
            &mut sides,
            &opening,
            first_plays,
            GameSeed { seed, index },
            budget,
            &mut score.seconds,
        )
        .map_err(|stopped| {
            format!(
                "game {}: {}",
                index + 1,
                stopped.why.replace("{player}", &names[stopped.side])
            )
        })?;
        let outcome = game.outcome().expect("over");
        let (black, white) = outcome.written_score(variant);
        let (margin, mine, theirs) = match first_plays {
            Player::Black => (outcome.margin, black, white),
            Player::White => (-outcome.margin, white, black),
        };
        score.record(i64::from(margin));
        progress(&format!(
            "game {:>3}: {} as {first_plays} {mine}–{theirs} {}  {}",
            index + 1,
            names[0],
            names[1],
            notation::transcript(&game)
        ));
    }
    Ok((score, names))
}

/// What makes a game's moves reproducible: the match's seed and the game's number in it.
#[derive(Clone, Copy, Debug)]
pub(super) struct GameSeed {
    pub seed: u64,
    pub index: usize,
}

/// Why a game stopped before its end: the side (0 or 1) whose program failed, what it said
/// (`{player}` standing for the side's name), whether it was a wait past the program's time, and
/// the game as far as it went.
pub(super) struct Stopped {
    pub side: usize,
    pub why: String,
    pub timed_out: bool,
    pub game: Game,
}

/// Plays one game of `sides` from `opening` (its moves told to the programs), `sides[0]` with
/// `first_plays`, each level within `budget` a move; adds each side's thinking time to `seconds`.
/// A program that cannot be told a move, answers an error or a move that is not legal, or does
/// not answer in time stops the game ([`Stopped`]).
pub(super) fn play_game(
    sides: &mut [Side; 2],
    opening: &Game,
    first_plays: Player,
    GameSeed { seed, index }: GameSeed,
    budget: Option<std::time::Duration>,
    seconds: &mut [f64; 2],
) -> Result<Game, Box<Stopped>> {
    let variant = opening.variant();
    // The programs start each game from the start and hear the opening's moves.
    let mut game = Game::new(variant);
    let stop = |side: usize, why: String, timed_out: bool, game: &Game| {
        Box::new(Stopped {
            side,
            why,
            timed_out,
            game: game.clone(),
        })
    };
    for (i, side) in sides.iter_mut().enumerate() {
        if let Side::Gtp(client) = side {
            client.new_game().map_err(|e| stop(i, e, false, &game))?;
        }
    }
    for &m in opening.history() {
        if let Move::Play(square) = m {
            let player = game.to_move();
            game.play(square).expect("the openings are legal");
            for (i, side) in sides.iter_mut().enumerate() {
                side.hear(player, square)
                    .map_err(|e| stop(i, e, false, &game))?;
            }
        }
    }
    while !game.is_over() {
        let player = game.to_move();
        let mover = usize::from(player != first_plays);
        let started = Instant::now();
        let move_seed = seed
            .wrapping_mul(31)
            .wrapping_add((index * 100 + game.history().len()) as u64);
        let position = game.position();
        let square = match &mut sides[mover] {
            Side::Level(level, tuning) => {
                let cancel = Arc::new(AtomicBool::new(false));
                front::choose_move_with(&position, *level, move_seed, cancel, budget, *tuning)
                    .expect("a side to move that is not passing has a move")
            }
            Side::Newcomer(newcomer) => newcomer
                .choose(&position, move_seed)
                .expect("a side to move that is not passing has a move"),
            program @ (Side::Gtp(_) | Side::NBoard(_)) => {
                let (played, timeout) = match program {
                    Side::Gtp(client) => (client.genmove(player), client.timeout()),
                    Side::NBoard(client) => (client.choose(&game), client.timeout()),
                    _ => unreachable!("programs only"),
                };
                let played = played.map_err(|e| {
                    let timed_out = started.elapsed() >= timeout;
                    stop(mover, e, timed_out, &game)
                })?;
                match played
                    .map(Square::from_sq)
                    .filter(|&s| position.is_legal(s))
                {
                    Some(square) => square,
                    None => {
                        let why = format!(
                            "{{player}} answered {} for {player}, not a legal move after {}",
                            played.map_or("pass".to_string(), |s| s.to_string()),
                            notation::transcript(&game)
                        );
                        return Err(stop(mover, why, false, &game));
                    }
                }
            }
        };
        seconds[mover] += started.elapsed().as_secs_f64();
        game.play(square).expect("checked legal");
        sides[1 - mover]
            .hear(player, square)
            .map_err(|e| stop(1 - mover, e, false, &game))?;
    }
    Ok(game)
}
