//! Text forms of games and positions: transcripts (`f5d6c3…`), board strings (64 squares then the
//! side to move) and GGF games. Every parser returns a [`NotationError`] that says what and where;
//! none panics on any input.

use super::game::{Game, Move, Player, Position};
use super::square::Square;
use super::variant::{Goal, Opening, Variant};

mod error;
pub use error::{GgfProblem, NotationError};

/// Reads a transcript such as `f5d6c3d3c4` (case-insensitive; whitespace, commas and dots between
/// moves are ignored) played from the standard start. Passes may be written as `pa`, `ps` or `--`;
/// they are optional, since forced passes happen by themselves.
///
/// ```
/// use reversi::rules::notation::parse_transcript;
/// let game = parse_transcript("f5 d6 C3").unwrap();
/// assert_eq!(game.history().len(), 3);
/// assert!(parse_transcript("f5 f5").is_err());
/// ```
pub fn parse_transcript(text: &str) -> Result<Game, NotationError> {
    continue_transcript(Game::new(), text, 0)
}

/// Plays the moves of a transcript on top of `game`. `offset` is added to reported positions.
pub fn continue_transcript(
    mut game: Game,
    text: &str,
    offset: usize,
) -> Result<Game, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    // Forced passes recorded by the rules and not yet matched by a written pass.
    let mut unmatched_passes = usize::from(game.history().last() == Some(&Move::Pass));
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' || c == '.' {
            i += 1;
            continue;
        }
        let at = offset + i;
        let token: String = chars[i..chars.len().min(i + 2)].iter().collect();
        i += token.chars().count();
        let number = game.history().len() + 1 - unmatched_passes;
        let lower = token.to_ascii_lowercase();
        if lower == "pa" || lower == "ps" || lower == "--" {
            if unmatched_passes == 0 {
                return Err(NotationError::IllegalPass { number, at });
            }
            unmatched_passes -= 1;
            continue;
        }
        let square: Square = token.parse().map_err(|_| NotationError::BadToken {
            token: token.clone(),
            at,
        })?;
        if unmatched_passes > 0 {
            unmatched_passes = 0;
        }
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

