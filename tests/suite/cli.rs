//! The command line's inputs: `reversi solve`'s positions and files of them, `bench`'s range,
//! `train`'s samples and the numeric options, and how bad ones are reported.

use crate::common::run_reversi as run;
use std::path::PathBuf;

use crate::common;
use reversi::ai::pattern::Model;
use reversi::ai::train::Sample;
use reversi::cli::{Relabel, TrainHow, bench_report, relabel_report, solve_report, train_report};
use reversi::rules::Variant;

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
    solve_report(Variant::STANDARD, &inputs, 1, false)
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
    let over = solve(&[&format!("{} X", "X".repeat(64))]).unwrap();
    assert!(over.ends_with("  line (the game is over)"), "{over}");
    // White must pass; black then takes a1 and wins 64-0 (this was reported "score +0").
    let passing = solve(&[&format!("-O{} O", "X".repeat(62))]).unwrap();
    assert!(passing.contains("  best pass score -64 "), "{passing}");
    assert!(passing.ends_with("  line pass a1"), "{passing}");
    assert!(report.contains("positions.txt:3"), "{report}");
    // Each solve is followed by its line of best play, which starts with its best move.
    let lines: Vec<&str> = report.lines().collect();
    for pair in lines.windows(2) {
        if let Some(best) = pair[0].strip_prefix("  best ") {
            let first = best.split_whitespace().next().unwrap();
            let line = pair[1].strip_prefix("  line ").expect(pair[1]);
            assert_eq!(line.split_whitespace().next(), Some(first), "{report}");
        }
    }
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

#[test]
fn a_bench_range_outside_the_ffo_positions_is_refused() {
    // These used to solve nothing and report "all scores match".
    for (first, last) in [(70, 59), (50, 45), (39, 41), (58, 60)] {
        let error = bench_report(first, last, 1, false, |_| {}).unwrap_err();
        assert!(
            error.contains("expected 40 <= first <= last <= 59"),
            "{error}"
        );
    }
}

#[test]
fn training_on_files_without_samples_writes_nothing() {
    let dir = scratch("train");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# no samples\n").unwrap();
    let out = dir.join("weights.bin");
    let how = TrainHow {
        epochs: 1,
        threads: 1,
        init: None,
        phases: None,
        overlay: false,
        model: Model::Classic,
        pull: 16.0,
    };
    let error = train_report(&[empty], &how, &out).unwrap_err();
    assert_eq!(error, "no samples in the files: nothing to fit");
    assert!(
        !out.exists(),
        "no weights file (it was written with every weight zero)"
    );
}

#[test]
fn an_overlay_holds_the_phases_fitted_and_reads_back_over_the_shipped_weights() {
    use reversi::ai::pattern::{Weights, layout, shipped};
    let dir = scratch("overlay");
    let samples = dir.join("samples.txt");
    // Positions of 40–45 discs (phase 6) with their labels.
    let lines: Vec<String> = (0..40u64)
        .filter_map(|i| {
            // 38 moves of a game that always plays its (i + ply)-th legal move, if it lasts.
            let mut game = reversi::rules::Game::new(reversi::rules::Variant::STANDARD);
            for ply in 0..38 {
                let moves = game.position().legal_squares();
                if moves.is_empty() {
                    return None;
                }
                game.play(moves[(i as usize + ply) % moves.len()]).ok()?;
            }
            let board = common::board_of(&game);
            Some(format!(
                "{:016x} {:016x} {}",
                board.player,
                board.opponent,
                i as i32 % 9 - 4
            ))
        })
        .collect();
    assert!(lines.len() > 20);
    std::fs::write(&samples, lines.join("\n") + "\n").unwrap();
    let shipped_file = dir.join("shipped.bin");
    std::fs::write(&shipped_file, shipped().unwrap().to_bytes()).unwrap();
    let (whole, overlay) = (dir.join("whole.bin"), dir.join("overlay.bin"));
    let files = [samples];
    let fit = |overlay_form: bool, out: &std::path::Path| {
        let how = TrainHow {
            epochs: 3,
            threads: 1,
            init: Some(&shipped_file),
            phases: Some("6-6"),
            overlay: overlay_form,
            model: Model::Classic,
            pull: 16.0,
        };
        train_report(&files, &how, out).unwrap()
    };
    fit(false, &whole);
    fit(true, &overlay);
    let whole = std::fs::read(&whole).unwrap();
    let overlay = std::fs::read(&overlay).unwrap();
    assert!(overlay.len() < whole.len() / 9, "one phase of ten");
    assert_eq!(overlay.len(), 20 + 2 * layout().per_phase);
    let read = Weights::read(&overlay).unwrap();
    assert_eq!(read, Weights::read(&whole).unwrap());
    assert_ne!(&read, shipped().unwrap(), "phase 6 was fitted");
    // The rich model fits from nothing, smoothed, and reads back as itself; it has no overlays.
    let rich = dir.join("rich.bin");
    let how = TrainHow {
        epochs: 3,
        threads: 1,
        init: None,
        phases: None,
        overlay: false,
        model: Model::Rich,
        pull: 16.0,
    };
    let report = train_report(&files, &how, &rich).unwrap();
    assert!(
        report.contains("rich model, 3 epochs per phase and again smoothed"),
        "{report}"
    );
    assert!(report.contains("held-out rms error by stage"), "{report}");
    assert_eq!(
        Weights::read(&std::fs::read(&rich).unwrap())
            .unwrap()
            .model(),
        Model::Rich
    );
    let error = train_report(
        &files,
        &TrainHow {
            overlay: true,
            ..how
        },
        &rich,
    )
    .unwrap_err();
    assert!(
        error.contains("only the classic model has overlays"),
        "{error}"
    );
}

