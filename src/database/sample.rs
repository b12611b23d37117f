//! Made-up WTHOR files for tests, screenshots and trying the database without the federation's
//! files: seeded games between invented players at invented tournaments, each opening with a
//! named line of the catalogue and played on at random to its end. No real game is in them.

use super::names::{PLAYER_BYTES, TOURNAMENT_BYTES, write_names};
use crate::rules::wthor::{self, Header, WthorGame};
use crate::rules::{Board, Sq, openings, squares};

/// The invented players.
pub const PLAYERS: [&str; 16] = [
    "Aalders Joke",
    "Bertin Léa",
    "Carvalho Rui",
    "Dekker Sven",
    "Esposito Chiara",
    "Fontaine Marc",
    "Gomes Ana",
    "Hoekstra Pim",
    "Ishida Ren",
    "Jansen Femke",
    "Kato Yui",
    "Lombardi Paolo",
    "Moreau Claire",
    "Nakamura Sho",
    "Oliveira Bia",
    "Peeters Lotte",
];

/// The invented tournaments.
pub const TOURNAMENTS: [&str; 4] = [
    "Open de Lyon",
    "Coppa Adriatica",
    "Torneio do Porto",
    "Noordzee Toernooi",
];

/// A small seeded generator (SplitMix64), the same on every platform.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One game: a named opening, then random moves to the end.
fn game(rng: &mut Mix, lines: &[Vec<Sq>]) -> WthorGame {
    let opening = &lines[rng.below(lines.len())];
    let mut board = Board::start();
    let mut black = true;
    let mut moves = Vec::new();
    loop {
        if !board.has_move() {
            if !board.pass().has_move() {
                break;
            }
            board = board.pass();
            black = !black;
        }
        let legal: Vec<Sq> = squares(board.legal_moves()).collect();
        let next = opening
            .get(moves.len())
            .copied()
            .filter(|sq| legal.contains(sq))
            .unwrap_or_else(|| legal[rng.below(legal.len())]);
        board = board.play(next);
        black = !black;
        moves.push(next);
    }
    let margin = if black {
        board.final_score()
    } else {
        -board.final_score()
    };
    let black_discs = ((64 + margin) / 2) as u8;
    let white = rng.below(PLAYERS.len() - 1);
    let black_player = rng.below(PLAYERS.len());
    WthorGame {
        tournament: rng.below(TOURNAMENTS.len()) as u16,
        black: black_player as u16,
        // Anyone but Black.
        white: ((black_player + 1 + white) % PLAYERS.len()) as u16,
        black_discs,
        theoretical: black_discs,
        moves,
    }
}

/// WTHOR files of `per_year` games each for the years `years`, and the players' and
/// tournaments' names: (file name, bytes), the same for the same seed.
pub fn files(
    seed: u64,
    years: std::ops::RangeInclusive<u16>,
    per_year: usize,
) -> Vec<(String, Vec<u8>)> {
    let mut rng = Mix(seed);
    let lines: Vec<Vec<Sq>> = openings::named_lines()
        .map(|(_, moves)| {
            moves
                .as_bytes()
                .chunks(2)
                .filter_map(|m| std::str::from_utf8(m).ok()?.parse().ok())
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    for year in years {
        let games: Vec<WthorGame> = (0..per_year).map(|_| game(&mut rng, &lines)).collect();
        let header = Header {
            created: (2026, 1, 1),
            year,
            game_type: 0,
            depth: 0,
        };
        out.push((format!("WTH_{year}.wtb"), wthor::write(&header, &games)));
    }
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    out.push((
        "WTHOR.JOU".into(),
        write_names(&names(&PLAYERS), PLAYER_BYTES),
    ));
    out.push((
        "WTHOR.TRN".into(),
        write_names(&names(&TOURNAMENTS), TOURNAMENT_BYTES),
    ));
    out
}
