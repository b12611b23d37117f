//! The opening book: positions near the start, each with its value backed up by negamax through
//! the book from searched leaves, every symmetric image stored once.
//!
//! A book is built by [`build`] from the start: every legal move of a position is scored by a
//! search of a stated depth (exact from a stated number of empties), the moves within a width of
//! the best are followed, to a stated number of plies. Each position's value is the best of its
//! moves' values: a move whose position is in the book is worth that position's value, negated;
//! any other move its search score. The value of the best move left out of the book is kept too
//! (`leaf`): where it beats every book move, the book does not know the best move.
//!
//! The binary form (`reversi book build` writes it, the game reads it):
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `RVBOOK1\n` |
//! | 4 | positions, u32 little-endian |
//! | 4 | the search depth, the exact-solve empties, the plies and the width (discs), a byte each |
//! | 18 a position | the mover's discs and the opponent's (u64 little-endian, the least of the eight images), the value and `leaf` (i8, discs for the mover; `leaf` −128 when every move is in the book) |
//!
//! Positions are sorted by (mover, opponent), each once. The text form has one position a line:
//! the board (64 squares from a1 to h8, `X` black, `O` white, `-` empty, then the side to move),
//! the value and `leaf` (`-` for none).

use crate::rules::{Board, Player, Position, Sq, Variant, squares};

mod backup;
pub mod build;
pub mod check;
pub mod learn;
pub mod practice;

const MAGIC: &[u8; 8] = b"RVBOOK1\n";

static SHIPPED: std::sync::OnceLock<Option<Book>> = std::sync::OnceLock::new();

/// The book the game ships (`assets/book/book.bin`, made by the commands in docs/book.md), read
/// once; `None` if it does not read (the engine then searches from the first move). The browser
/// build fetches it as a file of its own after the page opens ([`install`]); until then `None`.
pub fn shipped() -> Option<&'static Book> {
    #[cfg(not(target_arch = "wasm32"))]
    let book = SHIPPED
        .get_or_init(|| Book::from_bytes(include_bytes!("../../../assets/book/book.bin")).ok());
    #[cfg(target_arch = "wasm32")]
    let book = SHIPPED.get()?;
    book.as_ref()
}

/// Makes `bytes` (a binary book, as `engine/book.bin` beside the browser build's page) the
/// shipped book, where none is yet; a book that does not read is refused with why.
pub fn install(bytes: &[u8]) -> Result<(), String> {
    let book = Book::from_bytes(bytes)?;
    SHIPPED
        .set(Some(book))
        .map_err(|_| "an opening book is already in place".to_string())
}
const HEADER: usize = 16;
const RECORD: usize = 18;
/// `leaf` when every legal move's position is in the book.
pub const NO_LEAF: i8 = i8::MIN;

/// How a book was made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The depth of the searches that scored each position's moves.
    pub depth: u8,
    /// Positions with at most this many empty squares were solved exactly.
    pub exact: u8,
    /// Positions up to this many plies from the start were scored.
    pub plies: u8,
    /// Moves within this many discs of the best were followed.
    pub width: u8,
}

/// One position of the book (its least image).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub player: u64,
    pub opponent: u64,
    /// Its value for the side to move, in discs.
    pub value: i8,
    /// The best search score of the moves whose positions are not in the book ([`NO_LEAF`]: none).
    pub leaf: i8,
}

impl Entry {
    /// The position: the mover's discs and the opponent's.
    pub fn board(&self) -> Board {
        Board {
            player: self.player,
            opponent: self.opponent,
        }
    }
}

/// A move the book knows: its value for the side playing it, in discs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub square: Sq,
    pub value: i8,
}

/// An opening book (see the module's text).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    pub settings: Settings,
    entries: Vec<Entry>,
}

/// Where a move leads for the book: the position the side then to move faces, and whether the
/// mover plays again (the opponent must pass), or the final disc difference for the mover when
/// the game is over.
enum After {
    Position { board: Board, again: bool },
    Over(i32),
}

fn after(board: &Board, square: Sq) -> After {
    let next = board.play(square);
    if next.legal_moves() != 0 {
        return After::Position {
            board: next,
            again: false,
        };
    }
    let passed = next.pass();
    if passed.legal_moves() != 0 {
        return After::Position {
            board: passed,
            again: true,
        };
    }
    // Game over: the mover's discs are `next.opponent`.
    let (mine, theirs) = (
        next.opponent.count_ones() as i32,
        next.player.count_ones() as i32,
    );
    let empties = 64 - mine - theirs;
    let margin = mine - theirs;
    After::Over(margin + margin.signum() * empties)
}

