//! The rules core against the rules of Othello: perft counts, the seed examples, and the bitboard
//! code against a naive 8-direction reference on named fixtures and random positions.

use reversi::rules::bits::Bits;
use reversi::rules::notation::{parse_board, parse_transcript};
use reversi::rules::{
    Board, Game, IllegalMove, Move, Player, Position, Sq, Square, Variant, perft, perft_portable,
    squares,
};

/// A square of the engine's 8×8 bitboard.
fn sq(name: &str) -> Sq {
    name.parse().unwrap()
}

/// A square of the rules' boards.
fn square(name: &str) -> Square {
    name.parse().unwrap()
}

fn names(bits: u64) -> Vec<String> {
    squares(bits).map(|s| s.to_string()).collect()
}

fn names_of(squares: impl IntoIterator<Item = Square>) -> Vec<String> {
    squares.into_iter().map(|s| s.to_string()).collect()
}

/// An 8×8 board string as a standard position.
fn standard_board(text: &str) -> Position {
    parse_board(text, Variant::STANDARD).unwrap()
}

// ---------------------------------------------------------------------------------------------
// A naive reference: walk each of the 8 directions square by square on (file, rank) coordinates.

const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

fn naive_flips(board: &Board, index: usize) -> u64 {
    let bit = |i: i32| 1u64 << i;
    if (board.player | board.opponent) & (1 << index) != 0 {
        return 0;
    }
    let (file, rank) = ((index % 8) as i32, (index / 8) as i32);
    let mut all = 0;
    for (df, dr) in DIRECTIONS {
        let (mut f, mut r) = (file + df, rank + dr);
        let mut line = 0;
        while (0..8).contains(&f) && (0..8).contains(&r) && board.opponent & bit(r * 8 + f) != 0 {
            line |= bit(r * 8 + f);
            f += df;
            r += dr;
        }
        if (0..8).contains(&f) && (0..8).contains(&r) && board.player & bit(r * 8 + f) != 0 {
            all |= line;
        }
    }
    all
}

fn naive_moves(board: &Board) -> u64 {
    (0..64)
        .filter(|&i| naive_flips(board, i) != 0)
        .fold(0, |m, i| m | 1 << i)
}

/// A small deterministic generator (splitmix64) so the random positions are the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn check_against_reference(board: &Board) {
    let moves = board.legal_moves();
    assert_eq!(moves, naive_moves(board), "legal moves of {board:?}");
    for i in 0..64u8 {
        let square = Sq::new(i).unwrap();
        let expected = naive_flips(board, i as usize);
        assert_eq!(
            board.flips(square),
            expected,
            "flips at {square} of {board:?}"
        );
        if expected != 0 {
            let after = board.play(square);
            assert_eq!(after.opponent, board.player | expected | square.bit());
            assert_eq!(after.player, board.opponent & !expected);
            assert_eq!(
                after.opponent_count(),
                board.player_count() + expected.count_ones() + 1
            );
        }
    }
}

#[test]
fn bitboard_moves_and_flips_equal_the_naive_reference_on_random_positions() {
    let mut rng = Rng(0x5EED);
    let mut checked = 0;
    // Random discs at several densities, not necessarily reachable positions.
    while checked < 60_000 {
        let density = rng.next() % 4;
        let mut filled = rng.next();
        for _ in 0..density {
            filled |= rng.next();
        }
        let colour = rng.next();
        let board = Board {
            player: filled & colour,
            opponent: filled & !colour,
        };
        check_against_reference(&board);
        checked += 1;
    }
    // Positions reached by random play.
    let mut games = 0;
    while checked < 120_000 {
        let mut board = Board::start();
        loop {
            check_against_reference(&board);
            checked += 1;
            let moves = board.legal_moves();
            if moves == 0 {
                if !board.pass().has_move() {
                    break;
                }
                board = board.pass();
                continue;
            }
            let pick = (rng.next() % u64::from(moves.count_ones())) as usize;
            board = board.play(squares(moves).nth(pick).unwrap());
        }
        games += 1;
    }
    assert!(games > 500);
}

