//! The solver's unit tests: its fast copies against the portable one, its tables, orders and passes.

use super::*;
use crate::ai::tt::Entry;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::cell::Cell;

#[test]
fn evaluated_positions_are_kept_only_while_asked() {
    let positions: Vec<(u64, u64)> = random_positions(31, 4)
        .into_iter()
        .filter(|&(p, o)| (!(p | o)).count_ones() == 16)
        .collect();
    let &(player, opponent) = positions.first().expect("a 16-empty position");
    let mut solver = Solver::new(
        TranspositionTable::new(16),
        Arc::new(AtomicBool::new(false)),
    );
    let (score, kept) = evaluated_positions(2, || solver.solve(player, opponent, -64, 64));
    assert!(score.is_ok());
    assert!(kept.len() >= 20, "{} kept", kept.len());
    for &(p, o) in &kept {
        assert_eq!(p & o, 0);
        assert!((!(p | o)).count_ones() < 16);
        assert_eq!(keep_hash(p, o) >> 62, 0, "one in four, by hash");
    }
    // Off again afterwards: a solve keeps nothing.
    assert_eq!(KEEP_BITS.with(Cell::get), 0);
    solver.clear();
    solver.solve(player, opponent, -64, 64).unwrap();
    assert!(KEPT.with(|k| k.borrow().is_empty()));
    // The same when the work panics.
    let caught = std::panic::catch_unwind(|| evaluated_positions(2, || panic!("work failed")));
    assert!(caught.is_err());
    assert_eq!(KEEP_BITS.with(Cell::get), 0);
}

/// Every position of `games` random games from the start, with moves to play (the network's
/// tests read them too).
pub(crate) fn random_positions(seed: u64, games: usize) -> Vec<(u64, u64)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let (mut player, mut opponent) = (1u64 << 28 | 1 << 35, 1u64 << 27 | 1 << 36);
        loop {
            let moves = legal_moves(player, opponent);
            if moves == 0 {
                if legal_moves(opponent, player) == 0 {
                    break;
                }
                (player, opponent) = (opponent, player);
                continue;
            }
            positions.push((player, opponent));
            let pick = rng.random_range(0..moves.count_ones());
            let sq = (0..64)
                .filter(|&s| moves >> s & 1 == 1)
                .nth(pick as usize)
                .unwrap();
            let f = flips(player, opponent, sq);
            (player, opponent) = (opponent ^ f, player | f | 1 << sq);
        }
    }
    positions
}

fn listed(list: &mut MoveList) -> Vec<(u8, i32, u64)> {
    list.drain_sorted()
}

