//! The lessons: wrong tries explained, progress saved, the game put aside and brought back.

use super::*;

fn lessons_done(app: &App) -> Vec<u8> {
    let done = app.world().resource::<reversi::game::lesson::LessonsDone>();
    done.0.0.iter().copied().collect()
}

#[test]
fn lessons_2_and_4_explain_wrong_tries_complete_on_the_right_ones_and_are_saved() {
    use reversi::game::lesson::{Feedback, LessonRequest, Stage};
    use reversi::lessons::{NotLegal, Verdict};
    let dir = std::env::temp_dir().join(format!("reversi-lessons-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with_saves(&dir);
    place(&mut app, sq("f5"));
    settle(&mut app);
    let game_in_progress = rules(&app);

    // Lesson 2: Black's four first moves. The game in progress is put aside.
    app.world_mut().write_message(LessonRequest::Start(2));
    settle(&mut app);
    let start = Game::new(Variant::STANDARD);
    assert_eq!(rules(&app), start);
    assert_discs_match(&mut app);
    // A wrong square is explained and changes nothing.
    try_square(&mut app, "c5");
    let run = lesson(&app);
    assert_eq!(
        run.feedback,
        Some(Feedback::Try(Verdict::NotLegal(
            sq("c5"),
            NotLegal::NoAnchor
        )))
    );
    assert_eq!(run.misses, 1);
    assert_eq!(rules(&app), start, "a wrong try changes nothing");
    try_square(&mut app, "a1");
    assert!(lesson(&app).hint, "the hint shows after two misses");
    for square in ["c4", "d3", "e6"] {
        try_square(&mut app, square);
        assert_eq!(
            lesson(&app).feedback,
            Some(Feedback::Try(Verdict::Found(sq(square))))
        );
    }
    assert!(lessons_done(&app).is_empty());
    try_square(&mut app, "f5");
    let run = lesson(&app);
    assert_eq!(run.stage, Stage::Complete);
    assert_eq!(rules(&app), start, "finding moves plays none");
    assert_eq!(lessons_done(&app), [2]);

    // Lesson 4: predict the ten discs f6 turns.
    app.world_mut().write_message(LessonRequest::Start(4));
    settle(&mut app);
    let board = rules(&app);
    assert_eq!(board.counts().white, 11);
    for disc in ["b6", "c6", "d6", "e6", "a6"] {
        try_square(&mut app, disc);
    }
    // a6 is Black's own disc: nothing to mark. Playing now is a wrong prediction.
    assert_eq!(lesson(&app).progress.marked.len(), 4);
    try_square(&mut app, "f6");
    let Some(Feedback::Try(Verdict::Predicted { missed, wrongly })) = lesson(&app).feedback else {
        panic!("the prediction is judged");
    };
    assert_eq!(missed.len(), 6);
    assert!(wrongly.is_empty());
    assert_eq!(rules(&app), board, "a wrong prediction plays nothing");
    for disc in ["d4", "e5", "f5", "g5", "f7", "e7"] {
        try_square(&mut app, disc);
    }
    try_square(&mut app, "f6");
    settle(&mut app);
    let played = rules(&app);
    assert_eq!(played.counts().white, 1, "ten discs turned");
    assert_eq!(played.history().first(), Some(&Move::Play(sq("f6"))));
    assert_discs_match(&mut app);
    assert_eq!(lesson(&app).stage, Stage::Complete);
    assert_eq!(lessons_done(&app), [2, 4]);

    // Leaving brings the game back; the progress and that game are saved.
    app.world_mut().write_message(LessonRequest::Leave);
    settle(&mut app);
    assert_eq!(rules(&app), game_in_progress);
    assert_discs_match(&mut app);
    for _ in 0..10 {
        app.update();
    }
    drop(app);
    let mut restarted = app_with_saves(&dir);
    settle(&mut restarted);
    assert_eq!(lessons_done(&restarted), [2, 4]);
    assert_eq!(rules(&restarted), game_in_progress);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_saved_during_a_lesson_is_the_game_put_aside() {
    use reversi::game::lesson::LessonRequest;
    let dir = std::env::temp_dir().join(format!("reversi-lesson-aside-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with_saves(&dir);
    for m in ["f5", "d6"] {
        place(&mut app, sq(m));
        settle(&mut app);
    }
    let game_in_progress = rules(&app);
    app.world_mut().write_message(LessonRequest::Start(3));
    settle(&mut app);
    try_square(&mut app, "d3");
    for _ in 0..10 {
        app.update();
    }
    // Quit in the middle of the lesson: the save holds the game, not the lesson's board.
    drop(app);
    let mut restarted = app_with_saves(&dir);
    settle(&mut restarted);
    assert_eq!(rules(&restarted), game_in_progress);
    assert!(
        !restarted
            .world()
            .resource::<reversi::game::lesson::LessonRun>()
            .active()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn in_a_lesson_undo_does_nothing_and_new_game_starts_the_lesson_again() {
    use reversi::game::lesson::LessonRequest;
    use reversi::input::Intent;
    let mut app = headless_app(MatchSettings::two_humans());
    app.world_mut().write_message(LessonRequest::Start(3));
    settle(&mut app);
    try_square(&mut app, "d3");
    settle(&mut app);
    let after = rules(&app);
    assert_eq!(after.history().len(), 1);
    assert_eq!(lesson(&app).step, 1);
    intent(&mut app, Intent::Undo);
    assert_eq!(rules(&app), after, "the lesson's history is its own");
    intent(&mut app, Intent::NewGame);
    settle(&mut app);
    assert_eq!(lesson(&app).step, 0);
    assert_eq!(rules(&app), Game::new(Variant::STANDARD));
    // The legal-move markers would give the answers away: a lesson hides them.
    assert_eq!(
        count::<With<reversi::game::markers::LegalMarker>>(&mut app),
        0
    );
}

#[test]
fn a_timed_game_put_aside_for_a_lesson_comes_back_with_its_clocks() {
    use reversi::game::clock::Clocks;
    use reversi::game::lesson::LessonRequest;
    let players = MatchSettings::two_humans().with_clock(Some(Duration::from_secs(300)));
    let mut app = headless_app(players);
    app.world_mut().write_message(NewGameRequested(players));
    settle(&mut app);
    place(&mut app, sq("f5"));
    settle(&mut app);
    for _ in 0..20 {
        app.update();
    }
    let clocks = *app.world().resource::<Clocks>();
    assert!(clocks.white < Duration::from_secs(300), "White's clock ran");
    let game = rules(&app);
    app.world_mut().write_message(LessonRequest::Start(1));
    settle(&mut app);
    assert_eq!(
        app.world().resource::<Clocks>().limit,
        None,
        "a lesson has no clocks"
    );
    app.world_mut().write_message(LessonRequest::Leave);
    app.update();
    assert_eq!(rules(&app), game);
    assert_eq!(*app.world().resource::<MatchSettings>(), players);
    let back = *app.world().resource::<Clocks>();
    assert_eq!(back.limit, clocks.limit);
    assert_eq!(back.black, clocks.black);
    assert!(back.white <= clocks.white && back.white + FRAME >= clocks.white);
}

/// A lesson opened at start (`--lesson`, `?lesson=`) keeps its screen when a saved game is
/// restored: the saved game is put aside, not shown.
#[test]
fn a_lesson_asked_for_at_start_is_not_replaced_by_the_saved_game() {
    use reversi::game::lesson::LessonRequest;
    use reversi::ui::{Dialog, Screen};
    let dir = std::env::temp_dir().join(format!("reversi-lesson-start-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut first = app_with_saves(&dir);
    place(&mut first, sq("f5"));
    settle(&mut first);
    let saved = rules(&first);
    for _ in 0..10 {
        first.update();
    }
    drop(first);
    let mut app = screens_app(Screen::Lesson, |app| {
        app.add_plugins((reversi::autosave::plugin, reversi::ui::hud::plugin))
            .insert_resource(reversi::autosave::SaveDir(Some(reversi::save::Store::Dir(
                dir.clone(),
            ))));
    });
    app.world_mut().write_message(LessonRequest::Start(2));
    settle(&mut app);
    settle(&mut app);
    assert_eq!(screen(&app), (Screen::Lesson, Dialog::None));
    assert_eq!(lesson(&app).number, 2);
    assert_eq!(rules(&app), Game::new(Variant::STANDARD));
    let aside = app.world().resource::<reversi::game::lesson::PutAside>();
    assert_eq!(aside.0.as_ref().map(|(game, _, _)| game), Some(&saved));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_first_game_completes_its_lesson_when_it_ends() {
    use reversi::game::lesson::LessonRequest;
    let mut app = headless_app(MatchSettings::two_humans());
    app.world_mut().write_message(LessonRequest::Start(12));
    settle(&mut app);
    app.world_mut().write_message(LessonRequest::FirstGame);
    settle(&mut app);
    assert_eq!(
        *app.world().resource::<MatchSettings>(),
        MatchSettings::human_vs_ai(Player::Black, Level::Beginner)
    );
    assert!(app.world().resource::<GameSettings>().show_legal_moves);
    assert!(
        lessons_done(&app).is_empty(),
        "done when the game ends, not before"
    );
    // Two black moves from the end (White passes between them): the game ends.
    let board = "XXXXXXX-XXXXXXO-OOOOOXXXOOOOXXOXOOOXXOOXXOXXOOOXOXXOOOOX-XXXXXXX X";
    let near_end = Game::from_position(notation::parse_board(board, Variant::STANDARD).unwrap());
    app.world_mut()
        .write_message(reversi::game::LoadRequested(near_end));
    settle(&mut app);
    for square in ["a8", "h1"] {
        place(&mut app, sq(square));
        settle(&mut app);
    }
    assert!(rules(&app).is_over());
    assert_eq!(lessons_done(&app), [12]);
}

/// Updates until the lesson's step `index` waits for the learner (a review's analysis runs on the
/// engine's threads: up to a minute).
fn until_trying(app: &mut App, index: usize) {
    use reversi::game::lesson::Stage;
    let started = std::time::Instant::now();
    while started.elapsed() < std::time::Duration::from_secs(60) {
        if lesson(app).step == index && lesson(app).stage == Stage::Trying {
            return;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// Every lesson of "Learn to win" walked headless along its answers, through the same intents as a
/// player: each completes, and the progress holds it.
#[test]
fn every_strategy_lesson_completes_along_its_answers() {
    use reversi::game::lesson::{LessonRequest, Stage};
    use reversi::lessons::{COURSES, LESSONS, Task, final_score};
    let mut app = headless_app(MatchSettings::two_humans());
    for number in COURSES[1].lessons() {
        app.world_mut().write_message(LessonRequest::Start(number));
        settle(&mut app);
        for (index, step) in LESSONS[number as usize - 1].steps.iter().enumerate() {
            // A step whose board continues the last one starts at once; another after a dwell; a
            // review once its analysis is in.
            until_trying(&mut app, index);
            assert_eq!(lesson(&app).step, index, "lesson {number}");
            match step.task {
                Task::Play(answers) => try_square(&mut app, answers[0]),
                Task::Review => {
                    let better = lesson(&app).progress.answer.expect("the analysis is in");
                    try_square(&mut app, &better.to_string());
                }
                Task::Find(squares) => {
                    for square in squares {
                        try_square(&mut app, square);
                    }
                }
                Task::Score(options) => {
                    let right = options
                        .iter()
                        .position(|&o| Some(o) == final_score(&rules(&app)))
                        .expect("one option is the result");
                    app.world_mut().write_message(LessonRequest::Choose(right));
                    settle(&mut app);
                }
                other => panic!("lesson {number}: a task this walk does not do: {other:?}"),
            }
            settle(&mut app);
        }
        for _ in 0..200 {
            if lesson(&app).stage == Stage::Complete {
                break;
            }
            app.update();
        }
        assert_eq!(lesson(&app).stage, Stage::Complete, "lesson {number}");
        assert!(lessons_done(&app).contains(&number), "lesson {number}");
    }
}

/// The hints lesson shows the engine's numbers on the board while the learner tries, and no
/// other lesson does.
#[test]
fn the_hints_lesson_shows_the_hint_numbers_and_others_do_not() {
    use reversi::game::hints::Hints;
    use reversi::game::lesson::LessonRequest;
    let mut app = headless_app(MatchSettings::two_humans());
    let wait_for_numbers = |app: &mut App| {
        let started = std::time::Instant::now();
        while started.elapsed() < std::time::Duration::from_secs(30) {
            app.update();
            if !app.world().resource::<Hints>().scores.is_empty() {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        false
    };
    app.world_mut().write_message(LessonRequest::Start(22));
    settle(&mut app);
    assert!(!wait_for_numbers(&mut app), "lesson 22 shows no numbers");
    app.world_mut().write_message(LessonRequest::Start(23));
    settle(&mut app);
    assert!(wait_for_numbers(&mut app), "lesson 23 shows them");
    let hints = app.world().resource::<Hints>().clone();
    let mut squares: Vec<Square> = hints.scores.iter().map(|m| m.square).collect();
    squares.sort();
    let mut legal = rules(&app).position().legal_squares();
    legal.sort();
    assert_eq!(squares, legal, "a number on every legal move");
}

/// Lesson 24 reviews the learner's newest game lost to the computer: the board goes back before
/// their costliest move, the rest of the game kept, and the analysis's better move answers it.
#[test]
fn the_review_lesson_opens_the_learners_own_lost_game() {
    use reversi::game::analysis::Analysis;
    use reversi::game::lesson::LessonRequest;
    use reversi::game::past_games::PastGames;
    use reversi::past_games::{Ending, PastGame};
    // White, the learner, lost to the computer 5–59.
    let lost = "f5f4e3d2c4f6g6c5e6c3d3d6f3e7e2g3g4f1h3h4g5h2b4a3f7h7h6h5c7f8b5b3c2c6d1a6e1b2a4a5a1a2d7f2b1c1b6a7g1g7a8c8b7b8d8h8g8h1e8g2";
    let game = reversi::rules::notation::parse_transcript(lost, Variant::STANDARD).unwrap();
    let outcome = game.outcome().expect("a finished game");
    assert_eq!(outcome.winner, Some(Player::Black));
    let mut past = PastGames::new(None);
    past.kept.add(&PastGame {
        game: game.clone(),
        black: "Advanced".into(),
        white: String::new(),
        ended_at: 1,
        ending: Ending::Board,
    });
    let mut app = headless_app(MatchSettings::two_humans());
    app.insert_resource(past);
    app.world_mut().write_message(LessonRequest::Start(24));
    settle(&mut app);
    until_trying(&mut app, 0);
    let run = lesson(&app);
    let review = run.review.clone().expect("a review");
    assert!(review.own, "the learner's game, not the example");
    assert_eq!(review.side, Player::White);
    let point = review.point.expect("the analysis is in");
    let reviews = app.world().resource::<Analysis>().reviews.clone();
    let worst = reversi::ai::jobs::costliest(&reviews, Player::White).unwrap();
    assert_eq!(point.best, worst.best);
    assert_eq!(run.progress.answer, Some(worst.best));
    let board = rules(&app);
    assert_eq!(board, game.taken_back_to(worst.index));
    assert_eq!(board.position().to_move, Player::White);
    // A move that is not the better one changes nothing; the better one completes the lesson.
    let other = board
        .position()
        .legal_squares()
        .into_iter()
        .find(|&m| m != point.best);
    if let Some(other) = other {
        try_square(&mut app, &other.to_string());
        assert_eq!(rules(&app), board, "a wrong try changes nothing");
    }
    try_square(&mut app, &point.best.to_string());
    for _ in 0..200 {
        app.update();
    }
    assert_eq!(lessons_done(&app), [24]);
}
