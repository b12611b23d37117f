//! The engine: exact endgame scores against a plain minimax, the FFO positions, cancellation,
//! levels and determinism.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use reversi::ai::endgame::{Probe, Solver, shallow, shallow_portable};
use reversi::ai::tt::{EXACT, TranspositionTable};
use reversi::ai::{Engine, Level, Limits, Newcomer, choose_move, choose_move_with};
use reversi::cli::{
    Contender, FFO_40_59, MATCH_OPENINGS, OpeningSearch, Schedule, Solved, balanced_openings,
    match_openings, parse_bench, play_match, probe_line, solve_position, solving_engine,
};
use reversi::rules::notation::parse_transcript;
use reversi::rules::score::final_score;
use reversi::rules::{Board, Move, Player, Position, Square, Variant, squares};

use crate::common;

fn no_cancel() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

/// Plain minimax on the final disc difference: no pruning, no ordering, no table.
fn minimax(board: &Board) -> i32 {
    let moves = board.legal_moves();
    if moves == 0 {
        if !board.pass().has_move() {
            return board.final_score();
        }
        return -minimax(&board.pass());
    }
    squares(moves)
        .map(|sq| -minimax(&board.play(sq)))
        .max()
        .unwrap()
}

/// Plain alpha-beta (no ordering, no table): the reference where minimax is too slow.
fn alpha_beta(board: &Board, mut alpha: i32, beta: i32) -> i32 {
    let moves = board.legal_moves();
    if moves == 0 {
        if !board.pass().has_move() {
            return board.final_score();
        }
        return -alpha_beta(&board.pass(), -beta, -alpha);
    }
    let mut best = -65;
    for sq in squares(moves) {
        best = best.max(-alpha_beta(&board.play(sq), -beta, -alpha));
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A position reached by random play with `empties` empty squares (and a move to play).
fn random_position(rng: &mut Rng, empties: u32) -> Board {
    loop {
        let mut board = Board::start();
        while board.empty_count() > empties {
            let mut moves = board.legal_moves();
            if moves == 0 {
                board = board.pass();
                moves = board.legal_moves();
                if moves == 0 {
                    break;
                }
            }
            let pick = (rng.next() % u64::from(moves.count_ones())) as usize;
            board = board.play(squares(moves).nth(pick).unwrap());
        }
        if board.empty_count() == empties && board.has_move() {
            return board;
        }
    }
}

#[test]
fn the_fast_shallow_solver_equals_the_portable_one_and_minimax() {
    // Whichever path `shallow` takes on this processor (the x86-64 copy where it has the
    // instructions), it must give the portable path's scores and node counts, and the exact score
    // inside a full window.
    let mut rng = Rng(0x5A11);
    for i in 0..3000 {
        let empties = 1 + (i % 6) as u32;
        let mut board = random_position(&mut rng, empties);
        if i % 7 == 0 {
            // Also positions where the mover must pass (or the game is over).
            board = board.pass();
        }
        let exact = minimax(&board);
        let full = (-64, 64);
        let window = {
            let centre = (rng.next() % 129) as i32 - 64;
            (centre - 1, centre + 1)
        };
        for (alpha, beta) in [full, window] {
            let (mut fast_nodes, mut portable_nodes) = (0, 0);
            let fast = shallow(
                &mut fast_nodes,
                board.player,
                board.opponent,
                alpha,
                beta,
                empties,
            );
            let portable = shallow_portable(
                &mut portable_nodes,
                board.player,
                board.opponent,
                alpha,
                beta,
                empties,
            );
            assert_eq!((fast, fast_nodes), (portable, portable_nodes), "{board:?}");
            if (alpha, beta) == full {
                assert_eq!(fast, exact, "{board:?}");
            } else if exact <= alpha {
                assert!(fast <= alpha, "{board:?}");
            } else if exact >= beta {
                assert!(fast >= beta, "{board:?}");
            } else {
                assert_eq!(fast, exact, "{board:?}");
            }
        }
    }
}

fn solver() -> Solver {
    Solver::new(TranspositionTable::new(16), no_cancel())
}

#[test]
fn the_solver_equals_plain_minimax_up_to_10_empties() {
    let mut rng = Rng(0x1234_5678);
    for empties in 1..=10 {
        for _ in 0..12 {
            let board = random_position(&mut rng, empties);
            let (score, best) = solver()
                .solve(board.player, board.opponent, -64, 64)
                .unwrap();
            assert_eq!(score, minimax(&board), "{empties} empties: {board:?}");
            let best = best.expect("the mover has a move");
            let after = board.play(reversi::rules::Sq::new(best).unwrap());
            assert_eq!(-minimax(&after), score, "the best move reaches the score");
        }
    }
}

#[test]
fn the_solver_equals_plain_alpha_beta_up_to_14_empties() {
    let mut rng = Rng(0xABCD_EF01);
    for empties in 11..=14 {
        for _ in 0..4 {
            let board = random_position(&mut rng, empties);
            let (score, _) = solver()
                .solve(board.player, board.opponent, -64, 64)
                .unwrap();
            assert_eq!(
                score,
                alpha_beta(&board, -64, 64),
                "{empties} empties: {board:?}"
            );
        }
    }
}

#[test]
fn two_threads_solve_exactly_what_one_thread_solves() {
    // Splits happen from 12 empties up, so these searches share moves between the threads,
    // and the null-window probes make them cut off (and stop the helper) often.
    let mut rng = Rng(0x5EED_0002);
    for empties in [14, 16, 18, 20] {
        for _ in 0..3 {
            let board = random_position(&mut rng, empties);
            let (exact, _) = solver()
                .solve(board.player, board.opponent, -64, 64)
                .unwrap();
            let mut threaded = solver();
            threaded.set_threads(2);
            assert_eq!(threaded.threads(), 2);
            let (score, best) = threaded
                .solve(board.player, board.opponent, -64, 64)
                .unwrap();
            assert_eq!(score, exact, "{empties} empties: {board:?}");
            let after = board.play(reversi::rules::Sq::new(best.unwrap()).unwrap());
            let (reply, _) = solver()
                .solve(after.player, after.opponent, -64, 64)
                .unwrap();
            assert_eq!(-reply, exact, "the threaded best move reaches the score");
            for probe in [exact - 1, exact + 1] {
                let mut threaded = solver();
                threaded.set_threads(2);
                let got = threaded
                    .search(board.player, board.opponent, probe - 1, probe)
                    .unwrap();
                assert_eq!(got >= probe, exact >= probe, "probe {probe}, exact {exact}");
            }
        }
    }
}

#[test]
fn an_exact_search_plays_a_move_that_reaches_its_score() {
    // The move comes from the probe that proved the score (or, failing that, a narrow search):
    // played, it must leave the opponent exactly the negated score. From 20 empties the ProbCut
    // passes run first.
    let mut rng = Rng(0x5EED_0BE5);
    for empties in [10, 14, 18, 20, 21] {
        for _ in 0..2 {
            let board = random_position(&mut rng, empties);
            let mut engine = Engine::new(18, no_cancel());
            let result = engine.search(&board, &Limits::depth(60, 64), |_| {});
            assert!(result.exact);
            let best = result.best.expect("a move");
            let next = board.play(best);
            let (reply, _) = solver().solve(next.player, next.opponent, -64, 64).unwrap();
            assert_eq!(
                -reply * 100,
                result.score,
                "{empties} empties, {best}: {board:?}"
            );
        }
    }
}

#[test]
fn probcut_passes_leave_the_exact_score_unchanged() {
    // A selective pass fills the shared table with estimates; the exact solve after it must not
    // take any of them for exact.
    let mut rng = Rng(0x00C0_FFEE);
    for empties in [14, 16, 18] {
        for _ in 0..3 {
            let board = random_position(&mut rng, empties);
            let (exact, _) = solver()
                .solve(board.player, board.opponent, -64, 64)
                .unwrap();
            let mut s = solver();
            let mut guess = 0;
            for level in 0..reversi::ai::endgame::PROBCUT_T.len() as u8 {
                s.set_level(level);
                guess = s
                    .null_window_solve(board.player, board.opponent, guess)
                    .unwrap();
            }
            s.set_level(reversi::ai::tt::EXACT);
            let score = s
                .null_window_solve(board.player, board.opponent, guess)
                .unwrap();
            assert_eq!(score, exact, "{empties} empties: {board:?}");
        }
    }
}

#[test]
fn an_exact_solve_cut_short_by_its_time_keeps_its_best_estimate() {
    // 30 empties cannot be solved in two seconds on one thread: the search must answer with the
    // move of its 8-ply guess search (or a finished ProbCut pass), not a shallow afterthought.
    let mut rng = Rng(21);
    let board = random_position(&mut rng, 30);
    let mut engine = Engine::new(18, no_cancel());
    let limits = Limits {
        time: Some(Duration::from_secs(2)),
        ..Limits::depth(60, 30)
    };
    let result = engine.search(&board, &limits, |_| {});
    assert!(board.is_legal(result.best.expect("a move")));
    assert!(
        result.exact || result.depth >= 8,
        "depth {} (exact {})",
        result.depth,
        result.exact
    );
    assert_eq!(result.pv.first().copied(), result.best);
}

#[test]
fn a_timed_search_that_sees_the_end_early_solves_with_the_time_left() {
    // Exact only from 10 empties, but 16 empties and a selective search to the last ply take
    // well under a second: the rest of the minute goes to an exact solve, whose score and move
    // are the solver's.
    let mut rng = Rng(77);
    for _ in 0..3 {
        let board = random_position(&mut rng, 16);
        let limits = Limits {
            time: Some(Duration::from_secs(60)),
            selective: true,
            ..Limits::depth(60, 10)
        };
        let result = Engine::new(18, no_cancel()).search(&board, &limits, |_| {});
        let (exact, _) = solver()
            .solve(board.player, board.opponent, -64, 64)
            .unwrap();
        assert!(result.exact, "{board:?}");
        assert_eq!(result.depth, 16);
        assert_eq!(result.score, exact * 100, "{board:?}");
        let best = result.best.expect("a move");
        let after = board.play(best);
        let (reply, _) = solver()
            .solve(after.player, after.opponent, -64, 64)
            .unwrap();
        assert_eq!(-reply, exact, "{board:?}");
        // Without a time limit the depth is the bound: the selective search's estimate stays.
        let untimed = Engine::new(18, no_cancel()).search(
            &board,
            &Limits {
                selective: true,
                ..Limits::depth(60, 10)
            },
            |_| {},
        );
        assert!(!untimed.exact);
        assert_eq!(untimed.depth, 16);
    }
}

#[test]
fn a_threaded_solve_stops_when_cancelled() {
    let mut rng = Rng(11);
    let board = random_position(&mut rng, 30);
    let mut engine = Engine::new(18, no_cancel());
    engine.set_threads(2);
    search_cancelled_after(&mut engine, &board, 200);
}

#[test]
fn null_window_answers_agree_with_the_exact_score() {
    let mut rng = Rng(99);
    for _ in 0..20 {
        let board = random_position(&mut rng, 12);
        let exact = alpha_beta(&board, -64, 64);
        let mut s = solver();
        for probe in [exact - 2, exact - 1, exact, exact + 1] {
            let got = s
                .search(board.player, board.opponent, probe - 1, probe)
                .unwrap();
            assert_eq!(got >= probe, exact >= probe, "probe {probe}, exact {exact}");
        }
    }
}

#[test]
fn final_scores_give_the_empties_to_the_winner() {
    assert_eq!(final_score(0xFF, 0xF00), 64 - 12 + 8 - 4);
    assert_eq!(final_score(0xF00, 0xFF), -(64 - 12 + 8 - 4));
    assert_eq!(final_score(0xF, 0xF0), 0);
}

/// Solves FFO #`number`, checks its score, move and probes, and returns the solve.
fn check_ffo(number: usize) -> Solved {
    let (board, solved) = check_ffo_score(number, true);
    check_probes(&solved, number);
    check_line(&board, &solved);
    solved
}

/// The line a solve reports starts with its best move, plays legally to the end of the game
/// (passing only where the side to move must) and ends with the score it reported.
fn check_line(board: &Board, solved: &Solved) {
    assert_eq!(
        solved.line.first(),
        solved.best.as_ref(),
        "{:?}",
        solved.line
    );
    let (mut board, mut score) = (*board, solved.score);
    for step in &solved.line {
        board = if step == "pass" {
            assert!(!board.has_move() && board.pass().has_move());
            board.pass()
        } else {
            let square = step.parse().unwrap();
            assert!(board.is_legal(square), "{step} in {:?}", solved.line);
            board.play(square)
        };
        score = -score;
    }
    assert!(board.is_game_over(), "{:?}", solved.line);
    assert_eq!(board.final_score(), score, "{:?}", solved.line);
}

/// A side that must pass is worth what the opponent is after the pass, negated (it was reported as
/// 0: `reversi solve` said "best pass score +0" for a position lost 0–64, and NBoard's `analyze`
/// gave 0.00 to every position before a forced pass).
#[test]
fn a_side_that_must_pass_gets_the_opponents_score_negated() {
    // White to move has no move; black plays a1 and wins 64-0.
    let board = Board {
        player: 0b10,
        opponent: !0b11,
    };
    assert!(!board.has_move() && board.pass().has_move());
    let mut engine = Engine::new(16, no_cancel());
    let mut reported = Vec::new();
    let result = engine.search(&board, &Limits::depth(60, 20), |r| reported.push(r.score));
    assert_eq!(
        (result.best, result.score, result.exact),
        (None, -64 * 100, true)
    );
    assert_eq!(reported, [-64 * 100]);
    // Positions with a forced pass from random games, searched 3 plies deep, and solved where 18
    // or fewer squares are empty.
    let mut rng = Rng(5);
    let mut found = 0;
    while found < 6 {
        let mut board = Board::start();
        while !board.is_game_over() {
            if !board.has_move() {
                if board.empty_count() >= 4 {
                    found += 1;
                    for limits in [Limits::depth(3, 0), Limits::depth(3, 18)] {
                        let passed = engine.search(&board.pass(), &limits, |_| {});
                        let result = engine.search(&board, &limits, |_| {});
                        assert_eq!(result.best, None);
                        assert_eq!(result.score, -passed.score);
                        assert_eq!(result.exact, passed.exact);
                    }
                }
                board = board.pass();
                continue;
            }
            let moves = board.legal_moves();
            let pick = (rng.next() % u64::from(moves.count_ones())) as usize;
            board = board.play(squares(moves).nth(pick).unwrap());
        }
    }
}

#[test]
fn exact_lines_keep_the_score_to_the_end() {
    let mut rng = Rng(41);
    let mut engine = Engine::new(16, no_cancel());
    for _ in 0..30 {
        let empties = 6 + (rng.next() % 9) as u32;
        let board = random_position(&mut rng, empties);
        let score = alpha_beta(&board, -64, 64);
        // From a cold table: the line must not rest on what a solve left behind.
        engine.clear();
        let line = engine.exact_line(&board, score, None).unwrap();
        let (mut position, mut expected) = (board, score);
        for step in &line {
            position = match *step {
                Move::Play(square) => {
                    let square = square.sq().unwrap();
                    assert!(position.is_legal(square));
                    // Each move keeps the score: it is a best move.
                    let next = position.play(square);
                    assert_eq!(-alpha_beta(&next, -64, 64), expected, "{line:?}");
                    next
                }
                Move::Pass => {
                    assert!(!position.has_move());
                    position.pass()
                }
            };
            expected = -expected;
        }
        assert!(position.is_game_over());
        assert_eq!(position.final_score(), expected);
        // A score the side to move cannot reach has no line.
        assert_eq!(engine.exact_line(&board, score + 2, None), None);
    }
}

/// The probes a solve reports: ProbCut passes of rising confidence, then exact probes whose answers
/// pin the score down (at least it by one, at most it by another, unless it is ±64), within the
/// solve's nodes.
fn check_probes(solved: &Solved, number: usize) {
    let probes = &solved.probes;
    assert!(
        probes.is_sorted_by_key(|p| p.level),
        "FFO #{number}: passes out of order: {probes:?}"
    );
    let exact: Vec<_> = probes.iter().filter(|p| p.level == EXACT).collect();
    let lower = exact
        .iter()
        .filter(|p| p.score >= p.beta)
        .map(|p| p.score)
        .max()
        .unwrap_or(-64);
    let upper = exact
        .iter()
        .filter(|p| p.score < p.beta)
        .map(|p| p.score)
        .min()
        .unwrap_or(64);
    assert_eq!(
        (lower, upper),
        (solved.score, solved.score),
        "FFO #{number}: {probes:?}"
    );
    assert!(probes.iter().map(|p| p.nodes).sum::<u64>() <= solved.nodes);
}

#[test]
fn probe_lines_name_the_pass_the_question_and_the_answer() {
    let probe = |level, beta, score| Probe {
        level,
        beta,
        score,
        nodes: 1234,
        seconds: 0.5,
    };
    let line = probe_line(&probe(2, 1, 0));
    assert!(
        line.contains("t=2.0 score >=  +1? no, at most +0"),
        "{line}"
    );
    assert!(line.ends_with(" 1234 nodes     0.500 s"), "{line}");
    let line = probe_line(&probe(EXACT, -10, -8));
    assert!(
        line.contains("exact score >= -10? yes, at least -8"),
        "{line}"
    );
}

#[test]
fn a_search_reports_only_its_own_probes() {
    let bench = &parse_bench(FFO_40_59).unwrap()[0];
    let mut engine = solving_engine(1);
    assert!(
        !solve_position(&mut engine, &bench.position, false)
            .probes
            .is_empty()
    );
    engine.search(&Board::start(), &Limits::depth(4, 0), |_| {});
    assert_eq!(engine.probes(), &[]);
}

#[test]
fn ffo_40_is_solved_exactly() {
    check_ffo(40);
}

#[test]
fn ffo_41_is_solved_exactly() {
    check_ffo(41);
}

#[test]
fn ffo_42_is_solved_exactly() {
    check_ffo(42);
}

#[test]
fn ffo_43_is_solved_exactly() {
    check_ffo(43);
}

#[test]
fn ffo_44_is_solved_exactly() {
    check_ffo(44);
}

#[test]
fn ffo_59_a_wipeout_is_found_by_the_probcut_passes() {
    // The shallow estimate cannot see a wipeout: ProbCut must not cut windows next to one, or the
    // passes answer "at most +62" and the exact probe has to find the +64 alone (94 M nodes).
    let solved = check_ffo(59);
    let last_pass = solved.probes.iter().rfind(|p| p.level != EXACT).unwrap();
    assert_eq!(last_pass.score, 64, "{:?}", solved.probes);
    // A work bound, not a timing: the wipeout takes some 15 000 nodes. It took 107.5 M when
    // ProbCut cut next to it, and 49.9 M when the evaluation order searched four plies at 31–34
    // empties too.
    assert!(solved.nodes < 1_000_000, "FFO #59: {} nodes", solved.nodes);
}

/// Solves FFO `number` on two threads (with the line after it when `line`) and checks its score
/// and best move.
fn check_ffo_score(number: usize, line: bool) -> (Board, Solved) {
    let positions = parse_bench(FFO_40_59).unwrap();
    let bench = &positions[number - 40];
    let solved = solve_position(&mut solving_engine(2), &bench.position, line);
    assert_eq!(solved.score, bench.score, "FFO #{number} score");
    assert!(
        bench.best_moves.contains(solved.best.as_ref().unwrap()),
        "FFO #{number} move {:?}",
        solved.best
    );
    (bench.position, solved)
}

#[test]
fn ffo_45_to_50_score_exactly() {
    for number in 45..=50 {
        check_ffo_score(number, false);
    }
}

#[test]
fn ffo_51_to_54_score_exactly() {
    for number in 51..=54 {
        check_ffo_score(number, false);
    }
}

#[test]
#[ignore = "long (minutes): the rest of the FFO benchmark; `cargo test --test engine -- --ignored ffo_55` or `reversi bench --first 55 --last 58`"]
fn ffo_55_to_58_score_exactly() {
    for number in 55..=58 {
        check_ffo_score(number, false);
    }
}

#[test]
fn a_search_cancelled_from_another_thread_stops_and_returns_a_legal_move() {
    let mut rng = Rng(5);
    for empties in [40, 28] {
        let board = random_position(&mut rng, empties);
        for threads in [1, 2] {
            let mut engine = Engine::new(16, no_cancel());
            engine.set_threads(threads);
            search_cancelled_after(&mut engine, &board, 150);
        }
    }
}

#[test]
fn two_threads_search_the_midgame_to_the_same_scores_as_one() {
    // A full-width search to a fixed depth has one value whatever the order the threads finish
    // in (a position's remaining depth follows from its disc count), so the scores must agree.
    let mut rng = Rng(0x5EED_0003);
    let mut threaded = Engine::new(18, no_cancel());
    threaded.set_threads(2);
    for (empties, depth) in [(44, 7), (36, 8), (30, 6)] {
        for _ in 0..3 {
            let board = random_position(&mut rng, empties);
            let limits = Limits::depth(depth, 0);
            let one = Engine::new(18, no_cancel()).search(&board, &limits, |_| {});
            threaded.clear();
            let two = threaded.search(&board, &limits, |_| {});
            assert_eq!((two.score, two.depth), (one.score, one.depth), "{board:?}");
            let best = two.best.expect("a move");
            let after = board.play(best);
            if after.legal_moves() == 0 {
                continue;
            }
            let reply =
                Engine::new(18, no_cancel()).search(&after, &Limits::depth(depth - 1, 0), |_| {});
            assert_eq!(-reply.score, two.score, "{best} reaches the score");
            // Hints share their searches out too.
            let hints = |e: &mut Engine| {
                let scores = e.score_moves(&board, depth - 2, 0).expect("not cancelled");
                scores
                    .iter()
                    .map(|m| (m.square, m.score))
                    .collect::<Vec<_>>()
            };
            let sorted = |mut v: Vec<_>| {
                v.sort();
                v
            };
            threaded.clear();
            assert_eq!(
                sorted(hints(&mut threaded)),
                sorted(hints(&mut Engine::new(18, no_cancel())))
            );
        }
    }
    assert!(threaded.helper_joins() > 0, "the helper took part");
    // Multi-ProbCut searches share their moves too, and still play legal moves.
    let board = random_position(&mut rng, 40);
    let selective = Limits {
        selective: true,
        ..Limits::depth(10, 0)
    };
    let result = threaded.search(&board, &selective, |_| {});
    assert!(board.is_legal(result.best.expect("a move")));
    assert_eq!(result.depth, 10);
}

/// Searches `board` (exact from 30 empties, no other limit) with the cancel flag set from another
/// thread after `ms`: the search must have been interrupted (the flag was set when it returned,
/// and its result is not the exact solve it was asked for) and must return a legal move. A search
/// that ignores the flag would run for minutes or hours; a watchdog turns that into a failure
/// after two minutes instead of a hang.
fn search_cancelled_after(engine: &mut Engine, board: &Board, ms: u64) {
    let cancel = no_cancel();
    engine.set_cancel(cancel.clone());
    let flag = cancel.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(ms));
        flag.store(true, Ordering::Relaxed);
    });
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let watchdog =
        std::thread::spawn(move || finished.recv_timeout(Duration::from_secs(120)).is_ok());
    let result = engine.search(board, &Limits::depth(60, 30), |_| {});
    let interrupted = cancel.load(Ordering::Relaxed);
    let _ = done.send(());
    assert!(watchdog.join().unwrap(), "the search ignored the flag");
    stopper.join().unwrap();
    assert!(interrupted, "the search finished before the flag was set");
    assert!(!result.exact, "an interrupted search is not exact");
    let best = result.best.expect("a move");
    assert!(board.is_legal(best), "{best} is legal");
}

