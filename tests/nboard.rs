//! The NBoard protocol, driving the `reversi nboard` binary as a subprocess.

mod common;

use common::RandomPlay;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use reversi::rules::notation::parse_ggf;
use reversi::rules::{Game, Square};

const START_GGF: &str = "(;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)";

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_reversi"))
            .arg("nboard")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// One line of raw bytes (need not be UTF-8).
    fn send_bytes(&mut self, line: &[u8]) {
        self.stdin.write_all(line).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no '{prefix}' line within {timeout:?}; saw {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success());
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("the engine did not quit");
    }
}

#[test]
fn a_scripted_session_gets_the_right_replies() {
    let mut engine = Engine::start();
    engine.send("nboard 2");
    assert_eq!(
        engine.until("set myname", Duration::from_secs(5)),
        ["set myname Reversi"]
    );
    engine.send("set depth 4");
    engine.send(&format!("set game {START_GGF}"));
    engine.send("move f5/0.00/1.2");
    engine.send("go");
    let lines = engine.until("===", Duration::from_secs(30));
    assert!(lines.iter().any(|l| l.starts_with("search ")), "{lines:?}");
    let reply = lines.last().unwrap();
    let mv: Square = reply[4..6].parse().expect("=== <move>/<eval>/<time>");
    let mut game = parse_ggf(START_GGF).unwrap();
    game.play("f5".parse().unwrap()).unwrap();
    assert!(game.board().is_legal(mv), "{reply}");
    assert_eq!(reply.split('/').count(), 3, "{reply}");
    // `go` does not apply its own move: the same position asked again gives a move for white again.
    engine.send("ping 7");
    let lines = engine.until("pong", Duration::from_secs(10));
    assert_eq!(lines.last().unwrap(), "pong 7");
    engine.send("learn");
    assert_eq!(engine.until("learned", Duration::from_secs(5)), ["learned"]);
    engine.quit();
}

#[test]
fn hint_streams_search_lines_and_marks_exact_solves() {
    let mut engine = Engine::start();
    // A late position reached by seeded random play: 12 empties, solved exactly.
    let mut game = Game::new();
    let mut random = RandomPlay::new(12345);
    while game.board().empty_count() > 12 && !game.is_over() {
        random.play(&mut game);
    }
    assert!(!game.is_over());
    let game_ggf = reversi::rules::notation::ggf(&game);
    assert!(game.board().empty_count() <= 14);
    engine.send(&format!("set game {game_ggf}"));
    engine.send("set depth 20");
    engine.send("hint 3");
    engine.send("ping 1");
    let lines = engine.until("pong", Duration::from_secs(60));
    assert_eq!(lines.last().unwrap(), "pong 1");
    // Without interruption the hint finishes with exact results.
    engine.send("hint 2");
    let lines = engine.until("nodestats", Duration::from_secs(60));
    let exact: Vec<&String> = lines.iter().filter(|l| l.ends_with(" 100%")).collect();
    assert!(!exact.is_empty(), "{lines:?}");
    for line in exact {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], "search");
        let first: Square = fields[1][..2].parse().unwrap();
        assert!(game.board().is_legal(first));
        let eval: f64 = fields[2].parse().unwrap();
        assert_eq!(
            eval.fract(),
            0.0,
            "an exact score is a whole number of discs: {line}"
        );
    }
    engine.quit();
}

#[test]
fn ping_during_a_long_hint_answers_pong_and_stops_the_search() {
    let mut engine = Engine::start();
    engine.send(&format!("set game {START_GGF}"));
    engine.send("set depth 60");
    engine.send("hint 5");
    std::thread::sleep(Duration::from_millis(500));
    let sent = Instant::now();
    engine.send("ping 42");
    let lines = engine.until("pong", Duration::from_secs(10));
    assert_eq!(lines.last().unwrap(), "pong 42");
    assert!(
        sent.elapsed() < Duration::from_secs(5),
        "pong took {:?}",
        sent.elapsed()
    );
    // Nothing more arrives from the stopped search.
    std::thread::sleep(Duration::from_millis(300));
    let late: Vec<String> = engine.lines.try_iter().collect();
    assert!(late.iter().all(|l| !l.starts_with("search")), "{late:?}");
    engine.quit();
}

