//! Opening names: a table of well-known Othello openings (the names in common use, as in Robert
//! Gatliff's public catalogue), each written once from black's f5, and matched in all four
//! orientations of the start position (first moves f5, e6, d3, c4).

use std::sync::OnceLock;

use super::game::{Game, Move};
use super::position::Position;
use super::square::Sq;
use super::variant::Variant;

/// (name, move sequences from f5). Some openings are reached by two sequences that differ by a
/// reflection of the position after the first moves; both are listed.
const OPENINGS: &[(&str, &[&str])] = &[
    ("Perpendicular", &["f5d6"]),
    ("Parallel", &["f5f4"]),
    ("Diagonal", &["f5f6"]),
    // Perpendicular openings.
    ("Tiger", &["f5d6c3d3c4"]),
    ("Aubrey (Tanaka)", &["f5d6c3d3c4b3"]),
    ("Rose-bill", &["f5d6c3d3c4f4c5b3c2"]),
    ("Tamenori", &["f5d6c3d3c4f4c5b3c2e6"]),
    ("Ishii", &["f5d6c3d3c4f4c5b4b5c6f3e6e3"]),
    ("Mainline Tiger", &["f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6g5d7g3"]),
    ("Brightwell", &["f5d6c3d3c4f4e3"]),
    ("Leader's Tiger", &["f5d6c3d3c4f4e6"]),
    ("Stephenson", &["f5d6c3d3c4f4f6"]),
    ("Kung", &["f5d6c3d3c4f4f6b4"]),
    ("No-Kung", &["f5d6c3d3c4f4f6g5"]),
    ("Ganglion", &["f5d6c3g5"]),
    ("Cat", &["f5d6c4d3c5"]),
    ("Berner", &["f5d6c4d3c5f4e3f3c2b4b3"]),
    ("Sakaguchi", &["f5d6c4d3c5f4e3f3c2c6"]),
    ("Italian", &["f5d6c4d3e6"]),
    ("No-Cat", &["f5d6c4g5"]),
    ("Swallow", &["f5d6c4g5c6"]),
    ("Horse", &["f5d6c5f4d3"]),
    ("Ralle", &["f5d6c5f4e3c6d3f3"]),
    ("Rose", &["f5d6c5f4e3c6d3f6e6d7"]),
    ("Greenberg (Dawg)", &["f5d6c5f4e3c6d3f6e6d7e7"]),
    ("Rose-Birth", &["f5d6c5f4e3c6d3f6e6d7g3c4"]),
    ("Flat", &["f5d6c5f4e3c6d3f6e6d7g4"]),
    ("Rotating Flat", &["f5d6c5f4e3c6d3f6e6d7g4c4"]),
    ("Bhagat", &["f5d6c5f4e3c6d7"]),
    ("Inoue", &["f5d6c5f4e3c6e6"]),
    ("IAGO", &["f5d6c5f4e3c6e6f6"]),
    ("Shaman (Danish)", &["f5d6c5f4e3c6f3"]),
    ("Mimura", &["f5d6c5f4e3d3"]),
    // Diagonal openings.
    ("Semi-Wing Variation", &["f5f6c4f4"]),
    ("Wing Variation", &["f5f6d3f4"]),
    ("Buffalo", &["f5f6e6f4c3", "f5f6e6d6c3"]),
    ("Hokuriku Buffalo", &["f5f6e6f4c3c4", "f5f6e6d6c3d3"]),
    (
        "Tanida Buffalo",
        &["f5f6e6f4c3d6f3c4c5b4", "f5f6e6d6c3f4c6d3e3d2"],
    ),
    ("Maruoka Buffalo", &["f5f6e6f4c3d7f3", "f5f6e6d6c3g4c6"]),
    ("Cow", &["f5f6e6f4e3", "f5f6e6d6c5"]),
    ("Rose-v-Toth", &["f5f6e6f4e3c5c4", "f5f6e6d6c5e3d3"]),
    ("Landau", &["f5f6e6f4e3c5c4d3c3", "f5f6e6d6c5e3d3c4c3"]),
    ("Tanida", &["f5f6e6f4e3c5c4e7", "f5f6e6d6c5e3d3g5"]),
    (
        "Aircraft (Feldborg)",
        &["f5f6e6f4e3c5c4e7g4", "f5f6e6d6c5e3d3g5d7"],
    ),
    (
        "Sailboat",
        &["f5f6e6f4e3c5c4e7b5e2", "f5f6e6d6c5e3d3g5e2b5"],
    ),
    ("Bat (Cambridge)", &["f5f6e6f4e3c5g5", "f5f6e6d6c5e3e7"]),
    ("Chimney", &["f5f6e6f4e3d6", "f5f6e6d6c5f4"]),
    ("Lollipop", &["f5f6e6f4g3d6", "f5f6e6d6c7f4"]),
    ("Hamilton", &["f5f6e6f4g3f3g4", "f5f6e6d6c7c6d7"]),
    ("Raccoon Dog", &["f5f6e6f4g4", "f5f6e6d6d7"]),
    ("Heath (Tobidashi)", &["f5f6e6f4g5", "f5f6e6d6e7"]),
    ("Heath-Chimney", &["f5f6e6f4g5d6", "f5f6e6d6e7f4"]),
    ("Heath-Bat", &["f5f6e6f4g5e7e3", "f5f6e6d6e7g5c5"]),
    ("Iwasaki Variation", &["f5f6e6f4g5e7d7", "f5f6e6d6e7g5g4"]),
    ("Snake (Peasant)", &["f5f6e6f4g6", "f5f6e6d6f7"]),
    (
        "Pyramid",
        &["f5f6e6f4g6c5g4g5f3e3c4", "f5f6e6d6f7e3d7e7c6c5d3"],
    ),
];

