//! Command-line engine commands: `perft`, `solve` and `bench` reports.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::ai::endgame::{PROBCUT_T, Probe};
use crate::ai::eval::DISC;
use crate::ai::{Engine, Limits};
use crate::protocol::gtp;
use crate::rules::{Position, notation, perft};

/// The FFO endgame test positions #40–#59 with their exact scores (shipped in the binary).
pub const FFO_40_59: &str = include_str!("../../tests/data/ffo-40-59.txt");

/// Table size for `solve` and `bench`: 2^23 entries per table (192 MiB each). Against 2^22 on two
/// threads, alternated: FFO #53–#54 2.5 % fewer nodes and 1.7 % less time, #55 alone 1.6 % fewer
/// nodes and 2.2 % less time, the whole bench 2.6 % fewer nodes and about 1 % less time (inside
/// the runs' spread). 2^24 searched 2 % fewer nodes again but ran no faster (#55 slower).
const SOLVE_TABLE_BITS: u32 = 23;

/// Runs perft to `depth` from `board` (a board string, or the standard start) and returns the
/// report: leaves, time and leaves per second.
pub fn perft_report(depth: u32, board: Option<&str>) -> Result<String, String> {
    let position = match board {
        Some(text) => notation::parse_board(text).map_err(|e| format!("bad --board: {e}"))?,
        None => Position::start(),
    };
    let started = Instant::now();
    let leaves = perft(&position.board, depth);
    let seconds = started.elapsed().as_secs_f64();
    Ok(format!(
        "perft {depth}: {leaves} leaves in {seconds:.3} s ({})",
        rate(leaves, seconds, "leaves")
    ))
}

fn rate(count: u64, seconds: f64, what: &str) -> String {
    if seconds > 0.0 {
        format!("{:.1} M {what}/s", count as f64 / seconds / 1e6)
    } else {
        format!("∞ {what}/s")
    }
}

/// One solved position.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    pub best: Option<String>,
    pub score: i32,
    pub nodes: u64,
    pub seconds: f64,
    /// The solver's null-window probes, ProbCut passes first, in the order made.
    pub probes: Vec<Probe>,
    /// A line of best play to the end of the game (passes as `pass`) when asked for, found after
    /// the solve (outside its nodes and time).
    pub line: Vec<String>,
}

/// One line for a probe: the pass (ProbCut's confidence, or exact), the question, the answer and
/// its cost.
pub fn probe_line(probe: &Probe) -> String {
    let pass = match PROBCUT_T.get(probe.level as usize) {
        Some(t) => format!("t={:.1}", *t as f64 / 100.0),
        None => "exact".to_string(),
    };
    let answer = if probe.score >= probe.beta {
        format!("yes, at least {:+}", probe.score)
    } else {
        format!("no, at most {:+}", probe.score)
    };
    format!(
        "    probe {pass:<5} score >= {:+3}? {answer:<18} {:>13} nodes {:>9.3} s",
        probe.beta, probe.nodes, probe.seconds
    )
}

/// An engine for [`solve_position`] searching on `threads` threads. Made once for many positions:
/// making its tables (hundreds of megabytes, written when made) costs more than clearing them.
pub fn solving_engine(threads: usize) -> Engine {
    let mut engine = Engine::new(SOLVE_TABLE_BITS, Arc::new(AtomicBool::new(false)));
    engine.set_threads(threads);
    engine
}

/// Solves `position` exactly with `engine` (cleared first, so each solve starts afresh): best move
/// and final disc difference for the side to move; with `line`, also a line of best play to the
/// end (found after the solve, outside its nodes and time).
pub fn solve_position(engine: &mut Engine, position: &Position, line: bool) -> Solved {
    engine.clear();
    let started = Instant::now();
    let result = engine.search(&position.board, &Limits::depth(60, 64), |_| {});
    let seconds = started.elapsed().as_secs_f64();
    let probes = engine.probes().to_vec();
    let score = result.score / DISC;
    let line = match line {
        true => engine
            .exact_line(&position.board, score, result.best)
            .expect("an exact solve's score has a line that keeps it"),
        false => Vec::new(),
    };
    Solved {
        best: result.best.map(|s| s.to_string()),
        score,
        nodes: result.nodes,
        seconds,
        probes,
        line: line.iter().map(|m| m.to_string()).collect(),
    }
}