/// The solver's own copies compiled for the detected instructions search the same tree as the
/// portable one: the same scores and node counts, exact and with ProbCut, on positions from
/// 7 to 16 empties (the table, ETC, both orders and the shallow solver all on the way).
#[cfg(target_arch = "x86_64")]
#[test]
fn fast_search_equals_portable_search() {
    use crate::rules::x86::{avx512_path, fast_path, lacks};
    let test = "fast_search_equals_portable_search";
    if lacks(fast_path(), test, "the AVX2 copies' instructions") {
        return;
    }
    lacks(avx512_path(), test, "AVX-512 (its copy)");
    let solver = |level| {
        let mut solver = Solver::new(TranspositionTable::new(16), Arc::default());
        solver.set_level(level);
        solver
    };
    let mut checked = 0;
    for (i, (player, opponent)) in random_positions(11, 60)
        .into_iter()
        .filter(|&(p, o)| (7..=16).contains(&(!(p | o)).count_ones()))
        .enumerate()
        .filter(|(i, _)| i % 3 == 0)
    {
        let level = if i % 2 == 0 { EXACT } else { 1 };
        let windows = [(-64, 64), (-1, 0), (10, 11), (-20, -19)];
        let (mut portable, mut fast, mut avx512) = (solver(level), solver(level), solver(level));
        for (alpha, beta) in windows {
            let expected = portable.search_portable(player, opponent, alpha, beta);
            // SAFETY: `fast_path` detected the instructions.
            let got = unsafe { fast.search_x86(player, opponent, alpha, beta) };
            assert_eq!(got, expected, "{player:#x} {opponent:#x} [{alpha}, {beta}]");
            assert_eq!(fast.nodes, portable.nodes, "{player:#x} {opponent:#x}");
            if crate::rules::x86::avx512_path() {
                // SAFETY: `avx512_path` detected the instructions.
                let got = unsafe { avx512.search_x86_512(player, opponent, alpha, beta) };
                assert_eq!(
                    got, expected,
                    "AVX-512 {player:#x} {opponent:#x} [{alpha}, {beta}]"
                );
                assert_eq!(
                    avx512.nodes, portable.nodes,
                    "AVX-512 {player:#x} {opponent:#x}"
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

/// The fastest-first order and the evaluation's ordering search: the copies compiled for the
/// detected instructions give what the portable ones give, on every position of random games.
#[test]
fn fast_copies_equal_portable_ones() {
    let tt = TranspositionTable::new(10);
    let weights = shipped().expect("shipped weights");
    #[cfg(target_arch = "x86_64")]
    let mut checked = 0;
    for (i, (player, opponent)) in random_positions(5, 200).into_iter().enumerate() {
        let moves = legal_moves(player, opponent);
        let mut portable = MoveList::default();
        let w = Some(weights);
        fastest_first_in::<Portable>(&mut portable, Some(&tt), w, player, opponent, moves);
        let portable = listed(&mut portable);
        // Every move once, with its flips, best value first.
        assert_eq!(portable.len(), moves.count_ones() as usize);
        for &(sq, _, f) in &portable {
            assert_eq!(f, flips(player, opponent, sq as usize));
        }
        assert!(portable.windows(2).all(|w| w[0].1 >= w[1].1));
        // The ordering search at depths 0–3, with a full and two null windows, on every
        // fourth position (depth 3 on all of them would take long in a debug build).
        let depth = (i / 4) as u32 % 4;
        let windows = [(-64 * DISC, 64 * DISC), (-101, -100), (250, 251)];
        let searched = windows.map(|(alpha, beta)| {
            (i % 4 == 0)
                .then(|| sort_search_portable(weights, player, opponent, depth, alpha, beta))
        });
        if depth == 0 && i % 4 == 0 {
            assert_eq!(searched[0], Some(weights.evaluate(player, opponent)));
        }
        #[cfg(target_arch = "x86_64")]
        if crate::rules::x86::fast_path() {
            let mut fast = MoveList::default();
            // SAFETY (all): `fast_path` detected the instructions of the first copy,
            // `avx512_path` those of the second.
            unsafe { x86::fastest_first(&mut fast, None, w, player, opponent, moves) };
            assert_eq!(listed(&mut fast), portable);
            let avx512 = crate::rules::x86::avx512_path();
            if avx512 {
                let mut fast = MoveList::default();
                let f = &mut fast;
                unsafe { x86_512::fastest_first(f, None, w, player, opponent, moves) };
                assert_eq!(listed(&mut fast), portable, "AVX-512");
            }
            for ((alpha, beta), portable) in windows.into_iter().zip(searched) {
                if let Some(portable) = portable {
                    let fast =
                        unsafe { sort_search_x86(weights, player, opponent, depth, alpha, beta) };
                    assert_eq!(fast, portable, "{player:#x} {opponent:#x} depth {depth}");
                    if avx512 {
                        let fast = unsafe {
                            sort_search_x86_512(weights, player, opponent, depth, alpha, beta)
                        };
                        assert_eq!(fast, portable, "AVX-512 {player:#x} {opponent:#x}");
                    }
                }
            }
            checked += 1;
        }
    }
    #[cfg(target_arch = "x86_64")]
    {
        use crate::rules::x86::{avx512_path, fast_path, lacks};
        let test = "fast_copies_equal_portable_ones";
        if !lacks(fast_path(), test, "the AVX2 copies' instructions") {
            assert!(checked > 5_000, "{checked}");
        }
        lacks(avx512_path(), test, "AVX-512 (its copy)");
    }
}

#[test]
fn revalued_moves_come_first_in_their_new_order() {
    let listed = |k: usize, favoured: u64| {
        let mut list = MoveList::default();
        for (sq, value) in [(10, 5), (20, 9), (30, 9), (40, 1), (50, 7)] {
            list.push_with_flips(sq, value, 1 << sq);
        }
        // 30 gains on 20; both stay before 50 however much they lose.
        list.revalue_best(k, |sq, f| {
            assert_eq!(f, 1 << sq);
            if sq == 30 { 3 } else { -100 }
        });
        list.sort();
        list.favour(favoured);
        list.collect::<Vec<u8>>()
    };
    assert_eq!(listed(0, 0), [20, 30, 50, 10, 40]);
    assert_eq!(listed(1, 0), [20, 30, 50, 10, 40]);
    assert_eq!(listed(2, 0), [30, 20, 50, 10, 40]);
    assert_eq!(listed(3, 0), [30, 20, 50, 10, 40]);
    assert_eq!(listed(9, 0), [30, 20, 50, 10, 40]);
    // Favoured moves still come first.
    assert_eq!(listed(2, 1 << 40), [40, 30, 20, 50, 10]);
}

/// The stability cutoff bounds the score by the stable discs that [`STABILITY_ROUNDS`]
/// rounds of the rule find, which on some positions are fewer than the fixed point's.
#[test]
fn the_stability_cutoff_reads_its_rounds_only() {
    let mut rng = StdRng::seed_from_u64(31);
    let mut differs = 0;
    for _ in 0..20_000 {
        let filled = rng.random::<u64>() | rng.random::<u64>() | rng.random::<u64>();
        let player = filled & rng.random::<u64>();
        let opponent = filled & !player;
        let within = stable_discs_within(opponent, player, STABILITY_ROUNDS);
        let all = stable_discs(opponent, player);
        let ceiling = stability_ceiling(player, opponent, 64);
        assert_eq!(ceiling, Some(64 - 2 * within.count_ones() as i32));
        differs += (within != all) as u32;
    }
    assert!(
        differs > 0,
        "the rounds never stopped before the fixed point"
    );
}

/// The evaluation reorders the fastest-first order's best moves from [`EVAL_TOP_EMPTIES`]
/// up to [`EVAL_SORT_EMPTIES`] (where the evaluation order takes over), and nowhere below.
#[test]
fn the_evaluation_reorders_best_moves_only_in_its_band() {
    let weights = shipped().expect("shipped weights");
    let order = |player: u64, opponent: u64, weights: Option<&Weights>| {
        let mut list = MoveList::default();
        let moves = legal_moves(player, opponent);
        fastest_first_in::<Portable>(&mut list, None, weights, player, opponent, moves);
        list.sort();
        list.collect::<Vec<u8>>()
    };
    for empties in EVAL_TOP_EMPTIES - 2..EVAL_SORT_EMPTIES {
        let positions = positions_with_empties(empties as u64, empties);
        let changed = positions
            .iter()
            .filter(|&&(p, o)| order(p, o, Some(weights)) != order(p, o, None))
            .count();
        if empties < EVAL_TOP_EMPTIES {
            assert_eq!(changed, 0, "{empties} empties");
        } else {
            assert!(changed > 0, "{empties} empties: no order changed");
        }
    }
}

#[test]
fn last_flip_counts_equal_the_flips() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..200_000 {
        let sq = rng.random_range(0..64usize);
        let mover = rng.random::<u64>() & !(1 << sq);
        // Also boards where one side has few discs.
        let mover = match rng.random_range(0..4) {
            0 => mover & rng.random::<u64>() & rng.random::<u64>(),
            1 => mover | (rng.random::<u64>() & rng.random::<u64>() & !(1 << sq)),
            _ => mover,
        };
        let opponent = !mover & !(1 << sq);
        let want = flips(mover, opponent, sq).count_ones() as i32;
        assert_eq!(last_flip_count(mover, sq), want, "{mover:016x} at {sq}");
    }
}

#[test]
fn empty_lists_keep_their_order_and_parity_as_squares_are_played() {
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..20_000 {
        let mut empty = 0u64;
        for _ in 0..rng.random_range(1..=8) {
            empty |= 1 << rng.random_range(0..64);
        }
        let mut list = EmptyList::of(empty);
        while empty != 0 {
            // Corners, ordinary squares, C-squares, X-squares; by index inside each class.
            let want: Vec<usize> = [CORNERS, PLAIN, C_SQUARES, X_SQUARES]
                .iter()
                .flat_map(|&class| (0..64).filter(move |&sq| (empty & class) >> sq & 1 == 1))
                .collect();
            let got: Vec<usize> = (0..list.len as usize).map(|i| list.get(i)).collect();
            assert_eq!(got, want);
            for (i, &sq) in got.iter().enumerate() {
                let odd = odd_quadrant(sq, empty) == 1;
                assert_eq!(list.odd(i), odd, "square {sq} of {empty:016x}");
            }
            let i = rng.random_range(0..got.len());
            list = list.without(i);
            empty &= !(1 << got[i]);
        }
        assert_eq!((list.len, list.parity), (0, 0));
    }
}

/// The positions with `empties` empty squares of 12 random games (at least 10 of them).
fn positions_with_empties(seed: u64, empties: u32) -> Vec<(u64, u64)> {
    let positions: Vec<(u64, u64)> = random_positions(seed, 12)
        .into_iter()
        .filter(|&(p, o)| (!(p | o)).count_ones() == empties)
        .collect();
    assert!(positions.len() >= 10, "{}", positions.len());
    positions
}

/// Positions from 7 to 8 empties go into the solver's own small table, the others into the
/// shared one; each solver has its own, so that a solve does not depend on earlier solvers on
/// the same thread, and `clear` forgets both.
#[test]
fn positions_near_the_end_go_to_the_solver_s_own_table() {
    let positions = positions_with_empties(21, 14);
    let solve_all = |solver: &mut Solver| {
        solver.nodes = 0;
        let scores: Vec<i32> = positions
            .iter()
            .map(|&(p, o)| solver.solve(p, o, -64, 64).ok().unwrap().0)
            .collect();
        (scores, solver.nodes)
    };
    let mut solver = Solver::new(TranspositionTable::new(16), Arc::default());
    let first = solve_all(&mut solver);
    let depths =
        |tt: &TranspositionTable| -> Vec<u8> { tt.entries().iter().map(|e| e.depth).collect() };
    let shared = depths(&solver.tt);
    let local = depths(&solver.local);
    assert!(!shared.is_empty() && !local.is_empty());
    assert!(
        shared.iter().all(|&d| d as u32 >= TABLE_EMPTIES),
        "{shared:?}"
    );
    assert!(
        local
            .iter()
            .all(|&d| (LOCAL_EMPTIES..TABLE_EMPTIES).contains(&(d as u32))),
        "{local:?}"
    );
    // A second solver on this thread starts from nothing: the same scores and nodes.
    let mut other = Solver::new(TranspositionTable::new(16), Arc::default());
    assert_eq!(solve_all(&mut other), first);
    // Solving again reuses what both tables hold; after `clear`, nothing is left.
    let again = solve_all(&mut solver);
    assert_eq!(again.0, first.0);
    assert!(again.1 < first.1 / 2, "{} against {}", again.1, first.1);
    solver.clear();
    assert!(solver.tt.entries().is_empty() && solver.local.entries().is_empty());
    assert_eq!(solve_all(&mut solver), first);
}

/// A new search ages the solver's small table with the shared one, and a helper's small table
/// (its thread's) follows the solver's generation.
#[test]
fn a_new_search_ages_the_small_tables_too() {
    let solver = Solver::new(TranspositionTable::new(16), Arc::default());
    let before = (solver.tt.generation(), solver.local.generation());
    solver.new_search();
    solver.new_search();
    assert_eq!(solver.tt.generation(), before.0 + 2);
    assert_eq!(solver.local.generation(), before.1 + 2);
    let helper_generation = std::thread::scope(|scope| {
        scope
            .spawn(|| solver.helper(Vec::new()).local.generation())
            .join()
            .unwrap()
    });
    assert_eq!(helper_generation, solver.local.generation());
}

/// A helper thread keeps its small table between the splits it helps with, and empties it when
/// the solver it helps is cleared or another solver's split comes.
#[test]
fn clearing_a_solver_empties_its_helpers_small_tables() {
    let (p, o) = positions_with_empties(23, 8)[0];
    let key = TranspositionTable::key(p, o);
    let mut solver = Solver::new(TranspositionTable::new(16), Arc::default());
    let other = Solver::new(TranspositionTable::new(16), Arc::default());
    // All on one new thread, as a helper thread would (its small table is that thread's).
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let helping = |solver: &Solver| solver.helper(Vec::new()).local;
            let table = helping(&solver);
            assert!(!Arc::ptr_eq(&table, &solver.local));
            table.store(key, 8, 0, Bound::Exact, 64);
            assert!(helping(&solver).probe(key).is_some(), "kept between splits");
            solver.clear();
            assert!(helping(&solver).probe(key).is_none(), "kept after clear");
            helping(&solver).store(key, 8, 0, Bound::Exact, 64);
            assert!(helping(&other).probe(key).is_none(), "another solver's");
        });
    });
}

