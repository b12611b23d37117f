use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::*;
use crate::rules::squares;

const HEADER: Header = Header {
    created: (2015, 9, 30),
    year: 2001,
    game_type: 0,
    depth: 24,
};

/// A legal game of random moves (to the end, or cut after `max_moves`), passes left out.
fn random_game(seed: u64, max_moves: usize) -> WthorGame {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut board = Board::start();
    let mut moves = Vec::new();
    while moves.len() < max_moves {
        if !board.has_move() {
            if board.is_game_over() {
                break;
            }
            board = board.pass();
        }
        let all: Vec<Sq> = squares(board.legal_moves()).collect();
        let square = all[rng.random_range(0..all.len())];
        moves.push(square);
        board = board.play(square);
    }
    WthorGame {
        tournament: rng.random_range(0..2000),
        black: rng.random_range(0..9000),
        white: rng.random_range(0..9000),
        black_discs: 33,
        theoretical: 32,
        moves,
    }
}

fn sq(name: &str) -> Sq {
    name.parse().unwrap()
}

#[test]
fn the_header_reads_as_written_in_the_federations_files() {
    // WTH_2001.wtb's header: made 2015-09-30, 5 575 games of 2001, 8×8, scores at 24 empties.
    let mut bytes = vec![
        0x14, 0x0f, 0x09, 0x1e, 0xc7, 0x15, 0, 0, 0, 0, 0xd1, 0x07, 0x08, 0x00, 0x18, 0x00,
    ];
    // A header promising no games is a whole file.
    bytes[4..8].copy_from_slice(&0u32.to_le_bytes());
    let file = read(&bytes).unwrap();
    assert_eq!(file.header, HEADER);
    assert!(file.games.is_empty() && file.rejected.is_empty());
}

#[test]
fn a_record_names_squares_as_ten_times_the_rank_plus_the_file() {
    // The perpendicular opening f5 d6 c3 d3 c4, then the recorded counts.
    let mut record = [0u8; GAME_BYTES];
    record[0..2].copy_from_slice(&116u16.to_le_bytes());
    record[2..4].copy_from_slice(&1233u16.to_le_bytes());
    record[4..6].copy_from_slice(&1728u16.to_le_bytes());
    record[6] = 11;
    record[7] = 14;
    record[8..13].copy_from_slice(&[56, 64, 33, 34, 43]);
    let game = read_game(&record).unwrap();
    assert_eq!(
        game.moves,
        ["f5", "d6", "c3", "d3", "c4"].map(sq).to_vec(),
        "56 is f5: rank 5, file 6"
    );
    assert_eq!((game.tournament, game.black, game.white), (116, 1233, 1728));
    assert_eq!((game.black_discs, game.theoretical), (11, 14));
    assert_eq!(game.to_record(), record);
    // Not played to its end: the recorded count gives the margin.
    assert_eq!(game.black_margin(), 2 * 11 - 64);
    let positions = game.positions();
    assert_eq!(positions.len(), 5);
    assert_eq!(positions[0].board, Board::start());
    assert!(positions[0].black_to_move && !positions[1].black_to_move);
    assert_eq!(positions[4].played, sq("c4"));
}

#[test]
fn random_games_with_passes_are_written_and_read_back_exactly() {
    let games: Vec<WthorGame> = (0..300).map(|seed| random_game(seed, 60)).collect();
    // Some of them pass, and some end before the board is full.
    let passes = |g: &WthorGame| {
        let p = g.positions();
        p.windows(2)
            .filter(|w| w[0].black_to_move == w[1].black_to_move)
            .count()
    };
    assert!(games.iter().any(|g| passes(g) > 0), "no game with a pass");
    assert!(
        games.iter().any(|g| g.moves.len() < 60),
        "every game filled the board"
    );
    let bytes = write(&HEADER, &games);
    assert_eq!(bytes.len(), HEADER_BYTES + GAME_BYTES * games.len());
    let file = read(&bytes).unwrap();
    assert_eq!(file.header, HEADER);
    assert_eq!(file.games, games);
    assert!(file.rejected.is_empty());
}

