//! The words a player reads for the rules' and the engine's values: colours, results, rules,
//! levels, and what is wrong with a pasted record. Rules and engine return data; the screens word
//! it here, through the player's language ([`Texts`]).

use crate::ai::Level;
use crate::i18n::Texts;
use crate::rules::shape::ShapeError;
use crate::rules::variant::VariantError;
use crate::rules::{GgfProblem, Goal, NotationError, Opening, Player, Shape, Square, Variant};
use crate::rules::{IllegalMove, Outcome};
use crate::tr;

/// A whole number of discs with its sign: "+16", "0", "−8" (a true minus sign).
pub fn signed_discs(discs: i32) -> String {
    match discs.signum() {
        1 => format!("+{discs}"),
        -1 => format!("−{}", -discs),
        _ => "0".to_string(),
    }
}

/// A player as a message argument: `black` or `white`.
pub fn key(player: Player) -> &'static str {
    match player {
        Player::Black => "black",
        Player::White => "white",
    }
}

/// "Black" or "White".
pub fn player(texts: &Texts, player: Player) -> String {
    tr!(texts, "player", player = key(player))
}

/// The result, the winner's count first: with empties to the winner where most discs win ("Black
/// wins 38–26", "White wins 40–24", "Draw 32–32"), the discs on the board and the reason where
/// fewest win ("Black wins with fewer discs, 20–30").
pub fn outcome(texts: &Texts, outcome: &Outcome, variant: Variant) -> String {
    let (b, w) = outcome.written_score(variant);
    let win = |player, winner: u32, loser: u32| match variant.goal {
        Goal::MostDiscs => tr!(
            texts,
            "outcome-win",
            player = player,
            winner = winner,
            loser = loser
        ),
        // The winner's smaller count first would read like a loss without the reason beside it.
        Goal::FewestDiscs => tr!(
            texts,
            "outcome-win-fewest",
            player = player,
            winner = winner,
            loser = loser
        ),
    };
    match outcome.winner {
        Some(Player::Black) => win("black", b, w),
        Some(Player::White) => win("white", w, b),
        None => tr!(texts, "outcome-draw", black = b, white = w),
    }
}

/// The rules' name: "Othello", "Classic Reversi", "Anti-reversi" or "Classic anti-reversi".
pub fn rules_name(texts: &Texts, opening: Opening, goal: Goal) -> String {
    match (opening, goal) {
        (Opening::Othello, Goal::MostDiscs) => tr!(texts, "rules-othello"),
        (Opening::Free, Goal::MostDiscs) => tr!(texts, "rules-classic"),
        (Opening::Othello, Goal::FewestDiscs) => tr!(texts, "rules-anti"),
        (Opening::Free, Goal::FewestDiscs) => tr!(texts, "rules-classic-anti"),
    }
}

/// What the rules are, in one line, their name first (the menu and the side panel show it).
pub fn rules_summary(texts: &Texts, variant: Variant) -> String {
    match (variant.opening, variant.goal) {
        (Opening::Othello, Goal::MostDiscs) => tr!(texts, "rules-summary-othello"),
        (Opening::Free, Goal::MostDiscs) => tr!(texts, "rules-summary-classic"),
        (Opening::Othello, Goal::FewestDiscs) => tr!(texts, "rules-summary-anti"),
        (Opening::Free, Goal::FewestDiscs) => tr!(texts, "rules-summary-classic-anti"),
    }
}

/// Why a board and rules do not exist.
pub fn variant_error(texts: &Texts, error: &VariantError) -> String {
    match error {
        VariantError::Size(size) => tr!(texts, "variant-error-size", size = *size),
        VariantError::FreeOpeningOnOddBoard(size) => {
            tr!(texts, "variant-error-free-opening", size = *size)
        }
        // Rule names are typed on the command line only; the game's screens offer a list.
        VariantError::Rules(text) => text.clone(),
        VariantError::Shape(error) => shape_error(texts, error),
    }
}

