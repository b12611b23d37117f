//! `reversi puzzles build | list | verify`: the endgame puzzle set made from games, printed, and
//! proved again (docs/puzzles.md).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Subcommand;

use crate::ai::puzzles::build::{self, BuildConfig, BuildProgress, Candidate};
use crate::ai::puzzles::{self, Ask, Grade, Kind, Puzzle};
use crate::rules::{Move, Player, Position, Variant, notation};

#[derive(Subcommand)]
pub enum PuzzlesCommand {
    /// Find puzzles in games and prove them: positions with MIN to MAX empties where one move
    /// wins (or one move is best), every legal move solved exactly. Resumes where an interrupted
    /// build of the same --out stopped.
    Build {
        /// Games: WTHOR files (`.wtb`), or text files of one game a line (a transcript or a GGF
        /// record).
        #[arg(required = true, value_name = "FILE")]
        games: Vec<PathBuf>,
        /// The set to write (and to resume: puzzles already in it are kept).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Puzzles in the set, spread evenly over the empties.
        #[arg(long, default_value_t = 600)]
        count: usize,
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
        min_empties: u32,
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=30))]
        max_empties: u32,
        /// Orders the candidate positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Every N-th puzzle asks for the exact score too (0: none).
        #[arg(long, default_value_t = 3, value_name = "N")]
        score_every: usize,
        /// Positions with fewer legal moves make no puzzle.
        #[arg(long, default_value_t = 3)]
        min_moves: u32,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Print one line a puzzle: number, grade, empties, side to move, what makes the answer
    /// unique, the answer and its score, how many moves fall short, the question, the source.
    List {
        /// A set file (default: the set the game ships).
        file: Option<PathBuf>,
    },
    /// Solve the puzzles again, every move, and compare with their proofs; exits 1 on any
    /// disagreement.
    Verify {
        /// A set file (default: the set the game ships).
        file: Option<PathBuf>,
        /// Only this many puzzles, drawn at random (default: all).
        #[arg(long, value_name = "N")]
        sample: Option<usize>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        threads: Option<usize>,
    },
}

/// Runs a `puzzles` command: whether what it checks holds (`verify`: every proof made again), or
/// the error for bad input or a file that could not be read or written.
pub fn run(command: PuzzlesCommand) -> Result<bool, String> {
    let cores = crate::ai::parallel::cores;
    match command {
        PuzzlesCommand::Build {
            games,
            out,
            count,
            min_empties,
            max_empties,
            seed,
            score_every,
            min_moves,
            threads,
        } => {
            if min_empties > max_empties {
                return Err(format!(
                    "--min-empties {min_empties} is above --max-empties {max_empties}"
                ));
            }
            let config = BuildConfig {
                count,
                min_empties,
                max_empties,
                seed,
                score_every,
                min_moves,
                threads: threads.unwrap_or_else(cores),
            };
            println!("{}", build_set(&games, &out, &config)?);
            Ok(true)
        }
        PuzzlesCommand::List { file } => {
            let set = read_set(file.as_deref())?;
            print!("{}", list(&set));
            Ok(true)
        }
        PuzzlesCommand::Verify {
            file,
            sample,
            seed,
            threads,
        } => {
            let set = read_set(file.as_deref())?;
            let (report, agreed) = verify(&set, sample, seed, threads.unwrap_or_else(cores));
            println!("{report}");
            Ok(agreed)
        }
    }
}

/// A set file, or the shipped set.
fn read_set(file: Option<&Path>) -> Result<Vec<Puzzle>, String> {
    match file {
        None => Ok(puzzles::shipped().to_vec()),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            puzzles::parse_set(&text).map_err(|e| format!("{}: {e}", path.display()))
        }
    }
}

/// Every position before a move in the games files with a number of empties in `empties`, with
/// where it was found.
pub fn candidates(
    files: &[PathBuf],
    empties: std::ops::RangeInclusive<u32>,
) -> Result<Vec<Candidate>, String> {
    let mut found = Vec::new();
    for path in files {
        let name = path.file_stem().map_or("games".to_string(), |s| {
            s.to_string_lossy().replace(' ', "_")
        });
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("wtb"))
        {
            let file = super::training::read_wthor_file(path)?;
            for (g, game) in file.games.iter().enumerate() {
                for (ply, p) in game.positions().into_iter().enumerate() {
                    if !empties.contains(&p.board.empty_count()) {
                        continue;
                    }
                    let to_move = if p.black_to_move {
                        Player::Black
                    } else {
                        Player::White
                    };
                    found.push(Candidate {
                        board: p.board,
                        to_move,
                        source: format!("wthor:{name}:{}:{}", g + 1, ply + 1),
                    });
                }
            }
            continue;
        }
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("{}: neither a .wtb file nor text", path.display()))?;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let game = notation::parse_any(line, Variant::default())
                .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
            let mut position: Position = game.start();
            for (ply, m) in game.history().iter().enumerate() {
                match *m {
                    Move::Pass => position = position.pass(),
                    Move::Play(square) => {
                        if let Some(board) = position
                            .to_board()
                            .filter(|b| empties.contains(&b.empty_count()))
                        {
                            found.push(Candidate {
                                board,
                                to_move: position.to_move,
                                source: format!("{name}:{}:{}", i + 1, ply + 1),
                            });
                        }
                        position = position.play(square);
                    }
                }
            }
        }
    }
    Ok(found)
}

