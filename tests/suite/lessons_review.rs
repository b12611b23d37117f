//! The last lessons of "Learn to win": tempo, reading the hints and the analysis, and reviewing a
//! lost game. Every claim their words make is checked here against the rules, the engine (12
//! plies deep) and the game's analysis, the same job the game runs in a lesson (at the quick
//! depth, whatever the player's setting).

use reversi::ai::jobs::{MoveReview, costliest};
use reversi::lessons::{LESSONS, Start, Task};
use reversi::rules::{Game, Move, Player, Square};

use super::lessons::{answer, board_of, flipped, scores_at};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

const CORNERS: [&str; 4] = ["a1", "h1", "a8", "h8"];

/// The analysis of `game` as the game runs it: every placed move's loss against the best.
fn analysis(game: &Game) -> Vec<MoveReview> {
    reversi::ai::jobs::review_game(game, reversi::ai::jobs::ReviewDepth::Quick)
}

/// A reviewed step's board, as the lesson puts it up once the analysis is in: the game taken back
/// before the loser's costliest move; with the analysis's better move.
pub(crate) fn reviewed(start: Start) -> (Game, Square) {
    let game = start.game(None).expect("a reviewed game reads");
    let loser = game.outcome().unwrap().winner.unwrap().opponent();
    let reviews = analysis(&game);
    let worst = costliest(&reviews, loser).expect("the loser lost discs somewhere");
    (game.taken_back_to(worst.index), worst.best)
}

/// Whether the side to move in `position` can take a corner.
fn corner_for_mover(position: &reversi::rules::Position) -> bool {
    CORNERS.iter().any(|c| position.is_legal(sq(c)))
}

#[test]
fn lesson_22_b3_turns_two_leaves_white_only_corner_giving_moves_and_is_best_by_six_discs() {
    let position = board_of(22, 1);
    assert_eq!(position.to_move, Player::Black);
    let moves = position.legal_squares();
    assert_eq!(moves.len(), 8, "eight moves");
    assert!(!corner_for_mover(&position), "no corner among them");
    // After b3 or a4 every White reply gives Black a corner (after any other move White has a
    // safe reply); b3 turns two discs, a4 six.
    let only_corners_left: Vec<Square> = moves
        .iter()
        .copied()
        .filter(|&m| {
            let after = position.play(m);
            !after.legal_squares().is_empty()
                && after
                    .legal_squares()
                    .into_iter()
                    .all(|reply| corner_for_mover(&after.play(reply)))
        })
        .collect();
    assert_eq!(only_corners_left, [sq("b3"), sq("a4")]);
    assert_eq!(answer(22), sq("b3"));
    assert_eq!(flipped(&position, sq("b3")).len(), 2);
    assert_eq!(flipped(&position, sq("a4")).len(), 6);
    let scores = scores_at(&position, 12);
    assert_eq!(scores[0].0, answer(22));
    assert!(
        scores[0].1 - scores[1].1 > 600,
        "nearly eight discs: {scores:?}"
    );
}

#[test]
fn lesson_23_the_highest_number_is_f3_by_four_discs_and_c8_turns_most_and_is_lowest() {
    let step = &LESSONS[22].steps[0];
    assert!(step.numbers, "the board shows the hint numbers");
    let position = board_of(23, 1);
    assert_eq!(position.to_move, Player::White);
    let scores = scores_at(&position, 12);
    assert_eq!(answer(23), sq("f3"));
    assert_eq!(scores[0].0, answer(23));
    assert!(scores[0].1 - scores[1].1 > 400, "{scores:?}");
    // Half a disc either side of even.
    assert!(scores[0].1.abs() <= 100, "about even: {scores:?}");
    let most = position
        .legal_squares()
        .into_iter()
        .max_by_key(|&m| flipped(&position, m).len())
        .unwrap();
    assert_eq!(most, sq("c8"));
    assert_eq!(flipped(&position, most).len(), 5);
    let fewer = position
        .legal_squares()
        .into_iter()
        .filter(|&m| m != most)
        .all(|m| flipped(&position, m).len() < 5);
    assert!(fewer, "c8 alone turns five");
    assert_eq!(
        scores.last().unwrap().0,
        most,
        "the lowest number: {scores:?}"
    );
}

#[test]
fn the_example_game_black_lost_turns_at_move_37_e1_where_b5_kept_it_level() {
    let review = &LESSONS[22].steps[1];
    let own = &LESSONS[23].steps[0];
    assert!(matches!(review.task, Task::Review) && matches!(own.task, Task::Review));
    let (
        Start::Review {
            example,
            own: false,
        },
        Start::Review {
            example: same,
            own: true,
        },
    ) = (review.start, own.start)
    else {
        panic!("lesson 23 reviews the example, lesson 24 the learner's game");
    };
    assert_eq!(
        example, same,
        "the learner without a lost game gets the same example"
    );
    let game = review.start.game(None).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Player::White));
    assert_eq!(outcome.written_score(game.variant()), (25, 39));
    // The analysis (the game's own job) finds Black's costliest move: the 37th, e1, better b5.
    let reviews = analysis(&game);
    let worst = costliest(&reviews, Player::Black).unwrap();
    assert_eq!(game.plays_before(worst.index) + 1, 37);
    assert_eq!(game.history()[worst.index], Move::Play(sq("e1")));
    assert_eq!(worst.best, sq("b5"));
    assert!(worst.loss >= 300, "an orange cross on the graph: {worst:?}");
    // Searched 12 plies deep: b5 is Black's best move by more than two discs, about level, and
    // e1 loses at least three discs against it.
    let (before, better) = reviewed(review.start);
    let position = before.position();
    assert_eq!(better, sq("b5"));
    let scores = scores_at(&position, 12);
    assert_eq!(scores[0].0, better);
    assert!(scores[0].1 - scores[1].1 > 200, "{scores:?}");
    assert!(scores[0].1.abs() <= 100, "level: {scores:?}");
    let e1 = scores.iter().find(|(m, _)| *m == sq("e1")).unwrap().1;
    assert!(scores[0].1 - e1 >= 300, "{scores:?}");
    // The rest of the game stays to redo, so the graph still shows all of it.
    let mut line = before.clone();
    while line.redo().is_some() {}
    assert_eq!(line.history(), game.history());
}
