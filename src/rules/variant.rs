//! The rule variants of the rule books: board sizes from 4×4 to 16×16 (every even size, and 7×7),
//! the classic free opening, and Anti-reversi (fewest discs wins). [`Variant`] names a game's rules
//! and travels with every variant game, position, job and record; its default is standard 8×8
//! Othello, whose own fast types ([`super::Board`], [`super::Game`]) the 8×8 engine keeps using.
//!
//! Squares of an n×n board are [`Square`]s, a1 … p16 (file letter, rank number), indexed
//! `rank · n + file` in the square sets of [`super::bits`]. A board may have another shape than the
//! square: some of its squares switched off ([`super::shape`]). [`Geometry`] holds a board's masks
//! and computes moves and flips with shifts on any of those sets.

use std::fmt;
use std::str::FromStr;

use super::bits::{Bits, SquareSet};
use super::shape::{self, Shape, ShapeError};
use super::square::Square;

/// How a game opens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opening {
    /// The four centre squares start filled: White on the two of the a1 diagonal, Black on the
    /// other two.
    #[default]
    Othello,
    /// Classic Reversi: the board starts empty; Black, White, Black, White place one disc each on
    /// an empty centre square, flipping nothing; from the fifth move the usual rules.
    Free,
}

/// Who wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Goal {
    #[default]
    MostDiscs,
    /// Anti-reversi: the side with fewer discs wins.
    FewestDiscs,
}

/// A game's rules: board size and shape, opening and goal. The default is standard 8×8 Othello.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    size: u8,
    pub opening: Opening,
    pub goal: Goal,
    /// The squares of the n×n square that are not part of the board (none for a square board).
    holes: SquareSet,
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::STANDARD
    }
}

