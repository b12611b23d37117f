//! The engine in the game: its moves off the frame, stale results dropped, hints and the analysis.

use super::*;

#[test]
fn an_ai_move_arrives_through_the_task() {
    let mut app = headless_app(MatchSettings::human_vs_ai(Player::White, Level::Novice));
    let arrived = run_until(&mut app, Duration::from_secs(20), |app| {
        rules(app).history().len() == 1
    });
    assert!(arrived, "the AI (black) played its first move");
    settle(&mut app);
    assert_eq!(*app.world().resource::<Phase>(), Phase::WaitingForHuman);
    assert_discs_match(&mut app);
}

#[test]
fn a_result_requested_before_a_new_game_is_discarded() {
    let mut app = app_out_of_book(MatchSettings::ai_vs_ai(Level::Maximum, Level::Maximum));
    // Let the search start, then start a new game for two humans.
    let search = search_in_flight(&mut app);
    let old_generation = app.world().resource::<Generation>().0;
    app.world_mut()
        .write_message(NewGameRequested(MatchSettings::two_humans()));
    assert_cancelled(&mut app, &search);
    assert_eq!(
        rules(&app),
        Game::new(Variant::STANDARD),
        "no AI move landed in the new game"
    );
    assert_eq!(
        count::<With<reversi::game::ai_player::AiSearch>>(&mut app),
        0
    );
    // A late result tagged with the old generation is dropped even when it arrives.
    app.world_mut()
        .insert_resource(MatchSettings::ai_vs_ai(Level::Beginner, Level::Beginner));
    app.world_mut().write_message(PlaceRequested {
        square: sq("f5"),
        by: Requester::Ai {
            generation: old_generation,
        },
    });
    app.update();
    assert!(rules(&app).history().is_empty());
}

#[test]
fn undo_while_the_ai_thinks_cancels_its_search() {
    let mut app = app_out_of_book(MatchSettings::human_vs_ai(Player::Black, Level::Maximum));
    let first = rules(&app).position().legal_squares()[0];
    place(&mut app, first);
    let search = search_in_flight(&mut app);
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    assert_cancelled(&mut app, &search);
    assert_eq!(
        rules(&app).history(),
        out_of_book().history(),
        "the search's move never lands"
    );
    assert_eq!(
        count::<With<reversi::game::ai_player::AiSearch>>(&mut app),
        0
    );
    assert_eq!(*app.world().resource::<Phase>(), Phase::WaitingForHuman);
    assert_discs_match(&mut app);
}

/// A game showing `game`, with hints on until they are all exact, and the hints.
fn exact_hints(game: &Game) -> (App, reversi::game::hints::Hints) {
    let mut app = headless_app(MatchSettings::two_humans());
    app.world_mut()
        .write_message(reversi::game::LoadRequested(game.clone()));
    app.world_mut().resource_mut::<GameSettings>().show_hints = true;
    let solved = run_until(&mut app, Duration::from_secs(60), |app| {
        let hints = app.world().resource::<reversi::game::hints::Hints>();
        !hints.scores.is_empty() && hints.scores.iter().all(|m| m.exact)
    });
    assert!(solved, "the hints reached exact scores");
    let hints = app
        .world()
        .resource::<reversi::game::hints::Hints>()
        .clone();
    (app, hints)
}

#[test]
fn hints_on_6x6_equal_the_generic_solvers_scores() {
    let six: Variant = "6x6".parse().unwrap();
    let mut game = Game::new(six);
    let mut random = RandomPlay::new(5);
    while game.position().empties() > 10 {
        random.play(&mut game);
    }
    assert!(!game.is_over());
    let (_, hints) = exact_hints(&game);
    let position = game.position();
    assert_eq!(hints.scores.len(), position.legal_squares().len());
    for hint in &hints.scores {
        let child = position.play(hint.square);
        let (score, _, _) = reversi::ai::variant::solve(
            &child,
            std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
        )
        .unwrap();
        assert_eq!(hint.score, -score * 100, "hint on {}", hint.square);
    }
}

#[test]
fn a_loaded_game_replaces_the_board_and_stale_searches() {
    // The AI (black) is thinking about its move when a game is loaded.
    let mut app = app_out_of_book(MatchSettings::human_vs_ai(Player::White, Level::Maximum));
    let search = search_in_flight(&mut app);
    let generation = app.world().resource::<Generation>().0;
    let loaded = notation::parse_any(
        "(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[c4]W[e3]B[f6];)",
        Variant::STANDARD,
    )
    .unwrap();
    app.world_mut()
        .write_message(reversi::game::LoadRequested(loaded.clone()));
    settle(&mut app);
    assert_cancelled(&mut app, &search);
    // White (the human) is to move in the loaded game: the old search's move never landed.
    assert_eq!(rules(&app), loaded);
    assert!(app.world().resource::<Generation>().0 > generation);
    assert_eq!(
        count::<With<reversi::game::ai_player::AiSearch>>(&mut app),
        0
    );
    assert_discs_match(&mut app);
}

