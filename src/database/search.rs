//! Finding games: by player (either colour), tournament, years and result, and by position — the
//! same discs and the same side to move, in any of the board's eight images, reached by any order
//! of moves.
//!
//! A position search reads no index: squares once taken stay taken, so the squares a position
//! covers are the four centre squares and its first `discs − 4` moves, whatever their order. Each
//! game's first moves are or-ed into a bitboard and compared with the eight images of the
//! position's covered squares; only a game that passes is replayed to compare its discs.

use super::{Database, DbGame};
use crate::rules::board::symmetric_bits;
use crate::rules::{Board, Sq};

/// Who won, as the file records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    Black,
    White,
    Draw,
}

impl DbGame {
    pub fn winner(&self) -> Winner {
        match self.black_discs {
            33.. => Winner::Black,
            32 => Winner::Draw,
            _ => Winner::White,
        }
    }
}

/// A position to look for: the discs by colour and who is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub board: Board,
    pub black_to_move: bool,
}

impl Target {
    /// The position of a board seen from its mover, settled as [`settled`] does.
    pub fn new(board: Board, black_to_move: bool) -> Target {
        let (board, black_to_move) = settled(board, black_to_move);
        Target {
            board,
            black_to_move,
        }
    }

    /// Black's and White's discs.
    fn colours(&self) -> (u64, u64) {
        if self.black_to_move {
            (self.board.player, self.board.opponent)
        } else {
            (self.board.opponent, self.board.player)
        }
    }
}

/// A position whose mover must pass is the same position with the other side to move.
pub fn settled(board: Board, black_to_move: bool) -> (Board, bool) {
    if !board.has_move() && board.pass().has_move() {
        (board.pass(), !black_to_move)
    } else {
        (board, black_to_move)
    }
}

/// What to look for; every part left empty matches every game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    /// Part of either player's name (case and accents ignored).
    pub player: String,
    /// Part of the tournament's name.
    pub tournament: String,
    /// First and last year, both included.
    pub from_year: Option<u16>,
    pub to_year: Option<u16>,
    pub winner: Option<Winner>,
    pub position: Option<Target>,
}

/// A game found: its index in [`Database::games`] and, for a position search, where the position
/// stands in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub game: usize,
    pub at: Option<Found>,
}

/// Where a position stands in a game: after `ply` of its moves, seen through the image
/// `symmetry` (the game's position is image `symmetry` of the one searched for, as
/// [`Board::symmetries`] numbers them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub ply: usize,
    pub symmetry: usize,
}

pub use crate::rules::board::symmetric_square as map_square;

/// The square whose image under symmetry `s` is `sq`.
pub fn unmap_square(s: usize, sq: Sq) -> Sq {
    Sq::all()
        .find(|&x| map_square(s, x) == sq)
        .expect("a symmetry is one to one")
}

/// Folds a name for searching: lower case, accents off.
pub fn fold(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            c => c,
        })
        .collect()
}

/// Which names of `names` contain `part` (folded); `None` for an empty part (everyone).
fn matching(names: &[String], part: &str, ids: usize) -> Option<Vec<bool>> {
    let part = fold(part.trim());
    if part.is_empty() {
        return None;
    }
    let mut out = vec![false; ids];
    for (i, name) in names.iter().enumerate().take(ids) {
        out[i] = fold(name).contains(&part);
    }
    Some(out)
}

/// The eight images of a target: (covered squares, Black's discs, White's discs), each once.
fn images(target: &Target) -> Vec<(usize, u64, u64, u64)> {
    let (black, white) = target.colours();
    let mut out: Vec<(usize, u64, u64, u64)> = Vec::with_capacity(8);
    for s in 0..8 {
        let (b, w) = (symmetric_bits(s, black), symmetric_bits(s, white));
        if !out.iter().any(|&(_, _, b2, w2)| (b2, w2) == (b, w)) {
            out.push((s, b | w, b, w));
        }
    }
    out
}

const CENTRE: u64 = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);

/// Where `target` stands in `game`, if it does.
fn find_in(
    game: &DbGame,
    target: &Target,
    ply: usize,
    images: &[(usize, u64, u64, u64)],
) -> Option<Found> {
    if game.len() < ply {
        return None;
    }
    let covered = game.moves[..ply]
        .iter()
        .fold(CENTRE, |acc, &m| acc | (1u64 << m));
    if !images.iter().any(|&(_, c, _, _)| c == covered) {
        return None;
    }
    let (board, black) = super::position_at(game, ply)?;
    if black != target.black_to_move {
        return None;
    }
    let (b, w) = if black {
        (board.player, board.opponent)
    } else {
        (board.opponent, board.player)
    };
    images
        .iter()
        .find(|&&(_, c, ib, iw)| c == covered && (ib, iw) == (b, w))
        .map(|&(symmetry, ..)| Found { ply, symmetry })
}

impl Database {
    /// The games that match `query`, newest first.
    pub fn search(&self, query: &Query) -> Vec<Hit> {
        let ids = self.players.len();
        let players = matching(&self.players, &query.player, ids);
        let events = matching(&self.tournaments, &query.tournament, self.tournaments.len());
        let named = |names: &Option<Vec<bool>>, id: u16| {
            names
                .as_ref()
                .is_none_or(|n| n.get(usize::from(id)).copied().unwrap_or(false))
        };
        let target = query.position;
        let target_images = target.as_ref().map(images).unwrap_or_default();
        let ply = target.map_or(0, |t| {
            (t.board.player_count() + t.board.opponent_count()).saturating_sub(4) as usize
        });
        let mut hits = Vec::new();
        for (index, game) in self.games.iter().enumerate().rev() {
            let wanted = query.from_year.is_none_or(|y| game.year >= y)
                && query.to_year.is_none_or(|y| game.year <= y)
                && query.winner.is_none_or(|w| game.winner() == w)
                && (players.is_none()
                    || named(&players, game.black)
                    || named(&players, game.white))
                && named(&events, game.tournament);
            if !wanted {
                continue;
            }
            match &target {
                None => hits.push(Hit {
                    game: index,
                    at: None,
                }),
                Some(t) => {
                    if let Some(found) = find_in(game, t, ply, &target_images) {
                        hits.push(Hit {
                            game: index,
                            at: Some(found),
                        });
                    }
                }
            }
        }
        hits
    }
}

/// Whether symmetry `s` maps the start position onto itself (the identity, the half turn and the
/// two diagonal reflections), so that a game seen through it is still a game from the start.
pub fn keeps_start(s: usize) -> bool {
    Board::start().symmetries()[s] == Board::start()
}

impl DbGame {
    /// The game on the rules' board seen as the position searched for stands on the screen: its
    /// moves mapped back through the image it was found in, where that image keeps the start
    /// position (else as played); `None` for a damaged game.
    pub fn oriented(&self, found: Option<Found>) -> Option<crate::rules::Game> {
        let s = found.map_or(0, |f| f.symmetry);
        let mut turned = *self;
        if keeps_start(s) {
            for m in &mut turned.moves[..self.len()] {
                *m = Sq::new(*m).map_or(*m, |sq| unmap_square(s, sq).index());
            }
        }
        turned.to_game()
    }
}