/// `reversi solve`: each argument is a position (`<64 squares> <side>`) or a file of them, one per
/// line (text after `;` and lines starting with `#` are ignored). `probes`: each solve's
/// null-window probes too.
pub fn solve_report(inputs: &[String], threads: usize, probes: bool) -> Result<String, String> {
    let mut positions = Vec::new();
    for input in inputs {
        match std::fs::read(input) {
            Ok(bytes) => {
                let text = String::from_utf8(bytes).map_err(|e| {
                    let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                    let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
                    format!("{input}, line {line}: not UTF-8 text")
                })?;
                for (number, line) in text.lines().enumerate() {
                    let board = line.split(';').next().unwrap_or("").trim();
                    if board.is_empty() || board.starts_with('#') {
                        continue;
                    }
                    let position = notation::parse_board(board)
                        .map_err(|e| format!("{input}, line {}: {e}", number + 1))?;
                    positions.push((format!("{input}:{}", number + 1), position));
                }
            }
            // A file that is there but cannot be read (a folder, no permission).
            Err(e) if Path::new(input).exists() => {
                return Err(format!("cannot read {input}: {e}"));
            }
            Err(_) => {
                let position = notation::parse_board(input.split(';').next().unwrap_or(""))
                    .map_err(|e| format!("'{input}' is neither a position nor a file: {e}"))?;
                positions.push((input.clone(), position));
            }
        }
    }
    if positions.is_empty() {
        return Err("no position to solve".into());
    }
    let mut engine = solving_engine(threads);
    let mut report = String::new();
    for (name, position) in positions {
        let solved = solve_position(&mut engine, &position, true);
        let _ = writeln!(
            report,
            "{name}\n  best {} score {:+} nodes {} time {:.3} s ({})\n  line {}",
            solved.best.as_deref().unwrap_or("pass"),
            solved.score,
            solved.nodes,
            solved.seconds,
            rate(solved.nodes, solved.seconds, "nodes"),
            match solved.line.is_empty() {
                true => "(the game is over)".to_string(),
                false => solved.line.join(" "),
            },
        );
        if probes {
            for probe in &solved.probes {
                let _ = writeln!(report, "{}", probe_line(probe));
            }
        }
    }
    Ok(report.trim_end().to_string())
}

/// One benchmark position: the board, the best moves and the exact score.
pub struct BenchPosition {
    pub position: Position,
    pub best_moves: Vec<String>,
    pub score: i32,
}

/// Reads the FFO file format: `<board> <side> ; <best moves> ; <score>` per line, `#` comments.
pub fn parse_bench(text: &str) -> Result<Vec<BenchPosition>, String> {
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [board, moves, score] = fields[..] else {
            return Err(format!(
                "line {}: expected '<board> ; <moves> ; <score>'",
                number + 1
            ));
        };
        let position =
            notation::parse_board(board).map_err(|e| format!("line {}: {e}", number + 1))?;
        let score = score
            .parse()
            .map_err(|_| format!("line {}: bad score '{score}'", number + 1))?;
        let best_moves = moves
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        positions.push(BenchPosition {
            position,
            best_moves,
            score,
        });
    }
    Ok(positions)
}

