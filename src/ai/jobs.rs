//! The engine work the game asks for (its AI player's move, hints, a game review) as jobs that
//! report as they go. On the desktop a job runs on a thread of the async pool; in the browser it
//! runs in a Web Worker, so jobs and reports also have a one-line text form to cross into it.
//!
//! A job ends with [`Report::Done`] unless it was cancelled (the cancel flag, or the worker
//! terminated). Every report is handed to `emit`; when `emit` returns `false` (nobody listens any
//! more) the job stops.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::{Engine, Level, MoveScore, front};
use crate::rules::{Game, Move, Player, Position, Square};

/// Deepest midgame iteration for hints.
pub const HINT_MAX_DEPTH: u32 = 14;
/// Hints are exact from this many empties (after the hinted move).
pub const HINT_EXACT_EMPTIES: u32 = 16;
/// Table size for hint searches: 2^20 entries per table.
const HINT_TABLE_BITS: u32 = 20;
const REVIEW_TABLE_BITS: u32 = 20;

/// How deep a game's review searches, as the player chooses: a midgame depth, and exact from a
/// number of empties. Normal reviews a 60-move game of 8×8 Othello in well under a minute on two
/// cores (docs/engine.md gives the times).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ReviewDepth {
    Quick,
    #[default]
    Normal,
    Deep,
}

impl ReviewDepth {
    pub const ALL: [ReviewDepth; 3] = [ReviewDepth::Quick, ReviewDepth::Normal, ReviewDepth::Deep];

    /// The midgame depth of the searches.
    pub const fn depth(self) -> u32 {
        match self {
            ReviewDepth::Quick => 8,
            ReviewDepth::Normal => 10,
            ReviewDepth::Deep => 12,
        }
    }

    /// Positions with this many empties or fewer are reviewed exactly.
    pub const fn exact_empties(self) -> u32 {
        match self {
            ReviewDepth::Quick => 14,
            ReviewDepth::Normal => 16,
            ReviewDepth::Deep => 18,
        }
    }

    /// Its name in saves, the worker's lines and the command line.
    pub const fn key(self) -> &'static str {
        match self {
            ReviewDepth::Quick => "quick",
            ReviewDepth::Normal => "normal",
            ReviewDepth::Deep => "deep",
        }
    }
}

impl std::str::FromStr for ReviewDepth {
    type Err = String;

    fn from_str(text: &str) -> Result<ReviewDepth, String> {
        ReviewDepth::ALL
            .into_iter()
            .find(|d| d.key() == text)
            .ok_or_else(|| format!("'{text}' is not a review depth (quick, normal or deep)"))
    }
}

/// A placed move to review: its index in the game's history, the position before it (of any
/// variant), the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedMove {
    pub index: usize,
    pub position: Position,
    pub square: Square,
}

/// What one placed move was worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReview {
    /// Index into the game's history.
    pub index: usize,
    pub player: Player,
    /// The position's evaluation before the move, from black's view (hundredths of a disc).
    pub eval_black: i32,
    /// How many hundredths of a disc the move lost against the best move (0 for the best).
    pub loss: i32,
    pub exact: bool,
    /// The best move there (the first of the best when several score the same).
    pub best: Square,
    /// The expected line from there, the best move first (its first [`LINE_SHOWN`] moves; passes
    /// left out, as the rules make them).
    pub line: Vec<Square>,
}

/// How many moves of a review's expected line it keeps.
pub const LINE_SHOWN: usize = 8;

/// The positions before each placed move of `game`, with the move's index in the history: what
/// [`Job::Review`] reviews.
pub fn placed_moves(game: &Game) -> Vec<PlacedMove> {
    let mut position = game.start();
    let mut moves = Vec::new();
    for (index, m) in game.history().iter().enumerate() {
        match m {
            Move::Play(square) => {
                moves.push(PlacedMove {
                    index,
                    position,
                    square: *square,
                });
                position = position.play(*square);
            }
            Move::Pass => position = position.pass(),
        }
    }
    moves
}

/// Every placed move of `game` reviewed at `depth` on this thread, in the game's order: what
/// [`Job::Review`] reports for [`placed_moves`].
pub fn review_game(game: &Game, depth: ReviewDepth) -> Vec<MoveReview> {
    let moves = placed_moves(game);
    let mut reviews = Vec::new();
    Job::Review { moves, depth }.run(&Arc::new(AtomicBool::new(false)), |report| {
        if let Report::Review(review) = report {
            reviews.push(review);
        }
        true
    });
    reviews.sort_by_key(|r| r.index);
    reviews
}

/// The costliest move of `side` among `reviews` (the first of equals), if any lost discs.
pub fn costliest(reviews: &[MoveReview], side: Player) -> Option<&MoveReview> {
    reviews
        .iter()
        .filter(|r| r.player == side && r.loss > 0)
        .min_by_key(|r| (std::cmp::Reverse(r.loss), r.index))
}