#[test]
fn a_game_played_to_its_end_is_scored_from_its_board_with_empties_to_the_winner() {
    for seed in 0..200 {
        let game = random_game(seed, 60);
        let (_, board, black) = game.replay().unwrap();
        assert!(board.is_game_over());
        let (mut b, mut w) = if black {
            (board.player_count() as i32, board.opponent_count() as i32)
        } else {
            (board.opponent_count() as i32, board.player_count() as i32)
        };
        let empties = 64 - b - w;
        match b.cmp(&w) {
            std::cmp::Ordering::Greater => b += empties,
            std::cmp::Ordering::Less => w += empties,
            std::cmp::Ordering::Equal => {
                b += empties / 2;
                w += empties / 2;
            }
        }
        assert_eq!(game.black_margin(), b - w, "seed {seed}");
    }
}

#[test]
fn a_game_that_is_not_legal_is_set_aside_and_the_others_are_read() {
    let good = random_game(7, 60);
    let mut illegal = random_game(8, 60);
    illegal.moves[0] = sq("a1");
    let mut bytes = write(&HEADER, &[good.clone(), good.clone(), good.clone()]);
    bytes[HEADER_BYTES + GAME_BYTES..HEADER_BYTES + 2 * GAME_BYTES]
        .copy_from_slice(&illegal.to_record());
    let file = read(&bytes).unwrap();
    assert_eq!(file.games, vec![good.clone(), good]);
    assert_eq!(
        file.rejected,
        vec![(
            1,
            WthorError::IllegalMove {
                ply: 0,
                square: sq("a1")
            }
        )]
    );
}

#[test]
fn every_fault_of_a_record_is_named() {
    let mut record = random_game(3, 20).to_record();
    record[8 + 2] = 19; // file 9
    assert_eq!(
        read_game(&record),
        Err(WthorError::BadSquare { ply: 2, byte: 19 })
    );
    record[8 + 2] = 90; // rank 9
    assert!(matches!(
        read_game(&record),
        Err(WthorError::BadSquare { .. })
    ));
    let mut record = random_game(3, 20).to_record();
    record[8 + 30] = 11; // after the zero that ends the list at move 21
    assert_eq!(
        read_game(&record),
        Err(WthorError::MoveAfterEnd { ply: 30 })
    );
    let mut record = random_game(3, 20).to_record();
    record[6] = 65;
    assert_eq!(read_game(&record), Err(WthorError::BadDiscCount(65)));
    // The same square twice is not legal the second time.
    let mut record = random_game(3, 20).to_record();
    record[9] = record[8];
    assert!(matches!(
        read_game(&record),
        Err(WthorError::IllegalMove { ply: 1, .. })
    ));
}

#[test]
fn every_fault_of_a_file_is_named() {
    let bytes = write(&HEADER, &[random_game(1, 60), random_game(2, 60)]);
    assert_eq!(read(&bytes[..10]), Err(WthorError::NoHeader { bytes: 10 }));
    assert_eq!(
        read(&bytes[..bytes.len() - 1]),
        Err(WthorError::Truncated {
            promised: 2,
            present: 1
        })
    );
    let mut longer = bytes.clone();
    longer.extend([0; 5]);
    assert_eq!(read(&longer), Err(WthorError::TrailingBytes(5)));
    let mut ten = bytes.clone();
    ten[12] = 10;
    assert_eq!(read(&ten), Err(WthorError::BoardSize(10)));
    // Size 0 is the older files' way of saying 8×8.
    let mut zero = bytes;
    zero[12] = 0;
    assert_eq!(read(&zero).unwrap().games.len(), 2);
    for e in [
        WthorError::NoHeader { bytes: 3 },
        WthorError::BoardSize(10),
        WthorError::BadSquare { ply: 0, byte: 9 },
    ] {
        assert!(!e.to_string().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_bytes_are_read_or_refused_without_a_panic(
        bytes in prop::collection::vec(any::<u8>(), 0..400)
    ) {
        let _ = read(&bytes);
    }

    #[test]
    fn any_record_is_read_or_refused_and_a_read_one_is_written_back_the_same(
        head in prop::collection::vec(any::<u8>(), 8),
        moves in prop::collection::vec(0u8..=89, 60),
    ) {
        let mut record = [0u8; GAME_BYTES];
        record[..8].copy_from_slice(&head);
        record[8..].copy_from_slice(&moves);
        if let Ok(game) = read_game(&record) {
            prop_assert_eq!(game.to_record(), record);
        }
    }

    #[test]
    fn a_random_prefix_of_a_legal_game_reads_back(seed in any::<u64>(), cut in 0usize..=60) {
        let game = random_game(seed, cut);
        prop_assert_eq!(read_game(&game.to_record()), Ok(game));
    }
}
