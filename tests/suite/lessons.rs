//! "Learn to play" and "Learn to win": every lesson's data checked against the rules (positions
//! consistent, the legal moves and the discs that turn exactly what the rules compute, every book's
//! claim true), every strategy lesson's claim checked against the engine, and the judging of tries.

use std::collections::BTreeSet;

use reversi::lessons::{
    self, Completed, LESSONS, NotLegal, Progress, Start, Task, Verdict, final_score, flip_count,
};
use reversi::rules::{Game, Opening, Player, Position, Square};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn set(names: &[&str]) -> BTreeSet<Square> {
    names.iter().map(|n| sq(n)).collect()
}

pub(crate) fn flipped(position: &Position, square: Square) -> BTreeSet<Square> {
    position
        .variant
        .squares_of(position.flips(square))
        .collect::<BTreeSet<_>>()
}

/// Every way a lesson's steps can be played (each accepted move in turn), as the games after
/// each step.
fn walks(number: usize) -> Vec<Vec<Game>> {
    let lesson = &LESSONS[number - 1];
    let mut walks: Vec<Vec<Game>> = vec![Vec::new()];
    for step in lesson.steps {
        let mut next = Vec::new();
        for walk in &walks {
            let game = step
                .start
                .game(walk.last())
                .unwrap_or_else(|e| panic!("lesson {number}: {e}"));
            // A review is tried before the costliest move, which the analysis finds.
            let (game, progress) = match step.task {
                Task::Review => {
                    let (before, better) = super::lessons_review::reviewed(step.start);
                    let progress = Progress {
                        answer: Some(better),
                        ..Progress::default()
                    };
                    (before, progress)
                }
                _ => (game, Progress::default()),
            };
            let mut games = vec![game];
            let plays = match step.task {
                Task::PlayAny(n) => n,
                t if t.plays() => 1,
                _ => 0,
            };
            for _ in 0..plays {
                games = games
                    .into_iter()
                    .flat_map(|game| {
                        let position = game.position();
                        let answers = step.task.answers(&position, &progress);
                        answers.into_iter().map(move |answer| {
                            let mut game = game.clone();
                            game.play(answer).unwrap_or_else(|e| {
                                panic!("lesson {number}: answer {answer}: {e}")
                            });
                            game
                        })
                    })
                    .collect();
            }
            for game in games {
                let mut walk = walk.clone();
                walk.push(game);
                next.push(walk);
            }
        }
        walks = next;
    }
    walks
}

#[test]
fn every_step_has_a_board_the_rules_read_and_a_task_with_answers() {
    for (i, lesson) in LESSONS.iter().enumerate() {
        assert!(
            !matches!(lesson.steps[0].start, Start::Continue),
            "lesson {}: its first step needs a board",
            i + 1
        );
        for walk in walks(i + 1) {
            assert_eq!(walk.len(), lesson.steps.len());
        }
        for (s, step) in lesson.steps.iter().enumerate() {
            let (board, progress) = match (step.start, step.task) {
                (Start::Continue, _) => continue,
                (start, Task::Review) => {
                    let (before, better) = super::lessons_review::reviewed(start);
                    let progress = Progress {
                        answer: Some(better),
                        ..Progress::default()
                    };
                    (before, progress)
                }
                (start, _) => (start.game(None).unwrap(), Progress::default()),
            };
            let position = board.position();
            match step.task {
                Task::Score(_) | Task::FirstGame => {}
                task => assert!(
                    !task.answers(&position, &progress).is_empty(),
                    "lesson {} step {}: no answer",
                    i + 1,
                    s + 1
                ),
            }
        }
    }
}

/// A board given as a string: the centre squares are filled (no disc ever leaves the board) and
/// every disc is connected to the centre through its neighbours, as in a real game.
#[test]
fn every_board_is_consistent_with_a_real_game() {
    for (i, lesson) in LESSONS.iter().enumerate() {
        for step in lesson.steps {
            let Start::Board { .. } = step.start else {
                continue;
            };
            let position = step.start.game(None).unwrap().position();
            let variant = position.variant;
            assert_eq!(variant.opening, Opening::Othello);
            let occupied: BTreeSet<Square> = variant
                .all_squares()
                .filter(|&c| position.colour_at(c).is_some())
                .collect();
            let c = variant.centre_first() as u8;
            for (df, dr) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let centre = Square::new(c + df, c + dr);
                assert!(occupied.contains(&centre), "lesson {}: {centre}", i + 1);
            }
            let first = Square::new(c, c);
            let mut reached: BTreeSet<Square> = [first].into();
            let mut frontier = vec![first];
            while let Some(c) = frontier.pop() {
                for other in &occupied {
                    let near = (other.file as i32 - c.file as i32).abs() <= 1
                        && (other.rank as i32 - c.rank as i32).abs() <= 1;
                    if near && reached.insert(*other) {
                        frontier.push(*other);
                    }
                }
            }
            assert_eq!(reached, occupied, "lesson {}: discs apart", i + 1);
        }
    }
}

