//! "Learn to play": the course of lessons built from the rule books' worked examples, as data
//! ([`LESSONS`]: positions, tasks, message ids), and the judging of a learner's tries against the
//! rules. Pure Rust on [`crate::rules`]; the game layer runs a lesson, the UI words it.

use std::collections::BTreeSet;

use crate::rules::{Game, Position, Square, Variant, notation};

mod data;

pub use data::{COURSES, LESSONS};

/// A course: a title and a run of lessons.
#[derive(Clone, Copy, Debug)]
pub struct Course {
    /// Message id of the title.
    pub title: &'static str,
    /// Its first lesson's number (1-based, over all lessons).
    pub first: u8,
    pub count: u8,
}

impl Course {
    /// The numbers of its lessons.
    pub fn lessons(&self) -> std::ops::RangeInclusive<u8> {
        self.first..=self.first + self.count - 1
    }

    /// The course that lesson `number` is in, with the lesson's place in it (1-based).
    pub fn of(number: u8) -> Option<(&'static Course, u8)> {
        COURSES
            .iter()
            .find(|c| c.lessons().contains(&number))
            .map(|c| (c, number - c.first + 1))
    }
}

/// One lesson: a title, a few sentences, and the steps the learner does on the board.
#[derive(Clone, Copy, Debug)]
pub struct Lesson {
    /// Message id of the title.
    pub title: &'static str,
    /// Message id of the sentences shown above the steps.
    pub intro: &'static str,
    pub steps: &'static [Step],
}

/// One task on the board.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// The board the step starts from.
    pub start: Start,
    pub task: Task,
    /// Message id of what to do.
    pub text: &'static str,
    /// Message id of what the step showed, once done.
    pub done: &'static str,
    /// Message id for a legal move that is not what the task asks, where that needs its own words.
    pub not_this: Option<&'static str>,
    /// Whether the board shows the engine's hint numbers (each legal move's expected final disc
    /// difference) while the learner tries.
    pub numbers: bool,
}

/// Where a step's board comes from.
#[derive(Clone, Copy, Debug)]
pub enum Start {
    /// Where the previous step left it.
    Continue,
    /// A variant's starting position (`rules` as the command line's `--rules`).
    Initial { size: u32, rules: &'static str },
    /// A board string of the variant's size and shape (n² squares, `#` where a square is off,
    /// and the side to move).
    Board {
        rules: &'static str,
        board: &'static str,
    },
    /// A finished standard game, analysed, for its loser's costliest move: `example` (a
    /// transcript), or with `own` the learner's newest game lost to the computer where there is
    /// one (the example otherwise).
    Review { example: &'static str, own: bool },
}

/// What the learner does.
#[derive(Clone, Copy, Debug)]
pub enum Task {
    /// Click each of these squares (a coordinates exercise: nothing is played).
    Find(&'static [&'static str]),
    /// Find every legal move of the side to move: exactly these squares.
    FindMoves(&'static [&'static str]),
    /// Play one of these moves.
    Play(&'static [&'static str]),
    /// Play this many legal moves, whichever they are (for the side whose turn it is).
    PlayAny(u8),
    /// Mark the discs that `play` will turn (exactly `turns`), then play it.
    Predict {
        play: &'static str,
        turns: &'static [&'static str],
    },
    /// Play a move after which neither side can move.
    EndGame,
    /// Play a move that turns the fewest discs.
    FewestFlips,
    /// Choose the final score, as (Black, White): exactly one option is the rules' result.
    Score(&'static [(u32, u32)]),
    /// Start a game against the AI's gentlest level, with legal-move markers on.
    FirstGame,
    /// In a reviewed game ([`Start::Review`]), put back before the loser's costliest move: play
    /// the analysis's better move ([`Progress::answer`]).
    Review,
}

/// A square named in the lesson data. The data is checked by the tests, so a bad name is a bug.
pub fn cell(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|_| panic!("lesson data names '{name}', not a square"))
}

impl Start {
    /// The position this start stands for, after `previous` (the board the last step left).
    pub fn game(self, previous: Option<&Game>) -> Result<Game, String> {
        match self {
            Start::Continue => previous
                .cloned()
                .ok_or_else(|| "a first step cannot continue a board".to_string()),
            Start::Initial { size, rules } => Variant::parse(size, rules)
                .map(Game::new)
                .map_err(|e| e.to_string()),
            Start::Board { rules, board } => {
                let variant = Variant::parse(8, rules).map_err(|e| e.to_string())?;
                notation::parse_board(board, variant)
                    .map(Game::from_position)
                    .map_err(|e| e.to_string())
            }
            Start::Review { example, .. } => {
                let game = notation::parse_transcript(example, Variant::STANDARD)
                    .map_err(|e| e.to_string())?;
                match game.outcome() {
                    Some(outcome) if outcome.winner.is_some() => Ok(game),
                    _ => Err("a reviewed game is a finished game that one side lost".to_string()),
                }
            }
        }
    }
}