#[test]
fn legal_moves_do_not_wrap_around_the_edges() {
    // Named fixtures: each would be a legal move only if a line wrapped from one edge to the other.
    let fixtures = [
        ("g1 h1 | a2: h1 and a2 are not on a row", "g1", "h1", "a2"),
        (
            "h2 a4 | b5: h2 and a4 are not on a diagonal",
            "h2",
            "a4",
            "b5",
        ),
        (
            "a2 h2 | g3: a2 and h2 are not on an anti-diagonal",
            "a2",
            "h2",
            "g3",
        ),
        ("a1 h1 | g2 wraps the other way", "a1", "h1", "g2"),
        ("h7 a8 | b8: h7 and a8 are not on a row", "h7", "a8", "b8"),
    ];
    for (why, mover, opponent, wrapped) in fixtures {
        let board = Board {
            player: sq(mover).bit(),
            opponent: sq(opponent).bit(),
        };
        assert_eq!(board.legal_moves() & sq(wrapped).bit(), 0, "{why}");
        assert_eq!(board.flips(sq(wrapped)), 0, "{why}");
        assert_eq!(board.legal_moves(), naive_moves(&board), "{why}");
    }
    // Every pair of one mover disc and one opponent disc.
    for i in 0..64u64 {
        for j in (0..64u64).filter(|&j| j != i) {
            let board = Board {
                player: 1 << i,
                opponent: 1 << j,
            };
            assert_eq!(
                board.legal_moves(),
                naive_moves(&board),
                "player {i}, opponent {j}"
            );
        }
    }
    // A run along the whole first rank: a1 is legal, nothing on the next rank is.
    let board = Board {
        player: sq("h1").bit(),
        opponent: 0x7E,
    };
    assert_eq!(names(board.legal_moves()), ["a1"]);
    assert_eq!(board.flips(sq("a1")), 0x7E);
}

#[test]
fn perft_counts_from_the_start_match_the_published_numbers() {
    let expected = [
        4u64, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284,
    ];
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(
            perft(&Board::start(), depth as u32 + 1),
            count,
            "depth {}",
            depth + 1
        );
    }
}

#[test]
fn perft_11_is_212258800() {
    assert_eq!(perft(&Board::start(), 11), 212_258_800);
}

/// A board after up to 29 random moves from the start (fewer if the mover has none).
fn random_opening(rng: &mut Rng) -> Board {
    let mut board = Board::start();
    for _ in 0..(rng.next() % 30) {
        let moves = board.legal_moves();
        if moves == 0 {
            break;
        }
        let pick = (rng.next() % u64::from(moves.count_ones())) as usize;
        board = board.play(squares(moves).nth(pick).unwrap());
    }
    board
}

#[test]
fn the_fast_perft_path_equals_the_portable_one() {
    let mut rng = Rng(21);
    for _ in 0..20 {
        let board = random_opening(&mut rng);
        assert_eq!(perft(&board, 6), perft_portable(&board, 6), "{board:?}");
    }
    assert_eq!(perft_portable(&Board::start(), 9), 3_005_288);
}

#[test]
fn perft_12_is_1939886636() {
    assert_eq!(perft(&Board::start(), 12), 1_939_886_636);
}

#[test]
fn blacks_first_moves_are_c4_d3_e6_f5() {
    assert_eq!(
        names(Board::start().legal_moves()),
        ["d3", "c4", "f5", "e6"]
    );
}

#[test]
fn after_c4_whites_moves_are_c3_e3_c5() {
    let mut game = Game::new(Variant::STANDARD);
    game.play(square("c4")).unwrap();
    assert_eq!(game.to_move(), Player::White);
    assert_eq!(
        names_of(game.position().legal_squares()),
        ["c3", "e3", "c5"]
    );
}

#[test]
fn the_start_position_has_d4_e5_white_and_d5_e4_black() {
    let p = Position::start(Variant::STANDARD);
    assert_eq!(names_of(p.variant.squares_of(p.white())), ["d4", "e5"]);
    assert_eq!(names_of(p.variant.squares_of(p.black())), ["e4", "d5"]);
    assert_eq!(p.to_move, Player::Black);
}

