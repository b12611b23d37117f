//! The rule variants: every board size and opening against a naive reference, the classic
//! opening's placements, Anti-reversi's scoring, perft tables, the generic solver against plain
//! minimax, and the notations at every size.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::common;
use crate::common::minimax;

use proptest::prelude::*;
use reversi::ai::Level;
use reversi::ai::front::choose_move;
use reversi::ai::variant::{solve, solve_exact};

use reversi::rules::bits::{Bits, SquareSet};
use reversi::rules::score::{final_margin, final_score};
use reversi::rules::variant::Geometry;
use reversi::rules::{
    Board, Game, Goal, IllegalMove, Move, Opening, Player, Position, Square, Variant, notation,
};

/// Every variant: each size with the Othello start under both goals, and the free opening on the
/// even sizes.
fn all_variants() -> Vec<Variant> {
    let mut all = Vec::new();
    for size in Variant::SIZES {
        for goal in [Goal::MostDiscs, Goal::FewestDiscs] {
            for opening in [Opening::Othello, Opening::Free] {
                if let Ok(v) = Variant::new(size, opening, goal) {
                    all.push(v);
                }
            }
        }
    }
    all
}

/// A small seeded generator (so the positions never depend on a library's random numbers).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The naive rules: a grid of colours, walked square by square in the eight directions.
struct Naive {
    n: i32,
    /// +1 the side to move, -1 the other side, 0 empty.
    grid: Vec<i8>,
    placing: bool,
    centre: Vec<usize>,
}

impl Naive {
    fn of(position: &Position) -> Naive {
        let n = position.variant.size() as i32;
        let grid = (0..(n * n) as u32)
            .map(|i| {
                if position.player.contains(i) {
                    1
                } else if position.opponent.contains(i) {
                    -1
                } else {
                    0
                }
            })
            .collect::<Vec<i8>>();
        let c = position.variant.size() as usize / 2 - 1;
        let nn = n as usize;
        let discs = grid.iter().filter(|&&g| g != 0).count();
        Naive {
            n,
            placing: position.variant.opening == Opening::Free && discs < 4,
            centre: vec![
                c * nn + c,
                c * nn + c + 1,
                (c + 1) * nn + c,
                (c + 1) * nn + c + 1,
            ],
            grid,
        }
    }

    fn flips(&self, index: usize) -> Vec<usize> {
        if self.grid[index] != 0 || self.placing {
            return Vec::new();
        }
        let (f, r) = (index as i32 % self.n, index as i32 / self.n);
        let mut all = Vec::new();
        for (df, dr) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let mut line = Vec::new();
            let (mut x, mut y) = (f + df, r + dr);
            while (0..self.n).contains(&x) && (0..self.n).contains(&y) {
                let i = (y * self.n + x) as usize;
                match self.grid[i] {
                    -1 => line.push(i),
                    1 => {
                        all.append(&mut line);
                        break;
                    }
                    _ => break,
                }
                x += df;
                y += dr;
            }
        }
        all.sort_unstable();
        all
    }

    fn moves(&self) -> Vec<usize> {
        if self.placing {
            let mut free: Vec<usize> = self
                .centre
                .iter()
                .copied()
                .filter(|&i| self.grid[i] == 0)
                .collect();
            free.sort_unstable();
            return free;
        }
        (0..self.grid.len())
            .filter(|&i| !self.flips(i).is_empty())
            .collect()
    }
}

/// A random position of `variant`: either reached by random play, or discs strewn at random (with
/// random density), so both ordinary and odd shapes are covered.
fn random_position(variant: Variant, rng: &mut Lcg) -> Position {
    if rng.below(2) == 0 {
        let mut game = Game::new(variant);
        let plies = rng.below(variant.squares() as usize);
        while !game.is_over() && game.history().len() < plies {
            let moves = game.position().legal_squares();
            game.play(moves[rng.below(moves.len())]).unwrap();
        }
        return game.position();
    }
    let density = 1 + rng.below(9);
    let (mut black, mut white) = (SquareSet::EMPTY, SquareSet::EMPTY);
    for i in 0..variant.squares() {
        match rng.below(10) {
            x if x < density / 2 => black |= SquareSet::bit(i),
            x if x < density => white |= SquareSet::bit(i),
            _ => {}
        }
    }
    let side = if rng.below(2) == 0 {
        Player::Black
    } else {
        Player::White
    };
    Position::from_colours(variant, black, white, side).unwrap()
}