/// `reversi bench`: solves FFO #40–#59 (or the positions `first..=last` of them) with `threads`
/// threads and reports each position (with `probes`, its null-window probes after it) and the
/// total. Returns the report and whether every score matched.
pub fn bench_report(
    first: usize,
    last: usize,
    threads: usize,
    probes: bool,
    mut progress: impl FnMut(&str),
) -> Result<(String, bool), String> {
    let positions = parse_bench(FFO_40_59)?;
    let numbers = 40..=39 + positions.len();
    if !numbers.contains(&first) || !numbers.contains(&last) || first > last {
        return Err(format!(
            "FFO positions #{first}..#{last}: expected {} <= first <= last <= {}",
            numbers.start(),
            numbers.end()
        ));
    }
    let mut engine = solving_engine(threads);
    let (mut nodes, mut seconds, mut all_match) = (0u64, 0.0f64, true);
    progress(&format!("threads: {threads}"));
    // Every line after that one goes both to `progress` and into the report.
    let mut report = Vec::new();
    let mut emit = |line: String| {
        progress(&line);
        report.push(line);
    };
    emit(format!(
        "{:>4} {:>7} {:>5} {:>6} {:>6} {:>5} {:>14} {:>9} {:>12}",
        "#", "empties", "move", "score", "want", "ok", "nodes", "time s", "nodes/s"
    ));
    for (i, bench) in positions.iter().enumerate() {
        let number = 40 + i;
        if number < first || number > last {
            continue;
        }
        let solved = solve_position(&mut engine, &bench.position, false);
        let best = solved.best.clone().unwrap_or_else(|| "pass".into());
        let ok = solved.score == bench.score && bench.best_moves.contains(&best);
        all_match &= ok;
        nodes += solved.nodes;
        seconds += solved.seconds;
        emit(format!(
            "{:>4} {:>7} {:>5} {:>+6} {:>+6} {:>5} {:>14} {:>9.3} {:>12.0}",
            number,
            bench.position.board.empty_count(),
            best,
            solved.score,
            bench.score,
            if ok { "yes" } else { "NO" },
            solved.nodes,
            solved.seconds,
            solved.nodes as f64 / solved.seconds.max(1e-9),
        ));
        if probes {
            for probe in &solved.probes {
                emit(probe_line(probe));
            }
        }
    }
    emit(format!(
        "total: {nodes} nodes in {seconds:.2} s ({:.0} nodes/s); {}",
        nodes as f64 / seconds.max(1e-9),
        if all_match {
            "all scores match"
        } else {
            "SOME SCORES DIFFER"
        }
    ));
    Ok((report.join("\n"), all_match))
}

/// Balanced openings the `match` command starts its games from, each played once with each colour:
/// one per line, the transcript first, then its evaluation for black (discs). Written by
/// `reversi openings` with its defaults (see [`OpeningSearch`]).
pub const MATCH_OPENINGS: &str = include_str!("match-openings.txt");

/// The transcripts of [`MATCH_OPENINGS`].
pub fn match_openings() -> Vec<&'static str> {
    MATCH_OPENINGS
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|first| !first.starts_with('#'))
        .collect()
}

/// How `reversi openings` looks for balanced openings: random games of `plies` moves (f5 first;
/// the other first moves are its mirror images), kept when a full-width search of `depth` plies
/// scores them within `max_eval` hundredths of a disc of even, and when no kept opening is the
/// same position or a mirror image of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningSearch {
    pub count: usize,
    pub plies: usize,
    pub depth: u32,
    pub max_eval: i32,
    pub seed: u64,
}

impl Default for OpeningSearch {
    fn default() -> Self {
        OpeningSearch {
            count: 50,
            plies: 8,
            depth: 10,
            max_eval: DISC,
            seed: 1,
        }
    }
}

/// A balanced opening: its moves and the search's evaluation for black (hundredths of a disc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub transcript: String,
    pub eval: i32,
}

impl Opening {
    /// The line `reversi openings` prints and [`MATCH_OPENINGS`] holds.
    pub fn to_line(&self) -> String {
        format!("{} {:+.2}", self.transcript, self.eval as f64 / DISC as f64)
    }
}