/// An exact search far from the end first searches a node it has no table move for at
/// [`IID_LEVEL`] (so the table holds such entries though no pass was run), and still finds the
/// exact scores: those of a solver ordering by mobility alone (no evaluation, so neither
/// ProbCut nor that first search). A ProbCut pass above the first searches such nodes at the
/// first pass's level first.
#[test]
fn an_exact_search_finds_a_first_move_selectively_far_from_the_end() {
    let mut solver = Solver::new(TranspositionTable::new(18), Arc::default());
    let mut plain = Solver::new(TranspositionTable::new(18), Arc::default());
    plain.weights = None;
    for (p, o) in positions_with_empties(24, IID_EMPTIES + 2)
        .into_iter()
        .take(4)
    {
        solver.clear();
        plain.clear();
        let got = solver.solve(p, o, -64, 64).ok().unwrap().0;
        assert_eq!(
            got,
            plain.solve(p, o, -64, 64).ok().unwrap().0,
            "{p:#x} {o:#x}"
        );
        let entries = solver.tt.entries();
        let selective = entries.iter().filter(|e| e.level == IID_LEVEL).count();
        assert!(
            selective > 0,
            "none of {} entries at {IID_LEVEL}",
            entries.len()
        );
        assert!(!plain.tt.entries().iter().any(|e| e.level != EXACT));
        // A ProbCut pass above the first does the same at the first one's level.
        solver.clear();
        solver.set_level(1);
        solver.solve(p, o, -64, 64).ok().unwrap();
        solver.set_level(EXACT);
        let levels: Vec<u8> = solver.tt.entries().iter().map(|e| e.level).collect();
        assert!(levels.contains(&0) && levels.contains(&1));
        assert!(!levels.contains(&IID_LEVEL));
    }
}