/// Why a variant does not exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// Not 7 and not an even size from 4 to 16.
    Size(u32),
    /// The free opening needs the centre 2×2 of an even board.
    FreeOpeningOnOddBoard(u32),
    /// Not one of the rule names.
    Rules(String),
    /// Not a shape, or not one this size can have.
    Shape(ShapeError),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Size(size) => write!(
                f,
                "{size} is not a board size (4, 6, 7, 8, 10, 12, 14 or 16)"
            ),
            VariantError::FreeOpeningOnOddBoard(size) => write!(
                f,
                "the classic free opening needs a centre of 2×2 squares, which a {size}×{size} \
                 board has not"
            ),
            VariantError::Rules(text) => write!(
                f,
                "'{text}' is not a set of rules (othello, classic, anti or classic-anti)"
            ),
            VariantError::Shape(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for VariantError {}

impl Variant {
    /// Standard 8×8 Othello.
    pub const STANDARD: Variant = Variant {
        size: 8,
        opening: Opening::Othello,
        goal: Goal::MostDiscs,
        holes: SquareSet::EMPTY,
    };
    /// Every supported size, smallest first.
    pub const SIZES: [u32; 8] = [4, 6, 7, 8, 10, 12, 14, 16];

    /// The variant, or why it does not exist.
    pub fn new(size: u32, opening: Opening, goal: Goal) -> Result<Variant, VariantError> {
        if !Variant::SIZES.contains(&size) {
            return Err(VariantError::Size(size));
        }
        if opening == Opening::Free && size % 2 == 1 {
            return Err(VariantError::FreeOpeningOnOddBoard(size));
        }
        Ok(Variant {
            size: size as u8,
            opening,
            goal,
            holes: SquareSet::EMPTY,
        })
    }

    /// The variant of `size` with the rules named `rules` (see [`Variant::rules_name`]).
    pub fn parse(size: u32, rules: &str) -> Result<Variant, VariantError> {
        let (opening, goal) = match rules.trim().to_ascii_lowercase().as_str() {
            "othello" | "standard" => (Opening::Othello, Goal::MostDiscs),
            "classic" | "reversi" => (Opening::Free, Goal::MostDiscs),
            "anti" | "antireversi" | "anti-reversi" => (Opening::Othello, Goal::FewestDiscs),
            "classic-anti" | "anti-classic" => (Opening::Free, Goal::FewestDiscs),
            _ => return Err(VariantError::Rules(rules.to_string())),
        };
        Variant::new(size, opening, goal)
    }

    /// The side of the n×n square the board is cut from.
    pub const fn size(self) -> u32 {
        self.size as u32
    }

    /// Squares on the board (n² less the holes).
    pub fn squares(self) -> u32 {
        self.cells() - self.holes.count()
    }

    /// Squares of the n×n square, holes included: the range of the square sets' indices.
    pub const fn cells(self) -> u32 {
        self.size() * self.size()
    }

    /// The squares of the n×n square that are not part of the board.
    pub const fn holes(self) -> SquareSet {
        self.holes
    }

    /// What the board's shape is called.
    pub fn shape(self) -> Shape {
        Shape::of(self.size(), self.holes)
    }

    /// Whether the board is the whole n×n square.
    pub fn is_square(self) -> bool {
        self.holes.is_empty()
    }

    /// The same rules with the squares `holes` switched off; refused when a centre square is off
    /// or a square is cut off from the centre.
    pub fn with_holes(self, holes: SquareSet) -> Result<Variant, ShapeError> {
        shape::check(self.size(), self.centre_first(), holes)?;
        Ok(Variant { holes, ..self })
    }

    /// The same rules on the shape written `text` (`square`, `cross`, `octagon` or the squares
    /// that are off: `a1,h8`); the named shapes bring their size (10×10).
    pub fn with_shape(self, text: &str) -> Result<Variant, VariantError> {
        let (needs, holes) = shape::parse(text, self.size()).map_err(VariantError::Shape)?;
        let variant = match needs {
            Some(size) => self.with_size(size)?,
            None => self,
        };
        variant.with_holes(holes).map_err(VariantError::Shape)
    }

    /// The same rules and size on the shape written `text`, as a variant's text and the engine
    /// worker's lines name it: a named shape cut from another size is refused.
    pub fn with_shape_of_its_size(self, text: &str) -> Result<Variant, VariantError> {
        let (needs, holes) = shape::parse(text, self.size()).map_err(VariantError::Shape)?;
        match needs {
            Some(size) if size != self.size() => Err(VariantError::Shape(ShapeError::NamedSize {
                shape: Shape::of(size, holes),
                size: self.size(),
            })),
            _ => self.with_holes(holes).map_err(VariantError::Shape),
        }
    }

    /// The square's index, when it is a square of this board (on the n×n square and not off).
    pub fn index(self, square: Square) -> Option<u32> {
        square
            .index(self.size())
            .filter(|&i| !self.holes.contains(i))
    }

    /// Every square of the board, a1 first, then along the ranks.
    pub fn all_squares(self) -> impl Iterator<Item = Square> {
        let n = self.size();
        let holes = self.holes;
        (0..n * n)
            .filter(move |&i| !holes.contains(i))
            .map(move |i| Square::from_index(i, n))
    }

    /// The squares of `set` on this board, in index order.
    pub fn squares_of(self, set: SquareSet) -> impl Iterator<Item = Square> {
        let n = self.size();
        let holes = self.holes;
        set.iter()
            .take_while(move |&i| i < n * n)
            .filter(move |&i| !holes.contains(i))
            .map(move |i| Square::from_index(i, n))
    }

    /// Whether `set` holds `square` (never for a square off this board).
    pub fn holds(self, set: SquareSet, square: Square) -> bool {
        self.index(square).is_some_and(|i| set.contains(i))
    }

    pub fn is_standard(self) -> bool {
        self == Variant::STANDARD
    }

    /// `othello`, `classic`, `anti` or `classic-anti`: the opening and goal as the command line
    /// and the text protocols name them.
    pub const fn rules_name(self) -> &'static str {
        match (self.opening, self.goal) {
            (Opening::Othello, Goal::MostDiscs) => "othello",
            (Opening::Free, Goal::MostDiscs) => "classic",
            (Opening::Othello, Goal::FewestDiscs) => "anti",
            (Opening::Free, Goal::FewestDiscs) => "classic-anti",
        }
    }

    /// The same rules on a square board of `size`.
    pub fn with_size(self, size: u32) -> Result<Variant, VariantError> {
        Variant::new(size, self.opening, self.goal)
    }

    /// The same shape with the rules named `rules` (see [`Variant::rules_name`]).
    pub fn with_rules(self, rules: &str) -> Result<Variant, VariantError> {
        let named = Variant::parse(self.size(), rules)?;
        self.with_opening_and_goal(named.opening, named.goal)
    }

    /// The same board and shape with another opening and goal.
    pub fn with_opening_and_goal(
        self,
        opening: Opening,
        goal: Goal,
    ) -> Result<Variant, VariantError> {
        Variant::new(self.size(), opening, goal)?
            .with_holes(self.holes)
            .map_err(VariantError::Shape)
    }

    /// The file (and rank) of the centre's first square: `size / 2 − 1`. On 7×7, where no square
    /// centre exists, the 2×2 start sits on c3–d4, next to the middle square d4 towards a1.
    pub const fn centre_first(self) -> u32 {
        self.size() / 2 - 1
    }
}

