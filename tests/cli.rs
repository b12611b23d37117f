//! `reversi solve`'s inputs: positions and files of them, and how bad ones are reported.

use std::path::PathBuf;

use reversi::protocol::cli::solve_report;

/// A fresh folder for this test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Black to move with four empties (g8 h8 on the last row, a1 b1 on the first): a quick solve.
const NEAR_END: &str = "--XXXXXXOOOOOOOOXXXXXXXXOOOOOOOOXXXXXXXXOOOOOOOOXXXXXXXXOOOOOO-- X";

fn solve(inputs: &[&str]) -> Result<String, String> {
    let inputs: Vec<String> = inputs.iter().map(|s| s.to_string()).collect();
    solve_report(&inputs, 1, false)
}

#[test]
fn a_position_and_a_file_of_positions_are_solved() {
    let dir = scratch("ok");
    let file = dir.join("positions.txt");
    std::fs::write(
        &file,
        format!("# a comment\n\n{NEAR_END} ; trailing text\n"),
    )
    .unwrap();
    let report = solve(&[NEAR_END, file.to_str().unwrap()]).unwrap();
    assert_eq!(report.matches("  best ").count(), 2, "{report}");
    assert!(report.contains("positions.txt:3"), "{report}");
}

#[test]
fn bad_inputs_are_reported_with_where_they_are() {
    let dir = scratch("bad");
    // A line that is not UTF-8 text: its file and line are named (it used to be reported as
    // "neither a position nor a readable file", parsing the file's name as a board).
    let binary = dir.join("binary.txt");
    std::fs::write(&binary, [NEAR_END.as_bytes(), b"\n\xff\xfe\n"].concat()).unwrap();
    let error = solve(&[binary.to_str().unwrap()]).unwrap_err();
    assert!(
        error.ends_with("binary.txt, line 2: not UTF-8 text"),
        "{error}"
    );
    // A line that is not a position.
    let wrong = dir.join("wrong.txt");
    std::fs::write(&wrong, format!("{NEAR_END}\n\n{NEAR_END}\nxyz O\n")).unwrap();
    let error = solve(&[wrong.to_str().unwrap()]).unwrap_err();
    assert!(error.contains("wrong.txt, line 4: "), "{error}");
    // A folder is there but cannot be read as a file.
    let error = solve(&[dir.to_str().unwrap()]).unwrap_err();
    assert!(error.starts_with("cannot read "), "{error}");
    // Neither a file nor a position.
    let error = solve(&["no-such-file.txt"]).unwrap_err();
    assert!(
        error.contains("is neither a position nor a file"),
        "{error}"
    );
    let error = solve(&[&NEAR_END[..60]]).unwrap_err();
    assert!(
        error.contains("is neither a position nor a file"),
        "{error}"
    );
    // Nothing to solve.
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# only a comment\n").unwrap();
    assert_eq!(
        solve(&[empty.to_str().unwrap()]).unwrap_err(),
        "no position to solve"
    );
}
