//! The text notations: square names, transcripts, board strings and GGF — round trips, clear errors,
//! and no panic on any input.

use crate::common;

use common::RandomPlay;
use proptest::prelude::*;
use reversi::rules::notation::{
    board_string, ggf, parse_any, parse_board, parse_ggf, parse_transcript, transcript,
};
use reversi::rules::{Game, Move, NotationError, Player, Position, Sq, Square, Variant};

const STANDARD: Variant = Variant::STANDARD;

fn random_game(seed: u64, max_moves: usize) -> Game {
    let mut random = RandomPlay::new(seed);
    let mut game = Game::new(STANDARD);
    let mut played = 0;
    while !game.is_over() && played < max_moves {
        random.play(&mut game);
        played += 1;
    }
    game
}

#[test]
fn square_names_are_case_insensitive_and_round_trip() {
    for square in Sq::all() {
        let name = square.to_string();
        assert_eq!(name.parse::<Sq>().unwrap(), square);
        assert_eq!(name.to_uppercase().parse::<Sq>().unwrap(), square);
    }
    assert_eq!("a1".parse::<Sq>().unwrap().index(), 0);
    assert_eq!("h1".parse::<Sq>().unwrap().index(), 7);
    assert_eq!("a2".parse::<Sq>().unwrap().index(), 8);
    assert_eq!("h8".parse::<Sq>().unwrap().index(), 63);
    for bad in ["", "a", "i1", "a9", "a0", "11", "aa", "a10", "é1"] {
        let error = bad.parse::<Sq>().unwrap_err();
        assert!(error.to_string().contains("not a square"), "{bad}: {error}");
    }
    // The rules' squares name every board up to 16×16.
    for name in ["a1", "h8", "a10", "p16", "J7"] {
        let square: Square = name.parse().unwrap();
        assert_eq!(square.to_string(), name.to_ascii_lowercase());
        assert_eq!(square.sq().is_some(), square.index(8).is_some(), "{name}");
    }
    for bad in ["", "q1", "a0", "a17", "a01", "1a", "a1 "] {
        assert!(bad.parse::<Square>().is_err(), "{bad}");
    }
}

#[test]
fn transcripts_round_trip_for_random_games() {
    for seed in 0..300 {
        let game = random_game(seed, 60);
        let text = transcript(&game);
        assert_eq!(
            parse_transcript(&text, STANDARD).unwrap(),
            game,
            "seed {seed}: {text}"
        );
        assert_eq!(parse_any(&text, STANDARD).unwrap(), game);
        assert_eq!(
            parse_transcript(&text.to_uppercase(), STANDARD).unwrap(),
            game
        );
    }
}

#[test]
fn transcripts_tolerate_whitespace_and_written_passes() {
    let game = parse_transcript(" f5 d6\tC3 \n d3 ", STANDARD).unwrap();
    assert_eq!(transcript(&game), "f5d6c3d3");
    // Find a random game with a forced pass and write the pass out in each accepted spelling.
    let game = (0..)
        .map(|seed| random_game(seed, 60))
        .find(|g| g.history().contains(&Move::Pass))
        .unwrap();
    for pass in ["pa", "PS", "--"] {
        let text: Vec<String> = game
            .history()
            .iter()
            .map(|m| match m {
                Move::Play(s) => s.to_string(),
                Move::Pass => pass.to_string(),
            })
            .collect();
        assert_eq!(
            parse_transcript(&text.join(" "), STANDARD).unwrap(),
            game,
            "passes written as {pass}"
        );
    }
}