/// `8x8 othello`, `6x6 anti`, `10x10 classic`, `10x10 othello cross`, `8x8 anti a1,h8`: the size,
/// the rules, and the shape when the board is not square, as [`FromStr`] reads it.
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0} {1}", self.size, self.rules_name())?;
        if !self.is_square() {
            write!(f, " {}", shape::written(self.size(), self.holes))?;
        }
        Ok(())
    }
}

impl FromStr for Variant {
    type Err = VariantError;

    /// Reads `8x8 othello`, `6x6 anti`, `10 classic`, `8×8 classic-anti`, `10x10 othello cross`
    /// (the size, then the rules, then the shape if not square).
    fn from_str(text: &str) -> Result<Variant, VariantError> {
        let mut words = text.split_whitespace();
        let size = words.next().unwrap_or("");
        let rules = words.next().unwrap_or("othello");
        let shape = words.next();
        if words.next().is_some() {
            return Err(VariantError::Rules(text.to_string()));
        }
        let number = size
            .split(['x', 'X', '×'])
            .next()
            .unwrap_or("")
            .parse::<u32>()
            .map_err(|_| VariantError::Rules(text.to_string()))?;
        let square = size
            .split(['x', 'X', '×'])
            .all(|part| part.parse::<u32>() == Ok(number));
        if !square {
            return Err(VariantError::Size(number));
        }
        let variant = Variant::parse(number, rules)?;
        match shape {
            Some(shape) => variant.with_shape_of_its_size(shape),
            None => Ok(variant),
        }
    }
}

/// One board size's masks and its move generation on square sets of type `B`.
#[derive(Clone, Copy, Debug)]
pub struct Geometry<B> {
    pub variant: Variant,
    /// Every square of the board.
    pub full: B,
    /// The starting 2×2 (the free opening's four squares).
    pub centre: B,
    /// The four corners.
    pub corners: B,
    /// The squares diagonally next to a corner (X-squares).
    pub x_squares: B,
    /// The edge squares next to a corner (C-squares).
    pub c_squares: B,
    /// Every edge square.
    pub edges: B,
    /// The eight directions: (towards higher indices, by how much, the squares a step may land on).
    steps: [(bool, u32, B); 8],
}

impl<B: Bits> Geometry<B> {
    /// The geometry of `variant`, or `None` when its board does not fit in `B`. On a board of any
    /// shape a corner is a square no line can run through (in each of the four directions a
    /// neighbour is off the board), an edge square one with a neighbour off the board beside,
    /// above or below it, and the X- and C-squares the corners' diagonal and straight neighbours.
    pub fn new(variant: Variant) -> Option<Geometry<B>> {
        let n = variant.size();
        if n * n > B::CAPACITY {
            return None;
        }
        let holes = variant.holes();
        let on = |f: i32, r: i32| {
            f >= 0
                && r >= 0
                && f < n as i32
                && r < n as i32
                && !holes.contains(r as u32 * n + f as u32)
        };
        let set = |keep: &dyn Fn(i32, i32) -> bool| {
            (0..n * n)
                .filter(|&i| on((i % n) as i32, (i / n) as i32))
                .filter(|&i| keep((i % n) as i32, (i / n) as i32))
                .fold(B::ZERO, |s, i| s | B::bit(i))
        };
        let last = n - 1;
        let c = variant.centre_first();
        let full = set(&|_, _| true);
        let columns = |keep: &dyn Fn(u32) -> bool| {
            (0..n * n)
                .filter(|&i| keep(i % n))
                .fold(B::ZERO, |s, i| s | B::bit(i))
        };
        let not_first = columns(&|f| f != 0);
        let not_last = columns(&|f| f != last);
        let all = columns(&|_| true);
        const AXES: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
        let corner = |f: i32, r: i32| {
            AXES.iter()
                .all(|&(df, dr)| !on(f + df, r + dr) || !on(f - df, r - dr))
        };
        let corners = set(&corner);
        let near_corner = |f: i32, r: i32, diagonal: bool| {
            !corner(f, r)
                && (-1..=1).any(|df: i32| {
                    (-1..=1).any(|dr: i32| {
                        (df != 0 && dr != 0) == diagonal
                            && (df, dr) != (0, 0)
                            && on(f + df, r + dr)
                            && corner(f + df, r + dr)
                    })
                })
        };
        // On 4×4 the squares next to the corners are the centre's: no X- or C-squares.
        let (x_squares, c_squares) = if n > 4 {
            (
                set(&|f, r| near_corner(f, r, true)),
                set(&|f, r| near_corner(f, r, false)),
            )
        } else {
            (B::ZERO, B::ZERO)
        };
        Some(Geometry {
            variant,
            full,
            centre: set(&|f, r| {
                let (f, r, c) = (f as u32, r as u32, c);
                (f == c || f == c + 1) && (r == c || r == c + 1)
            }),
            corners,
            x_squares,
            c_squares,
            edges: set(&|f, r| {
                [(1, 0), (-1, 0), (0, 1), (0, -1)]
                    .iter()
                    .any(|&(df, dr)| !on(f + df, r + dr))
            }),
            steps: [
                (true, 1, not_first),
                (false, 1, not_last),
                (true, n, all),
                (false, n, all),
                (true, n + 1, not_first),
                (true, n - 1, not_last),
                (false, n - 1, not_first),
                (false, n + 1, not_last),
            ],
        })
    }

