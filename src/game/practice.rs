//! Opening practice on the board: a named opening (or any book line) played from the start with
//! one colour against the book. The computer's moves are the line's own while the game follows
//! it, else the book's; each of the player's moves is judged by the book (best, fine, or a mistake
//! of so many discs with the book's better move) and played; a line played to its end without a
//! mistake is learned, and kept in the save. The game in progress is put aside meanwhile, as for
//! a lesson or a puzzle.

use bevy::ecs::message::{MessageCursor, Messages};
use bevy::prelude::*;

use super::animation::Animating;
use super::aside::Aside;
use super::{
    CurrentGame, GameSettings, GameSystems, LoadRequested, MatchSettings, PlaceRequested, Requester,
};
use crate::ai::book::Book;
use crate::ai::book::practice::{Learned, Verdict, judge, line_over, reply};
use crate::rules::openings::{name_of, played};
use crate::rules::{Game, Player, Square, Variant};

/// Which line is practised: a name of the openings' table, or any line of the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PracticeLine {
    Named(&'static str),
    AnyBook,
}

impl PracticeLine {
    pub fn name(self) -> Option<&'static str> {
        match self {
            PracticeLine::Named(name) => Some(name),
            PracticeLine::AnyBook => None,
        }
    }
}

/// Intents for opening practice, from its dialog and panel.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PracticeRequest {
    /// Practise this line with this colour, from the start.
    Start(PracticeLine, Player),
    /// The same line from the start again.
    Again,
    /// Back to the game put aside.
    Leave,
}

/// The player's last move, as the book judged it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    pub square: Square,
    pub verdict: Verdict,
    /// The line's own move there, where the practised line went another way.
    pub line_move: Option<Square>,
}

/// The practice on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Practice {
    pub line: PracticeLine,
    pub colour: Player,
    /// The player's moves the book called mistakes in this run of the line.
    pub mistakes: u32,
    pub last: Option<Judged>,
    /// The line has ended (learned when without mistakes).
    pub over: bool,
    /// Seconds the computer has waited to reply.
    wait: f32,
    /// A seed for the computer's choices among near-equal book moves, new each run.
    seed: u64,
}

impl Practice {
    pub fn learned(&self) -> bool {
        self.over && self.mistakes == 0
    }
}

/// The practice on the board, if any: the player's placements go to it, which plays them.
#[derive(Resource, Clone, Debug, Default)]
pub struct PracticeRun(pub Option<Practice>);

impl PracticeRun {
    pub fn active(&self) -> bool {
        self.0.is_some()
    }

    /// Whether the player is to move in a line that goes on.
    pub fn players_turn(&self, game: &Game) -> bool {
        self.0
            .as_ref()
            .is_some_and(|p| !p.over && game.to_move() == p.colour && !game.is_over())
    }
}

/// The named openings learned, kept in the save.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OpeningsLearned(pub Learned);

pub fn plugin(app: &mut App) {
    app.init_resource::<PracticeRun>()
        .init_resource::<OpeningsLearned>()
        .add_message::<PracticeRequest>()
        .add_systems(
            Update,
            (handle_requests, judge_moves, computer_replies)
                .chain()
                .in_set(GameSystems::Turn)
                .before(super::TurnFlow),
        )
        .add_systems(Update, note_the_end.in_set(GameSystems::Phase));
}

fn handle_requests(
    mut requests: MessageReader<PracticeRequest>,
    mut run: ResMut<PracticeRun>,
    mut board: Aside,
    mut runs: Local<u64>,
) {
    for request in requests.read() {
        let (line, colour) = match *request {
            PracticeRequest::Start(line, colour) => (line, colour),
            PracticeRequest::Again => match &run.0 {
                Some(p) => (p.line, p.colour),
                None => continue,
            },
            PracticeRequest::Leave => {
                if run.0.take().is_some() {
                    board.bring_back();
                }
                continue;
            }
        };
        board.keep(run.0.is_some());
        *board.players = MatchSettings::two_humans();
        board
            .load
            .write(LoadRequested(Game::new(Variant::STANDARD)));
        *runs += 1;
        run.0 = Some(Practice {
            line,
            colour,
            mistakes: 0,
            last: None,
            over: false,
            wait: 0.0,
            seed: runs.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        });
    }
}

/// The practice's game as the book reads it: its board, its moves from the start, and the book
/// (`None` before the browser's book has arrived).
fn on_board(game: &Game) -> Option<(crate::rules::Board, Vec<crate::rules::Sq>, &'static Book)> {
    Some((
        game.position().to_board()?,
        played(game)?,
        crate::ai::book::shipped()?,
    ))
}

/// The player's placements, judged by the book and played.
fn judge_moves(
    mut cursor: Local<MessageCursor<PlaceRequested>>,
    mut placements: ResMut<Messages<PlaceRequested>>,
    mut run: ResMut<PracticeRun>,
    game: Res<CurrentGame>,
    animating: Res<Animating>,
) {
    let tries: Vec<PlaceRequested> = cursor.read(&placements).copied().collect();
    if !run.players_turn(&game.0) || animating.0 {
        return;
    }
    let (Some(practice), Some((board, moves, book))) = (&mut run.0, on_board(&game.0)) else {
        return;
    };
    for request in &tries {
        let Some(sq) = request.square.sq() else {
            continue;
        };
        if request.by != Requester::Human || board.legal_moves() & sq.bit() == 0 {
            continue;
        }
        let verdict = judge(book, &board, sq);
        let line_move = practice
            .line
            .name()
            .and_then(|name| crate::rules::openings::next_in_line(name, &moves))
            .filter(|&m| m != sq)
            .map(Square::from_sq);
        if verdict.is_mistake() {
            practice.mistakes += 1;
        }
        practice.last = Some(Judged {
            square: request.square,
            verdict,
            line_move,
        });
        practice.wait = 0.0;
        placements.write(PlaceRequested {
            square: request.square,
            by: Requester::Lesson,
        });
        break;
    }
}

/// The computer's move, after the game's usual pause.
fn computer_replies(
    mut run: ResMut<PracticeRun>,
    game: Res<CurrentGame>,
    (animating, settings, time): (Res<Animating>, Res<GameSettings>, Res<Time>),
    mut placements: MessageWriter<PlaceRequested>,
) {
    let Some(practice) = &mut run.0 else { return };
    if practice.over || animating.0 || game.0.is_over() || game.0.to_move() == practice.colour {
        return;
    }
    practice.wait += time.delta_secs();
    if practice.wait < settings.ai_move_delay {
        return;
    }
    let Some((board, moves, book)) = on_board(&game.0) else {
        return;
    };
    if let Some(square) = reply(book, &board, &moves, practice.line.name(), practice.seed) {
        practice.wait = 0.0;
        placements.write(PlaceRequested {
            square: Square::from_sq(square),
            by: Requester::Lesson,
        });
    }
}

/// The line's end, once the last move is on the board: learned without mistakes.
fn note_the_end(
    mut run: ResMut<PracticeRun>,
    game: Res<CurrentGame>,
    animating: Res<Animating>,
    mut learned: ResMut<OpeningsLearned>,
) {
    let Some(practice) = &mut run.0 else { return };
    if practice.over || animating.0 {
        return;
    }
    let Some((board, moves, book)) = on_board(&game.0) else {
        return;
    };
    if !line_over(book, &board, &moves, practice.line.name()) {
        return;
    }
    practice.over = true;
    if practice.mistakes == 0 {
        // Any book line teaches the deepest named opening it went through.
        if let Some(name) = practice.line.name().or_else(|| name_of(&moves)) {
            learned.0.0.insert(name);
        }
    }
}