#[test]
fn flipped_discs_do_not_chain() {
    // Black plays a1 and flips b1 (closed by c1). Once black, b1 would close b2 against b3 — but
    // flipped discs never start new lines, so b2 stays white.
    let position = standard_board(&format!("{:-<64} X", "-OX------O-------X"));
    let flips = position.flips(square("a1"));
    assert_eq!(names_of(position.variant.squares_of(flips)), ["b1"]);
    let after = position.play(square("a1"));
    assert_eq!(after.colour_at(square("b1")), Some(Player::Black));
    assert_eq!(after.colour_at(square("b2")), Some(Player::White));
}

#[test]
fn every_outflanked_line_flips_at_once() {
    // Eight white discs around d4, each with a black disc behind it: d4 flips all eight.
    let mut text = vec!['-'; 64];
    let centre = sq("d4").index() as i32;
    for (df, dr) in DIRECTIONS {
        text[(centre + dr * 8 + df) as usize] = 'O';
        text[(centre + 2 * dr * 8 + 2 * df) as usize] = 'X';
    }
    let position = standard_board(&format!("{} X", text.iter().collect::<String>()));
    assert_eq!(position.flips(square("d4")).count(), 8);
    let after = position.play(square("d4"));
    assert!(after.white().is_empty());
    assert_eq!(after.black().count(), 17);
}

#[test]
fn a_move_that_outflanks_nothing_is_rejected() {
    let mut game = Game::new(Variant::STANDARD);
    let (a1, d4) = (square("a1"), square("d4"));
    assert_eq!(game.play(a1), Err(IllegalMove::NoFlips(a1)));
    assert_eq!(game.play(d4), Err(IllegalMove::Occupied(d4)));
    assert_eq!(game, Game::new(Variant::STANDARD));
}

#[test]
fn a_wipe_out_ends_the_game_early_and_scores_64_to_0() {
    // The shortest game: f5 d6 c5 f4 e7 f6 g5 e6 e3 — black wipes white out after 9 moves.
    let game = parse_transcript("f5d6c5f4e7f6g5e6e3", Variant::STANDARD).unwrap();
    assert!(game.is_over());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Player::Black));
    assert_eq!((outcome.discs.black, outcome.discs.white), (13, 0));
    assert_eq!(outcome.written_score(Variant::STANDARD), (64, 0));
    assert_eq!(outcome.margin, 64);
    assert_eq!(game.clone().play(square("a1")), Err(IllegalMove::GameOver));
}

#[test]
fn empty_squares_go_to_the_winner() {
    // Ranks 1–7 black, a8–d8 white, e8–h8 empty: no line can be closed, so the game is over
    // with 56–4 on the board and 4 empties, which go to black: 60–4.
    let (black, white) = (0x00FF_FFFF_FFFF_FFFFu64, 0x0F00_0000_0000_0000u64);
    let position = Position::from_colours(
        Variant::STANDARD,
        black.to_set(),
        white.to_set(),
        Player::White,
    )
    .unwrap();
    let game = Game::from_position(position);
    assert!(game.is_over());
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.discs.black, outcome.discs.white), (56, 4));
    assert_eq!(outcome.winner, Some(Player::Black));
    assert_eq!(outcome.written_score(Variant::STANDARD), (60, 4));
    assert_eq!(
        position.to_board().unwrap().final_score(),
        -56,
        "seen from white, the side to move"
    );
}

#[test]
fn thirty_two_all_is_a_draw() {
    let (black, white) = (0x0F0F_0F0F_0F0F_0F0Fu64, 0xF0F0_F0F0_F0F0_F0F0u64);
    let position = Position::from_colours(
        Variant::STANDARD,
        black.to_set(),
        white.to_set(),
        Player::Black,
    )
    .unwrap();
    let game = Game::from_position(position);
    assert!(game.is_over());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.written_score(Variant::STANDARD), (32, 32));
}

#[test]
fn a_player_with_no_move_passes_and_the_other_moves_again() {
    // White to move has no move (black runs to the edge); black has a1, outflanking b1.
    let position = standard_board(&format!("{:-<64} O", "-OXXXXXX"));
    assert!(position.legal_moves().is_empty());
    let game = Game::from_position(position);
    assert_eq!(game.history(), [Move::Pass]);
    assert_eq!(game.to_move(), Player::Black);
    assert!(!game.is_over());
}