#[test]
fn choose_move_returns_a_legal_move_at_every_level_and_none_without_moves() {
    let board = Board::start().play("f5".parse().unwrap());
    for level in Level::ALL {
        // Expert and Maximum think for seconds: a budget keeps the test short, and a move comes
        // within any budget.
        let budget = Some(Duration::from_millis(300));
        let mv = choose_move_with(&board, level, 1, no_cancel(), budget, Default::default())
            .expect("a move");
        assert!(board.is_legal(mv), "{level}: {mv}");
    }
    let stuck = Board {
        player: 0,
        opponent: 0xFF,
    };
    assert_eq!(choose_move(&stuck, Level::Beginner, 1, no_cancel()), None);
}

#[test]
fn levels_are_deterministic_for_a_seed() {
    let mut rng = Rng(77);
    for _ in 0..10 {
        let board = random_position(&mut rng, 40);
        for level in [Level::Beginner, Level::Novice, Level::Intermediate] {
            let a = choose_move(&board, level, 42, no_cancel());
            let b = choose_move(&board, level, 42, no_cancel());
            assert_eq!(a, b, "{level}");
        }
    }
}

#[test]
fn an_endgame_search_is_exact_and_its_pv_starts_with_the_best_move() {
    let mut rng = Rng(3);
    let board = random_position(&mut rng, 12);
    let mut engine = Engine::new(16, no_cancel());
    let result = engine.search(&board, &Limits::depth(60, 20), |_| {});
    assert!(result.exact);
    assert_eq!(result.score / 100, alpha_beta(&board, -64, 64));
    assert_eq!(result.pv.first().copied(), result.best);
}

