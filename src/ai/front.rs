//! The engine's front door: a position of any variant, searched by the engine that plays it. The
//! choice is made here, once ([`Kernel::of`]): standard 8×8 Othello, and classic 8×8 once its
//! four placements are made, goes to the 8×8 engine on its bitboard (an [`Engine`], whose tables
//! the caller keeps between searches); every other board and goal goes to the generic engine of
//! [`super::variant`]. Callers ask in the rules' terms ([`Position`]) and get the answers in them
//! ([`SearchResult`], [`MoveScore`]); none of them branches on the variant.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::endgame::Probe;
use super::scores::{MoveScore, SearchResult};
use super::variant;
use super::{Engine, Level, LevelSettings, Limits, Tuning};
use crate::rules::{Board, Game, Goal, Move, Position, Square, Variant};

/// Whether the 8×8 engine plays `variant`'s games: the 8×8 square where most discs win (a classic
/// game once its four placements are made).
pub fn played_by_standard_engine(variant: Variant) -> bool {
    variant.size() == 8 && variant.is_square() && variant.goal == Goal::MostDiscs
}

/// The 8×8 board of a position the 8×8 engine plays: 8×8, most discs, placements done (a
/// classic 8×8 game after its four placements is an ordinary Othello position).
pub fn standard_board(position: &Position) -> Option<Board> {
    (played_by_standard_engine(position.variant) && !position.placing())
        .then(|| position.to_board())
        .flatten()
}

/// The engine that plays a position.
enum Kernel<'a> {
    /// The 8×8 engine, on the position's bitboard.
    Standard(Board),
    /// The generic engine, on the position itself.
    Generic(&'a Position),
}

impl<'a> Kernel<'a> {
    fn of(position: &'a Position) -> Kernel<'a> {
        match standard_board(position) {
            Some(board) => Kernel::Standard(board),
            None => Kernel::Generic(position),
        }
    }
}

/// The move `level` plays in `position`, or `None` when the side to move has none. Deterministic
/// for a `seed` when no time limit decides; within `budget` when a clock runs; returns promptly
/// with a legal move once `cancel` is set.
pub fn choose_move(
    position: &Position,
    level: Level,
    seed: u64,
    cancel: Arc<AtomicBool>,
    budget: Option<Duration>,
) -> Option<Square> {
    choose_move_with(position, level, seed, cancel, budget, Tuning::default())
}

/// [`choose_move`] with a [`Tuning`] of the 8×8 engine (another evaluation, Multi-ProbCut on or
/// off, its threads); the generic engine plays each level as it is.
pub fn choose_move_with(
    position: &Position,
    level: Level,
    seed: u64,
    cancel: Arc<AtomicBool>,
    budget: Option<Duration>,
    tuning: Tuning,
) -> Option<Square> {
    match Kernel::of(position) {
        Kernel::Standard(board) => {
            super::choose_move_with(&board, level, seed, cancel, budget, tuning)
                .map(Square::from_sq)
        }
        Kernel::Generic(position) => variant::choose_move(position, level, seed, cancel, budget),
    }
}

/// `game` played on to its end by `level` on both sides (each move seeded by `seed` and the ply):
/// how a game lost by default is completed for its recorded score.
pub fn play_out(game: &Game, level: Level, seed: u64) -> Game {
    let mut completed = game.clone();
    while !completed.is_over() {
        let cancel = Arc::new(AtomicBool::new(false));
        let ply_seed = seed.wrapping_add(completed.history().len() as u64);
        let square = choose_move(&completed.position(), level, ply_seed, cancel, None)
            .expect("a side to move that is not passing has a move");
        completed.play(square).expect("the engine's move is legal");
    }
    completed
}

/// What `level` does on `variant`'s games, as the levels' settings say it: the 8×8 engine's own
/// on the games it plays, the generic engine's for the board elsewhere.
pub fn level_settings(level: Level, variant: Variant) -> LevelSettings {
    if played_by_standard_engine(variant) {
        level.settings()
    } else {
        variant::level_settings(level, variant)
    }
}

/// Searches `position` within `limits`. The 8×8 engine searches with the tables of the engine
/// `engine` gives (asked for only when it plays the position, so a caller may make them on first
/// need; stopped by its own cancel flag) and tells `progress` of each finished iteration; the
/// generic engine searches with a table of `2^table_bits` entries, without Multi-ProbCut
/// (`limits.selective` is the 8×8 engine's), stopped by `cancel`, and tells `progress` of its
/// result.
pub fn search<'e>(
    engine: impl FnOnce() -> &'e mut Engine,
    cancel: &Arc<AtomicBool>,
    position: &Position,
    limits: &Limits,
    table_bits: u32,
    mut progress: impl FnMut(&SearchResult),
) -> SearchResult {
    match Kernel::of(position) {
        Kernel::Standard(board) => {
            let result = engine().search(&board, limits, |r| progress(&SearchResult::from(r)));
            SearchResult::from(&result)
        }
        Kernel::Generic(position) => {
            let limits = Limits {
                selective: false,
                ..*limits
            };
            let result = variant::search(position, &limits, table_bits, cancel.clone());
            progress(&result);
            result
        }
    }
}