/// Why a shape is not a board.
pub fn shape_error(texts: &Texts, error: &ShapeError) -> String {
    match error {
        ShapeError::Unknown(text) => tr!(texts, "shape-error-unknown", text = text.as_str()),
        ShapeError::NamedSize { shape, size } => tr!(
            texts,
            "shape-error-named-size",
            shape = shape.name(),
            size = *size
        ),
        ShapeError::OffSquare { square, size } => tr!(
            texts,
            "shape-error-off-square",
            square = square.to_string(),
            size = *size
        ),
        ShapeError::NoCentre(square) => {
            tr!(texts, "shape-error-no-centre", square = square.to_string())
        }
        ShapeError::Disconnected(square) => {
            tr!(
                texts,
                "shape-error-disconnected",
                square = square.to_string()
            )
        }
        ShapeError::PictureSize(squares) => {
            tr!(texts, "shape-error-picture-size", squares = *squares)
        }
    }
}

/// The board's name: "8×8", "the cross", "the octagon", or "10×10, drawn" for a shape drawn in
/// the editor.
pub fn board_name(texts: &Texts, variant: Variant) -> String {
    tr!(
        texts,
        "board-name",
        shape = variant.shape().name(),
        size = variant.size()
    )
}

/// A named shape's name alone ("Cross", "Octagon"), as the menu lists it beside the sizes.
pub fn shape_name(texts: &Texts, shape: Shape) -> String {
    tr!(texts, "shape-name", shape = shape.name())
}

/// The board and rules a pasted record switched the game to: "Now playing 6×6 Othello (the
/// pasted record's board and rules)".
pub fn switched_to(texts: &Texts, variant: Variant) -> String {
    let rules = rules_name(texts, variant.opening, variant.goal);
    tr!(
        texts,
        "switched-to",
        board = board_name(texts, variant),
        rules = rules
    )
}

/// A level's name.
pub fn level_name(texts: &Texts, level: Level) -> String {
    match level {
        Level::Beginner => tr!(texts, "level-beginner"),
        Level::Novice => tr!(texts, "level-novice"),
        Level::Intermediate => tr!(texts, "level-intermediate"),
        Level::Advanced => tr!(texts, "level-advanced"),
        Level::Expert => tr!(texts, "level-expert"),
        Level::Maximum => tr!(texts, "level-maximum"),
    }
}

/// What a level does on `variant`, in a player's words, from its settings (the menu shows it):
/// the 8×8 engine's on standard Othello, the generic engine's, scaled to the board, elsewhere.
pub fn level_description(texts: &Texts, level: Level, variant: Variant) -> String {
    let s = crate::ai::front::level_settings(level, variant);
    let seconds = s.time.map(|t| t.as_secs_f64());
    let yes = |b: bool| if b { "yes" } else { "no" };
    tr!(
        texts,
        "level-description",
        selective = yes(s.selective && seconds.is_some()),
        seconds = {
            let t = seconds.unwrap_or(0.0);
            texts.decimal(t, if t.fract() == 0.0 { 0 } else { 1 })
        },
        depth = s.depth,
        endgame = s.endgame_empties,
        noise = s.noise_discs,
        limit = yes(!s.selective && seconds.is_some()),
        beginner = yes(level == Level::Beginner),
    )
}

