//! Opening practice against the book: a player's move judged by the book's values (the best, a
//! fine move within [`FINE_WITHIN`] discs, or a mistake of so many discs with the book's better
//! move), the computer's replies (a named line's own moves while the game follows it, else the
//! book's), and where a line ends.

use super::Book;
use crate::rules::openings::{find, line_length, next_in_line, slug};
use crate::rules::{Board, Sq};

/// A move this many discs below the book's best is still fine.
pub const FINE_WITHIN: i32 = 2;

/// How far below the book's best the computer's replies may be (a small choice, so lines vary).
pub const REPLY_WITHIN: i32 = 1;

/// The book's view of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The best move the book knows (or as good), with its value for the mover.
    Best { value: i32 },
    /// Within [`FINE_WITHIN`] discs of the best.
    Fine { value: i32, loss: i32, best: Sq },
    /// A mistake of `loss` discs: `best` was worth `best_value`.
    Mistake {
        value: i32,
        loss: i32,
        best: Sq,
        best_value: i32,
    },
    /// The book does not know the position or the move (past its end).
    Unknown,
}

impl Verdict {
    pub fn is_mistake(&self) -> bool {
        matches!(self, Verdict::Mistake { .. })
    }
}

/// `square` played on `board`, as the book sees it. A move left out of the book is judged by the
/// best score left out (it is at most that good).
pub fn judge(book: &Book, board: &Board, square: Sq) -> Verdict {
    let Some(entry) = book.get(board) else {
        return Verdict::Unknown;
    };
    let moves = book.moves(board);
    let Some(best) = moves.first() else {
        return Verdict::Unknown;
    };
    let best_value = i32::from(entry.value);
    let value = match moves.iter().find(|m| m.square == square) {
        Some(m) => i32::from(m.value),
        // A move out of the book scored no better than the best left out.
        None if entry.leaf != super::NO_LEAF => i32::from(entry.leaf).min(best_value),
        None => return Verdict::Unknown,
    };
    let loss = best_value - value;
    if loss <= 0 {
        Verdict::Best { value }
    } else if loss <= FINE_WITHIN {
        Verdict::Fine {
            value,
            loss,
            best: best.square,
        }
    } else {
        Verdict::Mistake {
            value,
            loss,
            best: best.square,
            best_value,
        }
    }
}

/// The computer's reply on `board` after the moves `played`: the next move of the line `name`
/// while the game follows it, else a book move within [`REPLY_WITHIN`] of the best drawn by
/// `seed` (its best where a move left out scored better); `None` where the book has none.
pub fn reply(
    book: &Book,
    board: &Board,
    played: &[Sq],
    name: Option<&str>,
    seed: u64,
) -> Option<Sq> {
    name.and_then(|name| next_in_line(name, played))
        .filter(|&square| board.legal_moves() & square.bit() != 0)
        .or_else(|| book.choose(board, REPLY_WITHIN, seed))
        // Where a move left out scored better, still the book's best: the line stays in the book.
        .or_else(|| book.moves(board).first().map(|m| m.square))
}

/// Whether a practice line has ended after the moves `played`, with `board` to move: a named
/// line after as many moves as it has (while the game follows it, past the book's end too); any
/// other line, or a game that left its named line, once the book knows no move.
pub fn line_over(book: &Book, board: &Board, played: &[Sq], name: Option<&str>) -> bool {
    if board.legal_moves() == 0 {
        return true;
    }
    if let Some(name) = name
        && let Some(length) = line_length(name)
    {
        if played.len() >= length {
            return true;
        }
        if next_in_line(name, played).is_some() {
            return false;
        }
    }
    book.moves(board).is_empty()
}

/// The named lines the player has played through without a mistake, kept in the save.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Learned(pub std::collections::BTreeSet<&'static str>);

impl Learned {
    /// As saved: the names' slugs ([`crate::rules::openings::slug`]), space-separated.
    pub fn to_text(&self) -> String {
        let slugs: Vec<String> = self.0.iter().map(|n| slug(n)).collect();
        slugs.join(" ")
    }

    /// Reads the saved slugs; a name this build's table does not have is dropped.
    pub fn from_text(text: &str) -> Learned {
        Learned(text.split_whitespace().filter_map(find).collect())
    }
}