/// `reversi openings`: the first `search.count` random openings that pass [`OpeningSearch`]'s test,
/// in the order found (the same for a seed). `progress` is told of each.
pub fn balanced_openings(
    search: OpeningSearch,
    mut progress: impl FnMut(&Opening),
) -> Result<Vec<Opening>, String> {
    use crate::rules::{Board, Game, Move, Player, Square, squares};
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    use std::collections::HashSet;

    // Bad settings are refused at once rather than after thousands of searches.
    if search.plies == 0 || search.plies >= 60 {
        return Err(format!(
            "an opening has 1 to 59 moves, not {}",
            search.plies
        ));
    }
    if search.max_eval < 0 {
        return Err("the evaluation bound cannot be negative".into());
    }
    let mut rng = StdRng::seed_from_u64(search.seed);
    let mut engine = Engine::new(20, Arc::new(AtomicBool::new(false)));
    let limits = Limits::depth(search.depth, 0);
    let f5 = Square::from_file_rank(5, 4).expect("f5");
    let mut seen: HashSet<Board> = HashSet::new();
    let mut found = Vec::new();
    let tries = search.count.saturating_mul(1000).max(1000);
    for _ in 0..tries {
        if found.len() >= search.count {
            break;
        }
        let mut game = Game::new();
        game.play(f5).expect("f5 opens");
        while game.history().len() < search.plies && !game.is_over() {
            let moves: Vec<Square> = squares(game.legal_moves()).collect();
            game.play(moves[rng.random_range(0..moves.len())])
                .expect("a legal move");
        }
        // Openings with a pass (or an early end) are not the usual game.
        if game.history().len() != search.plies
            || game.is_over()
            || game.history().contains(&Move::Pass)
            || !seen.insert(game.board().canonical())
        {
            continue;
        }
        engine.clear();
        let result = engine.search(&game.board(), &limits, |_| {});
        let eval = match game.to_move() {
            Player::Black => result.score,
            Player::White => -result.score,
        };
        if eval.abs() <= search.max_eval {
            let opening = Opening {
                transcript: notation::transcript(&game),
                eval,
            };
            progress(&opening);
            found.push(opening);
        }
    }
    if found.len() < search.count {
        return Err(format!(
            "only {} balanced openings in {tries} tries; allow a larger evaluation",
            found.len()
        ));
    }
    Ok(found)
}

/// The result of a match between two sides, from the first side's view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchScore {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Sum of final disc differences (empties to the winner).
    pub disc_difference: i64,
    /// Wall-clock seconds each side spent choosing its moves (first, second).
    pub seconds: [f64; 2],
}

impl MatchScore {
    /// Points per game: a win 1, a draw ½.
    pub fn percent(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 {
            0.0
        } else {
            100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / games as f64
        }
    }
}

/// One side of a match: a level of this engine, a stand-in for a new player (`random`, `greedy`),
/// or another program speaking GTP (`gtp:COMMAND`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contender {
    Level(crate::ai::Level),
    Newcomer(crate::ai::Newcomer),
    /// The program and its arguments (see [`gtp::split_command`]).
    Program(String),
}

impl std::str::FromStr for Contender {
    type Err = String;

    fn from_str(text: &str) -> Result<Contender, String> {
        match text.strip_prefix("gtp:") {
            Some(command) => {
                gtp::split_command(command)?;
                Ok(Contender::Program(command.to_string()))
            }
            None => match text.parse() {
                Ok(newcomer) => Ok(Contender::Newcomer(newcomer)),
                Err(_) => text.parse().map(Contender::Level).map_err(|e| {
                    format!(
                        "{e}, or random or greedy (stand-ins for a new player), or gtp:COMMAND \
                         for a program speaking GTP"
                    )
                }),
            },
        }
    }
}

/// A side of a match while it is played.
enum Side {
    Level(crate::ai::Level, crate::ai::Tuning),
    Newcomer(crate::ai::Newcomer),
    Program(gtp::Client),
}