fn indices(set: SquareSet) -> Vec<usize> {
    set.iter().map(|i| i as usize).collect()
}

#[test]
fn moves_and_flips_equal_the_naive_rules_on_every_size_and_opening() {
    // 10 000 positions a size, shared between the openings where both exist.
    for variant in all_variants()
        .into_iter()
        .filter(|v| v.goal == Goal::MostDiscs)
    {
        let openings = if variant.size() % 2 == 0 { 2 } else { 1 };
        let mut rng = Lcg(u64::from(variant.size()) * 31 + variant.opening as u64);
        for _ in 0..10_000 / openings {
            let position = random_position(variant, &mut rng);
            let naive = Naive::of(&position);
            let moves = naive.moves();
            assert_eq!(
                indices(position.legal_moves()),
                moves,
                "{variant}: {}",
                notation::board_string(&position)
            );
            // Flips of every empty square (empty sets where the move is illegal); an occupied
            // square turns nothing.
            let mut legal = vec![false; variant.squares() as usize];
            for &i in &moves {
                legal[i] = true;
            }
            for i in 0..variant.squares() {
                let cell = Square::from_index(i, variant.size());
                if naive.grid[i as usize] != 0 {
                    assert!(position.flips(cell).is_empty() && !position.is_legal(cell));
                    continue;
                }
                assert_eq!(
                    indices(position.flips(cell)),
                    naive.flips(i as usize),
                    "{variant} {cell}"
                );
                assert_eq!(position.is_legal(cell), legal[i as usize]);
            }
        }
    }
}

/// On 16×16 (and every other width's largest board) a line that reaches the board's side must not
/// continue on the next rank: shifted sets lose the squares that would wrap.
#[test]
fn lines_do_not_wrap_around_the_sides_of_the_largest_boards() {
    for size in [8u32, 10, 11 - 1, 16] {
        let variant = Variant::new(size, Opening::Othello, Goal::MostDiscs).unwrap();
        let n = size as u8;
        let at = |f: u8, r: u8| SquareSet::bit(Square::new(f, r).index(size).unwrap());
        // White at the end of rank 1, black at the start of rank 2: in index order they touch.
        let cases = [
            // (black, white, black's would-be move across the wrap)
            (at(1, 1), at(0, 1), Square::new(n - 1, 0)),
            (at(n - 2, 2), at(n - 1, 2), Square::new(0, 3)),
            (at(n - 3, 3), at(n - 2, 4), Square::new(0, 6)),
            (at(2, 5), at(1, 6), Square::new(n - 1, 6)),
        ];
        for (black, white, cell) in cases {
            let position = Position::from_colours(variant, black, white, Player::Black).unwrap();
            assert!(
                position.flips(cell).is_empty() && !position.is_legal(cell),
                "{size}×{size}: {cell} across the side"
            );
            assert!(Naive::of(&position).moves().is_empty() || !position.legal_moves().is_empty());
            assert_eq!(
                indices(position.legal_moves()),
                Naive::of(&position).moves()
            );
        }
        // And a full rank of white between black ends is one line, not two.
        let mut white = SquareSet::EMPTY;
        for f in 1..n - 1 {
            white |= at(f, 0);
        }
        let position = Position::from_colours(variant, at(0, 0), white, Player::Black).unwrap();
        assert_eq!(
            position.flips(Square::new(n - 1, 0)).count(),
            u32::from(n) - 2,
            "{size}×{size}: the whole rank"
        );
    }
}

