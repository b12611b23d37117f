//! Growing a book from games, as Edax's book learning does: every position a game passes through,
//! to a stated ply, is added (its moves scored by a search of the book's depth) and the values are
//! backed up again. Extending also widens: at each position a game passes through, the moves
//! within a width of the best are added too, whether the game played them or not.

use std::collections::{HashMap, HashSet};

use super::backup::back_up_with;
use super::build::{BuildConfig, followed, score};
use super::{After, Book, Entry, after};
use crate::rules::{Board, Sq, squares};

/// What learning adds.
#[derive(Clone, Copy, Debug)]
pub struct Growth {
    /// Positions up to this many plies from the start are added.
    pub plies: u32,
    /// Extending: at each position of a game, every move within this many discs of the best is
    /// added too (`None`: only the moves the games played).
    pub width: Option<u32>,
}

/// What learning did, for its report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Grown {
    /// Positions new to the book.
    pub added: usize,
    /// Positions searched (the new ones, and those already in the book whose moves changed).
    pub searched: usize,
}

/// The boards a game from the start passes through, to `plies` plies, as their least images: the
/// start and the board after each move, until a move that is not legal or the game's end; a pass
/// is not a ply.
pub fn path(moves: &[Sq], plies: u32) -> Vec<Board> {
    let mut board = Board::start();
    let mut boards = vec![board.canonical()];
    for &square in moves.iter().take(plies as usize) {
        if board.legal_moves() & square.bit() == 0 {
            break;
        }
        match after(&board, square) {
            After::Position { board: next, .. } => board = next,
            After::Over(_) => break,
        }
        boards.push(board.canonical());
    }
    boards
}

/// `book` with the positions of `paths` (from [`path`]) learned: each position new to the book, and
/// each book position one of whose moves now leads into the book where it did not, has its moves
/// scored by a search of `config`'s depth; then every value is backed up again.
pub fn learn(
    book: &Book,
    paths: &[Vec<Board>],
    growth: Growth,
    config: &BuildConfig,
) -> (Book, Grown) {
    let in_book = |b: &Board| book.get(b).is_some();
    let mut on_paths: Vec<Board> = paths
        .iter()
        .flatten()
        .copied()
        .filter(|b| ply(b) <= growth.plies)
        .collect();
    on_paths.sort_by_key(|b| (b.player, b.opponent));
    on_paths.dedup();
    // Extending needs every move's score at the games' positions, in the book or not.
    let first: Vec<Board> = on_paths
        .iter()
        .copied()
        .filter(|b| growth.width.is_some() || !in_book(b))
        .collect();
    let mut scored: HashMap<Board, Vec<(Sq, i32)>> = score_all(&first, config);
    if let Some(width) = growth.width {
        let mut wider: Vec<Board> = on_paths
            .iter()
            .flat_map(|board| followed(board, &scored[board], width))
            .filter(|child| {
                ply(child) <= growth.plies && !in_book(child) && !scored.contains_key(child)
            })
            .collect();
        wider.sort_by_key(|b| (b.player, b.opponent));
        wider.dedup();
        scored.extend(score_all(&wider, config));
    }
    let added: HashSet<Board> = scored.keys().copied().filter(|b| !in_book(b)).collect();
    // A book position with a move into a new position: its best move left out may be that move.
    let stale: Vec<Board> = book
        .entries()
        .iter()
        .map(Entry::board)
        .filter(|b| !scored.contains_key(b) && leads_into(b, &added))
        .collect();
    scored.extend(score_all(&stale, config));
    let grown = Grown {
        added: added.len(),
        searched: scored.len(),
    };
    (back_up_with(book, &scored), grown)
}

fn ply(board: &Board) -> u32 {
    (board.player | board.opponent).count_ones() - 4
}

fn leads_into(board: &Board, set: &HashSet<Board>) -> bool {
    squares(board.legal_moves()).any(|square| match after(board, square) {
        After::Position { board: child, .. } => set.contains(&child.canonical()),
        After::Over(_) => false,
    })
}

fn score_all(boards: &[Board], config: &BuildConfig) -> HashMap<Board, Vec<(Sq, i32)>> {
    score(boards, config)
        .into_iter()
        .map(|s| (s.board, s.moves))
        .collect()
}
