//! The turn flow: who may move now, and applying placement intents through the rules.

use bevy::prelude::*;

use super::animation::Animating;
use super::clock::Clocks;
use super::online::Online;
use super::puzzle::Coaching;
use super::{
    BoardReset, BoardRewound, Controller, CurrentGame, GameEnded, GameSystems, Generation,
    IllegalPlacement, JumpRequested, LoadRequested, MatchSettings, MoveApplied, NewGameRequested,
    Passed, PlaceRequested, RedoRequested, Requester, UndoRequested,
};
pub use super::{Phase, TurnFlow};
use crate::rules::Game;

pub fn plugin(app: &mut App) {
    app.init_resource::<Phase>()
        .add_systems(
            Update,
            (start_new_games, walk_history, apply_placements)
                .chain()
                .in_set(TurnFlow)
                .in_set(GameSystems::Turn),
        )
        .add_systems(Update, update_phase.in_set(GameSystems::Phase));
}

/// The phase for a game, its players, and whether animations still block input.
pub fn phase_of(
    game: &CurrentGame,
    players: &MatchSettings,
    animating: bool,
    flagged: bool,
) -> Phase {
    if animating {
        Phase::Animating
    } else if game.0.is_over() || flagged {
        Phase::GameOver
    } else {
        match players.controller(game.0.to_move()) {
            Controller::Human => Phase::WaitingForHuman,
            Controller::Ai(_) => Phase::AiToMove,
            Controller::Remote => Phase::RemoteToMove,
        }
    }
}

fn update_phase(
    game: Res<CurrentGame>,
    players: Res<MatchSettings>,
    animating: Res<Animating>,
    clocks: Res<Clocks>,
    mut phase: ResMut<Phase>,
) {
    phase.set_if_neq(phase_of(
        &game,
        &players,
        animating.0,
        clocks.flagged.is_some(),
    ));
}

/// A new game or a loaded one replaces the game wholesale: searches in flight go stale, and the
/// discs snap to the new board.
fn start_new_games(
    mut requests: MessageReader<NewGameRequested>,
    mut loads: MessageReader<LoadRequested>,
    mut game: ResMut<CurrentGame>,
    mut generation: ResMut<Generation>,
    mut players: ResMut<MatchSettings>,
    mut reset: MessageWriter<BoardReset>,
) {
    let mut replaced = false;
    if let Some(NewGameRequested(settings)) = requests.read().last() {
        *players = *settings;
        game.0 = Game::new(settings.variant);
        replaced = true;
    }
    if let Some(LoadRequested(loaded)) = loads.read().last() {
        game.0 = loaded.clone();
        players.variant = loaded.variant();
        replaced = true;
    }
    if replaced {
        generation.0 += 1;
        reset.write(BoardReset);
    }
}

/// Accepts a placement only from whoever controls the side to move, only while nothing animates,
/// and (for the AI) only for the current game. Illegal human squares get quiet feedback.
/// What a placement can lead to.
#[derive(bevy::ecs::system::SystemParam)]
struct PlacementOutcomes<'w> {
    applied: MessageWriter<'w, MoveApplied>,
    passed: MessageWriter<'w, Passed>,
    ended: MessageWriter<'w, GameEnded>,
    illegal: MessageWriter<'w, IllegalPlacement>,
}

