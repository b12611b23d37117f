//! A position of any [`Variant`]: its board as [`SquareSet`]s and whose turn it is; legal moves,
//! flips and perft on the narrowest square set the board fits. An 8×8 position converts to and
//! from the engine's bitboard ([`Position::to_board`], [`Position::from_board`]).

use super::bits::{Bits, SquareSet};
use super::board::Board;
use super::player::{Counts, Player};
use super::square::Square;
use super::variant::{Geometry, Variant};

/// A board of some variant with whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub variant: Variant,
    /// The side to move's discs.
    pub player: SquareSet,
    /// The other side's discs.
    pub opponent: SquareSet,
    pub to_move: Player,
}

impl Position {
    /// `variant`'s start, Black to move.
    pub fn start(variant: Variant) -> Position {
        let (black, white) = geometry(variant).start();
        Position {
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
    ) -> Option<Position> {
        let full = geometry(variant).full;
        if !(black & white).is_empty() || (black | white) & !full != SquareSet::EMPTY {
            return None;
        }
        let (player, opponent) = match to_move {
            Player::Black => (black, white),
            Player::White => (white, black),
        };
        Some(Position {
            variant,
            player,
            opponent,
            to_move,
        })
    }

    /// The standard 8×8 position of the engine's `board` (the side to move's discs and the
    /// other side's) with `to_move` to play.
    pub fn from_board(board: Board, to_move: Player) -> Position {
        Position {
            variant: Variant::STANDARD,
            player: board.player.to_set(),
            opponent: board.opponent.to_set(),
            to_move,
        }
    }

    /// The engine's bitboard of the same discs, when the board is the 8×8 square (whatever the
    /// opening and goal).
    pub fn to_board(&self) -> Option<Board> {
        (self.variant.size() == 8 && self.variant.is_square()).then(|| Board {
            player: u64::from_set(self.player),
            opponent: u64::from_set(self.opponent),
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

    /// The colour on `square`, if any.
    pub fn colour_at(&self, square: Square) -> Option<Player> {
        let index = self.variant.index(square)?;
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

    /// The legal moves as squares, a1 first.
    pub fn legal_squares(&self) -> Vec<Square> {
        let n = self.variant.size();
        self.legal_moves()
            .iter()
            .map(|i| Square::from_index(i, n))
            .collect()
    }

    pub fn is_legal(&self, square: Square) -> bool {
        self.variant
            .index(square)
            .is_some_and(|i| geometry(self.variant).is_legal(self.player, self.opponent, i))
    }

    /// The discs a move on `square` would turn (none on an occupied square).
    pub fn flips(&self, square: Square) -> SquareSet {
        match self.variant.index(square) {
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

    /// The position after the side to move plays `square` (which must be legal).
    pub fn play(&self, square: Square) -> Position {
        let index = self.variant.index(square).expect("a square on the board");
        let flips = self.flips(square);
        Position {
            variant: self.variant,
            player: self.opponent ^ flips,
            opponent: self.player | flips | SquareSet::bit(index),
            to_move: self.to_move.opponent(),
        }
    }

    /// The same discs with the other side to move.
    pub fn pass(&self) -> Position {
        Position {
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
        self.variant.squares() - (self.player | self.opponent).count()
    }

    /// The leaves `depth` plies below this position (a pass costs one ply, a finished game is one
    /// leaf): on an 8×8 board once any placements are made, the engine's kernel ([`super::perft`],
    /// the goal changes no move); elsewhere [`super::variant::perft`] on the narrowest square set
    /// the board fits.
    pub fn perft(&self, depth: u32) -> u64 {
        if let Some(board) = self.to_board().filter(|_| !self.placing()) {
            return super::perft(&board, depth);
        }
        fn run<B: Bits>(position: &Position, depth: u32) -> u64 {
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

/// The geometry of a variant on the widest set (built once per variant: the square boards' at
/// the first call, each other shape's when it is first asked for).
pub fn geometry(variant: Variant) -> &'static Geometry<SquareSet> {
    use super::variant::{Goal, Opening};
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static ALL: OnceLock<Vec<Geometry<SquareSet>>> = OnceLock::new();
    static SHAPED: OnceLock<Mutex<HashMap<Variant, &'static Geometry<SquareSet>>>> =
        OnceLock::new();
    if !variant.is_square() {
        let mut shaped = SHAPED
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // A few hundred bytes a shape, kept for the program's life: a player draws few shapes.
        return shaped.entry(variant).or_insert_with(|| {
            Box::leak(Box::new(Geometry::new(variant).expect("fits 256 squares")))
        });
    }
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
