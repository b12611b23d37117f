//! A lesson on the board: its steps' positions loaded in turn, the learner's tries judged by the
//! lesson before anything is played (a wrong square changes nothing), accepted moves played through
//! the turn flow with the game's own animations and sounds, and the course's progress. The game in
//! progress is put aside while a lesson runs and comes back when it ends.

use bevy::ecs::message::{MessageCursor, Messages};
use bevy::prelude::*;

use super::animation::Animating;
use super::clock::{Clocks, ClocksAfterReset};
use super::{
    CurrentGame, GameEnded, GameSettings, GameSystems, IllegalPlacement, LoadRequested,
    MatchSettings, NewGameRequested, PlaceRequested, Requester,
};
use crate::ai::Level;
use crate::lessons::{
    Completed, LESSONS, Lesson, Progress, Start, Step, Task, Verdict, final_score,
};
use crate::rules::{Game, Player};

mod review;

pub use review::{NewestLost, ReviewPoint, Reviewed, newest_lost};

/// Seconds a step's result stays on the board before the next step's board replaces it.
const DWELL_SECS: f32 = 1.5;

/// Intents for the course, from the lesson screen's buttons and the devices.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonRequest {
    /// Open lesson n (1-based) at its first step.
    Start(u8),
    /// The current lesson from its first step again.
    Restart,
    /// Show the hint on the board.
    Hint,
    /// The next lesson, leaving this one unfinished.
    Skip,
    /// One of a score question's options.
    Choose(usize),
    /// The course's last lesson: a game against the AI starts.
    FirstGame,
    /// Back to the game put aside.
    Leave,
}

/// Where a running lesson stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stage {
    /// Waiting for the analysis of a reviewed game ([`Start::Review`]).
    Analysing,
    /// Waiting for the learner.
    Trying,
    /// An accepted move is being played and shown.
    Showing,
    /// The step is done; its result stays up for the seconds left, then the next step's board.
    Dwelling(f32),
    /// Every step is done.
    Complete,
}

/// What the learner is told about their last try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feedback {
    Try(Verdict),
    /// A step was done: its message id.
    StepDone(&'static str),
    /// A score option that is not the result.
    WrongScore(usize),
}

/// The lesson in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The lesson's number, 1-based.
    pub number: u8,
    /// The step, 0-based.
    pub step: usize,
    pub progress: Progress,
    /// Wrong tries in this step.
    pub misses: u32,
    /// Whether the hint is on the board (asked for, or after two misses).
    pub hint: bool,
    pub feedback: Option<Feedback>,
    pub stage: Stage,
    /// The game the step reviews, where it reviews one.
    pub review: Option<Reviewed>,
}

impl Run {
    pub fn lesson(&self) -> &'static Lesson {
        &LESSONS[self.number as usize - 1]
    }

    pub fn current(&self) -> &'static Step {
        &self.lesson().steps[self.step]
    }

    fn new(number: u8) -> Run {
        Run {
            number,
            step: 0,
            progress: Progress::default(),
            misses: 0,
            hint: false,
            feedback: None,
            stage: Stage::Trying,
            review: None,
        }
    }

    /// Puts up the step's board: a reviewed game waits for its analysis.
    fn show(&mut self, board: &mut Board) {
        self.review = board.show_step(self.current());
        self.stage = if self.review.is_some() {
            Stage::Analysing
        } else {
            Stage::Trying
        };
    }

    fn miss(&mut self) {
        self.misses += 1;
        if self.misses >= 2 {
            self.hint = true;
        }
    }
}

/// The lesson on the board, if any. While one runs the board is the lesson's: the learner's
/// placements go to the lesson, not straight to the rules.
#[derive(Resource, Clone, Debug, Default)]
pub struct LessonRun(pub Option<Run>);

impl LessonRun {
    pub fn active(&self) -> bool {
        self.0.is_some()
    }

    /// Whether the board shows the engine's hint numbers: the step asks for them and the
    /// learner is trying.
    pub fn numbers(&self) -> bool {
        self.0
            .as_ref()
            .is_some_and(|run| run.current().numbers && run.stage == Stage::Trying)
    }
}

/// The lessons completed, kept in the save.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct LessonsDone(pub Completed);