#[test]
fn the_squares_moves_and_turning_discs_in_the_data_are_the_rules() {
    for (i, lesson) in LESSONS.iter().enumerate() {
        for walk in walks(i + 1) {
            let mut before: Option<&Game> = None;
            for (step, after) in lesson.steps.iter().zip(&walk) {
                let position = step.start.game(before).unwrap().position();
                let at = format!("lesson {} ({})", i + 1, step.text);
                match step.task {
                    Task::FindMoves(names) => {
                        let legal: BTreeSet<Square> =
                            position.legal_squares().into_iter().collect();
                        assert_eq!(legal, set(names), "{at}");
                    }
                    Task::Play(names) => {
                        for name in names {
                            assert!(position.is_legal(sq(name)), "{at}: {name}");
                        }
                    }
                    Task::Predict { play, turns } => {
                        assert!(position.is_legal(sq(play)), "{at}");
                        assert_eq!(flipped(&position, sq(play)), set(turns), "{at}");
                    }
                    Task::Score(options) => {
                        let game = step.start.game(before).unwrap();
                        assert!(game.is_over(), "{at}");
                        let score = final_score(&game).unwrap();
                        let right = options.iter().filter(|&&o| o == score).count();
                        assert_eq!(right, 1, "{at}: {score:?}");
                    }
                    _ => {}
                }
                before = Some(after);
            }
        }
    }
}

/// The naive walk the lessons explain with (square by square in eight directions) agrees with
/// the rules' bitboards on every square of every lesson board.
#[test]
fn the_lines_a_lesson_draws_agree_with_the_rules() {
    for (i, _) in LESSONS.iter().enumerate() {
        for walk in walks(i + 1) {
            for game in &walk {
                let position = game.position();
                if position.placing() {
                    continue;
                }
                for cell in position.variant.all_squares() {
                    let lines = lessons::lines(&position, cell);
                    let turned: BTreeSet<Square> = lines
                        .iter()
                        .filter(|l| l.outflanks())
                        .flat_map(|l| l.run.iter().copied())
                        .collect();
                    let empty = position.colour_at(cell).is_none();
                    if empty {
                        assert_eq!(turned, flipped(&position, cell), "lesson {} {cell}", i + 1);
                    }
                    assert_eq!(
                        lessons::why_not_legal(&position, cell).is_none(),
                        position.is_legal(cell),
                        "lesson {} {cell}",
                        i + 1
                    );
                }
            }
        }
    }
}

// What the books say, position by position.

pub(crate) fn board_of(lesson: usize, step: usize) -> Position {
    LESSONS[lesson - 1].steps[step - 1]
        .start
        .game(None)
        .unwrap()
        .position()
}

#[test]
fn lesson_5_g4_leaves_c4_d7_and_e5_and_e5_ends_between_black_discs() {
    let position = board_of(5, 1);
    let after = position.play(sq("g4"));
    for stays in ["c4", "d7", "e5"] {
        assert_eq!(after.colour_at(sq(stays)), Some(Player::White), "{stays}");
    }
    // c4 and d7 lie beyond the nearest black disc of their lines; e5 sits between black discs.
    assert_eq!(after.colour_at(sq("e4")), Some(Player::Black));
    assert_eq!(after.colour_at(sq("e6")), Some(Player::Black));
    assert_eq!(position.colour_at(sq("d4")), Some(Player::Black));
    assert_eq!(position.colour_at(sq("e6")), Some(Player::Black));
}

