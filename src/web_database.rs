//! The game database in the browser: the page (`web/index.html`, `window.reversiDatabase`) opens
//! its file input when the player asks, reads the files picked and keeps the database in
//! IndexedDB; here the game takes the files the page read and the database it kept, a batch a
//! frame, and hands the page the database to keep after each addition.
//!
//! With `?db-bench` in the page's address, each database installed is searched by the positions
//! of `scripts/db-bench` and the times logged to the console (for docs/benchmarks.md).

use bevy::prelude::*;
use js_sys::{Array, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};

use crate::database::Database;
use crate::database::search::{Query, Target};
use crate::game::database::{GameDatabase, PickFilesRequested};
use crate::rules::{Player, Variant, notation};

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (open_picker, take_from_page));
}

/// The page's `reversiDatabase`, where the page has one.
fn page() -> Option<JsValue> {
    let window = web_sys::window()?;
    Reflect::get(&window, &JsValue::from_str("reversiDatabase"))
        .ok()
        .filter(|api| api.is_object())
}

/// Calls the page's `reversiDatabase[name](args…)`.
fn call(name: &str, args: &[JsValue]) -> Option<JsValue> {
    let api = page()?;
    let function = Reflect::get(&api, &JsValue::from_str(name))
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    function
        .apply(&api, &args.iter().collect::<Array>())
        .ok()
        .filter(|value| !value.is_null() && !value.is_undefined())
}

fn open_picker(mut asked: MessageReader<PickFilesRequested>) {
    if asked.read().count() > 0 {
        call("pick", &[]);
    }
}

/// The database kept from before, then any files the player picked since the last frame (added
/// a few a frame); after an addition, the database to keep.
fn take_from_page(mut database: ResMut<GameDatabase>, mut kept: Local<u32>) {
    if database.additions != *kept {
        *kept = database.additions;
        if let Some(db) = database.db.clone() {
            bench(&db);
            let bytes = Uint8Array::from(&db.to_bytes()[..]);
            call("save", &[bytes.into()]);
        }
    }
    if let Some(bytes) = call("takeStored", &[]) {
        match Database::from_bytes(&Uint8Array::new(&bytes).to_vec()) {
            Ok(db) => {
                bench(&db);
                database.install(db);
            }
            Err(why) => database.error = Some(why),
        }
    }
    let Some(batch) = call("take", &[]) else {
        return;
    };
    let files: Vec<(String, Vec<u8>)> = Array::from(&batch)
        .iter()
        .filter_map(|pair| {
            let pair = Array::from(&pair);
            let name = pair.get(0).as_string()?;
            Some((name, Uint8Array::new(&pair.get(1)).to_vec()))
        })
        .collect();
    database.add_by_frames(files);
}

/// The positions `scripts/db-bench` searches by.
const BENCH: [&str; 6] = [
    "",
    "f5",
    "f5d6",
    "f5d6c3d3c4",
    "f5d6c3d3c4f4c5b3c2",
    "f5d6c5f4e3c6d3f6e6d7g4c4",
];

/// With `?db-bench` in the address: each position searched seven times, the median logged.
fn bench(db: &Database) {
    let asked = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|search| search.contains("db-bench"));
    if !asked {
        return;
    }
    for moves in BENCH {
        let Ok(game) = notation::parse_transcript(moves, Variant::STANDARD) else {
            continue;
        };
        let position = game.position();
        let Some(board) = position.to_board() else {
            continue;
        };
        let query = Query {
            position: Some(Target::new(board, position.to_move == Player::Black)),
            ..Query::default()
        };
        let mut times: Vec<f64> = Vec::new();
        let mut found = 0;
        for _ in 0..7 {
            let started = web_time::Instant::now();
            found = db.search(&query).len();
            times.push(started.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(f64::total_cmp);
        info!(
            "db-bench: position '{}': {found} of {} games, search median of 7: {:.1} ms",
            if moves.is_empty() { "start" } else { moves },
            db.games.len(),
            times[3]
        );
    }
}
