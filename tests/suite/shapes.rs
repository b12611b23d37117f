//! Boards of other shapes: perft on the cross, the octagon and drawn shapes against an independent
//! reference (a grid that knows nothing of square sets), the shapes' written forms, bad shapes
//! refused, and the engine and the solver on them.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use reversi::ai::Level;
use reversi::ai::front::choose_move;
use reversi::ai::variant::solve;
use reversi::rules::bits::Bits;
use reversi::rules::shape::ShapeError;
use reversi::rules::variant::VariantError;
use reversi::rules::{
    Game, IllegalMove, NotationError, Position, Shape, Square, Variant, notation,
};

/// The rules written a second time for the tests, on a grid of cells: `None` off the board, then
/// 1 Black, -1 White, 0 empty. Lines are walked square by square and stop at the edge or a hole.
#[derive(Clone)]
struct Grid {
    n: i32,
    cells: Vec<Option<i8>>,
    /// 1 Black, -1 White.
    to_move: i8,
}

impl Grid {
    /// A board of `n`×`n` with the squares named in `off` switched off and the four discs put on
    /// the squares named: `white` twice, `black` twice.
    fn new(n: i32, off: &dyn Fn(i32, i32) -> bool, white: [&str; 2], black: [&str; 2]) -> Grid {
        let mut cells: Vec<Option<i8>> = (0..n * n)
            .map(|i| (!off(i % n, i / n)).then_some(0))
            .collect();
        let at = |name: &str| {
            let file = i32::from(name.as_bytes()[0] - b'a');
            let rank: i32 = name[1..].parse::<i32>().unwrap() - 1;
            (rank * n + file) as usize
        };
        for name in white {
            cells[at(name)] = Some(-1);
        }
        for name in black {
            cells[at(name)] = Some(1);
        }
        Grid {
            n,
            cells,
            to_move: 1,
        }
    }

    fn get(&self, f: i32, r: i32) -> Option<i8> {
        if f < 0 || r < 0 || f >= self.n || r >= self.n {
            return None;
        }
        self.cells[(r * self.n + f) as usize]
    }

    fn flips(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        if self.get(f, r) != Some(0) {
            return Vec::new();
        }
        let mut all = Vec::new();
        for df in -1..=1 {
            for dr in -1..=1 {
                if (df, dr) == (0, 0) {
                    continue;
                }
                let mut line = Vec::new();
                let (mut x, mut y) = (f + df, r + dr);
                while self.get(x, y) == Some(-self.to_move) {
                    line.push((x, y));
                    x += df;
                    y += dr;
                }
                if self.get(x, y) == Some(self.to_move) {
                    all.extend(line);
                }
            }
        }
        all
    }

    fn moves(&self) -> Vec<(i32, i32)> {
        let mut moves = Vec::new();
        for r in 0..self.n {
            for f in 0..self.n {
                if !self.flips(f, r).is_empty() {
                    moves.push((f, r));
                }
            }
        }
        moves
    }

    fn play(&self, (f, r): (i32, i32)) -> Grid {
        let mut next = self.clone();
        for (x, y) in self.flips(f, r) {
            next.cells[(y * self.n + x) as usize] = Some(self.to_move);
        }
        next.cells[(r * self.n + f) as usize] = Some(self.to_move);
        next.to_move = -self.to_move;
        next
    }