#[test]
fn hints_for_a_solved_position_equal_the_solvers_scores() {
    // A late position reached by seeded random play (12 empties, a human to move).
    let mut game = Game::new(Variant::STANDARD);
    let mut random = RandomPlay::new(99);
    while game.position().empties() > 12 {
        random.play(&mut game);
    }
    assert!(!game.is_over());
    let (mut app, hints) = exact_hints(&game);
    let board = game.position().to_board().unwrap();
    assert_eq!(
        hints.scores.len(),
        board.legal_moves().count_ones() as usize,
        "one hint per legal move"
    );
    for hint in &hints.scores {
        let child = board.play(hint.square.sq().unwrap());
        let mut solver = reversi::ai::endgame::Solver::new(
            reversi::ai::tt::TranspositionTable::new(16),
            std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
        );
        let exact = -solver
            .solve(child.player, child.opponent, -64, 64)
            .unwrap()
            .0;
        assert_eq!(hint.score, exact * 100, "hint on {}", hint.square);
    }
    // The values stand where the legal-move dots would: no dot under a number.
    app.update();
    let dots = count::<With<reversi::game::markers::LegalMarker>>;
    assert_eq!(dots(&mut app), 0, "a dot under a hint's value");
    // Hints go away when switched off, and the dots come back.
    app.world_mut().resource_mut::<GameSettings>().show_hints = false;
    app.update();
    app.update();
    assert!(
        app.world()
            .resource::<reversi::game::hints::Hints>()
            .scores
            .is_empty()
    );
    assert_eq!(dots(&mut app), hints.scores.len());
}

#[test]
fn analysing_a_game_reviews_every_move_and_jumping_keeps_the_analysis() {
    use reversi::game::analysis::{AnalyseRequested, Analysis};
    let mut app = headless_app(MatchSettings::two_humans());
    let game = parse_transcript("f5d6c3d3c4f4f6f3e6e7").unwrap();
    app.world_mut()
        .write_message(reversi::game::LoadRequested(game.clone()));
    app.update();
    app.world_mut().write_message(AnalyseRequested(None));
    let done = run_until(&mut app, Duration::from_secs(60), |app| {
        let analysis = app.world().resource::<Analysis>();
        !analysis.running && analysis.reviews.len() == 10
    });
    assert!(done, "all ten moves reviewed");
    let reviews = app.world().resource::<Analysis>().reviews.clone();
    assert!(reviews.iter().all(|r| r.loss >= 0));
    assert_eq!(
        reviews.iter().map(|r| r.index).collect::<Vec<_>>(),
        (0..10).collect::<Vec<_>>()
    );
    // Jump back to the position after three moves: the analysis of the whole line stays.
    app.world_mut()
        .write_message(reversi::game::JumpRequested { plays: 3 });
    settle(&mut app);
    assert_eq!(rules(&app).history().len(), 3);
    assert_eq!(rules(&app).redo_stack().len(), 7);
    assert_eq!(app.world().resource::<Analysis>().reviews.len(), 10);
    assert_discs_match(&mut app);
    // Before each move the board shows the best one when the move lost discs: the review's best
    // move is a legal move there that scores the review's loss better than the move played.
    assert!(reviews.iter().any(|r| r.loss > 0), "the line has a mistake");
    for plays in 0..10 {
        app.world_mut()
            .write_message(reversi::game::JumpRequested { plays });
        settle(&mut app);
        let game = rules(&app);
        let analysis = app.world().resource::<Analysis>();
        let review = reviews
            .iter()
            .find(|r| r.index == game.history().len())
            .unwrap();
        assert!(
            game.position().is_legal(review.best),
            "{plays}: {}",
            review.best
        );
        match analysis.mistake_here(&game) {
            Some(shown) => {
                assert!(shown.loss > 0);
                assert_eq!(shown.best, review.best);
                assert_ne!(Some(&Move::Play(review.best)), game.redo_stack().last());
            }
            None => assert_eq!(review.loss, 0, "{plays}"),
        }
    }
    app.world_mut()
        .write_message(reversi::game::JumpRequested { plays: 3 });
    settle(&mut app);
    // Playing a different move makes it a different game: the analysis is dropped.
    let other = rules(&app)
        .position()
        .legal_squares()
        .into_iter()
        .find(|&s| s != sq("d3"))
        .unwrap();
    place(&mut app, other);
    settle(&mut app);
    assert!(app.world().resource::<Analysis>().reviews.is_empty());
}
