//! The puzzle format, the proof and the regions, checked against the rules and the solver.

use super::build::{self, BuildConfig, Candidate};
use super::*;
use crate::rules::{Board, Game};

/// A game of random legal moves from the start to `empties` empties (`None` if it ended first).
fn random_position(seed: u64, empties: u32) -> Option<Position> {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut game = Game::new(Variant::default());
    while game.position().empties() > empties {
        let moves = game.position().legal_squares();
        if moves.is_empty() {
            if game.is_over() {
                return None;
            }
            let passed = game.position().pass();
            game = Game::from_position(passed);
            continue;
        }
        game.play(moves[rng.random_range(0..moves.len())]).ok()?;
    }
    Some(game.position()).filter(|p| p.has_move())
}

/// The exact score of every move by plain minimax over the rules' positions.
fn minimax_scores(position: &Position) -> Vec<(Square, i32)> {
    fn value(p: &Position) -> i32 {
        if p.is_over() {
            let (me, them) = (p.player.count() as i32, p.opponent.count() as i32);
            let empties = 64 - me - them;
            return match me.cmp(&them) {
                std::cmp::Ordering::Greater => me - them + empties,
                std::cmp::Ordering::Less => me - them - empties,
                std::cmp::Ordering::Equal => 0,
            };
        }
        if !p.has_move() {
            return -value(&p.pass());
        }
        p.legal_squares()
            .into_iter()
            .map(|s| -value(&p.play(s)))
            .max()
            .expect("a move")
    }
    position
        .legal_squares()
        .into_iter()
        .map(|s| (s, -value(&position.play(s))))
        .collect()
}

fn engine() -> crate::ai::Engine {
    crate::ai::Engine::new(
        16,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    )
}

#[test]
fn proofs_equal_a_plain_minimax() {
    let mut engine = engine();
    let mut checked = 0;
    for seed in 0..40 {
        let Some(position) = random_position(seed, 7 + (seed % 3) as u32) else {
            continue;
        };
        let board = position.to_board().expect("8x8");
        let mut proof = build::prove(&mut engine, &board);
        let mut reference = minimax_scores(&position);
        proof.sort();
        reference.sort();
        assert_eq!(proof, reference, "seed {seed}");
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} positions");
}

#[test]
fn a_line_reads_back_as_written() {
    let mut engine = engine();
    let mut written = 0;
    for seed in 0..200 {
        let Some(position) = random_position(seed, 9) else {
            continue;
        };
        let scores = build::prove(&mut engine, &position.to_board().unwrap());
        let Ok(puzzle) = Puzzle::new(position, Ask::Score, scores, format!("test:{seed}")) else {
            continue;
        };
        let line = puzzle.to_line();
        assert_eq!(Puzzle::parse(&line), Ok(puzzle.clone()), "{line}");
        assert_eq!(
            parse_set(&format!("# head\n\n{line}\n")).unwrap(),
            vec![puzzle]
        );
        written += 1;
    }
    assert!(written >= 10, "only {written} puzzles among 200 positions");
}

/// The start after f5: Black's f5 leaves White d6, f4 and f6.
const AFTER_F5: &str = "---------------------------OX------XXX-------------------------- O";

#[test]
fn bad_lines_are_refused_with_what_is_wrong() {
    let cases = [
        ("", "starts with a board"),
        ("XX O move", "the board"),
        (&format!("{AFTER_F5} play d6:+2"), "'move' or 'score'"),
        (&format!("{AFTER_F5} move d6:+2 f4:-2"), "legal moves"),
        (&format!("{AFTER_F5} move d6:+2 f4:-2 f6:+3"), "even"),
        (&format!("{AFTER_F5} move d6:+2 f4:-2 f6:+66"), "even"),
        (&format!("{AFTER_F5} move d6:+2 f4:+2 f6:-2"), "unique"),
        (&format!("{AFTER_F5} move d6:+2 d6:+2 f4:-2 f6:-2"), "twice"),
        (&format!("{AFTER_F5} move d6:x f4:-2 f6:-2"), "whole number"),
        (&format!("{AFTER_F5} move z9:+2 f4:-2 f6:-2"), "z9"),
        (
            &format!("{AFTER_F5} move d6:+2 f4:-2 f6:-2 src more"),
            "after the source",
        ),
    ];
    for (line, expected) in cases {
        let error = Puzzle::parse(line).expect_err(line);
        assert!(error.contains(expected), "{line}: {error}");
    }
    let error = parse_set(&format!("# a set\n{AFTER_F5} move\n")).unwrap_err();
    assert_eq!(error.line, 2);
}