/// What is wrong with a pasted record, where it is (counting characters from 1).
pub fn notation_error(texts: &Texts, error: &NotationError) -> String {
    use NotationError::*;
    let place = |at: &usize| at + 1;
    match error {
        BadToken { token, at, last } => tr!(
            texts,
            "notation-bad-token",
            token = token.as_str(),
            at = place(at),
            last = last.to_string()
        ),
        IllegalMove {
            square,
            number,
            at,
            reason,
        } => illegal_move(texts, *square, *number, place(at), *reason),
        IllegalPass { number, at } => {
            tr!(
                texts,
                "notation-illegal-pass",
                number = *number,
                at = place(at)
            )
        }
        BadBoardChar { ch, at } => {
            tr!(
                texts,
                "notation-bad-board-char",
                char = ch.to_string(),
                at = place(at)
            )
        }
        MissingSide => tr!(texts, "notation-missing-side"),
        BadSide { text, at } => tr!(
            texts,
            "notation-bad-side",
            text = text.as_str(),
            at = place(at)
        ),
        BoardSize { squares } => tr!(texts, "notation-board-size", squares = *squares),
        Shape(error) => shape_error(texts, error),
        Ggf { problem, at } => ggf_problem(texts, problem, place(at)),
    }
}

/// Why move `number` of a record, on `cell` at character `at` (from 1), is illegal.
fn illegal_move(
    texts: &Texts,
    cell: Square,
    number: usize,
    at: usize,
    reason: IllegalMove,
) -> String {
    let square = cell.to_string();
    match reason {
        IllegalMove::Occupied(_) => {
            tr!(
                texts,
                "notation-occupied",
                number = number,
                square = square,
                at = at
            )
        }
        IllegalMove::NoFlips(_) => {
            tr!(
                texts,
                "notation-no-flips",
                number = number,
                square = square,
                at = at
            )
        }
        IllegalMove::OutsideCentre(_) => {
            tr!(
                texts,
                "notation-outside-centre",
                number = number,
                square = square,
                at = at
            )
        }
        IllegalMove::OffBoard(_) => {
            tr!(
                texts,
                "notation-off-board",
                number = number,
                square = square,
                at = at
            )
        }
        IllegalMove::GameOver => {
            tr!(
                texts,
                "notation-game-over",
                number = number,
                square = square,
                at = at
            )
        }
    }
}

