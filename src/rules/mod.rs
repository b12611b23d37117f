//! The rules of Othello, pure Rust (no bevy): bitboards, legal moves, flips, passes, scoring and
//! the text notations. Square index a1 = 0 … h1 = 7, a2 = 8 … h8 = 63.

pub mod board;
pub mod game;
pub mod notation;
pub mod openings;
pub mod perft;
pub mod score;
pub mod square;
#[cfg(target_arch = "x86_64")]
pub mod x86;

pub use board::Board;
pub use game::{Counts, Game, IllegalMove, Move, Outcome, Played, Player, Position};
pub use notation::NotationError;
pub use perft::{perft, perft_portable};
pub use square::{Square, squares};