#[test]
fn iterations_are_reported_deepening() {
    let board = Board::start();
    let mut depths = Vec::new();
    let mut engine = Engine::new(16, no_cancel());
    let result = engine.search(&board, &Limits::depth(6, 0), |r| depths.push(r.depth));
    assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
    assert_eq!(result.depth, 6);
    assert!(Board::start().is_legal(result.best.unwrap()));
}

#[test]
fn level_names_parse_and_unknown_ones_are_rejected() {
    for level in Level::ALL {
        assert_eq!(level.name().to_lowercase().parse::<Level>().unwrap(), level);
    }
    assert!(
        "grandmaster"
            .parse::<Level>()
            .unwrap_err()
            .contains("not a level")
    );
}

/// Measures how far ProbCut's shallow estimate lies from the exact score, by empties, on positions
/// from self-play games; prints the table and a least-squares line `sigma = a + b·empties` (the
/// constants `PROBCUT_SIGMA` in `src/ai/endgame.rs` come from it).
#[test]
#[ignore = "a measurement (minutes): cargo test --release --test engine -- --ignored probcut_errors --nocapture"]
fn probcut_errors() {
    use reversi::ai::endgame::probcut_estimate;
    use reversi::ai::pattern::shipped;
    let weights = shipped().expect("shipped weights");
    let mut player = Engine::new(18, no_cancel());
    let mut errors: Vec<Vec<f64>> = vec![Vec::new(); 23];
    for seed in 0..40 {
        let game = reversi::ai::train::self_play_game(1000 + seed, &mut player, 4, 0, None, &[]);
        for sample in game {
            let empties = (!(sample.player | sample.opponent)).count_ones() as usize;
            if !(10..=22).contains(&empties) {
                continue;
            }
            let mut s = solver();
            s.set_threads(2);
            let (exact, _) = s.solve(sample.player, sample.opponent, -64, 64).unwrap();
            let estimate = probcut_estimate(weights, sample.player, sample.opponent);
            errors[empties].push(f64::from(exact * 100 - estimate));
        }
    }
    let rms = print_errors(&errors, |empties| format!("empties {empties:>2}"));
    let (mut sx, mut sy, mut sxx, mut sxy) = (0.0, 0.0, 0.0, 0.0);
    for &(x, rms) in &rms {
        sx += x;
        sy += rms;
        sxx += x * x;
        sxy += x * rms;
    }
    let n = rms.len() as f64;
    let b = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    let a = (sy - b * sx) / n;
    println!("sigma = {a:.0} + {b:.1} * empties");
}

