//! The browser build's link to its page (`web/index.html`): once the board has been drawn the
//! loading screen goes and `<body data-state="ready">` is set; after that the body's data
//! attributes mirror the game (`data-moves` the transcript, `data-to-move`, `data-phase`,
//! `data-thinking`, and `data-legal`: each legal square with its centre on the page in CSS pixels,
//! e.g. `d3@412,305 c4@380,340`), and `data-screen` (`MainMenu` or `Playing`). The page's scripts
//! and the end-to-end test read them.
//!
//! Screen readers: Bevy's AccessKit has no browser adapter, so the page mirrors the board for
//! them: `#board-cells` lists every square by its name ("d3, empty, legal move") and `#said`, a
//! polite live region, says each move, pass and result, in the game's language.
//!
//! A link can start a game at once: `?black=human&white=maximum` (each side `human` or a level
//! name) skips the menu and starts that game, with `&clock=5` for five minutes each and
//! `&size=10&rules=anti` for another board and rules (`data-variant` then reads `10x10 anti`),
//! `&shape=cross` (or `octagon`, or the squares that are off: `a1,h8`) for another shape.

use bevy::prelude::*;
use web_sys::HtmlElement;

use crate::game::ai_player::AiSearch;
use crate::game::board::{BoardCamera, square_centre};
use crate::game::turn::Phase;
use crate::game::{CurrentGame, MatchSettings, NewGameRequested};
use crate::rules::notation;
use crate::ui::Screen;
use crate::ui::main_menu::GameStarted;

/// Frames drawn before the game calls itself ready (the first ones show an empty canvas).
const READY_AFTER_FRAMES: u32 = 3;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, fetch_book)
        .add_systems(PostStartup, start_from_link)
        .add_systems(Last, (mark_ready, mirror_state, mirror_for_readers).chain());
}

/// The opening book, a file of its own beside the page (`scripts/web-build` puts it there).
const BOOK_FILE: &str = "engine/book.bin";

/// Fetches the opening book and installs it for the explorer, practice and the hints' book marks
/// (the engine worker fetches its own copy, from the browser's cache); until it is in, they work
/// without it. A book that cannot be fetched or read is logged, never fatal.
fn fetch_book() {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    let Some(window) = web_sys::window() else {
        return;
    };
    let read = Closure::<dyn FnMut(JsValue)>::new(|response: JsValue| {
        let buffer = match response.dyn_into::<web_sys::Response>() {
            Ok(response) if response.ok() => response.array_buffer().ok(),
            _ => None,
        };
        let Some(buffer) = buffer else {
            warn!("the opening book could not be fetched");
            return;
        };
        let install = Closure::<dyn FnMut(JsValue)>::new(|buffer: JsValue| {
            let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
            if let Err(why) = crate::ai::book::install(&bytes) {
                warn!("the opening book was refused: {why}");
            }
        });
        let _ = buffer.then(&install);
        // It runs once; the page keeps it for its life.
        install.forget();
    });
    let failed = Closure::<dyn FnMut(JsValue)>::new(|error: JsValue| {
        warn!("the opening book could not be fetched: {error:?}");
    });
    let _ = window.fetch_with_str(BOOK_FILE).then(&read).catch(&failed);
    read.forget();
    failed.forget();
}

