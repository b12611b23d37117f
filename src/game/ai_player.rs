//! The AI player: when an AI side is to move, its search runs on `AsyncComputeTaskPool` with a
//! copy of the board and a cancel flag, never on the frame. Each request carries the game's
//! generation; a result for an older generation is dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::clock::Clocks;
use super::turn::Phase;
use super::{
    BoardReset, Controller, CurrentGame, GameSettings, GameSystems, Generation, MatchSettings,
    PlaceRequested, Requester,
};
use crate::ai::choose_move_within;
use crate::rules::Square;

/// A search in flight.
#[derive(Component)]
pub struct AiSearch {
    task: Task<Option<Square>>,
    pub generation: u64,
    /// Number of moves played when it was asked (a later position means a stale request).
    pub ply: usize,
    cancel: Arc<AtomicBool>,
}

/// Seconds the AI side has been waiting to move (for the pause before AI moves).
#[derive(Resource, Default)]
struct AiWait(f32);

pub fn plugin(app: &mut App) {
    app.init_resource::<AiWait>()
        .add_systems(
            Update,
            (cancel_on_reset, poll_searches)
                .chain()
                .in_set(GameSystems::Input),
        )
        .add_systems(Update, start_search.in_set(GameSystems::View));
}

/// Whether an AI search is running (for the "thinking…" indicator).
pub fn is_thinking(searches: &Query<&AiSearch>) -> bool {
    !searches.is_empty()
}

#[allow(clippy::too_many_arguments)]
fn start_search(
    mut commands: Commands,
    time: Res<Time>,
    phase: Res<Phase>,
    game: Res<CurrentGame>,
    generation: Res<Generation>,
    players: Res<MatchSettings>,
    settings: Res<GameSettings>,
    searches: Query<&AiSearch>,
    (mut wait, clocks): (ResMut<AiWait>, Res<Clocks>),
) {
    if *phase != Phase::AiToMove {
        wait.0 = 0.0;
        return;
    }
    if !searches.is_empty() {
        return;
    }
    let Controller::Ai(level) = players.controller(game.0.to_move()) else {
        return;
    };
    // A short pause first, so a move is seen before the reply lands (the AI-vs-AI speed).
    wait.0 += time.delta_secs();
    if wait.0 < settings.ai_move_delay {
        return;
    }
    wait.0 = 0.0;
    let board = game.0.board();
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let ply = game.0.history().len();
    let seed = generation
        .0
        .wrapping_mul(1_000_003)
        .wrapping_add(ply as u64);
    // With a clock, the AI spends a share of what it has left: about one move in (its moves
    // still to play + 4), keeping a reserve.
    let budget = clocks.limit.map(|_| {
        let left = clocks.remaining(game.0.to_move());
        let moves_left = board.empty_count().div_ceil(2) + 4;
        left.mul_f32(0.85) / moves_left
    });
    let task = AsyncComputeTaskPool::get()
        .spawn(async move { choose_move_within(&board, level, seed, flag, budget) });
    commands.spawn((
        Name::new("AI search"),
        AiSearch {
            task,
            generation: generation.0,
            ply,
            cancel,
        },
    ));
}

/// Finished searches become placement intents (tagged with their generation); the entity goes at
/// once, since a finished task must not be polled again.
fn poll_searches(
    mut commands: Commands,
    mut searches: Query<(Entity, &mut AiSearch)>,
    mut place: MessageWriter<PlaceRequested>,
) {
    for (entity, mut search) in &mut searches {
        if let Some(result) = check_ready(&mut search.task) {
            commands.entity(entity).despawn();
            if let Some(square) = result {
                place.write(PlaceRequested {
                    square,
                    by: Requester::Ai {
                        generation: search.generation,
                    },
                });
            }
        }
    }
}

/// A new game, undo or load: stop every search in flight and forget it.
fn cancel_on_reset(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    searches: Query<(Entity, &AiSearch)>,
    generation: Res<Generation>,
) {
    let reset = resets.read().count() > 0;
    for (entity, search) in &searches {
        if reset || search.generation != generation.0 {
            search.cancel.store(true, Ordering::Relaxed);
            commands.entity(entity).despawn();
        }
    }
}
