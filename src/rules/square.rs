//! Squares of the 8×8 board: index a1 = 0 … h1 = 7, a2 = 8 … h8 = 63 (a1 top-left, as players read it).

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares. Files a–h are columns (left to right), ranks 1–8 are rows (top to bottom).
///
/// ```
/// use reversi::rules::Square;
/// let d3: Square = "D3".parse().unwrap();
/// assert_eq!(d3.index(), 19);
/// assert_eq!(d3.to_string(), "d3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with index `index` (0..64), or `None` when out of range.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `file` (0 = a … 7 = h) and `rank` (0 = rank 1 … 7 = rank 8).
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The index, a1 = 0 … h8 = 63.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// 0 = file a … 7 = file h.
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// 0 = rank 1 … 7 = rank 8.
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The single-bit bitboard of this square.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

/// The squares set in a bitboard, lowest index first.
pub fn squares(mut bits: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Square(index))
        }
    })
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSquare(pub String);

impl fmt::Display for BadSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a square (expected a1 … h8)", self.0)
    }
}

impl std::error::Error for BadSquare {}

impl FromStr for Square {
    type Err = BadSquare;

    /// Reads `d3`, `D3` (a file letter then a rank digit, nothing else).
    fn from_str(text: &str) -> Result<Square, BadSquare> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(BadSquare(text.to_string()));
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        Square::from_file_rank(file, rank).ok_or_else(|| BadSquare(text.to_string()))
    }
}