#[test]
fn relabel_writes_the_positions_it_keeps_with_search_labels() {
    let dir = scratch("relabel");
    let samples = dir.join("samples.txt");
    // Two positions of 4 discs (labels from a game), and a full board.
    std::fs::write(
        &samples,
        "# from a game\n\
         0000000810000000 0000001008000000 -64\n\
         0000000018000000 0000001000080000 64\n\
         00ff00ff00ff00ff ff00ff00ff00ff00 0\n",
    )
    .unwrap();
    let out = dir.join("labelled.txt");
    let files = [samples];
    let how = Relabel {
        depth: 4,
        exact: 12,
        result_weight: 0.0,
        min_discs: 4,
        max_discs: 40,
        every: 1,
        eval: reversi::ai::Evaluator::Patterns,
    };
    let report = relabel_report(&files, how, 2, &out).unwrap();
    assert!(
        report.starts_with("2 positions searched 4 plies deep, 2 labelled"),
        "{report}"
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("0000000810000000 0000001008000000 "));
    let label = |line: &str| line.rsplit(' ').next().unwrap().parse::<i32>().unwrap();
    let searched = [label(lines[0]), label(lines[1])];
    assert!(
        searched.iter().all(|s| s.abs() < 20),
        "near the start, a search scores near even, not the game's ±64: {text}"
    );
    // Half the game's result.
    let half = Relabel {
        result_weight: 0.5,
        ..how
    };
    relabel_report(&files, half, 1, &out).unwrap();
    let text = std::fs::read_to_string(&out).unwrap();
    let mixed: Vec<i32> = text.lines().map(label).collect();
    let want = |s: i32, r: i32| (0.5 * f64::from(s) + 0.5 * f64::from(r)).round_ties_even() as i32;
    assert_eq!(
        mixed,
        [want(searched[0], -64), want(searched[1], 64)],
        "{text}"
    );
    // Every second position only: the first and the full board, which has no move to search.
    let every = Relabel {
        max_discs: 64,
        every: 2,
        ..how
    };
    let report = relabel_report(&files, every, 1, &out).unwrap();
    assert!(
        report.starts_with("2 positions searched 4 plies deep, 1 labelled"),
        "{report}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 1);
    let few = Relabel {
        max_discs: 3,
        ..how
    };
    let error = relabel_report(&files, few, 1, &out).unwrap_err();
    assert_eq!(error, "no position with 4 to 3 discs in the sample files");
    // Only the full board has 64 discs; it has no move, so nothing is written.
    let late = Relabel {
        min_discs: 5,
        max_discs: 64,
        ..how
    };
    let report = relabel_report(&files, late, 1, &out).unwrap();
    assert!(
        report.starts_with("1 positions searched 4 plies deep, 0 labelled"),
        "{report}"
    );
    let shallow = Relabel { depth: 0, ..how };
    let error = relabel_report(&files, shallow, 1, &out).unwrap_err();
    assert!(error.contains("--depth"), "{error}");
    let over = Relabel {
        result_weight: 1.5,
        ..how
    };
    let error = relabel_report(&files, over, 1, &out).unwrap_err();
    assert!(error.contains("--result-weight"), "{error}");
}

#[test]
fn selfplay_labels_with_its_own_searches_and_refuses_a_bad_result_weight() {
    let dir = scratch("selfplay-searched");
    let out = dir.join("samples.txt");
    let path = out.to_str().unwrap();
    let args = |weight: &'static str| {
        [
            "selfplay",
            "--games",
            "2",
            "--depth",
            "2",
            "--exact",
            "8",
            "--result-weight",
            weight,
            "--out",
            path,
        ]
    };
    let (code, stdout, stderr) = run(&args("0.25"));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("2 games, "), "{stdout}");
    let samples = std::fs::read_to_string(&out).unwrap();
    assert!(samples.lines().count() > 40, "{samples}");
    for line in samples.lines() {
        Sample::parse(line).unwrap();
    }
    for weight in ["1.5", "-0.1"] {
        let (code, _, stderr) = run(&args(weight));
        assert_eq!(code, Some(2), "{weight}");
        assert!(
            stderr.contains("--result-weight: expected 0 to 1"),
            "{stderr}"
        );
    }
    let mut variant = args("0.25").to_vec();
    variant.extend(["--size", "6"]);
    let (code, _, stderr) = run(&variant);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("8x8 Othello only"), "{stderr}");
}

