//! The shipped opening book against fresh searches, the levels' use of it, and `reversi book`'s
//! commands: a build, its resumption after an interruption, the show, the text form both ways,
//! and a damaged book named.

use crate::common::run_reversi as run;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use reversi::ai::book::{self, Book};
use reversi::ai::{Level, Tuning};
use reversi::rules::Board;

/// The shipped book's last-ply positions are worth what a fresh search of the book's depth gives
/// their best move (a sample of them), and it reaches the plies it says.
#[test]
fn the_shipped_book_agrees_with_fresh_searches() {
    let book = book::shipped().expect("the shipped book reads");
    let s = book.settings;
    assert_eq!(book.deepest_ply(), u32::from(s.plies));
    assert!(book.len() >= 100, "{} positions", book.len());
    let last: Vec<_> = book
        .entries()
        .iter()
        .filter(|e| (e.player | e.opponent).count_ones() - 4 == u32::from(s.plies))
        .collect();
    let mut engine = reversi::ai::Engine::new(20, Arc::new(AtomicBool::new(false)));
    for entry in last.iter().step_by(last.len() / 12 + 1) {
        let board = entry.board();
        engine.clear();
        let scores = engine
            .score_moves(&board, u32::from(s.depth), u32::from(s.exact))
            .unwrap();
        let best = scores.iter().map(|m| m.score).max().unwrap();
        let discs = (best as f64 / 100.0).round() as i8;
        assert_eq!(entry.value, discs, "{board:?}");
        assert_eq!(entry.leaf, discs, "nothing follows the last ply");
    }
}

/// Expert and Maximum play a book move near the book's best at the start and vary with the seed;
/// `no_book` makes them search; the levels below do not use the book.
#[test]
fn expert_and_maximum_play_from_the_book_and_the_others_do_not() {
    let book = book::shipped().unwrap();
    let start = Board::start();
    let moves = book.moves(&start);
    let best = moves[0].value;
    for level in [Level::Expert, Level::Maximum] {
        let within = level.book_within().unwrap();
        for seed in 0..8 {
            let cancel = Arc::new(AtomicBool::new(false));
            let played =
                reversi::ai::choose_move_with(&start, level, seed, cancel, None, Tuning::default())
                    .unwrap();
            let m = moves
                .iter()
                .find(|m| m.square == played)
                .expect("a book move");
            assert!(i32::from(m.value) >= i32::from(best) - within);
        }
    }
    for level in [
        Level::Beginner,
        Level::Novice,
        Level::Intermediate,
        Level::Advanced,
    ] {
        assert_eq!(level.book_within(), None);
    }
    // Without the book Expert searches: still one of the start's four moves.
    let cancel = Arc::new(AtomicBool::new(false));
    let tuning = Tuning {
        no_book: true,
        ..Tuning::default()
    };
    let played =
        reversi::ai::choose_move_with(&start, Level::Advanced, 1, cancel, None, tuning).unwrap();
    assert!(start.legal_moves() & played.bit() != 0);
}

#[test]
fn a_book_is_built_resumed_shown_exchanged_as_text_and_a_damaged_one_named() {
    let dir = std::env::temp_dir().join(format!("reversi-book-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("book.bin");
    let out = out.to_str().unwrap();
    let build = [
        "book",
        "build",
        "--out",
        out,
        "--plies",
        "3",
        "--depth",
        "3",
        "--width",
        "4",
        "--threads",
        "2",
    ];
    let (code, stdout, stderr) = run(&build);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("to ply 3 written"), "{stdout}");
    assert!(stderr.contains("positions/s"), "progress: {stderr}");
    let whole = std::fs::read(out).unwrap();

    // An interrupted build: half the positions scored, the last line cut short.
    let partial = format!("{out}.partial");
    let scored: Vec<String> = {
        let config = reversi::ai::book::build::BuildConfig {
            plies: 3,
            depth: 3,
            exact: 20,
            width: 4,
            threads: 1,
        };
        let mut lines = Vec::new();
        reversi::ai::book::build::build(
            &config,
            Vec::new(),
            |batch| lines.extend(batch.iter().map(|s| s.to_line())),
            |_| {},
        );
        lines
    };
    let mut text: String = scored[..scored.len() / 2]
        .iter()
        .map(|l| l.clone() + "\n")
        .collect();
    text.push_str(&scored[scored.len() / 2][..20]);
    std::fs::write(&partial, text).unwrap();
    std::fs::remove_file(out).unwrap();
    let (code, _, stderr) = run(&build);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("resuming with"), "{stderr}");
    assert_eq!(std::fs::read(out).unwrap(), whole, "the same book");
    assert!(!std::path::Path::new(&partial).exists());

    let (code, stdout, _) = run(&["book", "show", "--book", out, "f5"]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("after f5: value"), "{stdout}");
    assert!(
        stdout.lines().any(|l| l.trim_start().starts_with("d6 ")),
        "{stdout}"
    );

    let text = dir.join("book.txt");
    let back = dir.join("back.bin");
    let (text, back) = (text.to_str().unwrap(), back.to_str().unwrap());
    assert_eq!(run(&["book", "export", out, "--out", text]).0, Some(0));
    assert_eq!(run(&["book", "import", text, "--out", back]).0, Some(0));
    assert_eq!(std::fs::read(back).unwrap(), whole);

    std::fs::write(out, &whole[..whole.len() - 3]).unwrap();
    let (code, _, stderr) = run(&["book", "show", "--book", out]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("book.bin") && stderr.contains("bytes"),
        "{stderr}"
    );
    assert!(Book::from_bytes(&whole[..whole.len() - 3]).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_book_commands_use_the_built_in_book_without_a_file() {
    let shipped = reversi::ai::book::shipped().expect("the game's own book");
    // `book show f5` names the built-in book's moves after f5, as with the file it is built from.
    let (code, stdout, stderr) = run(&["book", "show", "f5"]);
    assert_eq!(code, Some(0), "{stderr}");
    let (_, from_file, _) = run(&["book", "show", "--book", "assets/book/book.bin", "f5"]);
    assert_eq!(stdout, from_file);
    assert!(
        stdout.starts_with(&format!("{} positions", shipped.len())),
        "{stdout}"
    );
    // Exported without a file: the built-in book's text.
    let dir = std::env::temp_dir().join(format!("reversi-book-shipped-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = dir.join("book.txt");
    let (code, _, stderr) = run(&["book", "export", "--out", text.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(std::fs::read_to_string(&text).unwrap(), shipped.to_text());
    std::fs::remove_dir_all(&dir).unwrap();
}
