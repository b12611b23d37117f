//! The two sides and their disc counts.

use std::fmt;

/// A side. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    Black,
    White,
}

impl Player {
    /// The other side.
    pub const fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }
}

/// "Black" or "White": the colour's English name in the engine's text interfaces (the command
/// line, the protocols, the notation's error messages). The game's screens word colours in
/// `ui::words`.
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Black => "Black",
            Player::White => "White",
        })
    }
}

/// Raw disc counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counts {
    pub black: u32,
    pub white: u32,
}
