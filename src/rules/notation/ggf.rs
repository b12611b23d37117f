//! GGF's record grammar, shared by the readers and writers of [`super`]: the properties of a
//! record one by one, GGS's board types and the moves' `B[..]`/`W[..]` form.

use super::{GgfProblem, NotationError};
use crate::rules::player::Player;
use crate::rules::variant::{Goal, Opening, Variant};

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

/// The properties of a GGF record, one by one: the record's grammar, read by
/// [`super::parse_ggf`] and the saved games' index.
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
