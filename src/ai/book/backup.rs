//! Backing a book's values up by negamax, from scored positions (a build's, or those learning
//! added) and the book's own.

use std::collections::HashMap;

use super::{After, Book, Entry, NO_LEAF, after};
use crate::ai::eval::DISC;
use crate::rules::{Board, Sq, squares};

/// The book of `book`'s positions and the `scored` ones, every value backed up by negamax: a
/// scored position as a build backs it up; a position only in `book` keeps its best move left out
/// and takes the best of it and its moves into the book.
pub(super) fn back_up_with(book: &Book, scored: &HashMap<Board, Vec<(Sq, i32)>>) -> Book {
    let mut leaves: HashMap<Board, i8> =
        book.entries().iter().map(|e| (e.board(), e.leaf)).collect();
    for board in scored.keys() {
        leaves.entry(*board).or_insert(NO_LEAF);
    }
    // Deepest first: a position's children have more discs (passes aside, which leave a position
    // with as many discs as its parent plus one all the same).
    let mut boards: Vec<Board> = leaves.keys().copied().collect();
    boards.sort_by_key(|b| std::cmp::Reverse((b.player | b.opponent).count_ones()));
    let mut values: HashMap<Board, i32> = HashMap::new();
    let mut entries = Vec::with_capacity(boards.len());
    for board in boards {
        let child_value = |square: Sq| match after(&board, square) {
            After::Position {
                board: child,
                again,
            } => values
                .get(&child.canonical())
                .map(|&v| if again { v } else { -v }),
            After::Over(_) => None,
        };
        let (value, leaf) = match scored.get(&board) {
            Some(moves) => {
                let mut value = i32::MIN;
                let mut leaf = i32::MIN;
                for &(square, score) in moves {
                    match child_value(square) {
                        Some(v) => value = value.max(v),
                        None => {
                            value = value.max(score);
                            leaf = leaf.max(score);
                        }
                    }
                }
                (value, (leaf != i32::MIN).then_some(leaf))
            }
            None => {
                let leaf = leaves[&board];
                let leaf = (leaf != NO_LEAF).then(|| i32::from(leaf) * DISC);
                let inside = squares(board.legal_moves()).filter_map(child_value).max();
                let value = inside.into_iter().chain(leaf).max().unwrap_or(0);
                (value, leaf)
            }
        };
        values.insert(board, value);
        entries.push(Entry {
            player: board.player,
            opponent: board.opponent,
            value: discs(value),
            leaf: leaf.map_or(NO_LEAF, discs),
        });
    }
    let mut backed_up = Book::new(book.settings, entries);
    let deepest = backed_up.deepest_ply().min(255) as u8;
    backed_up.settings.plies = backed_up.settings.plies.max(deepest);
    backed_up
}

/// Hundredths of a disc to whole discs, rounded, within −64..64.
fn discs(score: i32) -> i8 {
    ((score as f64 / DISC as f64).round() as i32).clamp(-64, 64) as i8
}
