//! Game analysis: the engine scores every position of the game on the async pool, giving an
//! evaluation graph (from black's view) and the disc loss of each move against the best one.

use bevy::prelude::*;

use super::compute::Computation;
use super::{CurrentGame, GameSystems};
use crate::ai::jobs::{Job, Report};
pub use crate::ai::jobs::{MoveReview, placed_moves};
use crate::rules::Game;

/// The analysis of the current game, filled in as it runs (latest moves first). It covers the whole
/// line, moves taken back included, so walking through the game keeps it.
#[derive(Resource, Default, Debug, Clone)]
pub struct Analysis {
    /// The full game analysed (history then the redo moves).
    pub line: Option<Game>,
    pub reviews: Vec<MoveReview>,
    pub running: bool,
}

impl Analysis {
    /// The review of the move about to be played in `game`'s position when it was a mistake (it
    /// lost discs against the best move): `game` is on the analysed line, its next move the one
    /// reviewed. Walking back through an analysed game shows what should have been played.
    pub fn mistake_here(&self, game: &Game) -> Option<&MoveReview> {
        let line = self.line.as_ref()?;
        let here = game.history().len();
        let on_line = line.start() == game.start() && line.history().starts_with(game.history());
        if !on_line || here >= line.history().len() {
            return None;
        }
        self.reviews.iter().find(|r| r.index == here && r.loss > 0)
    }
}

/// Intent: analyse the game.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct AnalyseRequested;

/// A review in flight (dropping it cancels the review).
#[derive(Component)]
struct AnalysisRun(Computation);

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
    commands.spawn((
        Name::new("Game analysis"),
        AnalysisRun(Computation::start(Job::Review {
            moves: placed_moves(&line),
        })),
    ));
}

fn collect_reviews(
    mut commands: Commands,
    runs: Query<(Entity, &AnalysisRun)>,
    mut analysis: ResMut<Analysis>,
) {
    for (entity, run) in &runs {
        for report in run.0.reports() {
            match report {
                Report::Review(review) => {
                    analysis.reviews.push(review);
                    analysis.reviews.sort_by_key(|r| r.index);
                }
                Report::Done | Report::Failed(_) => {
                    if let Report::Failed(why) = report {
                        warn!("game analysis failed: {why}");
                    }
                    analysis.running = false;
                    commands.entity(entity).despawn();
                }
                Report::Placed(_) | Report::VariantHints { .. } => {}
            }
        }
    }
}
