//! Hints: while hints are on and a human is to move, the engine scores every legal move on the
//! async pool, deepening, and the board shows each square's expected final disc difference (marked
//! exact once solved). A new position cancels the search and starts again.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::turn::Phase;
use super::{CurrentGame, GameSettings, GameSystems, Generation};
use crate::ai::{Engine, MoveScore};
use crate::rules::Board;

/// Deepest midgame iteration for hints.
const HINT_MAX_DEPTH: u32 = 14;
/// Hints are exact from this many empties (after the hinted move).
const HINT_EXACT_EMPTIES: u32 = 16;
/// Table size for hint searches: 2^20 entries per table.
const HINT_TABLE_BITS: u32 = 20;

/// The scores shown on the board, for the position they belong to.
#[derive(Resource, Default, Debug, Clone)]
pub struct Hints {
    /// (generation, moves played) of the position the scores are for.
    pub position: Option<(u64, usize)>,
    /// Best first. Scores in hundredths of a disc from the mover's view.
    pub scores: Vec<MoveScore>,
    /// Depth of the last finished iteration (the empties when all are exact).
    pub depth: u32,
}

/// A hint search in flight, with the channel its iterations arrive on.
#[derive(Component)]
pub struct HintSearch {
    position: (u64, usize),
    cancel: Arc<AtomicBool>,
    results: std::sync::Mutex<Receiver<(u32, Vec<MoveScore>)>>,
    _task: Task<()>,
}

impl Drop for HintSearch {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Hints>().add_systems(
        Update,
        (manage_hint_search, receive_hints)
            .chain()
            .in_set(GameSystems::View),
    );
}

fn wanted_position(
    settings: &GameSettings,
    phase: Phase,
    game: &CurrentGame,
    generation: &Generation,
) -> Option<(u64, usize)> {
    (settings.show_hints && phase == Phase::WaitingForHuman && !game.0.is_over())
        .then(|| (generation.0, game.0.history().len()))
}

/// Starts a search for the current position when hints are wanted, and stops searches for any
/// other position.
fn manage_hint_search(
    mut commands: Commands,
    settings: Res<GameSettings>,
    phase: Res<Phase>,
    game: Res<CurrentGame>,
    generation: Res<Generation>,
    searches: Query<(Entity, &HintSearch)>,
    mut hints: ResMut<Hints>,
) {
    let wanted = wanted_position(&settings, *phase, &game, &generation);
    let mut running = false;
    for (entity, search) in &searches {
        if Some(search.position) == wanted {
            running = true;
        } else {
            search.cancel.store(true, Ordering::Relaxed);
            commands.entity(entity).despawn();
        }
    }
    if hints.position.is_some() && hints.position != wanted {
        *hints = Hints::default();
    }
    let Some(position) = wanted else { return };
    if running
        || hints.position == Some(position)
            && hints.scores.iter().all(|m| m.exact)
            && !hints.scores.is_empty()
    {
        return;
    }
    let board = game.0.board();
    let cancel = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = channel();
    let flag = cancel.clone();
    let task = AsyncComputeTaskPool::get().spawn(async move { search_hints(board, flag, sender) });
    commands.spawn((
        Name::new("Hint search"),
        HintSearch {
            position,
            cancel,
            results: std::sync::Mutex::new(receiver),
            _task: task,
        },
    ));
}

/// Deepening scores of every legal move until all are exact, cancelled, or the depth cap.
fn search_hints(board: Board, cancel: Arc<AtomicBool>, results: Sender<(u32, Vec<MoveScore>)>) {
    let mut engine = Engine::new(HINT_TABLE_BITS, cancel.clone());
    for depth in 1..=HINT_MAX_DEPTH.min(board.empty_count()) {
        let Some(scores) = engine.score_moves(&board, depth, HINT_EXACT_EMPTIES) else {
            return;
        };
        let all_exact = scores.iter().all(|m| m.exact);
        if results.send((depth, scores)).is_err() || all_exact || cancel.load(Ordering::Relaxed) {
            return;
        }
    }
}

fn receive_hints(searches: Query<&HintSearch>, mut hints: ResMut<Hints>) {
    for search in &searches {
        let Ok(receiver) = search.results.lock() else {
            continue;
        };
        while let Ok((depth, scores)) = receiver.try_recv() {
            hints.position = Some(search.position);
            hints.depth = depth;
            hints.scores = scores;
        }
    }
}