impl Side {
    fn name(&self) -> String {
        match self {
            Side::Level(level, _) => level.to_string(),
            Side::Newcomer(newcomer) => newcomer.name().to_string(),
            Side::Program(client) => client.name().to_string(),
        }
    }

    /// Tells a program what was played (a level needs no telling).
    fn hear(
        &mut self,
        player: crate::rules::Player,
        square: crate::rules::Square,
    ) -> Result<(), String> {
        match self {
            Side::Level(..) | Side::Newcomer(_) => Ok(()),
            Side::Program(client) => client.play(player, square),
        }
    }
}

/// `reversi match`: the games numbered `games` (from 0; game `i` plays opening `i / 2`, the first
/// side black when `i` is even) of `first` against `second` from the balanced openings. A level
/// moves within its own time and `budget`; a program is asked with `genmove` and told the other
/// side's moves with `play` (its own time is its own). Deterministic for a seed when no time limit
/// decides a move and no program plays, so one long match can be split into ranges played by
/// separate processes. A program that cannot be started, answers an error, or answers a move that
/// is not legal ends the match with the reason.
pub fn match_levels(
    (first, first_tuning): (Contender, crate::ai::Tuning),
    (second, second_tuning): (Contender, crate::ai::Tuning),
    games: std::ops::Range<usize>,
    seed: u64,
    budget: Option<std::time::Duration>,
    mut progress: impl FnMut(&str),
) -> Result<(MatchScore, [String; 2]), String> {
    use crate::ai::choose_move_with;
    use crate::rules::{Game, Move, Player};
    let side = |contender: Contender, tuning| -> Result<Side, String> {
        Ok(match contender {
            Contender::Level(level) => Side::Level(level, tuning),
            Contender::Newcomer(newcomer) => Side::Newcomer(newcomer),
            Contender::Program(command) => Side::Program(gtp::Client::start(&command)?),
        })
    };
    let mut sides = [side(first, first_tuning)?, side(second, second_tuning)?];
    let names = [sides[0].name(), sides[1].name()];
    let mut score = MatchScore::default();
    let openings = match_openings();
    for index in games {
        let opening = openings[(index / 2) % openings.len()];
        let opening = notation::parse_transcript(opening).expect("the openings are legal");
        let first_plays = if index % 2 == 0 {
            Player::Black
        } else {
            Player::White
        };
        // The programs start each game from the start and hear the opening's moves.
        let mut game = Game::new();
        for side in &mut sides {
            if let Side::Program(client) = side {
                client.new_game()?;
            }
        }
        for &m in opening.history() {
            if let Move::Play(square) = m {
                let player = game.to_move();
                game.play(square).expect("the openings are legal");
                for side in &mut sides {
                    side.hear(player, square)?;
                }
            }
        }
        while !game.is_over() {
            let player = game.to_move();
            let mover = usize::from(player != first_plays);
            let started = Instant::now();
            let move_seed = seed
                .wrapping_mul(31)
                .wrapping_add((index * 100 + game.history().len()) as u64);
            let square = match &mut sides[mover] {
                Side::Level(level, tuning) => {
                    let cancel = Arc::new(AtomicBool::new(false));
                    choose_move_with(&game.board(), *level, move_seed, cancel, budget, *tuning)
                        .expect("a side to move that is not passing has a move")
                }
                Side::Newcomer(newcomer) => newcomer
                    .choose(&game.board(), move_seed)
                    .expect("a side to move that is not passing has a move"),
                Side::Program(client) => {
                    let played = client.genmove(player)?;
                    match played.filter(|s| game.legal_moves() & s.bit() != 0) {
                        Some(square) => square,
                        None => {
                            return Err(format!(
                                "game {}: {} answered {} for {player}, not a legal move after {}",
                                index + 1,
                                names[mover],
                                played.map_or("pass".to_string(), |s| s.to_string()),
                                notation::transcript(&game)
                            ));
                        }
                    }
                }
            };
            score.seconds[mover] += started.elapsed().as_secs_f64();
            game.play(square).expect("checked legal");
            sides[1 - mover].hear(player, square)?;
        }
        let outcome = game.outcome().expect("over");
        let (mine, theirs) = match first_plays {
            Player::Black => (outcome.score.black, outcome.score.white),
            Player::White => (outcome.score.white, outcome.score.black),
        };
        let diff = mine as i64 - theirs as i64;
        score.disc_difference += diff;
        match diff.signum() {
            1 => score.wins += 1,
            0 => score.draws += 1,
            _ => score.losses += 1,
        }
        progress(&format!(
            "game {:>3}: {} as {first_plays} {mine}–{theirs} {}  {}",
            index + 1,
            names[0],
            names[1],
            notation::transcript(&game)
        ));
    }
    Ok((score, names))
}

