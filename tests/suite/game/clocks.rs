//! Timed games: a clock that runs out, and clocks kept across a restart.

use super::*;

#[test]
fn a_player_whose_clock_runs_out_loses_and_the_game_stops() {
    use reversi::game::clock::Clocks;
    let mut app = headless_app(MatchSettings::two_humans());
    let timed = MatchSettings::two_humans().with_clock(Some(Duration::from_secs(2)));
    app.world_mut().write_message(NewGameRequested(timed));
    app.update();
    assert_eq!(
        app.world().resource::<Clocks>().limit,
        Some(Duration::from_secs(2))
    );
    // Black moves at once: only black's clock ran, and it stops while white thinks.
    place(&mut app, sq("f5"));
    settle(&mut app);
    let black_left = app.world().resource::<Clocks>().black;
    assert!(
        black_left < Duration::from_secs(2) && black_left > Duration::from_secs(1),
        "{black_left:?}"
    );
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Clocks>().black,
        black_left,
        "black's clock stopped"
    );
    // White never moves: after two seconds white has lost on time.
    for _ in 0..20 {
        app.update();
    }
    let clocks = *app.world().resource::<Clocks>();
    assert_eq!(clocks.flagged, Some(Player::White));
    assert_eq!(clocks.white, Duration::ZERO);
    assert_eq!(*app.world().resource::<Phase>(), Phase::GameOver);
    // No move is taken after the flag falls.
    let before = rules(&app);
    place(&mut app, sq("d6"));
    settle(&mut app);
    assert_eq!(rules(&app), before);
    // A new game starts with full clocks again.
    app.world_mut().write_message(NewGameRequested(timed));
    app.update();
    assert_eq!(
        *app.world().resource::<Clocks>(),
        Clocks::new(Some(Duration::from_secs(2)))
    );
}

#[test]
fn a_timed_game_resumes_with_the_clocks_it_was_saved_with() {
    use reversi::game::clock::Clocks;
    let dir = std::env::temp_dir().join(format!("reversi-clock-save-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with_saves(&dir);
    let timed = MatchSettings::two_humans().with_clock(Some(Duration::from_secs(60)));
    app.world_mut().write_message(NewGameRequested(timed));
    app.update();
    place(&mut app, sq("f5"));
    settle(&mut app);
    for _ in 0..25 {
        app.update();
    }
    let clocks = *app.world().resource::<Clocks>();
    assert!(clocks.white < Duration::from_secs(58));
    drop(app);
    let mut restarted = app_with_saves(&dir);
    restarted.update();
    let restored = *restarted.world().resource::<Clocks>();
    assert_eq!(restored.limit, clocks.limit);
    assert_eq!(restored.black, clocks.black);
    // While a clock runs the save is refreshed every two seconds: at most that much is lost.
    assert!(
        restored.white >= clocks.white && restored.white <= clocks.white + Duration::from_secs(2)
    );
    assert_eq!(*restarted.world().resource::<MatchSettings>(), timed);
    std::fs::remove_dir_all(&dir).unwrap();
}
