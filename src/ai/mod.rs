//! The engine, pure Rust (no bevy): evaluation, midgame search, exact endgame solver and the named
//! levels. Deterministic for a given seed, cancellable through a shared flag, and bounded by depth,
//! node and time budgets.
//!
//! A position of any variant is searched through [`front`], which picks the engine that plays it:
//! the 8×8 engine ([`Engine`], [`choose_move`]) on standard Othello's bitboard, the generic engine
//! ([`variant`]) elsewhere. The 8×8-only commands (`solve`, `bench`, training) use [`Engine`]
//! directly.

pub mod book;
pub mod cancel;
pub mod endgame;
pub mod eval;
pub mod front;
pub mod jobs;
pub mod ladder;
pub mod move_list;
pub mod net;
pub mod parallel;
pub mod pattern;
pub mod puzzles;
pub mod scores;
pub mod search;
pub mod stability;
pub mod train;
pub mod tt;
pub mod variant;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

pub use scores::{MoveScore, SearchResult};
pub use search::{BoardMoveScore, BoardResult, Engine, Evaluator, Limits};

use crate::rules::{Board, Sq};
use eval::DISC;

/// The named strengths, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// One ply and large random slips (any move within 25 discs of its best): beatable by a new
    /// player. Against [`Newcomer::Greedy`], who turns the most discs every move, it wins about
    /// half its games (with 10 discs of slips it won 88 %).
    Beginner,
    Novice,
    Intermediate,
    Advanced,
    Expert,
    /// Full strength within its time budget.
    Maximum,
}

/// What a level means: midgame depth, exact-solve depth, time budget and noise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    pub depth: u32,
    pub endgame_empties: u32,
    pub time: Option<Duration>,
    /// The level picks at random among moves at most this many discs worse than its best.
    pub noise_discs: i32,
    /// Transposition tables of `2^table_bits` entries (24 bytes each), sized to the search.
    pub table_bits: u32,
    /// Multi-ProbCut in the midgame search ([`Limits::selective`]).
    pub selective: bool,
}

/// One row of a level table, as written: what a level searches and how it slips (a time of 0:
/// none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelRow {
    pub depth: u32,
    pub endgame_empties: u32,
    pub time_ms: u64,
    pub noise_discs: i32,
    pub table_bits: u32,
}

impl Level {
    pub const ALL: [Level; 6] = [
        Level::Beginner,
        Level::Novice,
        Level::Intermediate,
        Level::Advanced,
        Level::Expert,
        Level::Maximum,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Novice => "Novice",
            Level::Intermediate => "Intermediate",
            Level::Advanced => "Advanced",
            Level::Expert => "Expert",
            Level::Maximum => "Maximum",
        }
    }

    pub const fn settings(self) -> LevelSettings {
        let LevelRow {
            depth,
            endgame_empties,
            time_ms,
            noise_discs,
            table_bits,
        } = match self {
            Level::Beginner => LevelRow {
                depth: 1,
                endgame_empties: 0,
                time_ms: 0,
                noise_discs: 21,
                table_bits: 10,
            },
            Level::Novice => LevelRow {
                depth: 2,
                endgame_empties: 6,
                time_ms: 0,
                noise_discs: 5,
                table_bits: 12,
            },
            Level::Intermediate => LevelRow {
                depth: 4,
                endgame_empties: 10,
                time_ms: 0,
                noise_discs: 2,
                table_bits: 16,
            },
            Level::Advanced => LevelRow {
                depth: 6,
                endgame_empties: 14,
                time_ms: 2_000,
                noise_discs: 0,
                table_bits: 18,
            },
            Level::Expert => LevelRow {
                depth: 10,
                endgame_empties: 18,
                time_ms: 5_000,
                noise_discs: 0,
                table_bits: 20,
            },
            Level::Maximum => LevelRow {
                depth: 60,
                endgame_empties: 24,
                time_ms: 15_000,
                noise_discs: 0,
                table_bits: 22,
            },
        };
        LevelSettings {
            depth,
            endgame_empties,
            time: if time_ms == 0 {
                None
            } else {
                Some(Duration::from_millis(time_ms))
            },
            noise_discs,
            table_bits,
            // Maximum is bound by its time, so pruning forward lets it search deeper; the
            // others are bound by their depth and keep their full-width search.
            selective: matches!(self, Level::Maximum),
        }
    }

    /// Search threads: Maximum uses every core but one (left to the game's drawing); the other
    /// levels are bound by their depth and search on one thread, so they play the same moves on
    /// any machine (and the strength curve measured for them holds everywhere).
    pub fn threads(self) -> usize {
        match self {
            Level::Maximum => parallel::cores().saturating_sub(1).max(1),
            _ => 1,
        }
    }

    /// How many discs below the book's best a book move may be for this level to play it (the
    /// choice among them, and among equal best moves, varies with the seed, so games differ);
    /// `None` for the levels that do not use the book. Maximum plays only the best: a 1-disc
    /// choice cost it two games in three against itself without the book (docs/book.md).
    pub const fn book_within(self) -> Option<i32> {
        match self {
            Level::Maximum => Some(0),
            Level::Expert => Some(2),
            _ => None,
        }
    }

    pub const fn limits(self) -> Limits {
        let s = self.settings();
        Limits {
            depth: s.depth,
            endgame_empties: s.endgame_empties,
            time: s.time,
            nodes: None,
            selective: s.selective,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(text: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                format!("'{text}' is not a level (one of {})", names.join(", "))
            })
    }
}

