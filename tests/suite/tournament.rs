//! `reversi tournament`: round robins, gauntlets and Swiss rounds of fast engines, the tournament's
//! file read back to go on after a stop, damaged and foreign files refused, and programs that fail
//! losing their games by default, recorded by the rule.

use std::path::PathBuf;

use reversi::rules::notation::parse_ggf;
use reversi::rules::tournament::{Score, recorded_score, smallest_win};
use reversi::rules::{Game, Variant};

use crate::common::run_reversi;

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("reversi-tournament-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn tournament(args: &[&str], file: &std::path::Path) -> (Option<i32>, String, String) {
    let mut all = vec!["tournament"];
    all.extend_from_slice(args);
    all.extend(["--out", file.to_str().unwrap()]);
    run_reversi(&all)
}

/// The game lines of a tournament file.
fn game_lines(file: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(str::to_string)
        .collect()
}

/// The GGF records written beside a tournament's file, each read back: (Black, White, RE, game).
fn ggf_games(file: &std::path::Path) -> Vec<(String, String, String, Game)> {
    let text = std::fs::read_to_string(file.with_extension("ggf")).unwrap();
    text.lines()
        .map(|line| {
            let property = |name: &str| {
                let start = line.find(&format!("{name}[")).unwrap() + name.len() + 1;
                line[start..start + line[start..].find(']').unwrap()].to_string()
            };
            (
                property("PB"),
                property("PW"),
                property("RE"),
                parse_ggf(line).unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_round_robin_plays_every_pairing_with_both_colours_and_reports_the_standings() {
    let dir = folder("round-robin");
    let file = dir.join("club.txt");
    let (code, out, err) = tournament(&["novice", "random", "greedy", "--openings", "2"], &file);
    assert_eq!(code, Some(0), "{out}{err}");
    // Three players: three rounds a cycle, two cycles (both colours), two openings: 12 games.
    assert_eq!(
        out.lines().filter(|l| l.starts_with("game ")).count(),
        12,
        "{out}"
    );
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("after round "))
            .count(),
        12,
        "{out}"
    );
    assert!(out.contains("after round 12/12: 1. Novice"), "{out}");
    for heading in [
        "Standings (round robin, 2 openings with both colours; 12 games on 8x8 othello; \
         tie-breaks: Brightwell quotient, discs, games among the level)",
        "Crosstable (points/games against each)",
        "Elo (mean 0; ± the 95 % interval) and thinking time",
    ] {
        assert!(out.contains(heading), "{heading}: {out}");
    }
    // Every pairing meets four times, each side twice with Black.
    let lines = game_lines(&file);
    assert_eq!(lines.len(), 12);
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        let black = |x: usize, y: usize| {
            lines
                .iter()
                .filter(|l| l.contains(&format!(" black {x} white {y} ")))
                .count()
        };
        assert_eq!((black(a, b), black(b, a)), (2, 2), "{a} and {b}: {lines:?}");
    }
    // The GGF records: the players' names, and a result that is the game's own.
    let games = ggf_games(&file);
    assert_eq!(games.len(), 12);
    for (black, white, result, game) in &games {
        assert!(
            ["Novice", "Random", "Greedy"].contains(&black.as_str()),
            "{black}"
        );
        assert_ne!(black, white);
        let Score { black: b, white: w } = recorded_score(game).expect("finished");
        assert_eq!(result, &format!("{:+}.000", b as i32 - w as i32));
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_stopped_tournament_goes_on_where_it_stopped() {
    let dir = folder("resume");
    let file = dir.join("t.txt");
    let args = ["beginner", "novice", "random", "--seed", "3"];
    let (code, whole, err) = tournament(&args, &file);
    assert_eq!(code, Some(0), "{err}");
    let played = std::fs::read_to_string(&file).unwrap();
    // As if stopped after its second game: the settings and two games left.
    let settings = played.lines().filter(|l| !l.starts_with("game ")).count();
    let kept: String = played
        .lines()
        .take(settings + 2)
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&file, &kept).unwrap();
    let (code, out, err) = tournament(&args, &file);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("2 of 6 games already played, going on"),
        "{out}"
    );
    assert_eq!(
        out.lines().filter(|l| l.starts_with("game ")).count(),
        4,
        "{out}"
    );
    // The same games as in one go (the levels' choices follow the seed), the same report.
    let mut again = game_lines(&file);
    let mut before: Vec<String> = played
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(str::to_string)
        .collect();
    let strip_times = |l: &String| {
        l.split(" time ").next().unwrap().to_string() + l.split(" moves ").nth(1).unwrap()
    };
    again.sort();
    before.sort();
    assert_eq!(
        again.iter().map(strip_times).collect::<Vec<_>>(),
        before.iter().map(strip_times).collect::<Vec<_>>()
    );
    let standings = |text: &str| {
        text.split("Standings")
            .nth(1)
            .unwrap()
            .split("Elo")
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(standings(&out), standings(&whole));
    // Run once more: nothing left to play.
    let (code, out, _) = tournament(&args, &file);
    assert_eq!(code, Some(0));
    assert!(out.contains("all 6 games were played"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_damaged_tournament_file_is_refused_and_kept_aside() {
    let dir = folder("damaged");
    let file = dir.join("t.txt");
    let args = ["novice", "random"];
    assert_eq!(tournament(&args, &file).0, Some(0));
    let good = std::fs::read_to_string(&file).unwrap();
    let cases = [
        // Cut in the middle of its last line.
        (good[..good.len() - 10].to_string(), "is cut short"),
        // A score that is not the game's.
        (
            {
                let last = good.lines().last().unwrap();
                let score = last
                    .split(" score ")
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap();
                good.replace(&format!("score {score}"), "score 64-0")
            },
            "is not the game's",
        ),
        // An illegal move.
        (good.replace("moves f5", "moves a1"), "is illegal"),
        // Colours swapped against the schedule.
        (
            good.replacen("black 0 white 1", "black 1 white 0", 1),
            "where the schedule has",
        ),
        (
            good.clone() + "nonsense\n",
            "is neither a setting nor a game",
        ),
    ];
    for (text, why) in cases {
        std::fs::write(&file, &text).unwrap();
        let (code, _, err) = tournament(&args, &file);
        assert_eq!(code, Some(2), "{why}: {err}");
        assert!(err.contains(why), "{why}: {err}");
        assert!(
            err.contains("run again to start the tournament afresh"),
            "{err}"
        );
        assert!(!file.exists(), "{why}: the damaged file is moved aside");
        let aside = dir.join("t.txt.damaged");
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), text);
        std::fs::remove_file(aside).unwrap();
    }
    // Another tournament's file is left as it is.
    std::fs::write(&file, &good).unwrap();
    let (code, _, err) = tournament(&["novice", "greedy"], &file);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("holds another tournament (engine 2 random there, greedy now)"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), good);
    // Bad options.
    let (code, _, err) = tournament(&["novice"], &file);
    assert_eq!(code, Some(2), "{err}");
    let (code, _, err) = tournament(&["novice", "random", "--rounds", "3"], &file);
    assert_eq!(code, Some(2));
    assert!(err.contains("--rounds goes with --format swiss"), "{err}");
    let (code, _, _) = tournament(&["novice", "random", "--format", "swiss"], &file);
    assert_eq!(code, Some(2));
    let _ = std::fs::remove_dir_all(dir);
}

/// A GTP program written as a shell script: it says its name, and `genmove` runs `on_move`.
#[cfg(unix)]
fn script(name: &str, on_move: &str) -> String {
    format!(
        "gtp:sh -c 'while read c rest; do case $c in name) printf \"= {name}\\n\\n\";; \
         genmove) {on_move};; quit) exit;; *) printf \"=\\n\\n\";; esac; done'"
    )
}

#[cfg(unix)]
#[test]
fn a_program_that_fails_loses_by_default_and_the_tournament_goes_on() {
    let dir = folder("defaults");
    let file = dir.join("t.txt");
    let illegal = script("Illegal", "printf \"= a1\\n\\n\"");
    let crashing = script("Crashing", "exit 1");
    let silent = script("Silent", "exec sleep 600");
    let args = [
        illegal.as_str(),
        &crashing,
        &silent,
        "novice",
        "--gtp-timeout-s",
        "0.5",
        "--threads",
        "2",
    ];
    let (code, out, err) = tournament(&args, &file);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("Illegal loses by default (Illegal answered a1 for"),
        "{out}"
    );
    assert!(out.contains("Crashing loses by default ("), "{out}");
    assert!(out.contains("the program ended"), "{out}");
    assert!(out.contains("Silent loses on time ("), "{out}");
    assert!(out.contains("no answer within 0.5 s"), "{out}");
    // Novice wins all six of its games; every game between two failing programs is someone's
    // default too, so Novice is first, alone.
    assert!(out.contains("1  Novice"), "{out}");
    let (win, lose) = smallest_win(Variant::STANDARD);
    for (black, white, result, game) in ggf_games(&file) {
        let margin: f64 = result.split(':').next().unwrap().parse().unwrap();
        // The winner has at least the smallest win, 33–31.
        assert!(
            margin.abs() >= f64::from(win - lose),
            "{black}–{white}: {result}"
        );
        if black == "Novice" || white == "Novice" {
            let novice_won = (black == "Novice") == (margin > 0.0);
            assert!(novice_won, "{black}–{white}: {result}");
        }
        if result.ends_with(":t") {
            assert!(
                black.starts_with("Silent") || white.starts_with("Silent"),
                "{result}"
            );
        }
        assert!(
            !game.is_over() || !result.contains(':'),
            "{black}–{white}: {result}"
        );
    }
    // Each default's completion replays and gives the score written (read back on resuming).
    let (code, out, err) = tournament(&args, &file);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("all 12 games were played"), "{out}");
    assert!(out.contains("12 games lost by default"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_swiss_tournament_gives_byes_and_avoids_rematches() {
    let dir = folder("swiss");
    let file = dir.join("swiss.txt");
    let (code, out, err) = tournament(
        &[
            "novice", "beginner", "random", "greedy", "fewest", "--format", "swiss", "--rounds",
            "4",
        ],
        &file,
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("Standings (Swiss, 4 rounds; 8 games"), "{out}");
    let lines = game_lines(&file);
    assert_eq!(lines.len(), 8);
    let mut met = std::collections::HashSet::new();
    for line in &lines {
        let word = |key: &str| -> usize {
            line.split(&format!(" {key} "))
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        let pair = (
            word("black").min(word("white")),
            word("black").max(word("white")),
        );
        assert!(met.insert(pair), "a rematch: {line}");
    }
    // Each round one player rests: four byes among five players, each at most once.
    let table = out.split("Standings").nth(1).unwrap();
    let games_column: Vec<usize> = table
        .lines()
        .skip(2)
        .take(5)
        .map(|l| l.split_whitespace().nth(3).unwrap().parse().unwrap())
        .collect();
    assert_eq!(games_column.iter().sum::<usize>(), 16, "{table}");
    assert!(games_column.iter().all(|&g| g == 3 || g == 4), "{table}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_gauntlet_plays_the_first_engine_against_each_other() {
    let dir = folder("gauntlet");
    let file = dir.join("g.txt");
    let (code, out, err) = tournament(
        &["novice", "random", "greedy", "--format", "gauntlet"],
        &file,
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("gauntlet of Novice, 1 opening with both colours; 4 games"),
        "{out}"
    );
    for line in game_lines(&file) {
        assert!(
            line.contains("black 0 ") || line.contains("white 0 "),
            "{line}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}