#[test]
fn figure_5_white_has_d3_and_e3_each_turning_three_and_the_fourth_surrounded() {
    let position = board_of(6, 1);
    assert_eq!(position.to_move, Player::White);
    assert_eq!(
        set(&["d3", "e3"]),
        position.legal_squares().into_iter().collect()
    );
    for play in ["d3", "e3"] {
        let after = position.play(sq(play));
        assert_eq!(flip_count(&position, sq(play)), 3);
        let left: Vec<Square> = after
            .variant
            .all_squares()
            .filter(|&c| after.colour_at(c) == Some(Player::Black))
            .collect();
        assert_eq!(left.len(), 1, "{play}");
        let fourth = left[0];
        for df in -1..=1i32 {
            for dr in -1..=1i32 {
                if (df, dr) != (0, 0) {
                    let near = Square::new(
                        (fourth.file as i32 + df) as u8,
                        (fourth.rank as i32 + dr) as u8,
                    );
                    assert_eq!(after.colour_at(near), Some(Player::White), "{play}: {near}");
                }
            }
        }
    }
}

#[test]
fn lesson_7_white_passes_after_every_black_move_and_the_game_then_ends() {
    for walk in walks(7) {
        let first = &walk[0];
        assert_eq!(
            first.history(),
            &[first.history()[0], reversi::rules::Move::Pass],
            "White passes by itself"
        );
        assert_eq!(first.to_move(), Player::Black);
        assert!(walk[1].is_over());
        assert_eq!(walk[1].position().empties(), 1);
    }
}

#[test]
fn lesson_8_ends_with_a_wipe_out_on_every_path() {
    let walks = walks(8);
    assert!(walks.len() >= 10, "every black reply is tried");
    for walk in walks {
        let end = walk.last().unwrap();
        assert!(end.is_over());
        assert_eq!(end.counts().black, 0);
        assert!(end.position().empties() > 40);
        assert_eq!(final_score(end), Some((0, 64)));
    }
}

#[test]
fn lesson_9_is_41_to_23_with_the_empty_square_to_black() {
    let game = LESSONS[8].steps[0].start.game(None).unwrap();
    assert_eq!(game.counts().black, 40);
    assert_eq!(game.counts().white, 23);
    assert_eq!(final_score(&game), Some((41, 23)));
}

#[test]
fn lesson_10_the_corner_turns_the_x_square_disc() {
    let position = board_of(10, 2);
    assert_eq!(flipped(&position, sq("a1")), set(&["b2", "c3"]));
    assert!(position.legal_squares().len() > 1);
}

#[test]
fn lesson_11_variants_are_the_real_ones() {
    let steps = LESSONS[10].steps;
    let free = steps[0].start.game(None).unwrap();
    assert_eq!(free.variant().opening, Opening::Free);
    assert!(free.position().placing());
    let anti = steps[1].start.game(None).unwrap().position();
    assert_eq!(anti.variant.goal, reversi::rules::Goal::FewestDiscs);
    assert_eq!(
        Task::FewestFlips.answers(&anti, &Progress::default()),
        vec![sq("c6")]
    );
    assert_eq!(flip_count(&anti, sq("c6")), 1);
    assert_eq!(steps[2].start.game(None).unwrap().variant().size(), 6);
    assert_eq!(steps[3].start.game(None).unwrap().variant().size(), 10);
    // The cross: its shape read from the board, and c3, which would outflank d4 and e5 towards
    // f6 on the square 10×10 board, is off it.
    let cross = steps[4].start.game(None).unwrap().position();
    assert_eq!(cross.variant, "10x10 othello cross".parse().unwrap());
    assert!(!cross.is_legal(sq("c3")));
    let square = Position::from_colours(
        "10x10".parse().unwrap(),
        cross.black(),
        cross.white(),
        cross.to_move,
    )
    .unwrap();
    assert_eq!(flipped(&square, sq("c3")), set(&["d4", "e5"]));
    // After four placements the centre is full and moves must outflank.
    for walk in walks(11) {
        assert!(!walk[0].position().placing());
        assert_eq!(walk[0].history().len(), 4);
    }
}

// Judging.