/// The rules on 8×8 Othello are the engine's 8×8 bitboard: moves, flips, passes, the final
/// score and perft agree with [`Board`] along random games.
#[test]
fn the_rules_on_8x8_agree_with_the_engines_bitboard() {
    for seed in 0..200u64 {
        let mut rng = Lcg(seed);
        let mut game = Game::new(Variant::STANDARD);
        let mut board = Board::start();
        while !game.is_over() {
            assert_eq!(game.position().to_board(), Some(board));
            assert_eq!(Position::from_board(board, game.to_move()), game.position());
            let moves: Vec<_> = reversi::rules::squares(board.legal_moves()).collect();
            assert_eq!(
                game.position().legal_squares(),
                moves
                    .iter()
                    .map(|&s| Square::from_sq(s))
                    .collect::<Vec<_>>()
            );
            let square = moves[rng.below(moves.len())];
            let played = game.play(Square::from_sq(square)).unwrap();
            assert_eq!(u64::from_set(played.flipped), board.flips(square));
            board = board.play(square);
            assert_eq!(
                played.forced_pass.is_some(),
                !board.has_move() && !board.is_game_over()
            );
            if played.forced_pass.is_some() {
                board = board.pass();
            }
        }
        assert!(board.is_game_over());
        let outcome = game.outcome().unwrap();
        let black_margin = match game.to_move() {
            Player::Black => board.final_score(),
            Player::White => -board.final_score(),
        };
        assert_eq!(outcome.margin, black_margin);
    }
    // The generic move generation on 8×8 against the kernel's (`Position::perft` takes the
    // kernel's path on 8×8 boards).
    let geometry = Geometry::<u64>::new(Variant::STANDARD).unwrap();
    let (black, white) = geometry.start();
    for depth in 1..=7 {
        assert_eq!(
            reversi::rules::variant::perft(&geometry, black, white, depth),
            reversi::rules::perft(&Board::start(), depth)
        );
        assert_eq!(
            Position::start(Variant::STANDARD).perft(depth),
            reversi::rules::perft(&Board::start(), depth)
        );
    }
}

/// Perft by the naive rules, counted as `reversi perft` counts.
fn naive_perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = Naive::of(position).moves();
    if moves.is_empty() {
        if Naive::of(&position.pass()).moves().is_empty() {
            return 1;
        }
        return naive_perft(&position.pass(), depth - 1);
    }
    let n = position.variant.size();
    moves
        .into_iter()
        .map(|i| naive_perft(&position.play(Square::from_index(i as u32, n)), depth - 1))
        .sum()
}

/// The perft tables of docs/benchmarks.md: the fast counts, and the naive rules' at small depths.
#[test]
fn perft_tables_per_size_and_opening() {
    let table: &[(u32, Opening, &[u64])] = &[
        (4, Opening::Othello, &[4, 12, 44, 128, 424, 1256, 3624]),
        (6, Opening::Othello, &[4, 12, 56, 244, 1364, 7604, 47740]),
        (7, Opening::Othello, &[4, 12, 56, 244, 1380, 7902, 51386]),
        (8, Opening::Othello, &[4, 12, 56, 244, 1396, 8200, 55092]),
        (10, Opening::Othello, &[4, 12, 56, 244, 1396, 8200, 55180]),
        (16, Opening::Othello, &[4, 12, 56, 244, 1396, 8200, 55180]),
        (4, Opening::Free, &[4, 12, 24, 24, 96, 288, 1152]),
        (6, Opening::Free, &[4, 12, 24, 24, 96, 320, 1536]),
        (8, Opening::Free, &[4, 12, 24, 24, 96, 320, 1536]),
        (10, Opening::Free, &[4, 12, 24, 24, 96, 320, 1536]),
    ];
    for &(size, opening, counts) in table {
        let variant = Variant::new(size, opening, Goal::MostDiscs).unwrap();
        let start = Position::start(variant);
        for (depth, &count) in (1..).zip(counts) {
            assert_eq!(start.perft(depth), count, "{variant} perft {depth}");
            if depth <= 5 {
                assert_eq!(
                    naive_perft(&start, depth),
                    count,
                    "{variant} naive perft {depth}"
                );
            }
        }
    }
}