/// A ProbCut pass stores what it found below ProbCut's threshold as exact (nothing is pruned
/// there), so that the exact search after it can cut with it; what it found above stays
/// selective. The exact search then still finds the exact scores.
#[test]
fn a_selective_pass_stores_exact_results_below_probcut_s_threshold() {
    let positions = positions_with_empties(22, 16);
    let mut solver = Solver::new(TranspositionTable::new(16), Arc::default());
    let mut fresh = Solver::new(TranspositionTable::new(16), Arc::default());
    for &(p, o) in &positions {
        solver.set_level(0);
        solver.solve(p, o, -64, 64).ok().unwrap();
        let entries: Vec<Entry> = [&solver.tt, &solver.local]
            .iter()
            .flat_map(|tt| tt.entries())
            .collect();
        assert!(entries.iter().any(|e| e.level == 0), "nothing selective");
        for e in &entries {
            if (e.depth as u32) < PROBCUT_EMPTIES {
                assert_eq!(e.level, EXACT, "{e:?}");
            }
        }
        solver.set_level(EXACT);
        let got = solver.solve(p, o, -64, 64).ok().unwrap().0;
        fresh.clear();
        assert_eq!(
            got,
            fresh.solve(p, o, -64, 64).ok().unwrap().0,
            "{p:#x} {o:#x}"
        );
    }
}

