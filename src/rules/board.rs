//! The bitboard position: two `u64` (side to move, opponent), legal moves, flips, play and pass.

use super::score::final_score;
use super::square::Sq;

/// Every square except files a and h: stops horizontal and diagonal runs wrapping round an edge.
pub(super) const NOT_EDGE_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// A position seen from the side to move: `player` holds the mover's discs, `opponent` the other's.
/// It does not know which colour is which; [`crate::rules::Position`] adds that.
///
/// ```
/// use reversi::rules::{Board, Sq};
/// let start = Board::start();
/// let f5: Sq = "f5".parse().unwrap();
/// assert!(start.legal_moves() & f5.bit() != 0);
/// let after = start.play(f5);
/// assert_eq!((after.opponent_count(), after.player_count()), (4, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the side not to move.
    pub opponent: u64,
}

impl Board {
    /// The standard start with black to move: d4/e5 white, d5/e4 black.
    pub const fn start() -> Board {
        // black: e4 (index 28), d5 (35); white: d4 (27), e5 (36)
        Board {
            player: (1 << 28) | (1 << 35),
            opponent: (1 << 27) | (1 << 36),
        }
    }

    /// A board from the mover's and the opponent's discs; `None` if they overlap.
    pub const fn new(player: u64, opponent: u64) -> Option<Board> {
        if player & opponent == 0 {
            Some(Board { player, opponent })
        } else {
            None
        }
    }

