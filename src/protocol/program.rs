//! Another program run as a child process for the length of a match, spoken to a line at a time
//! (the plumbing under the GTP and NBoard clients).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

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

/// How long a program may take to answer a command, unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(300);

/// A running program with its input and a thread reading its output.
pub struct Program {
    command: String,
    child: Child,
    input: ChildStdin,
    /// The program's output, a line at a time, read by a thread of its own so that a program that
    /// stops answering is noticed (`Err` when reading failed; the channel closes at its end).
    lines: Receiver<std::io::Result<String>>,
    /// The longest wait for an answer.
    timeout: Duration,
}

impl Program {
    /// Starts `command` (a program and its arguments, see [`split_command`]).
    pub fn start(command: &str, timeout: Duration) -> Result<Program, String> {
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
        Ok(Program {
            command: command.to_string(),
            child,
            input,
            lines,
            timeout,
        })
    }

    /// The program's file name, for a program that gives no name of its own.
    pub fn file_name(&self) -> String {
        let program = split_command(&self.command).map_or(String::new(), |w| w[0].clone());
        std::path::Path::new(&program)
            .file_name()
            .map_or(program.clone(), |p| p.to_string_lossy().into_owned())
    }

    /// What went wrong with `command` sent to the program (named by the command line it was
    /// started with).
    pub fn failure(&self, command: &str, why: &str) -> String {
        format!("'{}' on '{command}': {why}", self.command)
    }

    /// Sends one line.
    pub fn send(&mut self, command: &str) -> Result<(), String> {
        writeln!(self.input, "{command}")
            .and_then(|_| self.input.flush())
            .map_err(|e| match e.kind() {
                // It closed its input: it has ended (or soon will) without reading the command.
                std::io::ErrorKind::BrokenPipe => self.failure(command, "the program ended"),
                _ => self.failure(command, &format!("cannot send: {e}")),
            })
    }

    /// The longest wait for an answer.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// When an answer sent for now is due at the latest.
    pub fn deadline(&self) -> Instant {
        Instant::now() + self.timeout
    }

    /// The program's next line (without its line end), waited for until `deadline`; the program
    /// closing its output, or no line in time, is an error naming `command` (and `option`, which
    /// sets the wait).
    pub fn line(
        &mut self,
        command: &str,
        deadline: Instant,
        option: &str,
    ) -> Result<String, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(Ok(line)) => Ok(line.trim_end_matches(['\r', '\n']).to_string()),
            Ok(Err(e)) => Err(self.failure(command, &format!("cannot read: {e}"))),
            Err(RecvTimeoutError::Disconnected) => Err(self.failure(command, "the program ended")),
            Err(RecvTimeoutError::Timeout) => Err(self.failure(
                command,
                &format!(
                    "no answer within {} s ({option})",
                    self.timeout.as_secs_f64()
                ),
            )),
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // `quit` (both protocols' word), then the program is waited for; one that does not end is
        // stopped.
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