/// The transcript of a game's moves, e.g. `f5d6c3`, without passes (they are implied).
pub fn transcript(game: &Game) -> String {
    game.history()
        .iter()
        .filter_map(|m| match m {
            Move::Play(sq) => Some(sq.to_string()),
            Move::Pass => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Board strings

/// Reads 64 squares (a1 … h8: `X` `*` `x` black, `O` `0` `o` white, `-` `.` empty; whitespace
/// ignored) followed by the side to move (`X`, `B`, `*` black; `O`, `W`, `0` white).
///
/// ```
/// use reversi::rules::{notation::parse_board, Position};
/// let text = "---------------------------OX------XO--------------------------- X";
/// assert_eq!(parse_board(text).unwrap(), Position::start());
/// ```
pub fn parse_board(text: &str) -> Result<Position, NotationError> {
    let mut black = 0u64;
    let mut white = 0u64;
    let mut squares = 0usize;
    let mut chars = text.chars().enumerate();
    for (at, c) in chars.by_ref() {
        if c.is_whitespace() {
            continue;
        }
        match c {
            'X' | 'x' | '*' => black |= 1 << squares,
            'O' | 'o' | '0' => white |= 1 << squares,
            '-' | '.' => {}
            _ => return Err(NotationError::BadBoardChar { ch: c, at }),
        }
        squares += 1;
        if squares == 64 {
            break;
        }
    }
    if squares < 64 {
        return Err(NotationError::BoardTooShort { squares });
    }
    let mut rest = chars.skip_while(|(_, c)| c.is_whitespace());
    let Some((at, side)) = rest.next() else {
        return Err(NotationError::MissingSide);
    };
    let to_move = match side {
        'X' | 'x' | '*' | 'B' | 'b' => Player::Black,
        'O' | 'o' | '0' | 'W' | 'w' => Player::White,
        _ => {
            return Err(NotationError::BadSide {
                text: side.to_string(),
                at,
            });
        }
    };
    if let Some((at, c)) = rest.find(|(_, c)| !c.is_whitespace()) {
        return Err(NotationError::TrailingText {
            text: c.to_string(),
            at,
        });
    }
    Ok(Position::from_colours(black, white, to_move).expect("a square holds one colour"))
}

/// The board string of a position: 64 squares `X`/`O`/`-` (a1 … h8), a space, `X` or `O`.
pub fn board_string(position: &Position) -> String {
    let mut text: String = Square::all()
        .map(|sq| match position.colour_at(sq) {
            Some(Player::Black) => 'X',
            Some(Player::White) => 'O',
            None => '-',
        })
        .collect();
    text.push(' ');
    text.push(if position.to_move == Player::Black {
        'X'
    } else {
        'O'
    });
    text
}

// ---------------------------------------------------------------------------------------------
// GGF

/// Reads a GGF game record, e.g. `(;GM[Othello]TY[8]BO[8 -------- … *]B[f5]W[d6];)`. The start
/// position comes from `BO` (the standard start when absent), the moves from `B[..]`/`W[..]`
/// (`/eval/time` suffixes allowed; `PA` or `pass` for a pass). Unknown properties are ignored.
/// Only 8×8 games are accepted.
pub fn parse_ggf(text: &str) -> Result<Game, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let err = |problem: GgfProblem, at: usize| NotationError::Ggf { problem, at };
    let mut properties = GgfProperties::new(&chars)?;
    let mut game: Option<Game> = None;
    let mut pending_pass = 0;
    while let Some(property) = properties.next_property()? {
        let GgfProperty {
            name,
            value,
            name_start,
            value_start,
        } = property;
        match name.as_str() {
            "GM" if !value.trim().eq_ignore_ascii_case("othello") => {
                return Err(err(GgfProblem::NotOthello { value }, name_start));
            }
            "TY" if read_ggf_type(&value, value_start)? != (8, super::variant::Goal::MostDiscs) => {
                return Err(err(GgfProblem::NotStandardType { value }, name_start));
            }
            "RR" if !value.trim().eq_ignore_ascii_case("othello") => {
                return Err(err(GgfProblem::NotOthelloStart { value }, name_start));
            }
            "BO" => {
                if game.as_ref().is_some_and(|g| !g.history().is_empty()) {
                    return Err(err(
                        GgfProblem::AfterFirstMove {
                            property: "BO".into(),
                        },
                        name_start,
                    ));
                }
                let start = Game::from_position(parse_ggf_board(&value, value_start)?);
                pending_pass = start.history().len();
                game = Some(start);
            }
            "B" | "W" => {
                let game = game.get_or_insert_with(Game::new);
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
                let square: Square = mv.parse().map_err(|_| NotationError::BadToken {
                    token: mv.to_string(),
                    at: value_start,
                })?;
                if game.to_move() != colour {
                    return Err(err(
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
    Ok(game.unwrap_or_default())
}

/// A `B[..]` or `W[..]` property's colour, its move (the value up to any `/eval/time`, trimmed)
/// and where the move starts, past any spaces before it.
pub(crate) fn ggf_move<'v>(
    name: &str,
    value: &'v str,
    value_start: usize,
) -> (Player, &'v str, usize) {
    let colour = if name == "B" {
        Player::Black
    } else {
        Player::White
    };
    let mv = value.split('/').next().unwrap_or("").trim();
    let at = value_start + value.chars().take_while(|c| c.is_whitespace()).count();
    (colour, mv, at)
}

/// Whether a GGF move is a pass (`PA` or `pass`, any case).
pub(crate) fn is_ggf_pass(mv: &str) -> bool {
    mv.eq_ignore_ascii_case("pa") || mv.eq_ignore_ascii_case("pass")
}

/// One `NAME[value]` of a GGF record, with where its name and its value start.
pub(crate) struct GgfProperty {
    pub name: String,
    pub value: String,
    pub name_start: usize,
    pub value_start: usize,
}

/// The properties of a GGF record, one by one: the record's grammar, shared by the 8×8 and the
/// variant readers.
pub(crate) struct GgfProperties<'a> {
    chars: &'a [char],
    i: usize,
}

impl<'a> GgfProperties<'a> {
    /// After the record's `(;`.
    pub fn new(chars: &'a [char]) -> Result<GgfProperties<'a>, NotationError> {
        let open = find_seq(chars, 0, &['(', ';']).ok_or(NotationError::Ggf {
            problem: GgfProblem::NoGame,
            at: 0,
        })?;
        Ok(GgfProperties { chars, i: open + 2 })
    }

    /// The next property, `None` at the closing `;)`.
    pub fn next_property(&mut self) -> Result<Option<GgfProperty>, NotationError> {
        let chars = self.chars;
        let err = ggf_error;
        let mut i = self.i;
        loop {
            let Some(&c) = chars.get(i) else {
                return Err(err(GgfProblem::NotClosed, chars.len()));
            };
            if c.is_whitespace() {
                i += 1;
                continue;
            }
            if c == ';' && chars.get(i + 1) == Some(&')') {
                self.i = chars.len();
                return Ok(None);
            }
            if !c.is_ascii_alphabetic() {
                return Err(err(GgfProblem::ExpectedProperty(c), i));
            }
            break;
        }
        let name_start = i;
        while i < chars.len() && chars[i].is_ascii_alphanumeric() {
            i += 1;
        }
        let name: String = chars[name_start..i]
            .iter()
            .collect::<String>()
            .to_ascii_uppercase();
        if chars.get(i) != Some(&'[') {
            return Err(err(GgfProblem::NoValue { property: name }, i));
        }
        let value_start = i + 1;
        let mut value = String::new();
        i += 1;
        loop {
            match chars.get(i) {
                None => {
                    return Err(err(
                        GgfProblem::ValueNotClosed { property: name },
                        value_start,
                    ));
                }
                Some('\\') if i + 1 < chars.len() => {
                    value.push(chars[i + 1]);
                    i += 2;
                }
                Some(']') => {
                    i += 1;
                    break;
                }
                Some(&ch) => {
                    value.push(ch);
                    i += 1;
                }
            }
        }
        self.i = i;
        Ok(Some(GgfProperty {
            name,
            value,
            name_start,
            value_start,
        }))
    }
}

/// Reads GGS's board type (`8`, `10`, `s8r20`, `8ka`): the size and whether the game is anti. The
/// colour, komi, synchro and random-start letters change nothing here (the record's `BO` holds its
/// start).
pub(crate) fn read_ggf_type(value: &str, at: usize) -> Result<(u32, Goal), NotationError> {
    let text = value.trim();
    let mut size = None;
    let mut goal = Goal::MostDiscs;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut digits = c.to_string();
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                digits.push(d);
            }
            if size.is_some() {
                return Err(ggf_error(
                    GgfProblem::TypeTwoSizes {
                        value: value.to_string(),
                    },
                    at,
                ));
            }
            size.get_or_insert(digits.parse::<u32>().unwrap_or(0));
            continue;
        }
        match c.to_ascii_lowercase() {
            'a' => goal = Goal::FewestDiscs,
            's' | 'k' | 'b' | 'w' => {}
            'r' => while chars.next_if(char::is_ascii_digit).is_some() {},
            _ => {
                return Err(ggf_error(
                    GgfProblem::TypeLetter {
                        value: value.to_string(),
                        letter: c,
                    },
                    at,
                ));
            }
        }
    }
    let size = size.ok_or_else(|| {
        ggf_error(
            GgfProblem::TypeNoSize {
                value: value.to_string(),
            },
            at,
        )
    })?;
    if Variant::new(size, Opening::Othello, goal).is_err() {
        return Err(ggf_error(
            GgfProblem::TypeSize {
                value: value.to_string(),
            },
            at,
        ));
    }
    Ok((size, goal))
}

pub(crate) fn ggf_error(problem: GgfProblem, at: usize) -> NotationError {
    NotationError::Ggf { problem, at }
}

fn find_seq(chars: &[char], from: usize, seq: &[char]) -> Option<usize> {
    (from..chars.len()).find(|&i| chars[i..].starts_with(seq))
}

/// `BO[8 <64 squares> <side>]`: the size, then the board string (`*` black, `O` white, `-` empty).
fn parse_ggf_board(value: &str, at: usize) -> Result<Position, NotationError> {
    let trimmed = value.trim_start();
    let lead = value.len() - trimmed.len();
    let Some(rest) = trimmed.strip_prefix('8') else {
        return Err(ggf_error(
            GgfProblem::BoardSizeMissing {
                value: value.to_string(),
                size: 8,
            },
            at,
        ));
    };
    parse_board(rest).map_err(|e| shift_error(e, at + lead + 1))
}

fn shift_error(error: NotationError, by: usize) -> NotationError {
    use NotationError::*;
    match error {
        BadBoardChar { ch, at } => BadBoardChar { ch, at: at + by },
        BadSide { text, at } => BadSide { text, at: at + by },
        TrailingText { text, at } => TrailingText { text, at: at + by },
        other => other,
    }
}

/// A GGF record of a game: `(;GM[Othello]PC[Reversi]TY[8]BO[8 … *]B[f5]W[d6]…;)`. Passes are
/// written as `PA`.
pub fn ggf(game: &Game) -> String {
    let start = game.start();
    let board = board_string(&start).replace('X', "*");
    let mut text = format!("(;GM[Othello]PC[Reversi]TY[8]BO[8 {board}]");
    push_ggf_moves(
        &mut text,
        start.to_move,
        game.history().iter().map(|m| match m {
            Move::Play(sq) => Some(sq.to_string()),
            Move::Pass => None,
        }),
    );
    text
}

/// Appends a record's moves and its closing `;)`: `B[..]`/`W[..]` by turns from `first` (a
/// placed move and a pass each hand the turn over), `None` written as `PA`.
pub(crate) fn push_ggf_moves(
    text: &mut String,
    first: Player,
    moves: impl Iterator<Item = Option<String>>,
) {
    let mut to_move = first;
    for m in moves {
        let tag = if to_move == Player::Black { 'B' } else { 'W' };
        text.push_str(&format!("{tag}[{}]", m.as_deref().unwrap_or("PA")));
        to_move = to_move.opponent();
    }
    text.push_str(";)");
}

/// Reads any of the three forms: a GGF record (starts with `(;`), a board string (64 squares and a
/// side), or a transcript. The error is the one of the form the text looks most like.
pub fn parse_any(text: &str) -> Result<Game, NotationError> {
    let trimmed = text.trim();
    // Places in errors count from the start of `text`, not of the trimmed text.
    let leading = text.chars().take_while(|c| c.is_whitespace()).count();
    parse_trimmed(trimmed).map_err(|e| e.shifted(leading))
}

fn parse_trimmed(trimmed: &str) -> Result<Game, NotationError> {
    if trimmed.starts_with("(;") {
        return parse_ggf(trimmed);
    }
    let non_space = trimmed.chars().filter(|c| !c.is_whitespace()).count();
    let looks_like_board = non_space >= 64
        && trimmed
            .chars()
            .filter(|c| !c.is_whitespace())
            .take(64)
            .all(|c| "Xx*Oo0-.".contains(c));
    if looks_like_board {
        return parse_board(trimmed).map(Game::from_position);
    }
    parse_transcript(trimmed)
}
