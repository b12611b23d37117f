//! What the engine answers, in the rules' terms: a search's result and a move's score, on any
//! board. The 8×8 engine's own answers ([`BoardResult`], [`BoardMoveScore`]) name its bitboard's
//! squares and convert to these.

use super::search::{BoardMoveScore, BoardResult};
use crate::rules::Square;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the side to move has none.
    pub best: Option<Square>,
    /// Hundredths of a disc from the mover's view (the exact final margin × 100 when `exact`).
    pub score: i32,
    pub exact: bool,
    /// Depth of the last finished iteration (empties when exact).
    pub depth: u32,
    pub nodes: u64,
    /// The expected line, best move first.
    pub pv: Vec<Square>,
}

impl From<&BoardResult> for SearchResult {
    fn from(r: &BoardResult) -> SearchResult {
        SearchResult {
            best: r.best.map(Square::from_sq),
            score: r.score,
            exact: r.exact,
            depth: r.depth,
            nodes: r.nodes,
            pv: r.pv.iter().map(|&sq| Square::from_sq(sq)).collect(),
        }
    }
}

/// One move's score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveScore {
    pub square: Square,
    /// Hundredths of a disc from the mover's view.
    pub score: i32,
    pub exact: bool,
    /// The move, then the expected replies (the move alone where the engine keeps no line).
    pub pv: Vec<Square>,
}

impl From<&BoardMoveScore> for MoveScore {
    fn from(m: &BoardMoveScore) -> MoveScore {
        MoveScore {
            square: Square::from_sq(m.square),
            score: m.score,
            exact: m.exact,
            pv: m.pv.iter().map(|&sq| Square::from_sq(sq)).collect(),
        }
    }
}
