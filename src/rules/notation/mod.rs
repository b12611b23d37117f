//! Text forms of games and positions on every board: transcripts (`f5d6c3…`, `a10` and `p16` on
//! big boards), board strings (n² squares then the side to move) and GGF records with GGS's board types (`TY[6]`, `TY[10]`,
//! `TY[8a]` for anti, `BO[10 …]`). The classic free opening, which GGF cannot say, is the property
//! `RR[classic]`, which other readers skip. Every parser returns a [`NotationError`] that says what
//! and where; none panics on any input.

use super::bits::{Bits, SquareSet};
use super::game::{Game, Move};
use super::player::Player;
use super::position::Position;
use super::square::Square;
use super::variant::{Goal, Opening, Variant};

mod error;
mod ggf;
pub use error::{GgfProblem, NotationError};
pub(crate) use ggf::{
    GgfProperties, GgfProperty, ggf_error, ggf_move, is_ggf_pass, push_ggf_moves, read_ggf_type,
};

/// The rules property of our GGF records for what GGF's type cannot say (the free opening).
pub const RULES_PROPERTY: &str = "RR";

/// Reads a transcript of `variant` played from its start: squares `a1` … `p16` (case-insensitive;
/// whitespace, commas and dots between moves are ignored), passes as `pa`, `ps` or `--` (optional,
/// forced passes happen by themselves).
pub fn parse_transcript(text: &str, variant: Variant) -> Result<Game, NotationError> {
    continue_transcript(Game::new(variant), text)
}

/// Plays the moves of `text` on `game`.
pub fn continue_transcript(mut game: Game, text: &str) -> Result<Game, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let n = game.variant().size();
    let mut unmatched_passes = usize::from(game.history().last() == Some(&Move::Pass));
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' || c == '.' {
            i += 1;
            continue;
        }
        let at = i;
        let number = game.history().len() + 1 - unmatched_passes;
        let pair: String = chars[i..chars.len().min(i + 2)].iter().collect();
        if ["pa", "ps", "--"].contains(&pair.to_ascii_lowercase().as_str()) {
            if unmatched_passes == 0 {
                return Err(NotationError::IllegalPass { number, at });
            }
            unmatched_passes -= 1;
            i += 2;
            continue;
        }
        // A letter and one digit, or two when they still name a rank of this board.
        let mut end = (i + 2).min(chars.len());
        if chars.get(i + 2).is_some_and(|c| c.is_ascii_digit())
            && chars[i + 1..i + 3]
                .iter()
                .collect::<String>()
                .parse::<u32>()
                .is_ok_and(|rank| (1..=n).contains(&rank))
        {
            end = i + 3;
        }
        let token: String = chars[i..end].iter().collect();
        i = end;
        let square = token
            .parse::<Square>()
            .ok()
            .filter(|square| square.index(n).is_some())
            .ok_or_else(|| bad_square(&token, at, n))?;
        unmatched_passes = 0;
        let played = game
            .play(square)
            .map_err(|reason| NotationError::IllegalMove {
                square,
                number,
                at,
                reason,
            })?;
        if played.forced_pass.is_some() {
            unmatched_passes = 1;
        }
    }
    Ok(game)
}

fn bad_square(token: &str, at: usize, size: u32) -> NotationError {
    NotationError::BadToken {
        token: token.to_string(),
        at,
        last: Square::new(size as u8 - 1, size as u8 - 1),
    }
}

/// The placed moves of `game`, e.g. `c4e3f6` (passes left out: they are implied).
pub fn transcript(game: &Game) -> String {
    game.history()
        .iter()
        .filter_map(|m| match m {
            Move::Play(square) => Some(square.to_string()),
            Move::Pass => None,
        })
        .collect()
}

/// Reads a board string of any size and shape: n² squares (`X` `*` `x` black, `O` `0` `o` white,
/// `-` `.` empty, `#` not on the board; whitespace ignored) for a supported n, then the side to
/// move (`X`/`B`/`*` or `O`/`W`). The size comes from the number of squares, the shape from the
/// `#`s (none: the square board); the opening and goal from `rules`.
pub fn parse_board(text: &str, rules: Variant) -> Result<Position, NotationError> {
    let marks: Vec<(usize, char)> = text
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .collect();
    // Every character but the last must be a square; the last is the side to move.
    for &(at, ch) in marks.iter().rev().skip(1) {
        if !"Xx*Oo0-.#".contains(ch) {
            return Err(NotationError::BadBoardChar { ch, at });
        }
    }
    let Some((&(side_at, side), squares)) = marks.split_last() else {
        return Err(NotationError::BoardSize { squares: 0 });
    };
    let size = Variant::SIZES
        .into_iter()
        .find(|n| (n * n) as usize == squares.len());
    let variant = size.and_then(|n| rules.with_size(n).ok());
    let Some(variant) = variant else {
        let full_board = Variant::SIZES
            .iter()
            .any(|n| (n * n) as usize == marks.len());
        let side_is_a_square = "-.".contains(side);
        if full_board && side_is_a_square {
            return Err(NotationError::MissingSide);
        }
        // A full board followed by one square too many reads as a square where the side should be.
        if side_is_a_square || full_board {
            return Err(NotationError::BoardSize {
                squares: marks.len() - usize::from(!side_is_a_square),
            });
        }
        return Err(NotationError::BoardSize {
            squares: squares.len(),
        });
    };
    let to_move = match side {
        'X' | 'x' | '*' | 'B' | 'b' => Player::Black,
        'O' | 'o' | '0' | 'W' | 'w' => Player::White,
        _ => {
            return Err(NotationError::BadSide {
                text: side.to_string(),
                at: side_at,
            });
        }
    };
    let (mut black, mut white, mut holes) = (SquareSet::EMPTY, SquareSet::EMPTY, SquareSet::EMPTY);
    for (index, &(_, ch)) in squares.iter().enumerate() {
        match ch {
            'X' | 'x' | '*' => black |= SquareSet::bit(index as u32),
            'O' | 'o' | '0' => white |= SquareSet::bit(index as u32),
            '#' => holes |= SquareSet::bit(index as u32),
            _ => {}
        }
    }
    let variant = variant.with_holes(holes).map_err(NotationError::Shape)?;
    Ok(Position::from_colours(variant, black, white, to_move).expect("squares hold one colour"))
}

