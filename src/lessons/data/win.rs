//! "Learn to win": strategy, lessons 13–24, from real positions of WTHOR games.

use super::{Lesson, Start, Step, Task, step};

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

/// Lessons 13–24.
pub(super) const LESSONS: [Lesson; 12] = [
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
