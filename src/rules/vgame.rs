//! Games and positions of any [`Variant`]: the variant's board as [`SquareSet`]s, the move history
//! with passes, undo/redo and the outcome under the variant's goal. Standard 8×8 Othello converts
//! to and from the 8×8 types ([`VPosition::to_position`], [`VPosition::from_position`]).

use std::fmt;

use super::bits::{Bits, SquareSet};
use super::game::{Counts, Player, Position};
use super::variant::{Cell, Geometry, Variant, final_margin};

/// A board of some variant with whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VPosition {
    pub variant: Variant,
    /// The side to move's discs.
    pub player: SquareSet,
    /// The other side's discs.
    pub opponent: SquareSet,
    pub to_move: Player,
}

impl VPosition {
    /// `variant`'s start, Black to move.
    pub fn start(variant: Variant) -> VPosition {
        let (black, white) = geometry(variant).start();
        VPosition {
            variant,
            player: black,
            opponent: white,
            to_move: Player::Black,
        }
    }

    /// A position from black's and white's discs; `None` if they overlap or leave the board.
    pub fn from_colours(
        variant: Variant,
        black: SquareSet,
        white: SquareSet,
        to_move: Player,
    ) -> Option<VPosition> {
        let full = geometry(variant).full;
        if !(black & white).is_empty() || (black | white) & !full != SquareSet::EMPTY {
            return None;
        }
        let (player, opponent) = match to_move {
            Player::Black => (black, white),
            Player::White => (white, black),
        };
        Some(VPosition {
            variant,
            player,
            opponent,
            to_move,
        })
    }

    /// A standard 8×8 position.
    pub fn from_position(position: &Position) -> VPosition {
        VPosition {
            variant: Variant::STANDARD,
            player: position.board.player.to_set(),
            opponent: position.board.opponent.to_set(),
            to_move: position.to_move,
        }
    }

    /// The 8×8 position of the same discs, when the board is 8×8 (whatever the opening and goal).
    pub fn to_position(&self) -> Option<Position> {
        (self.variant.size() == 8).then(|| Position {
            board: super::Board {
                player: u64::from_set(self.player),
                opponent: u64::from_set(self.opponent),
            },
            to_move: self.to_move,
        })
    }

    pub fn black(&self) -> SquareSet {
        match self.to_move {
            Player::Black => self.player,
            Player::White => self.opponent,
        }
    }

    pub fn white(&self) -> SquareSet {
        match self.to_move {
            Player::Black => self.opponent,
            Player::White => self.player,
        }
    }

    /// The colour on `cell`, if any.
    pub fn colour_at(&self, cell: Cell) -> Option<Player> {
        let index = cell.index(self.variant.size())?;
        if self.black().contains(index) {
            Some(Player::Black)
        } else if self.white().contains(index) {
            Some(Player::White)
        } else {
            None
        }
    }

    pub fn legal_moves(&self) -> SquareSet {
        geometry(self.variant).moves(self.player, self.opponent)
    }

    /// The legal moves as cells, a1 first.
    pub fn legal_cells(&self) -> Vec<Cell> {
        let n = self.variant.size();
        self.legal_moves()
            .iter()
            .map(|i| Cell::from_index(i, n))
            .collect()
    }

    pub fn is_legal(&self, cell: Cell) -> bool {
        cell.index(self.variant.size())
            .is_some_and(|i| geometry(self.variant).is_legal(self.player, self.opponent, i))
    }

    /// The discs a move on `cell` would turn (none on an occupied square).
    pub fn flips(&self, cell: Cell) -> SquareSet {
        match cell.index(self.variant.size()) {
            Some(index) if !(self.player | self.opponent).contains(index) => {
                geometry(self.variant).flips(self.player, self.opponent, index)
            }
            _ => SquareSet::EMPTY,
        }
    }

    /// Whether the classic opening's placements are still to come.
    pub fn placing(&self) -> bool {
        geometry(self.variant).placing(self.player, self.opponent)
    }

    /// The position after the side to move plays `cell` (which must be legal).
    pub fn play(&self, cell: Cell) -> VPosition {
        let index = cell
            .index(self.variant.size())
            .expect("a cell on the board");
        let flips = self.flips(cell);
        VPosition {
            variant: self.variant,
            player: self.opponent ^ flips,
            opponent: self.player | flips | SquareSet::bit(index),
            to_move: self.to_move.opponent(),
        }
    }