/// The squares a task names, read.
pub fn cells(names: &[&str]) -> Vec<Square> {
    names.iter().map(|n| cell(n)).collect()
}

/// One direction from a square, as the rules see it for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The opponent's discs next to the square in this direction, nearest first.
    pub run: Vec<Square>,
    /// What ends the run: the mover's own disc (the run is outflanked), or `None` (an empty
    /// square or the board's edge).
    pub anchor: Option<Square>,
    /// The empty square the run stops at, when it does not outflank and the edge is not first.
    pub gap: Option<Square>,
}

impl Line {
    pub fn outflanks(&self) -> bool {
        !self.run.is_empty() && self.anchor.is_some()
    }

    /// Where the line is drawn to: its anchoring disc, else the empty square that stops it, else
    /// its last disc before the edge.
    pub fn end(&self) -> Option<Square> {
        self.anchor.or(self.gap).or(self.run.last().copied())
    }
}

/// The directions from `square` that start with an opponent's disc, for the side to move: the
/// lines a learner looks along (a naive walk, square by square, independent of the bitboards).
pub fn lines(position: &Position, square: Square) -> Vec<Line> {
    let size = position.variant.size() as i32;
    let me = position.to_move;
    let mut lines = Vec::new();
    for (df, dr) in crate::rules::square::DIRECTIONS {
        let mut run = Vec::new();
        let (mut f, mut r) = (
            square.file as i32 + df as i32,
            square.rank as i32 + dr as i32,
        );
        let (mut anchor, mut gap) = (None, None);
        while (0..size).contains(&f) && (0..size).contains(&r) {
            let here = Square::new(f as u8, r as u8);
            match position.colour_at(here) {
                Some(p) if p == me => {
                    anchor = Some(here);
                    break;
                }
                Some(_) => run.push(here),
                None => {
                    gap = Some(here);
                    break;
                }
            }
            f += df as i32;
            r += dr as i32;
        }
        if !run.is_empty() {
            lines.push(Line { run, anchor, gap });
        }
    }
    lines
}

/// Why a square is not a legal move for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotLegal {
    /// A disc is already there.
    Occupied,
    /// No opponent's disc touches it: there is nothing to outflank.
    NoNeighbour,
    /// Opponent's discs touch it, but every line through them ends at an empty square or the
    /// edge before reaching one of the mover's discs.
    NoAnchor,
    /// The free opening: the first four discs go on the centre squares.
    OffCentre,
}

/// Why `square` is not legal, or `None` when it is.
pub fn why_not_legal(position: &Position, square: Square) -> Option<NotLegal> {
    if position.is_legal(square) {
        return None;
    }
    if position.colour_at(square).is_some() {
        return Some(NotLegal::Occupied);
    }
    if position.placing() {
        return Some(NotLegal::OffCentre);
    }
    if lines(position, square).is_empty() {
        Some(NotLegal::NoNeighbour)
    } else {
        Some(NotLegal::NoAnchor)
    }
}

/// What a try on the board leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A square the task asks for, newly found.
    Found(Square),
    /// Found before.
    AlreadyFound(Square),
    /// A square the task does not ask for (a coordinates exercise).
    NotThisSquare(Square),
    /// Not a legal move, and why.
    NotLegal(Square, NotLegal),
    /// A legal move, but not what the task asks.
    NotThisMove(Square),
    /// A disc marked or unmarked as one that will turn.
    Marked(Square),
    /// The prediction is not right: the discs that will also turn, and those marked that stay.
    Predicted {
        missed: Vec<Square>,
        wrongly: Vec<Square>,
    },
    /// The move is accepted: play it.
    Play(Square),
    /// A square that means nothing in this task (an empty square in a prediction).
    Nothing,
}

/// What the learner has done so far in a step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Squares found (find tasks).
    pub found: BTreeSet<Square>,
    /// Discs marked as turning (prediction tasks).
    pub marked: BTreeSet<Square>,
    /// Moves played (play-any tasks).
    pub played: u8,
    /// The move that answers a review ([`Task::Review`]), once the analysis has found it.
    pub answer: Option<Square>,
}

impl Task {
    /// The squares that answer the task in `position` with `progress` so far, where the task has
    /// such squares: what a hint shows.
    pub fn answers(&self, position: &Position, progress: &Progress) -> Vec<Square> {
        match *self {
            Task::Review => progress.answer.into_iter().collect(),
            Task::Find(names) | Task::FindMoves(names) | Task::Play(names) => cells(names),
            Task::PlayAny(_) => position.legal_squares(),
            Task::Predict { play, .. } => vec![cell(play)],
            Task::EndGame => position
                .legal_squares()
                .into_iter()
                .filter(|&c| position.play(c).is_over())
                .collect(),
            Task::FewestFlips => {
                let legal = position.legal_squares();
                let fewest = legal.iter().map(|&c| flip_count(position, c)).min();
                legal
                    .into_iter()
                    .filter(|&c| Some(flip_count(position, c)) == fewest)
                    .collect()
            }
            Task::Score(_) | Task::FirstGame => Vec::new(),
        }
    }