#[test]
fn garbage_lines_are_ignored_and_the_engine_keeps_working() {
    let mut engine = Engine::start();
    for garbage in [
        "",
        "hello world",
        "set",
        "set depth -3",
        "set depth 999",
        "set game (;GM[Chess];)",
        "set game",
        "move",
        "move z9",
        "move a1",
        "move pa",
        "hint",
        "hint many",
        "\u{1F600} \u{0} \t",
        "ping",
    ] {
        engine.send(garbage);
    }
    // Lines that are not UTF-8 text (they used to end the session: no pong ever came).
    engine.send_bytes(b"\xff\xfe bad");
    engine.send_bytes(b"ping \xc3(");
    engine.send("ping 5");
    let lines = engine.until("pong 5", Duration::from_secs(10));
    assert!(
        lines.iter().any(|l| l.starts_with("status ")),
        "malformed lines get a status: {lines:?}"
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.as_str() == "status ignored a line that is not UTF-8 text")
            .count(),
        2,
        "{lines:?}"
    );
    // Still a working engine: the start position is unchanged, and a move gets played.
    engine.send("set depth 2");
    engine.send("go");
    let lines = engine.until("===", Duration::from_secs(30));
    let mv: Square = lines.last().unwrap()[4..6].parse().unwrap();
    assert!(Game::new().board().is_legal(mv));
    engine.quit();
}

#[test]
fn hint_without_a_move_says_why() {
    let mut engine = Engine::start();
    engine.send("nboard 2");
    engine.send("set depth 4");
    // Every square black: the game is over.
    let full = "X".repeat(64);
    engine.send(&format!("set game (;GM[Othello]PC[x]TY[8]BO[8 {full} *];)"));
    engine.send("hint 3");
    let lines = engine.until("status no move", Duration::from_secs(10));
    assert_eq!(
        lines.last().unwrap(),
        "status no move to hint: the game is over"
    );
    // White to move with no move while black has h8: the forced pass is played, and the hint
    // is black's.
    let board = format!("{}O-", "X".repeat(62));
    engine.send(&format!(
        "set game (;GM[Othello]PC[x]TY[8]BO[8 {board} O];)"
    ));
    engine.send("hint 3");
    let lines = engine.until("search ", Duration::from_secs(10));
    assert_eq!(lines.last().unwrap(), "search H8 64.00 0 100%");
    engine.quit();
}

/// `analyze` gives every position of the game its evaluation for the side to move, last first. A
/// position before a forced pass is worth the one after it, negated (it was given 0.00).
#[test]
fn analyze_evaluates_every_position_and_a_forced_pass_negates() {
    // A seeded random game with a forced pass among its last 14 moves (where the evaluations are
    // exact, so the two positions' values are exactly opposite).
    let (game, pass) = (1..)
        .find_map(|seed| {
            let mut game = Game::new();
            let mut random = RandomPlay::new(seed);
            while !game.is_over() {
                random.play(&mut game);
            }
            let history = game.history();
            let pass = (history.len() - 14..history.len())
                .find(|&i| history[i] == reversi::rules::Move::Pass)?;
            Some((game, pass))
        })
        .unwrap();
    let mut engine = Engine::start();
    engine.send(&format!(
        "set game {}",
        reversi::rules::notation::ggf(&game)
    ));
    engine.send("set depth 6");
    engine.send("analyze");
    let lines = engine.until("status analysis done", Duration::from_secs(60));
    let evals: Vec<(usize, f64)> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("analysis "))
        .map(|l| {
            let (n, eval) = l.split_once(' ').unwrap();
            (n.parse().unwrap(), eval.parse().unwrap())
        })
        .collect();
    let positions = game.history().len() + 1;
    let numbers: Vec<usize> = evals.iter().map(|&(n, _)| n).collect();
    assert_eq!(numbers, (0..positions).rev().collect::<Vec<_>>());
    let eval = |n: usize| evals.iter().find(|&&(m, _)| m == n).unwrap().1;
    assert_eq!(eval(pass), -eval(pass + 1), "{lines:?}");
    assert_ne!(eval(pass + 1), 0.0, "{lines:?}");
    engine.quit();
}
