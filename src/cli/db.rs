//! `reversi db add | search | stats | sample`: the game database of WTHOR files (docs/cli.md,
//! docs/database.md) from the command line, on the same file the game reads.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Subcommand, ValueEnum};

use crate::database::search::{Query, Target, Winner};
use crate::database::{Database, default_path, read_files, sample};
use crate::rules::{Player, Variant, notation};

#[derive(Subcommand)]
pub enum DbCommand {
    /// Add WTHOR files to the database: games (WTH_*.wtb), players (WTHOR.JOU) and tournaments
    /// (WTHOR.TRN); a folder adds every such file in it. Each game is kept once however often
    /// its file is added; a damaged file is refused with what is wrong, the rest kept.
    Add {
        #[arg(required = true, value_name = "FILE|FOLDER")]
        files: Vec<PathBuf>,
        /// The database file (default: games.db in the game's data folder).
        #[arg(long, value_name = "FILE")]
        db: Option<PathBuf>,
    },
    /// Find games, newest first: by player (either colour), tournament, years, result and
    /// position (in any of the board's eight images, by any order of moves).
    Search {
        /// Part of a player's name (case and accents ignored).
        #[arg(long)]
        player: Option<String>,
        /// Part of the tournament's name.
        #[arg(long)]
        tournament: Option<String>,
        /// From this year on.
        #[arg(long)]
        from: Option<u16>,
        /// Up to this year.
        #[arg(long)]
        to: Option<u16>,
        #[arg(long)]
        result: Option<ResultArg>,
        /// Games through this position: a transcript from the start (f5d6c3), a GGF record or 64
        /// squares a1..h8 and the side to move.
        #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
        position: Option<String>,
        /// Print the games as GGF records, one a line.
        #[arg(long)]
        ggf: bool,
        /// The most games printed.
        #[arg(long, default_value_t = 50)]
        limit: usize,
        #[arg(long, value_name = "FILE")]
        db: Option<PathBuf>,
    },
    /// The moves the database's players chose after MOVES (a transcript from the start, or a
    /// position as for search): games, wins, draws and losses for the side to move, mean discs
    /// at the end and the strongest players who chose each.
    Stats {
        #[arg(default_value = "", allow_hyphen_values = true)]
        moves: String,
        #[arg(long, value_name = "FILE")]
        db: Option<PathBuf>,
    },
    /// Write made-up WTHOR files (invented players and tournaments, openings from the catalogue
    /// played on at random) to FOLDER, to try the database without the federation's files.
    Sample {
        folder: PathBuf,
        /// Games a year, for the years 2001–2005.
        #[arg(long, default_value_t = 200)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// A game's result as the search filters it.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ResultArg {
    Black,
    White,
    Draw,
}

/// Runs a `db` command; bad input or a file that cannot be read or written is the error.
pub fn run(command: DbCommand) -> Result<(), String> {
    match command {
        DbCommand::Add { files, db } => add(&files, &path_or_default(db)?),
        DbCommand::Search {
            player,
            tournament,
            from,
            to,
            result,
            position,
            ggf,
            limit,
            db,
        } => {
            let query = Query {
                player: player.unwrap_or_default(),
                tournament: tournament.unwrap_or_default(),
                from_year: from,
                to_year: to,
                winner: result.map(|r| match r {
                    ResultArg::Black => Winner::Black,
                    ResultArg::White => Winner::White,
                    ResultArg::Draw => Winner::Draw,
                }),
                position: position.as_deref().map(target_of).transpose()?,
            };
            search(&open(&path_or_default(db)?)?, &query, ggf, limit);
            Ok(())
        }
        DbCommand::Stats { moves, db } => {
            let database = open(&path_or_default(db)?)?;
            print!("{}", stats_text(&database, target_of(&moves)?, &moves));
            Ok(())
        }
        DbCommand::Sample {
            folder,
            games,
            seed,
        } => {
            std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
            for (name, bytes) in sample::files(seed, 2001..=2005, games) {
                let path = folder.join(name);
                std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            }
            println!("{} made-up games in {}", 5 * games, folder.display());
            Ok(())
        }
    }
}

fn path_or_default(db: Option<PathBuf>) -> Result<PathBuf, String> {
    db.or_else(default_path)
        .ok_or_else(|| "no data folder for the database: give --db FILE".into())
}

fn open(path: &Path) -> Result<Database, String> {
    Database::load(path)?.ok_or_else(|| {
        format!(
            "no game database at {}: add WTHOR files with `reversi db add WTH_*.wtb WTHOR.JOU WTHOR.TRN`",
            path.display()
        )
    })
}

fn add(paths: &[PathBuf], db_path: &Path) -> Result<(), String> {
    let started = Instant::now();
    let files = read_files(paths)?;
    let mut db = Database::load(db_path)?.unwrap_or_default();
    let report = db.add_files(&files, |done, total| {
        eprint!("\rreading {done}/{total} files");
    });
    eprintln!();
    db.store(db_path)?;
    println!("{report}");
    println!(
        "{} games in {} ({:.1} s)",
        db.games.len(),
        db_path.display(),
        started.elapsed().as_secs_f64()
    );
    if report.added == 0 && !report.refused.is_empty() {
        return Err("no file could be read".into());
    }
    Ok(())
}

/// A position from a transcript, a GGF record or a board string.
fn target_of(text: &str) -> Result<Target, String> {
    let game = notation::parse_any(text, Variant::STANDARD).map_err(|e| e.to_string())?;
    let position = game.position();
    let board = position
        .to_board()
        .ok_or("the database holds 8×8 games only")?;
    Ok(Target::new(board, position.to_move == Player::Black))
}

fn search(db: &Database, query: &Query, ggf: bool, limit: usize) {
    let started = Instant::now();
    let hits = db.search(query);
    let took = started.elapsed();
    for hit in hits.iter().take(limit) {
        let game = &db.games[hit.game];
        if ggf {
            if let Some(record) = db.ggf(game) {
                println!("{record}");
            }
            continue;
        }
        let moves: String = game.moves().map(|m| m.to_string()).collect();
        println!(
            "{}  {}  {} – {}  {}-{}  {moves}",
            game.year,
            db.tournament(game.tournament),
            db.player(game.black),
            db.player(game.white),
            game.black_discs,
            64 - game.black_discs
        );
    }
    eprintln!(
        "{} of {} games match ({} shown), searched in {:.1} ms",
        hits.len(),
        db.games.len(),
        hits.len().min(limit),
        took.as_secs_f64() * 1e3
    );
}

/// The statistics as a table.
pub fn stats_text(db: &Database, target: Target, moves: &str) -> String {
    let started = Instant::now();
    let ratings = db.ratings();
    let stats = db.move_stats(target, &ratings);
    let took = started.elapsed();
    let total: usize = stats.iter().map(|s| s.games).sum();
    let side = if target.black_to_move {
        "Black"
    } else {
        "White"
    };
    let at = if moves.trim().is_empty() {
        "the start"
    } else {
        moves.trim()
    };
    let mut out = format!("after {at}, {side} to move: {total} games\n");
    out += "move  games  share   win  draw  loss  score  discs  strongest players\n";
    for s in &stats {
        let players: Vec<String> = s
            .best_players
            .iter()
            .map(|&(p, r)| format!("{} ({r:.0})", db.player(p)))
            .collect();
        out += &format!(
            "{:<4}  {:>5}  {:>4.1}%  {:>4}  {:>4}  {:>4}  {:>4.1}%  {:>5.1}  {}\n",
            s.square.to_string(),
            s.games,
            100.0 * s.games as f64 / total.max(1) as f64,
            s.wins,
            s.draws,
            s.losses,
            100.0 * s.score(),
            s.mean_discs,
            players.join(", ")
        );
    }
    out += &format!("({:.1} ms)\n", took.as_secs_f64() * 1e3);
    out
}