/// One of `game`'s legal squares, drawn by `rng`.
fn random_move(game: &Game, rng: &mut Rng) -> Square {
    let moves = game.position().legal_squares();
    moves[(rng.next() % moves.len() as u64) as usize]
}

#[test]
fn forced_passes_in_a_real_game_are_recorded_and_black_moves_twice() {
    // Search random games for one with a forced pass, and check the turn order around it.
    let mut rng = Rng(7);
    let mut found = 0;
    for _ in 0..2000 {
        let mut game = Game::new(Variant::STANDARD);
        while !game.is_over() {
            let mover = game.to_move();
            let played = game.play(random_move(&game, &mut rng)).unwrap();
            assert_eq!(played.player, mover);
            if let Some(passer) = played.forced_pass {
                found += 1;
                assert_eq!(passer, mover.opponent());
                assert_eq!(game.to_move(), mover, "the mover moves again");
                assert!(game.position().has_move());
            }
        }
    }
    assert!(found > 10);
}

#[test]
fn no_pass_is_possible_when_a_move_exists() {
    // The only way to pass is the automatic one: a game never records a pass when the mover has a move.
    let mut rng = Rng(11);
    for _ in 0..500 {
        let mut game = Game::new(Variant::STANDARD);
        while !game.is_over() {
            game.play(random_move(&game, &mut rng)).unwrap();
        }
        let mut position = game.start();
        for m in game.history() {
            match m {
                Move::Pass => {
                    assert!(!position.has_move());
                    position = position.pass();
                }
                Move::Play(s) => position = position.play(*s),
            }
        }
        assert_eq!(position, game.position());
    }
}

#[test]
fn undo_and_redo_walk_the_history_across_passes() {
    let mut rng = Rng(3);
    for _ in 0..200 {
        let mut game = Game::new(Variant::STANDARD);
        let mut snapshots = vec![game.clone()];
        while !game.is_over() {
            game.play(random_move(&game, &mut rng)).unwrap();
            snapshots.push(game.clone());
        }
        let end = game.clone();
        for expected in snapshots.iter().rev().skip(1) {
            game.undo().unwrap();
            assert_eq!(game.position(), expected.position());
            assert_eq!(game.history(), expected.history());
        }
        assert_eq!(game.undo(), None);
        while game.redo().is_some() {}
        assert_eq!(game.position(), end.position());
        assert_eq!(game.history(), end.history());
    }
}

#[test]
fn the_eight_symmetries_keep_the_game_and_share_one_canonical_board() {
    // The four first moves are images of each other.
    let firsts: Vec<Board> = ["f5", "e6", "d3", "c4"]
        .iter()
        .map(|m| Board::start().play(sq(m)))
        .collect();
    for board in &firsts {
        assert_eq!(board.canonical(), firsts[0].canonical());
    }
    // The start is symmetric under the half turn and both diagonal reflections, so its eight
    // images are only two boards (the other four swap the colours' squares).
    let mut starts = Board::start().symmetries().to_vec();
    starts.sort_by_key(|b| (b.player, b.opponent));
    starts.dedup();
    assert_eq!(starts.len(), 2);

    // On random positions: the identity first, eight distinct maps of the squares (checked on a
    // board with one disc), the move count and the perft count kept, every image canonical alike.
    let lone = Board {
        player: sq("b1").bit(),
        opponent: 0,
    };
    let mut images: Vec<u64> = lone.symmetries().iter().map(|b| b.player).collect();
    images.sort_unstable();
    images.dedup();
    assert_eq!(images.len(), 8);
    let mut rng = Rng(0xC0FFEE);
    for _ in 0..200 {
        let board = random_opening(&mut rng);
        let all = board.symmetries();
        assert_eq!(all[0], board);
        for image in all {
            assert_eq!(
                image.legal_moves().count_ones(),
                board.legal_moves().count_ones()
            );
            assert_eq!(image.empty_count(), board.empty_count());
            assert_eq!(perft(&image, 2), perft(&board, 2));
            assert_eq!(image.canonical(), board.canonical());
        }
    }
}
