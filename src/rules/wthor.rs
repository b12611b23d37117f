//! WTHOR, the French Othello federation's database of tournament games (`WTH_YYYY.wtb`): a reader
//! that replays every game from the start and keeps only those that are legal, and a writer of the
//! same format.
//!
//! A file is a 16-byte header and then 68 bytes a game:
//!
//! | bytes | header |
//! |---|---|
//! | 0–3 | creation: century, year in the century, month, day |
//! | 4–7 | number of games (u32, little-endian) |
//! | 8–9 | number of records (u16, 0 in game files) |
//! | 10–11 | the games' year (u16) |
//! | 12 | board size (0 or 8 for 8×8; 10 is the 10×10 base, not read here) |
//! | 13 | game type |
//! | 14 | the depth (in empties) of each game's theoretical score |
//! | 15 | reserved |
//!
//! | bytes | game |
//! |---|---|
//! | 0–1 | tournament number (u16) |
//! | 2–3 | Black's player number (u16) |
//! | 4–5 | White's player number (u16) |
//! | 6 | Black's discs at the end (empties to the winner) |
//! | 7 | Black's discs with perfect play from the position with `depth` empties |
//! | 8–67 | the moves, `10 × rank + file` (11 = a1, 18 = h1, 88 = h8), 0 after the last; passes are not written |

use std::fmt;

use super::board::Board;
use super::square::Sq;

/// Bytes of a file's header.
pub const HEADER_BYTES: usize = 16;
/// Bytes of one game.
pub const GAME_BYTES: usize = 68;

/// A file's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// When the file was made: year (century included), month, day.
    pub created: (u16, u8, u8),
    /// The year its games were played.
    pub year: u16,
    /// The game type byte, as written.
    pub game_type: u8,
    /// Empties of the position whose perfect-play score each game carries.
    pub depth: u8,
}

/// One game as recorded, checked legal from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorGame {
    pub tournament: u16,
    pub black: u16,
    pub white: u16,
    /// Black's discs at the end as recorded (empties to the winner).
    pub black_discs: u8,
    /// Black's discs with perfect play from the position with [`Header::depth`] empties.
    pub theoretical: u8,
    /// The moves played, passes left out as in the file.
    pub moves: Vec<Sq>,
}

/// A position of a game before one of its moves (the mover always has a legal move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GamePosition {
    pub board: Board,
    /// True when Black is the mover.
    pub black_to_move: bool,
    /// The move the game played here.
    pub played: Sq,
}

/// Why a file, or one of its games, cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WthorError {
    /// Shorter than a header.
    NoHeader { bytes: usize },
    /// A board size other than 8×8.
    BoardSize(u8),
    /// The header promises more games than the file holds.
    Truncated { promised: u32, present: usize },
    /// Bytes left over after the last whole game.
    TrailingBytes(usize),
    /// A move byte that names no square.
    BadSquare { ply: usize, byte: u8 },
    /// A move that is not legal where it is played (nor after a pass).
    IllegalMove { ply: usize, square: Sq },
    /// A move after the list's end (a 0 byte).
    MoveAfterEnd { ply: usize },
    /// Black's recorded disc count is over 64.
    BadDiscCount(u8),
}

impl fmt::Display for WthorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WthorError::NoHeader { bytes } => {
                write!(
                    f,
                    "{bytes} bytes: shorter than a WTHOR header ({HEADER_BYTES})"
                )
            }
            WthorError::BoardSize(s) => write!(f, "board size {s}: only 8×8 files are read"),
            WthorError::Truncated { promised, present } => write!(
                f,
                "the header promises {promised} games but the file holds {present}"
            ),
            WthorError::TrailingBytes(n) => write!(f, "{n} bytes after the last game"),
            WthorError::BadSquare { ply, byte } => {
                write!(f, "move {}: byte {byte} names no square", ply + 1)
            }
            WthorError::IllegalMove { ply, square } => {
                write!(f, "move {}: {square} is not legal", ply + 1)
            }
            WthorError::MoveAfterEnd { ply } => {
                write!(f, "move {}: a move after the end of the list", ply + 1)
            }
            WthorError::BadDiscCount(n) => write!(f, "Black's disc count {n} is over 64"),
        }
    }
}

impl std::error::Error for WthorError {}

/// A whole file: its header, the games that replay legally, and the rest with their numbers (from
/// 0) and what is wrong with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorFile {
    pub header: Header,
    pub games: Vec<WthorGame>,
    pub rejected: Vec<(usize, WthorError)>,
}

/// Reads a `.wtb` file. A bad header or a file of the wrong length is an error; a game that does
/// not replay legally is set aside in [`WthorFile::rejected`] and the rest are read.
pub fn read(bytes: &[u8]) -> Result<WthorFile, WthorError> {
    let Some(head) = bytes.get(..HEADER_BYTES) else {
        return Err(WthorError::NoHeader { bytes: bytes.len() });
    };
    let u16_at = |i: usize| u16::from_le_bytes([head[i], head[i + 1]]);
    let promised = u32::from_le_bytes([head[4], head[5], head[6], head[7]]);
    if !matches!(head[12], 0 | 8) {
        return Err(WthorError::BoardSize(head[12]));
    }
    let header = Header {
        created: (
            u16::from(head[0]) * 100 + u16::from(head[1]),
            head[2],
            head[3],
        ),
        year: u16_at(10),
        game_type: head[13],
        depth: head[14],
    };
    let body = &bytes[HEADER_BYTES..];
    let present = body.len() / GAME_BYTES;
    if (present as u64) < u64::from(promised) {
        return Err(WthorError::Truncated { promised, present });
    }
    let whole = promised as usize * GAME_BYTES;
    if body.len() > whole {
        return Err(WthorError::TrailingBytes(body.len() - whole));
    }
    let mut games = Vec::with_capacity(promised as usize);
    let mut rejected = Vec::new();
    for (i, record) in body.chunks_exact(GAME_BYTES).enumerate() {
        match read_game(record.try_into().expect("chunks_exact gives whole records")) {
            Ok(game) => games.push(game),
            Err(e) => rejected.push((i, e)),
        }
    }
    Ok(WthorFile {
        header,
        games,
        rejected,
    })
}

