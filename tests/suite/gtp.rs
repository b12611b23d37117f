//! GTP: `reversi gtp` driven as a subprocess, and `reversi match` playing a level against a
//! program that speaks GTP (this binary's own `gtp`, and on Unix scripts that misbehave).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use reversi::rules::notation::parse_transcript;
use reversi::rules::{Game, Square, Variant};

const REVERSI: &str = env!("CARGO_BIN_EXE_reversi");

fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(REVERSI)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// The answers of a whole session, one string each (without the blank line that ends it).
fn session(input: &[u8]) -> Vec<String> {
    let output = run(&["gtp", "--level", "beginner"], input);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.ends_with("\n\n"), "{text:?}");
    text.trim_end_matches('\n')
        .split("\n\n")
        .map(str::to_string)
        .collect()
}

#[test]
fn a_scripted_session_gets_the_right_answers() {
    let answers = session(
        b"1 protocol_version\n\
          boardsize 8\n\
          # a comment line is not answered\n\
          \n\
          clear_board\n\
          play black d3\n\
          2 play black e3\n\
          3 genmove white\n\
          known_command play\n\
          4 final_score\n\
          quit\n\
          name\n",
    );
    assert_eq!(answers.len(), 9, "{answers:?}");
    assert_eq!(answers[..5], ["=1 2", "=", "=", "=", "?2 illegal move"]);
    let reply = answers[5].strip_prefix("=3 ").expect(&answers[5]);
    let square: Square = reply.parse().unwrap();
    let mut game = Game::new(Variant::STANDARD);
    game.play("d3".parse().unwrap()).unwrap();
    assert!(game.play(square).is_ok(), "{reply} is not legal after d3");
    assert_eq!(answers[6..], ["= true", "?4 the game is not over", "="]);
}

#[test]
fn garbage_is_answered_with_errors_and_the_session_goes_on() {
    let mut input = b"fly to the moon\nplay black\ngenmove purple\nboardsize 9\n".to_vec();
    input.extend_from_slice(b"\xff\xfe\x00junk\n");
    input.extend_from_slice(b"play black d3\nshowboard\n");
    let answers = session(&input);
    assert_eq!(
        answers[..6],
        [
            "? unknown command",
            "? syntax error",
            "? invalid color 'purple'",
            "? unacceptable size",
            "? not UTF-8 text",
            "=",
        ]
    );
    assert!(answers[6].starts_with("= White to move"), "{}", answers[6]);
    assert!(answers[6].contains(" 3 . . . X . . . ."), "{}", answers[6]);
}

/// `boardsize` and `set_game` choose the variant: moves are read and generated on that board.
#[test]
fn other_board_sizes_and_rules_are_played() {
    let answers = session(
        b"boardsize 10\nplay black e4\ngenmove white\nshowboard\nboardsize 6\nset_game Anti-reversi\n\
          genmove black\nplay white a7\nset_game Reversi\nboardsize 7\nboardsize 16\nplay black h8\n",
    );
    assert_eq!(answers[..2], ["=", "="]);
    let reply: reversi::rules::Square = answers[2].trim_start_matches("= ").parse().unwrap();
    let mut game =
        reversi::rules::notation::parse_transcript("e4", "10 othello".parse().unwrap()).unwrap();
    assert!(
        game.play(reply).is_ok(),
        "{reply} is not legal on 10×10 after e4"
    );
    assert!(
        answers[3].contains("a b c d e f g h i j") && answers[3].contains("\n10 . ."),
        "{}",
        answers[3]
    );
    assert_eq!(answers[4..6], ["=", "="]);
    let reply: reversi::rules::Square = answers[6].trim_start_matches("= ").parse().unwrap();
    assert!(reversi::rules::Position::start("6 anti".parse().unwrap()).is_legal(reply));
    assert_eq!(answers[7], "? invalid coordinate");
    // The free opening needs an even board: 7×7 is refused while the rules are classic.
    assert_eq!(answers[8..11], ["=", "? unacceptable size", "="]);
    assert_eq!(answers[11], "=", "a placement in the centre of 16×16");
}

#[test]
fn a_match_against_a_program_speaking_gtp() {
    let program = format!("gtp:'{REVERSI}' gtp --level beginner --seed 5");
    let output = run(&["match", "novice", &program, "--games", "2"], b"");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    // The program's `name` and `version`.
    let name = format!("Reversi {} (Beginner)", env!("CARGO_PKG_VERSION"));
    for (line, colour) in lines[..2].iter().zip(["as Black", "as White"]) {
        assert!(line.contains(colour), "{line}");
        assert!(line.contains(&name), "{line}");
        let game =
            parse_transcript(line.split_whitespace().last().unwrap(), Variant::STANDARD).unwrap();
        assert!(game.is_over(), "{line}");
    }
    assert!(
        lines[2].starts_with(&format!("Novice vs {name}: +")),
        "{text}"
    );
    assert!(lines[2].contains("; time to move "), "{text}");
}

#[test]
fn a_program_that_cannot_start_ends_the_match_with_the_reason() {
    let output = run(
        &["match", "novice", "gtp:/no/such/program", "--games", "1"],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    let errors = String::from_utf8(output.stderr).unwrap();
    assert!(
        errors.contains("cannot start '/no/such/program'"),
        "{errors}"
    );
    let output = run(&["match", "novice", "gtp:'unclosed", "--games", "1"], b"");
    assert_eq!(output.status.code(), Some(2));
}

/// A GTP program written as a shell script: `genmove` answers `reply`, everything else `=`.
#[cfg(unix)]
fn script(reply: &str) -> String {
    format!(
        "gtp:sh -c 'while read c rest; do case $c in genmove) printf \"{reply}\\n\\n\";; \
         quit) exit;; *) printf \"=\\n\\n\";; esac; done'"
    )
}

#[cfg(unix)]
#[test]
fn a_program_that_misbehaves_ends_the_match_with_the_reason() {
    let cases = [
        // a1 is never legal right after an opening.
        ("= a1", "sh answered a1 for White, not a legal move after"),
        ("= pass", "answered pass for White, not a legal move"),
        ("= zz", "'zz' is not a move"),
        ("? out of ideas", "it answered '? out of ideas'"),
        ("nonsense", "not a GTP answer: 'nonsense'"),
    ];
    for (reply, why) in cases {
        let output = run(&["match", "novice", &script(reply), "--games", "1"], b"");
        let errors = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(1), "{reply}: {errors}");
        assert!(errors.contains(why), "{reply}: {errors}");
    }
    // A program that ends before it answers.
    let output = run(&["match", "novice", "gtp:true", "--games", "1"], b"");
    let errors = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{errors}");
    assert!(errors.contains("the program ended"), "{errors}");
}

#[cfg(unix)]
#[test]
fn a_program_that_stops_answering_ends_the_match_after_the_timeout() {
    // It answers everything until asked for a move, then waits without a word.
    let silent = "gtp:sh -c 'while read c rest; do case $c in genmove) exec sleep 600;; \
                  quit) exit;; *) printf \"=\\n\\n\";; esac; done'";
    let output = run(
        &[
            "match",
            "novice",
            silent,
            "--games",
            "1",
            "--gtp-timeout-s",
            "0.5",
        ],
        b"",
    );
    let errors = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{errors}");
    assert!(
        errors.contains("on 'genmove white': no answer within 0.5 s"),
        "{errors}"
    );
    let output = run(&["match", "novice", silent, "--gtp-timeout-s", "0"], b"");
    assert_eq!(output.status.code(), Some(2));
}
