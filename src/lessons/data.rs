//! The course. Each lesson's positions come from the rule books' examples: the start and its
//! first moves (all four books), the Italian book's ten-disc f6 and its g4, the Dutch book's
//! figure 5 (a flipped disc flips nothing; the game that ends early), its corner, X- and C-square
//! names, the English books' scoring and time rules, and the variants the books name. Where a
//! book shows only part of a position, the board here is one that shows exactly what it says; the
//! tests check every claim against the rules. "Learn to win" takes real positions from WTHOR
//! games; the tests check each of its claims against the engine (depth 12, or the exact solver).

use super::{Course, Lesson, Start, Step, Task};

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

/// Black to move, ten moves: c7 leaves White 11 replies, every other move 13 or more (from a
/// WTHOR game).
const MOBILITY: &str = "-----O-----OOO----OOOOX---OOOX----OOXXX---OOXX-----XXX----X----- X";

/// Black to move: e8 is the only move that turns no disc next to an empty square (from a WTHOR
/// game).
const QUIET: &str = "--X-OO-----OOO----OOXOOO--OOOXXX--OOXXX--XXOXX----XOXX----XO---- X";

/// White to move, nine empties in four regions: a1 b1 a2 b2, f1 g1, a8 b8, and h7 alone; h7 is
/// the only winning move (endgame puzzle 87, from a WTHOR game).
const PARITY: &str = "--XXX--O--XXOXXXXXXXXOXXXXXXOXXXXXXOXXXXXOOXXXXOXOOOOOX---XXXXXX O";

/// Black to move, ten empties: h1 to h6 (the corner and the edge run from it) are Black's only
/// stable discs (endgame puzzle 126, from a WTHOR game).
const STABLE: &str = "---XOX-XO-XOOXXX-OOXOXXXOOOOXXXXOOOXOXXXOOXOOOXX-XOOOOO---OOOOOO X";

/// Black to move against White's wall: d2 turns five discs, d7 one, and d7 is the best move by
/// far (from a WTHOR game).
const WALL: &str = "------------O-----OOOOO---OOOO---XXOOXX---XXOXX-----O----------- X";

/// White to move, holding the corner a1: the X-square b2 beside it is White's best move by more
/// than five discs (from a WTHOR game).
const X_SQUARE: &str = "OOOOOO--X-XOXO--OXOXXXX-OOXOXXO-OOXXXX--OOOX----O---X----------- O";

/// Black to move, four empties (a1 b1, h1 h2): a1 is the only winning move, and best play goes
/// a1 b1 h1 h2 to 34–30 (from a WTHOR game).
const FIRST_ENDGAME: &str = "--OOOOO-OOOOXOO-OXXXOOOOOXXOOXOOOXOOOXXOOOOOOOXOOOOOOOOOXXXXXXXO X";

/// White to move: a5, between Black's a4 and a6, wedges into Black's edge and is White's best
/// move by more than ten discs (from a WTHOR game).
const WEDGE: &str = "-XXXXXX---XOXX-X-XOXXOXXXXOXXXXX-XOOOXXXXXOOOOXX--OOOOO---OOO--- O";

/// Black to move, eight moves and no corner among them: after b3 (two discs turned) or a4 (six)
/// every move White has gives Black a corner; after any other White has a safe one. b3 is the
/// best move by nearly eight discs (from a WTHOR game).
const TEMPO: &str = "--X-OOO----XXOO---XXXOOX-OOOOOOX--OOXXOX--OOXOXX---XOX-X--XXX--- X";

/// White to move: f3 is the best move by more than four discs; c8, which turns the most discs
/// (five), is the worst by far (from a WTHOR game).
const NUMBERS: &str = "---XXO----OOX-----OOX-O---XXOXXO--XXXOO---XXOOO---XX-------X---- O";

/// A game Black lost 25–39 (the engine's Intermediate against its Advanced, from a balanced
/// opening): Black's costliest move is its 37th, e1, where b5 kept the game level.
const LOST_GAME: &str = "f5f4c3c6g3c4e3g5g6f3f2g4h3d2d6h4e2f1c1d1d3f6h5c5e6c7d7e8d8c8e7f8b4f7g7b3e1b1g2h8b5a6c2b6a5a3a4h7b7h6b8h1g1b2g8h2a1a2a7a8";

/// The start after Black's f5: White's perpendicular d6, diagonal f6 or parallel f4.
const AFTER_F5: &str = "---------------------------OX------XXX-------------------------- O";

const fn step(start: Start, task: Task, text: &'static str, done: &'static str) -> Step {
    Step {
        start,
        task,
        text,
        done,
        not_this: None,
        numbers: false,
    }
}

/// The courses: "Learn to play" (the rules), then "Learn to win" (strategy), each a run of
/// [`LESSONS`].
pub static COURSES: [Course; 2] = [
    Course {
        title: "course-play",
        first: 1,
        count: 12,
    },
    Course {
        title: "course-win",
        first: 13,
        count: 12,
    },
];

