//! `reversi match`: games between levels, newcomers' stand-ins and other programs (over GTP or
//! NBoard), from the balanced openings with both colours.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::protocol::gtp_client as gtp;
use crate::protocol::nboard_client as nboard;
use crate::rules::notation;

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
enum Side {
    Level(crate::ai::Level, crate::ai::Tuning),
    Newcomer(crate::ai::Newcomer),
    Gtp(gtp::Client),
    NBoard(nboard::Client),
}

impl Side {
    fn name(&self) -> String {
        match self {
            Side::Level(level, _) => level.to_string(),
            Side::Newcomer(newcomer) => newcomer.name().to_string(),
            Side::Gtp(client) => client.name().to_string(),
            Side::NBoard(client) => client.name().to_string(),
        }
    }

    /// Tells a GTP program what was played (a level needs no telling, an NBoard program is sent
    /// the whole game when asked).
    fn hear(
        &mut self,
        player: crate::rules::Player,
        square: crate::rules::Sq,
    ) -> Result<(), String> {
        match self {
            Side::Level(..) | Side::Newcomer(_) | Side::NBoard(_) => Ok(()),
            Side::Gtp(client) => client.play(player, square),
        }
    }
}

/// `reversi match`: the games numbered `games` (from 0; game `i` plays opening `i / 2`, the first
/// side black when `i` is even) of `first` against `second` from the balanced openings. A level
/// moves within its own time and `budget`; a GTP program is asked with `genmove` and told the
/// other side's moves with `play`, an NBoard program is sent the game and asked with `go` (a
/// program's time is its own). Deterministic for a seed when no time limit
/// decides a move and no program plays, so one long match can be split into ranges played by
/// separate processes. A program that cannot be started, answers an error, or answers a move that
/// is not legal ends the match with the reason.
pub fn match_levels(
    (first, first_tuning): (Contender, crate::ai::Tuning),
    (second, second_tuning): (Contender, crate::ai::Tuning),
    games: std::ops::Range<usize>,
    seed: u64,
    budget: Option<std::time::Duration>,
    mut progress: impl FnMut(&str),
) -> Result<(MatchScore, [String; 2]), String> {
    use crate::ai::choose_move_with;
    use crate::rules::{Game, Move, Player, Square, Variant};
    let side = |contender: Contender, tuning| -> Result<Side, String> {
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
    };
    let mut sides = [side(first, first_tuning)?, side(second, second_tuning)?];
    let names = [sides[0].name(), sides[1].name()];
    let mut score = MatchScore::default();
    let openings = match_openings();
    for index in games {
        let opening = openings[(index / 2) % openings.len()];
        let opening =
            notation::parse_transcript(opening, Variant::STANDARD).expect("the openings are legal");
        let first_plays = if index % 2 == 0 {
            Player::Black
        } else {
            Player::White
        };
        // The programs start each game from the start and hear the opening's moves.
        let mut game = Game::new(Variant::STANDARD);
        for side in &mut sides {
            if let Side::Gtp(client) = side {
                client.new_game()?;
            }
        }
        for &m in opening.history() {
            if let Move::Play(cell) = m {
                let player = game.to_move();
                game.play(cell).expect("the openings are legal");
                let square = cell.sq().expect("an 8×8 square");
                for side in &mut sides {
                    side.hear(player, square)?;
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
            let board = game.position().to_board().expect("an 8×8 game");
            let square = match &mut sides[mover] {
                Side::Level(level, tuning) => {
                    let cancel = Arc::new(AtomicBool::new(false));
                    choose_move_with(&board, *level, move_seed, cancel, budget, *tuning)
                        .expect("a side to move that is not passing has a move")
                }
                Side::Newcomer(newcomer) => newcomer
                    .choose(&board, move_seed)
                    .expect("a side to move that is not passing has a move"),
                program @ (Side::Gtp(_) | Side::NBoard(_)) => {
                    let played = match program {
                        Side::Gtp(client) => client.genmove(player)?,
                        Side::NBoard(client) => client.choose(&game)?,
                        _ => unreachable!("programs only"),
                    };
                    match played.filter(|&s| board.is_legal(s)) {
                        Some(square) => square,
                        None => {
                            return Err(format!(
                                "game {}: {} answered {} for {player}, not a legal move after {}",
                                index + 1,
                                names[mover],
                                played.map_or("pass".to_string(), |s| s.to_string()),
                                notation::transcript(&game)
                            ));
                        }
                    }
                }
            };
            score.seconds[mover] += started.elapsed().as_secs_f64();
            game.play(Square::from_sq(square)).expect("checked legal");
            sides[1 - mover].hear(player, square)?;
        }
        let (black, white) = game
            .outcome()
            .expect("over")
            .written_score(Variant::STANDARD);
        let (mine, theirs) = match first_plays {
            Player::Black => (black, white),
            Player::White => (white, black),
        };
        score.record(mine as i64 - theirs as i64);
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