/// Work for the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// The loss of each placed move against the best one, the last move first (so the table's
    /// endgame knowledge helps earlier positions); reports [`Report::Review`] for each.
    Review {
        moves: Vec<PlacedMove>,
        depth: ReviewDepth,
    },
    /// The move `level` plays in a position of any variant (within `budget` when a clock runs;
    /// the 8×8 engine plays standard Othello, the generic engine the rest); reports
    /// [`Report::Placed`].
    VariantMove {
        position: Position,
        level: Level,
        seed: u64,
        budget: Option<Duration>,
    },
    /// Deepening scores of every legal move in a position of any variant (standard Othello by
    /// the 8×8 engine) until all are exact or the depth cap; reports [`Report::VariantHints`]
    /// after each iteration.
    VariantHints { position: Position },
}

/// What a job found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    Review(MoveReview),
    /// A variant move job's move (`None`: the side to move has none).
    Placed(Option<Square>),
    /// One finished variant hint iteration: its depth and every move's score, best first.
    VariantHints {
        depth: u32,
        scores: Vec<MoveScore>,
    },
    /// The job could not be read (the text form only).
    Failed(String),
    /// The job finished.
    Done,
}

impl Job {
    /// Runs the job, handing each report to `emit`, until it is done, `cancel` is set or `emit`
    /// returns `false`.
    pub fn run(self, cancel: &Arc<AtomicBool>, mut emit: impl FnMut(Report) -> bool) {
        let finished = match self {
            Job::Review { moves, depth } => run_review(moves, depth, cancel, &mut emit),
            Job::VariantMove {
                position,
                level,
                seed,
                budget,
            } => {
                let best = front::choose_move(&position, level, seed, cancel.clone(), budget);
                emit(Report::Placed(best))
            }
            Job::VariantHints { position } => run_variant_hints(position, cancel, &mut emit),
        };
        if finished && !cancel.load(Ordering::Relaxed) {
            emit(Report::Done);
        }
    }
}

/// Deepening hints of a position of any variant (the 8×8 engine's tables, made only for a
/// position it plays, kept from depth to depth).
fn run_variant_hints(
    position: Position,
    cancel: &Arc<AtomicBool>,
    emit: &mut impl FnMut(Report) -> bool,
) -> bool {
    if !position.has_move() {
        return true;
    }
    let mut engine = None;
    for depth in 1..=HINT_MAX_DEPTH.min(position.empties()) {
        let Some((scores, _)) = front::score_moves(
            || engine.get_or_insert_with(|| Engine::new(HINT_TABLE_BITS, cancel.clone())),
            cancel,
            &position,
            depth,
            HINT_EXACT_EMPTIES,
            HINT_TABLE_BITS,
        ) else {
            return false;
        };
        let all_exact = scores.iter().all(|m| m.exact);
        if !emit(Report::VariantHints { depth, scores }) || cancel.load(Ordering::Relaxed) {
            return false;
        }
        if all_exact {
            break;
        }
    }
    true
}

