//! Reversi: a 3D Othello game in Bevy with a bitboard rules core and an engine.
//!
//! Layers: [`rules`] (the game, pure Rust) and [`protocol`] (the text interfaces) never import
//! bevy; the game layers (`app`, `game`, `ui`, behind the default `game` feature) build on them.

pub mod ai;
pub mod cli;
pub mod database;
pub mod lessons;
#[cfg(feature = "net")]
pub mod net;
pub mod past_games;
pub mod protocol;
pub mod rules;
pub mod save;
#[cfg(feature = "server")]
pub mod server;
pub mod tournament;

#[cfg(feature = "game")]
pub mod app;
#[cfg(feature = "game")]
pub mod audio;
#[cfg(feature = "game")]
pub mod autosave;
#[cfg(feature = "game")]
pub mod frame_times;
#[cfg(feature = "game")]
pub mod game;
#[cfg(feature = "game")]
pub mod i18n;
#[cfg(feature = "game")]
pub mod input;
#[cfg(feature = "game")]
pub mod ui;
#[cfg(all(feature = "game", target_arch = "wasm32"))]
pub mod web;
#[cfg(all(feature = "game", target_arch = "wasm32"))]
pub mod web_database;