#[test]
fn zero_threads_and_out_of_range_depths_are_refused_by_the_binary() {
    for args in [
        &["bench", "--threads", "0"][..],
        &["solve", "--threads", "0", NEAR_END],
        &["match", "beginner", "novice", "--first-threads", "0"],
        &["selfplay", "--threads", "0", "--out", "unused.txt"],
        &["bench", "--midgame", "--depth", "0"],
        &["bench", "--midgame", "--depth", "61"],
    ] {
        let (code, _, stderr) = run(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(
            stderr.contains("from 1 up") || stderr.contains("1..=60"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn match_sides_are_levels_newcomers_or_programs() {
    let (code, stdout, stderr) = run(&["match", "greedy", "RANDOM", "--games", "2"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.lines().filter(|l| l.starts_with("game")).count(), 2);
    assert!(stdout.contains("Greedy vs Random: "), "{stdout}");
    let (code, _, stderr) = run(&["match", "grandmaster", "beginner"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("not a level") && stderr.contains("random, greedy or fewest"),
        "{stderr}"
    );
}

/// `--size` and `--rules` on perft, solve, match and selfplay; sizes and rules that do not exist
/// are refused with the reason.
#[test]
fn variants_on_the_command_line() {
    let (code, stdout, stderr) = run(&["perft", "6", "--size", "6"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.starts_with("perft 6 (6x6 othello): 7604 leaves"),
        "{stdout}"
    );
    let (_, stdout, _) = run(&["perft", "6", "--rules", "classic"]);
    assert!(
        stdout.starts_with("perft 6 (8x8 classic): 320 leaves"),
        "{stdout}"
    );
    let (_, stdout, _) = run(&["perft", "6"]);
    assert!(stdout.starts_with("perft 6: 8200 leaves"), "{stdout}");
    // 4×4 Othello: White wins 11–3 with two squares empty.
    let (code, stdout, stderr) = run(&["solve", "--size", "4", "-----OX--XO----- X"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.contains("(4x4 othello)\n  best ") && stdout.contains(" score -10 "),
        "{stdout}"
    );
    // Every board's solve ends with a line of best play from its best move to the end, which
    // finishes the game with the score it reports.
    let best = stdout
        .split("  best ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    let line = stdout.split("  line ").nth(1).unwrap().trim();
    assert!(line.starts_with(best), "{stdout}");
    let variant = Variant::parse(4, "othello").unwrap();
    let mut position = reversi::cli::read_board("-----OX--XO----- X", variant).unwrap();
    for token in line.split(' ') {
        position = match token {
            "pass" => position.pass(),
            square => position.play(square.parse().unwrap()),
        };
    }
    assert!(position.is_over(), "{line}");
    assert_eq!(
        position.counts().black as i32 - position.counts().white as i32,
        -10 + 2, // two empties, White's as the winner's
        "{line}"
    );
    // A transcript of the variant is a position too.
    let (_, stdout, _) = run(&[
        "solve",
        "--size",
        "6",
        "--rules",
        "anti",
        "d5e5f5d6b2b3b5f4a2f6e6c5b6b4a5e3c6d2",
    ]);
    assert!(stdout.contains("(6x6 anti)\n  best "), "{stdout}");
    let (code, stdout, stderr) = run(&[
        "match", "advanced", "fewest", "--size", "6", "--rules", "anti", "--games", "2",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("game")).count(),
        2,
        "{stdout}"
    );
    assert!(stdout.contains("Advanced vs Fewest: "), "{stdout}");
    let dir = scratch("selfplay");
    let out = dir.join("samples.txt");
    let (code, stdout, stderr) = run(&[
        "selfplay",
        "--size",
        "10",
        "--games",
        "1",
        "--depth",
        "1",
        "--exact",
        "4",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("1 games of 10x10 othello"), "{stdout}");
    let samples = std::fs::read_to_string(&out).unwrap();
    assert!(
        samples
            .lines()
            .all(|l| l.starts_with("10:othello ") && l.split(' ').count() == 5),
        "{samples}"
    );
    for (args, why) in [
        (&["perft", "3", "--size", "9"][..], "9 is not a board size"),
        (
            &["perft", "3", "--size", "7", "--rules", "classic"],
            "needs a centre of 2×2",
        ),
        (
            &["match", "expert", "greedy", "--rules", "losers"],
            "not a set of rules",
        ),
        (
            &["solve", "--size", "6", "-----OX--XO----- X"],
            "not 6x6 othello",
        ),
        (
            &["match", "expert", "gtp:edax", "--size", "6"],
            "8×8 Othello only",
        ),
        (
            &[
                "match",
                "expert",
                "greedy",
                "--size",
                "6",
                "--first-eval",
                "hand",
            ],
            "tune the 8×8 engine",
        ),
        // The game's own options are checked before any window opens.
        (&["--size", "9"][..], "9 is not a board size"),
        (
            &["--size", "7", "--rules", "classic"],
            "needs a centre of 2×2",
        ),
        (&["--rules", "losers"], "not a set of rules"),
        (&["perft", "3", "--shape", "d4"][..], "centre square"),
        (&["perft", "3", "--shape", "circle"][..], "not a shape"),
        (&["perft", "3", "--shape", "b1,a2,b2"][..], "a1 is cut off"),
        (&["--shape", "e5"][..], "centre square"),
    ] {
        let (code, _, stderr) = run(args);
        assert_ne!(code, Some(0), "{args:?}");
        assert!(stderr.contains(why), "{args:?}: {stderr}");
    }
}

/// `reversi perft`'s leaf count for `args`.
fn perft_leaves(args: &[&str]) -> u64 {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, Some(0), "{args:?}: {stderr}");
    let before = stdout.split(" leaves").next().unwrap();
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn perft_counts_any_form_of_position_on_every_board() {
    use reversi::rules::{Variant, notation};
    for size in ["8", "6"] {
        // Three moves in: the first legal move each time.
        let variant = Variant::parse(size.parse().unwrap(), "othello").unwrap();
        let mut game = reversi::rules::Game::new(variant);
        for _ in 0..3 {
            game.play(game.position().legal_squares()[0]).unwrap();
        }
        let (position, moves) = (game.position(), notation::transcript(&game));
        let (board, ggf) = (notation::board_string(&position), notation::ggf(&game));
        let moves = moves.as_str();
        let from_board = perft_leaves(&["perft", "4", "--size", size, "--board", &board]);
        assert_eq!(from_board, position.perft(4));
        assert_eq!(
            perft_leaves(&["perft", "4", "--size", size, "--board", moves]),
            from_board
        );
        assert_eq!(
            perft_leaves(&["perft", "4", "--size", size, "--board", &ggf]),
            from_board
        );
    }
    // A position of another board than the one asked for is refused.
    let (code, _, stderr) = run(&["perft", "2", "--size", "6", "--board", &"-".repeat(64)]);
    assert_ne!(code, Some(0));
    assert!(stderr.contains("bad --board"), "{stderr}");
}

#[test]
fn positions_starting_with_a_hyphen_are_positions_wherever_they_stand() {
    // An empty a1 starts the position with '-', as in most endgame positions: clap took it for an
    // option ("unexpected argument '-X' found").
    let one = format!("-{}", &NEAR_END[1..]);
    for args in [
        vec!["solve", NEAR_END],
        vec!["solve", &one, "--threads", "1"],
        vec!["solve", "--probes", NEAR_END, "--threads=1"],
        vec!["solve", "--threads", "1", "--", &one],
    ] {
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert!(stdout.contains("  best "), "{args:?}: {stdout}");
        assert_eq!(stdout.contains("probe exact"), args.contains(&"--probes"));
    }
    let (code, stdout, stderr) = run(&["perft", "1", "--board", &one]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("perft 1: "), "{stdout}");
    // Still errors: an unknown option is not a position, and no position at all.
    let (code, _, stderr) = run(&["solve", "--bogus"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("'--bogus' is neither a position nor a file"),
        "{stderr}"
    );
    assert_eq!(run(&["solve", "--threads", "1"]).0, Some(2));
}

#[test]
fn wthor_files_give_each_position_once_with_its_games_mean_result() {
    use reversi::cli::{wthor_report, wthor_samples};
    use reversi::rules::wthor::{self, Header, WthorGame};
    use reversi::rules::{Board, Sq};
    let dir = scratch("wthor");
    let sq = |s: &str| -> Sq { s.parse().unwrap() };
    let header = Header {
        created: (2026, 1, 2),
        year: 2025,
        game_type: 0,
        depth: 22,
    };
    // Two short games (not played out: their margins are the recorded counts) that share f5 d6,
    // and the mirror image of the first move (d3 is f5 reflected on the long diagonal).
    let game = |moves: &[&str], black_discs: u8| WthorGame {
        tournament: 1,
        black: 2,
        white: 3,
        black_discs,
        theoretical: 32,
        moves: moves.iter().map(|m| sq(m)).collect(),
    };
    let a = game(&["f5", "d6", "c3"], 40); // Black +16
    let b = game(&["f5", "d6", "c5"], 30); // Black -4
    let c = game(&["d3", "c3"], 34); // Black +4
    let file = dir.join("WTH_2025.wtb");
    std::fs::write(&file, wthor::write(&header, &[a, b, c])).unwrap();
    let (samples, tally) = wthor_samples(std::slice::from_ref(&file), &mut |_, _, _| {
        panic!("no game is illegal")
    })
    .unwrap();
    assert_eq!((tally.games, tally.rejected, tally.positions), (3, 0, 8));
    // The start (three games, Black to move: (16 - 4 + 4) / 3 = 5.33), after f5 or d3 (one
    // position up to symmetry, White to move: (-16 + 4 - 4) / 3), after f5 d6 (Black: (16 - 4) / 2).
    assert_eq!(tally.distinct, 3);
    let start = Board::start().canonical();
    assert_eq!(
        (samples[0].player, samples[0].opponent),
        (start.player, start.opponent)
    );
    let scores: Vec<i8> = samples.iter().map(|s| s.score).collect();
    assert_eq!(scores, vec![5, -5, 6]);

    // The command writes them, drawn into another order by a seed, and a bad file is named.
    let out = dir.join("positions.txt");
    let report = wthor_report(std::slice::from_ref(&file), Some(&out), Some(1), 0).unwrap();
    assert!(
        report.starts_with("1 files, 3 games read, 0 set aside"),
        "{report}"
    );
    let mut written: Vec<Sample> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| Sample::parse(l).unwrap())
        .collect();
    written.sort_by_key(|s| (s.player, s.opponent));
    let mut expected = samples.clone();
    expected.sort_by_key(|s| (s.player, s.opponent));
    assert_eq!(written, expected);
    let bad = dir.join("bad.wtb");
    std::fs::write(&bad, [0u8; 7]).unwrap();
    let error = wthor_report(&[bad], None, None, 0).unwrap_err();
    assert!(
        error.contains("bad.wtb") && error.contains("shorter than a WTHOR header"),
        "{error}"
    );
}

#[test]
fn shapes_on_the_command_line_by_name_by_squares_and_by_picture() {
    assert_eq!(perft_leaves(&["perft", "8", "--shape", "cross"]), 301_428);
    assert_eq!(perft_leaves(&["perft", "8", "--shape", "octagon"]), 388_272);
    // The four corners off, named and drawn.
    let picture = scratch("shape-picture").join("corners-off.txt");
    let rows = ["#------#", "--------", "--------", "--------"];
    let text: Vec<&str> = rows.iter().chain(rows.iter().rev()).copied().collect();
    std::fs::write(&picture, text.join("\n")).unwrap();
    let drawn = perft_leaves(&["perft", "6", "--shape", picture.to_str().unwrap()]);
    assert_eq!(
        perft_leaves(&["perft", "6", "--shape", "a1,h1,a8,h8"]),
        drawn
    );
    let (code, stdout, stderr) = run(&["perft", "6", "--shape", "a1,h1,a8,h8"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("8x8 othello a1,h1,a8,h8"), "{stdout}");
    // A position of the cross, 8 empties from the end, is solved on the cross: the score is the
    // library's exact one.
    let variant: reversi::rules::Variant = "10x10 othello cross".parse().unwrap();
    let mut game = reversi::rules::Game::new(variant);
    let mut pick = 5usize;
    while game.position().empties() > 8 && !game.is_over() {
        let moves = game.position().legal_squares();
        pick = pick.wrapping_mul(31).wrapping_add(7);
        game.play(moves[pick % moves.len()]).unwrap();
    }
    let position = game.position();
    let board = reversi::rules::notation::board_string(&position);
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (score, _, _) = reversi::ai::variant::solve(&position, cancel).unwrap();
    let (code, stdout, stderr) = run(&["solve", "--shape", "cross", &board]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.contains(&format!("{score:+}")),
        "{score:+}: {stdout}"
    );
    assert!(stdout.contains("(10x10 othello cross)"), "{stdout}");
    // Without --shape the board string brings its own shape: the same first two words of the
    // answer (the times differ).
    let (code, again, _) = run(&["solve", "--size", "10", &board]);
    let head = |text: &str| text.split(" nodes").next().unwrap().to_string();
    assert_eq!((code, head(&again)), (Some(0), head(&stdout)));
}

#[test]
fn puzzles_are_built_from_games_listed_verified_and_a_damaged_set_is_named() {
    let dir = scratch("puzzles");
    let games: Vec<String> = (0..60)
        .map(|seed| {
            let game = common::random_game(Variant::STANDARD, 500 + seed, 60, 0);
            reversi::rules::notation::transcript(&game)
        })
        .collect();
    let file = dir.join("games.txt");
    std::fs::write(&file, format!("# random games\n{}\n", games.join("\n"))).unwrap();
    let out = dir.join("set.txt");
    let (file, out) = (file.to_str().unwrap(), out.to_str().unwrap());
    let build = [
        "puzzles",
        "build",
        file,
        "--out",
        out,
        "--count",
        "6",
        "--min-empties",
        "8",
        "--max-empties",
        "9",
        "--threads",
        "2",
    ];
    let (code, stdout, stderr) = run(&build);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("6 puzzles written"), "{stdout}");
    // Built again over its own output: the same set, nothing solved anew.
    let first = std::fs::read_to_string(out).unwrap();
    let (code, stdout, _) = run(&build);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("(6 kept from before)"), "{stdout}");
    assert_eq!(std::fs::read_to_string(out).unwrap(), first);

    let (code, stdout, _) = run(&["puzzles", "list", out]);
    assert_eq!(code, Some(0));
    assert_eq!(stdout.lines().filter(|l| l.contains("empties")).count(), 6);
    let (code, stdout, _) = run(&["puzzles", "verify", out]);
    assert_eq!(code, Some(0));
    assert!(
        stdout.contains("6 of 6 puzzles solved again") && stdout.contains("every score agrees"),
        "{stdout}"
    );

    // A proof changed by hand: verify names the puzzle and exits 1.
    let lines: Vec<&str> = first.lines().collect();
    let puzzle = reversi::ai::puzzles::Puzzle::parse(lines[3]).unwrap();
    let (square, score) = *puzzle.scores.last().unwrap();
    let changed = lines[3].replace(
        &format!("{square}:{score:+}"),
        &format!("{square}:{:+}", score - 2),
    );
    let damaged = dir.join("damaged.txt");
    std::fs::write(&damaged, first.replace(lines[3], &changed)).unwrap();
    let (code, stdout, _) = run(&["puzzles", "verify", damaged.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("puzzle 3: "), "{stdout}");
    // A line cut short: refused with its number, exit 2.
    std::fs::write(&damaged, first.replace(lines[2], &lines[2][..70])).unwrap();
    let (code, _, stderr) = run(&["puzzles", "list", damaged.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("puzzle line 3:"), "{stderr}");
    let (code, _, stderr) = run(&[
        "puzzles",
        "build",
        file,
        "--out",
        out,
        "--min-empties",
        "12",
        "--max-empties",
        "9",
    ]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("--min-empties 12"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analyse_scores_every_placed_move_and_refuses_a_bad_game() {
    use reversi::ai::jobs::ReviewDepth;
    use reversi::cli::analyse_report;
    // A short game on 6×6 (20 moves, 12 empties left: exact from its last few at every depth).
    let six: Variant = "6 othello".parse().unwrap();
    let game = "e4e3f2e5c2e2c5b4f6c1a4b5d2f1b6f4e1d1b2e6";
    for depth in ReviewDepth::ALL {
        let report = analyse_report(six, game, depth).unwrap();
        let rows: Vec<&str> = report
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with("analysed"))
            .collect();
        assert_eq!(rows.len(), 20, "{report}");
        for (i, row) in rows.iter().enumerate() {
            let words: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(words[0], (i + 1).to_string(), "{report}");
            assert_eq!(words[2], &game[2 * i..2 * i + 2], "{report}");
            // A move that is the best loses nothing.
            if words[2] == words[3] {
                assert_eq!(words[4], "0", "{row}");
            }
        }
        let last = report.lines().last().unwrap();
        let key = depth.key();
        assert!(last.starts_with("analysed 20 moves in "), "{last}");
        assert!(
            last.contains(&format!("({key}: depth {}", depth.depth())),
            "{last}"
        );
    }
    // Not a game: its error names what is wrong.
    let bad = analyse_report(Variant::STANDARD, "f5f5", ReviewDepth::Quick).unwrap_err();
    assert!(bad.starts_with("bad game: "), "{bad}");
    let (code, _, error) = run(&["analyse", "f5d6", "--depth", "deepest"]);
    assert_eq!(code, Some(2));
    assert!(error.contains("'deepest' is not a review depth"), "{error}");
}

#[test]
fn the_database_commands_add_search_and_count_made_up_games() {
    let dir = scratch("db");
    let wthor = dir.join("wthor");
    let db = dir.join("games.db");
    let (db, wthor) = (db.to_str().unwrap(), wthor.to_str().unwrap());
    let (code, out, err) = run(&["db", "sample", wthor, "--games", "40"]);
    assert_eq!(code, Some(0), "{out}{err}");
    // A damaged file beside them is refused by name; the rest are added.
    std::fs::write(dir.join("wthor/WTH_1990.wtb"), [0u8; 20]).unwrap();
    let (code, out, err) = run(&["db", "add", wthor, "--db", db]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("added 200 games (0 already there), 16 players, 4 tournaments"),
        "{out}"
    );
    assert!(out.contains("refused WTH_1990.wtb: "), "{out}");
    // Added again: nothing new.
    let (_, out, _) = run(&["db", "add", wthor, "--db", db]);
    assert!(out.contains("added 0 games (200 already there)"), "{out}");
    // Search by player and position; the count on stderr.
    let (code, out, err) = run(&[
        "db", "search", "--db", db, "--player", "kato", "--limit", "3",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.lines().count() <= 3 && out.contains("Kato Yui"),
        "{out}"
    );
    assert!(err.contains("games match"), "{err}");
    let (_, out, err) = run(&[
        "db",
        "search",
        "--db",
        db,
        "--position",
        "f5",
        "--ggf",
        "--limit",
        "500",
    ]);
    let total: usize = err.split_whitespace().next().unwrap().parse().unwrap();
    assert_eq!(out.lines().count(), total);
    assert!(
        out.lines().all(|l| l.starts_with("(;GM[Othello]PC[")),
        "{out}"
    );
    // From the start every game counts once, by its first move.
    let (code, out, _) = run(&["db", "stats", "--db", db]);
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("after the start, Black to move: 200 games"),
        "{out}"
    );
    // Bad input: an illegal transcript, a missing database.
    let (code, _, err) = run(&["db", "stats", "--db", db, "a1"]);
    assert_eq!(code, Some(2), "{err}");
    let missing = dir.join("none.db");
    let (code, _, err) = run(&["db", "search", "--db", missing.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("reversi db add"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
