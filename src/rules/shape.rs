//! Boards of other shapes than the square: the n×n square with some squares switched off (its
//! holes). A square that is off is not part of the board: nothing is placed there and lines stop
//! at it as at the board's edge. Two shapes have names, both on the 10×10 square: Annexation's
//! **cross** (without its four 3×3 corner blocks, 64 squares) and the **octagon** (without a
//! triangle of six squares at each corner, 76 squares); any other is drawn square by square.
//!
//! A shape's written form (in [`super::Variant`]'s text, the command line and links) is `square`,
//! `cross`, `octagon`, or the squares that are off separated by commas (`a1,h8`).

use std::fmt;

use super::bits::{Bits, SquareSet};
use super::square::Square;

/// What a board's shape is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Every square of the n×n square.
    Square,
    /// 10×10 without its four 3×3 corner blocks.
    Cross,
    /// 10×10 without a triangle of six squares at each corner.
    Octagon,
    /// Any other set of squares switched off.
    Drawn,
}

impl Shape {
    /// The named shapes, as menus offer them.
    pub const NAMED: [Shape; 2] = [Shape::Cross, Shape::Octagon];
    /// The size of the square the named shapes are cut from.
    pub const NAMED_SIZE: u32 = 10;

    /// `square`, `cross`, `octagon` or `drawn`.
    pub const fn name(self) -> &'static str {
        match self {
            Shape::Square => "square",
            Shape::Cross => "cross",
            Shape::Octagon => "octagon",
            Shape::Drawn => "drawn",
        }
    }

    /// The squares a named shape switches off on its 10×10 square (none for the square; `None`
    /// for a drawn shape, which has no fixed holes).
    pub fn named_holes(self) -> Option<SquareSet> {
        let n = Shape::NAMED_SIZE;
        let last = n - 1;
        // Distance of a file or rank from the nearer edge.
        let inset = |c: u32| c.min(last - c);
        let holes = |off: &dyn Fn(u32, u32) -> bool| {
            (0..n * n)
                .filter(|&i| off(inset(i % n), inset(i / n)))
                .fold(SquareSet::EMPTY, |s, i| s | SquareSet::bit(i))
        };
        match self {
            Shape::Square => Some(SquareSet::EMPTY),
            Shape::Cross => Some(holes(&|f, r| f < 3 && r < 3)),
            Shape::Octagon => Some(holes(&|f, r| f + r < 3)),
            Shape::Drawn => None,
        }
    }

    /// The named shape with these holes on a board of `size`, else [`Shape::Drawn`].
    pub fn of(size: u32, holes: SquareSet) -> Shape {
        if holes.is_empty() {
            return Shape::Square;
        }
        if size == Shape::NAMED_SIZE {
            for shape in Shape::NAMED {
                if shape.named_holes() == Some(holes) {
                    return shape;
                }
            }
        }
        Shape::Drawn
    }
}