/// Prints each row's count, mean, standard deviation and rms error (hundredths of a disc) and
/// returns (row, rms) for the rows that have errors.
fn print_errors(errors: &[Vec<f64>], label: impl Fn(usize) -> String) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for (row, e) in errors.iter().enumerate() {
        if e.is_empty() {
            continue;
        }
        let mean = e.iter().sum::<f64>() / e.len() as f64;
        let rms = (e.iter().map(|x| x * x).sum::<f64>() / e.len() as f64).sqrt();
        let sd = (rms * rms - mean * mean).max(0.0).sqrt();
        println!(
            "{}: {:>4} positions, mean {mean:>7.1}, sd {sd:>6.1}, rms {rms:>6.1} (hundredths)",
            label(row),
            e.len()
        );
        out.push((row as f64, rms));
    }
    out
}

#[test]
fn multi_probcut_prunes_the_midgame_search_and_hints_stay_full_width() {
    let mut rng = Rng(33);
    let full = Limits::depth(8, 0);
    let selective = Limits {
        selective: true,
        ..full
    };
    let (mut full_nodes, mut selective_nodes) = (0, 0);
    for _ in 0..6 {
        let board = random_position(&mut rng, 40);
        let a = Engine::new(18, no_cancel()).search(&board, &full, |_| {});
        let mut engine = Engine::new(18, no_cancel());
        let b = engine.search(&board, &selective, |_| {});
        assert!(board.is_legal(b.best.expect("a move")));
        assert_eq!(b.depth, 8);
        full_nodes += a.nodes;
        selective_nodes += b.nodes;
        // Move scores (hints, the noisy levels) are full-width even after a selective search.
        let after = engine.score_moves(&board, 3, 0).expect("not cancelled");
        let fresh = Engine::new(18, no_cancel())
            .score_moves(&board, 3, 0)
            .expect("not cancelled");
        let scores = |m: &[reversi::ai::BoardMoveScore]| {
            m.iter().map(|s| (s.square, s.score)).collect::<Vec<_>>()
        };
        assert_eq!(scores(&after), scores(&fresh));
    }
    assert!(
        selective_nodes * 3 < full_nodes,
        "Multi-ProbCut: {selective_nodes} nodes against {full_nodes} full-width"
    );
}

