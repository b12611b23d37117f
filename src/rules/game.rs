//! A game in progress: colours, the position with its side to move, the move history with passes,
//! undo/redo and the outcome. The one source of truth for a game.

use std::fmt;

use super::board::Board;
use super::square::Square;

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

/// A board together with whose turn it is, so colours are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: Board,
    pub to_move: Player,
}

impl Position {
    /// The standard start: d4/e5 white, d5/e4 black, black to move.
    pub const fn start() -> Position {
        Position {
            board: Board::start(),
            to_move: Player::Black,
        }
    }

    /// A position from black's and white's discs; `None` if they overlap.
    pub const fn from_colours(black: u64, white: u64, to_move: Player) -> Option<Position> {
        let board = match to_move {
            Player::Black => Board::new(black, white),
            Player::White => Board::new(white, black),
        };
        match board {
            Some(board) => Some(Position { board, to_move }),
            None => None,
        }
    }

    /// Black's discs.
    pub const fn black(&self) -> u64 {
        match self.to_move {
            Player::Black => self.board.player,
            Player::White => self.board.opponent,
        }
    }

    /// White's discs.
    pub const fn white(&self) -> u64 {
        match self.to_move {
            Player::Black => self.board.opponent,
            Player::White => self.board.player,
        }
    }

    /// The discs of `player`.
    pub const fn discs(&self, player: Player) -> u64 {
        match player {
            Player::Black => self.black(),
            Player::White => self.white(),
        }
    }

    /// The colour on `square`, if any.
    pub const fn colour_at(&self, square: Square) -> Option<Player> {
        if self.black() & square.bit() != 0 {
            Some(Player::Black)
        } else if self.white() & square.bit() != 0 {
            Some(Player::White)
        } else {
            None
        }
    }

    /// Raw disc counts.
    pub const fn counts(&self) -> Counts {
        Counts {
            black: self.black().count_ones(),
            white: self.white().count_ones(),
        }
    }

    /// The position after `square` is played (must be legal).
    pub fn play(&self, square: Square) -> Position {
        Position {
            board: self.board.play(square),
            to_move: self.to_move.opponent(),
        }
    }

    /// The position with the turn handed over.
    pub const fn pass(&self) -> Position {
        Position {
            board: self.board.pass(),
            to_move: self.to_move.opponent(),
        }
    }
}

/// Raw disc counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counts {
    pub black: u32,
    pub white: u32,
}

/// One entry of the history: a disc placed, or a forced pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Square),
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(square) => square.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Player>,
    /// Raw disc counts on the final board.
    pub discs: Counts,
    /// The final score with the empty squares awarded to the winner (split evenly in a draw).
    pub score: Counts,
}

/// The move was not legal for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The square already holds a disc.
    Occupied(Square),
    /// The square outflanks no disc.
    NoFlips(Square),
    /// The game is over; nothing can be played.
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::Occupied(sq) => write!(f, "{sq} is already occupied"),
            IllegalMove::NoFlips(sq) => write!(f, "{sq} outflanks no disc"),
            IllegalMove::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// What one call of [`Game::play`] did: the disc placed, what flipped, and any forced pass after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub square: Square,
    pub player: Player,
    pub flipped: u64,
    /// The player who then had to pass, if any (the game goes on with the other side).
    pub forced_pass: Option<Player>,
}

