//! The client side of GTP: another Othello program speaking GTP (GRhino's `gtp-rhino`, Edax's
//! `-gtp` mode), run as a child process so that `reversi match` can play a level against it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use super::gtp::colour_word;
use crate::rules::{Player, Square};

/// Splits a command line into words as a shell would for plain words and quotes: spaces separate
/// words, and '…' or "…" keep spaces inside one (no escapes, no variables).
pub fn split_command(command: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in command.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.get_or_insert_with(String::new).push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            None if c.is_whitespace() => words.extend(word.take()),
            None => word.get_or_insert_with(String::new).push(c),
        }
    }
    if quote.is_some() {
        return Err(format!("unclosed quote in '{command}'"));
    }
    words.extend(word);
    if words.is_empty() {
        return Err("no program given".into());
    }
    Ok(words)
}

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
pub fn parse_move(answer: &str) -> Result<Option<Square>, String> {
    if answer.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    answer
        .parse::<Square>()
        .map(Some)
        .map_err(|_| format!("'{answer}' is not a move"))
}

/// What went wrong with `command` sent to `program` (the command line it was started with).
fn failure(program: &str, command: &str, why: &str) -> String {
    format!("'{program}' on '{command}': {why}")
}

/// How long a program may take to answer a command, unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(300);

/// Another program speaking GTP, run as a child process for the length of a match.
pub struct Client {
    command: String,
    child: Child,
    input: ChildStdin,
    /// The program's output, a line at a time, read by a thread of its own so that a program that
    /// stops answering is noticed (`Err` when reading failed; the channel closes at its end).
    lines: Receiver<std::io::Result<String>>,
    /// The longest wait for an answer.
    timeout: Duration,
    /// The program's `name` and `version` (its file name when it gives neither).
    name: String,
}

impl Client {
    /// Starts `command` (a program and its arguments, see [`split_command`]) and checks that it
    /// plays on an 8×8 board. Every answer is waited for at most `timeout`.
    pub fn start(command: &str, timeout: Duration) -> Result<Client, String> {
        let words = split_command(command)?;
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", words[0]))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("'{command}': no pipes to the program"));
        };
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let failed = line.is_err();
                if sender.send(line).is_err() || failed {
                    return;
                }
            }
        });
        let mut client = Client {
            command: command.to_string(),
            child,
            input,
            lines,
            timeout,
            name: String::new(),
        };
        let name = client.ask("name")?;
        let version = client.ask("version").unwrap_or_default();
        client.name = format!("{name} {version}").trim().to_string();
        if client.name.is_empty() {
            let program = std::path::Path::new(&words[0]).file_name();
            client.name = program.map_or(words[0].clone(), |p| p.to_string_lossy().into_owned());
        }
        client.ask("boardsize 8")?;
        Ok(client)
    }

    /// The program's name and version, as it gave them.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Sends one command and returns the text of a success answer; a failure answer, or a program
    /// that closed its output, answered out of form or gave no answer within the timeout, is an
    /// error naming the command.
    pub fn ask(&mut self, command: &str) -> Result<String, String> {
        let fail = |why: String| failure(&self.command, command, &why);
        writeln!(self.input, "{command}")
            .and_then(|_| self.input.flush())
            .map_err(|e| match e.kind() {
                // It closed its input: it has ended (or soon will) without reading the command.
                std::io::ErrorKind::BrokenPipe => fail("the program ended".into()),
                _ => fail(format!("cannot send: {e}")),
            })?;
        // Lines before the answer that are blank are skipped; the answer ends at a blank line.
        let mut answer: Option<String> = None;
        let deadline = std::time::Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(Ok(line)) => line,
                Ok(Err(e)) => return Err(fail(format!("cannot read: {e}"))),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(fail("the program ended".into()));
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(fail(format!(
                        "no answer within {} s (--gtp-timeout-s)",
                        self.timeout.as_secs_f64()
                    )));
                }
            };
            let line = line.trim_end_matches(['\r', '\n']);
            match &mut answer {
                None if line.trim().is_empty() => {}
                None => answer = Some(line.to_string()),
                Some(_) if line.trim().is_empty() => break,
                Some(text) => {
                    text.push('\n');
                    text.push_str(line);
                }
            }
        }
        parse_answer(&answer.unwrap_or_default()).map_err(fail)
    }

    /// `clear_board`: a new game from the standard start.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.ask("clear_board").map(|_| ())
    }

    /// Tells the program that `player` played `square`.
    pub fn play(&mut self, player: Player, square: Square) -> Result<(), String> {
        self.ask(&format!("play {} {square}", colour_word(player)))
            .map(|_| ())
    }

    /// The program's move for `player` (`None` for a pass), which it has then played.
    pub fn genmove(&mut self, player: Player) -> Result<Option<Square>, String> {
        let command = format!("genmove {}", colour_word(player));
        let answer = self.ask(&command)?;
        parse_move(&answer).map_err(|why| failure(&self.command, &command, &why))
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // `quit`, then the program is waited for; one that does not end is stopped.
        let _ = writeln!(self.input, "quit").and_then(|_| self.input.flush());
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_split_like_a_shell_does() {
        assert_eq!(
            split_command("gtp-rhino -l 5").unwrap(),
            vec!["gtp-rhino", "-l", "5"]
        );
        assert_eq!(
            split_command("'/opt/my engine/run' --name \"a b\" ''").unwrap(),
            vec!["/opt/my engine/run", "--name", "a b", ""]
        );
        assert!(split_command("  ").is_err());
        assert!(split_command("run 'open").is_err());
    }
}