fn start_from_link(
    mut new_game: MessageWriter<NewGameRequested>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut started: ResMut<GameStarted>,
    mut choices: ResMut<crate::ui::main_menu::MenuChoices>,
    mut language: ResMut<crate::ui::LanguageChoice>,
    (mut lessons, mut online, mut puzzles): (
        MessageWriter<crate::game::lesson::LessonRequest>,
        MessageWriter<crate::game::online::OnlineRequest>,
        MessageWriter<crate::game::puzzle::PuzzleRequest>,
    ),
    mut next_dialog: ResMut<NextState<crate::ui::Dialog>>,
) {
    let Some(query) = web_sys::window().and_then(|w| w.location().search().ok()) else {
        return;
    };
    // ?lang=pt chooses the language for this visit, with or without a game.
    let mut game_keys = false;
    for (key, value) in query
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.split_once('='))
    {
        match key {
            "lang" => match value.parse() {
                Ok(chosen) => language.run = Some(chosen),
                Err(why) => warn!("reversi: ignoring the link's language: {why}"),
            },
            // ?lesson=4 opens a lesson of "Learn to play", ?lesson=list their list.
            "lesson" => match crate::lessons::lesson_named(value) {
                Some(0) => next_dialog.set(crate::ui::Dialog::Lessons),
                Some(n) => {
                    lessons.write(crate::game::lesson::LessonRequest::Start(n));
                    next_screen.set(Screen::Lesson);
                }
                None => warn!("reversi: ignoring the link's lesson '{value}'"),
            },
            // ?puzzle=37 opens an endgame puzzle, ?puzzle=daily the puzzle of the day,
            // ?puzzle=list their list.
            "puzzle" => {
                match crate::cli::args::parse_puzzle(value).map(crate::ui::puzzles::named) {
                    Ok(None) => next_dialog.set(crate::ui::Dialog::Puzzles),
                    Ok(Some(index)) => {
                        puzzles.write(crate::game::puzzle::PuzzleRequest::Start(index));
                        next_screen.set(Screen::Puzzle);
                    }
                    Err(why) => warn!("reversi: ignoring the link's puzzle: {why}"),
                }
            }
            // ?room=CODE joins a friend's room on the server that served the page; ?room=new
            // opens one there (a random colour, the standard board, no clock).
            "room" if value == "new" => {
                online.write(crate::game::online::OnlineRequest::Create {
                    server: crate::ui::online::OnlineForm::default().server,
                    name: String::new(),
                    colour: crate::net::ColourChoice::Random,
                    variant: crate::rules::Variant::STANDARD,
                    clock: None,
                    public: false,
                });
                next_screen.set(Screen::Playing);
                started.0 = true;
            }
            "room" => match crate::net::normalise_code(value) {
                Some(code) => {
                    online.write(crate::game::online::OnlineRequest::Join {
                        server: crate::ui::online::OnlineForm::default().server,
                        code,
                        name: String::new(),
                    });
                    next_screen.set(Screen::Playing);
                    started.0 = true;
                }
                None => warn!("reversi: ignoring the link's room '{value}'"),
            },
            _ => game_keys = true,
        }
    }
    if !game_keys {
        return;
    }
    match MatchSettings::from_query(&query) {
        Some(settings) => {
            new_game.write(NewGameRequested(settings));
            choices.variant = settings.variant;
            next_screen.set(Screen::Playing);
            started.0 = true;
        }
        None => warn!(
            "reversi: ignoring the link's game '{query}' (expected ?black=human&white=expert, and optionally &clock=5&size=10&rules=anti&shape=cross)"
        ),
    }
}

fn body() -> Option<HtmlElement> {
    web_sys::window()?.document()?.body()
}

fn mark_ready(mut frames: Local<u32>) {
    if *frames > READY_AFTER_FRAMES {
        return;
    }
    *frames += 1;
    if *frames <= READY_AFTER_FRAMES {
        return;
    }
    let Some(body) = body() else { return };
    if let Some(loading) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("loading"))
    {
        loading.remove();
    }
    let _ = body.dataset().set("state", "ready");
    info!("reversi: ready");
}

