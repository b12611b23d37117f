//! The rules of Othello, pure Rust (no bevy), on boards from 4×4 to 16×16: legal moves, flips,
//! passes, scoring and the text notations.
//!
//! Every game, standard 8×8 included, is a [`Game`] of [`Position`]s under a [`Variant`] (size and
//! shape, opening, goal), its squares [`Square`]s. Underneath, the engine's kernel: the 8×8 bitboard
//! [`Board`] with its [`Sq`] indices (a1 = 0 … h8 = 63), its x86-64 paths and [`perft`]; a
//! position converts to and from it ([`Position::to_board`], [`Position::from_board`]).

pub mod bits;
pub mod board;
pub mod game;
pub mod notation;
pub mod openings;
pub mod perft;
pub mod player;
pub mod position;
pub mod score;
pub mod shape;
pub mod square;
pub mod tournament;
pub mod variant;
pub mod wthor;
#[cfg(target_arch = "x86_64")]
pub mod x86;

pub use board::Board;
pub use game::{Game, IllegalMove, Move, Outcome, Played};
pub use notation::{GgfProblem, NotationError};
pub use perft::{perft, perft_portable};
pub use player::{Counts, Player};
pub use position::Position;
pub use shape::Shape;
pub use square::{Sq, Square, squares};
pub use variant::{Goal, Opening, Variant};
