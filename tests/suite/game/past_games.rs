//! Past games: kept once at their end, read back after a restart.

use super::*;

/// The headless game keeping its finished games in `dir`.
fn app_keeping_games(players: MatchSettings, dir: &std::path::Path) -> App {
    let mut app = headless_app(players);
    app.insert_resource(reversi::game::past_games::PastGames::new(Some(
        reversi::past_games::GamesStore::Dir(dir.to_path_buf()),
    )));
    app
}

fn past_games(app: &App) -> Vec<reversi::past_games::PastGame> {
    app.world()
        .resource::<reversi::game::past_games::PastGames>()
        .kept
        .games()
        .cloned()
        .collect()
}

#[test]
fn a_game_played_to_its_end_is_kept_once_and_read_back_after_a_restart() {
    use reversi::past_games::Ending;
    let dir = std::env::temp_dir().join(format!("reversi-past-games-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_keeping_games(MatchSettings::two_humans(), &dir);
    // Black wipes White out in nine moves. Before Black's last one, White becomes Expert (whose
    // turn never comes again), so the game is kept under the level's name.
    let script = parse_transcript("f5d6c5f4e7f6g5e6e3").unwrap();
    let moves = script.history();
    for (i, m) in moves.iter().enumerate() {
        let Move::Play(square) = m else { continue };
        assert!(past_games(&app).is_empty(), "kept before the end");
        if i + 1 == moves.len() {
            app.world_mut().resource_mut::<MatchSettings>().white =
                game::Controller::Ai(Level::Expert);
        }
        place(&mut app, *square);
        settle(&mut app);
    }
    let kept = past_games(&app);
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].game, script);
    assert_eq!(kept[0].ending, Ending::Board);
    assert_eq!(kept[0].margin(), 64);
    assert_eq!(
        (kept[0].black.as_str(), kept[0].white.as_str()),
        ("", "Expert")
    );
    let file = std::fs::read_to_string(dir.join(reversi::past_games::FILE_NAME)).unwrap();
    assert_eq!(file.lines().count(), 1, "{file}");
    assert!(file.contains("PW[Expert]RE[+64.000]"), "{file}");

    // Opened again (loaded from the list, or undone and redone), the same game is not kept twice.
    app.world_mut()
        .write_message(reversi::game::LoadRequested(script.clone()));
    settle(&mut app);
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    app.world_mut().write_message(reversi::game::RedoRequested);
    settle(&mut app);
    assert_eq!(rules(&app), script);
    assert_eq!(past_games(&app).len(), 1);

    // The next start reads the game back; a game loaded unfinished is not kept.
    let mut app = app_keeping_games(MatchSettings::two_humans(), &dir);
    assert_eq!(past_games(&app), kept);
    let other = parse_transcript("f5d6c3d3c4f4f6f3e6e7d7").unwrap();
    app.world_mut()
        .write_message(reversi::game::LoadRequested(other.clone()));
    settle(&mut app);
    assert_eq!(
        past_games(&app).len(),
        1,
        "a game loaded unfinished is not kept"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_lost_on_time_is_kept_as_lost_on_time_and_lessons_are_not_kept() {
    use reversi::past_games::Ending;
    let dir = std::env::temp_dir().join(format!("reversi-past-time-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let players = MatchSettings {
        clock: Some(Duration::from_secs(1)),
        ..MatchSettings::two_humans()
    };
    let mut app = app_keeping_games(players, &dir);
    app.world_mut().write_message(NewGameRequested(players));
    settle(&mut app);
    place(&mut app, sq("f5"));
    settle(&mut app);
    // White thinks past its second: 100 ms a frame.
    for _ in 0..15 {
        app.update();
    }
    let kept = past_games(&app);
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].ending, Ending::Time(Player::White));
    assert_eq!(kept[0].winner(), Some(Player::Black));
    assert_eq!(kept[0].game.history().len(), 1);

    // A lesson's game ends without being kept: lesson 7 plays any move twice (White passes)
    // and the game is over.
    app.world_mut()
        .write_message(reversi::game::lesson::LessonRequest::Start(7));
    settle(&mut app);
    for _ in 0..4 {
        let game = rules(&app);
        if game.is_over() {
            break;
        }
        let cell = game.position().legal_squares()[0];
        try_square(&mut app, &cell.to_string());
    }
    assert!(rules(&app).is_over(), "lesson 7 ends its game");
    assert_eq!(past_games(&app).len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Prints the local offset the past games' list uses at 2026-07-01 (a summer day), for
/// [`past_games_are_shown_in_the_local_time_zone`], which runs it with a time zone of its own.
#[test]
#[ignore = "run by past_games_are_shown_in_the_local_time_zone with TZ set"]
fn print_the_local_offset() {
    println!(
        "offset={}",
        reversi::ui::past_games::local_offset(1_782_864_000)
    );
}

#[test]
fn past_games_are_shown_in_the_local_time_zone() {
    // The same test binary with TZ set (POSIX rules, so no time zone database is needed).
    let offset = |tz: &str| -> i64 {
        let output = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--ignored",
                "--exact",
                "game::past_games::print_the_local_offset",
                "--nocapture",
            ])
            .env("TZ", tz)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&output.stdout);
        let line = text
            .lines()
            .find_map(|l| l.strip_prefix("offset="))
            .unwrap_or_else(|| panic!("no offset printed: {text}"));
        line.trim().parse().unwrap()
    };
    assert_eq!(offset("UTC0"), 0);
    assert_eq!(offset("IST-5:30"), 5 * 3600 + 1800);
    // Summer time on the day asked: Central European Summer Time, two hours ahead.
    assert_eq!(offset("CET-1CEST,M3.5.0,M10.5.0/3"), 2 * 3600);
    assert_eq!(offset("EST5EDT,M3.2.0,M11.1.0"), -4 * 3600);
}