    /// The same discs with the other side to move.
    pub fn pass(&self) -> VPosition {
        VPosition {
            variant: self.variant,
            player: self.opponent,
            opponent: self.player,
            to_move: self.to_move.opponent(),
        }
    }

    pub fn has_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    pub fn is_over(&self) -> bool {
        !self.has_move() && !self.pass().has_move()
    }

    pub fn counts(&self) -> Counts {
        Counts {
            black: self.black().count(),
            white: self.white().count(),
        }
    }

    pub fn empties(&self) -> u32 {
        self.variant.cells() - (self.player | self.opponent).count()
    }

    /// [`super::variant::perft`] of this position, on the narrowest square set its board fits.
    pub fn perft(&self, depth: u32) -> u64 {
        fn run<B: Bits>(position: &VPosition, depth: u32) -> u64 {
            let geometry = Geometry::<B>::new(position.variant).expect("fits");
            super::variant::perft(
                &geometry,
                B::from_set(position.player),
                B::from_set(position.opponent),
                depth,
            )
        }
        match self.variant.cells() {
            0..=64 => run::<u64>(self, depth),
            65..=128 => run::<u128>(self, depth),
            _ => run::<SquareSet>(self, depth),
        }
    }
}

/// The geometry of a variant on the widest set (built once per variant).
pub fn geometry(variant: Variant) -> &'static Geometry<SquareSet> {
    use super::variant::{Goal, Opening};
    use std::sync::OnceLock;
    static ALL: OnceLock<Vec<Geometry<SquareSet>>> = OnceLock::new();
    let slot = |size: u32, opening: Opening, goal: Goal| {
        size as usize * 4
            + (opening == Opening::Free) as usize * 2
            + (goal == Goal::FewestDiscs) as usize
    };
    let all = ALL.get_or_init(|| {
        // Every slot holds a geometry; the slots of variants that do not exist hold standard 8×8's.
        let mut all = vec![
            Geometry::new(Variant::STANDARD).expect("fits");
            slot(16, Opening::Free, Goal::FewestDiscs) + 1
        ];
        for size in Variant::SIZES {
            for opening in [Opening::Othello, Opening::Free] {
                for goal in [Goal::MostDiscs, Goal::FewestDiscs] {
                    if let Ok(variant) = Variant::new(size, opening, goal) {
                        all[slot(size, opening, goal)] =
                            Geometry::new(variant).expect("fits 256 squares");
                    }
                }
            }
        }
        all
    });
    &all[slot(variant.size(), variant.opening, variant.goal)]
}

/// A move in a variant game's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VMove {
    Play(Cell),
    Pass,
}

impl fmt::Display for VMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VMove::Play(cell) => cell.fmt(f),
            VMove::Pass => f.write_str("pass"),
        }
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VIllegal {
    OffBoard(Cell),
    Occupied(Cell),
    NoFlips(Cell),
    /// During the free opening, a placement outside the centre.
    OutsideCentre(Cell),
    GameOver,
}

impl fmt::Display for VIllegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VIllegal::OffBoard(cell) => write!(f, "{cell} is not on the board"),
            VIllegal::Occupied(cell) => write!(f, "{cell} is already occupied"),
            VIllegal::NoFlips(cell) => write!(f, "{cell} outflanks no disc"),
            VIllegal::OutsideCentre(cell) => write!(
                f,
                "{cell} is not a centre square (the first four discs go in the centre)"
            ),
            VIllegal::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for VIllegal {}

/// What a played move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VPlayed {
    pub cell: Cell,
    pub player: Player,
    pub flipped: SquareSet,
    /// The side that had to pass after this move, if any.
    pub forced_pass: Option<Player>,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VOutcome {
    /// `None` for a draw.
    pub winner: Option<Player>,
    /// The discs on the board.
    pub discs: Counts,
    /// Black's margin with the empties given to the winner (negative when White won).
    pub margin: i32,
}

