//! The integration tests, one binary (each test binary links the whole library with Bevy, so one
//! links once): a module per layer or topic, and the helpers they share (`common.rs`).

mod book;
mod book_growth;
mod boundaries;
mod cli;
mod common;
mod docs;
mod engine;
mod game;
mod gtp;
mod lessons;
mod lessons_review;
mod nboard;
mod net;
mod notation;
mod online;
mod puzzles;
mod rules;
mod save;
mod shapes;
mod tournament;
mod variants;
