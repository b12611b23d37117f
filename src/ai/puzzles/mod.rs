//! Endgame puzzles: 8×8 positions from real games where exactly one move wins, or one move is
//! better than every other, each carried with its proof, the exact score of every legal move.
//! The set is text, one puzzle a line (docs/puzzles.md):
//!
//! ```text
//! <64 squares> <side> <move|score> <square>:<score> … [source]
//! ```
//!
//! the board as a board string, what the solver of the puzzle is asked (the move, or the move and
//! the exact score), then every legal move with its exact final disc difference for the side to
//! move (empties to the winner), and where the position was found. [`build`] finds and proves
//! puzzles; [`build::verify`] solves them again.

pub mod build;

use std::collections::BTreeSet;
use std::fmt;
use std::sync::OnceLock;

use crate::rules::bits::{Bits, SquareSet};
use crate::rules::{Player, Position, Square, Variant, notation};

/// The set shipped with the game (`reversi puzzles build`, docs/puzzles.md).
const SHIPPED: &str = include_str!("../../../assets/puzzles/puzzles.txt");

/// What a puzzle asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ask {
    /// The move: the only winning one, or the best.
    Move,
    /// The move, then the exact final score it leads to with best play.
    Score,
}

/// What makes the answer unique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Exactly one move wins.
    OnlyWin,
    /// No move wins and exactly one draws: the others lose.
    OnlyDraw,
    /// Exactly one move reaches the best score (the smallest loss, or the largest of several
    /// wins).
    Best,
}

/// The puzzles' three grades, by the number of empty squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// 8–11 empties.
    Easy,
    /// 12–15 empties.
    Medium,
    /// 16 empties and more.
    Hard,
}

impl Grade {
    pub const ALL: [Grade; 3] = [Grade::Easy, Grade::Medium, Grade::Hard];

    pub fn of_empties(empties: u32) -> Grade {
        match empties {
            0..=11 => Grade::Easy,
            12..=15 => Grade::Medium,
            _ => Grade::Hard,
        }
    }
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, standard 8×8 Othello, the side to move has a move.
    pub position: Position,
    pub ask: Ask,
    /// Every legal move with its exact final disc difference for the side to move, best first.
    pub scores: Vec<(Square, i32)>,
    /// Where the position comes from (`wthor:WTH_2019:1234:45`: file, game, move number).
    pub source: String,
}

/// A line of a puzzle set that does not read, or whose proof does not hold together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    /// 1-based.
    pub line: usize,
    pub what: String,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle line {}: {}", self.line, self.what)
    }
}

impl std::error::Error for PuzzleError {}

impl Puzzle {
    /// A puzzle from its position, question and scores, checked: the moves scored are exactly the
    /// legal moves, and one move is the unique answer.
    pub fn new(
        position: Position,
        ask: Ask,
        mut scores: Vec<(Square, i32)>,
        source: String,
    ) -> Result<Puzzle, String> {
        if position.variant != Variant::default() {
            return Err(format!(
                "the board is {}, not 8x8 othello",
                position.variant
            ));
        }
        let mut legal = position.legal_squares();
        let mut scored: Vec<Square> = scores.iter().map(|&(s, _)| s).collect();
        legal.sort();
        scored.sort();
        if legal.is_empty() {
            return Err("the side to move has no move".into());
        }
        if scored != legal {
            let names = |v: &[Square]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
            return Err(format!(
                "the scores name {:?}, the legal moves are {:?}",
                names(&scored),
                names(&legal)
            ));
        }
        if let Some((square, score)) = scores
            .iter()
            .find(|(_, s)| !(-64..=64).contains(s) || s % 2 != 0)
        {
            return Err(format!(
                "{square} scores {score}: a final disc difference is even, -64 to 64"
            ));
        }
        scores.sort_by_key(|&(square, score)| (std::cmp::Reverse(score), square));
        let puzzle = Puzzle {
            position,
            ask,
            scores,
            source,
        };
        if puzzle.kind().is_none() {
            return Err("no move is the unique answer".into());
        }
        Ok(puzzle)
    }

