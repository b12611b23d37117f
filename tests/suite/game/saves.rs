//! Saving and resuming: autosave across restarts, pasted records, damaged and unwritable saves.

use super::*;

#[test]
fn a_game_is_saved_and_restored_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("reversi-autosave-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with_saves(&dir);
    for m in ["f5", "d6", "c3", "d3", "c4"] {
        place(&mut app, sq(m));
        settle(&mut app);
    }
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    {
        let mut settings = app.world_mut().resource_mut::<GameSettings>();
        settings.volume = 0.3;
        settings.theme = reversi::game::theme::Theme::Wood;
        settings.text_scale = 1.5;
    }
    for _ in 0..10 {
        app.update();
    }
    let played = rules(&app);
    drop(app);
    let mut restarted = app_with_saves(&dir);
    settle(&mut restarted);
    let settings = *restarted.world().resource::<GameSettings>();
    assert_eq!(settings.theme, reversi::game::theme::Theme::Wood);
    assert_eq!(settings.text_scale, 1.5);
    assert_eq!(
        rules(&restarted),
        played,
        "the same game, redo move included"
    );
    assert_eq!(restarted.world().resource::<GameSettings>().volume, 0.3);
    assert_eq!(
        *restarted.world().resource::<MatchSettings>(),
        MatchSettings::two_humans()
    );
    assert_discs_match(&mut restarted);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_10x10_game_with_redo_moves_is_saved_and_resumed_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("reversi-autosave-10-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ten: Variant = "10x10".parse().unwrap();
    let mut app = app_with_saves(&dir);
    app.world_mut()
        .write_message(NewGameRequested(MatchSettings::two_humans().on(ten)));
    settle(&mut app);
    for _ in 0..8 {
        let square = rules(&app).position().legal_squares()[1];
        place(&mut app, square);
        settle(&mut app);
    }
    for _ in 0..3 {
        app.world_mut().write_message(reversi::game::UndoRequested);
        settle(&mut app);
    }
    for _ in 0..10 {
        app.update();
    }
    let played = rules(&app);
    assert_eq!((played.history().len(), played.redo_stack().len()), (5, 3));
    drop(app);
    let mut restarted = app_with_saves(&dir);
    settle(&mut restarted);
    assert_eq!(
        rules(&restarted),
        played,
        "the same 10×10 game, redo moves included"
    );
    assert_eq!(restarted.world().resource::<MatchSettings>().variant, ten);
    assert_eq!(count::<With<BoardSquare>>(&mut restarted), 100);
    assert_discs_match(&mut restarted);
    // The redo moves play on.
    restarted
        .world_mut()
        .write_message(reversi::game::RedoRequested);
    settle(&mut restarted);
    assert_eq!(rules(&restarted).history().len(), 6);
    assert_discs_match(&mut restarted);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_pasted_6x6_record_switches_the_board_and_a_bad_paste_changes_nothing() {
    use reversi::ui::record::problem_text;
    let en = reversi::i18n::Texts::new(reversi::i18n::Language::English);
    let read_paste = |text: &str, current: &Game| {
        reversi::ui::record::read_paste(text, current).map_err(|p| problem_text(&en, &p))
    };
    let mut app = headless_app(MatchSettings::two_humans());
    place(&mut app, sq("f5"));
    settle(&mut app);
    let before = rules(&app);
    // A GGF record of a 6×6 game switches the game to 6×6.
    let six = "(;GM[Othello]PC[test]TY[6]BO[6 --------------O*----*O-------------- *]B[b3]W[b2];)";
    let loaded = read_paste(six, &before).unwrap();
    assert_eq!(loaded.variant(), "6x6".parse().unwrap());
    app.world_mut()
        .write_message(reversi::game::LoadRequested(loaded.clone()));
    settle(&mut app);
    assert_eq!(rules(&app), loaded);
    assert_eq!(count::<With<BoardSquare>>(&mut app), 36);
    assert_eq!(count::<With<Disc>>(&mut app), 6);
    assert_discs_match(&mut app);
    // A transcript is read on the board in play (two-digit ranks need a bigger one).
    let on_six = read_paste("b3b2", &loaded).unwrap();
    assert_eq!(on_six, loaded);
    assert!(
        read_paste("a10", &loaded)
            .unwrap_err()
            .contains("unchanged")
    );
    // Bad pastes say what is wrong and load nothing.
    for bad in ["f5d6z9", "(;GM[Othello]TY[9];)", "------ X"] {
        let why = read_paste(bad, &loaded).unwrap_err();
        assert!(why.starts_with("Could not read it: "), "{bad:?}: {why}");
    }
    assert!(
        read_paste(" \n", &loaded)
            .unwrap_err()
            .starts_with("Nothing to load")
    );
    assert_eq!(rules(&app), loaded);
}

#[test]
fn a_corrupt_save_is_moved_aside_with_a_message_and_a_new_game_starts() {
    let dir = std::env::temp_dir().join(format!("reversi-corrupt-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join(reversi::save::FILE_NAME),
        "reversi-save 1\ngame (;GM[Othello]B[a1];)\n",
    )
    .unwrap();
    let mut app = app_with_saves(&dir);
    app.update();
    let notice = save_notice(&app).expect("a message");
    assert!(notice.contains("could not be restored"), "{notice}");
    assert_eq!(rules(&app), Game::new(Variant::STANDARD));
    let kept = std::fs::read_dir(&dir).unwrap().filter(|e| {
        e.as_ref()
            .unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with("save.bad-")
    });
    assert_eq!(kept.count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The notice about the saved game, in English.
fn save_notice(app: &App) -> Option<String> {
    let texts = reversi::i18n::Texts::new(reversi::i18n::Language::English);
    let notice = app.world().resource::<reversi::autosave::SaveNotice>();
    notice
        .0
        .as_ref()
        .map(|problem| reversi::ui::save_notice::notice_text(&texts, problem))
}

#[test]
fn a_save_that_cannot_be_written_is_told_to_the_player() {
    // The save folder's parent is a file: the folder cannot be created, whoever runs the test.
    let file = std::env::temp_dir().join(format!("reversi-unwritable-{}", std::process::id()));
    std::fs::write(&file, "a file").unwrap();
    let mut app = app_with_saves(&file.join("reversi"));
    place(&mut app, sq("f5"));
    for _ in 0..10 {
        app.update();
    }
    let notice = save_notice(&app).expect("a message");
    assert!(notice.contains("could not be saved"), "{notice}");
    // The game goes on.
    assert_eq!(rules(&app).history().len(), 1);
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn a_damaged_save_that_cannot_be_moved_aside_turns_saving_off() {
    // A folder name longer than any file system allows: reading the save fails with an error
    // other than "not found", and nothing can be created beside it.
    let dir = std::env::temp_dir().join("x".repeat(300));
    let mut app = app_with_saves(&dir);
    app.update();
    let notice = save_notice(&app).expect("a message");
    assert!(notice.contains("will not be saved"), "{notice}");
    assert!(
        app.world()
            .resource::<reversi::autosave::SaveDir>()
            .0
            .is_none()
    );
    place(&mut app, sq("f5"));
    for _ in 0..10 {
        app.update();
    }
    assert!(
        save_notice(&app).unwrap().contains("will not be saved"),
        "no write was tried"
    );
}