/// Midgame benchmark positions: 20 moves into games (40 empties), from the match logs of the levels.
pub const MIDGAME_POSITIONS: [&str; 10] = [
    "f5d6c3d3c4b3c7d7c6b8c8d8c2f4a2g5f3f2g3h3",
    "f5d6c3d3c4b3d7e6c2c8f6f4d8d2e2c7c5e8g4f1",
    "f5d6c3d3c4b5b4f3f4g5d2d1g6a5c5b6h5f6c6h4",
    "f5d6c3d3c4b5c6e6c5b3e7d7b6f3d8g5f6e8b4g7",
    "f5d6c3d3c4b5c7f3c5b4c2c1a6d7b3a4a5c6e7b6",
    "f5d6c3d3c4b5c7f4e3f2b4e2c2a4a5e6g3c5a3c1",
    "f5d6c3d3c4b5d7f4c5c7b7b3a2b8c2e7f6g5c6b4",
    "f5d6c3d3c4f3e6b5c2e2e3c6b6c1e1f7f4a6b4c5",
    "f5d6c3d3c4f3f4b3c7d7c5g3e6b4h2f7f2f6a4f1",
    "f5d6c3d3c4f4c2f6e6d7c7c5e7b4g3f8b5c6g4g5",
];

/// `reversi bench --midgame`: a fixed-depth midgame search (no exact solving) of each position on
/// `threads` threads, with nodes, time and nodes per second; `selective`: with Multi-ProbCut.
pub fn midgame_bench_report(
    depth: u32,
    selective: bool,
    threads: usize,
    mut progress: impl FnMut(&str),
) -> Result<String, String> {
    let mut report = String::new();
    progress(&format!("threads: {threads}"));
    let mut engine = solving_engine(threads);
    let (mut nodes, mut seconds) = (0u64, 0.0f64);
    let header = format!(
        "{:>3} {:>6} {:>6} {:>12} {:>8} {:>12}",
        "#", "move", "eval", "nodes", "time s", "nodes/s"
    );
    progress(&header);
    report.push_str(&header);
    report.push('\n');
    for (i, transcript) in MIDGAME_POSITIONS.iter().enumerate() {
        let game = notation::parse_transcript(transcript)
            .map_err(|e| format!("position {}: {e}", i + 1))?;
        engine.clear();
        let started = Instant::now();
        let limits = Limits {
            selective,
            ..Limits::depth(depth, 0)
        };
        let result = engine.search(&game.board(), &limits, |_| {});
        let elapsed = started.elapsed().as_secs_f64();
        nodes += result.nodes;
        seconds += elapsed;
        let line = format!(
            "{:>3} {:>6} {:>+6.2} {:>12} {:>8.3} {:>12.0}",
            i + 1,
            result.best.map_or("pass".to_string(), |s| s.to_string()),
            result.score as f64 / DISC as f64,
            result.nodes,
            elapsed,
            result.nodes as f64 / elapsed.max(1e-9)
        );
        progress(&line);
        report.push_str(&line);
        report.push('\n');
    }
    let total = format!(
        "total depth {depth}: {nodes} nodes in {seconds:.2} s ({:.0} nodes/s)",
        nodes as f64 / seconds.max(1e-9)
    );
    progress(&total);
    report.push_str(&total);
    Ok(report)
}