/// The game that was on the board when a lesson began, with its players and clocks.
#[derive(Resource, Clone, Debug, Default)]
pub struct PutAside(pub Option<(Game, MatchSettings, Clocks)>);

/// The lesson whose game (the course's first game) is being played: it is complete when the game
/// ends.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct FirstGame(pub Option<u8>);

pub fn plugin(app: &mut App) {
    app.init_resource::<LessonRun>()
        .init_resource::<LessonsDone>()
        .init_resource::<PutAside>()
        .init_resource::<FirstGame>()
        .init_resource::<NewestLost>()
        .add_message::<LessonRequest>()
        .add_systems(
            Update,
            (handle_requests, judge_tries)
                .chain()
                .in_set(GameSystems::Turn)
                .before(super::TurnFlow),
        )
        .add_systems(
            Update,
            (advance, review::follow, complete_first_game)
                .chain()
                .in_set(GameSystems::Phase),
        );
}

/// What a lesson changes on the board.
#[derive(bevy::ecs::system::SystemParam)]
struct Board<'w> {
    game: Res<'w, CurrentGame>,
    players: ResMut<'w, MatchSettings>,
    load: MessageWriter<'w, LoadRequested>,
    newest_lost: Res<'w, NewestLost>,
}

impl Board<'_> {
    /// Puts the step's board up (a step that continues keeps the board as it is); for a review,
    /// the whole game reviewed, returned with its loser.
    fn show_step(&mut self, step: &Step) -> Option<Reviewed> {
        // The learner's own lost game where the step asks for it and there is one, else the
        // step's example.
        let reviewed = match step.start {
            Start::Continue => return None,
            Start::Review { own, .. } => own
                .then(|| self.newest_lost.0.clone())
                .flatten()
                .or_else(|| step.start.game(None).ok().and_then(Reviewed::example)),
            _ => None,
        };
        let game = match &reviewed {
            Some(reviewed) => Ok(reviewed.game.clone()),
            None => step.start.game(None),
        };
        let Ok(game) = game else {
            // The data is checked by the tests: every step's board reads.
            error!("reversi: a lesson step's board does not read");
            return None;
        };
        *self.players = MatchSettings::two_humans().on(game.variant());
        self.load.write(LoadRequested(game));
        reviewed
    }
}

fn handle_requests(
    mut requests: MessageReader<LessonRequest>,
    mut run: ResMut<LessonRun>,
    mut board: Board,
    (mut aside, mut done, mut first): (ResMut<PutAside>, ResMut<LessonsDone>, ResMut<FirstGame>),
    mut new_game: MessageWriter<NewGameRequested>,
    (mut settings, clocks, mut returning): (
        ResMut<GameSettings>,
        Res<Clocks>,
        ResMut<ClocksAfterReset>,
    ),
) {
    for request in requests.read() {
        let start = |number: u8, run: &mut LessonRun, board: &mut Board, aside: &mut PutAside| {
            if number == 0 || number as usize > LESSONS.len() {
                return;
            }
            if run.0.is_none() {
                aside.0 = Some((board.game.0.clone(), *board.players, *clocks));
            }
            let mut fresh = Run::new(number);
            fresh.show(board);
            run.0 = Some(fresh);
        };
        match *request {
            LessonRequest::Start(number) => {
                first.0 = None;
                start(number, &mut run, &mut board, &mut aside);
            }
            LessonRequest::Restart => {
                if let Some(number) = run.0.as_ref().map(|r| r.number) {
                    start(number, &mut run, &mut board, &mut aside);
                }
            }
            LessonRequest::Skip => {
                if let Some(number) = run.0.as_ref().map(|r| r.number) {
                    start(number + 1, &mut run, &mut board, &mut aside);
                }
            }
            LessonRequest::Hint => {
                if let Some(run) = &mut run.0 {
                    run.hint = true;
                }
            }
            LessonRequest::Choose(option) => {
                let Some(current) = &mut run.0 else { continue };
                let Task::Score(options) = current.current().task else {
                    continue;
                };
                if current.stage != Stage::Trying {
                    continue;
                }
                if options.get(option).copied() == final_score(&board.game.0) {
                    finish_step(current, &mut done);
                } else {
                    current.miss();
                    current.feedback = Some(Feedback::WrongScore(option));
                }
            }
            LessonRequest::FirstGame => {
                // The new game replaces the one put aside.
                first.0 = run.0.take().map(|r| r.number);
                aside.0 = None;
                settings.show_legal_moves = true;
                new_game.write(NewGameRequested(MatchSettings::human_vs_ai(
                    Player::Black,
                    Level::Beginner,
                )));
            }
            LessonRequest::Leave => {
                if run.0.take().is_some()
                    && let Some((game, players, clocks)) = aside.0.take()
                {
                    *board.players = players;
                    board.load.write(LoadRequested(game));
                    returning.0 = Some(clocks);
                }
            }
        }
    }
}

