//! Game analysis: the engine scores every position of the game on the async pool, giving an
//! evaluation graph (from black's view), the disc loss of each move against the best one and the
//! line the engine expects from each position. "What if": a move played while stepping through
//! the game explores another line, each of its moves scored the same way, until the player goes
//! back to the game as it was.

use bevy::prelude::*;

use super::compute::Computation;
use super::{CurrentGame, GameSystems};
use crate::ai::jobs::{Job, Report, ReviewDepth};
pub use crate::ai::jobs::{MoveReview, placed_moves};
use crate::rules::{Game, Square};

/// The analysis of the current game, filled in as it runs (latest moves first). It covers the whole
/// line, moves taken back included, so walking through the game keeps it.
#[derive(Resource, Default, Debug, Clone)]
pub struct Analysis {
    /// The full game analysed (history then the redo moves).
    pub line: Option<Game>,
    pub reviews: Vec<MoveReview>,
    pub running: bool,
    /// How deep it searches (the settings' choice when it started).
    pub depth: ReviewDepth,
}

impl Analysis {
    /// The review of the move about to be played in `game`'s position when it was a mistake (it
    /// lost discs against the best move): `game` is on the analysed line, its next move the one
    /// reviewed. Walking back through an analysed game shows what should have been played.
    pub fn mistake_here(&self, game: &Game) -> Option<&MoveReview> {
        self.review_here(game).filter(|r| r.loss > 0)
    }

    /// The review of the position `game` is in, when it is on the analysed line before its end:
    /// its best move and the line expected from it.
    pub fn review_here(&self, game: &Game) -> Option<&MoveReview> {
        let line = self.line.as_ref()?;
        let here = game.history().len();
        let on_line = line.start() == game.start() && line.history().starts_with(game.history());
        if !on_line || here >= line.history().len() {
            return None;
        }
        self.reviews.iter().find(|r| r.index == here)
    }
}

/// Another line explored from a position of the game while stepping through it: the game as it
/// was (at the position the line leaves it), and each move played since with its review.
#[derive(Resource, Default, Debug, Clone)]
pub struct WhatIf {
    /// The game put aside, moves after the branch included; `None` when no line is explored.
    pub game: Option<Game>,
    /// The moves played since the branch, each with its score against the best move there.
    pub reviews: Vec<(Square, MoveReview)>,
}

impl WhatIf {
    pub fn active(&self) -> bool {
        self.game.is_some()
    }

    /// The game to analyse, save and draw the graph of: the one put aside while a line is
    /// explored, else `current`.
    pub fn game_or<'a>(&'a self, current: &'a Game) -> &'a Game {
        self.game.as_ref().unwrap_or(current)
    }

    /// The review of the move `index` of the explored line, when it is `square`.
    pub fn review_of(&self, index: usize, square: Square) -> Option<&MoveReview> {
        self.reviews
            .iter()
            .find(|(s, r)| r.index == index && *s == square)
            .map(|(_, r)| r)
    }
}

/// Intent: leave the explored line and go back to the game as it was.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct LeaveWhatIf;

/// Intent: analyse the game, at this depth (`None`: the settings').
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct AnalyseRequested(pub Option<ReviewDepth>);

/// A review in flight (dropping it cancels the review).
#[derive(Component)]
struct AnalysisRun(Computation);

pub fn plugin(app: &mut App) {
    app.init_resource::<Analysis>()
        .init_resource::<WhatIf>()
        .add_message::<AnalyseRequested>()
        .add_message::<LeaveWhatIf>()
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
    (game, what_if, settings): (Res<CurrentGame>, Res<WhatIf>, Res<super::GameSettings>),
    runs: Query<Entity, With<AnalysisRun>>,
    mut analysis: ResMut<Analysis>,
) {
    // While another line is explored, the game analysed is the one put aside.
    let line = full_line(what_if.game_or(&game.0));
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
    let Some(&AnalyseRequested(asked)) = requests.read().last() else {
        return;
    };
    for run in &runs {
        commands.entity(run).despawn();
    }
    let depth = asked.unwrap_or(settings.review_depth);
    *analysis = Analysis {
        line: Some(line.clone()),
        reviews: Vec::new(),
        running: true,
        depth,
    };
    commands.spawn((
        Name::new("Game analysis"),
        AnalysisRun(Computation::start(Job::Review {
            moves: placed_moves(&line),
            depth,
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