/// A game: start position, history (with the forced passes), current position, redo stack.
///
/// Passes are never chosen: after each move, if the next side has no move but the game is not over,
/// a [`Move::Pass`] is recorded and the turn returns.
///
/// ```
/// use reversi::rules::{Game, Player};
/// let mut game = Game::new();
/// game.play("f5".parse().unwrap()).unwrap();
/// assert_eq!(game.to_move(), Player::White);
/// assert!(game.play("a1".parse().unwrap()).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    start: Position,
    history: Vec<Move>,
    position: Position,
    redo: Vec<Move>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A game from the standard start.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game from any position. If the side to move has no move but the other side has, the
    /// forced pass is recorded at once.
    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            start,
            history: Vec::new(),
            position: start,
            redo: Vec::new(),
        };
        game.pass_if_forced();
        game
    }

    /// The position the game started from.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.position
    }

    /// The current board from the mover's view.
    pub fn board(&self) -> Board {
        self.position.board
    }

    /// Whose turn it is (after the game ends: the side that would move).
    pub fn to_move(&self) -> Player {
        self.position.to_move
    }

    /// Every move so far, passes included.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// Moves that [`Game::redo`] would replay, the next one last.
    pub fn redo_stack(&self) -> &[Move] {
        &self.redo
    }

    /// The legal moves of the side to move (0 when the game is over).
    pub fn legal_moves(&self) -> u64 {
        self.position.board.legal_moves()
    }

    /// Whether neither side can move.
    pub fn is_over(&self) -> bool {
        self.position.board.is_game_over()
    }

    /// Raw disc counts now.
    pub fn counts(&self) -> Counts {
        self.position.counts()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let discs = self.counts();
        let empties = 64 - discs.black - discs.white;
        let (winner, score) = match discs.black.cmp(&discs.white) {
            std::cmp::Ordering::Greater => (
                Some(Player::Black),
                Counts {
                    black: discs.black + empties,
                    white: discs.white,
                },
            ),
            std::cmp::Ordering::Less => (
                Some(Player::White),
                Counts {
                    black: discs.black,
                    white: discs.white + empties,
                },
            ),
            std::cmp::Ordering::Equal => (
                None,
                Counts {
                    black: discs.black + empties / 2,
                    white: discs.white + empties / 2,
                },
            ),
        };
        Some(Outcome {
            winner,
            discs,
            score,
        })
    }

    /// Plays `square` for the side to move; records a forced pass that follows. Clears redo.
    pub fn play(&mut self, square: Square) -> Result<Played, IllegalMove> {
        let played = self.apply(square)?;
        self.redo.clear();
        Ok(played)
    }

    fn apply(&mut self, square: Square) -> Result<Played, IllegalMove> {
        let board = self.position.board;
        if board.is_game_over() {
            return Err(IllegalMove::GameOver);
        }
        if board.empty() & square.bit() == 0 {
            return Err(IllegalMove::Occupied(square));
        }
        let flipped = board.flips(square);
        if flipped == 0 {
            return Err(IllegalMove::NoFlips(square));
        }
        let player = self.position.to_move;
        self.position = Position {
            board: board.play_with_flips(square, flipped),
            to_move: player.opponent(),
        };
        self.history.push(Move::Play(square));
        let forced_pass = self.pass_if_forced();
        Ok(Played {
            square,
            player,
            flipped,
            forced_pass,
        })
    }

    fn pass_if_forced(&mut self) -> Option<Player> {
        let board = self.position.board;
        if !board.has_move() && board.pass().has_move() {
            let passer = self.position.to_move;
            self.position = self.position.pass();
            self.history.push(Move::Pass);
            Some(passer)
        } else {
            None
        }
    }

    /// Takes back the last placed disc (and the forced pass after it, if any). Returns the move taken
    /// back, or `None` at the start. The move can be replayed with [`Game::redo`].
    pub fn undo(&mut self) -> Option<Square> {
        let last_play = self
            .history
            .iter()
            .rposition(|m| matches!(m, Move::Play(_)))?;
        let Move::Play(square) = self.history[last_play] else {
            unreachable!()
        };
        let keep: Vec<Move> = self.history[..last_play].to_vec();
        self.replay(keep);
        self.redo.push(Move::Play(square));
        Some(square)
    }

    /// Replays the last move taken back. Returns what it did, or `None` when nothing is to redo.
    pub fn redo(&mut self) -> Option<Played> {
        let Move::Play(square) = self.redo.pop()? else {
            return None;
        };
        self.apply(square).ok()
    }

    fn replay(&mut self, moves: Vec<Move>) {
        self.position = self.start;
        self.history.clear();
        self.pass_if_forced();
        for m in moves {
            if let Move::Play(square) = m {
                // The moves were legal when first played from the same start, so they still are.
                let _ = self.apply(square);
            }
        }
    }
}