    fn passed(&self) -> Grid {
        Grid {
            to_move: -self.to_move,
            ..self.clone()
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if moves.is_empty() {
            let passed = self.passed();
            if passed.moves().is_empty() {
                return 1;
            }
            return passed.perft(depth - 1);
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| self.play(m).perft(depth - 1))
            .sum()
    }
}

/// The cross and the octagon as the rules describe them, independently of the library's masks.
fn cross_grid() -> Grid {
    // Distance from the nearer edge: the 3×3 blocks in the corners are off.
    let inset = |c: i32| c.min(9 - c);
    Grid::new(
        10,
        &|f, r| inset(f) < 3 && inset(r) < 3,
        ["e5", "f6"],
        ["f5", "e6"],
    )
}

fn octagon_grid() -> Grid {
    let inset = |c: i32| c.min(9 - c);
    Grid::new(
        10,
        &|f, r| inset(f) + inset(r) < 3,
        ["e5", "f6"],
        ["f5", "e6"],
    )
}

fn variant(text: &str) -> Variant {
    text.parse()
        .unwrap_or_else(|e| panic!("'{text}' is a board: {e}"))
}

#[test]
fn perft_on_each_shape_agrees_with_an_independent_grid_at_depths_1_to_8() {
    // A drawn 8×8 shape: two corners off and a hole inside that lines must stop at.
    let drawn_off = |f: i32, r: i32| matches!((f, r), (0, 0) | (7, 7) | (2, 5) | (5, 2));
    let cases = [
        (variant("10x10 othello cross"), cross_grid()),
        (variant("10x10 othello octagon"), octagon_grid()),
        (
            variant("8x8 othello a1,h8,c6,f3"),
            Grid::new(8, &drawn_off, ["d4", "e5"], ["e4", "d5"]),
        ),
    ];
    for (variant, grid) in cases {
        let start = Position::start(variant);
        for depth in 1..=8 {
            assert_eq!(
                start.perft(depth),
                grid.perft(depth),
                "{variant}, perft {depth}"
            );
        }
    }
}

#[test]
fn the_shapes_perft_counts_are_the_documented_ones() {
    // docs/variants.md lists these: a change to the rules on shapes shows here first.
    let table: [(&str, [u64; 8]); 2] = [
        ("cross", [4, 12, 56, 240, 1328, 7288, 46412, 301428]),
        ("octagon", [4, 12, 56, 244, 1396, 8188, 54892, 388272]),
    ];
    for (shape, counts) in table {
        let start = Position::start(variant(&format!("10x10 othello {shape}")));
        for (depth, count) in (1..).zip(counts) {
            assert_eq!(start.perft(depth), count, "{shape}, perft {depth}");
        }
    }
}

#[test]
fn the_named_shapes_start_on_their_centre_and_count_their_squares() {
    let cross = variant("10x10 othello cross");
    let octagon = variant("10x10 othello octagon");
    assert_eq!(
        (cross.shape(), cross.squares(), cross.cells()),
        (Shape::Cross, 64, 100)
    );
    assert_eq!(
        (octagon.shape(), octagon.squares(), octagon.cells()),
        (Shape::Octagon, 76, 100)
    );
    let start = Position::start(cross);
    let at = |name: &str| start.colour_at(name.parse().unwrap());
    use reversi::rules::Player::{Black, White};
    assert_eq!(
        [at("e5"), at("f6"), at("f5"), at("e6")],
        [Some(White), Some(White), Some(Black), Some(Black)]
    );
    assert_eq!(start.empties(), 60);
    assert_eq!(Position::start(octagon).empties(), 72);
    // Squares off the board are not squares of the game.
    assert_eq!(cross.all_squares().count(), 64);
    assert!(cross.index("a1".parse().unwrap()).is_none());
    assert!(cross.index("d1".parse().unwrap()).is_some());
}

#[test]
fn a_move_on_a_square_that_is_off_is_refused_and_changes_nothing() {
    let mut game = Game::new(variant("10x10 othello cross"));
    for square in ["c3", "a1", "k1"] {
        let square: Square = square.parse().unwrap();
        assert_eq!(game.play(square), Err(IllegalMove::OffBoard(square)));
    }
    assert!(game.history().is_empty());
    // A hole next to the discs is no move even where a line would run through it.
    let drawn = variant("8x8 othello c3");
    let position = Position::start(drawn);
    assert!(!position.is_legal("c3".parse().unwrap()));
    assert!(position.flips("c3".parse().unwrap()).is_empty());
}

#[test]
fn lines_stop_at_a_hole_as_at_the_edge() {
    // Black on a1, White on b1, a hole on c1: no move on c1, and d1 does not outflank b1.
    let board = format!("XO#-{}{} X", "-".repeat(4), "-".repeat(56));
    let position = notation::parse_board(&board, Variant::STANDARD).unwrap();
    assert_eq!(notation::board_string(&position), board);
    assert!(!position.is_legal("d1".parse().unwrap()));
    assert!(!position.is_legal("c1".parse().unwrap()));
}

#[test]
fn shapes_are_written_and_read_back_in_every_notation() {
    for text in [
        "10x10 othello cross",
        "10x10 anti octagon",
        "8x8 othello a1,h8",
        "12x12 classic a1,f1,l12",
    ] {
        let variant = variant(text);
        assert_eq!(variant.to_string(), text);
        let mut game = Game::new(variant);
        let mut rng = 7u64;
        for _ in 0..12 {
            let moves = game.position().legal_squares();
            if moves.is_empty() {
                break;
            }
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1);
            game.play(moves[(rng >> 33) as usize % moves.len()])
                .unwrap();
        }
        let board = notation::board_string(&game.position());
        let read = notation::parse_board(
            &board,
            Variant::STANDARD.with_rules(variant.rules_name()).unwrap(),
        )
        .unwrap();
        assert_eq!(read, game.position(), "{text}: {board}");
        let record = notation::ggf(&game);
        let back = notation::parse_ggf(&record).unwrap();
        assert_eq!(back.variant(), variant, "{record}");
        assert_eq!(back.history(), game.history(), "{record}");
        assert!(record.contains('#'), "{record}");
        // A transcript is read on the shape it is given.
        let transcript = notation::transcript(&game);
        let again = notation::parse_transcript(&transcript, variant).unwrap();
        assert_eq!(again.position(), game.position());
    }
}

