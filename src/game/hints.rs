//! Hints: while hints are on and a human is to move, the engine scores every legal move on the
//! async pool, deepening, and the board shows each square's expected final disc difference (marked
//! exact once solved). A new position cancels the search and starts again.

use bevy::prelude::*;

use super::Phase;
use super::compute::Computation;
use super::{CurrentGame, GameSettings, GameSystems, Generation};
use crate::ai::MoveScore;
use crate::ai::jobs::{Job, Report};

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

/// A hint search in flight (dropping it cancels the search).
#[derive(Component)]
pub struct HintSearch {
    position: (u64, usize),
    computation: Computation,
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
    shown: bool,
    phase: Phase,
    game: &CurrentGame,
    generation: &Generation,
) -> Option<(u64, usize)> {
    (shown && phase == Phase::WaitingForHuman && !game.0.is_over())
        .then(|| (generation.0, game.0.history().len()))
}

/// Starts a search for the current position when hints are wanted, and stops searches for any
/// other position.
fn manage_hint_search(
    mut commands: Commands,
    (settings, coaching, online, tournaments): (
        Res<GameSettings>,
        super::puzzle::Coaching,
        Res<super::online::Online>,
        Res<super::tournament::Tournaments>,
    ),
    phase: Res<Phase>,
    game: Res<CurrentGame>,
    generation: Res<Generation>,
    searches: Query<(Entity, &HintSearch)>,
    mut hints: ResMut<Hints>,
) {
    // A lesson or a puzzle gives its own hints (a lesson step may ask for these numbers); an
    // online game between two people none, nor a tournament game.
    let shown = coaching.numbers()
        || settings.show_hints && !coaching.active() && !online.active() && !tournaments.live();
    let wanted = wanted_position(shown, *phase, &game, &generation);
    let mut running = false;
    for (entity, search) in &searches {
        if Some(search.position) == wanted {
            running = true;
        } else {
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
    commands.spawn((
        Name::new("Hint search"),
        HintSearch {
            position,
            computation: Computation::start(Job::VariantHints {
                position: game.0.position(),
            }),
        },
    ));
}

/// Each finished iteration replaces the scores. A finished search stays until the position
/// changes, so a search that ends at the depth cap is not started again.
fn receive_hints(searches: Query<&HintSearch>, mut hints: ResMut<Hints>) {
    for search in &searches {
        for report in search.computation.reports() {
            match report {
                Report::VariantHints { depth, scores } => {
                    hints.position = Some(search.position);
                    hints.depth = depth;
                    hints.scores = scores;
                }
                Report::Failed(why) => warn!("hint search failed: {why}"),
                Report::Review(_) | Report::Placed(_) | Report::Done => {}
            }
        }
    }
}
