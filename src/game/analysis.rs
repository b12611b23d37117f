//! Game analysis: the engine scores every position of the game on the async pool, giving an
//! evaluation graph (from black's view) and the disc loss of each move against the best one.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::{CurrentGame, GameSystems};
use crate::ai::Engine;
use crate::rules::{Game, Move, Player, Position};

/// Midgame depth of the analysis searches.
const ANALYSIS_DEPTH: u32 = 8;
/// Positions with this many empties or fewer are solved exactly.
const ANALYSIS_EXACT_EMPTIES: u32 = 14;
const ANALYSIS_TABLE_BITS: u32 = 20;

/// What one placed move was worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveReview {
    /// Index into the game's history.
    pub index: usize,
    pub player: Player,
    /// The position's evaluation before the move, from black's view (hundredths of a disc).
    pub eval_black: i32,
    /// How many hundredths of a disc the move lost against the best move (0 for the best).
    pub loss: i32,
    pub exact: bool,
}

/// The analysis of the current game, filled in as it runs (latest moves first). It covers the whole
/// line, moves taken back included, so walking through the game keeps it.
#[derive(Resource, Default, Debug, Clone)]
pub struct Analysis {
    /// The full game analysed (history then the redo moves).
    pub line: Option<Game>,
    pub reviews: Vec<MoveReview>,
    pub running: bool,
}

/// Intent: analyse the game.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct AnalyseRequested;

#[derive(Component)]
struct AnalysisRun {
    cancel: Arc<AtomicBool>,
    results: std::sync::Mutex<Receiver<MoveReview>>,
    _task: Task<()>,
}

impl Drop for AnalysisRun {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Analysis>()
        .add_message::<AnalyseRequested>()
        .add_systems(
            Update,
            (start_analysis, collect_reviews)
                .chain()
                .in_set(GameSystems::View),
        );
}

/// The whole game line: the history, then every move redo would replay.
pub fn full_line(game: &Game) -> Game {
    let mut line = game.clone();
    while line.redo().is_some() {}
    line
}

/// The positions before each placed move, with the move's index in the history.
pub fn placed_moves(game: &Game) -> Vec<(usize, Position, crate::rules::Square)> {
    let mut position = game.start();
    let mut moves = Vec::new();
    for (index, m) in game.history().iter().enumerate() {
        match m {
            Move::Play(square) => {
                moves.push((index, position, *square));
                position = position.play(*square);
            }
            Move::Pass => position = position.pass(),
        }
    }
    moves
}

fn start_analysis(
    mut commands: Commands,
    mut requests: MessageReader<AnalyseRequested>,
    game: Res<CurrentGame>,
    runs: Query<Entity, With<AnalysisRun>>,
    mut analysis: ResMut<Analysis>,
) {
    let line = full_line(&game.0);
    // A different game (not just another position of the same one) makes the analysis stale.
    if analysis
        .line
        .as_ref()
        .is_some_and(|l| l.start() != line.start() || l.history() != line.history())
    {
        for run in &runs {
            commands.entity(run).despawn();
        }
        *analysis = Analysis::default();
    }
    if requests.read().count() == 0 {
        return;
    }
    for run in &runs {
        commands.entity(run).despawn();
    }
    *analysis = Analysis {
        line: Some(line.clone()),
        reviews: Vec::new(),
        running: true,
    };
    let moves = placed_moves(&line);
    let cancel = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = channel();
    let flag = cancel.clone();
    let task = AsyncComputeTaskPool::get().spawn(async move { review_moves(moves, flag, sender) });
    commands.spawn((
        Name::new("Game analysis"),
        AnalysisRun {
            cancel,
            results: std::sync::Mutex::new(receiver),
            _task: task,
        },
    ));
}

/// Scores every legal move before each placed move (last first, so the table's endgame knowledge
/// helps earlier positions) and reports the played move's loss.
fn review_moves(
    moves: Vec<(usize, Position, crate::rules::Square)>,
    cancel: Arc<AtomicBool>,
    out: Sender<MoveReview>,
) {
    let mut engine = Engine::new(ANALYSIS_TABLE_BITS, cancel.clone());
    for (index, position, played) in moves.into_iter().rev() {
        let Some(scores) =
            engine.score_moves(&position.board, ANALYSIS_DEPTH, ANALYSIS_EXACT_EMPTIES)
        else {
            return;
        };
        let Some(best) = scores.first() else { continue };
        let played_score = scores
            .iter()
            .find(|m| m.square == played)
            .map_or(best.score, |m| m.score);
        let sign = if position.to_move == Player::Black {
            1
        } else {
            -1
        };
        let review = MoveReview {
            index,
            player: position.to_move,
            eval_black: sign * best.score,
            loss: (best.score - played_score).max(0),
            exact: best.exact,
        };
        if out.send(review).is_err() || cancel.load(Ordering::Relaxed) {
            return;
        }
    }
}

fn collect_reviews(
    mut commands: Commands,
    runs: Query<(Entity, &AnalysisRun)>,
    mut analysis: ResMut<Analysis>,
) {
    for (entity, run) in &runs {
        let Ok(receiver) = run.results.lock() else {
            continue;
        };
        loop {
            match receiver.try_recv() {
                Ok(review) => {
                    analysis.reviews.push(review);
                    analysis.reviews.sort_by_key(|r| r.index);
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => break,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    analysis.running = false;
                    commands.entity(entity).despawn();
                    break;
                }
            }
        }
    }
}
