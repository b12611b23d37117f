//! `reversi book build | show | export | import`: the opening book built by the engine, printed
//! after a transcript, and exchanged as text (docs/book.md).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Subcommand;

use crate::ai::book::build::{BuildConfig, BuildProgress, Scored, build};
use crate::ai::book::{Book, NO_LEAF};
use crate::rules::{Variant, notation};

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
        /// The book file.
        #[arg(long, value_name = "FILE")]
        book: PathBuf,
    },
    /// Write a book as text: one position a line (board, side to move, value, best move left out).
    Export {
        book: PathBuf,
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
            let book = read(&book)?;
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
        BookCommand::Export { book, out } => {
            let book = read(&book)?;
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
