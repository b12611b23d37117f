//! The evaluation's models: which groups of squares are read, how the game is cut into phases,
//! and which whole-board features are added; and the layout of a model's weights.
//!
//! - [`Model::Classic`]: 10 groups (edges with their X-squares, 3×3 corners, rows 2–4, diagonals of
//!   4–8 squares), 10 phases of six plies, mobility, potential mobility and a bias. The shipped
//!   weights are of this model.
//! - [`Model::Rich`]: those groups and three more corner shapes (the 2×5 corner, the corner
//!   triangle of ten squares, the edge with the block of four inside it), a phase for every two
//!   plies from ply 10 (the first ten plies share one), and the parity of the empties and the disc
//!   difference beside mobility, potential mobility and the bias.

use std::sync::OnceLock;

use crate::ai::eval::neighbours;
use crate::rules::board::legal_moves;

/// A group of squares read together: its name and one placement as (file, rank) pairs; the others
/// are its images under the board's eight symmetries.
#[derive(Clone, Copy)]
pub(super) struct Group {
    pub(super) name: &'static str,
    pub(super) squares: &'static [(u8, u8)],
}

const CLASSIC: [Group; 10] = [
    Group {
        name: "edge+2X",
        squares: &[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (5, 0),
            (6, 0),
            (7, 0),
            (1, 1),
            (6, 1),
        ],
    },
    Group {
        name: "corner 3x3",
        squares: &[
            (0, 0),
            (1, 0),
            (2, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (0, 2),
            (1, 2),
            (2, 2),
        ],
    },
    Group {
        name: "row 2",
        squares: &[
            (0, 1),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (6, 1),
            (7, 1),
        ],
    },
    Group {
        name: "row 3",
        squares: &[
            (0, 2),
            (1, 2),
            (2, 2),
            (3, 2),
            (4, 2),
            (5, 2),
            (6, 2),
            (7, 2),
        ],
    },
    Group {
        name: "row 4",
        squares: &[
            (0, 3),
            (1, 3),
            (2, 3),
            (3, 3),
            (4, 3),
            (5, 3),
            (6, 3),
            (7, 3),
        ],
    },
    Group {
        name: "diagonal 8",
        squares: &[
            (0, 0),
            (1, 1),
            (2, 2),
            (3, 3),
            (4, 4),
            (5, 5),
            (6, 6),
            (7, 7),
        ],
    },
    Group {
        name: "diagonal 7",
        squares: &[(1, 0), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6)],
    },
    Group {
        name: "diagonal 6",
        squares: &[(2, 0), (3, 1), (4, 2), (5, 3), (6, 4), (7, 5)],
    },
    Group {
        name: "diagonal 5",
        squares: &[(3, 0), (4, 1), (5, 2), (6, 3), (7, 4)],
    },
    Group {
        name: "diagonal 4",
        squares: &[(4, 0), (5, 1), (6, 2), (7, 3)],
    },
];

/// The rich model's groups: the classic ones and three corner shapes.
const RICH: [Group; 13] = [
    CLASSIC[0],
    CLASSIC[1],
    Group {
        name: "corner 2x5",
        squares: &[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
        ],
    },
    Group {
        name: "corner triangle",
        squares: &[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (0, 2),
            (1, 2),
            (0, 3),
        ],
    },
    Group {
        name: "edge+block",
        squares: &[
            (0, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (5, 0),
            (7, 0),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
        ],
    },
    CLASSIC[2],
    CLASSIC[3],
    CLASSIC[4],
    CLASSIC[5],
    CLASSIC[6],
    CLASSIC[7],
    CLASSIC[8],
    CLASSIC[9],
];

/// The most linear features a model has (see [`linear_features`]).
pub const MAX_LINEAR: usize = 5;

/// An evaluation model (see the module's text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Model {
    Classic,
    Rich,
}

impl Model {
    pub const ALL: [Model; 2] = [Model::Classic, Model::Rich];