/// Work items finished on any thread, counted, and said on stderr every `every` of them
/// ("selfplay: 300 of 1000 games"): the training commands' progress.
struct Tally {
    command: &'static str,
    total: u64,
    unit: &'static str,
    every: u64,
    done: std::sync::atomic::AtomicU64,
}

impl Tally {
    fn new(command: &'static str, total: u64, unit: &'static str, every: u64) -> Tally {
        Tally {
            command,
            total,
            unit,
            every,
            done: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// One more item finished.
    fn tick(&self) {
        let n = self.done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if n.is_multiple_of(self.every) {
            eprintln!("{}: {n} of {} {}", self.command, self.total, self.unit);
        }
    }
}

/// `reversi selfplay`: plays the games, writes the samples to `out`, says how many.
pub fn selfplay_report(
    config: crate::ai::train::SelfPlay,
    threads: usize,
    out: &Path,
) -> Result<String, String> {
    use crate::ai::train::self_play;
    let games = config.games;
    let started = Instant::now();
    let done = Tally::new("selfplay", games, "games", 100);
    let samples = self_play(config, threads, &|_| done.tick());
    write_samples(out, &samples)?;
    Ok(format!(
        "{games} games, {} positions written to {} in {:.1} s",
        samples.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    ))
}

/// Writes samples one a line, the format [`read_samples`] reads.
fn write_samples(out: &Path, samples: &[crate::ai::train::Sample]) -> Result<(), String> {
    let mut text = String::with_capacity(samples.len() * 40);
    for s in samples {
        text.push_str(&s.to_line());
        text.push('\n');
    }
    std::fs::write(out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))
}

/// Reads sample files (`reversi selfplay`'s format); `#` lines and blank ones are skipped.
fn read_samples(files: &[PathBuf]) -> Result<Vec<crate::ai::train::Sample>, String> {
    let mut samples = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            samples.push(
                crate::ai::train::Sample::parse(line)
                    .map_err(|e| format!("{} line {}: {e}", file.display(), n + 1))?,
            );
        }
    }
    Ok(samples)
}

/// `reversi treesample`: the first `count` positions with `empties` empties in the sample files
/// are solved, and a sample of the positions the solver evaluates is labelled exactly and written
/// to `out` (the format `reversi train` reads).
pub fn treesample_report(
    files: &[PathBuf],
    empties: u32,
    count: usize,
    bits: u32,
    threads: usize,
    out: &Path,
) -> Result<String, String> {
    use crate::ai::train::{TreeProgress, tree_samples};
    if !(1..=64).contains(&bits) {
        return Err(format!("--bits: expected 1 to 64, got {bits}"));
    }
    let started = Instant::now();
    let sources: Vec<(u64, u64)> = read_samples(files)?
        .into_iter()
        .map(|s| (s.player, s.opponent))
        .filter(|&(p, o)| (!(p | o)).count_ones() == empties)
        .take(count)
        .collect();
    if sources.is_empty() {
        return Err(format!(
            "no position with {empties} empties in the sample files"
        ));
    }
    let solved = Tally::new("treesample", sources.len() as u64, "sources solved", 20);
    let samples = tree_samples(&sources, bits, threads, &|p| match p {
        TreeProgress::Solved(_) => solved.tick(),
        TreeProgress::Labelled(n, total) if n.is_multiple_of(20_000) => {
            eprintln!("treesample: {n} of {total} positions labelled");
        }
        TreeProgress::Labelled(..) => {}
    });
    write_samples(out, &samples)?;
    Ok(format!(
        "{} sources with {empties} empties, {} positions labelled and written to {} in {:.1} s",
        sources.len(),
        samples.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    ))
}

