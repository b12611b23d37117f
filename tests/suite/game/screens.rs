//! Screens and dialogs: the menus, the game-over dialog, the editor, links, languages and what screen readers are told.

use super::*;

#[test]
fn the_board_editor_refuses_positions_that_cannot_be_played() {
    use reversi::rules::bits::SquareSet;
    use reversi::ui::editor::{Editor, EditorProblem};
    let mut editor = Editor::default();
    assert_eq!(editor.to_game().unwrap(), Game::new(Variant::STANDARD));
    editor.black = SquareSet::EMPTY;
    editor.white = SquareSet::EMPTY;
    assert_eq!(editor.to_game().unwrap_err(), EditorProblem::EmptyBoard);
    // Ranks 1–7 black, a8–d8 white: nobody can move.
    editor.black = SquareSet([0x00FF_FFFF_FFFF_FFFF, 0, 0, 0]);
    editor.white = SquareSet([0x0F00_0000_0000_0000, 0, 0, 0]);
    assert_eq!(editor.to_game().unwrap_err(), EditorProblem::GameOver);
    // White to move without a move: the pass is made at once and black moves.
    editor.black = SquareSet([0xFC, 0, 0, 0]); // c1–h1
    editor.white = SquareSet::EMPTY;
    editor.paint_with(sq("b1"), reversi::ui::editor::Brush::White);
    editor.to_move = Player::White;
    let game = editor.to_game().unwrap();
    assert_eq!(game.history(), [Move::Pass]);
    assert_eq!(game.to_move(), Player::Black);
    // On 10×10: painting works by the board's own squares, and j10 is on it.
    let ten: Variant = "10x10".parse().unwrap();
    let mut editor = Editor::from_position(&reversi::rules::Position::start(ten));
    editor.paint_with(sq("j10"), reversi::ui::editor::Brush::Black);
    editor.paint_with(sq("k1"), reversi::ui::editor::Brush::Black);
    let game = editor.to_game().unwrap();
    assert_eq!(game.variant(), ten);
    assert_eq!(game.position().colour_at(sq("j10")), Some(Player::Black));
    assert_eq!(game.counts().black, 3, "k1 is off a 10×10 board");
}

#[test]
fn the_board_editor_draws_shapes_and_refuses_those_that_are_no_board() {
    use reversi::rules::shape::ShapeError;
    use reversi::ui::editor::{Brush, Editor, EditorProblem};
    let cross: Variant = "10x10 othello cross".parse().unwrap();
    // From a cross game: the editor shows its squares that are off.
    let mut editor = Editor::from_position(&reversi::rules::Position::start(cross));
    assert!(editor.is_off(sq("a1")) && !editor.is_off(sq("d1")));
    assert_eq!(editor.to_game().unwrap().variant(), cross);
    // A disc painted on a square that is off switches it on: the board is no longer the cross.
    editor.paint_with(sq("c3"), Brush::Black);
    let game = editor.to_game().unwrap();
    assert_eq!(game.variant().squares(), 65);
    assert_eq!(game.position().colour_at(sq("c3")), Some(Player::Black));
    // One stroke of the Off brush switches every square it sweeps the same way.
    editor.paint_with(sq("c3"), Brush::Off);
    editor.paint(sq("d1"));
    editor.end_stroke();
    assert!(editor.is_off(sq("c3")) && editor.is_off(sq("d1")));
    assert_eq!(editor.to_game().unwrap().variant().squares(), 63);
    // A second stroke starting on a square that is off switches squares back on.
    editor.paint_with(sq("d1"), Brush::Off);
    editor.end_stroke();
    assert!(!editor.is_off(sq("d1")));
    // Switching off a centre square, or cutting a square off, is refused when played.
    editor.paint_with(sq("e5"), Brush::Off);
    editor.end_stroke();
    assert!(matches!(
        editor.to_game(),
        Err(EditorProblem::Shape(ShapeError::NoCentre(_)))
    ));
    editor.paint_with(sq("e5"), Brush::Off);
    editor.end_stroke();
    for square in ["e1", "d2", "e2"] {
        editor.paint_with(sq(square), Brush::Off);
        editor.end_stroke();
    }
    assert!(matches!(
        editor.to_game(),
        Err(EditorProblem::Shape(ShapeError::Disconnected(_)))
    ));
    // Another size starts on its empty square board.
    editor.resize(12);
    assert_eq!((editor.variant.size(), editor.holes.is_empty()), (12, true));
    assert_eq!(editor.to_game(), Err(EditorProblem::EmptyBoard));
}

