//! Building a book: breadth first from the start, a ply at a time, every position's moves scored
//! by a search and the moves near the best followed; then every value backed up by negamax. The
//! scored positions are handed out as each batch finishes, so that an interrupted build resumes
//! from them ([`Scored`]'s text line).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::{After, Book, Settings, after};
use crate::ai::Engine;
use crate::ai::eval::DISC;
use crate::ai::train::on_threads;
use crate::rules::{Board, Sq};

/// What a build follows and how deep it searches.
#[derive(Clone, Copy, Debug)]
pub struct BuildConfig {
    /// Positions up to this many plies from the start are scored.
    pub plies: u32,
    /// The search depth that scores each move.
    pub depth: u32,
    /// Exact from this many empty squares.
    pub exact: u32,
    /// Moves within this many discs of the best are followed.
    pub width: u32,
    pub threads: usize,
}

/// A position (its least image) with each legal move's search score for the mover, in hundredths
/// of a disc.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    pub board: Board,
    pub moves: Vec<(Sq, i32)>,
}

impl Scored {
    /// One line: the mover's and the opponent's discs in hex, then `square:score` a move.
    pub fn to_line(&self) -> String {
        let mut line = format!("{:016x} {:016x}", self.board.player, self.board.opponent);
        for (square, score) in &self.moves {
            line.push_str(&format!(" {square}:{score}"));
        }
        line
    }

    pub fn from_line(line: &str) -> Result<Scored, String> {
        let mut words = line.split_whitespace();
        let mut hex = || {
            words
                .next()
                .and_then(|w| u64::from_str_radix(w, 16).ok())
                .ok_or("two hex words of discs")
        };
        let (player, opponent) = (hex()?, hex()?);
        let board = Board::new(player, opponent).ok_or("a square holds two discs")?;
        let mut moves = Vec::new();
        for word in words {
            let (square, score) = word.split_once(':').ok_or("a move is square:score")?;
            let square: Sq = square.parse().map_err(|_| "not a square")?;
            if board.legal_moves() & square.bit() == 0 {
                return Err(format!("{square} is not a legal move there"));
            }
            let score: i32 = score.parse().map_err(|_| "not a score")?;
            moves.push((square, score));
        }
        if moves.len() != board.legal_moves().count_ones() as usize {
            return Err("not every legal move is scored".into());
        }
        Ok(Scored { board, moves })
    }
}

/// Where a build stands, after each batch.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    pub ply: u32,
    /// Positions of this ply scored, of how many.
    pub done: usize,
    pub of: usize,
    /// Positions scored in this run so far (the resumed ones not counted).
    pub searched: usize,
}

/// Builds the book of `config` from the start, with the positions already `scored` (a resumed
/// build) taken as they are. `saved` gets each batch of newly scored positions, `progress` where
/// the build stands.
pub fn build(
    config: &BuildConfig,
    scored: Vec<Scored>,
    mut saved: impl FnMut(&[Scored]),
    mut progress: impl FnMut(BuildProgress),
) -> Book {
    let mut known: HashMap<Board, Vec<(Sq, i32)>> =
        scored.into_iter().map(|s| (s.board, s.moves)).collect();
    let mut frontier: BTreeSet<(u64, u64)> = BTreeSet::new();
    let start = Board::start().canonical();
    frontier.insert((start.player, start.opponent));
    let mut searched = 0;
    // The positions this build reaches: a resumed build may hold others (a deeper or wider one's).
    let mut reached: HashSet<Board> = HashSet::new();
    for ply in 0..=config.plies {
        let boards: Vec<Board> = frontier
            .iter()
            .map(|&(player, opponent)| Board { player, opponent })
            .collect();
        let todo: Vec<Board> = boards
            .iter()
            .copied()
            .filter(|b| !known.contains_key(b))
            .collect();
        let batch = (config.threads * 16).max(1);
        for (i, chunk) in todo.chunks(batch).enumerate() {
            let results = score(chunk, config);
            searched += results.len();
            saved(&results);
            for s in results {
                known.insert(s.board, s.moves);
            }
            progress(BuildProgress {
                ply,
                done: boards.len() - todo.len() + (i * batch + chunk.len()),
                of: boards.len(),
                searched,
            });
        }
        reached.extend(boards.iter().copied());
        if ply == config.plies {
            break;
        }
        frontier = boards
            .iter()
            .flat_map(|board| followed(board, &known[board], config.width))
            .map(|child| (child.player, child.opponent))
            .collect();
    }
    known.retain(|board, _| reached.contains(board));
    back_up(config, &known)
}

/// The positions (least images) the moves of `board` within `width` discs of the best lead to,
/// `moves` being each move's score; a move that ends the game leads nowhere.
pub(super) fn followed<'a>(
    board: &'a Board,
    moves: &'a [(Sq, i32)],
    width: u32,
) -> impl Iterator<Item = Board> + 'a {
    let best = moves.iter().map(|m| m.1).max().unwrap_or(0);
    moves
        .iter()
        .filter(move |&&(_, score)| score >= best - width as i32 * DISC)
        .filter_map(move |&(square, _)| match after(board, square) {
            After::Position { board: child, .. } => Some(child.canonical()),
            After::Over(_) => None,
        })
}

/// Every position of `chunk` scored, move by move, on the build's threads.
pub(super) fn score(chunk: &[Board], config: &BuildConfig) -> Vec<Scored> {
    let cancel = Arc::new(AtomicBool::new(false));
    on_threads(
        chunk.len() as u64,
        config.threads,
        || Engine::new(20, cancel.clone()),
        |engine, i| {
            let board = chunk[i as usize];
            engine.clear();
            let moves = engine
                .score_moves(&board, config.depth, config.exact)
                .expect("a book search has no limits")
                .into_iter()
                .map(|m| (m.square, m.score))
                .collect();
            Scored { board, moves }
        },
    )
}

/// The book: each scored position's value by negamax through the scored positions (a move whose
/// position was scored is worth its value, negated; any other its search score), and its best
/// move left out.
fn back_up(config: &BuildConfig, known: &HashMap<Board, Vec<(Sq, i32)>>) -> Book {
    let settings = Settings {
        depth: config.depth.min(255) as u8,
        exact: config.exact.min(255) as u8,
        plies: config.plies.min(255) as u8,
        width: config.width.min(255) as u8,
    };
    super::backup::back_up_with(&Book::new(settings, Vec::new()), known)
}