    /// Why its answer is unique, or `None` when it is not a puzzle (two moves share the best
    /// score).
    pub fn kind(&self) -> Option<Kind> {
        let best = self.best_score();
        let winning = self.scores.iter().filter(|(_, s)| *s > 0).count();
        let at_best = self.scores.iter().filter(|(_, s)| *s == best).count();
        if best > 0 && winning == 1 {
            Some(Kind::OnlyWin)
        } else if best == 0 && at_best == 1 {
            Some(Kind::OnlyDraw)
        } else if at_best == 1 {
            Some(Kind::Best)
        } else {
            None
        }
    }

    /// The answer.
    pub fn answer(&self) -> Square {
        self.scores[0].0
    }

    /// The exact score with best play: the final disc difference for the side to move.
    pub fn best_score(&self) -> i32 {
        self.scores[0].1
    }

    /// The exact score of a move, `None` if it is not legal here.
    pub fn score_of(&self, square: Square) -> Option<i32> {
        self.scores
            .iter()
            .find(|&&(s, _)| s == square)
            .map(|&(_, score)| score)
    }

    pub fn empties(&self) -> u32 {
        self.position.empties()
    }

    pub fn grade(&self) -> Grade {
        Grade::of_empties(self.empties())
    }

    /// The moves that are not the answer and fall short of what it reaches: that lose where
    /// it wins, or score less where it is the best.
    pub fn wrong_moves(&self) -> usize {
        self.scores.len() - 1
    }

    /// The four final scores a score question offers (the side to move's disc differences, in
    /// rising order), the right one among them at a place that varies with `seed`.
    pub fn score_options(&self, seed: usize) -> [i32; 4] {
        let right = self.best_score();
        let place = (seed % 4) as i32;
        // The lowest option, kept within -64..=64 so that the four stay distinct.
        let low = (right - 2 * place).clamp(-64, 64 - 6);
        [low, low + 2, low + 4, low + 6]
    }

    /// The final score for Black and White a disc difference for the side to move stands for,
    /// empties to the winner (a draw shares them).
    pub fn final_discs(&self, margin: i32) -> (u32, u32) {
        let mover = (64 + margin) / 2;
        let (mover, other) = (mover as u32, (64 - mover) as u32);
        match self.position.to_move {
            Player::Black => (mover, other),
            Player::White => (other, mover),
        }
    }

    /// The line of the set that stands for this puzzle.
    pub fn to_line(&self) -> String {
        let ask = match self.ask {
            Ask::Move => "move",
            Ask::Score => "score",
        };
        let scores: Vec<String> = self
            .scores
            .iter()
            .map(|(square, score)| format!("{square}:{score:+}"))
            .collect();
        let mut line = format!(
            "{} {ask} {}",
            notation::board_string(&self.position),
            scores.join(" ")
        );
        if !self.source.is_empty() {
            line.push(' ');
            line.push_str(&self.source);
        }
        line
    }

    /// Reads one line of a set (see the module's description).
    pub fn parse(line: &str) -> Result<Puzzle, String> {
        let mut words = line.split_whitespace();
        let (Some(board), Some(side)) = (words.next(), words.next()) else {
            return Err("a puzzle starts with a board string and the side to move".into());
        };
        let position = notation::parse_board(&format!("{board} {side}"), Variant::default())
            .map_err(|e| format!("the board: {e}"))?;
        let ask = match words.next() {
            Some("move") => Ask::Move,
            Some("score") => Ask::Score,
            other => {
                return Err(format!(
                    "after the board comes 'move' or 'score', not {}",
                    other.map_or("nothing".to_string(), |w| format!("'{w}'"))
                ));
            }
        };
        let mut scores = Vec::new();
        let mut source = String::new();
        for word in words {
            if !source.is_empty() {
                return Err(format!("'{word}' after the source '{source}'"));
            }
            // A score is a square, a colon and a number; the first other word is the source.
            let Some((square, score)) = word
                .split_once(':')
                .and_then(|(sq, score)| Some((sq.parse::<Square>().ok()?, score)))
            else {
                source = word.to_string();
                continue;
            };
            if square.index(8).is_none() {
                return Err(format!("'{word}': {square} is not on the 8x8 board"));
            }
            let score: i32 = score
                .parse()
                .map_err(|_| format!("'{word}': the score is not a whole number"))?;
            if scores.iter().any(|&(s, _)| s == square) {
                return Err(format!("{square} is scored twice"));
            }
            scores.push((square, score));
        }
        Puzzle::new(position, ask, scores, source)
    }
}

