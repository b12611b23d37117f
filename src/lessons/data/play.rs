//! "Learn to play": the rules, lessons 1–12, from the rule books' examples.

use super::{Lesson, Start, Step, Task, step};

const START: Start = Start::Initial {
    size: 8,
    rules: "othello",
};

/// The Italian book's multidirectional capture: Black's f6 turns b6, c6, d6, e6 (west), e5 and d4
/// (north-west), f5 (north), g5 (north-east), f7 (south) and e7 (south-west).
const TEN_DISCS: &str = "------------------X--------OXX-X---OOOO-XOOOO-------OO-----X-X-- X";

/// The Italian book's g4: e4 and f4 turn up to Black's d4 (c4 lies beyond it), f5 up to e6 (d7
/// lies beyond it); e5 ends up between black discs but is not in line with g4.
const IN_LINE: &str = "-------------------------XOXOO-----OOO------X------O------X----- X";

/// The Dutch book's figure 5: White's d3 or e3 turns three of Black's four discs; the fourth,
/// surrounded by white discs, stays black.
const FIGURE_5: &str = "------------------O--O----OXXO----OXXO----OOOO------------------ O";

/// Every move Black has here leaves White without a move: White passes, Black moves again.
const WHITE_PASSES: &str = "XXXXXXX-XXXXXXO-OOOOOXXXOOOOXXOXOOOXXOOXXOXXOOOXOXXOOOOX-XXXXXXX X";

/// Where that game ends (after a8, White's pass, h1): neither side can move, one square empty.
const FINISHED: &str = "XXXXXXXXXXXXXXX-OOOOOXXXOOOOXXOXOOOXXOOXXOXXOOOXXXXOOOOXXXXXXXXX X";

/// Black can take the corner a1, turning White's discs on the X-square b2 and on c3.
const CORNER: &str = "---------O--O----OO-O---XOXXOOX--O-OOO---OOOOO-----XOOX------O-- X";

/// Anti-reversi after e6 f4 g3 f6 g6 d6: Black's moves turn one to three discs.
const ANTI: &str = "----------------------X----OOX-----OO------OXXX----------------- X";

/// The cross of Annexation, the game's ancestor (10×10 without its 3×3 corners; `#` is off the
/// board): on the square board c3 would outflank d4 and e5 towards f6, but c3 is not on the cross.
const CROSS: &str = "###----######----######----###--OOX--------OOX--------XX--------------###----######----######----### X";

