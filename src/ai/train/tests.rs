use super::*;
use crate::ai::pattern::{Model, PHASES, Weights, layout};

#[test]
fn samples_round_trip_through_text() {
    let s = Sample {
        player: 0x0000_0008_1000_0000,
        opponent: 0x0000_0010_0800_0000,
        score: -12,
    };
    assert_eq!(Sample::parse(&s.to_line()), Ok(s));
    for bad in ["", "1 2", "x 2 3", "1 1 0", "1 2 65", "1 2 three"] {
        assert!(Sample::parse(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn self_play_is_reproducible_and_labels_are_consistent() {
    let config = SelfPlay {
        games: 2,
        seed: 9,
        evaluator: Evaluator::Hand,
        ..SelfPlay::default()
    };
    let a = self_play(config, 2, &|_| {});
    let b = self_play(config, 1, &|_| {});
    assert_eq!(a, b, "same seeds, same samples, whatever the threads");
    assert!(!a.is_empty());
    // The last position of a game: its label is what the mover ends up with; a solved
    // position's label equals the exact solve.
    let last = a
        .iter()
        .find(|s| (s.player | s.opponent).count_ones() >= 60)
        .expect("a late position");
    let mut solver = exact_solver();
    let exact = solver.search(last.player, last.opponent, -64, 64).unwrap();
    assert_eq!(exact, i32::from(last.score));
}

#[test]
fn search_labelled_self_play_is_labelled_by_its_own_searches_whatever_the_threads() {
    let config = |result_weight| SelfPlay {
        games: 3,
        seed: 21,
        depth: 4,
        exact: 10,
        result_weight: Some(result_weight),
        ..SelfPlay::default()
    };
    let searched = self_play(config(0.0), 2, &|_| {});
    assert_eq!(
        searched,
        self_play(config(0.0), 1, &|_| {}),
        "same seeds, same samples, whatever the threads and the games before"
    );
    // The labels are the searches' scores: the first position of a game is searched from
    // empty tables, so a fresh Multi-ProbCut search of it gives its label.
    let first = searched[0];
    let mut engine = Engine::new(16, Arc::new(AtomicBool::new(false)));
    let limits = Limits {
        selective: true,
        ..Limits::depth(4, 10)
    };
    let board = Board {
        player: first.player,
        opponent: first.opponent,
    };
    let found = engine.search(&board, &limits, |_| {});
    assert_eq!(
        i32::from(first.score),
        (f64::from(found.score) / f64::from(DISC)).round() as i32
    );
    // Solved from 10 empties: exact there.
    let mut solver = exact_solver();
    for s in searched
        .iter()
        .filter(|s| (!(s.player | s.opponent)).count_ones() <= 10)
    {
        let exact = solver.search(s.player, s.opponent, -64, 64).unwrap();
        assert_eq!(i32::from(s.score), exact, "{s:?}");
    }
    // The same games with all of the result: the results, one a game, from each mover's
    // view; a share of it lies between the two, halves rounded to even.
    let results = self_play(config(1.0), 1, &|_| {});
    let mixed = self_play(config(0.25), 1, &|_| {});
    let positions = |v: &[Sample]| v.iter().map(|s| (s.player, s.opponent)).collect::<Vec<_>>();
    assert_eq!(positions(&results), positions(&searched), "the same games");
    assert_eq!(positions(&mixed), positions(&searched));
    let mut differ = 0;
    for ((m, s), r) in mixed.iter().zip(&searched).zip(&results) {
        let want = 0.25 * f64::from(r.score) + 0.75 * f64::from(s.score);
        assert_eq!(
            f64::from(m.score),
            want.round_ties_even(),
            "{m:?} {s:?} {r:?}"
        );
        differ += usize::from(r.score != s.score);
    }
    assert!(differ > 0, "the searches' scores are not the results");
    let last = results
        .iter()
        .find(|s| (s.player | s.opponent).count_ones() >= 60)
        .expect("a late position");
    let exact = solver.search(last.player, last.opponent, -64, 64).unwrap();
    assert_eq!(
        exact,
        i32::from(last.score),
        "the result is what the mover ends with"
    );
}

#[test]
fn tree_samples_are_exact_distinct_and_do_not_depend_on_the_thread_count() {
    // Sources: the 14-empty positions of a few self-play games.
    let config = SelfPlay {
        games: 3,
        seed: 40,
        evaluator: Evaluator::Hand,
        ..SelfPlay::default()
    };
    let sources: Vec<(u64, u64)> = self_play(config, 1, &|_| {})
        .iter()
        .map(|s| (s.player, s.opponent))
        .filter(|&(p, o)| (!(p | o)).count_ones() == 14)
        .collect();
    assert!(sources.len() >= 2);
    let a = tree_samples(&sources, 3, 2, &|_| {});
    let b = tree_samples(&sources, 3, 1, &|_| {});
    assert_eq!(a, b, "the same samples whatever the threads");
    assert!(a.len() >= 10, "{} samples", a.len());
    assert!(
        a.windows(2)
            .all(|w| (w[0].player, w[0].opponent) < (w[1].player, w[1].opponent))
    );
    let mut solver = exact_solver();
    for s in &a {
        assert_eq!(s.player & s.opponent, 0);
        assert!((!(s.player | s.opponent)).count_ones() < 14, "{s:?}");
        let exact = solver.search(s.player, s.opponent, -64, 64).unwrap();
        assert_eq!(exact, i32::from(s.score), "{s:?}");
    }
    // Fewer kept with more bits.
    assert!(tree_samples(&sources, 6, 2, &|_| {}).len() < a.len());
}

#[test]
fn search_labels_are_the_searchs_scores_whatever_the_threads() {
    let games = three_games(50);
    let mut samples = games.clone();
    // A mover with no move is left out.
    let stuck = Sample {
        player: 0,
        opponent: 0x0000_0018_1800_0000,
        score: -64,
    };
    samples.insert(3, stuck);
    let a = search_labels(&samples, 4, 12, 0.0, Evaluator::Patterns, 2, &|_| {});
    let b = search_labels(&samples, 4, 12, 0.0, Evaluator::Patterns, 1, &|_| {});
    assert_eq!(a, b, "the same labels whatever the threads");
    let kept: Vec<(u64, u64)> = a.iter().map(|s| (s.player, s.opponent)).collect();
    let expected: Vec<(u64, u64)> = games.iter().map(|s| (s.player, s.opponent)).collect();
    assert_eq!(kept, expected, "in order, without the stuck one");
    // A share of the game's result: between the two, halves rounded to even.
    let mixed = search_labels(&samples, 4, 12, 0.25, Evaluator::Patterns, 1, &|_| {});
    let all = search_labels(&samples, 4, 12, 1.0, Evaluator::Patterns, 1, &|_| {});
    assert_eq!(all, games, "all of the result is the result");
    for ((m, s), g) in mixed.iter().zip(&a).zip(&games) {
        let want = 0.25 * f64::from(g.score) + 0.75 * f64::from(s.score);
        assert_eq!(
            f64::from(m.score),
            want.round_ties_even(),
            "{m:?} {s:?} {g:?}"
        );
    }
    let limits = Limits {
        selective: true,
        ..Limits::depth(4, 12)
    };
    let mut engine = Engine::new(16, Arc::new(AtomicBool::new(false)));
    let mut solver = exact_solver();
    let mut differ = 0;
    for s in &a {
        let board = s.board();
        engine.clear();
        let found = engine.search(&board, &limits, |_| {});
        let discs = (found.score as f64 / DISC as f64).round() as i32;
        assert_eq!(i32::from(s.score), discs, "{s:?}");
        if (!(s.player | s.opponent)).count_ones() <= 12 {
            let exact = solver.search(s.player, s.opponent, -64, 64).unwrap();
            assert_eq!(i32::from(s.score), exact, "exact near the end: {s:?}");
        }
        differ += usize::from(
            games
                .iter()
                .any(|g| (g.player, g.opponent) == (s.player, s.opponent) && g.score != s.score),
        );
    }
    assert!(
        differ > a.len() / 4,
        "the search's scores are not the games' results ({differ} of {} differ)",
        a.len()
    );
}

/// A solver with a small table, to check labels against.
fn exact_solver() -> Solver {
    Solver::new(
        TranspositionTable::new(16),
        Arc::new(AtomicBool::new(false)),
    )
}

/// The samples of three self-play games of the hand-tuned evaluation from `seed`.
fn three_games(seed: u64) -> Vec<Sample> {
    let config = SelfPlay {
        games: 3,
        seed,
        evaluator: Evaluator::Hand,
        ..SelfPlay::default()
    };
    self_play(config, 2, &|_| {})
}

#[test]
fn the_fit_does_not_depend_on_the_thread_count() {
    let samples = three_games(5);
    let (one, one_report) = fit(&samples, 5, 1);
    let (three, three_report) = fit(&samples, 5, 3);
    assert_eq!(one, three);
    assert_eq!(one_report.rms_discs, three_report.rms_discs);
    assert_eq!(
        one_report.held_out_rms_discs,
        three_report.held_out_rms_discs
    );
    assert!(one.values().iter().any(|&v| v != 0), "something was fitted");
}

#[test]
fn fine_tuning_starts_from_given_weights_and_keeps_other_phases() {
    let samples = three_games(11);
    let (start, _) = fit(&samples, 5, 2);
    let per_phase = layout().per_phase;
    // No passes: the starting weights come back unchanged.
    let (same, _) = fit_from(&samples, 0, 2, &start, 0..=PHASES - 1);
    assert_eq!(same, start);
    // Phases 6-7 fitted further; every other phase keeps its starting weights.
    let (tuned, report) = fit_from(&samples, 20, 2, &start, 6..=7);
    let phase = |w: &Weights, ph: usize| w.values()[ph * per_phase..(ph + 1) * per_phase].to_vec();
    for ph in 0..PHASES {
        if (6..=7).contains(&ph) {
            assert_ne!(
                phase(&tuned, ph),
                phase(&start, ph),
                "phase {ph} was fitted"
            );
            assert!(report.samples[ph] > 0);
        } else {
            assert_eq!(phase(&tuned, ph), phase(&start, ph), "phase {ph} kept");
            assert_eq!(report.samples[ph], 0);
        }
    }
    // Fitting on from the start lowers the error it started with.
    let (_, five) = fit(&samples, 5, 2);
    let (_, further) = fit_from(&samples, 20, 2, &start, 0..=PHASES - 1);
    for ph in 0..PHASES {
        assert!(
            further.rms_discs[ph] <= five.rms_discs[ph] + 1e-9,
            "phase {ph}"
        );
    }
}

#[test]
fn fitting_learns_a_pattern_it_is_shown() {
    // Labels: +20 discs when the mover holds a1, else -20, on boards that differ in a1 and a
    // few squares along the top edge (so held-out boards repeat configurations it has seen).
    let mut samples = Vec::new();
    let mut x = 77u64;
    for i in 0..400 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let (mut player, mut opponent) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        for (k, sq) in [2u32, 3, 4, 5].into_iter().enumerate() {
            match (x >> (2 * k)) % 3 {
                1 => player |= 1 << sq,
                2 => opponent |= 1 << sq,
                _ => {}
            }
        }
        if i % 2 == 0 {
            player |= 1;
        } else {
            opponent |= 1;
        }
        let score = if player & 1 != 0 { 20 } else { -20 };
        samples.push(Sample {
            player,
            opponent,
            score,
        });
    }
    let (weights, report) = fit(&samples, 60, 2);
    assert_eq!(report.held_out.iter().sum::<usize>(), samples.len() / 10);
    assert!(report.rms_discs.iter().all(|r| *r < 10.0), "{report:?}");
    let mut right = 0;
    for s in &samples {
        let v = weights.evaluate(s.player, s.opponent);
        if (v > 0) == (s.score > 0) {
            right += 1;
        }
    }
    assert_eq!(
        right, 400,
        "every board, held-out ones too, on the right side"
    );
    // The held-out tenth was never fitted, yet a1 decides it too.
    let held: Vec<_> = report
        .held_out_rms_discs
        .iter()
        .zip(report.held_out)
        .filter(|(_, n)| *n > 0)
        .collect();
    assert!(held.iter().all(|(r, _)| **r < 5.0), "{held:?}");
}

#[test]
fn the_rich_model_is_fitted_smoothly_and_reproducibly() {
    let samples = three_games(13);
    let (one, report) = fit_smoothed(&samples, 5, 1, Model::Rich, 16.0);
    let (two, _) = fit_smoothed(&samples, 5, 2, Model::Rich, 16.0);
    assert_eq!(one, two, "the thread count changes nothing");
    assert_eq!(one.model(), Model::Rich);
    assert_eq!(report.held_out.len(), Model::Rich.phases());
    // The phase before the first one with samples sees them as its neighbour's, and is
    // fitted too.
    let per_phase = Model::Rich.layout().per_phase;
    let phase = |ph: usize| &one.values()[ph * per_phase..(ph + 1) * per_phase];
    let fitted = (0..Model::Rich.phases())
        .find(|&ph| report.samples[ph] > 0)
        .expect("some phase has samples");
    if fitted > 0 {
        assert!(phase(fitted - 1).iter().any(|&v| v != 0));
    }
    // Whole weights of the rich model write and read back as themselves.
    assert_eq!(Weights::from_bytes(&one.to_bytes()).unwrap(), one);
}

#[test]
fn self_play_from_given_positions_starts_each_game_at_one_of_them() {
    let after = |moves: &str| {
        crate::rules::notation::parse_transcript(moves, crate::rules::Variant::STANDARD)
            .unwrap()
            .position()
            .to_board()
            .unwrap()
    };
    let starts = [after("f5d6c3d3c4f4"), after("f5f6e6f4e3c5")];
    let config = SelfPlay {
        games: 4,
        seed: 21,
        evaluator: Evaluator::Hand,
        starts: &starts,
        ..SelfPlay::default()
    };
    let samples = self_play(config, 2, &|_| {});
    assert!(samples == self_play(config, 2, &|_| {}), "reproducible");
    // Each game's first position is a start: 10 discs, and the next game begins where the
    // disc count drops back.
    let firsts: Vec<&Sample> = samples
        .iter()
        .enumerate()
        .filter(|(i, s)| {
            *i == 0
                || (s.player | s.opponent).count_ones()
                    < (samples[i - 1].player | samples[i - 1].opponent).count_ones()
        })
        .map(|(_, s)| s)
        .collect();
    assert_eq!(firsts.len(), 4);
    for s in firsts {
        let board = s.board();
        assert!(starts.contains(&board), "{board:?}");
    }
}

#[test]
fn mean_and_sd_are_those_of_the_differences() {
    assert_eq!(mean_and_sd(&[]), None);
    assert_eq!(mean_and_sd(&[100, 100, 100]), Some((100, 0)));
    // Mean 0, every difference 200 from it.
    assert_eq!(mean_and_sd(&[200, -200, 200, -200]), Some((0, 200)));
    assert_eq!(mean_and_sd(&[0, 100]), Some((50, 50)));
}

#[test]
fn mpc_errors_gather_every_depth_at_the_positions_stage_and_fall_back_to_the_depth() {
    use crate::ai::search::{MPC_MIN_DEPTH, mpc_stage};
    let config = SelfPlay {
        games: 2,
        seed: 31,
        evaluator: Evaluator::Hand,
        ..SelfPlay::default()
    };
    let samples: Vec<Sample> = self_play(config, 2, &|_| {})
        .into_iter()
        .step_by(4)
        .collect();
    let deepest = 5;
    let errors = mpc_errors(&samples, deepest, Evaluator::Hand, 2, &|_| {});
    assert_eq!(errors.deepest(), deepest);
    let measurable: Vec<&Sample> = samples
        .iter()
        .filter(|s| {
            let board = s.board();
            board.empty_count() > deepest + 1 && board.legal_moves() != 0
        })
        .collect();
    assert!(!measurable.is_empty());
    for depth in MPC_MIN_DEPTH..=deepest {
        let row = &errors.cells[(depth - MPC_MIN_DEPTH) as usize];
        // One difference a measurable position, at its own stage.
        assert_eq!(row.iter().map(Vec::len).sum::<usize>(), measurable.len());
        for (stage, cell) in row.iter().enumerate() {
            let here = measurable
                .iter()
                .filter(|s| mpc_stage((s.player | s.opponent).count_ones()) == stage)
                .count();
            assert_eq!(cell.len(), here, "depth {depth}, stage {stage}");
            if !cell.is_empty() {
                assert_eq!(errors.stats(depth, stage, 1), mean_and_sd(cell));
            }
        }
        // Too few at a stage: the depth's statistics over every stage.
        assert_eq!(
            errors.stats(depth, 0, usize::MAX),
            mean_and_sd(&row.concat())
        );
    }
}