/// How `reversi relabel` labels and which positions it keeps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Relabel {
    /// The search's depth in plies ...
    pub depth: u32,
    /// ... exact with this many empties or fewer.
    pub exact: u32,
    /// The share of the game's result in the label (0 to 1); the rest is the search's score.
    pub result_weight: f64,
    /// Only positions with at most this many discs ...
    pub max_discs: u32,
    /// ... and of those, every `every`th.
    pub every: usize,
}

/// `reversi relabel`: the positions of the sample files that `how` keeps, labelled by a search
/// and their game's result ([`crate::ai::train::search_labels`]), written to `out` (the format
/// `reversi train` reads).
pub fn relabel_report(
    files: &[PathBuf],
    how: Relabel,
    threads: usize,
    out: &Path,
) -> Result<String, String> {
    let Relabel {
        depth,
        exact,
        result_weight,
        max_discs,
        every,
    } = how;
    if !(1..=60).contains(&depth) {
        return Err(format!("--depth: expected 1 to 60, got {depth}"));
    }
    if !(0.0..=1.0).contains(&result_weight) {
        return Err(format!(
            "--result-weight: expected 0 to 1, got {result_weight}"
        ));
    }
    let started = Instant::now();
    let positions: Vec<crate::ai::train::Sample> = read_samples(files)?
        .into_iter()
        .filter(|s| (s.player | s.opponent).count_ones() <= max_discs)
        .step_by(every.max(1))
        .collect();
    if positions.is_empty() {
        return Err(format!(
            "no position with at most {max_discs} discs in the sample files"
        ));
    }
    let done = Tally::new("relabel", positions.len() as u64, "positions", 10_000);
    let samples =
        crate::ai::train::search_labels(&positions, depth, exact, result_weight, threads, &|_| {
            done.tick()
        });
    write_samples(out, &samples)?;
    Ok(format!(
        "{} positions searched {depth} plies deep, {} labelled and written to {} in {:.1} s",
        positions.len(),
        samples.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    ))
}

/// `reversi train`: fits the pattern weights to the sample files and writes them to `out`.
pub fn train_report(
    files: &[PathBuf],
    epochs: usize,
    threads: usize,
    init: Option<&Path>,
    phases: Option<&str>,
    out: &Path,
) -> Result<String, String> {
    use crate::ai::pattern::{PHASES, PLIES_PER_PHASE, Weights};
    use crate::ai::train::fit_from;
    let started = Instant::now();
    let start = match init {
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Weights::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Weights::zero(),
    };
    let phases = match phases {
        None => 0..=PHASES - 1,
        Some(text) => {
            let bad =
                || format!("--phases: expected A-B with 0 <= A <= B < {PHASES}, got '{text}'");
            let (a, b) = text.split_once('-').ok_or_else(bad)?;
            let (a, b): (usize, usize) = (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            );
            if a > b || b >= PHASES {
                return Err(bad());
            }
            a..=b
        }
    };
    let samples = read_samples(files)?;
    if samples.is_empty() {
        return Err("no samples in the files: nothing to fit".into());
    }
    let (weights, report) = fit_from(&samples, epochs, threads, &start, phases);
    std::fs::write(out, weights.to_bytes())
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let mut lines = vec![format!(
        "{} samples, {epochs} epochs per phase, {:.1} s; weights written to {}",
        samples.len(),
        started.elapsed().as_secs_f64(),
        out.display()
    )];
    for phase in 0..PHASES {
        lines.push(format!(
            "phase {phase} ({:>2}-{:>2} discs): fitted to {:>7} samples, rms error {:5.2} discs; \
             held out {:>6}, rms error {:5.2} discs",
            4 + PLIES_PER_PHASE as usize * phase,
            3 + PLIES_PER_PHASE as usize * (phase + 1),
            report.samples[phase],
            report.rms_discs[phase],
            report.held_out[phase],
            report.held_out_rms_discs[phase]
        ));
    }
    Ok(lines.join("\n"))
}
