//! The NBoard protocol, driving the `reversi nboard` binary as a subprocess.

use crate::common;

use common::RandomPlay;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use reversi::protocol::nboard::{Output, Session};

use reversi::rules::notation::parse_ggf;
use reversi::rules::{Game, Sq, Variant};

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
    engine.send("set book off");
    engine.send(&format!("set game {START_GGF}"));
    engine.send("move f5/0.00/1.2");
    engine.send("go");
    let lines = engine.until("===", Duration::from_secs(30));
    assert!(lines.iter().any(|l| l.starts_with("search ")), "{lines:?}");
    let reply = lines.last().unwrap();
    let mv: Sq = reply[4..6].parse().expect("=== <move>/<eval>/<time>");
    let mut game = parse_ggf(START_GGF).unwrap();
    game.play("f5".parse().unwrap()).unwrap();
    assert!(common::board_of(&game).is_legal(mv), "{reply}");
    assert_eq!(reply.split('/').count(), 3, "{reply}");
    // `go` does not apply its own move: the same position asked again gives a move for white again.
    engine.send("ping 7");
    let lines = engine.until("pong", Duration::from_secs(10));
    assert_eq!(lines.last().unwrap(), "pong 7");
    engine.send("learn");
    assert_eq!(engine.until("learned", Duration::from_secs(5)), ["learned"]);
    engine.quit();
}

/// `set game` with a GGF record of another board size or type: moves, `go`, `hint` and `analyze`
/// on that variant.
#[test]
fn games_of_other_sizes_and_rules_are_searched() {
    use reversi::rules::{Position, Square, notation};
    let board = format!("{}O*{}*O{}", "-".repeat(44), "-".repeat(8), "-".repeat(44));
    let record = format!("(;GM[Othello]PC[NBoard]TY[10a]BO[10 {board} *]B[e4];)");
    let record = record.as_str();
    let game = notation::parse_ggf(record).unwrap();
    assert_eq!(game.variant(), "10 anti".parse().unwrap());
    let mut engine = Engine::start();
    engine.send("set depth 3");
    engine.send(&format!("set game {record}"));
    engine.send("go");
    let lines = engine.until("===", Duration::from_secs(30));
    engine.until("nodestats", Duration::from_secs(5));
    let reply = lines.last().unwrap();
    let mv: Square = reply[4..]
        .split('/')
        .next()
        .unwrap()
        .parse()
        .expect("=== <move>/<eval>/<time>");
    assert!(game.position().is_legal(mv), "{reply}");
    engine.send("hint 2");
    let lines = engine.until("nodestats", Duration::from_secs(30));
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("search ")).count(),
        6,
        "{lines:?}"
    );
    engine.send(&format!("move {}", mv.to_string().to_uppercase()));
    engine.send("analyze");
    let lines = engine.until("status analysis done", Duration::from_secs(30));
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("analysis ")).count(),
        3,
        "{lines:?}"
    );
    // A classic 6×6 game's placements: the engine places a disc in the centre.
    engine.send(&format!(
        "set game (;GM[Othello]TY[6]RR[classic]BO[6 {} *];)",
        "-".repeat(36)
    ));
    engine.send("go");
    let lines = engine.until("===", Duration::from_secs(30));
    let placed: Square = lines.last().unwrap()[4..]
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        Position::start("6 classic".parse().unwrap()).is_legal(placed),
        "{lines:?}"
    );
    engine.quit();
}

#[test]
fn hint_streams_search_lines_and_marks_exact_solves() {
    let mut engine = Engine::start();
    // A late position reached by seeded random play: 12 empties, solved exactly.
    let mut game = Game::new(Variant::STANDARD);
    let mut random = RandomPlay::new(12345);
    while common::board_of(&game).empty_count() > 12 && !game.is_over() {
        random.play(&mut game);
    }
    assert!(!game.is_over());
    let game_ggf = reversi::rules::notation::ggf(&game);
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
        let first: Sq = fields[1][..2].parse().unwrap();
        assert!(common::board_of(&game).is_legal(first));
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
    // The hint is searching: its first lines came.
    engine.until("search ", Duration::from_secs(60));
    engine.send("ping 42");
    // A depth-60 hint from the start never finishes by itself, so the pong can only come from a
    // search that was stopped; a finished one would have sent its nodestats first.
    let lines = engine.until("pong", Duration::from_secs(60));
    assert_eq!(lines.last().unwrap(), "pong 42");
    assert!(
        lines.iter().all(|l| !l.starts_with("nodestats")),
        "{lines:?}"
    );
    // The search thread was joined before the pong: the next ping's pong is the next line.
    engine.send("ping 43");
    assert_eq!(engine.until("pong", Duration::from_secs(60)), ["pong 43"]);
    engine.quit();
}