/// The lessons, in order: lesson n is `LESSONS[n - 1]`.
pub static LESSONS: [Lesson; 24] = [
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
    Lesson {
        title: "lesson-13-title",
        intro: "lesson-13-intro",
        steps: &[Step {
            not_this: Some("lesson-13-1-not"),
            ..step(
                Start::Board {
                    rules: "othello",
                    board: MOBILITY,
                },
                Task::Play(&["c7"]),
                "lesson-13-1",
                "lesson-13-1-done",
            )
        }],
    },
    Lesson {
        title: "lesson-14-title",
        intro: "lesson-14-intro",
        steps: &[Step {
            not_this: Some("lesson-14-1-not"),
            ..step(
                Start::Board {
                    rules: "othello",
                    board: QUIET,
                },
                Task::Play(&["e8"]),
                "lesson-14-1",
                "lesson-14-1-done",
            )
        }],
    },
    Lesson {
        title: "lesson-15-title",
        intro: "lesson-15-intro",
        steps: &[Step {
            not_this: Some("lesson-15-1-not"),
            ..step(
                Start::Board {
                    rules: "othello",
                    board: PARITY,
                },
                Task::Play(&["h7"]),
                "lesson-15-1",
                "lesson-15-1-done",
            )
        }],
    },
    Lesson {
        title: "lesson-16-title",
        intro: "lesson-16-intro",
        steps: &[Step {
            not_this: Some("lesson-16-1-not"),
            ..step(
                Start::Board {
                    rules: "othello",
                    board: AFTER_F5,
                },
                Task::Play(&["d6"]),
                "lesson-16-1",
                "lesson-16-1-done",
            )
        }],
    },
    Lesson {
        title: "lesson-17-title",
        intro: "lesson-17-intro",
        steps: &[Step {
            not_this: Some("lesson-17-1-not"),
            ..step(
                Start::Board {
                    rules: "othello",
                    board: STABLE,
                },
                Task::Find(&["h1", "h2", "h3", "h4", "h5", "h6"]),
                "lesson-17-1",
                "lesson-17-1-done",
            )
        }],
    },
    Lesson {
        title: "lesson-18-title",
        intro: "lesson-18-intro",
        steps: &[Step {
            not_this: Some("lesson-18-1-not"),
            ..step(
                Start::Board {
                    rules: "othello",
                    board: WALL,
                },
                Task::Play(&["d7"]),
                "lesson-18-1",
                "lesson-18-1-done",
            )
        }],
    },
    Lesson {
        title: "lesson-19-title",
        intro: "lesson-19-intro",
        steps: &[Step {
            not_this: Some("lesson-19-1-not"),
            ..step(
                Start::Board {
                    rules: "othello",
                    board: X_SQUARE,
                },
                Task::Play(&["b2"]),
                "lesson-19-1",
                "lesson-19-1-done",
            )
        }],
    },
    Lesson {
        title: "lesson-20-title",
        intro: "lesson-20-intro",
        steps: &[
            Step {
                not_this: Some("lesson-20-1-not"),
                ..step(
                    Start::Board {
                        rules: "othello",
                        board: FIRST_ENDGAME,
                    },
                    Task::Play(&["a1"]),
                    "lesson-20-1",
                    "lesson-20-1-done",
                )
            },
            Step {
                not_this: Some("lesson-20-best-not"),
                ..step(
                    Start::Continue,
                    Task::Play(&["b1"]),
                    "lesson-20-2",
                    "lesson-20-2-done",
                )
            },
            Step {
                not_this: Some("lesson-20-best-not"),
                ..step(
                    Start::Continue,
                    Task::Play(&["h1"]),
                    "lesson-20-3",
                    "lesson-20-3-done",
                )
            },
            step(
                Start::Continue,
                Task::Play(&["h2"]),
                "lesson-20-4",
                "lesson-20-4-done",
            ),
            Step {
                not_this: Some("lesson-20-5-not"),
                ..step(
                    Start::Continue,
                    Task::Score(&[(33, 31), (34, 30), (36, 28), (30, 34)]),
                    "lesson-20-5",
                    "lesson-20-5-done",
                )
            },
        ],
    },
    Lesson {
        title: "lesson-21-title",
        intro: "lesson-21-intro",
        steps: &[Step {
            not_this: Some("lesson-21-1-not"),
            ..step(
                Start::Board {
                    rules: "othello",
                    board: WEDGE,
                },
                Task::Play(&["a5"]),
                "lesson-21-1",
                "lesson-21-1-done",
            )
        }],
    },
    Lesson {
        title: "lesson-22-title",
        intro: "lesson-22-intro",
        steps: &[Step {
            not_this: Some("lesson-22-1-not"),
            ..step(
                Start::Board {
                    rules: "othello",
                    board: TEMPO,
                },
                Task::Play(&["b3"]),
                "lesson-22-1",
                "lesson-22-1-done",
            )
        }],
    },
    Lesson {
        title: "lesson-23-title",
        intro: "lesson-23-intro",
        steps: &[
            Step {
                not_this: Some("lesson-23-1-not"),
                numbers: true,
                ..step(
                    Start::Board {
                        rules: "othello",
                        board: NUMBERS,
                    },
                    Task::Play(&["f3"]),
                    "lesson-23-1",
                    "lesson-23-1-done",
                )
            },
            Step {
                not_this: Some("lesson-review-not"),
                ..step(
                    Start::Review {
                        example: LOST_GAME,
                        own: false,
                    },
                    Task::Review,
                    "lesson-23-2",
                    "lesson-23-2-done",
                )
            },
        ],
    },
    Lesson {
        title: "lesson-24-title",
        intro: "lesson-24-intro",
        steps: &[Step {
            not_this: Some("lesson-review-not"),
            ..step(
                Start::Review {
                    example: LOST_GAME,
                    own: true,
                },
                Task::Review,
                "lesson-24-1",
                "lesson-24-1-done",
            )
        }],
    },
];
