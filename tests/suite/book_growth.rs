//! A book grown from games (`learn`, `extend`) against a negamax reference, its values checked
//! against fresh searches (`check`), opening practice's judgement and replies, the named lines
//! from a position, and `reversi book learn | extend | check` on the command line.

use crate::common::run_reversi as run;
use std::collections::HashSet;

use reversi::ai::book::build::{BuildConfig, build};
use reversi::ai::book::learn::{Growth, learn, path};
use reversi::ai::book::practice::{Learned, Verdict, judge, line_over, reply};
use reversi::ai::book::{self, Book, NO_LEAF};
use reversi::rules::openings::{find, lines_from, slug};
use reversi::rules::{Board, Sq, squares};

fn moves(text: &str) -> Vec<Sq> {
    (0..text.len())
        .step_by(2)
        .map(|i| text[i..i + 2].parse().unwrap())
        .collect()
}

fn small_config() -> BuildConfig {
    BuildConfig {
        plies: 2,
        depth: 2,
        exact: 20,
        width: 0,
        threads: 2,
    }
}

/// Where a move leads for a book: the next board, passes made (`None` when the game is over).
fn child(board: &Board, square: Sq) -> Option<(Board, bool)> {
    let next = board.play(square);
    if next.legal_moves() != 0 {
        return Some((next, false));
    }
    let passed = next.pass();
    (passed.legal_moves() != 0).then_some((passed, true))
}

/// Every value of `book` is the negamax of its moves into the book and its best move left out.
fn assert_backed_up(book: &Book) {
    for e in book.entries() {
        let board = e.board();
        let inside = squares(board.legal_moves()).filter_map(|square| {
            let (next, again) = child(&board, square)?;
            let v = i32::from(book.get(&next)?.value);
            Some(if again { v } else { -v })
        });
        let leaf = (e.leaf != NO_LEAF).then_some(i32::from(e.leaf));
        let best = inside.chain(leaf).max();
        assert_eq!(best, Some(i32::from(e.value)), "{board:?}");
    }
}

#[test]
fn learning_adds_each_games_positions_and_backs_every_value_up_again() {
    let config = small_config();
    let small = build(&config, Vec::new(), |_| {}, |_| {});
    assert_backed_up(&small);
    let game = moves("f5f6e6f4e3c5c4e7");
    let paths = vec![path(&game, 8)];
    assert_eq!(paths[0].len(), 9);
    let growth = Growth {
        plies: 8,
        width: None,
    };
    let (learned, grown) = learn(&small, &paths, growth, &config);
    assert_backed_up(&learned);
    // Every position the game played on is in the book now, and the book's own are kept.
    for board in &paths[0] {
        assert!(learned.get(board).is_some(), "{board:?}");
    }
    for e in small.entries() {
        let board = e.board();
        assert!(learned.get(&board).is_some());
    }
    assert_eq!(learned.len(), small.len() + grown.added);
    assert!(grown.added >= 5, "{grown:?}");
    // Learning the same game again adds nothing.
    let (again, grown) = learn(&learned, &paths, growth, &config);
    assert_eq!(grown.added, 0);
    assert_eq!(again, learned);
    // Extending also takes each position's moves within the width: a superset of learning's.
    let wide = Growth {
        plies: 8,
        width: Some(2),
    };
    let (extended, _) = learn(&small, &paths, wide, &config);
    assert_backed_up(&extended);
    let learned_set: HashSet<(u64, u64)> = learned
        .entries()
        .iter()
        .map(|e| (e.player, e.opponent))
        .collect();
    assert!(
        extended
            .entries()
            .iter()
            .filter(|e| learned_set.contains(&(e.player, e.opponent)))
            .count()
            == learned.len()
    );
    assert!(extended.len() > learned.len());
}

#[test]
fn a_path_stops_at_its_plies_and_at_a_move_that_is_not_legal() {
    let game = moves("f5d6c3d3c4");
    assert_eq!(path(&game, 3).len(), 4, "the start and three moves");
    assert_eq!(path(&game, 30).len(), 6);
    assert_eq!(path(&moves("f5a1c3"), 30).len(), 2, "a1 is no move");
    assert_eq!(path(&game, 30)[0], Board::start().canonical());
}