/// What is wrong with a GGF record, at character `at` (from 1).
fn ggf_problem(texts: &Texts, problem: &GgfProblem, at: usize) -> String {
    use GgfProblem::*;
    match problem {
        NoGame => tr!(texts, "ggf-no-game"),
        NotClosed => tr!(texts, "ggf-not-closed", at = at),
        ExpectedProperty(c) => tr!(
            texts,
            "ggf-expected-property",
            at = at,
            char = c.to_string()
        ),
        NoValue { property } => tr!(texts, "ggf-no-value", at = at, property = property.as_str()),
        ValueNotClosed { property } => {
            tr!(
                texts,
                "ggf-value-not-closed",
                at = at,
                property = property.as_str()
            )
        }
        NotOthello { value } => tr!(texts, "ggf-not-othello", at = at, value = value.as_str()),
        TypeTwoSizes { value } => tr!(texts, "ggf-type-two-sizes", at = at, value = value.as_str()),
        TypeLetter { value, letter } => tr!(
            texts,
            "ggf-type-letter",
            at = at,
            value = value.as_str(),
            letter = letter.to_string()
        ),
        TypeNoSize { value } => tr!(texts, "ggf-type-no-size", at = at, value = value.as_str()),
        TypeSize { value } => tr!(texts, "ggf-type-size", at = at, value = value.as_str()),
        UnknownRules { value } => tr!(texts, "ggf-unknown-rules", at = at, value = value.as_str()),
        Variant(error) => tr!(
            texts,
            "ggf-variant",
            at = at,
            reason = variant_error(texts, error)
        ),
        AfterFirstMove { property } => {
            tr!(
                texts,
                "ggf-after-first-move",
                at = at,
                property = property.as_str()
            )
        }
        WrongTurn {
            property,
            value,
            to_move,
        } => tr!(
            texts,
            "ggf-wrong-turn",
            at = at,
            property = property.as_str(),
            value = value.as_str(),
            player = key(*to_move)
        ),
        BoardSizeMissing { size, .. } => {
            tr!(texts, "ggf-board-size-missing", at = at, size = *size)
        }
        BoardSquares { squares, size, .. } => tr!(
            texts,
            "ggf-board-squares",
            at = at,
            squares = *squares,
            cells = size * size,
            size = *size
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;
    use crate::rules::notation::parse_transcript;

    fn en() -> Texts {
        Texts::new(Language::English)
    }

    #[test]
    fn signed_discs_carry_a_plus_or_a_true_minus() {
        assert_eq!(signed_discs(16), "+16");
        assert_eq!(signed_discs(-8), "−8");
        assert_eq!(signed_discs(0), "0");
    }

    #[test]
    fn a_result_names_the_winner_and_counts_empties_for_them() {
        // Black wipes White out after nine moves: 13–0 on the board, 64–0 with the empties.
        let standard = Variant::STANDARD;
        let game = parse_transcript("f5d6c5f4e7f6g5e6e3", standard).unwrap();
        assert_eq!(
            outcome(&en(), &game.outcome().unwrap(), standard),
            "Black wins 64–0"
        );
        let mut draw = game.outcome().unwrap();
        draw.winner = None;
        draw.discs.black = 32;
        draw.discs.white = 32;
        assert_eq!(outcome(&en(), &draw, standard), "Draw 32–32");
        // A draw with empty squares splits them (it was written 30–30).
        (draw.discs.black, draw.discs.white) = (30, 30);
        assert_eq!(outcome(&en(), &draw, standard), "Draw 32–32");
        let mut white = game.outcome().unwrap();
        white.winner = Some(Player::White);
        (white.discs.black, white.discs.white) = (24, 40);
        assert_eq!(
            outcome(&en(), &white, standard),
            "White wins 40–24",
            "the winner's count first"
        );
        // Under anti the same wipe-out is White's win, told with the discs on the board and why.
        let anti: Variant = "8x8 anti".parse().unwrap();
        let game = parse_transcript("f5d6c5f4e7f6g5e6e3", anti).unwrap();
        assert_eq!(
            outcome(&en(), &game.outcome().unwrap(), anti),
            "White wins with fewer discs, 0–13"
        );
        // On 10×10 the empties go to the winner out of 100.
        let ten: Variant = "10x10".parse().unwrap();
        let mut big = game.outcome().unwrap();
        (big.winner, big.discs.black, big.discs.white) = (Some(Player::Black), 40, 30);
        assert_eq!(outcome(&en(), &big, ten), "Black wins 70–30");
    }

    #[test]
    fn a_bad_record_is_worded_in_the_language_shown_with_its_place() {
        let standard = Variant::STANDARD;
        let occupied = parse_transcript("f5f5", standard).unwrap_err();
        assert_eq!(
            notation_error(&en(), &occupied),
            "move 2 (f5, character 3) is illegal: f5 is already occupied"
        );
        let mut it = en();
        it.set_language(Language::Italian);
        assert_eq!(
            notation_error(&it, &occupied),
            "la mossa 2 (f5, carattere 3) non è legale: f5 è già occupata"
        );
        let ggf = crate::rules::notation::parse_ggf("(;GM[Chess];)").unwrap_err();
        assert_eq!(
            notation_error(&en(), &ggf),
            "GGF, character 3: the game type GM[Chess] is not Othello"
        );
    }

    #[test]
    fn level_descriptions_say_what_each_level_does() {
        let descriptions: Vec<String> = Level::ALL
            .iter()
            .map(|&l| level_description(&en(), l, Variant::STANDARD))
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
        let six = level_description(&en(), Level::Intermediate, "6x6".parse().unwrap());
        assert_eq!(
            six,
            "Looks 6 moves ahead; plays perfectly once 14 squares are empty; picks any move within \
             1 disc of its best; up to 3 s a move."
        );
        let ten = level_description(&en(), Level::Maximum, "10x10".parse().unwrap());
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