#[test]
fn a_wrong_first_move_is_explained_by_its_kind() {
    let start = Position::start(reversi::rules::Variant::STANDARD);
    let task = LESSONS[1].steps[0].task;
    let mut progress = Progress::default();
    assert_eq!(
        task.judge(&start, sq("d4"), &mut progress),
        Verdict::NotLegal(sq("d4"), NotLegal::Occupied)
    );
    assert_eq!(
        task.judge(&start, sq("a1"), &mut progress),
        Verdict::NotLegal(sq("a1"), NotLegal::NoNeighbour)
    );
    // c5 touches d4 (white), but the line c5-d4-e3 ends at an empty square.
    assert_eq!(
        task.judge(&start, sq("c5"), &mut progress),
        Verdict::NotLegal(sq("c5"), NotLegal::NoAnchor)
    );
    assert_eq!(
        task.judge(&start, sq("c4"), &mut progress),
        Verdict::Found(sq("c4"))
    );
    assert_eq!(
        task.judge(&start, sq("c4"), &mut progress),
        Verdict::AlreadyFound(sq("c4"))
    );
    assert!(!task.done(&progress));
    for m in ["d3", "e6", "f5"] {
        task.judge(&start, sq(m), &mut progress);
    }
    assert!(task.done(&progress));
}

#[test]
fn a_prediction_is_checked_when_the_move_is_clicked() {
    let position = board_of(6, 1);
    let task = LESSONS[5].steps[0].task;
    let mut progress = Progress::default();
    // The common mistake: all four black discs.
    for disc in ["d4", "d5", "e4", "e5"] {
        assert_eq!(
            task.judge(&position, sq(disc), &mut progress),
            Verdict::Marked(sq(disc))
        );
    }
    assert_eq!(
        task.judge(&position, sq("d3"), &mut progress),
        Verdict::Predicted {
            missed: vec![],
            wrongly: vec![sq("e5")]
        }
    );
    // Clicking a marked disc again unmarks it; an empty square means nothing.
    task.judge(&position, sq("e5"), &mut progress);
    assert_eq!(
        task.judge(&position, sq("a1"), &mut progress),
        Verdict::Nothing
    );
    assert_eq!(
        task.judge(&position, sq("d3"), &mut progress),
        Verdict::Play(sq("d3"))
    );
}

#[test]
fn a_lesson_is_named_by_its_number_or_list() {
    assert_eq!(lessons::lesson_named("4"), Some(4));
    assert_eq!(lessons::lesson_named("12"), Some(12));
    assert_eq!(lessons::lesson_named("List"), Some(0));
    assert_eq!(lessons::lesson_named("24"), Some(24));
    for bad in ["0", "25", "four", "", "-1", "4 "] {
        assert_eq!(lessons::lesson_named(bad), None, "{bad:?}");
    }
}

#[test]
fn the_progress_is_saved_as_lesson_numbers() {
    let done = Completed([1, 2, 4].into());
    assert_eq!(done.to_text(), "1 2 4");
    assert_eq!(Completed::from_text("1 2 4"), Ok(done.clone()));
    assert_eq!(done.next(), Some(3));
    // Lessons this build does not have are dropped; words are errors.
    assert_eq!(Completed::from_text("2 99"), Ok(Completed([2].into())));
    assert!(Completed::from_text("two").is_err());
    assert_eq!(Completed((1..=12).collect()).next(), Some(13));
    assert_eq!(Completed((1..=24).collect()).next(), None);
}

/// The courses cover every lesson once, in order.
#[test]
fn the_courses_are_runs_of_the_lessons() {
    let mut next = 1;
    for course in &lessons::COURSES {
        assert_eq!(course.first, next);
        next += course.count;
    }
    assert_eq!(usize::from(next - 1), LESSONS.len());
    assert_eq!(
        lessons::Course::of(13).map(|(c, place)| (c.first, place)),
        Some((13, 1))
    );
    assert_eq!(
        lessons::Course::of(12).map(|(c, place)| (c.first, place)),
        Some((1, 12))
    );
    assert!(lessons::Course::of(0).is_none());
}

/// Every legal move's score searched `depth` plies deep without pruning (exactly within 20
/// empties), best first.
pub(crate) fn scores_at(position: &Position, depth: u32) -> Vec<(Square, i32)> {
    let mut engine = reversi::ai::Engine::new(
        20,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    );
    let board = position.to_board().unwrap();
    engine
        .score_moves(&board, depth, 20)
        .unwrap()
        .into_iter()
        .map(|m| (Square::from_sq(m.square), m.score))
        .collect()
}

/// The one answer of a one-step Play lesson.
pub(crate) fn answer(lesson: usize) -> Square {
    match LESSONS[lesson - 1].steps[0].task {
        Task::Play([one]) => sq(one),
        _ => panic!("lesson {lesson} plays one move"),
    }
}