#[test]
fn the_starts_put_white_on_the_a1_diagonal_of_the_centre() {
    let white_of = |size: u32| {
        let position =
            Position::start(Variant::new(size, Opening::Othello, Goal::MostDiscs).unwrap());
        let mut cells: Vec<String> = position
            .white()
            .iter()
            .map(|i| Square::from_index(i, size).to_string())
            .collect();
        cells.sort();
        cells.join(" ")
    };
    assert_eq!(white_of(8), "d4 e5");
    assert_eq!(white_of(6), "c3 d4");
    assert_eq!(white_of(10), "e5 f6");
    assert_eq!(white_of(16), "h8 i9");
    // 7×7: the 2×2 next to the middle square d4, towards a1.
    assert_eq!(white_of(7), "c3 d4");
    assert_eq!(
        Position::start(Variant::parse(7, "othello").unwrap()).colour_at("d3".parse().unwrap()),
        Some(Player::Black)
    );
}

#[test]
fn the_classic_opening_places_four_discs_in_the_centre_without_flips() {
    for size in [4, 6, 8, 10, 16] {
        let variant = Variant::parse(size, "classic").unwrap();
        let mut game = Game::new(variant);
        assert_eq!(
            game.position().counts().black + game.position().counts().white,
            0
        );
        let c = variant.centre_first() as u8;
        let centre = [
            Square::new(c, c),
            Square::new(c + 1, c),
            Square::new(c, c + 1),
            Square::new(c + 1, c + 1),
        ];
        // Outside the centre: refused, saying why.
        assert_eq!(
            game.play(Square::new(0, 0)),
            Err(IllegalMove::OutsideCentre(Square::new(0, 0)))
        );
        // Parallel placements (Black on one rank, White on the next): nothing flips.
        for (k, &cell) in [centre[0], centre[2], centre[1], centre[3]]
            .iter()
            .enumerate()
        {
            let mut legal = game.position().legal_squares();
            legal.sort();
            let mut free: Vec<Square> = centre
                .iter()
                .copied()
                .filter(|c| game.position().colour_at(*c).is_none())
                .collect();
            free.sort();
            assert_eq!(legal, free, "{variant} placement {}", k + 1);
            let played = game.play(cell).unwrap();
            assert!(played.flipped.is_empty());
            assert_eq!(
                played.player,
                if k % 2 == 0 {
                    Player::Black
                } else {
                    Player::White
                }
            );
        }
        // From the fifth move, the Othello rules: Black to move, moves must outflank.
        assert_eq!(game.to_move(), Player::Black);
        assert!(!game.position().placing());
        let naive = Naive::of(&game.position());
        assert_eq!(indices(game.position().legal_moves()), naive.moves());
        let cell = game.position().legal_squares()[0];
        assert!(!game.play(cell).unwrap().flipped.is_empty());
        // Placed: Black a1-diagonal square and the one right of it: a parallel opening.
        assert!(!game.position().placing());
    }
    assert!(Variant::parse(7, "classic").is_err());
}

