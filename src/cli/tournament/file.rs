//! The tournament's file: its settings, then one line a finished game, appended as each game ends,
//! so that a stopped tournament goes on where it stopped. Read back, every line is checked: its
//! game must be the one the schedule has at its number, replay legally from its opening, and end
//! with the score written; a file that fails is refused with what is wrong and moved aside.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::rules::tournament::{Score, defaulted_score, recorded_score};
use crate::rules::{Game, Player, Variant, notation};

/// The first line of every tournament file.
pub const MAGIC: &str = "# reversi tournament 1";

/// What a game's end was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// On the board.
    Board,
    /// `loser` lost by default: on time (a program that did not answer within its time) or by a
    /// fault (a program that ended, could not be started, or answered an error or an illegal
    /// move); `why` says what happened.
    Default {
        loser: Player,
        on_time: bool,
        why: String,
    },
}

/// One finished game as the file keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The game's number in the tournament, from 0.
    pub number: usize,
    pub round: usize,
    pub black: usize,
    pub white: usize,
    pub opening: usize,
    pub score: Score,
    pub ending: Ending,
    /// The game as played (its opening's moves first); a defaulted game as far as it went.
    pub game: Game,
    /// A defaulted game completed by the engine playing both sides.
    pub completed: Option<Game>,
    /// Seconds each side (Black, White) spent choosing its moves.
    pub seconds: [f64; 2],
}

/// The settings that make a tournament: a file is resumed only with the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub lines: Vec<(String, String)>,
}

impl Header {
    fn text(&self) -> String {
        let mut text = format!("{MAGIC}\n");
        for (key, value) in &self.lines {
            text.push_str(&format!("{key}: {value}\n"));
        }
        text
    }
}

/// Writes a record as one line.
pub fn line(record: &Record) -> String {
    let moves = |game: &Game, from: usize| -> String {
        let all = notation::transcript(game);
        let rest = &all[from.min(all.len())..];
        if rest.is_empty() {
            "-".to_string()
        } else {
            rest.to_string()
        }
    };
    let mut text = format!(
        "game {} round {} black {} white {} opening {} score {}-{} time {:.3} {:.3} moves {}",
        record.number,
        record.round,
        record.black,
        record.white,
        record.opening,
        record.score.black,
        record.score.white,
        record.seconds[0],
        record.seconds[1],
        moves(&record.game, 0)
    );
    if let Ending::Default {
        loser,
        on_time,
        why,
    } = &record.ending
    {
        let played = notation::transcript(&record.game).len();
        let completion = record
            .completed
            .as_ref()
            .map_or("-".to_string(), |c| moves(c, played));
        let kind = if *on_time { "time" } else { "fault" };
        let loser = match loser {
            Player::Black => "black",
            Player::White => "white",
        };
        // The reason last: it may hold spaces, never a line end.
        text.push_str(&format!(
            " completion {completion} default {loser} {kind} why {}",
            why.replace(['\n', '\r'], " ")
        ));
    }
    text
}

/// A tournament file on disk.
pub struct File {
    path: PathBuf,
}

/// Why a file cannot be resumed.
pub enum Refusal {
    /// It is another tournament's (other settings): left as it is.
    Other(String),
    /// It is damaged: moved aside to the path given.
    Damaged(String),
}

impl File {
    pub fn new(path: &Path) -> File {
        File {
            path: path.to_path_buf(),
        }
    }

    /// The games finished so far, in number order (none for a new file, written with `header`).
    /// Each game is checked on its own here; whether it is the game the schedule has at its
    /// number is the caller's to check ([`File::damaged`] where it is not).
    pub fn open(&self, header: &Header, variant: Variant) -> Result<Vec<Record>, Refusal> {
        let text = match std::fs::read(&self.path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                std::fs::write(&self.path, header.text()).map_err(|e| {
                    Refusal::Other(format!("cannot write {}: {e}", self.path.display()))
                })?;
                return Ok(Vec::new());
            }
            Err(e) => {
                return Err(Refusal::Other(format!(
                    "cannot read {}: {e}",
                    self.path.display()
                )));
            }
        };
        let damaged = |why: String| -> Refusal { self.damaged(why) };
        let text = String::from_utf8(text)
            .map_err(|_| damaged("it is not text (not UTF-8)".to_string()))?;
        if !text.is_empty() && !text.ends_with('\n') {
            let line = text.lines().count();
            return Err(damaged(format!(
                "line {line} is cut short (no line end): the file was not written to its end"
            )));
        }
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, first)) if first == MAGIC => {}
            _ => {
                return Err(Refusal::Other(format!(
                    "{} is not a tournament file of this program (its first line is not \
                     '{MAGIC}'); give another --out",
                    self.path.display()
                )));
            }
        }
        let mut found = Vec::new();
        let mut records: Vec<Record> = Vec::new();
        for (index, text) in lines {
            let number = index + 1;
            if text.starts_with("game ") {
                let record = parse_record(text, variant)
                    .map_err(|why| damaged(format!("line {number}: {why}")))?;
                if records.iter().any(|r| r.number == record.number) {
                    return Err(damaged(format!(
                        "line {number}: game {} a second time",
                        record.number + 1
                    )));
                }
                records.push(record);
            } else if let Some((key, value)) = text.split_once(": ") {
                found.push((key.to_string(), value.to_string()));
            } else {
                return Err(damaged(format!(
                    "line {number}: '{text}' is neither a setting nor a game"
                )));
            }
        }
        if found != header.lines {
            let differs: Vec<String> = header
                .lines
                .iter()
                .filter(|line| !found.contains(line))
                .map(|(key, value)| {
                    let theirs = found
                        .iter()
                        .find(|(k, _)| k == key)
                        .map_or("(none)", |(_, v)| v.as_str());
                    format!("{key} {theirs} there, {value} now")
                })
                .collect();
            return Err(Refusal::Other(format!(
                "{} holds another tournament ({}): run it with its own settings to go on, or give \
                 another --out",
                self.path.display(),
                differs.join("; ")
            )));
        }
        records.sort_by_key(|r| r.number);
        Ok(records)
    }

    /// Moves a damaged file aside (FILE.damaged, or .damaged.2 … where that exists) and says so.
    pub fn damaged(&self, why: String) -> Refusal {
        let mut aside = PathBuf::from(format!("{}.damaged", self.path.display()));
        let mut n = 2;
        while aside.exists() {
            aside = PathBuf::from(format!("{}.damaged.{n}", self.path.display()));
            n += 1;
        }
        match std::fs::rename(&self.path, &aside) {
            Ok(()) => Refusal::Damaged(format!(
                "{} is damaged: {why}. It was moved to {}; run again to start the tournament afresh",
                self.path.display(),
                aside.display()
            )),
            Err(e) => Refusal::Damaged(format!(
                "{} is damaged: {why} (and cannot be moved aside: {e})",
                self.path.display()
            )),
        }
    }

    /// Appends a finished game.
    pub fn append(&self, record: &Record) -> Result<(), String> {
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(&self.path)
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))?;
        // One write for the whole line, so that a stop leaves whole lines or a cut last one.
        file.write_all(format!("{}\n", line(record)).as_bytes())
            .and_then(|_| file.flush())
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }
}

