//! The client side of GTP: another Othello program speaking GTP (GRhino's `gtp-rhino`, Edax's
//! `-gtp` mode), run as a child process so that `reversi match` can play a level against it.

use std::time::Duration;

use super::gtp::colour_word;
use super::program::Program;
pub use super::program::split_command;
use crate::rules::{Player, Sq};

/// The text of a GTP answer (its lines joined, without the blank line that ends it): `=` and an
/// optional id, then the result; `?` means the program refused, anything else is out of form.
pub fn parse_answer(answer: &str) -> Result<String, String> {
    let (status, rest) = answer.split_at(answer.chars().next().map_or(0, char::len_utf8));
    // An optional id follows the status character; this client sends none.
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit()).trim();
    match status {
        "=" => Ok(rest.to_string()),
        "?" => Err(format!("it answered '? {rest}'")),
        _ => Err(format!("not a GTP answer: '{answer}'")),
    }
}

/// A `genmove` result: a square, or `None` for `pass` (either in any case).
pub fn parse_move(answer: &str) -> Result<Option<Sq>, String> {
    if answer.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    answer
        .parse::<Sq>()
        .map(Some)
        .map_err(|_| format!("'{answer}' is not a move"))
}

/// How long a program may take to answer a command, unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = super::program::DEFAULT_TIMEOUT;

/// Another program speaking GTP, run as a child process for the length of a match.
pub struct Client {
    program: Program,
    /// The program's `name` and `version` (its file name when it gives neither).
    name: String,
}

impl Client {
    /// Starts `command` (a program and its arguments, see [`split_command`]) and checks that it
    /// plays on an 8×8 board. Every answer is waited for at most `timeout`.
    pub fn start(command: &str, timeout: Duration) -> Result<Client, String> {
        let program = Program::start(command, timeout)?;
        let mut client = Client {
            program,
            name: String::new(),
        };
        let name = client.ask("name")?;
        let version = client.ask("version").unwrap_or_default();
        client.name = format!("{name} {version}").trim().to_string();
        if client.name.is_empty() {
            client.name = client.program.file_name();
        }
        client.ask("boardsize 8")?;
        Ok(client)
    }

    /// The program's name and version, as it gave them.
    /// The longest wait for an answer.
    pub fn timeout(&self) -> Duration {
        self.program.timeout()
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Sends one command and returns the text of a success answer; a failure answer, or a program
    /// that closed its output, answered out of form or gave no answer within the timeout, is an
    /// error naming the command.
    pub fn ask(&mut self, command: &str) -> Result<String, String> {
        self.program.send(command)?;
        // Lines before the answer that are blank are skipped; the answer ends at a blank line.
        let mut answer: Option<String> = None;
        let deadline = self.program.deadline();
        loop {
            let line = self.program.line(command, deadline, "--gtp-timeout-s")?;
            match &mut answer {
                None if line.trim().is_empty() => {}
                None => answer = Some(line),
                Some(_) if line.trim().is_empty() => break,
                Some(text) => {
                    text.push('\n');
                    text.push_str(&line);
                }
            }
        }
        parse_answer(&answer.unwrap_or_default()).map_err(|why| self.program.failure(command, &why))
    }

    /// `clear_board`: a new game from the standard start.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.ask("clear_board").map(|_| ())
    }

    /// Tells the program that `player` played `square`.
    pub fn play(&mut self, player: Player, square: Sq) -> Result<(), String> {
        self.ask(&format!("play {} {square}", colour_word(player)))
            .map(|_| ())
    }

    /// The program's move for `player` (`None` for a pass), which it has then played.
    pub fn genmove(&mut self, player: Player) -> Result<Option<Sq>, String> {
        let command = format!("genmove {}", colour_word(player));
        let answer = self.ask(&command)?;
        parse_move(&answer).map_err(|why| self.program.failure(&command, &why))
    }
}