#[test]
fn anti_scoring_turns_the_margin_and_a_wipe_out_loses() {
    // Empties to the winner in both goals; anti's winner has fewer discs.
    assert_eq!(final_margin(40, 20, 4, Goal::MostDiscs), 24);
    assert_eq!(final_margin(40, 20, 4, Goal::FewestDiscs), -24);
    assert_eq!(final_margin(20, 40, 4, Goal::FewestDiscs), 24);
    assert_eq!(final_margin(32, 32, 0, Goal::MostDiscs), 0);
    assert_eq!(final_margin(32, 32, 0, Goal::FewestDiscs), 0);
    assert_eq!(final_margin(30, 30, 4, Goal::FewestDiscs), 0);
    // A wipe-out on 6×6: Black owns every disc, White has none and no move; under anti Black lost.
    for (rules, winner, margin) in [("othello", Player::Black, 36), ("anti", Player::White, -36)] {
        let variant = Variant::parse(6, rules).unwrap();
        let position =
            notation::parse_board("XXXX-- XX---- ------ ------ ------ ------ O", variant).unwrap();
        let game = Game::from_position(position);
        let outcome = game.outcome().expect("neither side can move");
        assert_eq!(outcome.winner, Some(winner), "{rules}");
        assert_eq!(outcome.margin, margin, "{rules}: 6 discs and 30 empties");
        assert_eq!((outcome.discs.black, outcome.discs.white), (6, 0));
    }
    // A full 8×8 board of 32–32 is a draw in both goals.
    for rules in ["othello", "anti"] {
        let board = "XO".repeat(32) + " X";
        let game = Game::from_position(
            notation::parse_board(&board, Variant::parse(8, rules).unwrap()).unwrap(),
        );
        let outcome = game.outcome().unwrap();
        assert_eq!((outcome.winner, outcome.margin), (None, 0), "{rules}");
    }
}

#[test]
fn a_draw_with_empty_squares_is_written_with_the_empties_split() {
    // 30 discs each and a1 b1 a2 b2 empty, no move for either side: every line from the empty
    // corner runs through one colour to the edge. The tournament rule writes it 32–32 (Anti-reversi
    // as it stands).
    let board = "--XXXXXX--XXXXXXOXOXXXOOOXXOXOOOOXOXOXOOOXOOXOXOOXOOOXOXOXOOOOXO X";
    for (rules, written) in [("othello", (32, 32)), ("anti", (30, 30))] {
        let variant = Variant::parse(8, rules).unwrap();
        let game = Game::from_position(notation::parse_board(board, variant).unwrap());
        let outcome = game.outcome().expect("neither side can move");
        assert_eq!((outcome.winner, outcome.margin), (None, 0), "{rules}");
        assert_eq!((outcome.discs.black, outcome.discs.white), (30, 30));
        assert_eq!(outcome.written_score(variant), written, "{rules}");
    }
    let position = notation::parse_board(board, Variant::STANDARD).unwrap();
    let [black, white] = [position.black(), position.white()].map(u64::from_set);
    assert_eq!(final_score(black, white), 0, "the engine's score of a draw");
}