impl Book {
    /// A book of `entries` (any order; an image stored twice keeps its first).
    pub fn new(settings: Settings, mut entries: Vec<Entry>) -> Book {
        for e in &mut entries {
            let canonical = e.board().canonical();
            (e.player, e.opponent) = (canonical.player, canonical.opponent);
        }
        entries.sort_by_key(|e| (e.player, e.opponent));
        entries.dedup_by_key(|e| (e.player, e.opponent));
        Book { settings, entries }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The book's entry for `board` (any of its images), if it has one.
    pub fn get(&self, board: &Board) -> Option<&Entry> {
        let key = board.canonical();
        self.entries
            .binary_search_by_key(&(key.player, key.opponent), |e| (e.player, e.opponent))
            .ok()
            .map(|i| &self.entries[i])
    }

    /// The legal moves of `board` whose positions are in the book, each with its value for the
    /// mover, best first (a move that ends the game counts with its final score).
    pub fn moves(&self, board: &Board) -> Vec<BookMove> {
        let mut moves: Vec<BookMove> = squares(board.legal_moves())
            .filter_map(|square| {
                let value = self.value_of(board, square)?;
                Some(BookMove { square, value })
            })
            .collect();
        moves.sort_by_key(|m| (std::cmp::Reverse(m.value), m.square.index()));
        moves
    }

    /// The value of the legal move `square` of `board` for its mover, where the book knows it
    /// (a move that ends the game counts with its final score).
    fn value_of(&self, board: &Board, square: Sq) -> Option<i8> {
        Some(match after(board, square) {
            After::Position { board, again } => {
                let v = self.get(&board)?.value;
                if again { v } else { -v }
            }
            After::Over(score) => score.clamp(-64, 64) as i8,
        })
    }

    /// A book move to play in `board`: one of those within `within` discs of the best, drawn by
    /// `seed` (the same for a seed and a board); `None` where the book does not know the position,
    /// or where a move left out of the book scored better than every book move.
    pub fn choose(&self, board: &Board, within: i32, seed: u64) -> Option<Sq> {
        let entry = self.get(board)?;
        let moves = self.moves(board);
        let best = moves.first()?.value;
        if entry.leaf != NO_LEAF && entry.leaf > best {
            return None;
        }
        let close: Vec<Sq> = moves
            .iter()
            .filter(|m| i32::from(m.value) >= i32::from(best) - within)
            .map(|m| m.square)
            .collect();
        let mix = seed ^ board.player.rotate_left(17) ^ board.opponent.rotate_left(41);
        let mix = mix.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Some(close[(mix >> 33) as usize % close.len()])
    }

    /// Where a game from the start left the book: the number (1 = the first) of the first move
    /// played whose position the book does not hold, with its square; `None` while every move
    /// is a book move. `placed` is each move with the board it was played on.
    pub fn left_at(&self, placed: impl IntoIterator<Item = (Board, Sq)>) -> Option<(usize, Sq)> {
        placed
            .into_iter()
            .enumerate()
            .find_map(|(i, (board, square))| {
                let known = self.value_of(&board, square).is_some();
                (!known).then_some((i + 1, square))
            })
    }

    /// The deepest ply of a position in the book (the start is ply 0).
    pub fn deepest_ply(&self) -> u32 {
        self.entries
            .iter()
            .map(|e| (e.player | e.opponent).count_ones() - 4)
            .max()
            .unwrap_or(0)
    }

    /// The binary form (see the module's text).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER + RECORD * self.entries.len());
        bytes.extend(MAGIC);
        bytes.extend((self.entries.len() as u32).to_le_bytes());
        let s = self.settings;
        bytes.extend([s.depth, s.exact, s.plies, s.width]);
        for e in &self.entries {
            bytes.extend(e.player.to_le_bytes());
            bytes.extend(e.opponent.to_le_bytes());
            bytes.extend([e.value as u8, e.leaf as u8]);
        }
        bytes
    }

