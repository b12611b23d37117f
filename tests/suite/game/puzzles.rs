//! The endgame puzzles on the board: a move that falls short is named with its score and changes
//! nothing, the answer is played, the score question judged, the progress saved, and the game put
//! aside comes back.

use super::*;
use reversi::ai::puzzles::{self, Ask};
use reversi::game::puzzle::{PuzzleFeedback, PuzzleRequest, PuzzleRun, PuzzleStage, PuzzleState};

fn puzzle(app: &App) -> PuzzleState {
    app.world()
        .resource::<PuzzleRun>()
        .0
        .clone()
        .expect("a puzzle is on the board")
}

fn solved(app: &App) -> Vec<u16> {
    let solved = app
        .world()
        .resource::<reversi::game::puzzle::PuzzlesSolved>();
    solved.0.0.iter().copied().collect()
}

/// The first shipped puzzle that asks `ask`, with at least three legal moves.
fn first_asking(ask: Ask) -> usize {
    puzzles::shipped()
        .iter()
        .position(|p| p.ask == ask && p.scores.len() >= 3)
        .expect("the set has such a puzzle")
}

#[test]
fn a_puzzle_explains_wrong_tries_plays_its_answer_asks_its_score_and_is_saved() {
    let dir = std::env::temp_dir().join(format!("reversi-puzzles-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with_saves(&dir);
    place(&mut app, sq("f5"));
    settle(&mut app);
    let game_in_progress = rules(&app);

    // A puzzle that asks the move: the game in progress is put aside.
    let index = first_asking(Ask::Move);
    let set = puzzles::shipped();
    let the = &set[index];
    app.world_mut().write_message(PuzzleRequest::Start(index));
    settle(&mut app);
    assert_eq!(rules(&app).position(), the.position);
    assert_discs_match(&mut app);
    // A legal move that falls short: named with its exact score; nothing is played.
    let (short, score) = the.scores[1];
    try_square(&mut app, &short.to_string());
    assert_eq!(
        puzzle(&app).feedback,
        Some(PuzzleFeedback::Short {
            square: short,
            score
        })
    );
    assert_eq!(
        rules(&app).position(),
        the.position,
        "a wrong try changes nothing"
    );
    // A square that is no move at all.
    let taken = (0..64)
        .map(|i| Square::from_index(i, 8))
        .find(|&s| the.position.colour_at(s).is_some())
        .unwrap();
    try_square(&mut app, &taken.to_string());
    assert_eq!(puzzle(&app).feedback, Some(PuzzleFeedback::NotLegal(taken)));
    assert!(puzzle(&app).hint, "the hint shows after two misses");
    assert!(solved(&app).is_empty());
    // The answer is played and solves it.
    try_square(&mut app, &the.answer().to_string());
    settle(&mut app);
    assert_eq!(rules(&app).history(), [Move::Play(the.answer())]);
    assert_discs_match(&mut app);
    assert_eq!(puzzle(&app).stage, PuzzleStage::Solved);
    assert_eq!(solved(&app), [index as u16 + 1]);

    // A puzzle that asks the score too: after the move, the options; a wrong one is named.
    let index = first_asking(Ask::Score);
    let the = &set[index];
    app.world_mut().write_message(PuzzleRequest::Start(index));
    settle(&mut app);
    try_square(&mut app, &the.answer().to_string());
    settle(&mut app);
    assert_eq!(puzzle(&app).stage, PuzzleStage::Scoring);
    let options = the.score_options(index);
    let right = options.iter().position(|&m| m == the.best_score()).unwrap();
    let wrong = (right + 1) % 4;
    app.world_mut().write_message(PuzzleRequest::Choose(wrong));
    settle(&mut app);
    assert_eq!(
        puzzle(&app).feedback,
        Some(PuzzleFeedback::WrongScore(options[wrong]))
    );
    assert_eq!(puzzle(&app).stage, PuzzleStage::Scoring);
    app.world_mut().write_message(PuzzleRequest::Choose(right));
    settle(&mut app);
    assert_eq!(puzzle(&app).stage, PuzzleStage::Solved);
    assert_eq!(solved(&app).len(), 2);

    // Next: the following puzzle, from its position.
    app.world_mut().write_message(PuzzleRequest::Next);
    settle(&mut app);
    assert_eq!(puzzle(&app).index, index + 1);
    assert_eq!(rules(&app).position(), set[index + 1].position);

    // Leaving brings the game back; the progress and that game are saved.
    app.world_mut().write_message(PuzzleRequest::Leave);
    settle(&mut app);
    assert_eq!(rules(&app), game_in_progress);
    assert!(!app.world().resource::<PuzzleRun>().active());
    for _ in 0..10 {
        app.update();
    }
    let before = solved(&app);
    drop(app);
    let mut restarted = app_with_saves(&dir);
    settle(&mut restarted);
    assert_eq!(solved(&restarted), before);
    assert_eq!(rules(&restarted), game_in_progress);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn in_a_puzzle_undo_does_nothing_and_new_game_sets_the_puzzle_again() {
    use reversi::input::Intent;
    let mut app = headless_app(MatchSettings::two_humans());
    let index = first_asking(Ask::Score);
    let the = &puzzles::shipped()[index];
    app.world_mut().write_message(PuzzleRequest::Start(index));
    settle(&mut app);
    try_square(&mut app, &the.answer().to_string());
    settle(&mut app);
    let after = rules(&app);
    assert_eq!(after.history().len(), 1);
    app.world_mut().write_message(Intent::Undo);
    settle(&mut app);
    assert_eq!(rules(&app), after, "undo does nothing in a puzzle");
    app.world_mut().write_message(Intent::ToggleHints);
    settle(&mut app);
    assert!(puzzle(&app).hint);
    app.world_mut().write_message(Intent::NewGame);
    settle(&mut app);
    assert_eq!(rules(&app).position(), the.position);
    assert_eq!(puzzle(&app).stage, PuzzleStage::Trying);
    assert!(!puzzle(&app).hint);
}
