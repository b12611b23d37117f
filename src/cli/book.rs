//! `reversi book build | show | export | import`: the opening book built by the engine, printed
//! after a transcript, and exchanged as text (docs/book.md).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Subcommand;

use crate::ai::book::build::{BuildConfig, BuildProgress, Scored, build};
use crate::ai::book::check::check;
use crate::ai::book::learn::{Growth, learn, path};
use crate::ai::book::{Book, NO_LEAF};
use crate::rules::{Sq, Variant, notation};

#[derive(Subcommand)]
pub enum BookCommand {
    /// Build a book from the start: every legal move of a position scored by a search, the moves
    /// within WIDTH discs of the best followed, to PLIES plies; then the values backed up by
    /// negamax. Resumes where an interrupted build of the same --out stopped (OUT.partial).
    Build {
        /// The book to write (binary).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=30))]
        plies: u32,
        /// The search depth that scores each move.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: u32,
        /// Exact from this many empty squares.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(0..=30))]
        exact: u32,
        /// Moves within this many discs of the best are followed.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=64))]
        width: u32,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Print the book's size and depth and, after MOVES (a transcript from the start), each book
    /// move with its value, best first.
    Show {
        /// A transcript such as f5d6c3 (default: the start).
        #[arg(default_value = "")]
        moves: String,
        /// The book file (default: the book built into the game).
        #[arg(long, value_name = "FILE")]
        book: Option<PathBuf>,
    },
    /// Learn from finished games (a GGF file, or transcripts one a line): every position they pass
    /// through to PLIES plies is added, scored at the book's depth, and the values backed up again.
    Learn {
        book: PathBuf,
        games: PathBuf,
        /// The learned book (default: BOOK itself).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u32).range(1..=60))]
        plies: u32,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Deepen and widen the book where GAMES go: as `learn`, and at each of their positions
    /// every move within WIDTH discs of the best is added too. With --named, the named openings'
    /// lines are the games (all of them, or with GAMES as well).
    Extend {
        book: PathBuf,
        #[arg(required_unless_present = "named")]
        games: Option<PathBuf>,
        /// The named openings' lines (docs/book.md), as games.
        #[arg(long)]
        named: bool,
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u32).range(1..=60))]
        plies: u32,
        /// Moves within this many discs of the best are added (default: the book's width).
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=64))]
        width: Option<u32>,
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Compare SAMPLE positions' book values with fresh searches at the book's depth: the mean and
    /// largest difference, for all and for those whose every move is a search score.
    Check {
        /// The book file (default: the book built into the game).
        book: Option<PathBuf>,
        #[arg(long, default_value_t = 200)]
        sample: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Write a book as text: one position a line (board, side to move, value, best move left out).
    Export {
        /// The book file (default: the book built into the game).
        book: Option<PathBuf>,
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// Read a book's text form and write it as a binary book.
    Import {
        text: PathBuf,
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
}

/// Runs a `book` command; bad input or a file that cannot be read or written is the error.
pub fn run(command: BookCommand) -> Result<(), String> {
    match command {
        BookCommand::Build {
            out,
            plies,
            depth,
            exact,
            width,
            threads,
        } => {
            let config = BuildConfig {
                plies,
                depth,
                exact,
                width,
                threads: threads.unwrap_or_else(crate::ai::parallel::cores).max(1),
            };
            run_build(&config, &out)
        }
        BookCommand::Show { moves, book } => {
            let book = read_or_shipped(book.as_deref())?;
            let game = notation::parse_transcript(&moves, Variant::STANDARD)
                .map_err(|e| format!("{moves}: {e}"))?;
            let board = game
                .position()
                .to_board()
                .ok_or("the book is for the 8×8 board")?;
            let s = book.settings;
            println!(
                "{} positions, to ply {}; moves searched {} plies deep (exact from {} empties), \
                 followed within {} discs of the best",
                book.len(),
                book.deepest_ply(),
                s.depth,
                s.exact,
                s.width
            );
            let Some(entry) = book.get(&board) else {
                println!("after {}: not in the book", shown(&moves));
                return Ok(());
            };
            println!("after {}: value {:+}", shown(&moves), entry.value);
            for m in book.moves(&board) {
                println!("  {} {:+}", m.square, m.value);
            }
            if entry.leaf != NO_LEAF {
                println!("  best move outside the book {:+}", entry.leaf);
            }
            Ok(())
        }
        BookCommand::Learn {
            book,
            games,
            out,
            plies,
            threads,
        } => {
            let growth = Growth { plies, width: None };
            grow(
                (read(&book)?, &book),
                &games,
                games_in(&games)?,
                out,
                growth,
                threads,
            )
        }
        BookCommand::Extend {
            book,
            games,
            named,
            out,
            plies,
            width,
            threads,
        } => {
            let read_book = read(&book)?;
            let width = Some(width.unwrap_or(u32::from(read_book.settings.width)));
            let (mut read_games, bad) = match &games {
                Some(games) => games_in(games)?,
                None => Default::default(),
            };
            if named {
                let lines: Vec<&str> = crate::rules::openings::named_lines().map(|l| l.1).collect();
                read_games.extend(games_of(&lines.join("\n")).0);
            }
            let source = games.unwrap_or_else(|| PathBuf::from("the named lines"));
            let growth = Growth { plies, width };
            grow(
                (read_book, &book),
                &source,
                (read_games, bad),
                out,
                growth,
                threads,
            )
        }
        BookCommand::Check {
            book,
            sample,
            seed,
            threads,
        } => {
            let book = read_or_shipped(book.as_deref())?;
            let threads = threads.unwrap_or_else(crate::ai::parallel::cores).max(1);
            let checked = check(&book, sample, seed, threads);
            println!("{checked}");
            Ok(())
        }
        BookCommand::Export { book, out } => {
            let book = read_or_shipped(book.as_deref())?;
            std::fs::write(&out, book.to_text()).map_err(|e| format!("{}: {e}", out.display()))
        }
        BookCommand::Import { text, out } => {
            let source =
                std::fs::read_to_string(&text).map_err(|e| format!("{}: {e}", text.display()))?;
            let book = Book::from_text(&source).map_err(|e| format!("{}: {e}", text.display()))?;
            std::fs::write(&out, book.to_bytes()).map_err(|e| format!("{}: {e}", out.display()))
        }
    }
}

fn shown(moves: &str) -> &str {
    if moves.is_empty() { "the start" } else { moves }
}

/// A book file, read and checked.
pub fn read(path: &Path) -> Result<Book, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Book::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// The book in `path`, or the book built into the game where no path is given.
fn read_or_shipped(path: Option<&Path>) -> Result<Book, String> {
    match path {
        Some(path) => read(path),
        None => crate::ai::book::shipped()
            .cloned()
            .ok_or_else(|| "this build has no book of its own: give --book FILE".to_string()),
    }
}

/// The build, resumed from `OUT.partial` (positions already scored, one a line), appending each
/// batch to it; the book written at the end and the partial file removed.
fn run_build(config: &BuildConfig, out: &Path) -> Result<(), String> {
    let partial = PathBuf::from(format!("{}.partial", out.display()));
    let mut resumed = Vec::new();
    if let Ok(text) = std::fs::read_to_string(&partial) {
        for (n, line) in text.lines().enumerate() {
            // A line cut short by the interruption ends the file: it is scored again.
            match Scored::from_line(line) {
                Ok(s) => resumed.push(s),
                Err(_) if n + 1 == text.lines().count() => {}
                Err(e) => return Err(format!("{}: line {}: {e}", partial.display(), n + 1)),
            }
        }
        eprintln!("book: resuming with {} positions scored", resumed.len());
    }
    // The partial file holds whole lines only before more are added.
    let whole: String = resumed.iter().map(|s| s.to_line() + "\n").collect();
    std::fs::write(&partial, whole).map_err(|e| format!("{}: {e}", partial.display()))?;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&partial)
        .map_err(|e| format!("{}: {e}", partial.display()))?;
    let started = Instant::now();
    let mut failed = None;
    let book = build(
        config,
        resumed,
        |batch| {
            let mut text = String::new();
            for s in batch {
                text.push_str(&s.to_line());
                text.push('\n');
            }
            if let Err(e) = file.write_all(text.as_bytes()) {
                failed.get_or_insert(format!("{}: {e}", partial.display()));
            }
        },
        |p: BuildProgress| {
            let spent = started.elapsed().as_secs_f64();
            let rate = p.searched as f64 / spent.max(1e-3);
            let left = (p.of - p.done) as f64 / rate.max(1e-9);
            eprintln!(
                "book: ply {}: {} of {} positions, {:.1} positions/s, {:.0} s left in this ply",
                p.ply, p.done, p.of, rate, left
            );
        },
    );
    if let Some(e) = failed {
        return Err(e);
    }
    std::fs::write(out, book.to_bytes()).map_err(|e| format!("{}: {e}", out.display()))?;
    let _ = std::fs::remove_file(&partial);
    println!(
        "book: {} positions to ply {} written to {} ({} bytes) in {:.1} s",
        book.len(),
        book.deepest_ply(),
        out.display(),
        book.to_bytes().len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Games read from a file: each one's moves, and each record skipped, numbered, with why.
type ReadGames = (Vec<Vec<Sq>>, Vec<(usize, String)>);

/// The games of the file `games` ([`games_of`]).
fn games_in(games: &Path) -> Result<ReadGames, String> {
    let text = std::fs::read_to_string(games).map_err(|e| format!("{}: {e}", games.display()))?;
    Ok(games_of(&text))
}

/// `book` (read from `book_path`) grown by `read_games` (from `games`, with `bad` records skipped)
/// and written to `out` (default: `book_path`).
fn grow(
    (book, book_path): (Book, &Path),
    games: &Path,
    (read_games, bad): ReadGames,
    out: Option<PathBuf>,
    growth: Growth,
    threads: Option<usize>,
) -> Result<(), String> {
    for (n, why) in &bad {
        eprintln!("{}: game {n} skipped: {why}", games.display());
    }
    if read_games.is_empty() {
        return Err(format!("{}: no 8×8 Othello game to learn", games.display()));
    }
    let paths: Vec<_> = read_games.iter().map(|g| path(g, growth.plies)).collect();
    let config = BuildConfig {
        plies: growth.plies,
        depth: u32::from(book.settings.depth.max(1)),
        exact: u32::from(book.settings.exact),
        width: growth.width.unwrap_or(u32::from(book.settings.width)),
        threads: threads.unwrap_or_else(crate::ai::parallel::cores).max(1),
    };
    let started = Instant::now();
    let (learned, grown) = learn(&book, &paths, growth, &config);
    let out = out.unwrap_or_else(|| book_path.to_path_buf());
    std::fs::write(&out, learned.to_bytes()).map_err(|e| format!("{}: {e}", out.display()))?;
    println!(
        "book: {} games learned ({} skipped): {} positions added, {} searched; {} positions \
         written to {} in {:.1} s",
        read_games.len(),
        bad.len(),
        grown.added,
        grown.searched,
        learned.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The games of a file: GGF records (`(;GM[Othello]...;)`, any number a line) or transcripts one
/// a line; each 8×8 Othello game from the start as its moves, and each other record numbered (from
/// 1) with why it was skipped.
pub fn games_of(text: &str) -> ReadGames {
    let records: Vec<String> = if text.contains("(;") {
        text.split("(;")
            .skip(1)
            .map(|r| format!("(;{}", r.trim_end()))
            .collect()
    } else {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    let mut games = Vec::new();
    let mut bad = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let game = match notation::parse_any(record, Variant::STANDARD) {
            Ok(game) => game,
            Err(e) => {
                bad.push((i + 1, e.to_string()));
                continue;
            }
        };
        match crate::rules::openings::played(&game) {
            Some(moves) => games.push(moves),
            None => bad.push((i + 1, "not 8×8 Othello from the start".into())),
        }
    }
    (games, bad)
}