/// The four symmetries of the start position: identity, the a1–h8 diagonal, the a8–h1 diagonal
/// and the half turn. They map f5 to f5, e6, d3 and c4.
pub fn symmetries(square: Sq) -> [Sq; 4] {
    let (f, r) = (square.file(), square.rank());
    let at = |f: u8, r: u8| Sq::from_file_rank(f, r).expect("on the board");
    [at(f, r), at(r, f), at(7 - r, 7 - f), at(7 - f, 7 - r)]
}

/// Every named line in every orientation: (moves, name).
fn table() -> &'static [(Vec<Sq>, &'static str)] {
    static TABLE: OnceLock<Vec<(Vec<Sq>, &'static str)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut lines = Vec::new();
        for &(name, sequences) in OPENINGS {
            for sequence in sequences {
                let squares: Vec<Sq> = (0..sequence.len())
                    .step_by(2)
                    .map(|i| {
                        sequence[i..i + 2]
                            .parse()
                            .expect("the table holds square names")
                    })
                    .collect();
                for symmetry in 0..4 {
                    lines.push((
                        squares.iter().map(|&s| symmetries(s)[symmetry]).collect(),
                        name,
                    ));
                }
            }
        }
        lines
    })
}

/// The name of the deepest known opening a standard game has followed from the start, if any
/// (`None` for every other variant and start).
///
/// ```
/// use reversi::rules::{Variant, openings::opening_name, notation::parse_transcript};
/// let tiger = parse_transcript("f5d6c3d3c4", Variant::STANDARD).unwrap();
/// assert_eq!(opening_name(&tiger), Some("Tiger"));
/// let turned = parse_transcript("e6f4c3c4d3", Variant::STANDARD).unwrap();
/// assert_eq!(opening_name(&turned), Some("Tiger"));
/// ```
pub fn opening_name(game: &Game) -> Option<&'static str> {
    name_of(&played(game)?)
}

/// The name of the deepest known opening the moves `played` from the start follow.
pub fn name_of(played: &[Sq]) -> Option<&'static str> {
    table()
        .iter()
        .filter(|(line, _)| line.len() <= played.len() && played[..line.len()] == line[..])
        .max_by_key(|(line, _)| line.len())
        .map(|&(_, name)| name)
}

/// Every (name, sequence from f5) in the table, for tests and documentation.
pub fn named_lines() -> impl Iterator<Item = (&'static str, &'static str)> {
    OPENINGS
        .iter()
        .flat_map(|&(name, sequences)| sequences.iter().map(move |&s| (name, s)))
}

/// The names of the table, each once, in its order (the perpendicular, parallel and diagonal
/// openings first, then their lines).
pub fn names() -> Vec<&'static str> {
    OPENINGS.iter().map(|&(name, _)| name).collect()
}

/// The placed moves of a standard game from the start (`None` for any other variant or start).
pub fn played(game: &Game) -> Option<Vec<Sq>> {
    (game.start() == Position::start(Variant::STANDARD)).then(|| {
        game.history()
            .iter()
            .filter_map(|m| match m {
                Move::Play(square) => square.sq(),
                Move::Pass => None,
            })
            .collect()
    })
}

/// A named line that goes on from a position: its name, its next move there and its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Onward {
    pub name: &'static str,
    pub next: Sq,
    /// The line's moves in all, from the start.
    pub length: usize,
}

/// The named lines that go on from the moves `played` (from the start): each name once, with its
/// next move, shortest line first (a position two sequences of one name reach: either's move).
///
/// ```
/// use reversi::rules::{Sq, openings::lines_from};
/// let f5d6: Vec<Sq> = ["f5", "d6"].iter().map(|s| s.parse().unwrap()).collect();
/// let onward = lines_from(&f5d6);
/// assert!(onward.iter().any(|l| l.name == "Tiger" && l.next.to_string() == "c3"));
/// assert!(onward.iter().all(|l| l.length > 2));
/// ```
pub fn lines_from(played: &[Sq]) -> Vec<Onward> {
    let mut onward: Vec<Onward> = Vec::new();
    for (line, name) in table() {
        if line.len() > played.len()
            && line[..played.len()] == *played
            && !onward.iter().any(|o| o.name == *name)
        {
            onward.push(Onward {
                name,
                next: line[played.len()],
                length: line.len(),
            });
        }
    }
    onward.sort_by_key(|o| o.length);
    onward
}

/// The next move of the line `name` after `played`, where `played` follows it and it goes on.
pub fn next_in_line(name: &str, played: &[Sq]) -> Option<Sq> {
    lines_from(played)
        .into_iter()
        .find(|o| o.name == name)
        .map(|o| o.next)
}

/// The number of moves of the line `name` (its shortest sequence), if the table has it.
pub fn line_length(name: &str) -> Option<usize> {
    table()
        .iter()
        .filter(|(_, n)| *n == name)
        .map(|(line, _)| line.len())
        .min()
}

/// A name as written in a file or on a command line: lower case, every run of other characters
/// one `-` ("Leader's Tiger": `leader-s-tiger`).
pub fn slug(name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_matches('-').to_string()
}

/// The table's name that `text` names: the name itself in any case, or its [`slug`].
pub fn find(text: &str) -> Option<&'static str> {
    let wanted = slug(text);
    OPENINGS
        .iter()
        .map(|&(name, _)| name)
        .find(|name| slug(name) == wanted)
}
