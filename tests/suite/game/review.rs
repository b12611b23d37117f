//! Stepping through an analysed game: the engine's expected line at each position, another line
//! explored from any move ("what if") and the way back, and the AI leaving the game's moves alone.

use super::*;
use reversi::game::Reviewing;
use reversi::game::analysis::{AnalyseRequested, Analysis, LeaveWhatIf, WhatIf};

/// A game loaded and analysed, for two people on one device.
fn analysed(transcript: &str) -> App {
    let mut app = headless_app(MatchSettings::two_humans());
    let game = parse_transcript(transcript).unwrap();
    app.world_mut()
        .write_message(reversi::game::LoadRequested(game.clone()));
    app.update();
    app.world_mut().write_message(AnalyseRequested(None));
    let moves = game.history().len();
    let done = run_until(&mut app, Duration::from_secs(60), |app| {
        let analysis = app.world().resource::<Analysis>();
        !analysis.running && analysis.reviews.len() == moves
    });
    assert!(done, "every move reviewed");
    app
}

/// Steps through the game to the position after `plays` placed moves and gives a legal move
/// there other than the game's own.
fn step_to_and_pick_another(app: &mut App, plays: usize) -> Square {
    app.world_mut().resource_mut::<Reviewing>().0 = true;
    app.world_mut()
        .write_message(reversi::game::JumpRequested { plays });
    settle(app);
    let own = rules(app).redo_stack().last().copied();
    rules(app)
        .position()
        .legal_squares()
        .into_iter()
        .find(|&s| own != Some(Move::Play(s)))
        .expect("another legal move")
}

fn what_if(app: &App) -> WhatIf {
    app.world().resource::<WhatIf>().clone()
}

#[test]
fn each_position_of_an_analysed_game_has_the_engines_line_from_its_best_move() {
    let mut app = analysed("f5d6c3d3c4f4f6f3e6e7");
    let reviews = app.world().resource::<Analysis>().reviews.clone();
    for review in &reviews {
        assert_eq!(review.line.first(), Some(&review.best), "{review:?}");
    }
    assert!(
        reviews.iter().any(|r| r.line.len() >= 4),
        "the lines go past the best move: {reviews:?}"
    );
    // At each position the line shown is playable there, by the rules, from its best move.
    app.world_mut().resource_mut::<Reviewing>().0 = true;
    for plays in [0, 4, 9] {
        app.world_mut()
            .write_message(reversi::game::JumpRequested { plays });
        settle(&mut app);
        let game = rules(&app);
        let analysis = app.world().resource::<Analysis>();
        let review = analysis.review_here(&game).expect("a review here");
        let ghosts = reversi::ui::review::ghosts(&game.position(), &review.line, 6);
        assert_eq!(ghosts[0].0, review.best);
        assert_eq!(ghosts[0].1, game.to_move());
        assert!(ghosts.len() >= 2, "{plays}: {ghosts:?}");
    }
    // At the game's end there is no move to show.
    app.world_mut()
        .write_message(reversi::game::JumpRequested { plays: 10 });
    settle(&mut app);
    assert!(
        app.world()
            .resource::<Analysis>()
            .review_here(&rules(&app))
            .is_none()
    );
}

#[test]
fn another_line_from_a_move_of_the_game_is_scored_and_the_game_comes_back_as_it_was() {
    let mut app = analysed("f5d6c3d3c4f4f6f3e6e7");
    let game = rules(&app);
    app.world_mut().resource_mut::<Reviewing>().0 = true;
    app.world_mut()
        .write_message(reversi::game::JumpRequested { plays: 3 });
    settle(&mut app);
    assert!(!what_if(&app).active(), "stepping alone explores nothing");
    // The game's own move there follows the game: its later moves stay, no line is explored.
    place(&mut app, sq("d3"));
    settle(&mut app);
    assert!(!what_if(&app).active());
    assert_eq!(rules(&app).history(), &game.history()[..4]);
    assert_eq!(rules(&app).redo_stack().len(), 6);
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    assert_eq!(rules(&app).redo_stack().len(), 7);
    // White played d3 here; another move explores another line.
    let other = rules(&app)
        .position()
        .legal_squares()
        .into_iter()
        .find(|&s| s != sq("d3"))
        .unwrap();
    place(&mut app, other);
    settle(&mut app);
    let explored = what_if(&app);
    let kept = explored.game.clone().expect("the game put aside");
    assert_eq!(kept.history(), &game.history()[..3]);
    assert_eq!(
        kept.redo_stack().len(),
        7,
        "its moves after the branch kept"
    );
    assert_eq!(rules(&app).history().len(), 4);
    assert_eq!(rules(&app).history()[3], Move::Play(other));
    // The analysis is the game's, not the line's: it stays.
    assert_eq!(app.world().resource::<Analysis>().reviews.len(), 10);
    // The move is scored against the best move there, for the side that played it.
    let scored = run_until(&mut app, Duration::from_secs(60), |app| {
        what_if(app).review_of(3, other).is_some()
    });
    assert!(scored, "the explored move scored");
    let review = what_if(&app).review_of(3, other).cloned().unwrap();
    assert_eq!(review.player, Player::White);
    assert!(review.loss >= 0);
    assert!(kept.position().is_legal(review.best));
    // A reply in the line is scored too; taking it back drops its score.
    let reply = rules(&app).position().legal_squares()[0];
    place(&mut app, reply);
    settle(&mut app);
    let scored = run_until(&mut app, Duration::from_secs(60), |app| {
        what_if(app).review_of(4, reply).is_some()
    });
    assert!(scored, "the reply scored");
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    assert!(what_if(&app).review_of(4, reply).is_none());
    assert!(what_if(&app).review_of(3, other).is_some());
    // Back to the game: the position the line left, with every move after it.
    app.world_mut().write_message(LeaveWhatIf);
    settle(&mut app);
    assert!(!what_if(&app).active());
    assert_eq!(rules(&app).history(), &game.history()[..3]);
    assert_eq!(rules(&app).redo_stack().len(), 7);
    assert_discs_match(&mut app);
    // Closing the analysis while a line is explored goes back to the game too.
    place(&mut app, other);
    settle(&mut app);
    assert!(what_if(&app).active());
    app.world_mut().resource_mut::<Reviewing>().0 = false;
    settle(&mut app);
    assert!(!what_if(&app).active());
    assert_eq!(rules(&app).history(), &game.history()[..3]);
    assert_eq!(rules(&app).redo_stack().len(), 7);
}