    pub fn size(&self) -> u32 {
        self.variant.size()
    }

    /// `set` moved one square in direction `d` (0..8); squares leaving the board fall off.
    #[inline]
    pub fn step(&self, set: B, d: usize) -> B {
        let (up, by, lands) = self.steps[d];
        (if up { set.up(by) } else { set.down(by) }) & lands
    }

    /// Whether the free opening's placements are still to come (fewer than four discs, free
    /// opening).
    #[inline]
    pub fn placing(&self, player: B, opponent: B) -> bool {
        self.variant.opening == Opening::Free && (player | opponent).count() < 4
    }

    /// The legal moves of `player` against `opponent`.
    pub fn moves(&self, player: B, opponent: B) -> B {
        let empty = self.full & !(player | opponent);
        if self.placing(player, opponent) {
            return self.centre & empty;
        }
        let runs = self.size() - 3;
        let mut moves = B::ZERO;
        for d in 0..8 {
            let mut line = self.step(player, d) & opponent;
            for _ in 0..runs {
                line |= self.step(line, d) & opponent;
            }
            moves |= self.step(line, d);
        }
        moves & empty
    }

    /// The discs a move on `index` turns (empty when it turns none, or during placements).
    pub fn flips(&self, player: B, opponent: B, index: u32) -> B {
        if self.placing(player, opponent) {
            return B::ZERO;
        }
        let mut flips = B::ZERO;
        let from = B::bit(index);
        for d in 0..8 {
            let mut line = B::ZERO;
            let mut at = self.step(from, d);
            while !(at & opponent).is_empty() {
                line |= at;
                at = self.step(at, d);
            }
            if !(at & player).is_empty() {
                flips |= line;
            }
        }
        flips
    }

    /// Whether a move on `index` is legal.
    pub fn is_legal(&self, player: B, opponent: B, index: u32) -> bool {
        index < self.variant.cells()
            && self.full.contains(index)
            && !(player | opponent).contains(index)
            && if self.placing(player, opponent) {
                self.centre.contains(index)
            } else {
                !self.flips(player, opponent, index).is_empty()
            }
    }

    /// The start: (black, white).
    pub fn start(&self) -> (B, B) {
        if self.variant.opening == Opening::Free {
            return (B::ZERO, B::ZERO);
        }
        let n = self.size();
        let c = self.variant.centre_first();
        let at = |f: u32, r: u32| B::bit(r * n + f);
        let white = at(c, c) | at(c + 1, c + 1);
        let black = at(c + 1, c) | at(c, c + 1);
        (black, white)
    }
}

/// Leaves of the game tree `depth` plies below (`player`, `opponent`) under `geometry`, counted as
/// [`super::perft`] counts them: a pass costs one ply, a finished game is one leaf.
pub fn perft<B: Bits>(geometry: &Geometry<B>, player: B, opponent: B, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = geometry.moves(player, opponent);
    if moves.is_empty() {
        if geometry.moves(opponent, player).is_empty() {
            return 1;
        }
        return perft(geometry, opponent, player, depth - 1);
    }
    if depth == 1 {
        return u64::from(moves.count());
    }
    moves
        .iter()
        .map(|index| {
            let flips = geometry.flips(player, opponent, index);
            perft(
                geometry,
                opponent ^ flips,
                player | flips | B::bit(index),
                depth - 1,
            )
        })
        .sum()
}