/// Why a shape is not a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// Not `square`, `cross`, `octagon` or a list of squares.
    Unknown(String),
    /// A named shape asked for on another size than its own.
    NamedSize { shape: Shape, size: u32 },
    /// A square switched off that is not on the n×n square.
    OffSquare { square: Square, size: u32 },
    /// A centre square (where the first four discs go) switched off.
    NoCentre(Square),
    /// Squares that no chain of neighbouring squares joins to the centre.
    Disconnected(Square),
    /// A picture of a board whose square count is no board's n².
    PictureSize(usize),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::Unknown(text) => write!(
                f,
                "'{text}' is not a shape (square, cross, octagon, or the squares that are off, \
                 separated by commas: a1,h8)"
            ),
            ShapeError::NamedSize { shape, size } => write!(
                f,
                "the {} is cut from a 10×10 board, not a {size}×{size} one",
                shape.name()
            ),
            ShapeError::OffSquare { square, size } => {
                write!(f, "{square} is not a square of a {size}×{size} board")
            }
            ShapeError::NoCentre(square) => write!(
                f,
                "{square} is a centre square, where the first four discs go: it cannot be off"
            ),
            ShapeError::Disconnected(square) => write!(
                f,
                "{square} is cut off from the rest of the board: every square must join the \
                 centre through neighbouring squares"
            ),
            ShapeError::PictureSize(squares) => write!(
                f,
                "a picture of a board needs n×n squares (16, 36, 49, 64, 100, 144, 196 or 256), \
                 this one has {squares}"
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

/// Checks that `holes` leave a board of `size` with its 2×2 start square on the board (its first
/// file and rank `centre`) and every square joined to it through neighbours (in any of the eight
/// directions).
pub fn check(size: u32, centre: u32, holes: SquareSet) -> Result<(), ShapeError> {
    let n = size;
    if let Some(outside) = holes.iter().find(|&i| i >= n * n) {
        return Err(ShapeError::OffSquare {
            square: Square::from_index(outside, n),
            size,
        });
    }
    for (df, dr) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let index = (centre + dr) * n + centre + df;
        if holes.contains(index) {
            return Err(ShapeError::NoCentre(Square::from_index(index, n)));
        }
    }
    let on = (0..n * n)
        .filter(|&i| !holes.contains(i))
        .fold(SquareSet::EMPTY, |s, i| s | SquareSet::bit(i));
    let mut reached = SquareSet::bit(centre * n + centre);
    let mut frontier = vec![centre * n + centre];
    while let Some(i) = frontier.pop() {
        let (f, r) = ((i % n) as i32, (i / n) as i32);
        for df in -1..=1 {
            for dr in -1..=1 {
                let (g, s) = (f + df, r + dr);
                if g < 0 || s < 0 || g >= n as i32 || s >= n as i32 {
                    continue;
                }
                let j = s as u32 * n + g as u32;
                if on.contains(j) && !reached.contains(j) {
                    reached |= SquareSet::bit(j);
                    frontier.push(j);
                }
            }
        }
    }
    match (on & !reached).iter().next() {
        Some(cut_off) => Err(ShapeError::Disconnected(Square::from_index(cut_off, n))),
        None => Ok(()),
    }
}

/// Reads a shape's written form for a board of `size`: the holes, and the size the shape needs
/// (`Some(10)` for the named shapes, `None` when any size will do).
pub fn parse(text: &str, size: u32) -> Result<(Option<u32>, SquareSet), ShapeError> {
    let word = text.trim().to_ascii_lowercase();
    for shape in [Shape::Square, Shape::Cross, Shape::Octagon] {
        if word == shape.name() {
            let holes = shape.named_holes().expect("a named shape");
            let needs = (shape != Shape::Square).then_some(Shape::NAMED_SIZE);
            return Ok((needs, holes));
        }
    }
    if word.is_empty() {
        return Err(ShapeError::Unknown(text.to_string()));
    }
    let mut holes = SquareSet::EMPTY;
    for part in word.split(',') {
        let square: Square = part
            .trim()
            .parse()
            .map_err(|_| ShapeError::Unknown(text.to_string()))?;
        let index = square
            .index(size)
            .ok_or(ShapeError::OffSquare { square, size })?;
        holes |= SquareSet::bit(index);
    }
    Ok((None, holes))
}

/// Reads a picture of a board: its n² squares a1 first along the ranks, `#` for a square that is
/// off and any of `-` `.` `X` `O` `x` `o` `*` `0` for one that is on (so a board string pastes as
/// it is); whitespace is skipped and a board string's side to move after the squares is ignored.
/// Gives the size and the holes.
pub fn parse_picture(text: &str) -> Result<(u32, SquareSet), ShapeError> {
    let marks: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(&bad) = marks.iter().find(|c| !"#-.XOxo*0BWbw".contains(**c)) {
        return Err(ShapeError::Unknown(bad.to_string()));
    }
    let squares = |count: usize| {
        super::Variant::SIZES
            .into_iter()
            .find(|n| (n * n) as usize == count)
    };
    // A board string ends with its side to move, one mark more than its squares.
    let (size, marks) = match (squares(marks.len()), marks.split_last()) {
        (Some(n), _) => (n, &marks[..]),
        (None, Some((_, rest))) if squares(rest.len()).is_some() => {
            (squares(rest.len()).expect("a size"), rest)
        }
        _ => return Err(ShapeError::PictureSize(marks.len())),
    };
    let holes = marks
        .iter()
        .enumerate()
        .filter(|(_, c)| **c == '#')
        .fold(SquareSet::EMPTY, |s, (i, _)| s | SquareSet::bit(i as u32));
    Ok((size, holes))
}