#[test]
fn the_match_openings_are_fifty_balanced_openings_no_two_alike() {
    let openings = match_openings();
    assert_eq!(openings.len(), 50);
    let mut seen = std::collections::HashSet::new();
    for line in MATCH_OPENINGS.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split_whitespace();
        let transcript = fields.next().unwrap();
        let eval: f64 = fields.next().unwrap().parse().unwrap();
        assert!(eval.abs() <= 1.0, "{line}");
        let game = parse_transcript(transcript, Variant::STANDARD).unwrap();
        assert_eq!(game.history().len(), 8, "{line}");
        assert!(game.history().iter().all(|m| *m != Move::Pass), "{line}");
        assert!(transcript.starts_with("f5"), "{line}");
        assert!(
            seen.insert(common::board_of(&game).canonical()),
            "{line} repeats another opening"
        );
    }
}

#[test]
fn balanced_openings_are_reproducible_distinct_and_within_the_bound() {
    let search = OpeningSearch {
        count: 4,
        plies: 6,
        depth: 4,
        max_eval: 150,
        seed: 7,
    };
    let mut told = 0;
    let first = balanced_openings(search, |_| told += 1).unwrap();
    assert_eq!(told, 4);
    assert_eq!(first, balanced_openings(search, |_| {}).unwrap());
    let mut seen = std::collections::HashSet::new();
    for opening in &first {
        let game = parse_transcript(&opening.transcript, Variant::STANDARD).unwrap();
        assert_eq!(game.history().len(), 6);
        assert!(seen.insert(common::board_of(&game).canonical()));
        // A fresh engine scores it the same, within the bound (black moves after six plies).
        let mut engine = Engine::new(16, no_cancel());
        let result = engine.search(&common::board_of(&game), &Limits::depth(4, 0), |_| {});
        assert_eq!(result.score, opening.eval);
        assert!(opening.eval.abs() <= 150);
    }
    // Another seed, other openings; impossible settings are refused before any search.
    let other = balanced_openings(OpeningSearch { seed: 8, ..search }, |_| {}).unwrap();
    assert_ne!(first, other);
    for bad in [
        OpeningSearch {
            max_eval: -1,
            ..search
        },
        OpeningSearch { plies: 0, ..search },
        OpeningSearch {
            plies: 60,
            ..search
        },
    ] {
        let mut told = 0;
        assert!(balanced_openings(bad, |_| told += 1).is_err());
        assert_eq!(told, 0);
    }
}