#[test]
fn favoured_moves_come_first_in_their_own_order() {
    let mut list = MoveList::default();
    for (sq, value) in [(3, 50), (9, -20), (20, 70), (33, -20), (40, 10)] {
        list.push_with_flips(sq, value, 1 << (sq + 1));
    }
    list.sort();
    list.favour(1 << 9 | 1 << 33 | 1 << 40);
    let got = listed(&mut list);
    let squares: Vec<u8> = got.iter().map(|&(sq, _, _)| sq).collect();
    assert_eq!(squares, [40, 9, 33, 20, 3]);
    // The flips stay with their moves.
    assert!(got.iter().all(|&(sq, _, f)| f == 1 << (sq + 1)));
    // Moves already handed out stay where they are.
    let mut list = MoveList::default();
    for (sq, value) in [(1, 5), (2, 9), (3, 1)] {
        list.push(sq, value);
    }
    list.sort();
    assert_eq!(list.next(), Some(2));
    list.favour(1 << 2 | 1 << 3);
    assert_eq!(list.collect::<Vec<_>>(), [3, 1]);
}

#[test]
fn moves_come_best_first_and_ties_in_push_order() {
    let mut list = MoveList::default();
    for (sq, value) in [(3, 1), (9, 5), (4, 1), (20, 5), (7, -2), (1, 1)] {
        list.push(sq, value);
    }
    list.sort();
    assert_eq!(list.collect::<Vec<_>>(), [9, 20, 3, 4, 1, 7]);
}
