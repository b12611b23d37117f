//! Squares: [`Square`], a file and a rank on a board of any size up to 16×16, as the rules and
//! every player-facing layer name them; and [`Sq`], the engine's index into its 8×8 bitboard
//! (a1 = 0 … h1 = 7, a2 = 8 … h8 = 63; a1 top-left, as players read it).

use std::fmt;
use std::str::FromStr;

/// A square of a board of any size: file 0 = a … 15 = p, rank 0 = rank 1 … 15 = rank 16.
///
/// ```
/// use reversi::rules::Square;
/// let j10: Square = "J10".parse().unwrap();
/// assert_eq!((j10.file, j10.rank), (9, 9));
/// assert_eq!(j10.to_string(), "j10");
/// assert_eq!(j10.index(10), Some(99));
/// assert_eq!(j10.index(8), None);
/// ```
/// The eight directions from a square, as (file, rank) steps: the lines a move outflanks along,
/// and a king's steps to the squares that touch it.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

impl Square {
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// The square at `index` (`rank · size + file`) of a board of `size`.
    pub const fn from_index(index: u32, size: u32) -> Square {
        Square {
            file: (index % size) as u8,
            rank: (index / size) as u8,
        }
    }

    /// Its index on a board of `size`, or `None` when it is off that board.
    pub const fn index(self, size: u32) -> Option<u32> {
        if (self.file as u32) < size && (self.rank as u32) < size {
            Some(self.rank as u32 * size + self.file as u32)
        } else {
            None
        }
    }

    /// The square of the engine's 8×8 index.
    pub const fn from_sq(sq: Sq) -> Square {
        Square::new(sq.file(), sq.rank())
    }

    /// The engine's 8×8 index of this square, if it is on an 8×8 board.
    pub const fn sq(self) -> Option<Sq> {
        Sq::from_file_rank(self.file, self.rank)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

impl FromStr for Square {
    type Err = BadSquare;

    /// Reads `d3`, `P16`, `j10`: a file letter a–p then a rank 1–16, nothing else.
    fn from_str(text: &str) -> Result<Square, Self::Err> {
        let bad = || BadSquare(text.to_string());
        let mut chars = text.chars();
        let file = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        let digits = chars.as_str();
        if !('a'..='p').contains(&file)
            || digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(bad());
        }
        let rank: u8 = digits.parse().map_err(|_| bad())?;
        if !(1..=16).contains(&rank) {
            return Err(bad());
        }
        Ok(Square::new(file as u8 - b'a', rank - 1))
    }
}

/// One of the 64 squares of the engine's 8×8 bitboard, as an index. Files a–h are columns (left
/// to right), ranks 1–8 are rows (top to bottom).
///
/// ```
/// use reversi::rules::Sq;
/// let d3: Sq = "D3".parse().unwrap();
/// assert_eq!(d3.index(), 19);
/// assert_eq!(d3.to_string(), "d3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq(u8);

impl Sq {
    /// The square with index `index` (0..64), or `None` when out of range.
    pub const fn new(index: u8) -> Option<Sq> {
        if index < 64 { Some(Sq(index)) } else { None }
    }

    /// The square at `file` (0 = a … 7 = h) and `rank` (0 = rank 1 … 7 = rank 8).
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Sq> {
        if file < 8 && rank < 8 {
            Some(Sq(rank * 8 + file))
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
    pub fn all() -> impl Iterator<Item = Sq> {
        (0..64).map(Sq)
    }
}

/// The squares set in a bitboard, lowest index first.
pub fn squares(mut bits: u64) -> impl Iterator<Item = Sq> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Sq(index))
        }
    })
}

impl fmt::Display for Sq {
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
        write!(
            f,
            "'{}' is not a square (a file letter and a rank, such as d3)",
            self.0
        )
    }
}

impl std::error::Error for BadSquare {}

impl FromStr for Sq {
    type Err = BadSquare;

    /// Reads `d3`, `D3` (a file letter then a rank digit, nothing else).
    fn from_str(text: &str) -> Result<Sq, BadSquare> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(BadSquare(text.to_string()));
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        Sq::from_file_rank(file, rank).ok_or_else(|| BadSquare(text.to_string()))
    }
}