/// Reads a game line (see [`line`]) and checks that its moves are legal and its score theirs.
fn parse_record(text: &str, variant: Variant) -> Result<Record, String> {
    let (fields, why) = match text.split_once(" why ") {
        Some((fields, why)) => (fields, Some(why.to_string())),
        None => (text, None),
    };
    let words: Vec<&str> = fields.split_whitespace().collect();
    let value = |key: &str| -> Result<&str, String> {
        let at = words
            .iter()
            .position(|w| *w == key)
            .ok_or_else(|| format!("no '{key}'"))?;
        words
            .get(at + 1)
            .copied()
            .ok_or_else(|| format!("nothing after '{key}'"))
    };
    let number = |key: &str| -> Result<usize, String> {
        value(key)?.parse().map_err(|_| {
            format!(
                "'{}' after '{key}' is not a number",
                value(key).unwrap_or("")
            )
        })
    };
    let (black_discs, white_discs) = value("score")?
        .split_once('-')
        .and_then(|(b, w)| Some((b.parse::<u32>().ok()?, w.parse::<u32>().ok()?)))
        .ok_or_else(|| {
            format!(
                "'{}' is not a score such as 40-24",
                value("score").unwrap_or("")
            )
        })?;
    let score = Score {
        black: black_discs,
        white: white_discs,
    };
    let at = words.iter().position(|w| *w == "time").ok_or("no 'time'")?;
    let seconds = |i: usize| -> Result<f64, String> {
        words
            .get(at + i)
            .and_then(|w| w.parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s >= 0.0)
            .ok_or_else(|| "the thinking times are not two numbers of seconds".to_string())
    };
    let seconds = [seconds(1)?, seconds(2)?];
    fn transcript(text: &str) -> &str {
        if text == "-" { "" } else { text }
    }
    let game = notation::parse_transcript(transcript(value("moves")?), variant)
        .map_err(|e| format!("its moves: {e}"))?;
    let (ending, completed) = if words.contains(&"default") {
        let at = words.iter().position(|w| *w == "default").expect("found");
        let loser = match words.get(at + 1) {
            Some(&"black") => Player::Black,
            Some(&"white") => Player::White,
            _ => return Err("'default' is not followed by black or white".to_string()),
        };
        let on_time = match words.get(at + 2) {
            Some(&"time") => true,
            Some(&"fault") => false,
            _ => return Err("a default is not said to be on time or a fault".to_string()),
        };
        let completed =
            notation::continue_transcript(game.clone(), transcript(value("completion")?))
                .map_err(|e| format!("its completion: {e}"))?;
        if !completed.is_over() {
            return Err("its completion does not end the game".to_string());
        }
        let expected = defaulted_score(&completed, loser).expect("over");
        if expected != score {
            return Err(format!(
                "the score {}-{} is not the rule's for the default, {}-{}",
                score.black, score.white, expected.black, expected.white
            ));
        }
        let why = why.unwrap_or_default();
        (
            Ending::Default {
                loser,
                on_time,
                why,
            },
            Some(completed),
        )
    } else {
        let Some(expected) = recorded_score(&game) else {
            return Err("the game is not over and no default is written".to_string());
        };
        if expected != score {
            return Err(format!(
                "the score {}-{} is not the game's, {}-{}",
                score.black, score.white, expected.black, expected.white
            ));
        }
        (Ending::Board, None)
    };
    Ok(Record {
        number: number("game")?,
        round: number("round")?,
        black: number("black")?,
        white: number("white")?,
        opening: number("opening")?,
        score,
        ending,
        game,
        completed,
        seconds,
    })
}