#[test]
fn the_check_finds_the_book_values_of_searched_positions_as_a_fresh_search_does() {
    let config = BuildConfig {
        plies: 3,
        depth: 4,
        exact: 20,
        width: 2,
        threads: 2,
    };
    let book = build(&config, Vec::new(), |_| {}, |_| {});
    let checked = book::check::check(&book, 1000, 1, 2);
    assert_eq!(checked.all.positions, book.len());
    assert!(checked.searched.positions > 0);
    // Rounded to whole discs: at most half a disc apart.
    assert!(checked.searched.max <= 0.5, "{checked}");
    assert!(checked.all.max >= checked.searched.max);
    assert_eq!(checked.solved.positions, 0);
    assert!(checked.to_string().contains("none in the sample"));
}

#[test]
fn practice_judges_moves_by_the_book_and_the_computer_follows_the_line() {
    let book = book::shipped().unwrap();
    let start = Board::start();
    // The four first moves are one and the same by symmetry: each is the best.
    for square in squares(start.legal_moves()) {
        assert!(matches!(judge(book, &start, square), Verdict::Best { .. }));
    }
    // After f5 d6: the book's best, a book move a disc below it (fine), and c7, left out of the
    // book (a mistake, worth at most the best move left out).
    let board = start.play(moves("f5")[0]).play(moves("d6")[0]);
    let book_moves = book.moves(&board);
    let best = book_moves[0];
    assert!(matches!(
        judge(book, &board, best.square),
        Verdict::Best { value } if value == i32::from(best.value)
    ));
    for m in &book_moves[1..] {
        let loss = i32::from(best.value - m.value);
        match judge(book, &board, m.square) {
            Verdict::Fine {
                loss: l, best: b, ..
            } => assert!(l == loss && l <= 2 && b == best.square),
            Verdict::Mistake { loss: l, .. } => assert!(l == loss && l > 2),
            Verdict::Best { .. } => assert_eq!(loss, 0),
            Verdict::Unknown => panic!("a book move is judged"),
        }
    }
    let entry = book.get(&board).unwrap();
    let c7 = moves("c7")[0];
    assert!(book_moves.iter().all(|m| m.square != c7));
    match judge(book, &board, c7) {
        Verdict::Mistake {
            loss,
            best: better,
            best_value,
            value,
        } => {
            assert_eq!(better, best.square);
            assert_eq!(best_value, i32::from(entry.value));
            assert!(value <= i32::from(entry.leaf));
            assert!(loss > 2);
        }
        other => panic!("{other:?}"),
    }
    // Past the book nothing is judged.
    let late = reversi::rules::notation::parse_transcript(
        "f5f4c3c6g3c4e3g5g6f3f2g4h3d2d6h4e2f1c1d1",
        reversi::rules::Variant::STANDARD,
    )
    .unwrap()
    .position()
    .to_board()
    .unwrap();
    let any = squares(late.legal_moves()).next().unwrap();
    assert_eq!(judge(book, &late, any), Verdict::Unknown);
    // The Tiger's moves while the game follows it, whatever the book prefers.
    let tiger = moves("f5d6c3d3c4");
    let mut board = start;
    for i in 0..tiger.len() {
        let next = reply(book, &board, &tiger[..i], Some("Tiger"), 3).unwrap();
        assert_eq!(next, tiger[i]);
        assert!(!line_over(book, &board, &tiger[..i], Some("Tiger")));
        board = board.play(next);
    }
    assert!(line_over(book, &board, &tiger, Some("Tiger")));
    // Any book line: book moves until the book has none.
    let mut board = start;
    let mut played = Vec::new();
    while !line_over(book, &board, &played, None) {
        let next = reply(book, &board, &played, None, 5).unwrap();
        assert!(book.moves(&board).iter().any(|m| m.square == next));
        played.push(next);
        board = board.play(next);
    }
    assert!(played.len() >= 8, "{played:?}");
}