/// Lessons 1–12.
pub(super) const LESSONS: [Lesson; 12] = [
    Lesson {
        title: "lesson-1-title",
        intro: "lesson-1-intro",
        steps: &[
            step(
                START,
                Task::Find(&["d4", "e5"]),
                "lesson-1-1",
                "lesson-1-1-done",
            ),
            step(
                Start::Continue,
                Task::Find(&["f3"]),
                "lesson-1-2",
                "lesson-1-2-done",
            ),
        ],
    },
    Lesson {
        title: "lesson-2-title",
        intro: "lesson-2-intro",
        steps: &[step(
            START,
            Task::FindMoves(&["c4", "d3", "e6", "f5"]),
            "lesson-2-1",
            "lesson-2-1-done",
        )],
    },
    Lesson {
        title: "lesson-3-title",
        intro: "lesson-3-intro",
        steps: &[
            step(START, Task::Play(&["d3"]), "lesson-3-1", "lesson-3-1-done"),
            step(
                Start::Continue,
                Task::FindMoves(&["c3", "e3", "c5"]),
                "lesson-3-2",
                "lesson-3-2-done",
            ),
        ],
    },
    Lesson {
        title: "lesson-4-title",
        intro: "lesson-4-intro",
        steps: &[step(
            Start::Board {
                rules: "othello",
                board: TEN_DISCS,
            },
            Task::Predict {
                play: "f6",
                turns: &["b6", "c6", "d6", "e6", "d4", "e5", "f5", "g5", "f7", "e7"],
            },
            "lesson-4-1",
            "lesson-4-1-done",
        )],
    },
    Lesson {
        title: "lesson-5-title",
        intro: "lesson-5-intro",
        steps: &[step(
            Start::Board {
                rules: "othello",
                board: IN_LINE,
            },
            Task::Predict {
                play: "g4",
                turns: &["e4", "f4", "f5"],
            },
            "lesson-5-1",
            "lesson-5-1-done",
        )],
    },
    Lesson {
        title: "lesson-6-title",
        intro: "lesson-6-intro",
        steps: &[step(
            Start::Board {
                rules: "othello",
                board: FIGURE_5,
            },
            Task::Predict {
                play: "d3",
                turns: &["d4", "d5", "e4"],
            },
            "lesson-6-1",
            "lesson-6-1-done",
        )],
    },
    Lesson {
        title: "lesson-7-title",
        intro: "lesson-7-intro",
        steps: &[
            step(
                Start::Board {
                    rules: "othello",
                    board: WHITE_PASSES,
                },
                Task::PlayAny(1),
                "lesson-7-1",
                "lesson-7-1-done",
            ),
            step(
                Start::Continue,
                Task::PlayAny(1),
                "lesson-7-2",
                "lesson-7-2-done",
            ),
        ],
    },
    Lesson {
        title: "lesson-8-title",
        intro: "lesson-8-intro",
        steps: &[
            step(
                Start::Board {
                    rules: "othello",
                    board: FIGURE_5,
                },
                Task::Play(&["d3", "e3"]),
                "lesson-8-1",
                "lesson-8-1-done",
            ),
            step(
                Start::Continue,
                Task::PlayAny(1),
                "lesson-8-2",
                "lesson-8-2-done",
            ),
            Step {
                not_this: Some("lesson-8-3-not"),
                ..step(
                    Start::Continue,
                    Task::EndGame,
                    "lesson-8-3",
                    "lesson-8-3-done",
                )
            },
        ],
    },
    Lesson {
        title: "lesson-9-title",
        intro: "lesson-9-intro",
        steps: &[Step {
            not_this: Some("lesson-9-1-not"),
            ..step(
                Start::Board {
                    rules: "othello",
                    board: FINISHED,
                },
                Task::Score(&[(40, 23), (41, 23), (40, 24)]),
                "lesson-9-1",
                "lesson-9-1-done",
            )
        }],
    },
    Lesson {
        title: "lesson-10-title",
        intro: "lesson-10-intro",
        steps: &[
            step(
                START,
                Task::Find(&["b2", "g2", "b7", "g7"]),
                "lesson-10-1",
                "lesson-10-1-done",
            ),
            Step {
                not_this: Some("lesson-10-2-not"),
                ..step(
                    Start::Board {
                        rules: "othello",
                        board: CORNER,
                    },
                    Task::Play(&["a1"]),
                    "lesson-10-2",
                    "lesson-10-2-done",
                )
            },
        ],
    },
    Lesson {
        title: "lesson-11-title",
        intro: "lesson-11-intro",
        steps: &[
            step(
                Start::Initial {
                    size: 8,
                    rules: "classic",
                },
                Task::PlayAny(4),
                "lesson-11-1",
                "lesson-11-1-done",
            ),
            Step {
                not_this: Some("lesson-11-2-not"),
                ..step(
                    Start::Board {
                        rules: "anti",
                        board: ANTI,
                    },
                    Task::FewestFlips,
                    "lesson-11-2",
                    "lesson-11-2-done",
                )
            },
            step(
                Start::Initial {
                    size: 6,
                    rules: "othello",
                },
                Task::FindMoves(&["b3", "c2", "d5", "e4"]),
                "lesson-11-3",
                "lesson-11-3-done",
            ),
            step(
                Start::Initial {
                    size: 10,
                    rules: "othello",
                },
                Task::PlayAny(1),
                "lesson-11-4",
                "lesson-11-4-done",
            ),
            step(
                Start::Board {
                    rules: "othello",
                    board: CROSS,
                },
                Task::FindMoves(&["b4", "c5", "c6"]),
                "lesson-11-5",
                "lesson-11-5-done",
            ),
        ],
    },
    Lesson {
        title: "lesson-12-title",
        intro: "lesson-12-intro",
        steps: &[step(
            START,
            Task::FirstGame,
            "lesson-12-1",
            "lesson-12-1-done",
        )],
    },
];
