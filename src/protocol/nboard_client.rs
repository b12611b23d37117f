//! The client side of NBoard (protocol version 2): another Othello program in its NBoard mode
//! (NTest's `ntest x`, Edax's `-nboard`), run as a child process so that `reversi match` can play
//! against it. Each move is asked for with the whole game (`set game`, then `go`); the program's
//! midgame depth is set once (`set depth`), and its endgame depths are its own.

use std::time::Duration;

use super::program::Program;
use crate::rules::{Game, Sq, notation};

/// Another program speaking NBoard, run as a child process for the length of a match.
pub struct Client {
    program: Program,
    /// The name it gave (`set myname`), or its file name.
    name: String,
}

/// The move of an engine's `=== MOVE[/EVAL[/TIME]]` line (also with spaces between the parts):
/// a square, or `None` for `PA` (a pass). Anything else is not an answer.
pub fn parse_answer(line: &str) -> Result<Option<Sq>, String> {
    let Some(rest) = line.strip_prefix("===") else {
        return Err(format!("not a move: '{line}'"));
    };
    let word = rest
        .split(|c: char| c == '/' || c.is_whitespace())
        .find(|w| !w.is_empty())
        .ok_or_else(|| format!("no move in '{line}'"))?;
    if word.eq_ignore_ascii_case("pa") || word.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    word.to_ascii_lowercase()
        .parse::<Sq>()
        .map(Some)
        .map_err(|_| format!("'{word}' is not a move"))
}

impl Client {
    /// Starts `command` (a program and its arguments, see [`super::program::split_command`]), enters
    /// NBoard mode and sets its midgame depth. Every answer is waited for at most `timeout`.
    pub fn start(command: &str, depth: u32, timeout: Duration) -> Result<Client, String> {
        let program = Program::start(command, timeout)?;
        let mut client = Client {
            name: program.file_name(),
            program,
        };
        client.program.send("nboard 2")?;
        client.program.send(&format!("set depth {depth}"))?;
        client.sync()?;
        Ok(client)
    }

    /// The program's name, as it gave it.
    /// The longest wait for an answer.
    pub fn timeout(&self) -> Duration {
        self.program.timeout()
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// `ping`, then everything it says is read up to its `pong` (a `set myname` on the way names
    /// it).
    fn sync(&mut self) -> Result<(), String> {
        self.program.send("ping 1")?;
        let deadline = self.program.deadline();
        loop {
            let line = self.program.line("ping 1", deadline, "--gtp-timeout-s")?;
            if let Some(name) = line.strip_prefix("set myname ") {
                self.name = name.trim().to_string();
            }
            if line.trim() == "pong 1" {
                return Ok(());
            }
        }
    }

    /// The program's move at the end of `game` (`None` for a pass).
    pub fn choose(&mut self, game: &Game) -> Result<Option<Sq>, String> {
        self.program
            .send(&format!("set game {}", notation::ggf(game)))?;
        self.program.send("go")?;
        let deadline = self.program.deadline();
        loop {
            let line = self.program.line("go", deadline, "--gtp-timeout-s")?;
            // Status, node counts and search lines come before the answer.
            if line.starts_with("===") {
                return parse_answer(&line).map_err(|why| self.program.failure("go", &why));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_in_either_form() {
        let d6 = "d6".parse::<Sq>().unwrap();
        assert_eq!(parse_answer("=== D6/-1.00/0.0"), Ok(Some(d6)));
        assert_eq!(parse_answer("=== d6 -1.00 0.0"), Ok(Some(d6)));
        assert_eq!(parse_answer("=== d6"), Ok(Some(d6)));
        assert_eq!(parse_answer("=== PA"), Ok(None));
        assert!(parse_answer("=== ").is_err());
        assert!(parse_answer("=== z9/1").is_err());
        assert!(parse_answer("status thinking").is_err());
    }
}