/// Reads and replays one 68-byte game record.
pub fn read_game(record: &[u8; GAME_BYTES]) -> Result<WthorGame, WthorError> {
    let u16_at = |i: usize| u16::from_le_bytes([record[i], record[i + 1]]);
    if record[6] > 64 {
        return Err(WthorError::BadDiscCount(record[6]));
    }
    if record[7] > 64 {
        return Err(WthorError::BadDiscCount(record[7]));
    }
    let mut moves = Vec::new();
    let mut ended = false;
    for (ply, &byte) in record[8..].iter().enumerate() {
        if byte == 0 {
            ended = true;
            continue;
        }
        if ended {
            return Err(WthorError::MoveAfterEnd { ply });
        }
        let square = square_of_byte(byte).ok_or(WthorError::BadSquare { ply, byte })?;
        moves.push(square);
    }
    let game = WthorGame {
        tournament: u16_at(0),
        black: u16_at(2),
        white: u16_at(4),
        black_discs: record[6],
        theoretical: record[7],
        moves,
    };
    game.replay()?;
    Ok(game)
}

/// `10 × rank + file` (both 1–8) to a square.
fn square_of_byte(byte: u8) -> Option<Sq> {
    let (rank, file) = (byte / 10, byte % 10);
    if (1..=8).contains(&rank) && (1..=8).contains(&file) {
        Sq::from_file_rank(file - 1, rank - 1)
    } else {
        None
    }
}

/// Black's margin for a recorded count of Black's discs (empties to the winner).
fn margin_of(black_discs: u8) -> i32 {
    2 * i32::from(black_discs) - 64
}

/// A square as its move byte.
fn byte_of_square(square: Sq) -> u8 {
    10 * (square.rank() + 1) + square.file() + 1
}

impl WthorGame {
    /// Every position before a move, in order, and the position after the last move (with Black's
    /// colour flag for its mover); passes are taken where the mover has no move.
    pub fn replay(&self) -> Result<(Vec<GamePosition>, Board, bool), WthorError> {
        let mut board = Board::start();
        let mut black = true;
        let mut positions = Vec::with_capacity(self.moves.len());
        for (ply, &square) in self.moves.iter().enumerate() {
            if !board.has_move() {
                board = board.pass();
                black = !black;
            }
            if !board.is_legal(square) {
                return Err(WthorError::IllegalMove { ply, square });
            }
            positions.push(GamePosition {
                board,
                black_to_move: black,
                played: square,
            });
            board = board.play(square);
            black = !black;
        }
        Ok((positions, board, black))
    }

    /// The positions before each move (see [`WthorGame::replay`]).
    pub fn positions(&self) -> Vec<GamePosition> {
        self.positions_and_margin().0
    }

    /// Black's final disc difference, empties to the winner: from the board where the game was
    /// played to its end, else (a resignation or a game lost on time) from the recorded count.
    pub fn black_margin(&self) -> i32 {
        self.positions_and_margin().1
    }

    /// [`WthorGame::positions`] and [`WthorGame::black_margin`] from one replay.
    pub fn positions_and_margin(&self) -> (Vec<GamePosition>, i32) {
        match self.replay() {
            Ok((positions, board, black)) if board.is_game_over() => {
                let margin = board.final_score();
                (positions, if black { margin } else { -margin })
            }
            Ok((positions, _, _)) => (positions, margin_of(self.black_discs)),
            Err(_) => (Vec::new(), margin_of(self.black_discs)),
        }
    }

    /// Black's margin with perfect play from the position with [`Header::depth`] empties.
    pub fn theoretical_margin(&self) -> i32 {
        margin_of(self.theoretical)
    }

    /// The 68-byte record of this game.
    pub fn to_record(&self) -> [u8; GAME_BYTES] {
        let mut record = [0u8; GAME_BYTES];
        record[0..2].copy_from_slice(&self.tournament.to_le_bytes());
        record[2..4].copy_from_slice(&self.black.to_le_bytes());
        record[4..6].copy_from_slice(&self.white.to_le_bytes());
        record[6] = self.black_discs;
        record[7] = self.theoretical;
        for (slot, &square) in record[8..].iter_mut().zip(&self.moves) {
            *slot = byte_of_square(square);
        }
        record
    }
}

/// A whole file with these games: the inverse of [`read`] for legal games.
pub fn write(header: &Header, games: &[WthorGame]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER_BYTES + GAME_BYTES * games.len());
    let (year, month, day) = header.created;
    bytes.extend([(year / 100) as u8, (year % 100) as u8, month, day]);
    bytes.extend((games.len() as u32).to_le_bytes());
    bytes.extend(0u16.to_le_bytes());
    bytes.extend(header.year.to_le_bytes());
    bytes.extend([8, header.game_type, header.depth, 0]);
    for game in games {
        bytes.extend(game.to_record());
    }
    bytes
}

#[cfg(test)]
mod tests;
