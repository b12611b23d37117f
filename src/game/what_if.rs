//! "What if": a move played while stepping through an analysed game explores another line from
//! that position. The game is put aside ([`WhatIf`]), each move of the line is scored against the
//! best move there, and the game comes back as it was when asked ([`LeaveWhatIf`]) or when the
//! game is no longer stepped through.

use bevy::prelude::*;

use super::analysis::{LeaveWhatIf, WhatIf, placed_moves};
use super::compute::Computation;
use super::puzzle::Coaching;
use super::{
    BoardReset, CurrentGame, GameSystems, Generation, LoadRequested, NewGameRequested,
    PlaceRequested, Requester, Reviewing, TurnFlow,
};
use crate::ai::jobs::{Job, PlacedMove, Report};
use crate::rules::{Move, Square};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (enter_what_if, leave_what_if)
            .chain()
            .in_set(GameSystems::Turn)
            .before(TurnFlow),
    )
    .add_systems(Update, review_what_if.in_set(GameSystems::View));
}

/// The reviews of some of an explored line's moves in flight: which moves (their index in the
/// game and square) and the job (dropping it cancels them).
#[derive(Component)]
struct WhatIfRun {
    moves: Vec<(usize, Square)>,
    job: Computation,
}

/// A player's move in a position the game went on from, while stepping through it, explores
/// another line: the game is put aside first. A new game or a loaded one ends the exploring.
fn enter_what_if(
    mut places: MessageReader<PlaceRequested>,
    (mut news, mut loads): (
        MessageReader<NewGameRequested>,
        MessageReader<LoadRequested>,
    ),
    game: Res<CurrentGame>,
    reviewing: Res<Reviewing>,
    coaching: Coaching,
    mut what_if: ResMut<WhatIf>,
) {
    if news.read().count() + loads.read().count() > 0 {
        *what_if = WhatIf::default();
    }
    // The game's own next move follows the game (it is played as a redo); another legal one
    // leaves it.
    let own = game.0.redo_stack().last().copied();
    let by_player = places.read().any(|p| {
        p.by == Requester::Human
            && game.0.position().is_legal(p.square)
            && own != Some(Move::Play(p.square))
    });
    if by_player
        && reviewing.0
        && !what_if.active()
        && !coaching.active()
        && !game.0.redo_stack().is_empty()
    {
        what_if.game = Some(game.0.clone());
    }
}

/// Back to the game as it was, at the position the explored line left it: asked for, or when the
/// game is no longer stepped through (the analysis closed).
fn leave_what_if(
    mut leaves: MessageReader<LeaveWhatIf>,
    reviewing: Res<Reviewing>,
    mut what_if: ResMut<WhatIf>,
    mut game: ResMut<CurrentGame>,
    mut generation: ResMut<Generation>,
    mut reset: MessageWriter<BoardReset>,
) {
    let asked = leaves.read().count() > 0;
    if !asked && (reviewing.0 || !what_if.active()) {
        return;
    }
    if let Some(kept) = what_if.game.take() {
        game.0 = kept;
        generation.0 += 1;
        reset.write(BoardReset);
    }
    *what_if = WhatIf::default();
}

/// Scores the explored line's moves: when the line changes, its moves neither reviewed nor being
/// reviewed are sent for review; the reviews of moves taken back are dropped, and so are the runs
/// reviewing them (a run whose moves all stand goes on).
fn review_what_if(
    mut commands: Commands,
    (game, analysis): (Res<CurrentGame>, Res<super::analysis::Analysis>),
    mut what_if: ResMut<WhatIf>,
    runs: Query<(Entity, &WhatIfRun)>,
    mut seen: Local<Option<Vec<Move>>>,
) {
    let Some(branch) = what_if.game.as_ref().map(|kept| kept.history().len()) else {
        for (run, _) in &runs {
            commands.entity(run).despawn();
        }
        *seen = None;
        return;
    };
    let mut finished = Vec::new();
    for (entity, run) in &runs {
        for report in run.job.reports() {
            match report {
                // A review counts for the move the run was asked about, if it still stands.
                Report::Review(review) => {
                    if let Some(&Move::Play(square)) = game.0.history().get(review.index)
                        && run.moves.contains(&(review.index, square))
                    {
                        what_if.reviews.push((square, review));
                    }
                }
                Report::Done | Report::Failed(_) => finished.push(entity),
                Report::Placed(_) | Report::VariantHints { .. } => {}
            }
        }
    }
    for &entity in &finished {
        commands.entity(entity).despawn();
    }
    if seen.as_deref() == Some(game.0.history()) {
        return;
    }
    *seen = Some(game.0.history().to_vec());
    let history = game.0.history();
    // A move of the line still played where it was.
    let stands = |&(index, square): &(usize, Square)| {
        index >= branch && history.get(index) == Some(&Move::Play(square))
    };
    what_if
        .reviews
        .retain(|(square, review)| stands(&(review.index, *square)));
    let mut running = Vec::new();
    for (entity, run) in runs.iter().filter(|(entity, _)| !finished.contains(entity)) {
        if run.moves.iter().all(stands) {
            running.extend_from_slice(&run.moves);
        } else {
            commands.entity(entity).despawn();
        }
    }
    let wanted: Vec<PlacedMove> = placed_moves(&game.0)
        .into_iter()
        .filter(|p| {
            p.index >= branch
                && what_if.review_of(p.index, p.square).is_none()
                && !running.contains(&(p.index, p.square))
        })
        .collect();
    if !wanted.is_empty() {
        commands.spawn((
            Name::new("What-if review"),
            WhatIfRun {
                moves: wanted.iter().map(|p| (p.index, p.square)).collect(),
                // As deep as the game's analysis, so that the two compare.
                job: Computation::start(Job::Review {
                    moves: wanted,
                    depth: analysis.depth,
                }),
            },
        ));
    }
}