#[test]
fn a_new_game_ends_an_explored_line_without_bringing_the_old_game_back() {
    let mut app = analysed("f5d6c3d3c4f4");
    let other = step_to_and_pick_another(&mut app, 2);
    place(&mut app, other);
    settle(&mut app);
    assert!(what_if(&app).active());
    app.world_mut()
        .write_message(NewGameRequested(MatchSettings::two_humans()));
    settle(&mut app);
    assert!(!what_if(&app).active());
    assert_eq!(rules(&app), Game::new(Variant::STANDARD));
}

#[test]
fn stepping_through_a_game_against_the_ai_leaves_its_moves_alone() {
    // The AI plays White; the game went on past the position stepped back to.
    let mut app = headless_app(MatchSettings::human_vs_ai(Player::Black, Level::Beginner));
    let game = parse_transcript("f5d6c3d3c4f4").unwrap();
    app.world_mut()
        .write_message(reversi::game::LoadRequested(game.clone()));
    settle(&mut app);
    app.world_mut().resource_mut::<Reviewing>().0 = true;
    app.world_mut()
        .write_message(reversi::game::JumpRequested { plays: 3 });
    settle(&mut app);
    assert_eq!(rules(&app).to_move(), Player::White);
    // Long enough for the AI's pause and a Beginner's search: it does not move.
    let moved = run_until(&mut app, Duration::from_secs(2), |app| {
        rules(app).history().len() != 3
    });
    assert!(!moved, "the AI moved in a position the game went on from");
    assert_eq!(rules(&app).redo_stack().len(), 3);
    // Stepping through ends: the AI plays on from here, as after an undo.
    app.world_mut().resource_mut::<Reviewing>().0 = false;
    let moved = run_until(&mut app, Duration::from_secs(20), |app| {
        rules(app).history().len() == 4
    });
    assert!(
        moved,
        "the AI moves once the game is no longer stepped through"
    );
}

/// The runs scoring an explored line's moves, by entity.
fn what_if_runs(app: &mut App) -> Vec<Entity> {
    let mut runs = app.world_mut().query::<(Entity, &Name)>();
    runs.iter(app.world())
        .filter(|(_, name)| name.as_str() == "What-if review")
        .map(|(entity, _)| entity)
        .collect()
}

#[test]
fn a_move_being_scored_keeps_its_run_when_the_line_goes_on() {
    let mut app = analysed("f5d6c3d3c4f4f6f3e6e7");
    // Moves land at once: the reply can come while the first move is still being scored.
    app.world_mut()
        .resource_mut::<GameSettings>()
        .animation_speed = 0.0;
    let other = step_to_and_pick_another(&mut app, 3);
    place(&mut app, other);
    app.update();
    app.update();
    let first = what_if_runs(&mut app);
    assert_eq!(first.len(), 1, "one run scores the explored move");
    // The reply comes before that score (a search of a few milliseconds to a few hundred): the
    // run goes on and a second one scores only the reply.
    let reply = rules(&app).position().legal_squares()[0];
    place(&mut app, reply);
    app.update();
    app.update();
    assert_eq!(rules(&app).history().len(), 5);
    if what_if(&app).review_of(3, other).is_none() {
        let runs = what_if_runs(&mut app);
        assert!(
            runs.contains(&first[0]),
            "the first run cancelled: {runs:?}"
        );
        assert_eq!(runs.len(), 2);
    }
    let scored = run_until(&mut app, Duration::from_secs(60), |app| {
        what_if(app).review_of(3, other).is_some() && what_if(app).review_of(4, reply).is_some()
    });
    assert!(scored, "both moves scored");
    assert_eq!(what_if(&app).reviews.len(), 2, "each scored once");
    // Taking a move back while it is scored ends its run, not the earlier move's score.
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    let another = rules(&app)
        .position()
        .legal_squares()
        .into_iter()
        .find(|&s| s != reply)
        .unwrap_or(reply);
    place(&mut app, another);
    app.update();
    app.update();
    app.world_mut().write_message(reversi::game::UndoRequested);
    app.update();
    app.update();
    assert!(
        what_if_runs(&mut app).is_empty(),
        "the taken-back move's run ended"
    );
    assert!(what_if(&app).review_of(3, other).is_some());
    assert!(what_if(&app).review_of(4, reply).is_none());
    assert!(what_if(&app).review_of(4, another).is_none());
}