#[test]
fn learned_openings_are_saved_by_name_and_unknown_names_dropped() {
    let learned = Learned(["Leader's Tiger", "Tiger", "Snake (Peasant)"].into());
    let text = learned.to_text();
    assert_eq!(text, "leader-s-tiger snake-peasant tiger");
    assert_eq!(Learned::from_text(&text), learned);
    assert_eq!(
        Learned::from_text("tiger no-such-opening"),
        Learned(["Tiger"].into())
    );
    assert_eq!(slug("Rose-v-Toth"), "rose-v-toth");
    assert_eq!(find("ROSE-V-TOTH"), Some("Rose-v-Toth"));
    assert_eq!(find("leader's tiger"), Some("Leader's Tiger"));
    assert_eq!(find("tigers"), None);
}

#[test]
fn the_named_lines_from_a_position_follow_its_orientation() {
    // After e6 (the f5 line turned on the diagonal), the Tiger goes on with f4.
    let onward = lines_from(&moves("e6"));
    let tiger = onward.iter().find(|l| l.name == "Tiger").unwrap();
    assert_eq!(tiger.next.to_string(), "f4");
    assert_eq!(tiger.length, 5);
    // Shortest first, and none that does not go on from here.
    assert!(onward.windows(2).all(|w| w[0].length <= w[1].length));
    assert!(lines_from(&moves("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1")).is_empty());
    // From the start every name goes on.
    assert_eq!(
        lines_from(&[]).len(),
        reversi::rules::openings::names().len()
    );
}

#[test]
fn book_learn_extend_and_check_on_the_command_line() {
    let dir = std::env::temp_dir().join(format!("reversi-book-grow-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path_of = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (small, learned, extended, games) = (
        path_of("small.bin"),
        path_of("learned.bin"),
        path_of("extended.bin"),
        path_of("games.ggf"),
    );
    let built = run(&[
        "book", "build", "--out", &small, "--plies", "2", "--depth", "2", "--width", "0",
    ]);
    assert_eq!(built.0, Some(0), "{}", built.2);
    // Two records, one of them not a game.
    std::fs::write(
        &games,
        "(;GM[Othello]PC[test]TY[8]B[f5]W[f6]B[e6]W[f4]B[e3];)\n(;GM[Othello]B[z9];)\n",
    )
    .unwrap();
    let (code, stdout, stderr) = run(&["book", "learn", &small, &games, "--out", &learned]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("1 games learned (1 skipped)"), "{stdout}");
    assert!(stderr.contains("game 2 skipped"), "{stderr}");
    let (code, stdout, _) = run(&["book", "show", "--book", &learned, "f5f6e6f4"]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("after f5f6e6f4: value"), "{stdout}");
    let (code, _, stderr) = run(&[
        "book", "extend", &small, &games, "--out", &extended, "--width", "1",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let (code, stdout, _) = run(&["book", "check", &extended, "--sample", "10"]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("mean difference"), "{stdout}");
    // Nothing to learn, and a damaged book: named, nothing written.
    std::fs::write(&games, "(;GM[Othello]B[z9];)\n").unwrap();
    let (code, _, stderr) = run(&["book", "learn", &small, &games]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("no 8×8 Othello game"), "{stderr}");
    std::fs::write(&small, b"RVBOOK1\n").unwrap();
    let (code, _, stderr) = run(&["book", "learn", &small, &games]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("small.bin"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The browser build installs the book it fetches; a file that is not a book is refused, and a
/// second book does not replace the first.
#[test]
fn a_fetched_book_is_installed_once_and_a_bad_one_refused() {
    let shipped = book::shipped().expect("the native build has its book");
    let refused = book::install(b"not a book").unwrap_err();
    assert!(refused.contains("RVBOOK1"), "{refused}");
    let again = book::install(&shipped.to_bytes()).unwrap_err();
    assert!(again.contains("already"), "{again}");
    assert_eq!(book::shipped().unwrap().len(), shipped.len());
}
