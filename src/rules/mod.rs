//! The rules of Othello, pure Rust (no bevy): bitboards, legal moves, flips, passes, scoring and
//! the text notations. Square index a1 = 0 … h1 = 7, a2 = 8 … h8 = 63.
//!
//! Standard 8×8 Othello has its own fast types ([`Board`], [`Game`]); every variant (other sizes,
//! the classic opening, Anti-reversi) is played with [`VGame`] and [`VPosition`].

pub mod bits;
pub mod board;
pub mod game;
pub mod notation;
pub mod openings;
pub mod perft;
pub mod score;
pub mod square;
pub mod variant;
pub mod vgame;
pub mod vnotation;
pub mod wthor;
#[cfg(target_arch = "x86_64")]
pub mod x86;

pub use board::Board;
pub use game::{Counts, Game, IllegalMove, Move, Outcome, Played, Player, Position};
pub use notation::{GgfProblem, NotationError};
pub use perft::{perft, perft_portable};
pub use square::{Square, squares};
pub use variant::{Cell, Goal, Opening, Variant};
pub use vgame::{VGame, VMove, VPosition};
