//! Why a text could not be read: [`NotationError`], with what and where, and for GGF records the
//! [`GgfProblem`].

use std::fmt;

use crate::rules::game::IllegalMove;
use crate::rules::player::Player;
use crate::rules::shape::ShapeError;
use crate::rules::square::Square;
use crate::rules::variant::VariantError;

/// Why a text could not be read. Positions (`at`) are character offsets from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// A pass written where the side to move had a legal move (or the game was over).
    IllegalPass { number: usize, at: usize },
    /// A character that is not a square in a board string.
    BadBoardChar { ch: char, at: usize },
    /// A full board's squares and no side to move after them.
    MissingSide,
    /// A side to move that is neither black nor white.
    BadSide { text: String, at: usize },
    /// A GGF record that is not well-formed or lacks what a game needs.
    Ggf { problem: GgfProblem, at: usize },
    /// Something that should have been a square of the board (a1 … `last`) or a pass.
    BadToken {
        token: String,
        at: usize,
        last: Square,
    },
    /// A well-formed move that the rules do not allow there (`number` counts from 1, passes
    /// included).
    IllegalMove {
        square: Square,
        number: usize,
        at: usize,
        reason: IllegalMove,
    },
    /// A board string whose square count is no board's n² (no side to move counts as none).
    BoardSize { squares: usize },
    /// A board string whose squares that are off (`#`) leave no board.
    Shape(ShapeError),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use NotationError::*;
        match self {
            IllegalPass { number, at } => write!(
                f,
                "move {number} (character {}) is a pass, but the side to move has a legal move",
                at + 1
            ),
            BadBoardChar { ch, at } => write!(
                f,
                "'{ch}' at character {} is not a square (X * x black, O 0 o white, - . empty, \
                 # not on the board)",
                at + 1
            ),
            MissingSide => f.write_str("the side to move is missing after the squares (X or O)"),
            BadSide { text, at } => write!(
                f,
                "'{text}' at character {} is not a side to move (X/B/* black, O/W white)",
                at + 1
            ),
            Ggf { problem, at } => write!(f, "GGF, character {}: {problem}", at + 1),
            BadToken { token, at, last } => write!(
                f,
                "'{token}' at character {} is not a square (a1 … {last}) or a pass",
                at + 1
            ),
            IllegalMove {
                square,
                number,
                at,
                reason,
            } => write!(
                f,
                "move {number} ({square}, character {}) is illegal: {reason}",
                at + 1
            ),
            BoardSize { squares } => write!(
                f,
                "a board needs n×n squares (16, 36, 49, 64, 100, 144, 196 or 256), this one has \
                 {squares}"
            ),
            Shape(error) => write!(f, "the board's shape: {error}"),
        }
    }
}

impl std::error::Error for NotationError {}

/// What is wrong with a GGF record (the record's own text is quoted where it helps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GgfProblem {
    /// No `(;` opens a game.
    NoGame,
    /// The game is not closed by `;)`.
    NotClosed,
    /// A character where a property name should start.
    ExpectedProperty(char),
    /// A property name without a `[value]`.
    NoValue { property: String },
    /// A property value without its closing `]`.
    ValueNotClosed { property: String },
    /// `GM` names another game.
    NotOthello { value: String },
    /// `TY` names two sizes.
    TypeTwoSizes { value: String },
    /// `TY` holds a letter GGF does not define.
    TypeLetter { value: String, letter: char },
    /// `TY` names no size.
    TypeNoSize { value: String },
    /// `TY`'s size is not a board of this game.
    TypeSize { value: String },
    /// `RR` is neither `classic` nor `othello`.
    UnknownRules { value: String },
    /// `TY` and `RR` together name rules that do not exist.
    Variant(VariantError),
    /// `BO`, `TY` or `RR` after the first move.
    AfterFirstMove { property: String },
    /// A move by the side not to move.
    WrongTurn {
        property: String,
        value: String,
        to_move: Player,
    },
    /// `BO` does not start with the board's size.
    BoardSizeMissing { value: String, size: u32 },
    /// `BO` holds another number of squares than its board.
    BoardSquares {
        value: String,
        squares: usize,
        size: u32,
    },
}

impl fmt::Display for GgfProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use GgfProblem::*;
        match self {
            NoGame => f.write_str("no '(;' opening a game"),
            NotClosed => f.write_str("the game is not closed by ';)'"),
            ExpectedProperty(c) => write!(f, "expected a property name, found '{c}'"),
            NoValue { property } => write!(f, "property {property} has no '[value]'"),
            ValueNotClosed { property } => write!(f, "property {property} is not closed by ']'"),
            NotOthello { value } => write!(f, "game type GM[{value}] is not Othello"),
            TypeTwoSizes { value } => write!(f, "board type TY[{value}] has two sizes"),
            TypeLetter { value, letter } => {
                write!(f, "board type TY[{value}] has an unknown letter '{letter}'")
            }
            TypeNoSize { value } => write!(f, "board type TY[{value}] has no size"),
            TypeSize { value } => write!(
                f,
                "board type TY[{value}] is not a supported board (4, 6, 7, 8, 10, 12, 14, 16)"
            ),
            UnknownRules { value } => write!(f, "RR[{value}] is not classic or othello"),
            Variant(error) => write!(f, "{error}"),
            AfterFirstMove { property } => write!(f, "{property}[...] after the first move"),
            WrongTurn {
                property,
                value,
                to_move,
            } => write!(f, "{property}[{value}] but it is {to_move}'s turn"),
            BoardSizeMissing { value, size } => {
                write!(f, "BO[{value}] does not start with the board size {size}")
            }
            BoardSquares {
                value,
                squares,
                size,
            } => write!(
                f,
                "BO[{value}] holds {squares} squares, not the {} of its {size}×{size} board",
                size * size
            ),
        }
    }
}

impl NotationError {
    /// The same error with its place moved `by` characters on (for text read after a prefix).
    pub(crate) fn shifted(self, by: usize) -> NotationError {
        use NotationError::*;
        match self {
            IllegalPass { number, at } => IllegalPass {
                number,
                at: at + by,
            },
            BadBoardChar { ch, at } => BadBoardChar { ch, at: at + by },
            BadSide { text, at } => BadSide { text, at: at + by },
            Ggf { problem, at } => Ggf {
                problem,
                at: at + by,
            },
            BadToken { token, at, last } => BadToken {
                token,
                at: at + by,
                last,
            },
            IllegalMove {
                square,
                number,
                at,
                reason,
            } => IllegalMove {
                square,
                number,
                at: at + by,
                reason,
            },
            MissingSide | BoardSize { .. } | Shape(_) => self,
        }
    }
}
