//! A game of any [`Variant`]: its start, the moves played (passes included), undo/redo and the
//! outcome under the variant's goal.

use std::fmt;

use super::bits::{Bits, SquareSet};
use super::player::{Counts, Player};
use super::position::Position;
use super::score::final_margin;
use super::square::Square;
use super::variant::Variant;
/// A move in a game's history.
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

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    OffBoard(Square),
    Occupied(Square),
    NoFlips(Square),
    /// During the free opening, a placement outside the centre.
    OutsideCentre(Square),
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::OffBoard(square) => write!(f, "{square} is not on the board"),
            IllegalMove::Occupied(square) => write!(f, "{square} is already occupied"),
            IllegalMove::NoFlips(square) => write!(f, "{square} outflanks no disc"),
            IllegalMove::OutsideCentre(square) => write!(
                f,
                "{square} is not a centre square (the first four discs go in the centre)"
            ),
            IllegalMove::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// What a played move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub square: Square,
    pub player: Player,
    pub flipped: SquareSet,
    /// The side that had to pass after this move, if any.
    pub forced_pass: Option<Player>,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Player>,
    /// The discs on the board.
    pub discs: Counts,
    /// Black's margin with the empties given to the winner (negative when White won).
    pub margin: i32,
}

impl Outcome {
    /// The score as written, (Black, White): the discs on the board, with the empty squares added
    /// to the winner's where most discs win ("38–26"), and split between the two in a draw
    /// ("32–32" for 30–30 with four empties; on a board of an odd number of squares the odd one
    /// is left out); Anti-reversi as it stands.
    pub fn written_score(&self, variant: Variant) -> (u32, u32) {
        let (mut black, mut white) = (self.discs.black, self.discs.white);
        if variant.goal == super::Goal::MostDiscs {
            let empties = variant.squares() - black - white;
            match self.winner {
                Some(Player::Black) => black += empties,
                Some(Player::White) => white += empties,
                None => {
                    black += empties / 2;
                    white += empties / 2;
                }
            }
        }
        (black, white)
    }
}

/// A game of any variant: its start, the moves played (passes included) and the undone moves.
///
/// Passes are never chosen: after each move, if the next side has no move but the game is not
/// over, a [`Move::Pass`] is recorded and the turn returns.
///
/// ```
/// use reversi::rules::{Game, Player, Variant};
/// let mut game = Game::new(Variant::STANDARD);
/// game.play("f5".parse().unwrap()).unwrap();
/// assert_eq!(game.to_move(), Player::White);
/// assert!(game.play("a1".parse().unwrap()).is_err());
/// let big = Game::new(Variant::parse(10, "othello").unwrap());
/// assert_eq!(big.position().legal_squares().len(), 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    start: Position,
    history: Vec<Move>,
    position: Position,
    redo: Vec<Move>,
}

impl Game {
    /// A game from `variant`'s start.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::start(variant))
    }

    /// A game from `start` (a forced pass there is played at once).
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

    pub fn variant(&self) -> Variant {
        self.position.variant
    }

    pub fn start(&self) -> Position {
        self.start
    }

    pub fn position(&self) -> Position {
        self.position
    }

    pub fn to_move(&self) -> Player {
        self.position.to_move
    }

    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The squares played so far, in order (the history without its passes).
    pub fn placements(&self) -> impl Iterator<Item = Square> + '_ {
        self.history.iter().filter_map(|m| match m {
            Move::Play(cell) => Some(*cell),
            Move::Pass => None,
        })
    }

    pub fn redo_stack(&self) -> &[Move] {
        &self.redo
    }

    pub fn is_over(&self) -> bool {
        self.position.is_over()
    }

    /// The discs on the board now.
    pub fn counts(&self) -> Counts {
        self.position.counts()
    }

    /// The outcome once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let discs = self.position.counts();
        let empties = self.position.empties() as i32;
        let margin = final_margin(
            discs.black as i32,
            discs.white as i32,
            empties,
            self.variant().goal,
        );
        Some(Outcome {
            winner: match margin.signum() {
                1 => Some(Player::Black),
                -1 => Some(Player::White),
                _ => None,
            },
            discs,
            margin,
        })
    }

    /// Plays `square` for the side to move; a pass forced on the next side follows by itself.
    pub fn play(&mut self, square: Square) -> Result<Played, IllegalMove> {
        let played = self.apply(square)?;
        self.redo.clear();
        Ok(played)
    }

    fn apply(&mut self, square: Square) -> Result<Played, IllegalMove> {
        let position = self.position;
        let index = position
            .variant
            .index(square)
            .ok_or(IllegalMove::OffBoard(square))?;
        if position.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if (position.player | position.opponent).contains(index) {
            return Err(IllegalMove::Occupied(square));
        }
        if !position.is_legal(square) {
            return Err(if position.placing() {
                IllegalMove::OutsideCentre(square)
            } else {
                IllegalMove::NoFlips(square)
            });
        }
        let flipped = position.flips(square);
        let player = position.to_move;
        self.position = position.play(square);
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
        let position = self.position;
        if !position.has_move() && position.pass().has_move() {
            self.position = position.pass();
            self.history.push(Move::Pass);
            Some(position.to_move)
        } else {
            None
        }
    }

    /// Takes back the last placed move (and the passes after it); returns its square.
    pub fn undo(&mut self) -> Option<Square> {
        while self.history.last() == Some(&Move::Pass) {
            self.history.pop();
        }
        let Move::Play(square) = self.history.pop()? else {
            unreachable!("passes were removed")
        };
        self.redo.push(Move::Play(square));
        self.replay();
        Some(square)
    }

    /// The moves placed (passes not counted).
    pub fn plays(&self) -> usize {
        self.plays_before(self.history.len())
    }

    /// The moves placed before the history's move `index` (passes not counted).
    pub fn plays_before(&self, index: usize) -> usize {
        self.history[..index]
            .iter()
            .filter(|m| matches!(m, Move::Play(_)))
            .count()
    }

    /// This game taken back to just before its history's move `index` (the moves taken back kept
    /// to redo).
    pub fn taken_back_to(&self, index: usize) -> Game {
        let mut before = self.clone();
        while before.history.len() > index && before.undo().is_some() {}
        before
    }

    /// Plays the last undone move again.
    pub fn redo(&mut self) -> Option<Played> {
        let Move::Play(square) = self.redo.pop()? else {
            return None;
        };
        self.apply(square).ok()
    }

    fn replay(&mut self) {
        let mut position = self.start;
        for m in &self.history {
            position = match m {
                Move::Play(square) => position.play(*square),
                Move::Pass => position.pass(),
            };
        }
        self.position = position;
    }
}
