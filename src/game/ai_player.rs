//! The AI player: when an AI side is to move, its search runs as an engine job (see
//! [`super::compute`]) on a copy of the board, never on the frame. Each request carries the
//! game's generation; a result for an older generation is dropped.

use bevy::prelude::*;

use super::Phase;
use super::clock::Clocks;
use super::compute::Computation;
use super::{
    BoardReset, Controller, CurrentGame, GameSettings, GameSystems, Generation, MatchSettings,
    PlaceRequested, Requester,
};
use crate::ai::jobs::{Job, Report};
use crate::rules::{Position, Square};

/// A search in flight (dropping it cancels the search).
#[derive(Component)]
pub struct AiSearch {
    computation: Computation,
    pub generation: u64,
    /// Number of moves played when it was asked (a later position means a stale request).
    pub ply: usize,
    position: Position,
}

impl AiSearch {
    /// How the search's job ends (it can be watched after the search was dropped).
    pub fn state(&self) -> super::compute::JobState {
        self.computation.state()
    }
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
    reviewing: Res<'w, super::Reviewing>,
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
        reviewing,
    } = view;
    // Stepping through a game, the AI leaves a position the game went on from as it is: the
    // moves after it stay (a move played there explores another line, see analysis::WhatIf).
    let held = reviewing.0 && !game.0.redo_stack().is_empty();
    if *phase != Phase::AiToMove || held {
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
    let position = game.0.position();
    let ply = game.0.history().len();
    let seed = generation
        .0
        .wrapping_mul(1_000_003)
        .wrapping_add(ply as u64);
    // With a clock, the AI spends a share of what it has left.
    let budget = clocks
        .limit
        .map(|_| crate::ai::clock_share(clocks.remaining(game.0.to_move()), position.empties()));
    commands.spawn((
        Name::new("AI search"),
        AiSearch {
            computation: Computation::start(Job::VariantMove {
                position,
                level,
                seed,
                budget,
            }),
            generation: generation.0,
            ply,
            position,
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
                Report::Placed(best) => best,
                Report::Failed(why) => {
                    warn!("AI search failed ({why}); playing a shallow search's move");
                    fallback_move(&search.position)
                }
                Report::Review(_) | Report::VariantHints { .. } | Report::Done => continue,
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
pub(crate) fn fallback_move(position: &Position) -> Option<Square> {
    let variant = position.variant;
    let corners = crate::rules::position::geometry(variant).corners;
    position.legal_squares().into_iter().min_by_key(|&cell| {
        let corner = variant.holds(corners, cell);
        (!corner, position.play(cell).legal_squares().len())
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
    use crate::rules::Variant;

    /// The reference: every legal move's (not a corner, the opponent's replies), smallest first.
    fn reference(position: &Position) -> Option<(bool, usize)> {
        let n = position.variant.size() as u8;
        position
            .legal_squares()
            .into_iter()
            .map(|cell| {
                let corner = (cell.file == 0 || cell.file == n - 1)
                    && (cell.rank == 0 || cell.rank == n - 1);
                (!corner, position.play(cell).legal_squares().len())
            })
            .min()
    }

    #[test]
    fn the_fallback_takes_a_corner_else_the_fewest_replies() {
        // Black to move can take a1 (over b2 towards the white-held diagonal).
        let corner = crate::rules::notation::parse_board(
            "-O------ -OX----- --XX---- --------
             -------- -------- -------- -------- X",
            Variant::STANDARD,
        )
        .unwrap();
        assert_eq!(fallback_move(&corner), Some("a1".parse().unwrap()));
        // Along random games of several sizes, the move leaves no fewer replies than any other
        // (corners first), and positions where the moves differ in replies occur.
        for rules in ["6x6", "8x8", "10x10 anti", "8x8 classic"] {
            let variant: Variant = rules.parse().unwrap();
            let mut position = Position::start(variant);
            let mut differing = 0;
            for ply in 0u64..600 {
                let moves = position.legal_squares();
                if moves.is_empty() {
                    position = if position.pass().has_move() {
                        position.pass()
                    } else {
                        Position::start(variant)
                    };
                    continue;
                }
                let best = fallback_move(&position).unwrap();
                let n = variant.size() as u8;
                let corner = (best.file == 0 || best.file == n - 1)
                    && (best.rank == 0 || best.rank == n - 1);
                let replies = position.play(best).legal_squares().len();
                assert_eq!(Some((!corner, replies)), reference(&position), "{rules}");
                let counts: Vec<usize> = moves
                    .iter()
                    .map(|&c| position.play(c).legal_squares().len())
                    .collect();
                differing += usize::from(counts.iter().any(|&c| c != counts[0]));
                let pick = (ply.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize % moves.len();
                position = position.play(moves[pick]);
            }
            assert!(differing > 100, "{rules}: {differing}");
        }
        // No legal move: none.
        let stuck = crate::rules::notation::parse_board(
            "OOOOOO------------------------------ X",
            "6x6".parse().unwrap(),
        )
        .unwrap();
        assert_eq!(fallback_move(&stuck), None);
    }

    #[test]
    fn a_failed_search_still_moves_with_the_fallback() {
        let mut app = App::new();
        app.add_message::<PlaceRequested>()
            .add_systems(Update, poll_searches);
        // White to move after b3 on 6×6.
        let position = Position::start("6x6".parse().unwrap()).play("b3".parse().unwrap());
        app.world_mut().spawn(AiSearch {
            computation: Computation::failed("no engine".into()),
            generation: 7,
            ply: 1,
            position,
        });
        app.update();
        let placed: Vec<PlaceRequested> = app
            .world_mut()
            .resource_mut::<Messages<PlaceRequested>>()
            .drain()
            .collect();
        assert_eq!(placed.len(), 1);
        assert_eq!(Some(placed[0].square), fallback_move(&position));
        assert!(position.is_legal(placed[0].square));
        assert!(matches!(placed[0].by, Requester::Ai { generation: 7 }));
        let searches = app
            .world_mut()
            .query::<&AiSearch>()
            .iter(app.world())
            .count();
        assert_eq!(searches, 0, "the failed search is gone");
    }
}
