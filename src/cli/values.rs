//! The checks of the game's option values that clap does not make itself: lesson and puzzle
//! names, scripted tries, the window's size.

/// `--puzzle`: the list, the puzzle of the day, or a puzzle by number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleChoice {
    List,
    Daily,
    /// 1-based.
    Number(usize),
}

/// `--puzzle`: `list`, `daily`, or a number from 1 to the number of shipped puzzles.
pub fn parse_puzzle(text: &str) -> Result<PuzzleChoice, String> {
    let count = crate::ai::puzzles::shipped().len();
    match text.to_ascii_lowercase().as_str() {
        "list" => Ok(PuzzleChoice::List),
        "daily" => Ok(PuzzleChoice::Daily),
        number => number
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=count).contains(n))
            .map(PuzzleChoice::Number)
            .ok_or_else(|| format!("'{text}' is not a puzzle: give 1 to {count}, daily or list")),
    }
}

/// `--practice`: the list of openings, or a line to practise with a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PracticeChoice {
    List,
    /// A name of the openings' table (`None`: any book line), the player's colour.
    Line(Option<&'static str>, crate::rules::Player),
}

/// `--practice`: `list`, or `[black:|white:]NAME` with NAME an opening's name (any case, or
/// written as `leader-s-tiger`) or `any`; black unless said.
pub fn parse_practice(text: &str) -> Result<PracticeChoice, String> {
    use crate::rules::Player;
    if text.eq_ignore_ascii_case("list") {
        return Ok(PracticeChoice::List);
    }
    let (colour, name) = match text.split_once(':') {
        Some((colour, name)) => match colour.to_ascii_lowercase().as_str() {
            "black" => (Player::Black, name),
            "white" => (Player::White, name),
            _ => return Err(format!("'{colour}' is not black or white")),
        },
        None => (Player::Black, text),
    };
    if name.eq_ignore_ascii_case("any") {
        return Ok(PracticeChoice::Line(None, colour));
    }
    crate::rules::openings::find(name)
        .map(|name| PracticeChoice::Line(Some(name), colour))
        .ok_or_else(|| format!("'{name}' is not an opening's name (reversi book show lists moves)"))
}

/// `--lesson`: a lesson's number, 1 to the number of lessons, or `list` (0).
pub fn parse_lesson(text: &str) -> Result<u8, String> {
    let count = crate::lessons::LESSONS.len();
    crate::lessons::lesson_named(text)
        .ok_or_else(|| format!("'{text}' is not a lesson: give 1 to {count}, or list"))
}

/// The squares of `--try`.
#[derive(Clone, Debug)]
pub struct Tries(pub Vec<crate::rules::Square>);

/// `--try`: squares separated by commas or spaces.
pub fn parse_tries(text: &str) -> Result<Tries, String> {
    text.split([',', ' '])
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().map_err(|e| format!("{e}")))
        .collect::<Result<_, _>>()
        .map(Tries)
}

/// `--window-size`: `1280x720`, each side from 320 to 8192.
pub fn parse_window_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{text}' is not a window size such as 1280x720 (each side 320 to 8192)");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (320..=8192).contains(n))
    };
    Ok((side(w).ok_or_else(bad)?, side(h).ok_or_else(bad)?))
}