fn run_review(
    moves: Vec<PlacedMove>,
    depth: ReviewDepth,
    cancel: &Arc<AtomicBool>,
    emit: &mut impl FnMut(Report) -> bool,
) -> bool {
    let mut engine = None;
    for placed in moves.into_iter().rev() {
        let position = placed.position;
        // The 8×8 engine's tables, made for the first position it plays, kept from move to move.
        let Some((scores, _)) = front::score_moves(
            || engine.get_or_insert_with(|| Engine::new(REVIEW_TABLE_BITS, cancel.clone())),
            cancel,
            &position,
            depth.depth(),
            depth.exact_empties(),
            REVIEW_TABLE_BITS,
        ) else {
            return false;
        };
        let Some(best) = scores.first() else { continue };
        let played_score = scores
            .iter()
            .find(|m| m.square == placed.square)
            .map_or(best.score, |m| m.score);
        let sign = if position.to_move == Player::Black {
            1
        } else {
            -1
        };
        let review = MoveReview {
            index: placed.index,
            player: position.to_move,
            eval_black: sign * best.score,
            loss: (best.score - played_score).max(0),
            exact: best.exact,
            best: best.square,
            line: best.pv.iter().copied().take(LINE_SHOWN).collect(),
        };
        if !emit(Report::Review(review)) || cancel.load(Ordering::Relaxed) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Board;

    /// The placed moves of a transcript, each with the position it was played in.
    fn placed_moves(transcript: &str) -> Vec<PlacedMove> {
        let game =
            crate::rules::notation::parse_transcript(transcript, crate::rules::Variant::STANDARD)
                .unwrap();
        super::placed_moves(&game)
    }

    /// Runs `job` to its end and returns its reports.
    fn reports_of(job: Job) -> Vec<Report> {
        let mut reports = Vec::new();
        job.run(&Arc::new(AtomicBool::new(false)), |r| {
            reports.push(r);
            true
        });
        reports
    }

    #[test]
    fn a_move_job_in_standard_othello_reports_a_legal_move_then_done() {
        let position = Position::start(crate::rules::Variant::STANDARD);
        let reports = reports_of(Job::VariantMove {
            position,
            level: Level::Intermediate,
            seed: 7,
            budget: None,
        });
        let [Report::Placed(Some(cell)), Report::Done] = reports[..] else {
            panic!("{reports:?}")
        };
        assert!(position.is_legal(cell));
    }

    #[test]
    fn standard_hints_deepen_until_exact_and_stop_when_nobody_listens() {
        // 10 empties: every hint is exact at once.
        let mut board = Board::start();
        while board.empty_count() > 10 || board.legal_moves() == 0 {
            board = match crate::rules::squares(board.legal_moves()).last() {
                Some(square) => board.play(square),
                None => board.pass(),
            };
        }
        let position = Position::from_board(board, Player::Black);
        let reports = reports_of(Job::VariantHints { position });
        let [Report::VariantHints { ref scores, .. }, Report::Done] = reports[..] else {
            panic!("{reports:?}")
        };
        assert_eq!(scores.len(), position.legal_squares().len());
        assert!(scores.iter().all(|m| m.exact));

        let mut count = 0;
        Job::VariantHints {
            position: Position::start(crate::rules::Variant::STANDARD),
        }
        .run(&Arc::new(AtomicBool::new(false)), |_| {
            count += 1;
            false
        });
        assert_eq!(count, 1, "a refused report ends the job, without Done");
    }

    #[test]
    fn a_review_reports_every_placed_move_then_done() {
        let moves = placed_moves("f5d6c3d3c4f4");
        let mut reports = Vec::new();
        let depth = ReviewDepth::Normal;
        Job::Review { moves, depth }.run(&Arc::new(AtomicBool::new(false)), |r| {
            reports.push(r);
            true
        });
        let indices: Vec<usize> = reports
            .iter()
            .filter_map(|r| match r {
                Report::Review(r) => Some(r.index),
                _ => None,
            })
            .collect();
        assert_eq!(indices, vec![5, 4, 3, 2, 1, 0]);
        assert_eq!(reports.last(), Some(&Report::Done));
    }

    #[test]
    fn variant_jobs_report_a_legal_move_and_deepening_hints() {
        let position = crate::rules::notation::parse_transcript(
            "e4e3f2e5c2e2c5b4f6c1a4b5d2f1b6f4e1d1b2e6",
            "6 othello".parse().unwrap(),
        )
        .unwrap()
        .position();
        let reports = reports_of(Job::VariantMove {
            position,
            level: Level::Advanced,
            seed: 1,
            budget: None,
        });
        let [Report::Placed(Some(cell)), Report::Done] = reports[..] else {
            panic!("{reports:?}")
        };
        assert!(position.is_legal(cell));
        // 12 empties: exact from the first iteration.
        let reports = reports_of(Job::VariantHints { position });
        let [Report::VariantHints { ref scores, .. }, Report::Done] = reports[..] else {
            panic!("{reports:?}")
        };
        assert_eq!(scores.len(), position.legal_squares().len());
        assert!(scores.iter().all(|m| m.exact));
        assert!(scores.windows(2).all(|w| w[0].score >= w[1].score));
    }

    /// The cancel paths: a job whose flag is set while it runs (from its own reports, so the
    /// moment is exact) stops without `Done`; a move job still answers with a legal move.
    #[test]
    fn a_cancelled_job_stops_without_done() {
        let moves = placed_moves("f5d6c3d3c4f4f6f3e6e7");
        let jobs = [
            Job::VariantHints {
                position: Position::start(crate::rules::Variant::STANDARD),
            },
            Job::Review {
                moves,
                depth: ReviewDepth::Quick,
            },
        ];
        for job in jobs {
            let cancel = Arc::new(AtomicBool::new(false));
            let mut reports = Vec::new();
            job.clone().run(&cancel, |r| {
                reports.push(r);
                // Cancelled after the first report, as the game's drop would.
                cancel.store(true, Ordering::Relaxed);
                true
            });
            assert_eq!(reports.len(), 1, "{job:?}: {reports:?}");
            assert_ne!(reports[0], Report::Done);
        }
        // Cancelled before it starts: a move job still names a legal move, and says nothing more.
        let position = Position::start(crate::rules::Variant::STANDARD)
            .play(Square::from_sq("f5".parse().unwrap()));
        for level in [Level::Beginner, Level::Expert, Level::Maximum] {
            let mut reports = Vec::new();
            Job::VariantMove {
                position,
                level,
                seed: 3,
                budget: None,
            }
            .run(&Arc::new(AtomicBool::new(true)), |r| {
                reports.push(r);
                true
            });
            let [Report::Placed(Some(cell))] = reports[..] else {
                panic!("{level}: {reports:?}")
            };
            assert!(position.is_legal(cell), "{level}: {cell}");
        }
    }
}