#[test]
fn a_link_to_the_browser_build_names_its_game() {
    use reversi::game::Controller;
    let m = MatchSettings::from_query("?black=human&white=Maximum&clock=5").unwrap();
    assert_eq!(m.black, Controller::Human);
    assert_eq!(m.white, Controller::Ai(Level::Maximum));
    assert_eq!(m.clock, Some(std::time::Duration::from_secs(300)));
    let m = MatchSettings::from_query("white=expert&black=novice&from=mail").unwrap();
    assert_eq!(
        (m.black, m.white, m.clock),
        (
            Controller::Ai(Level::Novice),
            Controller::Ai(Level::Expert),
            None
        )
    );
    assert_eq!(
        m.variant,
        Variant::STANDARD,
        "no size or rules: standard 8×8"
    );
    // The board and rules.
    let m = MatchSettings::from_query("?size=10&rules=anti&black=human&white=expert").unwrap();
    assert_eq!(m.variant, "10x10 anti".parse().unwrap());
    let m = MatchSettings::from_query("?black=human&white=expert&rules=classic").unwrap();
    assert_eq!(m.variant, "8x8 classic".parse().unwrap());
    let m = MatchSettings::from_query("?black=human&white=expert&size=7").unwrap();
    assert_eq!(m.variant, "7x7".parse().unwrap());
    // The shape: named (it brings its 10×10), or the squares that are off, commas escaped or not.
    let m = MatchSettings::from_query("?black=human&white=expert&shape=cross").unwrap();
    assert_eq!(m.variant, "10x10 othello cross".parse().unwrap());
    let m =
        MatchSettings::from_query("?shape=octagon&rules=anti&black=human&white=expert").unwrap();
    assert_eq!(m.variant, "10x10 anti octagon".parse().unwrap());
    let m = MatchSettings::from_query("?black=human&white=expert&shape=a1%2Ch8").unwrap();
    assert_eq!(m.variant, "8x8 othello a1,h8".parse().unwrap());
    for bad in [
        "?black=human&white=expert&shape=circle",
        "?black=human&white=expert&shape=d4",
        "?black=human&white=expert&size=8&shape=i9",
        "?black=human&white=expert&size=9",
        "?black=human&white=expert&size=ten",
        "?black=human&white=expert&rules=chess",
        "?black=human&white=expert&size=7&rules=classic",
    ] {
        assert_eq!(MatchSettings::from_query(bad), None, "{bad:?}");
    }
    for bad in [
        "",
        "?",
        "?black",
        "?black=human",
        "?black=human&white=grandmaster",
        "?black=human&white=expert&clock=0",
        "?black=human&white=expert&clock=31",
        "?black=human&white=expert&clock=five",
    ] {
        assert_eq!(MatchSettings::from_query(bad), None, "{bad:?}");
    }
}

/// The game with its screen and dialog states and their navigation (no egui: the windows
/// themselves are not drawn headless).
fn app_with_screens() -> App {
    screens_app(reversi::ui::Screen::MainMenu, |_| {})
}

fn menu_focus(app: &App) -> bool {
    app.world().resource::<reversi::input::MenuFocus>().0
}

#[test]
fn the_menu_key_and_back_move_between_screens_and_close_dialogs_in_order() {
    use reversi::input::Intent;
    use reversi::ui::{Dialog, Screen};
    let mut app = app_with_screens();
    assert_eq!(screen(&app), (Screen::MainMenu, Dialog::None));
    app.update();
    assert!(menu_focus(&app), "the main menu holds the focus");
    // No game yet: Back stays in the menu.
    intent(&mut app, Intent::Back);
    assert_eq!(screen(&app), (Screen::MainMenu, Dialog::None));
    // From the new game's details, Back goes to the menu's first sight (still no game to leave
    // for), and the menu key opens the menu at its first sight.
    use reversi::ui::main_menu::MenuPage;
    let page = |app: &App| *app.world().resource::<MenuPage>();
    app.world_mut().insert_resource(MenuPage::NewGame);
    intent(&mut app, Intent::Back);
    assert_eq!(page(&app), MenuPage::Home);
    assert_eq!(screen(&app), (Screen::MainMenu, Dialog::None));
    app.world_mut().insert_resource(MenuPage::NewGame);
    intent(&mut app, Intent::ToggleMenu);
    assert_eq!(page(&app), MenuPage::Home);
    // A game started: Back returns to it, the menu key opens the menu again.
    app.world_mut()
        .resource_mut::<reversi::ui::main_menu::GameStarted>()
        .0 = true;
    intent(&mut app, Intent::Back);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
    assert!(!menu_focus(&app), "the board has the focus");
    intent(&mut app, Intent::ToggleMenu);
    assert_eq!(screen(&app), (Screen::MainMenu, Dialog::None));
    intent(&mut app, Intent::Back);
    // The board editor goes back to the record window it came from, which closes next.
    app.world_mut()
        .resource_mut::<NextState<Dialog>>()
        .set(Dialog::Editor);
    app.update();
    app.update();
    assert_eq!(screen(&app), (Screen::Playing, Dialog::Editor));
    assert!(menu_focus(&app), "a dialog holds the focus");
    intent(&mut app, Intent::Back);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::Record));
    intent(&mut app, Intent::Back);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
    assert!(!menu_focus(&app));
}