#[test]
fn bad_shapes_are_refused_with_the_square_at_fault() {
    let refused = |text: &str| text.parse::<Variant>().unwrap_err();
    assert!(matches!(
        refused("8x8 othello d4"),
        VariantError::Shape(ShapeError::NoCentre(_))
    ));
    assert!(matches!(
        refused("8x8 othello b1,a2,b2"),
        VariantError::Shape(ShapeError::Disconnected(_))
    ));
    assert!(matches!(
        refused("8x8 othello cross"),
        VariantError::Shape(ShapeError::NamedSize { size: 8, .. })
    ));
    assert!(matches!(
        refused("8x8 othello i9"),
        VariantError::Shape(ShapeError::OffSquare { .. })
    ));
    assert!(matches!(refused("18x18 othello"), VariantError::Size(18)));
    assert!(matches!(
        refused("8x8 othello circle"),
        VariantError::Shape(ShapeError::Unknown(_))
    ));
    // A board string whose holes cut a corner off, and one without its centre.
    let mut squares: Vec<char> = "-".repeat(64).chars().collect();
    for i in [1, 8, 9] {
        squares[i] = '#';
    }
    squares[27] = 'O';
    squares[36] = 'O';
    squares[28] = 'X';
    squares[35] = 'X';
    let board: String = squares.iter().collect::<String>() + " X";
    assert!(matches!(
        notation::parse_board(&board, Variant::STANDARD),
        Err(NotationError::Shape(ShapeError::Disconnected(_)))
    ));
    let mut no_centre: Vec<char> = "-".repeat(64).chars().collect();
    no_centre[27] = '#';
    let board: String = no_centre.iter().collect::<String>() + " X";
    assert!(matches!(
        notation::parse_board(&board, Variant::STANDARD),
        Err(NotationError::Shape(ShapeError::NoCentre(_)))
    ));
    // A GGF record of a cross with a centre square switched off.
    let bad = notation::ggf(&Game::new(variant("10x10 othello cross"))).replacen("O*", "#*", 1);
    assert!(notation::parse_ggf(&bad).is_err(), "{bad}");
}

