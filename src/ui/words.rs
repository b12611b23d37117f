//! The words a player reads for the rules' and the engine's values: colours, results, what a level
//! does. Rules and engine return data; the screens word it here, in one place.

use crate::ai::Level;
use crate::rules::vgame::VOutcome;
use crate::rules::{Goal, Opening, Player, Variant};

/// "Black" or "White".
pub fn player(player: Player) -> &'static str {
    match player {
        Player::Black => "Black",
        Player::White => "White",
    }
}

/// The result, the winner's count first: with empties to the winner where most discs win ("Black
/// wins 38–26", "White wins 40–24", "Draw 32–32"), the discs on the board where fewest win ("Black
/// wins 20–30").
pub fn outcome(outcome: &VOutcome, variant: Variant) -> String {
    let (mut b, mut w) = (outcome.discs.black, outcome.discs.white);
    if variant.goal == Goal::MostDiscs {
        let empties = variant.cells() - b - w;
        match outcome.winner {
            Some(Player::Black) => b += empties,
            Some(Player::White) => w += empties,
            None => {}
        }
    }
    match outcome.winner {
        Some(Player::Black) => format!("Black wins {b}–{w}"),
        Some(Player::White) => format!("White wins {w}–{b}"),
        None => format!("Draw {b}–{w}"),
    }
}

/// The rules' name: "Othello", "Classic Reversi", "Anti-reversi" or "Classic anti-reversi".
pub fn rules_name(opening: Opening, goal: Goal) -> &'static str {
    match (opening, goal) {
        (Opening::Othello, Goal::MostDiscs) => "Othello",
        (Opening::Free, Goal::MostDiscs) => "Classic Reversi",
        (Opening::Othello, Goal::FewestDiscs) => "Anti-reversi",
        (Opening::Free, Goal::FewestDiscs) => "Classic anti-reversi",
    }
}

/// What the rules are, in one line, their name first (the menu and the side panel show it).
pub fn rules_summary(variant: Variant) -> String {
    let what = match (variant.opening, variant.goal) {
        (Opening::Othello, Goal::MostDiscs) => "four discs to start, most discs wins",
        (Opening::Free, Goal::MostDiscs) => {
            "the first four discs are placed in the centre, most discs wins"
        }
        (Opening::Othello, Goal::FewestDiscs) => "Othello's moves, fewest discs wins",
        (Opening::Free, Goal::FewestDiscs) => "free centre placements, fewest discs wins",
    };
    format!("{}: {what}", rules_name(variant.opening, variant.goal))
}

/// The board and rules a pasted record switched the game to: "Now playing 6×6 Othello (the
/// pasted record's board and rules)".
pub fn switched_to(variant: Variant) -> String {
    let size = variant.size();
    let rules = rules_name(variant.opening, variant.goal);
    format!("Now playing {size}×{size} {rules} (the pasted record's board and rules)")
}