/// `position` as n² squares (`X` black, `O` white, `-` empty, `#` not on the board), a space, and
/// the side to move.
pub fn board_string(position: &Position) -> String {
    let (black, white) = (position.black(), position.white());
    let holes = position.variant.holes();
    let mut text: String = (0..position.variant.cells())
        .map(|i| {
            if holes.contains(i) {
                '#'
            } else if black.contains(i) {
                'X'
            } else if white.contains(i) {
                'O'
            } else {
                '-'
            }
        })
        .collect();
    text.push(' ');
    text.push(match position.to_move {
        Player::Black => 'X',
        Player::White => 'O',
    });
    text
}

/// GGS's board type for `variant`: the size, then `a` for anti (`8`, `10`, `6a`).
pub fn ggf_type(variant: Variant) -> String {
    match variant.goal {
        Goal::MostDiscs => variant.size().to_string(),
        Goal::FewestDiscs => format!("{}a", variant.size()),
    }
}

/// Reads a GGF record of any variant: `TY` gives size and goal (8×8 Othello without one), `BO` the
/// start (`BO[6 <36 squares> <side>]`), [`RULES_PROPERTY`] the free opening (`RR[classic]`), then
/// `B[..]`/`W[..]` moves with optional `/eval/time` parts and `PA` passes.
pub fn parse_ggf(text: &str) -> Result<Game, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut properties = GgfProperties::new(&chars)?;
    let mut variant = Variant::STANDARD;
    let mut start: Option<Position> = None;
    let mut game: Option<Game> = None;
    let mut pending_pass = 0;
    while let Some(property) = properties.next_property()? {
        let GgfProperty {
            name,
            value,
            name_start,
            value_start,
        } = property;
        let before_moves = |what: &str| {
            if game.is_some() {
                Err(ggf_error(
                    GgfProblem::AfterFirstMove {
                        property: what.to_string(),
                    },
                    name_start,
                ))
            } else {
                Ok(())
            }
        };
        match name.as_str() {
            "GM" if !value.trim().eq_ignore_ascii_case("othello") => {
                return Err(ggf_error(GgfProblem::NotOthello { value }, name_start));
            }
            "TY" => {
                before_moves("TY")?;
                let (size, goal) = read_ggf_type(&value, value_start)?;
                let typed = Variant::new(size, variant.opening, goal)
                    .map_err(|e| ggf_error(GgfProblem::Variant(e), name_start))?;
                // A board read before the type keeps its shape when the size agrees.
                variant = if size == variant.size() {
                    typed
                        .with_holes(variant.holes())
                        .map_err(NotationError::Shape)?
                } else {
                    typed
                };
            }
            "RR" => {
                before_moves("RR")?;
                let opening = match value.trim().to_ascii_lowercase().as_str() {
                    "classic" => Opening::Free,
                    "othello" => Opening::Othello,
                    _ => {
                        return Err(ggf_error(GgfProblem::UnknownRules { value }, value_start));
                    }
                };
                variant = Variant::new(variant.size(), opening, variant.goal)
                    .map_err(|e| ggf_error(GgfProblem::Variant(e), name_start))?
                    .with_holes(variant.holes())
                    .map_err(NotationError::Shape)?;
            }
            "BO" => {
                before_moves("BO")?;
                let board = parse_ggf_board(&value, value_start, variant)?;
                variant = board.variant;
                start = Some(board);
            }
            "B" | "W" => {
                let game = match &mut game {
                    Some(game) => game,
                    None => {
                        let from = start.map_or_else(
                            || Position::start(variant),
                            |s| Position { variant, ..s },
                        );
                        let new = Game::from_position(from);
                        pending_pass = new.history().len();
                        game.insert(new)
                    }
                };
                let (colour, mv, value_start) = ggf_move(&name, &value, value_start);
                let number = game.history().len() + 1 - pending_pass;
                if is_ggf_pass(mv) {
                    if pending_pass == 0 {
                        return Err(NotationError::IllegalPass {
                            number,
                            at: value_start,
                        });
                    }
                    pending_pass = 0;
                    continue;
                }
                pending_pass = 0;
                let n = variant.size();
                let square = mv
                    .parse::<Square>()
                    .ok()
                    .filter(|c| c.index(n).is_some())
                    .ok_or_else(|| bad_square(mv, value_start, n))?;
                if game.to_move() != colour {
                    return Err(ggf_error(
                        GgfProblem::WrongTurn {
                            property: name,
                            value: mv.to_string(),
                            to_move: game.to_move(),
                        },
                        name_start,
                    ));
                }
                let played = game
                    .play(square)
                    .map_err(|reason| NotationError::IllegalMove {
                        square,
                        number,
                        at: value_start,
                        reason,
                    })?;
                if played.forced_pass.is_some() {
                    pending_pass = 1;
                }
            }
            _ => {}
        }
    }
    Ok(game.unwrap_or_else(|| {
        Game::from_position(
            start.map_or_else(|| Position::start(variant), |s| Position { variant, ..s }),
        )
    }))
}