/// The shipped list is what `reversi openings` writes with its defaults (77 s in release).
#[test]
#[ignore = "about a minute of depth-10 searches: cargo test --test engine -- --ignored the_match_openings"]
fn the_match_openings_are_what_the_openings_command_writes() {
    let written: Vec<String> = balanced_openings(OpeningSearch::default(), |_| {})
        .unwrap()
        .iter()
        .map(|o| o.to_line())
        .collect();
    let shipped: Vec<&str> = MATCH_OPENINGS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect();
    assert_eq!(written, shipped);
}

#[test]
fn newcomers_play_legal_moves_and_greedy_turns_the_most_discs() {
    let mut rng = Rng(11);
    for _ in 0..200 {
        let empties = 20 + (rng.next() % 36) as u32;
        let board = random_position(&mut rng, empties);
        let most = squares(board.legal_moves())
            .map(|m| board.flips(m).count_ones())
            .max()
            .unwrap();
        let position = Position::from_board(board, Player::Black);
        let mut seen = 0u64;
        for seed in 0..16 {
            let greedy = Newcomer::Greedy
                .choose(&position, seed)
                .unwrap()
                .sq()
                .unwrap();
            assert!(board.is_legal(greedy));
            assert_eq!(board.flips(greedy).count_ones(), most);
            // The same seed, the same move.
            assert_eq!(
                Newcomer::Greedy.choose(&position, seed),
                Some(Square::from_sq(greedy))
            );
            let random = Newcomer::Random
                .choose(&position, seed)
                .unwrap()
                .sq()
                .unwrap();
            assert!(board.is_legal(random));
            seen |= random.bit();
        }
        // Sixteen seeds reach more than one move wherever there is a choice.
        let choices = board.legal_moves().count_ones();
        assert!(
            choices == 1 || seen.count_ones() > 1,
            "{choices} moves, {seen:x}"
        );
    }
    let stuck = Board {
        player: 0,
        opponent: 0xFF,
    };
    for newcomer in Newcomer::ALL {
        assert_eq!(
            newcomer.choose(&Position::from_board(stuck, Player::White), 1),
            None
        );
        assert_eq!(newcomer.name().parse::<Newcomer>(), Ok(newcomer));
    }
    assert!("beginner".parse::<Newcomer>().is_err());
}