/// Every legal move of `position` scored by a full-window search of `depth` plies (the move
/// included), exactly once `endgame_empties` or fewer empties remain after it; best first, with
/// the nodes this call searched. The engines as in [`search`]: the 8×8 engine from `engine`, asked
/// for only when it plays the position, the generic engine's table of `2^table_bits` entries.
/// `None` when a cancel flag stopped it.
pub fn score_moves<'e>(
    engine: impl FnOnce() -> &'e mut Engine,
    cancel: &Arc<AtomicBool>,
    position: &Position,
    depth: u32,
    endgame_empties: u32,
    table_bits: u32,
) -> Option<(Vec<MoveScore>, u64)> {
    match Kernel::of(position) {
        Kernel::Standard(board) => {
            let engine = engine();
            let before = engine.nodes();
            let scores = engine.score_moves(&board, depth, endgame_empties)?;
            let scores = scores.iter().map(MoveScore::from).collect();
            Some((scores, engine.nodes().saturating_sub(before)))
        }
        Kernel::Generic(position) => {
            let limits = Limits::depth(depth, endgame_empties);
            let (scores, nodes) =
                variant::score_moves(position, &limits, table_bits, cancel.clone());
            (!cancel.load(Ordering::Relaxed)).then_some((scores, nodes))
        }
    }
}

/// An exactly solved position: [`solve`].
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// The best move; `None` when the side to move must pass or the game is over.
    pub best: Option<Square>,
    /// The final margin with best play, in discs, from the side to move's view (empties to the
    /// winner; under Anti-reversi's goal, fewer discs is better and the margin says so).
    pub score: i32,
    /// Nodes the solve searched (the line's search not counted).
    pub nodes: u64,
    /// Seconds the solve took (making the 8×8 engine's tables and the line not counted).
    pub seconds: f64,
    /// The 8×8 solver's null-window probes, ProbCut passes first, in the order made (the generic
    /// engine makes none).
    pub probes: Vec<Probe>,
    /// A line of best play to the end of the game when asked for, the solve's best move first.
    pub line: Vec<Move>,
}

/// Solves `position` exactly; with `line`, also a line of best play to the end of the game, found
/// after the solve. The engines as in [`search`]: the 8×8 engine from `engine` (cleared first, so
/// each solve starts afresh; stopped by its own cancel flag), asked for only when it plays the
/// position; the generic engine with a table that grows with the position's empties, stopped by
/// `cancel`. `None` when a cancel flag stopped it.
pub fn solve<'e>(
    engine: impl FnOnce() -> &'e mut Engine,
    cancel: &Arc<AtomicBool>,
    position: &Position,
    line: bool,
) -> Option<Solved> {
    match Kernel::of(position) {
        Kernel::Standard(board) => {
            let engine = engine();
            engine.clear();
            let started = Instant::now();
            let result = engine.search(&board, &Limits::depth(60, 64), |_| {});
            let seconds = started.elapsed().as_secs_f64();
            if engine.cancelled() {
                return None;
            }
            let score = result.score / super::eval::DISC;
            let best = result.best;
            let (nodes, probes) = (result.nodes, engine.probes().to_vec());
            let line = match line {
                true => engine.exact_line(&board, score, best)?,
                false => Vec::new(),
            };
            Some(Solved {
                best: best.map(Square::from_sq),
                score,
                nodes,
                seconds,
                probes,
                line,
            })
        }
        Kernel::Generic(position) => {
            let solved = variant::solve_exact(position, cancel.clone(), line)?;
            Some(Solved {
                best: solved.best,
                score: solved.score,
                nodes: solved.nodes,
                seconds: solved.seconds,
                probes: Vec::new(),
                line: solved.line,
            })
        }
    }
}