/// The step is done: its message, and the lesson complete after its last step.
fn finish_step(run: &mut Run, done: &mut LessonsDone) {
    run.feedback = Some(Feedback::StepDone(run.current().done));
    if let Some(next) = run.lesson().steps.get(run.step + 1) {
        // A new board waits until this one's result has been seen; a board that goes on does not.
        let dwell = match next.start {
            crate::lessons::Start::Continue => 0.0,
            _ => DWELL_SECS,
        };
        run.stage = Stage::Dwelling(dwell);
    } else {
        run.stage = Stage::Complete;
        done.0.0.insert(run.number);
    }
}

/// The learner's placements, judged by the lesson: an accepted move is played for them, anything
/// else is explained and changes nothing.
fn judge_tries(
    // The tries are read and the accepted move written to the same queue.
    mut cursor: Local<MessageCursor<PlaceRequested>>,
    mut placements: ResMut<Messages<PlaceRequested>>,
    mut run: ResMut<LessonRun>,
    game: Res<CurrentGame>,
    animating: Res<Animating>,
    mut illegal: MessageWriter<IllegalPlacement>,
    mut done: ResMut<LessonsDone>,
) {
    let tries: Vec<PlaceRequested> = cursor.read(&placements).copied().collect();
    let Some(run) = &mut run.0 else {
        return;
    };
    for request in &tries {
        if request.by != Requester::Human || run.stage != Stage::Trying || animating.0 {
            continue;
        }
        let task = run.current().task;
        let position = game.0.position();
        let verdict = task.judge(&position, request.square, &mut run.progress);
        match &verdict {
            Verdict::Play(square) => {
                placements.write(PlaceRequested {
                    square: *square,
                    by: Requester::Lesson,
                });
                run.progress.played += 1;
                run.stage = Stage::Showing;
            }
            Verdict::NotThisSquare(_)
            | Verdict::NotLegal(..)
            | Verdict::NotThisMove(_)
            | Verdict::Predicted { .. } => {
                run.miss();
                illegal.write(IllegalPlacement {
                    square: request.square,
                });
            }
            Verdict::Found(_)
            | Verdict::AlreadyFound(_)
            | Verdict::Marked(_)
            | Verdict::Nothing => {}
        }
        if verdict != Verdict::Nothing {
            run.feedback = Some(Feedback::Try(verdict));
        }
        if run.stage == Stage::Trying && task.done(&run.progress) {
            finish_step(run, &mut done);
        }
        if run.stage != Stage::Trying {
            break;
        }
    }
}

/// Moves the lesson on once an accepted move has been shown, and to the next step's board once
/// a finished step's result has been seen.
fn advance(
    time: Res<Time>,
    mut run: ResMut<LessonRun>,
    animating: Res<Animating>,
    mut board: Board,
    mut done: ResMut<LessonsDone>,
) {
    let Some(current) = &mut run.0 else { return };
    match current.stage {
        Stage::Showing if !animating.0 => {
            if current.current().task.done(&current.progress) {
                finish_step(current, &mut done);
            } else {
                current.stage = Stage::Trying;
            }
        }
        Stage::Dwelling(left) => {
            let left = left - time.delta_secs();
            if left > 0.0 {
                current.stage = Stage::Dwelling(left);
            } else {
                current.step += 1;
                current.progress = Progress::default();
                current.misses = 0;
                current.hint = false;
                current.show(&mut board);
            }
        }
        _ => {}
    }
}

/// The course's first game completes its lesson when it ends.
fn complete_first_game(
    mut ended: MessageReader<GameEnded>,
    mut first: ResMut<FirstGame>,
    mut done: ResMut<LessonsDone>,
) {
    if ended.read().count() > 0
        && let Some(number) = first.0.take()
    {
        done.0.0.insert(number);
    }
}