#[test]
fn lesson_13_c7_leaves_white_fewest_replies_and_is_best_at_depth_12() {
    let position = board_of(13, 1);
    assert_eq!(position.legal_squares().len(), 10, "ten moves");
    let mut replies: Vec<(usize, Square)> = position
        .legal_squares()
        .into_iter()
        .map(|s| (position.play(s).legal_squares().len(), s))
        .collect();
    replies.sort();
    assert_eq!(replies[0], (11, answer(13)));
    assert_eq!(replies[1].0, 13, "every other move leaves 13 or more");
    assert_eq!(scores_at(&position, 12)[0].0, answer(13));
}

#[test]
fn lesson_14_e8_is_the_only_quiet_move_and_best_at_depth_12_by_two_discs() {
    let position = board_of(14, 1);
    let quiet: Vec<Square> = position
        .legal_squares()
        .into_iter()
        .filter(|&s| {
            let after = position.play(s);
            flipped(&position, s).into_iter().all(|disc| {
                reversi::rules::square::DIRECTIONS.iter().all(|&(df, dr)| {
                    let (f, r) = (
                        disc.file as i32 + i32::from(df),
                        disc.rank as i32 + i32::from(dr),
                    );
                    !(0..8).contains(&f)
                        || !(0..8).contains(&r)
                        || after.colour_at(Square::new(f as u8, r as u8)).is_some()
                })
            })
        })
        .collect();
    assert_eq!(quiet, [answer(14)]);
    let scores = scores_at(&position, 12);
    assert_eq!(scores[0].0, answer(14));
    assert!(scores[0].1 - scores[1].1 > 200, "{scores:?}");
}

#[test]
fn lesson_15_h7_is_the_odd_region_and_the_only_win() {
    use reversi::rules::bits::Bits;
    let position = board_of(15, 1);
    let regions: BTreeSet<BTreeSet<Square>> = reversi::ai::puzzles::regions(&position)
        .into_iter()
        .map(|r| r.iter().map(|i| Square::from_index(i, 8)).collect())
        .collect();
    let named: BTreeSet<BTreeSet<Square>> = [
        set(&["a1", "b1", "a2", "b2"]),
        set(&["f1", "g1"]),
        set(&["a8", "b8"]),
        set(&["h7"]),
    ]
    .into();
    assert_eq!(regions, named);
    assert_eq!(position.to_move, Player::White);
    // Exact scores: h7 wins by 10, every other move loses.
    let scores = scores_at(&position, 60);
    assert_eq!(scores[0], (answer(15), 1000));
    assert!(scores[1..].iter().all(|&(_, s)| s < 0), "{scores:?}");
}

#[test]
fn lesson_16_after_f5_perpendicular_beats_diagonal_beats_parallel_at_depth_12() {
    let position = board_of(16, 1);
    let scores = scores_at(&position, 12);
    let order: Vec<Square> = scores.iter().map(|&(s, _)| s).collect();
    assert_eq!(order, [sq("d6"), sq("f6"), sq("f4")], "{scores:?}");
    assert_eq!(answer(16), sq("d6"));
}

/// The discs of each colour (Black's, White's) that some line of play from `position` turns:
/// every continuation played out, passes included (a naive walk over the rules' positions).
fn ever_turned(position: &Position) -> (BTreeSet<Square>, BTreeSet<Square>) {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![*position];
    let (mut black, mut white) = (BTreeSet::new(), BTreeSet::new());
    while let Some(p) = stack.pop() {
        if !seen.insert(p) {
            continue;
        }
        if !p.has_move() {
            if !p.is_over() {
                stack.push(p.pass());
            }
            continue;
        }
        for square in p.legal_squares() {
            let turned = flipped(&p, square);
            match p.to_move {
                Player::Black => white.extend(turned),
                Player::White => black.extend(turned),
            }
            stack.push(p.play(square));
        }
    }
    (black, white)
}

#[test]
fn lesson_17_the_discs_to_find_are_exactly_the_black_discs_no_line_of_play_turns() {
    let position = board_of(17, 1);
    let Task::Find(names) = LESSONS[16].steps[0].task else {
        panic!("lesson 17 finds discs");
    };
    let (turned, _) = ever_turned(&position);
    let black: BTreeSet<Square> = (0..64)
        .map(|i| Square::from_index(i, 8))
        .filter(|&s| position.colour_at(s) == Some(Player::Black))
        .collect();
    let stable: BTreeSet<Square> = black.difference(&turned).copied().collect();
    assert_eq!(stable, set(names));
    // The engine's own count of stable discs (a lower bound) finds them all here.
    let board = position.to_board().unwrap();
    assert_eq!(
        reversi::ai::stability::stable_discs(board.player, board.opponent).count_ones(),
        6
    );
}