    /// Its name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Model::Classic => "classic",
            Model::Rich => "rich",
        }
    }

    pub(super) const fn groups(self) -> &'static [Group] {
        match self {
            Model::Classic => &CLASSIC,
            Model::Rich => &RICH,
        }
    }

    /// The number of game phases.
    pub const fn phases(self) -> usize {
        match self {
            Model::Classic => 10,
            Model::Rich => 26,
        }
    }

    /// The phase of a position with `discs` discs on the board.
    pub const fn phase(self, discs: u32) -> usize {
        let p = match self {
            Model::Classic => discs.saturating_sub(4) / 6,
            Model::Rich => discs.saturating_sub(12) / 2,
        } as usize;
        if p >= self.phases() {
            self.phases() - 1
        } else {
            p
        }
    }

    /// The discs on the board in the first and last positions of `phase`.
    pub fn phase_discs(self, phase: usize) -> (u32, u32) {
        let discs = (4..=64).filter(|&d| self.phase(d) == phase);
        (discs.clone().min().unwrap_or(0), discs.max().unwrap_or(0))
    }

    /// How many linear features follow the pattern tables in each phase: mobility, potential
    /// mobility and the bias, and for the rich model also the empties' parity and the disc
    /// difference ([`linear_features`]).
    pub const fn linear(self) -> usize {
        match self {
            Model::Classic => 3,
            Model::Rich => 5,
        }
    }

    /// The layout of its weights, built once.
    pub fn layout(self) -> &'static Layout {
        static CLASSIC_LAYOUT: OnceLock<Layout> = OnceLock::new();
        static RICH_LAYOUT: OnceLock<Layout> = OnceLock::new();
        match self {
            Model::Classic => CLASSIC_LAYOUT.get_or_init(|| Layout::new(self)),
            Model::Rich => RICH_LAYOUT.get_or_init(|| Layout::new(self)),
        }
    }
}

impl std::str::FromStr for Model {
    type Err = String;

    fn from_str(text: &str) -> Result<Model, String> {
        Model::ALL
            .into_iter()
            .find(|m| m.name() == text)
            .ok_or_else(|| format!("unknown model '{text}' (classic or rich)"))
    }
}

/// One placement of a group: where its table starts and its squares (first = lowest digit).
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    pub offset: u32,
    pub len: u8,
    pub squares: [u8; 10],
}

/// The layout of a model's weights: every placement, each group's table offset, and the
/// size of one phase's weights (all tables, then the linear features); the phase of each disc
/// count.
pub struct Layout {
    pub model: Model,
    pub placements: Vec<Placement>,
    pub group_offsets: Vec<u32>,
    pub per_phase: usize,
    /// The phase of each disc count, 0 to 64.
    pub phase_of: [u8; 65],
}

pub(super) const fn pow3(n: usize) -> usize {
    let mut p = 1;
    let mut i = 0;
    while i < n {
        p *= 3;
        i += 1;
    }
    p
}

pub(super) fn symmetries(f: u8, r: u8) -> [(u8, u8); 8] {
    [
        (f, r),
        (7 - f, r),
        (f, 7 - r),
        (7 - f, 7 - r),
        (r, f),
        (7 - r, f),
        (r, 7 - f),
        (7 - r, 7 - f),
    ]
}

impl Layout {
    fn new(model: Model) -> Layout {
        let mut placements: Vec<Placement> = Vec::new();
        let mut group_offsets = Vec::new();
        let mut offset = 0u32;
        for group in model.groups() {
            group_offsets.push(offset);
            let mut seen: Vec<Vec<u8>> = Vec::new();
            for s in 0..8 {
                let squares: Vec<u8> = group
                    .squares
                    .iter()
                    .map(|&(f, r)| {
                        let (f, r) = symmetries(f, r)[s];
                        r * 8 + f
                    })
                    .collect();
                if seen.contains(&squares) {
                    continue;
                }
                let mut array = [0u8; 10];
                array[..squares.len()].copy_from_slice(&squares);
                placements.push(Placement {
                    offset,
                    len: squares.len() as u8,
                    squares: array,
                });
                seen.push(squares);
            }
            offset += pow3(group.squares.len()) as u32;
        }
        let mut phase_of = [0u8; 65];
        for (discs, p) in phase_of.iter_mut().enumerate() {
            *p = model.phase(discs as u32) as u8;
        }
        Layout {
            model,
            placements,
            group_offsets,
            per_phase: offset as usize + model.linear(),
            phase_of,
        }
    }