fn apply_placements(
    mut requests: MessageReader<PlaceRequested>,
    mut game: ResMut<CurrentGame>,
    generation: Res<Generation>,
    (players, reviewing): (Res<MatchSettings>, Res<super::Reviewing>),
    (animating, clocks, coaching, online): (Res<Animating>, Res<Clocks>, Coaching, Res<Online>),
    outcomes: PlacementOutcomes,
) {
    let PlacementOutcomes {
        mut applied,
        mut passed,
        mut ended,
        mut illegal,
    } = outcomes;
    for request in requests.read() {
        if animating.0 || game.0.is_over() || clocks.flagged.is_some() {
            continue;
        }
        let controller = players.controller(game.0.to_move());
        let allowed = match (request.by, controller) {
            // During a lesson or a puzzle the player's tries go to it, which plays what it
            // accepts. Online, the local player's clicks go to the server, which sends the move
            // back.
            (Requester::Human, Controller::Human) => !coaching.active() && !online.active(),
            (Requester::Remote, _) => online.active(),
            (Requester::Lesson, _) => coaching.active(),
            (Requester::Ai { generation: g }, Controller::Ai(_)) => g == generation.0,
            _ => false,
        };
        if !allowed {
            continue;
        }
        // Stepping through a game, the move the game went on with is played as a redo: the moves
        // after it stay.
        let the_games_own = reviewing.0
            && request.by == Requester::Human
            && game.0.redo_stack().last() == Some(&crate::rules::Move::Play(request.square));
        let result = if the_games_own {
            game.0.redo().ok_or(())
        } else {
            game.0.play(request.square).map_err(|_| ())
        };
        match result {
            Ok(played) => {
                applied.write(MoveApplied {
                    square: played.square,
                    player: played.player,
                    flipped: played.flipped,
                    variant: game.0.variant(),
                });
                if let Some(player) = played.forced_pass {
                    passed.write(Passed { player });
                }
                if let Some(outcome) = game.0.outcome() {
                    ended.write(GameEnded { outcome });
                }
                // One move per frame: the next one waits for this one's animation.
                break;
            }
            Err(_) => {
                if request.by == Requester::Human {
                    illegal.write(IllegalPlacement {
                        square: request.square,
                    });
                }
            }
        }
    }
}

/// Undo: against the AI, back to the human's previous turn (its move and the AI's reply); otherwise
/// one move. Returns whether anything changed.
pub fn undo_for(game: &mut Game, players: &MatchSettings) -> bool {
    if game.undo().is_none() {
        return false;
    }
    if let Some(human) = players.single_human() {
        while game.to_move() != human && game.undo().is_some() {}
        // Undoing past the start (the AI opened the game) leaves the AI to move: that is fine.
    }
    true
}

/// Redo: against the AI, forward to the human's next turn; otherwise one move.
pub fn redo_for(game: &mut Game, players: &MatchSettings) -> bool {
    if game.redo().is_none() {
        return false;
    }
    if let Some(human) = players.single_human() {
        while game.to_move() != human && !game.redo_stack().is_empty() {
            game.redo();
        }
    }
    true
}

/// Undo and redo: the rules game walks its history, any AI search in flight becomes stale (its
/// generation is bumped), and the discs animate to the new board.
fn walk_history(
    mut undos: MessageReader<UndoRequested>,
    mut redos: MessageReader<RedoRequested>,
    mut game: ResMut<CurrentGame>,
    mut generation: ResMut<Generation>,
    (players, online, coaching, tournaments): (
        Res<MatchSettings>,
        Res<Online>,
        Coaching,
        Res<super::tournament::Tournaments>,
    ),
    mut rewound: MessageWriter<BoardRewound>,
    mut jumps: MessageReader<JumpRequested>,
) {
    let undo_count = undos.read().count();
    let redo_count = redos.read().count();
    let jump = jumps.read().last().copied();
    // Online, the server's game is the game: a take-back is asked of the opponent instead. A
    // lesson or a puzzle judges tries on the board it put up, which stays put; a tournament game
    // is played without take-backs.
    if undo_count + redo_count == 0 && jump.is_none()
        || online.active()
        || coaching.active()
        || tournaments.live()
    {
        return;
    }
    let from = game.0.position();
    let mut changed = false;
    if let Some(JumpRequested { plays }) = jump {
        while game.0.plays() > plays && game.0.undo().is_some() {
            changed = true;
        }
        while game.0.plays() < plays && game.0.redo().is_some() {
            changed = true;
        }
    }
    for _ in 0..undo_count {
        changed |= undo_for(&mut game.0, &players);
    }
    for _ in 0..redo_count {
        changed |= redo_for(&mut game.0, &players);
    }
    if changed {
        generation.0 += 1;
        rewound.write(BoardRewound { from });
    }
}
