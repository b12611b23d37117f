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
use crate::ai::eval::CORNERS;
use crate::ai::jobs::{Job, Report};
use crate::rules::{Board, Square, squares};

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

/// The game as the AI player sees it before it thinks.
#[derive(bevy::ecs::system::SystemParam)]
struct AiView<'w> {
    phase: Res<'w, Phase>,
    game: Res<'w, CurrentGame>,
    generation: Res<'w, Generation>,
    players: Res<'w, MatchSettings>,
    settings: Res<'w, GameSettings>,
    clocks: Res<'w, Clocks>,
}

fn start_search(
    mut commands: Commands,
    time: Res<Time>,
    view: AiView,
    searches: Query<&AiSearch>,
    mut wait: ResMut<AiWait>,
) {
    let AiView {
        phase,
        game,
        generation,
        players,
        settings,
        clocks,
    } = view;
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
    // With a clock, the AI spends a share of what it has left.
    let budget = clocks
        .limit
        .map(|_| crate::ai::clock_share(clocks.remaining(game.0.to_move()), board.empty_count()));
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

/// A quick move when the real search cannot run: a corner if there is one, else the move that
/// leaves the opponent fewest replies (no engine, so the browser's page does not carry one).
fn fallback_move(board: &Board) -> Option<Square> {
    squares(board.legal_moves()).min_by_key(|&square| {
        let next = board.play(square);
        let corner = square.bit() & CORNERS != 0;
        (!corner, next.legal_moves().count_ones())
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_board;

    #[test]
    fn the_fallback_takes_a_corner_else_the_fewest_replies() {
        // Black to move can take a1 (over b2 towards the white-held diagonal).
        let corner = parse_board(
            "-O------ -OX----- --XX---- --------
             -------- -------- -------- -------- X",
        )
        .unwrap();
        assert_eq!(fallback_move(&corner.board), Some("a1".parse().unwrap()));
        let start = Board::start();
        let best = fallback_move(&start).unwrap();
        assert!(start.is_legal(best));
        assert_eq!(
            fallback_move(&Board::start().pass().pass()),
            fallback_move(&start)
        );
    }
}