    /// Squares with no disc.
    pub const fn empty(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The board's eight images under the symmetries of the square (rotations and reflections),
    /// itself first: image `s` has each disc on [`symmetric_bits`]`(s, …)` of its square.
    /// Positions that are images of each other are the same position for play.
    pub fn symmetries(&self) -> [Board; 8] {
        std::array::from_fn(|s| Board {
            player: symmetric_bits(s, self.player),
            opponent: symmetric_bits(s, self.opponent),
        })
    }

    /// One representative of the board's symmetry class (the least of its images), the same for
    /// every image.
    pub fn canonical(&self) -> Board {
        let images = self.symmetries();
        images
            .into_iter()
            .min_by_key(|b| (b.player, b.opponent))
            .expect("eight images")
    }

    /// Number of empty squares.
    pub const fn empty_count(&self) -> u32 {
        self.empty().count_ones()
    }

    /// Number of the mover's discs.
    pub const fn player_count(&self) -> u32 {
        self.player.count_ones()
    }

    /// Number of the opponent's discs.
    pub const fn opponent_count(&self) -> u32 {
        self.opponent.count_ones()
    }

    /// The mover's legal moves as a bitboard: empty squares that outflank at least one disc.
    #[inline]
    pub const fn legal_moves(&self) -> u64 {
        legal_moves(self.player, self.opponent)
    }

    /// Whether the mover has a move.
    pub const fn has_move(&self) -> bool {
        self.legal_moves() != 0
    }

    /// Whether `square` is a legal move for the side to move.
    pub const fn is_legal(&self, square: Sq) -> bool {
        self.legal_moves() & square.bit() != 0
    }

    /// The discs a move on `square` would flip (0 if the square is taken or outflanks nothing).
    #[inline]
    pub fn flips(&self, square: Sq) -> u64 {
        if self.empty() & square.bit() == 0 {
            return 0;
        }
        flips(self.player, self.opponent, square.index() as usize)
    }

    /// The board after the mover plays `square`, seen from the new mover (the old opponent).
    /// `square` must be legal; an illegal square yields a board where nothing flipped.
    #[inline]
    pub fn play(&self, square: Sq) -> Board {
        let flipped = self.flips(square);
        self.play_with_flips(square, flipped)
    }

    /// [`Board::play`] when the flips are already known.
    #[inline]
    pub const fn play_with_flips(&self, square: Sq, flipped: u64) -> Board {
        Board {
            player: self.opponent ^ flipped,
            opponent: self.player | flipped | square.bit(),
        }
    }

    /// The board with the turn handed over and no disc changed.
    #[inline]
    pub const fn pass(&self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// True when neither side has a legal move.
    pub const fn is_game_over(&self) -> bool {
        !self.has_move() && !self.pass().has_move()
    }

    /// Final disc difference for the mover when the game ends here, empties going to the winner.
    pub const fn final_score(&self) -> i32 {
        final_score(self.player, self.opponent)
    }
}

/// Kogge-Stone style move generation: grow runs of opponent discs from the mover's discs in all eight
/// directions at once per shift, then step once more onto an empty square.
#[inline(always)]
pub const fn legal_moves(player: u64, opponent: u64) -> u64 {
    let empty = !(player | opponent);
    let inner = opponent & NOT_EDGE_FILES;
    let mut moves = 0;
    moves |= direction_moves(player, inner, 1);
    moves |= direction_moves(player, opponent, 8);
    moves |= direction_moves(player, inner, 7);
    moves |= direction_moves(player, inner, 9);
    moves & empty
}

#[inline(always)]
const fn direction_moves(player: u64, mask: u64, shift: u32) -> u64 {
    // Towards higher indices.
    let mut up = mask & (player << shift);
    up |= mask & (up << shift);
    let pre = mask & (mask << shift);
    up |= pre & (up << (2 * shift));
    up |= pre & (up << (2 * shift));
    // Towards lower indices.
    let mut down = mask & (player >> shift);
    down |= mask & (down >> shift);
    let pre = mask & (mask >> shift);
    down |= pre & (down >> (2 * shift));
    down |= pre & (down >> (2 * shift));
    (up << shift) | (down >> shift)
}

/// For each square, the ray of squares in each direction, nearest first in index order:
/// 0..4 run towards higher indices (E, SW, S, SE), 4..8 towards lower (W, NE, N, NW).
pub(super) static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    // (file step, rank step) for each direction, matching the order above.
    const STEPS: [(i32, i32); 8] = [
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (-1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
    ];
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = STEPS[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
            let mut ray = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The eight symmetries of the square as maps of (file, rank), in [`Board::symmetries`]' order:
/// the identity, the two mirrors, the half turn, the two diagonal mirrors, the two quarter turns.
type Map = fn(u8, u8) -> (u8, u8);

const SYMMETRIES: [Map; 8] = [
    |f, r| (f, r),
    |f, r| (7 - f, r),
    |f, r| (f, 7 - r),
    |f, r| (7 - f, 7 - r),
    |f, r| (r, f),
    |f, r| (7 - r, f),
    |f, r| (r, 7 - f),
    |f, r| (7 - r, 7 - f),
];

/// Where symmetry `s` (0–7, as [`Board::symmetries`] numbers them) takes `sq`.
pub fn symmetric_square(s: usize, sq: Sq) -> Sq {
    let (f, r) = SYMMETRIES[s](sq.file(), sq.rank());
    Sq::from_file_rank(f, r).expect("a symmetry keeps squares on the board")
}

/// The squares of `bits` each taken where symmetry `s` takes it.
pub fn symmetric_bits(s: usize, bits: u64) -> u64 {
    super::square::squares(bits).fold(0, |out, sq| out | symmetric_square(s, sq).bit())
}

/// Discs flipped by the mover playing on the empty square `sq`: in each direction, the run of
/// opponent discs closed by a mover's disc. The first non-opponent square on a ray is found with
/// one bit trick (lowest set bit upwards, highest set bit downwards).
#[inline(always)]
pub fn flips(player: u64, opponent: u64, sq: usize) -> u64 {
    let rays = &RAYS[sq];
    let mut flipped = 0;
    let mut d = 0;
    while d < 4 {
        let ray = rays[d];
        let blockers = ray & !opponent;
        let first = blockers & blockers.wrapping_neg();
        if first & player != 0 {
            flipped |= ray & (first - 1);
        }
        d += 1;
    }
    while d < 8 {
        let ray = rays[d];
        let blockers = ray & !opponent;
        if blockers != 0 {
            let first = 1u64 << (63 - blockers.leading_zeros());
            if first & player != 0 {
                flipped |= ray & !((first << 1).wrapping_sub(1));
            }
        }
        d += 1;
    }
    flipped
}
