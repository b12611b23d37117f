//! The engine's commands (`reversi perft`, `solve`, `analyse`, `bench`, `openings`, `match` and
//! the training commands), one file per family. Each returns its report as text, or an error
//! message for bad input; `main.rs` prints them and turns them into exit codes.

mod analyse;
pub mod args;
mod bench;
pub mod book;
pub mod db;
pub mod dispatch;
pub mod game_args;
mod matches;
mod mpc;
pub mod net;
mod openings;
pub mod puzzles;
mod solve;
pub mod tournament;
mod training;
mod values;
pub mod variant_args;
mod variants;

pub use analyse::*;
pub use bench::*;
pub use matches::*;
pub use mpc::*;
pub use openings::*;
pub use solve::*;
pub use training::*;
pub use variants::*;

/// `count` per second as "12.3 M <what>/s".
fn rate(count: u64, seconds: f64, what: &str) -> String {
    if seconds > 0.0 {
        format!("{:.1} M {what}/s", count as f64 / seconds / 1e6)
    } else {
        format!("∞ {what}/s")
    }
}