fn mirror_state(
    game: Res<CurrentGame>,
    phase: Res<Phase>,
    screen: Res<State<Screen>>,
    searches: Query<&AiSearch>,
    camera: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    (texts, lesson, online, puzzle): (
        Res<crate::i18n::Texts>,
        Res<crate::game::lesson::LessonRun>,
        Res<crate::game::online::Online>,
        Res<crate::game::puzzle::PuzzleRun>,
    ),
    mut last: Local<Vec<(String, String)>>,
) {
    let session = online.0.as_ref();
    let room = session.and_then(|s| s.room.clone()).unwrap_or_default();
    // The online game: connecting, waiting, playing, over (or empty), and this side's colour.
    let status = session.map_or(String::new(), |s| match (&s.link, &s.state) {
        (crate::game::online::Link::Failed(code), _) => format!("failed:{code:?}"),
        (_, None) => "connecting".to_string(),
        (_, Some(state)) => match state.status {
            crate::net::Status::Waiting => "waiting".to_string(),
            crate::net::Status::Playing => "playing".to_string(),
            crate::net::Status::Over(_) => "over".to_string(),
        },
    });
    let colour = session
        .and_then(|s| s.colour())
        .map_or("", |c| crate::ui::words::key(c.player()));
    let mut legal = Vec::new();
    if let Ok((camera, transform)) = camera.single() {
        let size = game.variant().size();
        for square in game.0.position().legal_squares() {
            if let Ok(at) = camera.world_to_viewport(transform, square_centre(square, size)) {
                legal.push(format!("{square}@{:.0},{:.0}", at.x, at.y));
            }
        }
    }
    let state = vec![
        ("moves".to_string(), notation::transcript(&game.0)),
        ("variant".to_string(), game.variant().to_string()),
        (
            "toMove".to_string(),
            crate::ui::words::key(game.0.to_move()).to_string(),
        ),
        ("phase".to_string(), format!("{:?}", *phase)),
        ("thinking".to_string(), (!searches.is_empty()).to_string()),
        ("legal".to_string(), legal.join(" ")),
        ("screen".to_string(), format!("{:?}", **screen)),
        ("lang".to_string(), texts.language().code().to_string()),
        // The puzzle on the board: number and stage ("206:Trying"), or empty.
        (
            "puzzle".to_string(),
            puzzle.0.as_ref().map_or(String::new(), |state| {
                format!("{}:{:?}", state.index + 1, state.stage)
            }),
        ),
        // The lesson on the board: number, step and stage ("3:1:Trying"), or empty.
        (
            "lesson".to_string(),
            lesson.0.as_ref().map_or(String::new(), |run| {
                format!("{}:{}:{:?}", run.number, run.step + 1, run.stage)
            }),
        ),
        ("room".to_string(), room),
        ("online".to_string(), status),
        ("colour".to_string(), colour.to_string()),
    ];
    if *last == state {
        return;
    }
    let Some(body) = body() else { return };
    let data = body.dataset();
    for (key, value) in &state {
        let _ = data.set(key, value);
    }
    if last.first() != state.first() {
        info!("reversi: moves {}", state[0].1);
    }
    *last = state;
}

/// The board's cells and what was last said, in the page's elements for screen readers.
fn mirror_for_readers(
    game: Res<CurrentGame>,
    spoken: Res<crate::ui::board_access::Spoken>,
    texts: Res<crate::i18n::Texts>,
    mut last: Local<(String, String)>,
) {
    use crate::ui::board_access::{cell_label, said_text};
    // Worded again only when the board, the event or the language changed.
    if !(game.is_changed() || spoken.is_changed() || texts.is_changed()) {
        return;
    }
    let position = game.0.position();
    let escape = |text: String| {
        text.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let cells: String = game
        .variant()
        .all_squares()
        .map(|cell| {
            format!(
                "<div role=\"listitem\">{}</div>",
                escape(cell_label(&texts, &position, cell))
            )
        })
        .collect();
    let said = spoken
        .0
        .as_ref()
        .map(|said| said_text(&texts, said))
        .unwrap_or_default();
    if last.0 == cells && last.1 == said {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if last.0 != cells
        && let Some(list) = document.get_element_by_id("board-cells")
    {
        list.set_inner_html(&cells);
    }
    if last.1 != said
        && let Some(region) = document.get_element_by_id("said")
    {
        region.set_text_content(Some(&said));
    }
    *last = (cells, said);
}