/// The move `level` plays in `board`, or `None` when the side to move has no move. Deterministic
/// for a given `seed`; returns promptly with a legal move once `cancel` is set.
pub fn choose_move(board: &Board, level: Level, seed: u64, cancel: Arc<AtomicBool>) -> Option<Sq> {
    choose_move_within(board, level, seed, cancel, None)
}

/// [`choose_move`] with an extra time budget (a game clock's share for this move): the search
/// stops at the smaller of the level's time and `budget`.
pub fn choose_move_within(
    board: &Board,
    level: Level,
    seed: u64,
    cancel: Arc<AtomicBool>,
    budget: Option<Duration>,
) -> Option<Sq> {
    choose_move_with(board, level, seed, cancel, budget, Tuning::default())
}

/// The share of a clock's `left` time one move may spend with `empties` empty squares on the board:
/// about one move in (the mover's moves still to play + 4), keeping a reserve.
pub fn clock_share(left: Duration, empties: u32) -> Duration {
    let moves_left = empties.div_ceil(2) + 4;
    left.mul_f32(0.85) / moves_left
}

/// A stand-in for someone who has just learned the rules, to measure the bottom levels against
/// (`reversi match beginner greedy`): Beginner must be beatable by a new player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Newcomer {
    /// Any legal move, each as likely.
    Random,
    /// The move that turns the most discs now (ties at random): the first strategy new players
    /// try.
    Greedy,
    /// The move that turns the fewest discs now (ties at random): a new player's first idea of
    /// Anti-reversi.
    Fewest,
}

impl Newcomer {
    pub const ALL: [Newcomer; 3] = [Newcomer::Random, Newcomer::Greedy, Newcomer::Fewest];

    pub const fn name(self) -> &'static str {
        match self {
            Newcomer::Random => "Random",
            Newcomer::Greedy => "Greedy",
            Newcomer::Fewest => "Fewest",
        }
    }

    /// Its move in `position` (`None` when the side to move has no move); the same for a `seed`.
    pub fn choose(
        self,
        position: &crate::rules::Position,
        seed: u64,
    ) -> Option<crate::rules::Square> {
        use crate::rules::bits::Bits;
        let choices = self.among(position.legal_squares(), |c| position.flips(*c).count());
        let mix = position.player.mix() ^ position.opponent.mix().rotate_left(7);
        let mut rng = StdRng::seed_from_u64(seed ^ mix);
        (!choices.is_empty()).then(|| choices[rng.random_range(0..choices.len())])
    }

    /// The moves it picks among: all, or those turning the most (or fewest) discs.
    fn among<M>(self, moves: Vec<M>, turned: impl Fn(&M) -> u32) -> Vec<M> {
        let target = match self {
            Newcomer::Random => return moves,
            Newcomer::Greedy => moves.iter().map(&turned).max(),
            Newcomer::Fewest => moves.iter().map(&turned).min(),
        };
        moves
            .into_iter()
            .filter(|m| Some(turned(m)) == target)
            .collect()
    }
}

impl FromStr for Newcomer {
    type Err = String;
    fn from_str(text: &str) -> Result<Newcomer, String> {
        Newcomer::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| format!("'{text}' is not random, greedy or fewest"))
    }
}

/// How a player in a match differs from its level as shipped (to compare engine versions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tuning {
    pub evaluator: Evaluator,
    /// Multi-ProbCut on or off, whatever the level says (`None`: as the level says).
    pub selective: Option<bool>,
    /// Search threads (`None`: the level's [`Level::threads`]).
    pub threads: Option<usize>,
    /// Play without the opening book (engine testing from set openings).
    pub no_book: bool,
    /// How far below the book's best a book move may be (`None`: the level's
    /// [`Level::book_within`]).
    pub book_within: Option<i32>,
}

/// [`choose_move_within`] with a [`Tuning`] (another evaluation, Multi-ProbCut on or off).
pub fn choose_move_with(
    board: &Board,
    level: Level,
    seed: u64,
    cancel: Arc<AtomicBool>,
    budget: Option<Duration>,
    tuning: Tuning,
) -> Option<Sq> {
    let moves = board.legal_moves();
    if moves == 0 {
        return None;
    }
    if !tuning.no_book
        && let Some(within) = level.book_within().map(|w| tuning.book_within.unwrap_or(w))
        && let Some(square) = book::shipped().and_then(|b| b.choose(board, within, seed))
    {
        return Some(square);
    }
    let settings = level.settings();
    let mut engine = Engine::new(settings.table_bits, cancel);
    engine.set_evaluator(tuning.evaluator);
    engine.set_threads(tuning.threads.unwrap_or_else(|| level.threads()));
    if settings.noise_discs == 0 {
        let mut limits = level.limits();
        limits.selective = tuning.selective.unwrap_or(limits.selective);
        limits.time = match (limits.time, budget) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        return engine.search(board, &limits, |_| {}).best;
    }
    // Noisy levels: score every move, then pick at random among those close enough to the best.
    let Some(scores) = engine.score_moves(board, settings.depth, settings.endgame_empties) else {
        return crate::rules::squares(moves).next();
    };
    let best = scores.first().map_or(0, |m| m.score);
    let close: Vec<Sq> = scores
        .iter()
        .filter(|m| m.score >= best - settings.noise_discs * DISC)
        .map(|m| m.square)
        .collect();
    pick(&close, board, seed)
}

/// One of `choices` at random, the same for a `seed` and `board` (`None` when there is none): the
/// noisy levels' and the newcomers' choice.
fn pick(choices: &[Sq], board: &Board, seed: u64) -> Option<Sq> {
    let mut rng = StdRng::seed_from_u64(seed ^ (board.player.rotate_left(7) ^ board.opponent));
    (!choices.is_empty()).then(|| choices[rng.random_range(0..choices.len())])
}