/// `puzzles build`: the set made (resumed from `out` and its `.partial` file where they exist),
/// written to `out`; the report says what it holds.
fn build_set(games: &[PathBuf], out: &Path, config: &BuildConfig) -> Result<String, String> {
    let partial = out.with_extension("partial");
    let mut have = Vec::new();
    if out.exists() {
        have = read_set(Some(out))?;
    }
    if let Ok(text) = std::fs::read_to_string(&partial) {
        // Kept puzzles are appended a line at a time: a line cut short by an interruption is
        // dropped and found again.
        have.extend(text.lines().filter_map(|l| Puzzle::parse(l).ok()));
    }
    let resumed = have.len();
    let candidates = candidates(games, config.min_empties..=config.max_empties)?;
    let mut appended = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&partial)
        .map_err(|e| format!("cannot write {}: {e}", partial.display()))?;
    let started = Instant::now();
    let mut failed = None;
    let set = build::build(
        &candidates,
        have,
        config,
        &mut |puzzle| {
            if let Err(e) = writeln!(appended, "{}", puzzle.to_line()) {
                failed.get_or_insert(format!("cannot write {}: {e}", partial.display()));
            }
        },
        &mut |p: BuildProgress| {
            let seconds = started.elapsed().as_secs_f64();
            let new = p.kept.saturating_sub(resumed);
            let left = if new > 0 {
                let each = seconds / new as f64;
                format!(
                    ", about {} m left",
                    (each * (p.wanted - p.kept) as f64 / 60.0).ceil()
                )
            } else {
                String::new()
            };
            eprintln!(
                "puzzles: {} of {} kept, {} positions solved in {:.0} s{left}",
                p.kept, p.wanted, p.solved, seconds
            );
        },
    );
    if let Some(e) = failed {
        return Err(e);
    }
    let mut text = String::from(
        "# Reversi endgame puzzles: one a line (docs/puzzles.md), made by `reversi puzzles build`.\n",
    );
    for puzzle in &set {
        text.push_str(&puzzle.to_line());
        text.push('\n');
    }
    let temporary = out.with_extension("tmp");
    std::fs::write(&temporary, text)
        .and_then(|_| std::fs::rename(&temporary, out))
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let _ = std::fs::remove_file(&partial);
    Ok(format!(
        "{} puzzles written to {} ({} kept from before), from {} positions of {} files\n{}",
        set.len(),
        out.display(),
        resumed,
        candidates.len(),
        games.len(),
        summary(&set)
    ))
}

/// Counts by grade and by what makes the answer unique.
fn summary(set: &[Puzzle]) -> String {
    let mut text = String::new();
    for grade in Grade::ALL {
        let of: Vec<&Puzzle> = set.iter().filter(|p| p.grade() == grade).collect();
        let kind = |k| of.iter().filter(|p| p.kind() == Some(k)).count();
        let scores = of.iter().filter(|p| p.ask == Ask::Score).count();
        let _ = writeln!(
            text,
            "{grade:?}: {} puzzles ({} with one winning move, {} with one drawing move, {} with \
             one best move; {scores} ask the score)",
            of.len(),
            kind(Kind::OnlyWin),
            kind(Kind::OnlyDraw),
            kind(Kind::Best),
        );
    }
    text.trim_end().to_string()
}

/// `puzzles list`: one line a puzzle, then the counts.
pub fn list(set: &[Puzzle]) -> String {
    let mut text = String::new();
    for (i, p) in set.iter().enumerate() {
        let side = match p.position.to_move {
            Player::Black => "Black",
            Player::White => "White",
        };
        let kind = match p.kind() {
            Some(Kind::OnlyWin) => "only win ",
            Some(Kind::OnlyDraw) => "only draw",
            _ => "best     ",
        };
        let ask = match p.ask {
            Ask::Move => "move ",
            Ask::Score => "score",
        };
        let _ = writeln!(
            text,
            "{:4} {:6} {:2} empties  {side} {kind} {} {:+3}  {} of {} moves short  {ask} {}",
            i + 1,
            format!("{:?}", p.grade()).to_lowercase(),
            p.empties(),
            p.answer(),
            p.best_score(),
            p.wrong_moves(),
            p.scores.len(),
            p.source
        );
    }
    text.push_str(&summary(set));
    text.push('\n');
    text
}

/// `puzzles verify`: the report, and whether every proof was made again.
fn verify(set: &[Puzzle], sample: Option<usize>, seed: u64, threads: usize) -> (String, bool) {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut indices: Vec<usize> = (0..set.len()).collect();
    if let Some(n) = sample.filter(|&n| n < set.len()) {
        indices.shuffle(&mut rand::rngs::StdRng::seed_from_u64(seed));
        indices.truncate(n);
        indices.sort_unstable();
    }
    let started = Instant::now();
    let wrong = build::verify(set, &indices, threads);
    let mut report = String::new();
    for d in &wrong {
        let _ = writeln!(report, "puzzle {}: {}", d.index + 1, d.what);
    }
    let _ = write!(
        report,
        "{} of {} puzzles solved again in {:.1} s: {}",
        indices.len(),
        set.len(),
        started.elapsed().as_secs_f64(),
        if wrong.is_empty() {
            "every score agrees".to_string()
        } else {
            format!("{} disagree", wrong.len())
        }
    );
    (report, wrong.is_empty())
}