/// In the opening `go` answers the book's best move at once, with its value; `set book off`
/// searches instead.
#[test]
fn go_answers_from_the_book_unless_it_is_set_off() {
    let book = reversi::ai::book::shipped().unwrap();
    let board = reversi::rules::Board::start().play("f5".parse().unwrap());
    let best = book.moves(&board)[0];
    let mut engine = Engine::start();
    engine.send(&format!("set game {START_GGF}"));
    engine.send("move f5");
    engine.send("go");
    let lines = engine.until("===", Duration::from_secs(30));
    assert_eq!(
        lines,
        [format!(
            "=== {}/{}.00/0.00",
            best.square.to_string().to_uppercase(),
            best.value
        )]
    );
    engine.send("set book off");
    engine.send("set depth 3");
    engine.send("go");
    let lines = engine.until("===", Duration::from_secs(30));
    assert!(lines.iter().any(|l| l.starts_with("search ")), "{lines:?}");
    engine.send("set book maybe");
    engine.send("ping 2");
    let lines = engine.until("pong", Duration::from_secs(30));
    let said: Vec<&String> = lines
        .iter()
        .filter(|l| !l.starts_with("nodestats"))
        .collect();
    assert_eq!(
        said,
        [
            "status ignored 'set book maybe': expected on or off",
            "pong 2"
        ]
    );
    engine.quit();
}