impl VOutcome {
    /// The score as written, (Black, White): the discs on the board, with the empty squares added
    /// to the winner's where most discs win ("38–26"), and split between the two in a draw
    /// ("32–32" for 30–30 with four empties; on a board of an odd number of squares the odd one
    /// is left out); Anti-reversi as it stands.
    pub fn written_score(&self, variant: Variant) -> (u32, u32) {
        let (mut black, mut white) = (self.discs.black, self.discs.white);
        if variant.goal == super::Goal::MostDiscs {
            let empties = variant.cells() - black - white;
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

/// A variant game: its start, the moves played (passes included) and the undone moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VGame {
    start: VPosition,
    history: Vec<VMove>,
    position: VPosition,
    redo: Vec<VMove>,
}

impl VGame {
    /// A game from `variant`'s start.
    pub fn new(variant: Variant) -> VGame {
        VGame::from_position(VPosition::start(variant))
    }

    /// A game from `start` (a forced pass there is played at once).
    pub fn from_position(start: VPosition) -> VGame {
        let mut game = VGame {
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

    pub fn start(&self) -> VPosition {
        self.start
    }

    pub fn position(&self) -> VPosition {
        self.position
    }

    pub fn to_move(&self) -> Player {
        self.position.to_move
    }

    pub fn history(&self) -> &[VMove] {
        &self.history
    }

    pub fn redo_stack(&self) -> &[VMove] {
        &self.redo
    }

    pub fn is_over(&self) -> bool {
        self.position.is_over()
    }

    /// The same game as a standard 8×8 [`Game`](super::Game) (for what only standard Othello has,
    /// such as opening names), when it is one.
    pub fn to_standard(&self) -> Option<super::Game> {
        if !self.variant().is_standard() {
            return None;
        }
        let mut game = super::Game::from_position(self.start.to_position()?);
        for m in &self.history {
            if let VMove::Play(cell) = m {
                game.play(cell.square()?).ok()?;
            }
        }
        Some(game)
    }

    /// The discs on the board now.
    pub fn counts(&self) -> Counts {
        self.position.counts()
    }

    /// The outcome once the game is over.
    pub fn outcome(&self) -> Option<VOutcome> {
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
        Some(VOutcome {
            winner: match margin.signum() {
                1 => Some(Player::Black),
                -1 => Some(Player::White),
                _ => None,
            },
            discs,
            margin,
        })
    }

    /// Plays `cell` for the side to move; a pass forced on the next side follows by itself.
    pub fn play(&mut self, cell: Cell) -> Result<VPlayed, VIllegal> {
        let played = self.apply(cell)?;
        self.redo.clear();
        Ok(played)
    }

    fn apply(&mut self, cell: Cell) -> Result<VPlayed, VIllegal> {
        let position = self.position;
        let n = position.variant.size();
        let index = cell.index(n).ok_or(VIllegal::OffBoard(cell))?;
        if position.is_over() {
            return Err(VIllegal::GameOver);
        }
        if (position.player | position.opponent).contains(index) {
            return Err(VIllegal::Occupied(cell));
        }
        if !position.is_legal(cell) {
            return Err(if position.placing() {
                VIllegal::OutsideCentre(cell)
            } else {
                VIllegal::NoFlips(cell)
            });
        }
        let flipped = position.flips(cell);
        let player = position.to_move;
        self.position = position.play(cell);
        self.history.push(VMove::Play(cell));
        let forced_pass = self.pass_if_forced();
        Ok(VPlayed {
            cell,
            player,
            flipped,
            forced_pass,
        })
    }

    fn pass_if_forced(&mut self) -> Option<Player> {
        let position = self.position;
        if !position.has_move() && position.pass().has_move() {
            self.position = position.pass();
            self.history.push(VMove::Pass);
            Some(position.to_move)
        } else {
            None
        }
    }

    /// Takes back the last placed move (and the passes after it); returns its cell.
    pub fn undo(&mut self) -> Option<Cell> {
        while self.history.last() == Some(&VMove::Pass) {
            self.history.pop();
        }
        let VMove::Play(cell) = self.history.pop()? else {
            unreachable!("passes were removed")
        };
        self.redo.push(VMove::Play(cell));
        self.replay();
        Some(cell)
    }

    /// Plays the last undone move again.
    pub fn redo(&mut self) -> Option<VPlayed> {
        let VMove::Play(cell) = self.redo.pop()? else {
            return None;
        };
        self.apply(cell).ok()
    }

    fn replay(&mut self) {
        let mut position = self.start;
        for m in &self.history {
            position = match m {
                VMove::Play(cell) => position.play(*cell),
                VMove::Pass => position.pass(),
            };
        }
        self.position = position;
    }
}