    /// Reads the binary form; a file that is not one, is cut short, or holds a position that
    /// cannot be (discs on one square, a value beyond 64 discs, positions out of order or twice)
    /// is refused with what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, String> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err("not an opening book (no RVBOOK1 header)".into());
        }
        let count = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize;
        let settings = Settings {
            depth: bytes[12],
            exact: bytes[13],
            plies: bytes[14],
            width: bytes[15],
        };
        let want = count
            .checked_mul(RECORD)
            .and_then(|n| n.checked_add(HEADER))
            .ok_or("an opening book of impossible size")?;
        if bytes.len() != want {
            return Err(format!(
                "the opening book is {} bytes; {count} positions take {want}",
                bytes.len()
            ));
        }
        let mut entries = Vec::with_capacity(count);
        for (i, record) in bytes[HEADER..].chunks_exact(RECORD).enumerate() {
            let word = |at: usize| u64::from_le_bytes(record[at..at + 8].try_into().expect("8"));
            let entry = Entry {
                player: word(0),
                opponent: word(8),
                value: record[16] as i8,
                leaf: record[17] as i8,
            };
            check(&entry).map_err(|why| format!("opening book position {}: {why}", i + 1))?;
            if let Some(last) = entries.last().map(|e: &Entry| (e.player, e.opponent))
                && last >= (entry.player, entry.opponent)
            {
                return Err(format!(
                    "opening book position {}: out of order or twice",
                    i + 1
                ));
            }
            entries.push(entry);
        }
        Ok(Book { settings, entries })
    }

    /// The text form (see the module's text): a first line with the settings, then one position
    /// a line.
    pub fn to_text(&self) -> String {
        let s = self.settings;
        let mut text = format!(
            "# reversi opening book: depth {} exact {} plies {} width {}\n",
            s.depth, s.exact, s.plies, s.width
        );
        for e in &self.entries {
            let position = board_position(&e.board());
            let leaf = if e.leaf == NO_LEAF {
                "-".to_string()
            } else {
                e.leaf.to_string()
            };
            text.push_str(&format!(
                "{} {} {leaf}\n",
                crate::rules::notation::board_string(&position),
                e.value
            ));
        }
        text
    }

    /// Reads the text form; the first bad line is named.
    pub fn from_text(text: &str) -> Result<Book, String> {
        let mut settings = Settings::default();
        let mut entries = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let bad = |why: &str| format!("line {}: {why}", n + 1);
            let line = line.trim();
            if let Some(comment) = line.strip_prefix('#') {
                let words: Vec<&str> = comment.split_whitespace().collect();
                for pair in words.windows(2) {
                    let value = pair[1].parse::<u8>();
                    match (pair[0], value) {
                        ("depth", Ok(v)) => settings.depth = v,
                        ("exact", Ok(v)) => settings.exact = v,
                        ("plies", Ok(v)) => settings.plies = v,
                        ("width", Ok(v)) => settings.width = v,
                        _ => {}
                    }
                }
                continue;
            }
            if line.is_empty() {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let [board, side, value, leaf] = words[..] else {
                return Err(bad("a position is: board, side to move, value, leaf"));
            };
            let position =
                crate::rules::notation::parse_board(&format!("{board} {side}"), Variant::STANDARD)
                    .map_err(|e| bad(&e.to_string()))?;
            let board = position.to_board().ok_or_else(|| bad("not an 8×8 board"))?;
            let value: i8 = value
                .parse()
                .map_err(|_| bad("the value is not a number"))?;
            let leaf: i8 = if leaf == "-" {
                NO_LEAF
            } else {
                leaf.parse().map_err(|_| bad("the leaf is not a number"))?
            };
            let entry = Entry {
                player: board.player,
                opponent: board.opponent,
                value,
                leaf,
            };
            check(&entry).map_err(|why| bad(&why))?;
            entries.push(entry);
        }
        Ok(Book::new(settings, entries))
    }
}

/// What makes an entry impossible, if anything.
fn check(entry: &Entry) -> Result<(), String> {
    if entry.player & entry.opponent != 0 {
        return Err("a square holds two discs".into());
    }
    if (entry.player | entry.opponent).count_ones() < 4 {
        return Err("fewer than the four starting discs".into());
    }
    if !(-64..=64).contains(&entry.value) {
        return Err(format!("a value of {} discs", entry.value));
    }
    if entry.leaf != NO_LEAF && !(-64..=64).contains(&entry.leaf) {
        return Err(format!("a leaf of {} discs", entry.leaf));
    }
    Ok(())
}

/// A book board as a position: Black to move when the discs are even (Black moves first, and in
/// the opening a pass is all but unheard of).
fn board_position(board: &Board) -> Position {
    let discs = (board.player | board.opponent).count_ones();
    let side = if discs.is_multiple_of(2) {
        Player::Black
    } else {
        Player::White
    };
    Position::from_board(*board, side)
}

#[cfg(test)]
mod tests;