#[test]
fn go_without_a_move_passes_and_contempt_is_a_setting() {
    let mut engine = Engine::start();
    let full = "X".repeat(64);
    engine.send(&format!("set game (;GM[Othello]PC[x]TY[8]BO[8 {full} *];)"));
    engine.send("go");
    assert_eq!(engine.until("===", Duration::from_secs(30)), ["=== PA"]);
    engine.send("set contempt 150");
    engine.send("set contempt -80");
    engine.send("set contempt draw");
    engine.send("ping 1");
    assert_eq!(
        engine.until("pong", Duration::from_secs(30)),
        [
            "status ignored 'set contempt draw': expected centidiscs",
            "pong 1"
        ]
    );
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
    let mv: Sq = lines.last().unwrap()[4..6].parse().unwrap();
    assert!(common::board_of(&Game::new(Variant::STANDARD)).is_legal(mv));
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
            let mut game = Game::new(Variant::STANDARD);
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

/// A writer the test can read back.
#[derive(Clone, Default)]
struct Sink(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Sink {
    fn take(&self) -> String {
        String::from_utf8(std::mem::take(&mut *self.0.lock().unwrap())).unwrap()
    }
}

/// Lines near NBoard's own: its commands and settings with arguments good and bad, and noise.
fn nboard_line() -> impl Strategy<Value = String> {
    let command = prop::sample::select(vec![
        "nboard",
        "set",
        "set depth",
        "set contempt",
        "set game",
        "set level",
        "move",
        "ping",
        "learn",
        "quit2",
        "",
        "PING",
        "set  depth",
    ]);
    let argument = prop_oneof![
        Just(String::new()),
        any::<i64>().prop_map(|n| n.to_string()),
        (0u32..70).prop_map(|n| n.to_string()),
        "[a-jA-J][0-9]{1,2}(/[-0-9.]{0,6}){0,2}",
        Just("pa".to_string()),
        Just(START_GGF.to_string()),
        "\\(;GM\\[Othello\\][A-Z\\[\\] *O*-]{0,40}",
        ".{0,30}",
    ];
    (command, argument).prop_map(|(c, a)| format!("{c} {a}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Any line either changes the session as its command says or is rejected with a `status`
    /// line and changes nothing; `ping N` after it always answers `pong N`; nothing panics.
    #[test]
    fn any_line_is_handled_or_rejected_without_a_change(line in nboard_line(), n in any::<u32>()) {
        let sink = Sink::default();
        let mut session = Session::new(Output::new(sink.clone()));
        // Four moves in, so that moves, passes and new games all mean something.
        for line in ["set depth 3", &format!("set game {START_GGF}"), "move f5", "move d6", "move c3", "move d3"] {
            session.handle(line);
        }
        prop_assert_eq!(sink.take(), "");
        let (game, settings) = (session.game().clone(), session.settings());
        let goes_on = session.handle(&line);
        let said = sink.take();
        prop_assert!(goes_on, "only 'quit' ends a session");
        if said.starts_with("status ignored") {
            prop_assert_eq!(session.game(), &game, "{}", line);
            prop_assert_eq!(session.settings(), settings, "{}", line);
        }
        let (command, rest) = line.trim().split_once(char::is_whitespace).unwrap_or((line.trim(), ""));
        let (setting, value) = rest.trim().split_once(char::is_whitespace).unwrap_or((rest.trim(), ""));
        match (command, setting) {
            ("move", _) if said.is_empty() => {
                prop_assert!(session.game().history().len() > game.history().len() || rest.trim().eq_ignore_ascii_case("pa"));
            }
            ("set", "depth") if said.is_empty() => {
                prop_assert_eq!(session.settings().0.to_string(), value.trim());
            }
            ("set", "game") if said.is_empty() => {
                prop_assert_eq!(
                    session.game(),
                    &reversi::rules::notation::parse_ggf(value.trim()).unwrap()
                );
            }
            ("ping", _) => {
                let pong = format!("pong {}", rest.trim());
                prop_assert_eq!(said.trim_end(), pong.trim_end());
            }
            ("nboard", _) => prop_assert_eq!(said, "set myname Reversi\n"),
            ("", _) => prop_assert_eq!(said, "", "a blank line is skipped"),
            ("learn", _) => prop_assert_eq!(said, "learned\n"),
            ("set", "contempt" | "depth" | "game") | ("move", _) => {
                prop_assert!(said.is_empty() || said.starts_with("status ignored"), "{}: {}", line, said);
            }
            _ => prop_assert!(said.starts_with("status ignored"), "{}: {}", line, said),
        }
        session.handle(&format!("ping {n}"));
        prop_assert_eq!(sink.take(), format!("pong {n}\n"));
    }
}

fn run_match(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_reversi"))
        .arg("match")
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn a_match_against_a_program_speaking_nboard() {
    let program = format!("nboard:'{}' nboard", env!("CARGO_BIN_EXE_reversi"));
    let output = run_match(&["novice", &program, "--games", "2", "--nboard-depth", "2"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    // The name it gave with `set myname`.
    let name = reversi::protocol::nboard::ENGINE_NAME;
    for (line, colour) in lines[..2].iter().zip(["as Black", "as White"]) {
        assert!(line.contains(colour) && line.contains(name), "{line}");
        let transcript = line.split_whitespace().last().unwrap();
        let game = reversi::rules::notation::parse_transcript(transcript, Variant::STANDARD)
            .expect("a legal game");
        assert!(game.is_over(), "{line}");
    }
    assert!(
        lines[2].starts_with(&format!("Novice vs {name}: +")),
        "{text}"
    );
}

/// An NBoard program written as a shell script: `go` answers `reply`, `ping` its `pong`.
#[cfg(unix)]
fn nboard_script(reply: &str) -> String {
    format!(
        "nboard:sh -c 'while read c rest; do case $c in go) echo \"{reply}\";; \
         ping) echo \"pong $rest\";; quit) exit;; esac; done'"
    )
}

#[cfg(unix)]
#[test]
fn an_nboard_program_that_misbehaves_ends_the_match_with_the_reason() {
    let cases = [
        (
            "=== a1/0.5",
            "answered a1 for White, not a legal move after",
        ),
        ("=== PA", "answered pass for White, not a legal move"),
        ("=== zz", "'zz' is not a move"),
    ];
    for (reply, why) in cases {
        let output = run_match(&["novice", &nboard_script(reply), "--games", "1"]);
        let errors = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(1), "{reply}: {errors}");
        assert!(errors.contains(why), "{reply}: {errors}");
    }
    // Silent when asked for a move: the match ends after the timeout.
    let silent = "nboard:sh -c 'while read c rest; do case $c in go) exec sleep 600;; \
                  ping) echo \"pong $rest\";; esac; done'";
    let output = run_match(&["novice", silent, "--games", "1", "--gtp-timeout-s", "0.5"]);
    let errors = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{errors}");
    assert!(
        errors.contains("on 'go': no answer within 0.5 s"),
        "{errors}"
    );
}
