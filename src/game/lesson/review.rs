//! A lesson step that reviews a finished game ([`Start::Review`](crate::lessons::Start::Review)):
//! the whole game goes on the board, the game's analysis runs, and once it is in, the board goes
//! back to just before the loser's costliest move (the rest of the game stays as redo, so the
//! analysis graph still shows all of it). The learner then looks for the better move.

use bevy::prelude::*;

use super::{LessonRun, LessonsDone, Stage, finish_step};
use crate::ai::jobs::costliest;
use crate::game::CurrentGame;
use crate::game::analysis::{AnalyseRequested, Analysis, full_line};
use crate::game::{LoadRequested, MatchSettings};
use crate::past_games::GamesKept;
use crate::rules::{Game, Move, Player, Position, Square, Variant};

/// A game under review and, once its analysis is in, the move the step is about.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    /// The whole game.
    pub game: Game,
    /// The side whose moves are reviewed: the learner in their own game, else the loser.
    pub side: Player,
    /// Whether it is the learner's own game (else the lesson's example).
    pub own: bool,
    /// Whether its analysis has been asked for.
    requested: bool,
    pub point: Option<ReviewPoint>,
}

/// The reviewed side's costliest move, as the analysis found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewPoint {
    /// Its index in the game's history.
    pub index: usize,
    /// Its number in the game (1 = the first move placed).
    pub number: usize,
    pub played: Square,
    /// Discs it lost against the analysis's best move, in hundredths.
    pub loss: i32,
    /// The analysis's best move there.
    pub best: Square,
}

impl Reviewed {
    /// The lesson's example game, reviewed for its loser; `None` for a game nobody lost.
    pub fn example(game: Game) -> Option<Reviewed> {
        let side = game.outcome()?.winner?.opponent();
        Some(Reviewed::new(game, side, false))
    }

    fn new(game: Game, side: Player, own: bool) -> Reviewed {
        Reviewed {
            game,
            side,
            own,
            requested: false,
            point: None,
        }
    }
}

/// The learner's newest game lost, ready to review: kept in step with the games kept by the past
/// games' plugin (which the lessons do not read themselves).
#[derive(Resource, Clone, Debug, Default)]
pub struct NewestLost(pub Option<Reviewed>);

/// The learner's newest standard game that the board decided against them, played against the
/// computer or someone online (a game between two people at this device has no learner's side):
/// the side recorded without a name is theirs.
pub fn newest_lost(kept: &GamesKept) -> Option<Reviewed> {
    kept.games().find_map(|past| {
        let game = &past.game;
        let standard = game.variant() == Variant::STANDARD
            && game.start() == Position::start(Variant::STANDARD);
        let side = match (past.black.is_empty(), past.white.is_empty()) {
            (true, false) => Player::Black,
            (false, true) => Player::White,
            _ => return None,
        };
        let lost = game.outcome()?.winner == Some(side.opponent());
        (standard && lost).then(|| Reviewed::new(game.clone(), side, true))
    })
}

/// While a review waits: asks for the analysis once the reviewed game is on the board; when the
/// analysis is in, puts the board before the costliest move; once that board is up, lets the
/// learner try. A game in which the reviewed side lost nothing has nothing to show: the step is
/// done.
pub(super) fn follow(
    mut run: ResMut<LessonRun>,
    game: Res<CurrentGame>,
    analysis: Res<Analysis>,
    (mut analyse, mut load): (
        MessageWriter<AnalyseRequested>,
        MessageWriter<LoadRequested>,
    ),
    mut players: ResMut<MatchSettings>,
    mut done: ResMut<LessonsDone>,
) {
    let Some(current) = &mut run.0 else { return };
    if current.stage != Stage::Analysing {
        return;
    }
    let Some(review) = &mut current.review else {
        return;
    };
    let same = |line: &Game| {
        line.start() == review.game.start() && line.history() == review.game.history()
    };
    // The load of the reviewed game is applied a frame after the step asked for it.
    if !same(&full_line(&game.0)) {
        return;
    }
    if !review.requested {
        // At the depth the lesson's words were checked at (tests/suite/lessons_review.rs),
        // whatever the player's setting.
        analyse.write(AnalyseRequested(Some(crate::ai::jobs::ReviewDepth::Quick)));
        review.requested = true;
        return;
    }
    if let Some(point) = review.point {
        // The board taken back is up: the learner tries on it.
        if game.0.history().len() == point.index {
            current.progress.answer = Some(point.best);
            current.stage = Stage::Trying;
        }
        return;
    }
    let analysed = analysis.line.as_ref().is_some_and(same);
    if !analysed || analysis.running || analysis.reviews.len() < review.game.plays() {
        return;
    }
    let Some(worst) = costliest(&analysis.reviews, review.side) else {
        finish_step(current, &mut done);
        return;
    };
    let Move::Play(played) = review.game.history()[worst.index] else {
        return;
    };
    review.point = Some(ReviewPoint {
        index: worst.index,
        number: review.game.plays_before(worst.index) + 1,
        played,
        loss: worst.loss,
        best: worst.best,
    });
    let board = review.game.taken_back_to(worst.index);
    *players = MatchSettings::two_humans().on(board.variant());
    load.write(LoadRequested(board));
}
