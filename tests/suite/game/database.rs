//! The game database in the game: files added, a search by the board's position, a game opened
//! at that position and stepped through to its end.

use super::*;
use bevy::ecs::system::RunSystemOnce;
use reversi::database::sample;
use reversi::game::database::GameDatabase;
use reversi::ui::database::{DatabaseForm, OpenGame};
use reversi::ui::{Dialog, Screen};

fn app_with_database() -> App {
    let mut app = screens_app(Screen::MainMenu, |app| {
        app.init_resource::<reversi::ui::analysis::AnalysisOpen>()
            .add_message::<reversi::audio::UiClick>()
            .add_plugins(reversi::ui::database::plugin);
    });
    app.world_mut()
        .resource_mut::<GameDatabase>()
        .add_now(&sample::files(11, 2001..=2002, 60));
    app.world_mut()
        .resource_mut::<NextState<Dialog>>()
        .set(Dialog::Database);
    app.update();
    app
}

#[test]
fn a_game_found_by_the_boards_position_opens_there_and_steps_through_to_its_end() {
    let mut app = app_with_database();
    assert_eq!(screen(&app), (Screen::MainMenu, Dialog::Database));
    let db = app.world().resource::<GameDatabase>().db.clone().unwrap();
    assert_eq!(db.games.len(), 120);
    // The board shows the position after six moves of a game, turned a half turn (symmetry 3):
    // the search finds that game all the same.
    let source = &db.games[37];
    let turned: Vec<Square> = source
        .moves()
        .take(6)
        .map(|m| Square::from_sq(reversi::database::search::map_square(3, m)))
        .collect();
    let mut on_board = Game::new(Variant::STANDARD);
    for &square in &turned {
        on_board.play(square).unwrap();
    }
    app.world_mut()
        .write_message(reversi::game::LoadRequested(on_board.clone()));
    settle(&mut app);
    let hits = app
        .world_mut()
        .run_system_once(
            |mut form: ResMut<DatabaseForm>,
             game: Res<CurrentGame>,
             database: Res<GameDatabase>| {
                form.here = true;
                let query = form.query(&game.0);
                form.found(database.games().unwrap(), query).to_vec()
            },
        )
        .unwrap();
    let hit = *hits
        .iter()
        .find(|h| h.game == 37)
        .expect("the game through the position");
    assert_eq!(hit.at.map(|f| f.ply), Some(6));
    // Opened: the board keeps the position as it stands on screen, the rest of the game to
    // step through, the analysis open, two people at the board.
    app.world_mut()
        .run_system_once(move |mut act: OpenGame, database: Res<GameDatabase>| {
            let db = database.games().unwrap();
            let texts = reversi::i18n::Texts::new(reversi::i18n::Language::English);
            act.open(&texts, db, &db.games[hit.game], &hit);
        })
        .unwrap();
    settle(&mut app);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
    assert!(
        app.world()
            .resource::<reversi::ui::analysis::AnalysisOpen>()
            .0
    );
    assert_eq!(
        *app.world().resource::<MatchSettings>(),
        MatchSettings::two_humans()
    );
    let opened = rules(&app);
    assert_eq!(opened.position(), on_board.position());
    assert_eq!(opened.plays(), 6);
    // Step on move by move: the game's own moves, turned as the board is, to its end.
    for ply in 6..source.len() {
        app.world_mut().write_message(reversi::game::RedoRequested);
        settle(&mut app);
        let game = rules(&app);
        assert_eq!(game.plays(), ply + 1);
        let expected = Square::from_sq(reversi::database::search::map_square(
            3,
            source.move_at(ply).unwrap(),
        ));
        assert_eq!(game.placements().last(), Some(expected));
    }
    let end = rules(&app);
    assert!(end.is_over());
    assert_eq!(
        end.counts().black as i32 - end.counts().white as i32 > 0,
        source.margin() > 0
    );
    // And back to the start with a jump: the side panel still names the game's players.
    app.world_mut()
        .write_message(reversi::game::JumpRequested { plays: 0 });
    settle(&mut app);
    assert_eq!(rules(&app).plays(), 0);
    let replaying = |app: &App| {
        app.world()
            .resource::<reversi::ui::database::Replaying>()
            .label(&rules(app))
            .map(str::to_string)
    };
    let label = replaying(&app).expect("the game's line");
    assert!(label.contains(&db.player(source.black)), "{label}");
    assert!(label.contains(&format!("{}", source.year)), "{label}");
    // Another first move leaves the game: the line goes.
    let first = Square::from_sq(reversi::database::search::map_square(
        3,
        source.move_at(0).unwrap(),
    ));
    let other = rules(&app)
        .position()
        .legal_squares()
        .into_iter()
        .find(|&s| s != first)
        .unwrap();
    place(&mut app, other);
    settle(&mut app);
    assert_eq!(replaying(&app), None);
}

#[test]
fn without_a_database_the_explorer_and_the_settings_say_how_to_add_one() {
    use reversi::i18n::{Language, Texts};
    for language in Language::ALL {
        let texts = Texts::new(language);
        for id in ["explorer-db-none", "db-none", "settings-database-none"] {
            let text = texts.text(id, None);
            assert!(!text.is_empty() && text != id, "{language:?} {id}");
        }
        let how = texts.text("db-none", None);
        assert!(
            how.contains("WTHOR") && how.contains("reversi db add"),
            "{language:?}: {how}"
        );
    }
}

#[test]
fn files_added_by_frames_show_their_progress_and_end_in_the_database() {
    let mut app = headless_app(MatchSettings::two_humans());
    let files = sample::files(5, 2010..=2012, 30);
    let total = files.len();
    app.world_mut()
        .resource_mut::<GameDatabase>()
        .add_by_frames(files);
    let mut seen = Vec::new();
    for _ in 0..total + 2 {
        seen.push(app.world().resource::<GameDatabase>().progress());
        app.update();
    }
    let database = app.world().resource::<GameDatabase>();
    assert_eq!(database.progress(), None);
    assert_eq!(database.additions, 1);
    assert_eq!(database.games().unwrap().games.len(), 90);
    assert_eq!(database.report.as_ref().unwrap().added, 90);
    // Counted up as the frames add them (as many a frame as fit in its share of time).
    let steps: Vec<usize> = seen.iter().flatten().map(|&(done, _)| done).collect();
    assert_eq!(steps.first(), Some(&0));
    assert!(steps.windows(2).all(|w| w[0] <= w[1]), "{steps:?}");
    assert!(steps.iter().all(|&done| done <= total));
}
