//! The AI player: when an AI side is to move, its search runs as an engine job (see
//! [`super::compute`]) on a copy of the board, never on the frame. Each request carries the
//! game's generation; a result for an older generation is dropped.

use bevy::prelude::*;

use super::clock::Clocks;
use super::compute::Computation;
use super::turn::Phase;
use super::{
    BoardReset, Controller, CurrentGame, GameSettings, GameSystems, Generation, MatchSettings,
    PlaceRequested, Requester,
};
use crate::ai::jobs::{Job, Report};
use crate::ai::{Engine, Limits};
use crate::rules::{Board, Square};

/// A search in flight (dropping it cancels the search).
#[derive(Component)]
pub struct AiSearch {
    computation: Computation,
    pub generation: u64,
    /// Number of moves played when it was asked (a later position means a stale request).
    pub ply: usize,
    board: Board,
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
    commands.spawn((
        Name::new("AI search"),
        AiSearch {
            computation: Computation::start(Job::Move {
                board,
                level,
                seed,
                budget,
            }),
            generation: generation.0,
            ply,
            board,
        },
    ));
}

/// Finished searches become placement intents (tagged with their generation), and the search
/// goes. A search that failed (the browser's engine worker could not run) still moves: a shallow
/// search on the frame, so the game never hangs.
fn poll_searches(
    mut commands: Commands,
    searches: Query<(Entity, &AiSearch)>,
    mut place: MessageWriter<PlaceRequested>,
) {
    for (entity, search) in &searches {
        for report in search.computation.reports() {
            let best = match report {
                Report::Move(best) => best,
                Report::Failed(why) => {
                    warn!("AI search failed ({why}); playing a shallow search's move");
                    fallback_move(&search.board)
                }
                Report::Hints { .. } | Report::Review(_) | Report::Done => continue,
            };
            commands.entity(entity).despawn();
            if let Some(square) = best {
                place.write(PlaceRequested {
                    square,
                    by: Requester::Ai {
                        generation: search.generation,
                    },
                });
            }
            break;
        }
    }
}

/// A quick move when the real search cannot run: three plies, at most a few thousand nodes.
fn fallback_move(board: &Board) -> Option<Square> {
    let mut engine = Engine::new(10, Default::default());
    let limits = Limits {
        depth: 3,
        endgame_empties: 6,
        time: None,
        nodes: Some(5_000),
    };
    engine.search(board, &limits, |_| {}).best
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
            commands.entity(entity).despawn();
        }
    }
}