    /// Judges a click on `square` in `position`, updating `progress`.
    pub fn judge(&self, position: &Position, square: Square, progress: &mut Progress) -> Verdict {
        match *self {
            Task::Find(names) | Task::FindMoves(names) => {
                let wanted = cells(names);
                if progress.found.contains(&square) {
                    Verdict::AlreadyFound(square)
                } else if wanted.contains(&square) {
                    progress.found.insert(square);
                    Verdict::Found(square)
                } else if matches!(self, Task::Find(_)) {
                    Verdict::NotThisSquare(square)
                } else {
                    match why_not_legal(position, square) {
                        Some(why) => Verdict::NotLegal(square, why),
                        // Unreachable with checked data: every legal move is wanted.
                        None => Verdict::NotThisMove(square),
                    }
                }
            }
            Task::Play(_) | Task::PlayAny(_) | Task::EndGame | Task::FewestFlips | Task::Review => {
                if let Some(why) = why_not_legal(position, square) {
                    Verdict::NotLegal(square, why)
                } else if self.answers(position, progress).contains(&square) {
                    Verdict::Play(square)
                } else {
                    Verdict::NotThisMove(square)
                }
            }
            Task::Predict { play, turns } => {
                let play = cell(play);
                if square == play {
                    let turns: BTreeSet<Square> = cells(turns).into_iter().collect();
                    let missed: Vec<Square> = turns.difference(&progress.marked).copied().collect();
                    let wrongly: Vec<Square> =
                        progress.marked.difference(&turns).copied().collect();
                    if missed.is_empty() && wrongly.is_empty() {
                        Verdict::Play(play)
                    } else {
                        Verdict::Predicted { missed, wrongly }
                    }
                } else if position.colour_at(square) == Some(position.to_move.opponent()) {
                    if !progress.marked.remove(&square) {
                        progress.marked.insert(square);
                    }
                    Verdict::Marked(square)
                } else {
                    Verdict::Nothing
                }
            }
            Task::Score(_) | Task::FirstGame => Verdict::Nothing,
        }
    }

    /// Whether the step is done after `progress` (moves are counted once played).
    pub fn done(&self, progress: &Progress) -> bool {
        match *self {
            Task::Find(names) | Task::FindMoves(names) => progress.found.len() == names.len(),
            Task::PlayAny(n) => progress.played >= n,
            Task::Play(_)
            | Task::Predict { .. }
            | Task::EndGame
            | Task::FewestFlips
            | Task::Review => progress.played >= 1,
            Task::Score(_) | Task::FirstGame => false,
        }
    }

    /// Whether the task plays a move on the board (its step ends when the move has been shown).
    pub fn plays(&self) -> bool {
        matches!(
            self,
            Task::Play(_)
                | Task::PlayAny(_)
                | Task::Predict { .. }
                | Task::EndGame
                | Task::FewestFlips
                | Task::Review
        )
    }
}

/// How many discs a legal move turns.
pub fn flip_count(position: &Position, square: Square) -> u32 {
    position.variant.squares_of(position.flips(square)).count() as u32
}

/// The final score of a finished game as written, (Black, White): the empty squares go to the
/// winner.
pub fn final_score(game: &Game) -> Option<(u32, u32)> {
    game.outcome()
        .map(|outcome| outcome.written_score(game.variant()))
}

/// The lesson a command line's `--lesson` or a link's `?lesson=` names: its number (1 to the
/// number of lessons), or 0 for `list`, the list of lessons; `None` for anything else.
pub fn lesson_named(text: &str) -> Option<u8> {
    if text.eq_ignore_ascii_case("list") {
        return Some(0);
    }
    text.parse::<u8>()
        .ok()
        .filter(|&n| (1..=LESSONS.len()).contains(&(n as usize)))
}

/// The lessons the learner has completed, by number (1 = the first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Completed(pub BTreeSet<u8>);

impl Completed {
    /// As saved: the numbers, space-separated.
    pub fn to_text(&self) -> String {
        let numbers: Vec<String> = self.0.iter().map(u8::to_string).collect();
        numbers.join(" ")
    }

    /// Reads the saved numbers; numbers of lessons this build does not have are dropped.
    pub fn from_text(text: &str) -> Result<Completed, String> {
        let mut done = BTreeSet::new();
        for word in text.split_whitespace() {
            let n: u8 = word
                .parse()
                .map_err(|_| format!("'{word}' is not a lesson number"))?;
            if (1..=LESSONS.len()).contains(&(n as usize)) {
                done.insert(n);
            }
        }
        Ok(Completed(done))
    }

    /// The first lesson not yet completed (1-based), or `None` when the course is done.
    pub fn next(&self) -> Option<u8> {
        (1..=LESSONS.len() as u8).find(|n| !self.0.contains(n))
    }
}