/// Reads a set: one puzzle a line; blank lines and lines starting with `#` are skipped.
pub fn parse_set(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(i, line)| Puzzle::parse(line).map_err(|what| PuzzleError { line: i + 1, what }))
        .collect()
}

/// The shipped set, read once. Its numbers (1-based, in order) are the ones players see and the
/// save's progress keeps.
pub fn shipped() -> &'static [Puzzle] {
    static SET: OnceLock<Vec<Puzzle>> = OnceLock::new();
    SET.get_or_init(|| parse_set(SHIPPED).expect("the shipped puzzles are checked by the tests"))
}

/// The puzzles a player has solved, by number (1-based), as the save keeps them: ranges and
/// numbers, space-separated (`1-5 9 12-14`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solved(pub BTreeSet<u16>);

impl Solved {
    pub fn to_text(&self) -> String {
        let mut words = Vec::new();
        let mut numbers = self.0.iter().copied().peekable();
        while let Some(first) = numbers.next() {
            let mut last = first;
            while numbers.peek() == Some(&(last + 1)) {
                last += 1;
                numbers.next();
            }
            words.push(if last == first {
                first.to_string()
            } else {
                format!("{first}-{last}")
            });
        }
        words.join(" ")
    }

    /// Reads what [`Solved::to_text`] writes; numbers past `count` (a set rebuilt smaller) are
    /// dropped.
    pub fn from_text(text: &str, count: usize) -> Result<Solved, String> {
        let mut solved = BTreeSet::new();
        for word in text.split_whitespace() {
            let number = |w: &str| {
                w.parse::<u16>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("'{word}' is not a puzzle number or range"))
            };
            let (first, last) = match word.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (number(word)?, number(word)?),
            };
            if first > last {
                return Err(format!("'{word}' is not a puzzle number or range"));
            }
            let last = last.min(count.min(u16::MAX as usize) as u16);
            solved.extend(first..=last);
        }
        Ok(Solved(solved))
    }
}

/// The puzzle of the day (an index into a set of `count`) for a day counted from 1970-01-01:
/// consecutive days step through the whole set in an order that mixes its grades.
pub fn daily(day: i64, count: usize) -> usize {
    if count == 0 {
        return 0;
    }
    // A step with no factor in common with the count visits every puzzle once per cycle.
    let step = (97..)
        .find(|s| gcd(*s, count) == 1)
        .expect("some step is coprime");
    ((day.rem_euclid(count as i64) as usize) * step) % count
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The position's regions: its empty squares grouped by king-move adjacency (two empties touching
/// by a side or a corner are in one region), each region's squares, in the order of their first
/// square. Who gets the last move in each region (its parity) is the endgame's first question.
pub fn regions(position: &Position) -> Vec<SquareSet> {
    let size = position.variant.size();
    let cells = position.variant.cells();
    let full = crate::rules::position::geometry(position.variant).full;
    let empty = full & !(position.player | position.opponent);
    let mut seen = SquareSet::EMPTY;
    let mut found = Vec::new();
    for start in 0..cells {
        if !empty.contains(start) || seen.contains(start) {
            continue;
        }
        let mut region = SquareSet::EMPTY;
        let mut stack = vec![start];
        seen |= SquareSet::bit(start);
        while let Some(i) = stack.pop() {
            region |= SquareSet::bit(i);
            let (f, r) = ((i % size) as i32, (i / size) as i32);
            for (df, dr) in crate::rules::square::DIRECTIONS {
                let (nf, nr) = (f + i32::from(df), r + i32::from(dr));
                if !(0..size as i32).contains(&nf) || !(0..size as i32).contains(&nr) {
                    continue;
                }
                let n = nr as u32 * size + nf as u32;
                if empty.contains(n) && !seen.contains(n) {
                    seen |= SquareSet::bit(n);
                    stack.push(n);
                }
            }
        }
        found.push(region);
    }
    found
}

#[cfg(test)]
mod tests;
