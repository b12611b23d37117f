//! An endgame puzzle on the board: the shipped set's position loaded, the player's tries judged
//! against its proof before anything is played (a move that falls short is named with its exact
//! score and changes nothing), the answer played with the game's animations, then the score
//! question where the puzzle asks one, and the puzzles solved kept for the save. The game in
//! progress is put aside while a puzzle is on the board, as for a lesson.

use bevy::ecs::message::{MessageCursor, Messages};
use bevy::prelude::*;

use super::animation::Animating;
use super::aside::Aside;
use super::lesson::LessonRun;
use super::{
    CurrentGame, GameSystems, IllegalPlacement, LoadRequested, MatchSettings, PlaceRequested,
    Requester,
};
use crate::ai::puzzles::{self, Ask, Puzzle, Solved};
use crate::rules::{Game, Square};

/// Intents for the puzzles, from their screen's buttons and the devices.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleRequest {
    /// Put the shipped set's puzzle at this index (0-based) on the board.
    Start(usize),
    /// The same puzzle from its position again.
    Restart,
    /// Show the hint: the regions of empty squares, the answer's marked.
    Hint,
    /// The next puzzle in the set (after the last, the first).
    Next,
    /// One of a score question's options ([`Puzzle::score_options`]).
    Choose(usize),
    /// Back to the game put aside.
    Leave,
}

/// Where a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleStage {
    /// Waiting for the move.
    Trying,
    /// The answer is being played.
    Showing,
    /// The move was found; the exact score is asked.
    Scoring,
    /// Solved: every move's score is shown.
    Solved,
}

/// What the player is told about their last try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleFeedback {
    /// Not a legal move here.
    NotLegal(Square),
    /// A legal move that is not the answer, with its exact score (the side to move's final disc
    /// difference).
    Short {
        square: Square,
        score: i32,
    },
    /// The move is right; its exact score is asked next.
    RightMove,
    /// A score option that is not the exact score (the margin chosen).
    WrongScore(i32),
    Solved,
}

/// The puzzle on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleState {
    /// Its index in the shipped set (its number less one).
    pub index: usize,
    pub stage: PuzzleStage,
    /// Wrong tries (moves and scores).
    pub misses: u32,
    /// Whether the hint is shown (asked for, or after two misses).
    pub hint: bool,
    pub feedback: Option<PuzzleFeedback>,
}

impl PuzzleState {
    pub fn puzzle(&self) -> &'static Puzzle {
        &puzzles::shipped()[self.index]
    }

    fn new(index: usize) -> PuzzleState {
        PuzzleState {
            index,
            stage: PuzzleStage::Trying,
            misses: 0,
            hint: false,
            feedback: None,
        }
    }

    fn miss(&mut self) {
        self.misses += 1;
        if self.misses >= 2 {
            self.hint = true;
        }
    }
}

/// The puzzle on the board, if any. While one is there the board is the puzzle's: the player's
/// placements go to it, not straight to the rules.
#[derive(Resource, Clone, Debug, Default)]
pub struct PuzzleRun(pub Option<PuzzleState>);

impl PuzzleRun {
    pub fn active(&self) -> bool {
        self.0.is_some()
    }
}

/// The puzzles solved, kept in the save.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzlesSolved(pub Solved);

/// Whether a lesson, a puzzle or opening practice has the board: the player's placements go to it,
/// which plays what it accepts, and the game's own hints, legal-move markers and history step
/// aside.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Coaching<'w> {
    lesson: Res<'w, LessonRun>,
    puzzle: Res<'w, PuzzleRun>,
    practice: Res<'w, super::practice::PracticeRun>,
}

impl Coaching<'_> {
    pub fn active(&self) -> bool {
        self.lesson.active() || self.puzzle.active() || self.practice.active()
    }

    /// Whether the legal-move markers may show for `game`: not in a lesson or a puzzle, which
    /// ask for those squares; in opening practice on the player's turns.
    pub fn legal_moves_shown(&self, game: &Game) -> bool {
        if self.practice.active() {
            return self.practice.players_turn(game);
        }
        !self.active()
    }

    /// Whether a lesson step shows the engine's hint numbers.
    pub fn numbers(&self) -> bool {
        self.lesson.numbers()
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<PuzzleRun>()
        .init_resource::<PuzzlesSolved>()
        .add_message::<PuzzleRequest>()
        .add_systems(
            Update,
            (handle_requests, judge_tries)
                .chain()
                .in_set(GameSystems::Turn)
                .before(super::TurnFlow),
        )
        .add_systems(Update, advance.in_set(GameSystems::Phase));
}