#[test]
fn the_kinds_and_the_score_questions() {
    let at = |scores: &[(&str, i32)]| {
        let scores = scores
            .iter()
            .map(|(s, v)| (s.parse().unwrap(), *v))
            .collect();
        let position = notation::parse_board(AFTER_F5, Variant::default()).unwrap();
        Puzzle::new(position, Ask::Move, scores, String::new())
    };
    let win = at(&[("d6", 4), ("f4", -2), ("f6", 0)]).unwrap();
    assert_eq!(win.kind(), Some(Kind::OnlyWin));
    assert_eq!(
        (win.answer().to_string(), win.best_score()),
        ("d6".into(), 4)
    );
    assert_eq!(win.wrong_moves(), 2);
    let best = at(&[("d6", 6), ("f4", 2), ("f6", -2)]).unwrap();
    assert_eq!(best.kind(), Some(Kind::Best));
    assert!(at(&[("d6", -2), ("f4", -2), ("f6", -8)]).is_err());
    // White to move: a margin of +4 for White is 30–34.
    assert_eq!(win.final_discs(4), (30, 34));
    assert_eq!(win.final_discs(0), (32, 32));
    for seed in 0..8 {
        let options = win.score_options(seed);
        assert!(options.contains(&4));
        assert!(options.windows(2).all(|w| w[1] == w[0] + 2));
        assert_eq!(options.iter().position(|&o| o == 4), Some(seed % 4));
    }
    let sweep = at(&[("d6", 64), ("f4", 2), ("f6", -2)]).unwrap();
    assert_eq!(sweep.score_options(0), [58, 60, 62, 64]);
}

#[test]
fn regions_are_the_empties_king_connected() {
    // Three regions: a1–b1 (touching), h8 alone, and d4 with e5 (touching by a corner).
    let text = "--XXXXXX\
                XXXXXXXX\
                XXXXXXXX\
                XXX-XXXX\
                XXXX-XXX\
                XXXXXXXX\
                XXXXXXXX\
                OOOOOOO- X";
    let position = notation::parse_board(text, Variant::default()).unwrap();
    let found: Vec<Vec<String>> = regions(&position)
        .into_iter()
        .map(|r| {
            r.iter()
                .map(|i| Square::from_index(i, 8).to_string())
                .collect()
        })
        .collect();
    assert_eq!(found, [vec!["a1", "b1"], vec!["d4", "e5"], vec!["h8"]]);
    assert!(regions(&Position::start(Variant::default())).len() == 1);
}

#[test]
fn the_daily_puzzle_visits_every_puzzle() {
    for count in [1, 7, 97, 600, 601] {
        let mut seen: Vec<usize> = (0..count as i64).map(|d| daily(d, count)).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), count);
    }
    assert_eq!(daily(-1, 10), daily(9, 10));
    assert_eq!(daily(5, 0), 0);
}

#[test]
fn a_build_keeps_unique_answers_and_resumes() {
    let mut candidates = Vec::new();
    for seed in 0..300 {
        if let Some(p) = random_position(1000 + seed, 8 + (seed % 3) as u32) {
            candidates.push(Candidate {
                board: p.to_board().unwrap(),
                to_move: p.to_move,
                source: format!("random:{seed}"),
            });
        }
    }
    let config = BuildConfig {
        count: 12,
        min_empties: 8,
        max_empties: 10,
        seed: 3,
        score_every: 3,
        min_moves: 3,
        threads: 2,
    };
    let mut heard = 0;
    let set = build::build(
        &candidates,
        Vec::new(),
        &config,
        &mut |_| heard += 1,
        &mut |_| {},
    );
    assert_eq!((set.len(), heard), (12, 12));
    for e in 8..=10 {
        assert_eq!(set.iter().filter(|p| p.empties() == e).count(), 4);
    }
    assert_eq!(set.iter().filter(|p| p.ask == Ask::Score).count(), 4);
    for p in &set {
        assert!(p.kind().is_some());
        assert!(p.scores.len() >= 3);
        let mut reference = minimax_scores(&p.position);
        let mut scores = p.scores.clone();
        reference.sort();
        scores.sort();
        assert_eq!(scores, reference, "{}", p.to_line());
    }
    assert!(set.windows(2).all(|w| w[0].empties() <= w[1].empties()));
    // Resumed from its first five, the same set; on one thread, too.
    let one = BuildConfig {
        threads: 1,
        ..config
    };
    let resumed = build::build(
        &candidates,
        set[..5].to_vec(),
        &one,
        &mut |_| {},
        &mut |_| {},
    );
    assert_eq!(resumed.len(), 12);
    let indices: Vec<usize> = (0..set.len()).collect();
    assert!(build::verify(&set, &indices, 2).is_empty());
    let mut wrong = set.clone();
    let last = wrong[0].scores.len() - 1;
    wrong[0].scores[last].1 -= 2;
    let found = build::verify(&wrong, &[0], 1);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].index, 0);
    let _ = Board::start();
}

#[test]
fn solved_puzzles_read_back_as_written() {
    let solved = Solved([1, 2, 3, 5, 9, 10, 600].into_iter().collect());
    assert_eq!(solved.to_text(), "1-3 5 9-10 600");
    assert_eq!(
        Solved::from_text(&solved.to_text(), 650),
        Ok(solved.clone())
    );
    // A set rebuilt smaller drops what it no longer has.
    assert_eq!(
        Solved::from_text("1-3 5 9-10 600", 9).unwrap().to_text(),
        "1-3 5 9"
    );
    assert_eq!(Solved::from_text("", 9), Ok(Solved::default()));
    for bad in ["0", "x", "3-1", "1-", "-4", "70000"] {
        assert!(Solved::from_text(bad, 650).is_err(), "{bad}");
    }
}