#[test]
fn the_solver_is_exact_and_every_level_plays_on_every_shape() {
    for text in [
        "10x10 othello cross",
        "10x10 anti octagon",
        "8x8 othello a1,h8,c6,f3",
    ] {
        let variant = variant(text);
        let mut rng = 11u64;
        let mut next = |n: usize| {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (rng >> 33) as usize % n
        };
        // A whole game of the engine against itself reaches the end on the shape.
        let mut game = Game::new(variant);
        while !game.is_over() {
            let position = game.position();
            let level = Level::ALL[next(Level::ALL.len())];
            let budget = Some(std::time::Duration::from_millis(20));
            let cell = choose_move(
                &position,
                level,
                1,
                Arc::new(AtomicBool::new(false)),
                budget,
            )
            .unwrap_or_else(|| panic!("{text} {level}: no move"));
            assert!(
                variant.index(cell).is_some(),
                "{text}: {cell} is off the board"
            );
            game.play(cell).unwrap();
        }
        let outcome = game.outcome().unwrap();
        assert!(outcome.discs.black + outcome.discs.white <= variant.squares());
        // The exact solver against minimax on endgames of the shape.
        let mut checked = 0;
        while checked < 4 {
            let mut game = Game::new(variant);
            let empties = 4 + next(6) as u32;
            while !game.is_over() && game.position().empties() > empties {
                let moves = game.position().legal_squares();
                game.play(moves[next(moves.len())]).unwrap();
            }
            if game.is_over() {
                continue;
            }
            let position = game.position();
            let (score, _, _) = solve(&position, Arc::new(AtomicBool::new(false))).unwrap();
            assert_eq!(
                score,
                crate::common::minimax(&position),
                "{text}: {}",
                notation::board_string(&position)
            );
            checked += 1;
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Any written shape is read or refused, never a panic; one that is read is a board: the
    /// centre on it, every square joined to it, and its written form reads back the same.
    #[test]
    fn shapes_are_read_or_refused(size in proptest::sample::select(Variant::SIZES.to_vec()),
                                  text in "(cross|octagon|square|[a-p][0-9]{1,2}(,[a-p][0-9]{1,2}){0,12}|[a-z0-9,#]{0,12})") {
        if let Ok(variant) = Variant::STANDARD.with_size(size).unwrap().with_shape(&text) {
            let start = Position::start(variant);
            proptest::prop_assert_eq!(start.counts().black + start.counts().white, 4);
            proptest::prop_assert_eq!(variant.to_string().parse::<Variant>(), Ok(variant));
            let board = notation::board_string(&start);
            proptest::prop_assert_eq!(notation::parse_board(&board, variant), Ok(start));
        }
    }

    /// A picture of any board with squares switched off at random reads as that shape or is
    /// refused with the square at fault; the engine plays a legal move on every shape it reads.
    #[test]
    fn random_shapes_are_boards_or_refused(size in proptest::sample::select(vec![6u32, 8, 10]), bits in proptest::prelude::any::<u128>()) {
        let n = size;
        let holes = (0..n * n)
            .filter(|&i| bits >> (i % 128) & 1 == 1 && (bits >> ((i * 7) % 128)) & 1 == 1)
            .fold(reversi::rules::bits::SquareSet::EMPTY, |s, i| s | reversi::rules::bits::SquareSet::bit(i));
        match Variant::STANDARD.with_size(size).unwrap().with_holes(holes) {
            Ok(variant) => {
                proptest::prop_assert_eq!(variant.holes(), holes);
                let start = Position::start(variant);
                if start.has_move() {
                    let cell = choose_move(&start, Level::Novice, 1, Arc::new(AtomicBool::new(false)), None).unwrap();
                    proptest::prop_assert!(start.is_legal(cell));
                }
            }
            Err(ShapeError::NoCentre(square) | ShapeError::Disconnected(square)) => {
                proptest::prop_assert!(square.index(n).is_some());
            }
            Err(other) => proptest::prop_assert!(false, "{other}"),
        }
    }
}