/// Puts the puzzle at `index` on the board, the game in progress put aside first.
fn show(board: &mut Aside, run: &mut PuzzleRun, index: usize) {
    let Some(puzzle) = puzzles::shipped().get(index) else {
        return;
    };
    board.keep(run.0.is_some());
    let game = Game::from_position(puzzle.position);
    *board.players = MatchSettings::two_humans().on(game.variant());
    board.load.write(LoadRequested(game));
    run.0 = Some(PuzzleState::new(index));
}

fn handle_requests(
    mut requests: MessageReader<PuzzleRequest>,
    mut run: ResMut<PuzzleRun>,
    mut board: Aside,
    mut solved: ResMut<PuzzlesSolved>,
) {
    for request in requests.read() {
        let current = run.0.as_ref().map(|r| r.index);
        match *request {
            PuzzleRequest::Start(index) => show(&mut board, &mut run, index),
            PuzzleRequest::Restart => {
                if let Some(index) = current {
                    show(&mut board, &mut run, index);
                }
            }
            PuzzleRequest::Next => {
                if let Some(index) = current {
                    show(&mut board, &mut run, (index + 1) % puzzles::shipped().len());
                }
            }
            PuzzleRequest::Hint => {
                if let Some(state) = &mut run.0 {
                    state.hint = true;
                }
            }
            PuzzleRequest::Choose(option) => {
                let Some(state) = &mut run.0 else { continue };
                if state.stage != PuzzleStage::Scoring {
                    continue;
                }
                let puzzle = state.puzzle();
                let Some(&margin) = puzzle.score_options(state.index).get(option) else {
                    continue;
                };
                if margin == puzzle.best_score() {
                    solve(state, &mut solved);
                } else {
                    state.miss();
                    state.feedback = Some(PuzzleFeedback::WrongScore(margin));
                }
            }
            PuzzleRequest::Leave => {
                if run.0.take().is_some() {
                    board.bring_back();
                }
            }
        }
    }
}

fn solve(state: &mut PuzzleState, solved: &mut PuzzlesSolved) {
    state.stage = PuzzleStage::Solved;
    state.feedback = Some(PuzzleFeedback::Solved);
    solved.0.0.insert(state.index as u16 + 1);
}

/// The player's placements, judged against the puzzle's proof: the answer is played for them,
/// anything else is explained and changes nothing.
fn judge_tries(
    // The tries are read and the accepted move written to the same queue.
    mut cursor: Local<MessageCursor<PlaceRequested>>,
    mut placements: ResMut<Messages<PlaceRequested>>,
    mut run: ResMut<PuzzleRun>,
    game: Res<CurrentGame>,
    animating: Res<Animating>,
    mut illegal: MessageWriter<IllegalPlacement>,
) {
    let tries: Vec<PlaceRequested> = cursor.read(&placements).copied().collect();
    let Some(state) = &mut run.0 else {
        return;
    };
    for request in &tries {
        if request.by != Requester::Human || state.stage != PuzzleStage::Trying || animating.0 {
            continue;
        }
        let puzzle = state.puzzle();
        // The board is the puzzle's until its answer is played.
        if game.0.position() != puzzle.position {
            continue;
        }
        let square = request.square;
        if square == puzzle.answer() {
            placements.write(PlaceRequested {
                square,
                by: Requester::Lesson,
            });
            state.stage = PuzzleStage::Showing;
            state.feedback = Some(PuzzleFeedback::RightMove);
            break;
        }
        state.miss();
        state.feedback = Some(match puzzle.score_of(square) {
            Some(score) => PuzzleFeedback::Short { square, score },
            None => PuzzleFeedback::NotLegal(square),
        });
        illegal.write(IllegalPlacement { square });
    }
}

/// Once the answer has been shown: the score question, or solved.
fn advance(
    mut run: ResMut<PuzzleRun>,
    animating: Res<Animating>,
    mut solved: ResMut<PuzzlesSolved>,
) {
    let Some(state) = &mut run.0 else { return };
    if state.stage == PuzzleStage::Showing && !animating.0 {
        match state.puzzle().ask {
            Ask::Score => state.stage = PuzzleStage::Scoring,
            Ask::Move => solve(state, &mut solved),
        }
    }
}
