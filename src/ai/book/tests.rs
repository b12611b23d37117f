//! The book: its binary and text forms read back as written and refuse what is broken, its moves
//! and choices, and a small build whose values agree with fresh searches and a plain negamax.

use super::build::{BuildConfig, Scored, build};
use super::*;

fn sq(name: &str) -> Sq {
    name.parse().unwrap()
}

fn small() -> (Book, Vec<Scored>) {
    let config = BuildConfig {
        plies: 4,
        depth: 4,
        exact: 0,
        width: 8,
        threads: 2,
    };
    let mut scored = Vec::new();
    let book = build(&config, Vec::new(), |s| scored.extend_from_slice(s), |_| {});
    (book, scored)
}

#[test]
fn a_small_build_backs_up_fresh_search_scores_by_negamax() {
    let (book, scored) = small();
    assert_eq!(
        book.len(),
        scored.len(),
        "every scored position is in the book"
    );
    assert_eq!(book.deepest_ply(), 4);
    // The start's four moves are symmetric: the book knows all of them, worth the same.
    let start = Board::start();
    let moves = book.moves(&start);
    assert_eq!(moves.len(), 4);
    assert!(moves.iter().all(|m| m.value == moves[0].value));
    // Each position's value is the best of its moves: a book move's value, else its search
    // score; and each search score is what a fresh search of that depth gives.
    let mut engine = crate::ai::Engine::new(
        20,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    );
    for s in scored.iter().step_by(7) {
        let entry = book.get(&s.board).expect("in the book");
        let book_moves = book.moves(&s.board);
        let mut best = i32::MIN;
        for &(square, score) in &s.moves {
            let v = match book_moves.iter().find(|m| m.square == square) {
                Some(m) => i32::from(m.value) * 100,
                None => score,
            };
            best = best.max(v);
        }
        assert!(
            (i32::from(entry.value) * 100 - best).abs() <= 50,
            "{s:?}: {entry:?}"
        );
        engine.clear();
        let fresh: Vec<(Sq, i32)> = engine
            .score_moves(&s.board, 4, 0)
            .unwrap()
            .into_iter()
            .map(|m| (m.square, m.score))
            .collect();
        let mut want = s.moves.clone();
        want.sort();
        let mut got = fresh;
        got.sort();
        assert_eq!(got, want, "{}", s.to_line());
    }
}

#[test]
fn a_resumed_build_is_the_same_book() {
    let (book, scored) = small();
    let config = BuildConfig {
        plies: 4,
        depth: 4,
        exact: 0,
        width: 8,
        threads: 1,
    };
    let half: Vec<Scored> = scored[..scored.len() / 2].to_vec();
    let mut searched = 0;
    let again = build(&config, half.clone(), |s| searched += s.len(), |_| {});
    assert_eq!(again, book);
    assert_eq!(
        searched,
        scored.len() - half.len(),
        "the resumed ones are not searched"
    );
    for s in &scored {
        assert_eq!(Scored::from_line(&s.to_line()).as_ref(), Ok(s));
    }
    // A build resumed from a deeper one's positions keeps to its own plies.
    let shallower = BuildConfig { plies: 3, ..config };
    let three = build(&shallower, scored.clone(), |s| searched += s.len(), |_| {});
    assert_eq!(three.deepest_ply(), 3);
    assert!(three.len() < book.len());
}

#[test]
fn the_binary_and_text_forms_read_back_and_refuse_what_is_broken() {
    let (book, _) = small();
    let bytes = book.to_bytes();
    assert_eq!(Book::from_bytes(&bytes), Ok(book.clone()));
    assert_eq!(Book::from_text(&book.to_text()), Ok(book.clone()));
    assert!(
        Book::from_bytes(&bytes[..bytes.len() - 1]).is_err(),
        "cut short"
    );
    assert!(Book::from_bytes(b"RVBOOK2\n").is_err(), "not a book");
    let mut twice = bytes.clone();
    let first = twice[HEADER..HEADER + RECORD].to_vec();
    twice[HEADER + RECORD..HEADER + 2 * RECORD].copy_from_slice(&first);
    assert!(
        Book::from_bytes(&twice)
            .unwrap_err()
            .contains("out of order")
    );
    let mut overlap = bytes.clone();
    let player = overlap[HEADER..HEADER + 8].to_vec();
    overlap[HEADER + 8..HEADER + 16].copy_from_slice(&player);
    assert!(Book::from_bytes(&overlap).is_err());
    let mut value = bytes;
    value[HEADER + 16] = 100;
    assert!(Book::from_bytes(&value).unwrap_err().contains("100 discs"));
    assert!(
        Book::from_text("xx O 1 -")
            .unwrap_err()
            .starts_with("line 1")
    );
}

#[test]
fn choices_stay_within_the_loss_allowed_and_follow_the_seed() {
    let (book, _) = small();
    let board = Board::start().play(sq("f5"));
    let moves = book.moves(&board);
    assert!(moves.len() >= 2, "{moves:?}");
    let best = moves[0].value;
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let square = book.choose(&board, 0, seed).unwrap();
        let value = moves.iter().find(|m| m.square == square).unwrap().value;
        assert_eq!(value, best);
        assert_eq!(
            book.choose(&board, 0, seed),
            Some(square),
            "the same for a seed"
        );
        seen.insert(book.choose(&board, 64, seed).unwrap());
    }
    assert!(
        seen.len() >= 2,
        "a wide choice varies with the seed: {seen:?}"
    );
    // Not in the book: no choice.
    let far = Board::start()
        .play(sq("f5"))
        .play(sq("d6"))
        .play(sq("c3"))
        .play(sq("d3"))
        .play(sq("c4"));
    assert_eq!(book.choose(&far, 2, 1), None);
}

#[test]
fn a_game_leaves_the_book_at_its_first_move_the_book_does_not_hold() {
    let (book, _) = small();
    let mut board = Board::start();
    let mut placed = Vec::new();
    // Book moves to the book's last ply (the best each time), then any move: past the book.
    for _ in 0..4 {
        let square = book.moves(&board)[0].square;
        placed.push((board, square));
        board = board.play(square);
    }
    assert_eq!(book.left_at(placed.clone()), None, "still in the book");
    assert!(
        book.moves(&board).is_empty(),
        "the last ply is not followed"
    );
    let outside = squares(board.legal_moves()).next().expect("a move");
    placed.push((board, outside));
    assert_eq!(book.left_at(placed), Some((5, outside)));
}