#[test]
fn a_bad_transcript_says_what_and_where() {
    assert_eq!(
        parse_transcript("f5d6z9", STANDARD).unwrap_err(),
        NotationError::BadToken {
            token: "z9".into(),
            at: 4,
            last: "h8".parse().unwrap(),
        }
    );
    let error = parse_transcript("f5 d6 a1", STANDARD).unwrap_err();
    assert!(
        matches!(
            error,
            NotationError::IllegalMove {
                number: 3,
                at: 6,
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "move 3 (a1, character 7) is illegal: a1 outflanks no disc"
    );
    let error = parse_transcript("f5 pa", STANDARD).unwrap_err();
    assert_eq!(error, NotationError::IllegalPass { number: 2, at: 3 });
    assert!(
        parse_transcript("f5f5", STANDARD)
            .unwrap_err()
            .to_string()
            .contains("occupied")
    );
    assert!(parse_transcript("f", STANDARD).is_err());
}

#[test]
fn board_strings_round_trip_and_accept_every_spelling() {
    for seed in 0..200 {
        let game = random_game(seed, (seed % 60) as usize);
        let position = game.position();
        let text = board_string(&position);
        assert_eq!(text.len(), 66);
        assert_eq!(
            parse_board(&text, Variant::parse(8, "anti").unwrap())
                .unwrap()
                .variant
                .size(),
            8
        );
        assert_eq!(parse_board(&text, STANDARD).unwrap(), position);
        assert_eq!(parse_any(&text, STANDARD).unwrap().position(), position);
    }
    let start = "...........................ox......xo........................... b";
    assert_eq!(
        parse_board(start, STANDARD).unwrap(),
        Position::start(STANDARD)
    );
    let spaced = "-------- -------- -------- ---O*--- ---*0--- -------- -------- -------- X";
    assert_eq!(
        parse_board(spaced, STANDARD).unwrap(),
        Position::start(STANDARD)
    );
    let white = parse_board(&start.replace(" b", " W"), STANDARD).unwrap();
    assert_eq!(white.to_move, Player::White);
}

#[test]
fn a_bad_board_string_says_what_and_where() {
    let short = "-".repeat(63);
    assert_eq!(
        parse_board(&short, STANDARD).unwrap_err(),
        NotationError::BoardSize { squares: 63 }
    );
    let mut text = "-".repeat(64);
    assert_eq!(
        parse_board(&text, STANDARD).unwrap_err(),
        NotationError::MissingSide
    );
    text.push_str(" Q");
    assert_eq!(
        parse_board(&text, STANDARD).unwrap_err(),
        NotationError::BadSide {
            text: "Q".into(),
            at: 65
        }
    );
    let bad = format!("{}?{} X", "-".repeat(10), "-".repeat(53));
    assert_eq!(
        parse_board(&bad, STANDARD).unwrap_err(),
        NotationError::BadBoardChar { ch: '?', at: 10 }
    );
    let trailing = format!("{} X X", "-".repeat(64));
    assert_eq!(
        parse_board(&trailing, STANDARD).unwrap_err(),
        NotationError::BoardSize { squares: 65 }
    );
    assert!(
        parse_board(&bad, STANDARD)
            .unwrap_err()
            .to_string()
            .contains("character 11")
    );
}

#[test]
fn ggf_round_trips_for_random_games_with_passes() {
    let mut with_pass = 0;
    for seed in 0..300 {
        let game = random_game(seed, 60);
        with_pass += usize::from(game.history().contains(&Move::Pass));
        let text = ggf(&game);
        assert_eq!(parse_ggf(&text).unwrap(), game, "{text}");
        assert_eq!(parse_any(&text, STANDARD).unwrap(), game);
    }
    assert!(with_pass > 0);
    // A game from a position where the first mover must pass.
    let position = parse_board(&format!("{:-<64} O", "-OXXXXXX"), STANDARD).unwrap();
    let game = Game::from_position(position);
    assert_eq!(parse_ggf(&ggf(&game)).unwrap(), game);
}

#[test]
fn ggf_reads_real_records_and_ignores_unknown_properties() {
    let record = "(;GM[Othello]PC[NBoard]DT[2024-01-01 10:00:00 GMT]PB[alice]PW[bob]RE[?]TI[15:00]\
                  TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
                  B[F5//1.5]W[d6/-2.00/0.3]B[c3]XX[whatever\\]escaped];)";
    let game = parse_ggf(record).unwrap();
    assert_eq!(transcript(&game), "f5d6c3");
    assert_eq!(parse_ggf("(;GM[Othello];)").unwrap(), Game::new(STANDARD));
}

#[test]
fn a_bad_ggf_says_what_is_wrong() {
    let cases = [
        ("GM[Othello]", "no '(;'"),
        ("(;GM[Chess];)", "not Othello"),
        ("(;GM[Othello]TY[9];)", "not a supported board"),
        ("(;GM[Othello]B[f5]", "not closed"),
        ("(;GM[Othello]B[f5;)", "not closed by ']'"),
        ("(;GM[Othello]BO[8 --- *];)", "not the 64 of its 8×8 board"),
        ("(;GM[Othello]W[f5];)", "Black's turn"),
        ("(;GM[Othello]B[a1];)", "illegal"),
        ("(;GM[Othello]B[zz];)", "not a square"),
        ("(;GM[Othello]B[f5]B[pa];)", "pass"),
        ("(;GM[Othello]=[x];)", "property name"),
    ];
    for (text, expected) in cases {
        let message = parse_ggf(text).unwrap_err().to_string();
        assert!(message.contains(expected), "{text}: {message}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parsers_never_panic_on_arbitrary_text(text in ".{0,200}") {
        let _ = parse_transcript(&text, STANDARD);
        let _ = parse_board(&text, STANDARD);
        let _ = parse_ggf(&text);
        let _ = parse_any(&text, STANDARD);
        let _ = text.parse::<Sq>();
    }

    #[test]
    fn parsers_never_panic_on_near_valid_text(
        text in "[a-hA-H1-9pas\\-xXoO* \\[\\]();BWOTYGM]{0,160}"
    ) {
        let _ = parse_transcript(&text, STANDARD);
        let _ = parse_board(&text, STANDARD);
        let _ = parse_ggf(&format!("(;GM[Othello]{text};)"));
        let _ = parse_any(&text, STANDARD);
    }

    /// Every parser's every error points at where the problem is: the character it names holds
    /// the token, square or character it quotes, and the message says that character's number;
    /// the errors without a place say what the board lacks.
    #[test]
    fn every_error_message_names_its_place(
        text in "[a-jA-J0-9pas\\-xXoO*. \\[\\]();BWTYGM\u{e9}\u{1F600}]{0,90}",
        ggf_body in "[a-hA-H1-8\\[\\]BWTYOGM;:/ \u{e9}]{0,40}",
    ) {
        let ggf_text = format!("(;GM[Othello]{ggf_body};)");
        let errors = [
            (text.clone(), parse_transcript(&text, STANDARD).err()),
            (text.clone(), parse_board(&text, STANDARD).err()),
            (text.clone(), parse_ggf(&text).err()),
            (text.clone(), parse_any(&text, STANDARD).err()),
            (ggf_text.clone(), parse_ggf(&ggf_text).err()),
        ];
        for (text, error) in errors {
            let Some(error) = error else { continue };
            common::check_place(&text, &error)?;
        }
    }
}

mod openings {
    use reversi::rules::notation::parse_transcript;
    use reversi::rules::openings::{named_lines, opening_name, symmetries};
    use reversi::rules::{Game, Sq, Variant};

    const STANDARD: Variant = Variant::STANDARD;

    fn in_orientation(line: &str, symmetry: usize) -> String {
        (0..line.len())
            .step_by(2)
            .map(|i| symmetries(line[i..i + 2].parse::<Sq>().unwrap())[symmetry].to_string())
            .collect()
    }

    #[test]
    fn every_named_line_is_legal_and_named_in_all_four_orientations() {
        for (name, line) in named_lines() {
            for symmetry in 0..4 {
                let text = in_orientation(line, symmetry);
                let game = parse_transcript(&text, STANDARD)
                    .unwrap_or_else(|e| panic!("{name} {text}: {e}"));
                assert_eq!(opening_name(&game), Some(name), "{text}");
            }
        }
    }

    #[test]
    fn the_four_first_moves_are_the_four_orientations() {
        let f5: Sq = "f5".parse().unwrap();
        let firsts: Vec<String> = symmetries(f5).iter().map(|s| s.to_string()).collect();
        assert_eq!(firsts, ["f5", "e6", "d3", "c4"]);
    }

    #[test]
    fn the_deepest_named_line_wins_and_unknown_lines_keep_the_last_name() {
        assert_eq!(
            opening_name(&parse_transcript("f5d6", STANDARD).unwrap()),
            Some("Perpendicular")
        );
        assert_eq!(
            opening_name(&parse_transcript("f5d6c3", STANDARD).unwrap()),
            Some("Perpendicular")
        );
        assert_eq!(
            opening_name(&parse_transcript("f5d6c3d3c4", STANDARD).unwrap()),
            Some("Tiger")
        );
        assert_eq!(
            opening_name(&parse_transcript("f5d6c3d3c4f4f6", STANDARD).unwrap()),
            Some("Stephenson")
        );
        assert_eq!(
            opening_name(&parse_transcript("c4c3", STANDARD).unwrap()),
            Some("Diagonal")
        );
        assert_eq!(opening_name(&Game::new(STANDARD)), None);
        // Another variant's game: no name, whatever its moves.
        let anti = parse_transcript("f5d6c3d3c4", Variant::parse(8, "anti").unwrap()).unwrap();
        assert_eq!(opening_name(&anti), None);
        // Not from the standard start: no name.
        let position =
            reversi::rules::notation::parse_board(&format!("{:-<64} O", "-OXXXXXX"), STANDARD)
                .unwrap();
        assert_eq!(opening_name(&Game::from_position(position)), None);
    }
}

#[test]
fn a_pasted_record_with_leading_spaces_names_the_right_character() {
    let error = parse_any("  f5 zz", STANDARD).unwrap_err();
    assert_eq!(
        error.to_string(),
        "'zz' at character 6 is not a square (a1 … h8) or a pass"
    );
    let error = parse_any("\n (;GM[Chess];)", STANDARD).unwrap_err();
    assert!(error.to_string().starts_with("GGF, character "), "{error}");
}

#[test]
fn a_ggf_move_with_spaces_names_the_moves_own_character() {
    let error = parse_ggf("(;GM[Othello]W[ T];)").unwrap_err();
    assert_eq!(
        error.to_string(),
        "'T' at character 17 is not a square (a1 … h8) or a pass"
    );
}
