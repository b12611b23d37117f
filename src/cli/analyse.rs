//! `reversi analyse`: the game analysis the game's dock runs (every placed move scored against the
//! best, at a depth the player chooses), as a table on the command line, with its time.

use web_time::Instant;

use crate::ai::jobs::{ReviewDepth, review_game};
use crate::rules::{Move, Player, Variant, notation};

/// Each placed move of `game` (a transcript from the start of `variant`, or a GGF record from its
/// own start) with its player, the best move there, the disc loss and the evaluation, then the
/// time the whole review took.
pub fn analyse_report(variant: Variant, game: &str, depth: ReviewDepth) -> Result<String, String> {
    let game = notation::parse_any(game, variant).map_err(|e| format!("bad game: {e}"))?;
    let started = Instant::now();
    let reviews = review_game(&game, depth);
    let seconds = started.elapsed().as_secs_f64();
    let count = reviews.len();
    let mut out = String::from("move  side   played  best  loss  eval (black)\n");
    let mut number = 0;
    for review in &reviews {
        let Move::Play(played) = game.history()[review.index] else {
            continue;
        };
        number += 1;
        let side = review.player.to_string().to_lowercase();
        let loss = review.loss as f64 / 100.0;
        let eval = review.eval_black as f64 / 100.0;
        let exact = if review.exact { " exact" } else { "" };
        out += &format!(
            "{number:>4}  {side:<5}  {:<6}  {:<4}  {loss:>4.0}  {eval:+.1}{exact}\n",
            played.to_string(),
            review.best.to_string()
        );
    }
    let lost = |side| {
        reviews
            .iter()
            .filter(|r| r.player == side)
            .map(|r| r.loss)
            .sum::<i32>() as f64
            / 100.0
    };
    out += &format!(
        "analysed {count} moves in {seconds:.1} s ({}: depth {}, exact from {} empties); \
         discs lost: black {:.0}, white {:.0}",
        depth.key(),
        depth.depth(),
        depth.exact_empties(),
        lost(Player::Black),
        lost(Player::White),
    );
    Ok(out)
}
