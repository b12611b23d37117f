//! `reversi selfplay --size N --rules R`: games on other boards than standard Othello, written as
//! positions with their games' results (the 8×8 evaluation's own samples are
//! [`super::selfplay_report`]'s).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::rules::{Player, Variant};

/// `reversi selfplay --size N --rules R`: `games` games of the engine against itself
/// (searching `depth` plies, exact from `exact` empties) from [`super::match_opening`]s, every position
/// written with the final margin from its mover's view, one
/// `<size>:<rules> <player hex> <opponent hex> <side> <margin>` a line (the square sets as the
/// engine worker writes them). Games are shared among `threads` threads.
pub fn variant_selfplay_report(
    variant: Variant,
    games: u64,
    seed: u64,
    depth: u32,
    exact: u32,
    threads: usize,
    out: &std::path::Path,
) -> Result<String, String> {
    use crate::protocol::worker::position_to_text;
    let started = Instant::now();
    let limits = crate::ai::Limits::depth(depth, exact);
    let play = |game_index: u64| -> Vec<String> {
        let mut game = super::match_opening(variant, game_index as usize, seed);
        let mut positions = Vec::new();
        while !game.is_over() {
            let position = game.position();
            positions.push(position);
            let cancel = Arc::new(AtomicBool::new(false));
            // The engine that plays the position: the generic one, or the 8×8 one once a classic
            // 8×8 game's placements are made.
            let mut engine = None;
            let best = crate::ai::front::search(
                || engine.get_or_insert_with(|| crate::ai::Engine::new(18, cancel.clone())),
                &cancel,
                &position,
                &limits,
                18,
                |_| {},
            )
            .best
            .expect("a side to move that is not passing has a move");
            game.play(best).expect("the engine plays legal moves");
        }
        let margin = game.outcome().expect("over").margin;
        positions
            .into_iter()
            .map(|p| {
                let mine = if p.to_move == Player::Black {
                    margin
                } else {
                    -margin
                };
                format!("{} {mine}", position_to_text(&p))
            })
            .collect()
    };
    let threads = threads.max(1) as u64;
    let lines: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let play = &play;
                scope.spawn(move || {
                    (t..games)
                        .step_by(threads as usize)
                        .flat_map(play)
                        .collect::<Vec<String>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a self-play thread does not panic"))
            .collect()
    });
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(format!(
        "{games} games of {variant}, {} positions written to {} in {:.1} s",
        lines.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    ))
}