/// `BO[<size> <n² squares> <side>]`, checked against the size of `TY`.
fn parse_ggf_board(value: &str, at: usize, variant: Variant) -> Result<Position, NotationError> {
    let lead = value.chars().take_while(|c| c.is_whitespace()).count();
    let digits: String = value
        .chars()
        .skip(lead)
        .take_while(char::is_ascii_digit)
        .collect();
    if digits.parse::<u32>() != Ok(variant.size()) {
        return Err(ggf_error(
            GgfProblem::BoardSizeMissing {
                value: value.to_string(),
                size: variant.size(),
            },
            at,
        ));
    }
    let skip = lead + digits.len();
    let rest: String = value.chars().skip(skip).collect();
    let position = parse_board(&rest, variant).map_err(|e| match e {
        NotationError::BoardSize { squares } => ggf_error(
            GgfProblem::BoardSquares {
                value: value.to_string(),
                squares,
                size: variant.size(),
            },
            at,
        ),
        e => e.shifted(at + skip),
    })?;
    if position.variant.size() != variant.size() {
        return Err(ggf_error(
            GgfProblem::BoardSquares {
                value: value.to_string(),
                squares: position.variant.cells() as usize,
                size: variant.size(),
            },
            at,
        ));
    }
    Ok(position)
}

/// A GGF record of a variant game: `(;GM[Othello]PC[Reversi]TY[6a]RR[classic]BO[6 … *]B[c4]…;)`
/// (`RR` only for the free opening). Passes are written `PA`.
pub fn ggf(game: &Game) -> String {
    let start = game.start();
    let variant = game.variant();
    let board = board_string(&start).replace('X', "*");
    let rules = if variant.opening == Opening::Free {
        format!("{RULES_PROPERTY}[classic]")
    } else {
        String::new()
    };
    let mut text = format!(
        "(;GM[Othello]PC[Reversi]TY[{}]{rules}BO[{} {board}]",
        ggf_type(variant),
        variant.size()
    );
    push_ggf_moves(
        &mut text,
        start.to_move,
        game.history().iter().map(|m| match m {
            Move::Play(square) => Some(square.to_string()),
            Move::Pass => None,
        }),
    );
    text
}

/// A GGF record of `game` with its players' names and its result (`RE`, e.g. `+16.000` or
/// `-2.000:t`) before its type and board; `]` and `\` in the values escaped.
pub fn ggf_record(game: &Game, black: &str, white: &str, result: &str) -> String {
    let moves = ggf(game);
    let head = "(;GM[Othello]PC[Reversi]";
    let rest = moves.strip_prefix(head).unwrap_or(&moves);
    let escape = |text: &str| text.replace('\\', "\\\\").replace(']', "\\]");
    format!(
        "{head}PB[{}]PW[{}]RE[{}]{rest}",
        escape(black),
        escape(white),
        escape(result)
    )
}

/// Reads a GGF record, a board string or a transcript of `variant` (a GGF record says its own
/// variant; a board string its own size), whichever `text` is.
pub fn parse_any(text: &str, variant: Variant) -> Result<Game, NotationError> {
    let trimmed = text.trim();
    let leading = text.chars().take_while(|c| c.is_whitespace()).count();
    let result = if trimmed.starts_with("(;") {
        parse_ggf(trimmed)
    } else {
        let marks: Vec<char> = trimmed.chars().filter(|c| !c.is_whitespace()).collect();
        let looks_like_board = marks.len() >= 17
            && marks[..marks.len() - 1]
                .iter()
                .all(|c| "Xx*Oo0-.#".contains(*c));
        if looks_like_board {
            parse_board(trimmed, variant).map(Game::from_position)
        } else {
            parse_transcript(trimmed, variant)
        }
    };
    result.map_err(|e| e.shifted(leading))
}