    /// The group names, in table order (for reports).
    pub fn group_names(&self) -> impl Iterator<Item = &'static str> {
        self.model.groups().iter().map(|g| g.name)
    }

    /// The weights of all phases.
    pub fn weights(&self) -> usize {
        self.model.phases() * self.per_phase
    }

    /// The placement that reads the same squares as placement `i` in another order (every line is
    /// read from both ends, every 3×3 corner along both edges), if there is one.
    pub(super) fn mirror_of(&self, i: usize) -> Option<usize> {
        let placements = &self.placements;
        let set = |p: &Placement| {
            p.squares[..p.len as usize]
                .iter()
                .fold(0u64, |m, &s| m | 1 << s)
        };
        let p = &placements[i];
        placements
            .iter()
            .position(|q| q.offset == p.offset && set(q) == set(p) && q.squares != p.squares)
    }

    /// Each group's table with its mirror image's added in: a placement and its mirror read the same
    /// squares in two orders and share the group's table, so instead of reading both, the evaluation
    /// reads one in a table holding `w[c] + w[c']` (`c'`: the same configuration in the mirror's
    /// order). Half the lookups, the same sums. The linear features' weights are copied.
    pub(super) fn fold(&self, values: &[i16]) -> Vec<i16> {
        let layout = self;
        let mut folded = values.to_vec();
        for (g, &offset) in layout.group_offsets.iter().enumerate() {
            let n = layout.model.groups()[g].squares.len();
            let first = layout
                .placements
                .iter()
                .position(|p| p.offset == offset)
                .expect("every group has placements");
            // A group whose images all read other squares (the 2×5 corner) has no mirror to fold.
            let Some(mirror) = layout.mirror_of(first) else {
                continue;
            };
            let (p, q) = (&layout.placements[first], &layout.placements[mirror]);
            // The mirror's j-th square is the first placement's `order[j]`-th.
            let order: Vec<usize> = q.squares[..n]
                .iter()
                .map(|s| p.squares[..n].iter().position(|t| t == s).unwrap())
                .collect();
            for c in 0..pow3(n) {
                let mut digits = [0usize; 10];
                let mut x = c;
                for d in digits.iter_mut().take(n) {
                    *d = x % 3;
                    x /= 3;
                }
                let mirrored = order.iter().rev().fold(0, |m, &i| m * 3 + digits[i]);
                for phase in 0..layout.model.phases() {
                    let base = phase * layout.per_phase + offset as usize;
                    folded[base + c] = values[base + c] + values[base + mirrored];
                }
            }
        }
        folded
    }
}

/// The configuration index of `placement`: each square 0 empty, 1 the mover's, 2 the opponent's,
/// the first square the lowest base-3 digit.
#[inline]
pub fn index(placement: &Placement, player: u64, opponent: u64) -> usize {
    let mut index = 0;
    for &sq in placement.squares[..placement.len as usize].iter().rev() {
        index = index * 3 + ((player >> sq) & 1) as usize + 2 * ((opponent >> sq) & 1) as usize;
    }
    index
}

/// The linear features: mobility difference, potential mobility difference, 1, the parity of the
/// empties (1 when odd: the mover would get the last move) and the disc difference. A model reads
/// the first [`Model::linear`] of them.
#[inline(always)]
pub fn linear_features(player: u64, opponent: u64) -> [i32; MAX_LINEAR] {
    linear_features_by(player, opponent, legal_moves)
}

/// [`linear_features`] with `moves` as the move generator.
#[inline(always)]
pub fn linear_features_by(
    player: u64,
    opponent: u64,
    moves: impl Fn(u64, u64) -> u64,
) -> [i32; MAX_LINEAR] {
    let empty = !(player | opponent);
    let mobility =
        moves(player, opponent).count_ones() as i32 - moves(opponent, player).count_ones() as i32;
    // Empty squares next to the opponent's discs are future moves for the mover.
    let potential = (neighbours(opponent) & empty).count_ones() as i32
        - (neighbours(player) & empty).count_ones() as i32;
    let parity = (empty.count_ones() & 1) as i32;
    let discs = player.count_ones() as i32 - opponent.count_ones() as i32;
    [mobility, potential, 1, parity, discs]
}
