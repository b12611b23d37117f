//! Opening practice on the board: the computer plays the line, the player's moves are judged by
//! the book and played, a line without a mistake is learned and saved, and the game put aside
//! comes back. And the openings explorer's view of a position.

use super::*;
use reversi::ai::book::practice::Verdict;
use reversi::game::practice::{
    OpeningsLearned, Practice, PracticeLine, PracticeRequest, PracticeRun,
};

fn practice(app: &App) -> Practice {
    app.world()
        .resource::<PracticeRun>()
        .0
        .clone()
        .expect("practice is on the board")
}

fn learned(app: &App) -> Vec<&'static str> {
    let learned = app.world().resource::<OpeningsLearned>();
    learned.0.0.iter().copied().collect()
}

fn transcript(app: &App) -> String {
    notation::transcript(&rules(app))
}

/// Runs frames until the game has `moves` moves and nothing animates.
fn until_moves(app: &mut App, moves: usize) {
    for _ in 0..200 {
        app.update();
        if rules(app).history().len() >= moves
            && *app.world().resource::<Phase>() != Phase::Animating
        {
            app.update();
            return;
        }
    }
    panic!("the game stayed at {}", transcript(app));
}

#[test]
fn practice_plays_the_line_judges_each_move_and_keeps_a_line_learned() {
    let dir = std::env::temp_dir().join(format!("reversi-practice-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with_saves(&dir);
    place(&mut app, sq("f5"));
    settle(&mut app);
    let game_in_progress = rules(&app);

    // The Tiger as Black: the game put aside, a new one from the start.
    app.world_mut().write_message(PracticeRequest::Start(
        PracticeLine::Named("Tiger"),
        Player::Black,
    ));
    settle(&mut app);
    assert!(rules(&app).history().is_empty());
    // The player's f5, judged and played; the computer answers with the line's move.
    place(&mut app, sq("f5"));
    until_moves(&mut app, 2);
    assert_eq!(
        transcript(&app),
        "f5d6",
        "the computer answers the line's d6"
    );
    assert!(matches!(
        practice(&app).last.map(|j| j.verdict),
        Some(Verdict::Best { .. })
    ));
    // c7 is legal but leaves the book far behind: a mistake, the book's c5 (its best) and the
    // line's c3 named, and the move played all the same. Past the book the line ends.
    place(&mut app, sq("c7"));
    until_moves(&mut app, 3);
    let p = practice(&app);
    let judged = p.last.unwrap();
    assert_eq!(judged.square, sq("c7"));
    match judged.verdict {
        Verdict::Mistake { loss, best, .. } => {
            assert!(loss > 2);
            assert_eq!(best.to_string(), "c5");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(judged.line_move, Some(sq("c3")));
    assert_eq!(p.mistakes, 1);
    assert!(p.over && !p.learned(), "{p:?}");
    assert_eq!(transcript(&app), "f5d6c7");
    assert!(learned(&app).is_empty());

    // Again, without a mistake: learned, and saved.
    app.world_mut().write_message(PracticeRequest::Again);
    settle(&mut app);
    assert!(rules(&app).history().is_empty());
    assert_eq!(practice(&app).mistakes, 0);
    for (square, moves) in [("f5", 2), ("c3", 4), ("c4", 5)] {
        place(&mut app, sq(square));
        until_moves(&mut app, moves);
    }
    assert_eq!(transcript(&app), "f5d6c3d3c4");
    let p = practice(&app);
    assert!(p.over && p.learned(), "{p:?}");
    assert_eq!(learned(&app), ["Tiger"]);
    // A move after the line's end is not taken.
    place(&mut app, sq("f4"));
    settle(&mut app);
    assert_eq!(transcript(&app), "f5d6c3d3c4");
    for _ in 0..10 {
        app.update();
    }
    let saved = std::fs::read_to_string(dir.join("save.txt")).unwrap();
    assert!(saved.contains("openings tiger"), "{saved}");

    // Leaving brings back the game in progress.
    app.world_mut().write_message(PracticeRequest::Leave);
    settle(&mut app);
    assert_eq!(rules(&app), game_in_progress);
    assert!(!app.world().resource::<PracticeRun>().active());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn as_white_the_computer_opens_and_any_book_line_ends_where_the_book_does() {
    let mut app = headless_app(MatchSettings::two_humans());
    app.world_mut()
        .write_message(PracticeRequest::Start(PracticeLine::AnyBook, Player::White));
    until_moves(&mut app, 1);
    let book = reversi::ai::book::shipped().unwrap();
    // Each of the player's moves: the book's best, so never a mistake.
    for _ in 0..40 {
        // The computer may have answered at once: its move animates first.
        settle(&mut app);
        let p = practice(&app);
        if p.over {
            break;
        }
        let game = rules(&app);
        if game.to_move() == Player::White {
            let board = game.position().to_board().unwrap();
            let best = book.moves(&board)[0].square;
            let before = game.history().len();
            place(&mut app, Square::from_sq(best));
            until_moves(&mut app, before + 1);
        } else {
            let before = game.history().len();
            until_moves(&mut app, before + 1);
        }
    }
    let p = practice(&app);
    assert!(p.over, "{}", transcript(&app));
    assert_eq!(p.mistakes, 0);
    let board = rules(&app).position().to_board().unwrap();
    assert!(book.moves(&board).is_empty(), "it ends where the book does");
    // Any line teaches the named opening it went through, if it went through one.
    let named = reversi::rules::openings::opening_name(&rules(&app));
    assert_eq!(learned(&app), named.into_iter().collect::<Vec<_>>());
}

#[test]
fn the_explorer_lists_the_books_moves_and_the_named_lines_from_the_position() {
    use reversi::ui::explorer::explore;
    let start = explore(&Game::new(Variant::STANDARD));
    let moves = start.book.expect("the book knows the start").moves;
    assert_eq!(moves.len(), 4, "the four first moves, one by symmetry");
    let tiger_start = parse_transcript("f5d6").unwrap();
    let explored = explore(&tiger_start);
    let moves = explored.book.unwrap().moves;
    assert!(moves.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
    assert!(
        explored
            .lines
            .iter()
            .any(|l| l.name == "Tiger" && Square::from_sq(l.next) == sq("c3"))
    );
    // Past the book and past every name: nothing to show, no panic.
    let late = explore(&out_of_book());
    assert!(late.book.is_none() && late.lines.is_empty());
    // Another board: nothing.
    let small = explore(&Game::new(Variant::STANDARD.with_size(6).unwrap()));
    assert_eq!(small, Default::default());
}