#[test]
fn lesson_18_d2_turns_five_d7_one_and_d7_is_best_at_depth_12_by_five_discs() {
    let position = board_of(18, 1);
    let turned = |name: &str| flipped(&position, sq(name)).len();
    let most = position
        .legal_squares()
        .into_iter()
        .filter(|&s| flipped(&position, s).len() == 5)
        .collect::<Vec<_>>();
    assert_eq!(most, [sq("d2")], "d2 alone turns five");
    assert!(
        position
            .legal_squares()
            .iter()
            .all(|&s| flipped(&position, s).len() <= 5)
    );
    assert_eq!(turned("d7"), 1);
    let scores = scores_at(&position, 12);
    assert_eq!(scores[0].0, answer(18));
    assert!(scores[0].1 - scores[1].1 > 500, "{scores:?}");
    let d2 = scores.iter().find(|m| m.0 == sq("d2")).unwrap().1;
    assert!(scores[0].1 - d2 > 800, "{scores:?}");
}

#[test]
fn lesson_19_b2_beside_whites_own_corner_is_best_at_depth_12_by_five_discs() {
    let position = board_of(19, 1);
    assert_eq!(position.to_move, Player::White);
    assert_eq!(position.colour_at(sq("a1")), Some(Player::White));
    assert_eq!(answer(19), sq("b2"), "an X-square");
    let scores = scores_at(&position, 12);
    assert_eq!(scores[0].0, answer(19));
    assert!(scores[0].1 - scores[1].1 > 500, "{scores:?}");
}

#[test]
fn lesson_20_each_move_played_is_the_only_best_one_and_a1_the_only_win() {
    let mut position = board_of(20, 1);
    let root: Vec<(Square, i32)> = position
        .legal_squares()
        .into_iter()
        .map(|s| (s, -crate::common::minimax(&position.play(s))))
        .collect();
    assert_eq!(
        root.iter()
            .filter(|&&(_, v)| v > 0)
            .map(|&(s, _)| s)
            .collect::<Vec<_>>(),
        [sq("a1")],
        "{root:?}"
    );
    for step in &LESSONS[19].steps[..4] {
        let Task::Play([name]) = step.task else {
            panic!("lesson 20 plays one move a step");
        };
        let value = crate::common::minimax(&position);
        let best: Vec<Square> = position
            .legal_squares()
            .into_iter()
            .filter(|&s| -crate::common::minimax(&position.play(s)) == value)
            .collect();
        assert_eq!(best, [sq(name)], "the only best move");
        position = position.play(sq(name));
    }
    assert!(position.is_over());
    let counts = position.counts();
    assert_eq!((counts.black, counts.white), (34, 30));
}

#[test]
fn lesson_21_a5_wedges_between_black_edge_discs_and_is_best_at_depth_12_by_ten_discs() {
    let position = board_of(21, 1);
    assert_eq!(position.to_move, Player::White);
    assert_eq!(answer(21), sq("a5"));
    assert_eq!(position.colour_at(sq("a4")), Some(Player::Black));
    assert_eq!(position.colour_at(sq("a6")), Some(Player::Black));
    // The only such gap on the edges.
    let edge_gaps: Vec<Square> = position
        .legal_squares()
        .into_iter()
        .filter(|s| {
            let (f, r) = (s.file as i32, s.rank as i32);
            let along = match (f == 0 || f == 7, r == 0 || r == 7) {
                (true, false) => [(f, r - 1), (f, r + 1)],
                (false, true) => [(f - 1, r), (f + 1, r)],
                _ => return false,
            };
            along.iter().all(|&(f, r)| {
                position.colour_at(Square::new(f as u8, r as u8)) == Some(Player::Black)
            })
        })
        .collect();
    assert_eq!(edge_gaps, [sq("a5")]);
    let scores = scores_at(&position, 12);
    assert_eq!(scores[0].0, answer(21));
    assert!(scores[0].1 - scores[1].1 > 1000, "{scores:?}");
}