/// Beginner must be "beatable by a new player". A player who has just learned the
/// rules turns as many discs as they can: [`Newcomer::Greedy`] must win a good share of games
/// against Beginner (with its former 10-disc slips it won 5 of these 40), and Beginner must still
/// play better than chance.
#[test]
fn a_greedy_newcomer_beats_beginner_regularly_and_beginner_beats_chance() {
    let score = |opponent: Newcomer| {
        let (score, names) = play_match(
            Variant::STANDARD,
            (Contender::Level(Level::Beginner), Default::default()),
            (Contender::Newcomer(opponent), Default::default()),
            Schedule {
                games: 0..40,
                seed: 1,
                from_start: false,
            },
            None,
            |_| {},
        )
        .unwrap();
        assert_eq!(names[1], opponent.name());
        score
    };
    let against_greedy = score(Newcomer::Greedy);
    let greedy_points = against_greedy.losses as f64 + 0.5 * against_greedy.draws as f64;
    assert!(greedy_points >= 12.0, "{against_greedy:?}");
    assert!(score(Newcomer::Random).percent() >= 55.0);
}

#[test]
fn a_match_plays_each_opening_once_with_each_colour() {
    let play = |games: std::ops::Range<usize>| {
        let mut lines = Vec::new();
        let (score, names) = play_match(
            Variant::STANDARD,
            (Contender::Level(Level::Beginner), Default::default()),
            (Contender::Level(Level::Beginner), Default::default()),
            Schedule {
                games,
                seed: 3,
                from_start: false,
            },
            None,
            |line| lines.push(line.to_string()),
        )
        .unwrap();
        assert_eq!(names, ["Beginner", "Beginner"]);
        (score, lines)
    };
    let (score, lines) = play(0..4);
    assert_eq!(score.wins + score.draws + score.losses, 4);
    // The same match split into two ranges (`--skip`) plays the same games.
    let (first_half, mut split) = play(0..1);
    let (second_half, rest) = play(1..4);
    split.extend(rest);
    assert_eq!(split, lines);
    assert_eq!(
        first_half.disc_difference + second_half.disc_difference,
        score.disc_difference
    );
    let openings = match_openings();
    for (index, line) in lines.iter().enumerate() {
        let colour = if index % 2 == 0 {
            "as Black"
        } else {
            "as White"
        };
        assert!(line.contains(colour), "{line}");
        let transcript = line.split_whitespace().last().unwrap();
        assert!(transcript.starts_with(openings[index / 2]), "{line}");
        let game = parse_transcript(transcript, Variant::STANDARD).unwrap();
        assert!(game.is_over(), "{line}");
    }
}
