//! The shipped endgame puzzles: enough of them, each a unique answer with every legal move's
//! score, proved again by the solver (every puzzle with 14 empties or fewer, a sample of the
//! rest); and the `puzzles` commands.

use reversi::ai::puzzles::{self, Grade, Kind, build};

#[test]
fn the_shipped_set_has_five_hundred_puzzles_of_every_grade_each_with_a_unique_answer() {
    let set = puzzles::shipped();
    assert!(set.len() >= 500, "{} puzzles", set.len());
    for grade in Grade::ALL {
        assert!(
            set.iter().filter(|p| p.grade() == grade).count() >= 100,
            "{grade:?}"
        );
    }
    let mut seen = std::collections::HashSet::new();
    for (i, p) in set.iter().enumerate() {
        assert!((8..=20).contains(&p.empties()), "puzzle {}", i + 1);
        assert!(
            matches!(p.kind(), Some(Kind::OnlyWin | Kind::OnlyDraw)),
            "puzzle {}",
            i + 1
        );
        let board = p.position.to_board().unwrap().canonical();
        assert!(seen.insert(board), "puzzle {} twice", i + 1);
        assert_eq!(
            puzzles::Puzzle::parse(&p.to_line()).as_ref(),
            Ok(p),
            "puzzle {}",
            i + 1
        );
    }
}

#[test]
fn the_solver_proves_every_small_puzzle_again_and_a_sample_of_the_rest() {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let set = puzzles::shipped();
    let (mut small, mut large): (Vec<usize>, Vec<usize>) =
        (0..set.len()).partition(|&i| set[i].empties() <= 14);
    large.shuffle(&mut rand::rngs::StdRng::seed_from_u64(7));
    small.extend(large.into_iter().take(24));
    let wrong = build::verify(set, &small, 2);
    assert!(wrong.is_empty(), "{wrong:?}");
}