/// A position of `variant` with `empties` empty squares (or fewer, after a pass) reached by random
/// moves from the start; `None` when the game ends first.
fn random_endgame(variant: Variant, rng: &mut Lcg, empties: u32) -> Option<Position> {
    let mut game = Game::new(variant);
    while !game.is_over() && game.position().empties() > empties {
        let moves = game.position().legal_squares();
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    (!game.is_over()).then(|| game.position())
}

#[test]
fn the_generic_solver_equals_minimax_on_small_endgames() {
    let variants = [
        "6 othello",
        "10 othello",
        "8 anti",
        "6 anti",
        "7 othello",
        "16 anti",
    ];
    for (k, name) in variants.iter().enumerate() {
        let variant: Variant = name.parse().unwrap();
        let mut rng = Lcg(k as u64 + 100);
        let mut checked = 0;
        while checked < 8 {
            let empties = 4 + rng.below(7) as u32;
            let Some(position) = random_endgame(variant, &mut rng, empties) else {
                continue;
            };
            let (score, best, _) = solve(&position, Arc::new(AtomicBool::new(false))).unwrap();
            assert_eq!(
                score,
                minimax(&position),
                "{variant}: {}",
                notation::board_string(&position)
            );
            let best = best.unwrap();
            assert_eq!(
                -minimax(&position.play(best)),
                score,
                "{variant}: the best move holds the score"
            );
            checked += 1;
        }
    }
}

#[test]
fn the_generic_solvers_line_of_best_play_holds_the_score_to_the_end() {
    // Each move of the line (passes included) keeps the solved score by plain minimax, and the
    // game ends on it.
    for (k, name) in ["6 othello", "10 othello", "6 anti", "7 othello"]
        .iter()
        .enumerate()
    {
        let variant: Variant = name.parse().unwrap();
        let mut rng = Lcg(k as u64 + 300);
        let mut checked = 0;
        while checked < 6 {
            let empties = 5 + rng.below(6) as u32;
            let Some(start) = random_endgame(variant, &mut rng, empties) else {
                continue;
            };
            let solved = solve_exact(&start, Arc::new(AtomicBool::new(false)), true).unwrap();
            let board = notation::board_string(&start);
            assert_eq!(solved.score, minimax(&start), "{variant}: {board}");
            assert_eq!(solved.line.first(), solved.best.map(Move::Play).as_ref());
            let (mut position, mut score) = (start, solved.score);
            for (ply, step) in solved.line.iter().enumerate() {
                assert!(
                    !position.is_over(),
                    "{variant}: {board}: the line runs past the end"
                );
                position = match *step {
                    Move::Pass => {
                        assert!(!position.has_move(), "{variant}: {board}: pass at {ply}");
                        position.pass()
                    }
                    Move::Play(square) => {
                        assert!(position.is_legal(square), "{variant}: {board}: {square}");
                        position.play(square)
                    }
                };
                score = -score;
                assert_eq!(minimax(&position), score, "{variant}: {board}: ply {ply}");
            }
            assert!(
                position.is_over(),
                "{variant}: {board}: the line stops early"
            );
            checked += 1;
        }
    }
}

#[test]
fn four_by_four_othello_is_a_white_win() {
    // The known result: White wins 11–3 with two squares empty (13–3 with empties to the winner).
    let (score, _, _) = solve(
        &Position::start("4 othello".parse().unwrap()),
        Arc::new(AtomicBool::new(false)),
    )
    .unwrap();
    assert_eq!(score, -10);
    assert_eq!(minimax(&Position::start("4 othello".parse().unwrap())), -10);
}

#[test]
fn every_level_plays_a_legal_move_on_every_variant() {
    for variant in all_variants() {
        let mut rng = Lcg(u64::from(variant.size()));
        let mut game = Game::new(variant);
        for _ in 0..(3 + rng.below(6)) {
            let moves = game.position().legal_squares();
            game.play(moves[rng.below(moves.len())]).unwrap();
        }
        let position = game.position();
        for level in Level::ALL {
            // Maximum searches until cancelled: bound it by a short budget here.
            let budget = Some(std::time::Duration::from_millis(50));
            let cell = choose_move(
                &position,
                level,
                1,
                Arc::new(AtomicBool::new(false)),
                budget,
            )
            .unwrap_or_else(|| panic!("{variant} {level}: no move"));
            assert!(position.is_legal(cell), "{variant} {level}: {cell}");
        }
        // Cancelled before it starts: still a legal move.
        let cell = choose_move(
            &position,
            Level::Maximum,
            1,
            Arc::new(AtomicBool::new(true)),
            None,
        )
        .unwrap();
        assert!(position.is_legal(cell));
    }
}

#[test]
fn notations_round_trip_at_every_size() {
    for variant in all_variants() {
        let mut rng = Lcg(u64::from(variant.squares()) + variant.goal as u64);
        for _ in 0..20 {
            let mut game = Game::new(variant);
            let plies = rng.below(variant.squares() as usize + 8);
            while !game.is_over() && game.history().len() < plies {
                let moves = game.position().legal_squares();
                game.play(moves[rng.below(moves.len())]).unwrap();
            }
            let text = notation::transcript(&game);
            assert_eq!(
                notation::parse_transcript(&text, variant)
                    .unwrap()
                    .position(),
                game.position(),
                "{variant}: {text}"
            );
            let record = notation::ggf(&game);
            let read = notation::parse_ggf(&record).unwrap();
            assert_eq!(read.history(), game.history(), "{record}");
            assert_eq!(read.variant(), variant, "{record}");
            let board = notation::board_string(&game.position());
            assert_eq!(
                notation::parse_board(&board, variant).unwrap(),
                game.position()
            );
            assert_eq!(
                notation::parse_any(&format!("  {record}"), Variant::STANDARD)
                    .unwrap()
                    .position(),
                game.position()
            );
        }
    }
}

#[test]
fn ggf_types_are_read_as_ggs_writes_them() {
    let six = notation::parse_ggf(
        "(;GM[Othello]TY[6]BO[6 -------------- OX----XO-------------- *]B[c2];)",
    )
    .unwrap();
    assert_eq!(six.variant(), "6 othello".parse().unwrap());
    assert_eq!(six.history(), &[Move::Play("c2".parse().unwrap())]);
    let ten_anti = notation::parse_ggf("(;GM[Othello]TY[10a]B[d5];)").unwrap();
    assert_eq!(ten_anti.variant(), "10 anti".parse().unwrap());
    assert_eq!(
        notation::parse_ggf("(;GM[Othello]TY[s8ka];)")
            .unwrap()
            .variant(),
        "8 anti".parse().unwrap()
    );
    assert_eq!(
        notation::parse_ggf("(;GM[Othello]TY[8r20];)")
            .unwrap()
            .variant(),
        Variant::STANDARD
    );
    assert_eq!(notation::ggf_type("14 anti".parse().unwrap()), "14a");
    assert!(reversi::rules::notation::parse_ggf("(;GM[Othello]TY[s8k];)").is_ok());
    let classic = notation::parse_ggf("(;GM[Othello]TY[8]RR[classic]B[e5]W[d4];)").unwrap();
    assert_eq!(classic.variant(), "8 classic".parse().unwrap());
    for (record, at) in [
        ("(;GM[Othello]TY[88];)", 17),
        ("(;GM[Othello]TY[9];)", 17),
        ("(;GM[Othello]TY[8q];)", 17),
        ("(;GM[Othello]TY[7]RR[classic];)", 19),
        ("(;GM[Othello]TY[6]BO[8 ", 22),
        ("(;GM[Othello]TY[6]B[g1];)", 21),
        ("(;GM[Othello]TY[6]B[a1];)", 21),
    ] {
        let error = notation::parse_ggf(record).unwrap_err();
        assert!(
            error.to_string().contains(&format!("character {at}")),
            "{record}: {error}"
        );
    }
}

#[test]
fn transcripts_read_two_digit_ranks_and_say_where_they_fail() {
    let ten: Variant = "10 othello".parse().unwrap();
    let game = notation::parse_transcript("e4", ten).unwrap();
    assert_eq!(game.history().len(), 1);
    // Two-digit ranks: j10 is one square; on 8×8 "a10" is a1 and then a stray 0.
    let mut corner = Game::new(ten);
    assert!(corner.play("j10".parse().unwrap()).is_err());
    let error = notation::parse_transcript("e4 q1", ten).unwrap_err();
    assert!(
        error.to_string().contains("character 4") && error.to_string().contains("j10"),
        "{error}"
    );
    let error = notation::parse_transcript("e4e4", ten).unwrap_err();
    assert!(error.to_string().contains("character 3"), "{error}");
    let six: Variant = "6 othello".parse().unwrap();
    let error = notation::parse_transcript("c2 a7", six).unwrap_err();
    assert!(error.to_string().contains("character 4"), "{error}");
    let error = notation::parse_board("----", six).unwrap_err();
    assert!(error.to_string().contains("this one has"), "{error}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any text at any size: a game or a positioned error, never a panic.
    #[test]
    fn any_text_at_any_size_reads_or_says_where(size in prop::sample::select(Variant::SIZES.to_vec()), anti: bool, text in "[a-q0-9 PpAaSs.,\\-XxOo*]{0,40}") {
        let variant = Variant::new(size, Opening::Othello, if anti { Goal::FewestDiscs } else { Goal::MostDiscs }).unwrap();
        let records = [format!("(;GM[Othello]TY[{size}]{text};)"), format!("(;GM[Othello]TY[{text}];)")];
        for (input, result) in [
            (&text, notation::parse_transcript(&text, variant).map(|g| g.position())),
            (&text, notation::parse_board(&text, variant)),
            (&text, notation::parse_any(&text, variant).map(|g| g.position())),
            (&records[0], notation::parse_ggf(&records[0]).map(|g| g.position())),
            (&records[1], notation::parse_ggf(&records[1]).map(|g| g.position())),
        ] {
            if let Err(error) = result {
                common::check_place(input, &error)?;
            }
        }
    }

    /// A played game's record with one character changed: read or refused with a place.
    #[test]
    fn a_changed_record_reads_or_says_where(size in prop::sample::select(Variant::SIZES.to_vec()), seed: u64, at: prop::sample::Index, ch in "[a-z0-9\\[\\];()*O-]") {
        let variant = Variant::new(size, Opening::Othello, Goal::MostDiscs).unwrap();
        let mut rng = Lcg(seed);
        let mut game = Game::new(variant);
        for _ in 0..rng.below(12) {
            if game.is_over() { break; }
            let moves = game.position().legal_squares();
            game.play(moves[rng.below(moves.len())]).unwrap();
        }
        let mut chars: Vec<char> = notation::ggf(&game).chars().collect();
        let i = at.index(chars.len());
        chars[i] = ch.chars().next().unwrap();
        let text: String = chars.into_iter().collect();
        if let Err(error) = notation::parse_ggf(&text) {
            common::check_place(&text, &error)?;
        }
    }
}

#[test]
fn square_sets_and_geometries_fit_their_widths() {
    assert!(Geometry::<u64>::new("10 othello".parse().unwrap()).is_none());
    assert!(Geometry::<u128>::new("10 othello".parse().unwrap()).is_some());
    assert!(Geometry::<u128>::new("12 othello".parse().unwrap()).is_none());
    for variant in all_variants() {
        let geometry = Geometry::<SquareSet>::new(variant).unwrap();
        assert_eq!(geometry.full.count(), variant.squares());
        assert_eq!(geometry.corners.count(), 4);
        assert_eq!(geometry.edges.count(), 4 * variant.size() - 4);
    }
    assert_eq!(
        "16x16 classic-anti".parse::<Variant>().unwrap().to_string(),
        "16x16 classic-anti"
    );
    assert!("9x9 othello".parse::<Variant>().is_err());
    assert!("8x6".parse::<Variant>().is_err());
}

/// The rule books' 8×8 examples, through the variant rules: the first moves, the replies to c4,
/// flipped discs that do not chain, the shortest wipe-out.
#[test]
fn the_rule_books_examples_hold_in_the_variant_rules() {
    let standard = Variant::STANDARD;
    let cells = |position: &Position| {
        let mut names: Vec<String> = position
            .legal_squares()
            .iter()
            .map(|c| c.to_string())
            .collect();
        names.sort();
        names
    };
    let start = Position::start(standard);
    assert_eq!(cells(&start), ["c4", "d3", "e6", "f5"]);
    let after_c4 = start.play("c4".parse().unwrap());
    assert_eq!(cells(&after_c4), ["c3", "c5", "e3"]);
    let position =
        notation::parse_board(&format!("{:-<64} X", "-OX------O-------X"), standard).unwrap();
    let flipped: Vec<u32> = position.flips("a1".parse().unwrap()).iter().collect();
    assert_eq!(
        flipped,
        [1],
        "b1 only: b2 is not outflanked by a flipped disc"
    );
    let game = notation::parse_transcript("f5d6c5f4e7f6g5e6e3", standard).unwrap();
    let outcome = game.outcome().expect("a wipe-out ends the game");
    assert_eq!((outcome.winner, outcome.margin), (Some(Player::Black), 64));
    // Under anti the same game is Black's heaviest defeat.
    let anti = notation::parse_transcript("f5d6c5f4e7f6g5e6e3", "8 anti".parse().unwrap()).unwrap();
    assert_eq!(anti.outcome().unwrap().margin, -64);
}