/// The written form of the shape with `holes` on a board of `size`: `square`, `cross`, `octagon`
/// or the holes separated by commas, a1 first along the ranks.
pub fn written(size: u32, holes: SquareSet) -> String {
    match Shape::of(size, holes) {
        Shape::Drawn => holes
            .iter()
            .map(|i| Square::from_index(i, size).to_string())
            .collect::<Vec<_>>()
            .join(","),
        shape => shape.name().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_shapes_have_the_squares_the_italian_book_and_the_issue_count() {
        let cross = Shape::Cross.named_holes().unwrap();
        let octagon = Shape::Octagon.named_holes().unwrap();
        assert_eq!(100 - cross.count(), 64);
        assert_eq!(100 - octagon.count(), 76);
        let off = |holes: SquareSet, name: &str| {
            holes.contains(name.parse::<Square>().unwrap().index(10).unwrap())
        };
        for square in ["a1", "c3", "h1", "j3", "a10", "c8", "j10", "h8"] {
            assert!(off(cross, square), "{square} is off the cross");
        }
        for square in ["d1", "a4", "c4", "d3", "g10", "j7"] {
            assert!(!off(cross, square), "{square} is on the cross");
        }
        for square in ["a1", "b1", "c1", "a2", "b2", "a3", "j10", "h10", "j8", "i9"] {
            assert!(off(octagon, square), "{square} is off the octagon");
        }
        for square in ["d1", "c2", "b3", "a4", "g1", "j4"] {
            assert!(!off(octagon, square), "{square} is on the octagon");
        }
        assert_eq!(Shape::of(10, cross), Shape::Cross);
        assert_eq!(Shape::of(10, octagon), Shape::Octagon);
        assert_eq!(Shape::of(12, cross), Shape::Drawn);
        assert_eq!(Shape::of(8, SquareSet::EMPTY), Shape::Square);
    }

    #[test]
    fn written_forms_read_back() {
        for (size, text) in [(10, "cross"), (10, "octagon"), (8, "square"), (8, "a1,h8")] {
            let (_, holes) = parse(text, size).unwrap();
            assert_eq!(written(size, holes), text);
        }
        assert_eq!(parse(" Cross ", 10).unwrap().0, Some(10));
        assert_eq!(parse("h8, a1", 8).unwrap(), parse("a1,h8", 8).unwrap());
        assert!(matches!(parse("circle", 8), Err(ShapeError::Unknown(_))));
        assert!(matches!(parse("", 8), Err(ShapeError::Unknown(_))));
        assert!(matches!(parse("a1,,b2", 8), Err(ShapeError::Unknown(_))));
        assert!(matches!(
            parse("i9", 8),
            Err(ShapeError::OffSquare { size: 8, .. })
        ));
    }

    #[test]
    fn pictures_give_the_size_and_the_holes() {
        let picture = "#---\n----\n----\n---#\n";
        assert_eq!(
            parse_picture(picture),
            parse("a1,d4", 4).map(|(_, h)| (4, h))
        );
        // A board string with its side to move reads the same.
        assert_eq!(
            parse_picture("#--- ---- ---- ---# X"),
            parse_picture(picture)
        );
        assert_eq!(parse_picture("#--"), Err(ShapeError::PictureSize(3)));
        assert_eq!(parse_picture("#--?"), Err(ShapeError::Unknown("?".into())));
    }

    #[test]
    fn bad_shapes_are_refused_with_the_square_at_fault() {
        let holes = |text: &str, size: u32| parse(text, size).unwrap().1;
        assert_eq!(check(8, 3, holes("a1,h8", 8)), Ok(()));
        assert_eq!(check(10, 4, holes("cross", 10)), Ok(()));
        assert_eq!(check(10, 4, holes("octagon", 10)), Ok(()));
        assert_eq!(
            check(8, 3, holes("e5", 8)),
            Err(ShapeError::NoCentre("e5".parse().unwrap()))
        );
        // a1 joined to nothing: b1, a2 and b2 are off.
        assert_eq!(
            check(8, 3, holes("b1,a2,b2", 8)),
            Err(ShapeError::Disconnected("a1".parse().unwrap()))
        );
        // A diagonal neighbour joins: a1 touches b2.
        assert_eq!(check(8, 3, holes("b1,a2", 8)), Ok(()));
        // A whole rank off cuts the board in two.
        let rank3 = "a3,b3,c3,d3,e3,f3,g3,h3";
        assert_eq!(
            check(8, 3, holes(rank3, 8)),
            Err(ShapeError::Disconnected("a1".parse().unwrap()))
        );
    }
}