/// What a level does on `variant`, in a player's words, from its settings (the menu shows it):
/// the 8×8 engine's on standard Othello, the generic engine's, scaled to the board, elsewhere.
pub fn level_description(level: Level, variant: Variant) -> String {
    let s = crate::ai::variant::level_settings(level, variant);
    let mut parts = Vec::new();
    let seconds = s.time.map(|t| t.as_secs_f32());
    match (s.selective, seconds) {
        (true, Some(t)) => parts.push(format!(
            "Searches as deep as {t} s a move allow, pruning what it judges hopeless"
        )),
        _ => parts.push(format!(
            "Looks {} move{} ahead",
            s.depth,
            if s.depth == 1 { "" } else { "s" }
        )),
    }
    if s.endgame_empties > 0 {
        parts.push(format!(
            "plays perfectly once {} squares are empty",
            s.endgame_empties
        ));
    }
    if s.noise_discs > 0 {
        parts.push(format!(
            "picks any move within {} disc{} of its best",
            s.noise_discs,
            if s.noise_discs == 1 { "" } else { "s" }
        ));
    } else {
        parts.push("always plays its best move".to_string());
    }
    if let (false, Some(t)) = (s.selective, seconds) {
        parts.push(format!("up to {t} s a move"));
    }
    let mut text = parts.join("; ") + ".";
    if level == Level::Beginner {
        text.push_str(" A new player can beat it.");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::vnotation::parse_transcript;

    #[test]
    fn a_result_names_the_winner_and_counts_empties_for_them() {
        // Black wipes White out after nine moves: 13–0 on the board, 64–0 with the empties.
        let standard = Variant::STANDARD;
        let game = parse_transcript("f5d6c5f4e7f6g5e6e3", standard).unwrap();
        assert_eq!(
            outcome(&game.outcome().unwrap(), standard),
            "Black wins 64–0"
        );
        let mut draw = game.outcome().unwrap();
        draw.winner = None;
        draw.discs.black = 32;
        draw.discs.white = 32;
        assert_eq!(outcome(&draw, standard), "Draw 32–32");
        let mut white = game.outcome().unwrap();
        white.winner = Some(Player::White);
        (white.discs.black, white.discs.white) = (24, 40);
        assert_eq!(
            outcome(&white, standard),
            "White wins 40–24",
            "the winner's count first"
        );
        // Under anti the same wipe-out is White's win, told with the discs on the board.
        let anti: Variant = "8x8 anti".parse().unwrap();
        let game = parse_transcript("f5d6c5f4e7f6g5e6e3", anti).unwrap();
        assert_eq!(outcome(&game.outcome().unwrap(), anti), "White wins 0–13");
        // On 10×10 the empties go to the winner out of 100.
        let ten: Variant = "10x10".parse().unwrap();
        let mut big = game.outcome().unwrap();
        (big.winner, big.discs.black, big.discs.white) = (Some(Player::Black), 40, 30);
        assert_eq!(outcome(&big, ten), "Black wins 70–30");
    }

    #[test]
    fn level_descriptions_say_what_each_level_does() {
        let descriptions: Vec<String> = Level::ALL
            .iter()
            .map(|&l| level_description(l, Variant::STANDARD))
            .collect();
        for (level, text) in Level::ALL.iter().zip(&descriptions) {
            let s = level.settings();
            if !s.selective {
                assert!(text.contains(&format!("Looks {} move", s.depth)), "{text}");
            }
            if s.endgame_empties > 0 {
                assert!(
                    text.contains(&format!("once {} squares are empty", s.endgame_empties)),
                    "{text}"
                );
            }
            if s.noise_discs > 0 {
                assert!(
                    text.contains(&format!("within {} disc", s.noise_discs)),
                    "{text}"
                );
            } else {
                assert!(text.contains("always plays its best move"), "{text}");
            }
            if let Some(time) = s.time {
                assert!(
                    text.contains(&format!("{} s a move", time.as_secs())),
                    "{text}"
                );
            }
            assert!(text.ends_with('.'), "{text}");
        }
        assert!(descriptions[0].contains("A new player can beat it"));
        assert_eq!(
            descriptions[5],
            "Searches as deep as 15 s a move allow, pruning what it judges hopeless; plays \
             perfectly once 24 squares are empty; always plays its best move."
        );
        // On other boards, the generic engine's settings for that board.
        let six = level_description(Level::Intermediate, "6x6".parse().unwrap());
        assert_eq!(
            six,
            "Looks 6 moves ahead; plays perfectly once 14 squares are empty; picks any move within \
             1 disc of its best; up to 3 s a move."
        );
        let ten = level_description(Level::Maximum, "10x10".parse().unwrap());
        assert!(
            ten.starts_with("Looks 60 moves ahead; plays perfectly once 20 squares"),
            "{ten}"
        );
        assert!(ten.ends_with("up to 15 s a move."), "{ten}");
        assert_eq!(
            descriptions[2],
            "Looks 4 moves ahead; plays perfectly once 10 squares are empty; picks any move within \
             2 discs of its best."
        );
    }
}