#[test]
fn the_game_over_dialog_opens_at_the_end_until_dismissed_and_again_for_the_next_game() {
    use reversi::input::Intent;
    use reversi::ui::{Dialog, Screen};
    let mut app = app_with_screens();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    let wipe_out = |app: &mut App| {
        for m in parse_transcript("f5d6c5f4e7f6g5e6e3").unwrap().history() {
            if let Move::Play(square) = m {
                place(app, *square);
                settle(app);
            }
        }
        app.update();
        app.update();
    };
    wipe_out(&mut app);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::GameOver));
    assert!(menu_focus(&app), "the dialog holds the focus");
    // The menu hides it without dismissing it: back in the game, it shows again.
    intent(&mut app, Intent::ToggleMenu);
    assert_eq!(screen(&app), (Screen::MainMenu, Dialog::None));
    app.world_mut()
        .resource_mut::<reversi::ui::main_menu::GameStarted>()
        .0 = true;
    intent(&mut app, Intent::Back);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::GameOver));
    // Back dismisses it: the final board stays in view, the dialog does not come back.
    intent(&mut app, Intent::Back);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
    // A new game forgets the dismissal, and its end opens the dialog again.
    app.world_mut()
        .write_message(NewGameRequested(MatchSettings::two_humans()));
    settle(&mut app);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
    wipe_out(&mut app);
    assert_eq!(screen(&app), (Screen::Playing, Dialog::GameOver));
    // An undo takes the game out of its end: the dialog closes.
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    app.update();
    assert_eq!(screen(&app), (Screen::Playing, Dialog::None));
}

#[test]
fn a_language_chosen_in_the_settings_switches_the_words_at_once_and_a_run_s_choice_wins() {
    use reversi::i18n::{Language, Texts};
    use reversi::ui::LanguageChoice;
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(GameSettings::default())
        .insert_resource(LanguageChoice {
            run: None,
            system: Language::Italian,
        })
        .init_resource::<Texts>()
        .add_systems(Update, reversi::ui::show_language);
    let shown = |app: &App| app.world().resource::<Texts>().language();
    app.update();
    assert_eq!(
        shown(&app),
        Language::Italian,
        "the system's language by default"
    );
    app.world_mut().resource_mut::<GameSettings>().language = Some(Language::Dutch);
    app.update();
    assert_eq!(shown(&app), Language::Dutch);
    let start = reversi::tr!(app.world().resource::<Texts>(), "menu-start");
    assert_eq!(start, "Beginnen");
    app.world_mut().resource_mut::<LanguageChoice>().run = Some(Language::Portuguese);
    app.update();
    assert_eq!(
        shown(&app),
        Language::Portuguese,
        "--lang and ?lang= win for the run"
    );
}

#[test]
fn each_move_is_said_for_screen_readers_with_the_discs_it_turned() {
    use reversi::ui::board_access::{Said, Spoken};
    let mut app = headless_app(MatchSettings::two_humans());
    reversi::ui::board_access::plugin(&mut app);
    place(&mut app, sq("f5"));
    settle(&mut app);
    let said = app.world().resource::<Spoken>().0.clone();
    assert_eq!(
        said,
        Some(Said::Move {
            player: Player::Black,
            square: sq("f5"),
            flipped: vec![sq("e5")],
        })
    );
    let texts = reversi::i18n::Texts::new(reversi::i18n::Language::English);
    assert_eq!(
        reversi::ui::board_access::said_text(&texts, &said.unwrap()),
        "Black plays f5 and turns 1 disc: e5"
    );
}
