//! The command line's engine commands (clap), each with its options and the checks of their
//! values; the game's own options are in [`super::game_args`]. [`super::dispatch`] runs a parsed
//! command.

use std::path::PathBuf;

use clap::Subcommand;

pub use super::values::*;
pub use super::variant_args::{RulesName, VariantArgs, with_shape_arg};

#[derive(Subcommand)]
pub enum Command {
    /// Count the leaves of the game tree DEPTH plies deep (a pass is a ply; a finished game is one
    /// leaf) and print the count, the time and leaves per second.
    Perft {
        /// Plies to search (11 from the start = 212258800).
        depth: u32,
        /// Start from this position instead: 64 squares a1..h8 (X black, O white, - empty), then
        /// the side to move, e.g. "---…-- X" (n² squares with --size N); or a transcript or GGF
        /// record played from the start.
        #[arg(long, value_name = "BOARD", allow_hyphen_values = true)]
        board: Option<String>,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// Solve positions exactly: best move, final disc difference (empties to the winner), nodes,
    /// time and a line of best play. Each POSITION is "<64 squares a1..h8> <side>" (n² squares
    /// with --size N), a transcript or GGF record played from the start, or a file with one per
    /// line.
    Solve {
        /// (Most positions start with '-', a1 empty: they are taken as positions, not options,
        /// wherever they stand; see `positions_as_values`.)
        #[arg(required = true, value_name = "POSITION|FILE")]
        positions: Vec<String>,
        /// Search threads of the 8×8 engine (default: every core).
        #[arg(long, value_parser = at_least_one)]
        threads: Option<usize>,
        /// Also print each of the 8×8 solver's null-window probes (ProbCut passes, then exact): its
        /// question, answer, nodes and time.
        #[arg(long)]
        probes: bool,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// Analyse a game as the game's analysis does: each placed move's loss against the best
    /// move, the best move and the evaluation (black's view), then the time it took.
    Analyse {
        /// A transcript played from the start (`f5d6c3…`) or a GGF record.
        #[arg(value_name = "GAME")]
        game: String,
        /// How deep: quick (depth 8, exact from 14 empties), normal (10, 16) or deep (12, 18).
        #[arg(long, default_value = "normal")]
        depth: crate::ai::jobs::ReviewDepth,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// Solve the FFO endgame test positions #40–#59 and print per-position and total time, nodes,
    /// nodes/s and whether each score matches. Exits non-zero if any differs.
    Bench {
        /// First FFO position to solve (40–59).
        #[arg(long, default_value_t = 40)]
        first: usize,
        /// Last FFO position to solve (40–59).
        #[arg(long, default_value_t = 59)]
        last: usize,
        /// Instead: search 10 midgame positions (40 empties) to a fixed depth and report nodes/s.
        #[arg(long)]
        midgame: bool,
        /// Depth of the midgame searches (1–60).
        #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=60))]
        depth: u32,
        /// The midgame searches with Multi-ProbCut.
        #[arg(long)]
        selective: bool,
        /// The midgame searches' evaluation: patterns, hand, a weights or a network file.
        #[arg(long, default_value = "patterns")]
        eval: crate::ai::Evaluator,
        /// Search threads (default: every core).
        #[arg(long, value_parser = at_least_one)]
        threads: Option<usize>,
        /// Also print each solve's null-window probes (ProbCut passes, then exact) after its line.
        #[arg(long)]
        probes: bool,
    },
    /// Speak the NBoard protocol (v2) on stdin/stdout, for NBoard-compatible GUIs and match tools.
    Nboard,
    /// Host online play: the rooms' WebSocket endpoint (/ws), the room lookup (/api/rooms/CODE)
    /// and, with --web, the browser build, all from one address. Runs until Ctrl-C. Needs a build
    /// with the `server` feature (scripts/serve builds it and runs this).
    Serve {
        /// The address to listen on (0.0.0.0:8080 for every interface).
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// Where every room and move is written: a SQLite file (default: rooms.sqlite in the
        /// game's data directory), or a PostgreSQL database's URL
        /// (postgres://user:password@host:port/database, a build with the postgres feature).
        #[arg(long, value_name = "FILE|URL")]
        db: Option<String>,
        /// Serve this directory at / (the browser build: scripts/web-build writes dist/).
        #[arg(long, value_name = "DIR")]
        web: Option<PathBuf>,
        /// Rooms one address may have open at once.
        #[arg(long, default_value_t = 20, value_name = "N")]
        rooms_per_address: usize,
        /// Connections one address may hold open without a seat (more are refused and closed).
        #[arg(long, default_value_t = 16, value_name = "N")]
        unseated_per_address: usize,
        /// Seconds a player who lost the connection has to come back before the game is given to
        /// the opponent.
        #[arg(long, default_value_t = 60, value_name = "S")]
        grace: u64,
        /// Wait this long inside each write's transaction before committing (a slow disk, for
        /// the crash test).
        #[arg(long, default_value_t = 0, value_name = "MS", hide = true)]
        commit_delay_ms: u64,
        /// With a PostgreSQL database that several servers share: the host:port the others
        /// reach this one at (default: the listening address, 127.0.0.1 for 0.0.0.0).
        #[arg(long, value_name = "HOST:PORT")]
        advertise: Option<String>,
        /// A load balancer or proxy whose X-Forwarded-For header names the client's address
        /// (for the limits per address); repeat for several.
        #[arg(long, value_name = "IP")]
        trust_proxy: Vec<std::net::IpAddr>,
    },
    /// Print HAProxy's configuration for players at LISTEN spread over the room servers at
    /// SERVERS (host:port each); scripts/serve cluster writes it.
    HaproxyConfig {
        listen: String,
        #[arg(required = true)]
        servers: Vec<String>,
    },
    /// The crash test: rooms of bots play on a `reversi serve` process that is killed (SIGKILL)
    /// at random moments and started again on the same database; then every move a client saw
    /// applied is looked for in the database. Ends with `kills K, acknowledged moves M, lost L,
    /// doubled D`, and fails unless nothing was lost, doubled or illegal.
    Chaos {
        /// Rooms (two bots each).
        #[arg(long, default_value_t = 40)]
        rooms: usize,
        /// Servers sharing the database (a PostgreSQL URL) behind HAProxy (scripts/setup
        /// --cluster installs it); each kill takes one at random. Adds `rooms moved R` to the
        /// last line.
        #[arg(long, default_value_t = 1, value_name = "N")]
        instances: usize,
        /// Kills during play.
        #[arg(long, default_value_t = 25)]
        kills: usize,
        /// The shortest and longest life of the server between kills, in milliseconds.
        #[arg(long, default_values_t = [200, 1500], num_args = 2, value_names = ["MIN", "MAX"])]
        life_ms: Vec<u64>,
        /// A bot's average wait before each move, in milliseconds.
        #[arg(long, default_value_t = 60, value_name = "MS")]
        think_ms: u64,
        /// The store's wait inside each transaction (a slow disk), so that kills land inside
        /// transactions.
        #[arg(long, default_value_t = 10, value_name = "MS")]
        commit_delay_ms: u64,
        /// The database, a SQLite file or a PostgreSQL URL as for serve (emptied first; kept
        /// afterwards).
        #[arg(long, value_name = "FILE|URL", default_value = "chaos.sqlite")]
        db: String,
        /// The server binary (default: this one).
        #[arg(long, value_name = "FILE")]
        server: Option<PathBuf>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Load a running server (`reversi serve`) with rooms of bots that play random legal moves,
    /// and report moves a second, the move round trip, errors, lost or doubled moves and the
    /// server's memory. Start the server with --rooms-per-address at least ROOMS.
    Loadtest {
        /// The server's WebSocket endpoint.
        #[arg(long, default_value = "ws://127.0.0.1:8080/ws")]
        url: String,
        /// Rooms (two bots, two connections each).
        #[arg(long, default_value_t = 100)]
        rooms: usize,
        /// Seconds of play after the rooms are open.
        #[arg(long, default_value_t = 30)]
        seconds: u64,
        /// A bot's average wait before each move, in milliseconds.
        #[arg(long, default_value_t = 1000, value_name = "MS")]
        think_ms: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also open this many public rooms that wait for a second player all along (the
        /// lobby's), on a few boards and clocks.
        #[arg(long, default_value_t = 0, value_name = "N")]
        waiting: usize,
        /// Print `room CODE` for each room of bots as soon as it is open (to watch one).
        #[arg(long)]
        list_rooms: bool,
        /// Kill this process (one server of a cluster) with SIGKILL halfway through the play;
        /// the bots resume their seats through the same URL.
        #[arg(long, value_name = "PID")]
        kill: Option<u32>,
    },
    /// Speak GTP (the Go Text Protocol, as Othello programs and the Quarry board use it) on
    /// stdin/stdout, playing at a level.
    Gtp {
        /// The level that plays `genmove`.
        #[arg(long, default_value = "Expert")]
        level: crate::ai::Level,
        /// Seed for the level's random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Play two sides (levels of this engine, stand-ins for a new player, or other programs
    /// speaking GTP) against each other from balanced openings (colours alternating) and print
    /// each game and the score: how the strength figures of docs/benchmarks.md were measured.
    Match {
        /// The first side: a level (Beginner, Novice, Intermediate, Advanced, Expert, Maximum),
        /// random, greedy or fewest (stand-ins for a new player: any legal move, the one that turns
        /// the most discs, or the one that turns the fewest), or another program: gtp:COMMAND speaking
        /// GTP (e.g. "gtp:gtp-rhino -l 5") or nboard:COMMAND speaking NBoard (e.g. "nboard:sh -c
        /// 'cd ~/ntest && exec ./ntest x'").
        first: crate::cli::Contender,
        /// The second side.
        second: crate::cli::Contender,
        /// Number of games.
        #[arg(long, default_value_t = 16)]
        games: usize,
        /// Start at this game instead of the first (game i plays opening i/2, the first level black
        /// when i is even): a long match split over several processes.
        #[arg(long, default_value_t = 0)]
        skip: usize,
        /// Seed for the levels' and stand-ins' random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The first level's evaluation (levels only): patterns (the shipped weights), hand
        /// (hand-tuned) or a weights file from `reversi train`.
        #[arg(long, default_value = "patterns")]
        first_eval: crate::ai::Evaluator,
        /// The second level's evaluation.
        #[arg(long, default_value = "patterns")]
        second_eval: crate::ai::Evaluator,
        /// Multi-ProbCut on (true) or off (false) for the first level, whatever the level says.
        #[arg(long)]
        first_selective: Option<bool>,
        /// The same for the second level.
        #[arg(long)]
        second_selective: Option<bool>,
        /// Search threads of the first level (default: the level's own, every core but one for
        /// Maximum, one for the others).
        #[arg(long, value_parser = at_least_one)]
        first_threads: Option<usize>,
        /// The same for the second level.
        #[arg(long, value_parser = at_least_one)]
        second_threads: Option<usize>,
        /// At most this many milliseconds a move for both (besides each level's own limits).
        #[arg(long, value_name = "MS")]
        time_ms: Option<u64>,
        /// Levels search from the first move, without the opening book: both, or first or second.
        #[arg(long, value_name = "WHICH", num_args = 0..=1, default_missing_value = "both")]
        no_book: Option<crate::cli::BookOff>,
        /// Levels that play from the book choose among moves this many discs below its best.
        #[arg(long, value_name = "DISCS")]
        book_within: Option<i32>,
        /// Every game from the start position (the levels' book choices vary them), not the openings.
        #[arg(long)]
        from_start: bool,
        #[command(flatten)]
        programs: ProgramArgs,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// A tournament of engines (levels, stand-ins for a new player, GTP and NBoard programs): a
    /// round robin, a gauntlet or a Swiss tournament from the balanced openings, games side by
    /// side on threads, scored as the rule books score them (points, then the Brightwell quotient,
    /// the disc count and the games among the players level); the standings after each round,
    /// then the standings, the crosstable and each engine's Elo; every game in a GGF file. The
    /// tournament's file is written after each game, and a tournament started again with the same
    /// settings goes on where it stopped. A program that crashes, answers an error or an illegal
    /// move, or does not answer in time loses that game by default (completed by the engine,
    /// recorded by the rule) and the tournament goes on (docs/tournaments.md).
    Tournament {
        /// The engines, two or more: levels (Beginner … Maximum), random, greedy or fewest, or
        /// programs: gtp:COMMAND or nboard:COMMAND (see `match`).
        #[arg(required = true, num_args = 2..)]
        engines: Vec<String>,
        /// How the engines meet.
        #[arg(long, value_enum, default_value = "round-robin")]
        format: crate::cli::tournament::Format,
        /// The openings each pairing of a round robin or gauntlet plays, each with both colours.
        #[arg(long, default_value_t = 1, value_parser = at_least_one)]
        openings: usize,
        /// The rounds of a Swiss tournament (one game a pairing a round).
        #[arg(long, value_parser = at_least_one)]
        rounds: Option<usize>,
        /// Games played side by side (each level then searches on one thread).
        #[arg(long, default_value_t = 1, value_parser = at_least_one)]
        threads: usize,
        /// At most this many milliseconds a move for the levels (besides their own limits).
        #[arg(long, value_name = "MS")]
        time_ms: Option<u64>,
        /// Seed for the levels' random choices and the openings on boards other than 8×8.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The tournament's file: written after each game, and gone on with when it exists.
        #[arg(long, value_name = "FILE")]
        out: std::path::PathBuf,
        /// The games as GGF records, one a line (default: the tournament's file with .ggf).
        #[arg(long, value_name = "FILE")]
        ggf: Option<std::path::PathBuf>,
        /// The tie-breaks after the points: woc (the World Othello Championship's: the
        /// Brightwell quotient, then the disc count) or discs (the disc count first).
        #[arg(long, default_value = "woc")]
        tie_breaks: crate::rules::tournament::TieBreaks,
        /// The level that completes a game lost by default, playing both sides.
        #[arg(long, value_name = "LEVEL", default_value = "advanced")]
        complete_with: crate::ai::Level,
        #[command(flatten)]
        programs: ProgramArgs,
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// Find balanced openings for `match`: random games of a few moves whose full-width search
    /// scores them near even, no two the same position or mirror images; prints one a line
    /// (transcript, evaluation for black). `match` plays the list in src/cli/match-openings.txt,
    /// written by this command with its defaults.
    Openings {
        /// Number of openings.
        #[arg(long, default_value_t = crate::cli::OpeningSearch::default().count)]
        count: usize,
        /// Moves in each opening (f5 first).
        #[arg(long, default_value_t = crate::cli::OpeningSearch::default().plies)]
        plies: usize,
        /// Depth of the full-width search that judges them.
        #[arg(long, default_value_t = crate::cli::OpeningSearch::default().depth)]
        depth: u32,
        /// Keep openings evaluated within this many discs of even.
        #[arg(long, default_value_t = 1.0)]
        max_eval: f64,
        /// Seed of the random games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Training step 1: play self-play games (random openings, then the engine) and write every
    /// position with its final disc difference, one "<player hex> <opponent hex> <score>" a line.
    Selfplay {
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed of the first game (game i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads.
        #[arg(long, default_value_t = 2, value_parser = at_least_one)]
        threads: usize,
        /// The evaluation the players use: patterns (the shipped weights) or hand.
        #[arg(long, default_value = "patterns")]
        eval: crate::ai::Evaluator,
        /// Midgame search depth of the players.
        #[arg(long, default_value_t = crate::ai::train::SELF_PLAY_DEPTH)]
        depth: u32,
        /// The players solve exactly from this many empties.
        #[arg(long, default_value_t = crate::ai::train::SELF_PLAY_EXACT)]
        exact: u32,
        /// Label each position W (0 to 1) of its game's result and the rest the score of the
        /// search that chose its move, the players searching with Multi-ProbCut; without it, the
        /// result alone and full-width searches.
        #[arg(long, value_name = "W", allow_negative_numbers = true)]
        result_weight: Option<f64>,
        /// Start each game from a position of this sample file (drawn by the game's seed)
        /// instead of a random opening, e.g. the positions of `reversi wthor --out`.
        #[arg(long, value_name = "FILE")]
        from: Option<PathBuf>,
        /// ... of those, only positions with at most this many discs.
        #[arg(long, default_value_t = 36, value_name = "N")]
        from_discs: u32,
        /// Where to write the samples.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Another variant: its games (--eval is the 8×8 engine's) are written one
        /// "<size>:<rules> <player hex> <opponent hex> <side> <margin>" a line.
        #[command(flatten)]
        variant: VariantArgs,
    },
    /// Training data from the solver's own trees: solve self-play positions with the given number
    /// of empties, keep a sample of the positions the solver evaluates, and label each exactly.
    Treesample {
        /// Sample files from `reversi selfplay` (their positions are the sources).
        #[arg(required = true, value_name = "FILE")]
        sources: Vec<PathBuf>,
        /// Solve the source positions with this many empties.
        #[arg(long, default_value_t = 24)]
        empties: u32,
        /// At most this many of them (the first in the files).
        #[arg(long, default_value_t = 400)]
        count: usize,
        /// Keep about one in 2^BITS of the positions evaluated (by hash).
        #[arg(long, default_value_t = 12)]
        bits: u32,
        /// Worker threads.
        #[arg(long, default_value_t = 2, value_parser = at_least_one)]
        threads: usize,
        /// Where to write the labelled positions.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// Read WTHOR game files (the French federation's database, `WTH_YYYY.wtb`): every game is
    /// replayed and checked; the positions before each move, once each up to symmetry, can be
    /// written as samples labelled with the mean final disc difference their games reached.
    Wthor {
        /// `.wtb` files.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Write the distinct positions here (the sample format `relabel` and `train` read).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Write them in an order drawn from this seed (any run of them is then a fair sample).
        #[arg(long, value_name = "SEED")]
        shuffle: Option<u64>,
        /// Also solve this many games' positions at the files' stated depth (in empties) and
        /// compare the exact scores with those the files record.
        #[arg(long, default_value_t = 0, value_name = "N")]
        check: usize,
    },
    /// Multi-ProbCut's statistics for an evaluation: each sample position searched to depth 10
    /// without pruning, each depth's score compared with its Multi-ProbCut depth's, by stage of
    /// ten discs; `--out` writes the table the midgame search reads (src/ai/search/mpc-*.in).
    Mpc {
        /// Sample files (positions in random order, such as a WTHOR chunk).
        #[arg(required = true, value_name = "FILE")]
        samples: Vec<PathBuf>,
        /// The first this many positions.
        #[arg(long, default_value_t = 2000)]
        positions: usize,
        /// The evaluation measured: patterns (the shipped weights), hand, or a weights file.
        #[arg(long, default_value = "patterns")]
        eval: crate::ai::Evaluator,
        /// Worker threads.
        #[arg(long, default_value_t = 2, value_parser = at_least_one)]
        threads: usize,
        /// Where to write the search's table.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Training data labelled by a deeper search: each position of sample files is searched with
    /// Multi-ProbCut, and its label becomes the search's score mixed with the game's result.
    Relabel {
        /// Sample files from `reversi selfplay`.
        #[arg(required = true, value_name = "FILE")]
        samples: Vec<PathBuf>,
        /// Search this many plies deep.
        #[arg(long, default_value_t = 10)]
        depth: u32,
        /// Solve exactly with this many empties or fewer.
        #[arg(long, default_value_t = 20)]
        exact: u32,
        /// The share of the game's result in a label, 0 to 1 (the rest is the search's score).
        #[arg(long, default_value_t = 0.25)]
        result_weight: f64,
        /// Only positions with at least this many discs ...
        #[arg(long, default_value_t = 4)]
        min_discs: u32,
        /// ... and at most this many.
        #[arg(long, default_value_t = 64)]
        max_discs: u32,
        /// The evaluation the search uses: patterns (the shipped weights), hand, or a weights
        /// file (whole, or an overlay on the shipped ones).
        #[arg(long, default_value = "patterns")]
        eval: crate::ai::Evaluator,
        /// Only every Nth of those positions (consecutive ones are from the same game).
        #[arg(long, default_value_t = 1, value_parser = at_least_one)]
        every: usize,
        /// Worker threads.
        #[arg(long, default_value_t = 2, value_parser = at_least_one)]
        threads: usize,
        /// Where to write the labelled positions.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// The opening book: build it with the engine, show its moves after a transcript, export
    /// and import its text form (docs/book.md).
    Book {
        #[command(subcommand)]
        action: super::book::BookCommand,
    },
    /// The game database of WTHOR files: add, search, the moves played from a position
    /// (docs/database.md).
    Db {
        #[command(subcommand)]
        action: super::db::DbCommand,
    },
    /// The network evaluation: the features it trains from, its integer inference checked against
    /// its float model, its error beside the pattern tables' (docs/training.md).
    Net {
        #[command(subcommand)]
        action: super::net::NetCommand,
    },
    /// Endgame puzzles: build a set from games, list it, prove it again (docs/puzzles.md).
    Puzzles {
        #[command(subcommand)]
        action: super::puzzles::PuzzlesCommand,
    },
    /// Training step 2: fit the pattern evaluation to sample files and write the weights (to ship
    /// them: classic, write src/ai/weights.bin; rich, gzip them into src/ai/weights-rich.bin.gz;
    /// then rebuild).
    Train {
        /// Sample files from `reversi selfplay`.
        #[arg(required = true, value_name = "FILE")]
        samples: Vec<PathBuf>,
        /// Gradient passes per phase.
        #[arg(long, default_value_t = 200)]
        epochs: usize,
        /// Phases fitted at once (default: every core); the weights do not depend on it.
        #[arg(long, value_parser = at_least_one)]
        threads: Option<usize>,
        /// Start from these weights instead of zero (fine-tuning).
        #[arg(long, value_name = "WEIGHTS")]
        init: Option<PathBuf>,
        /// Fit only these phases, e.g. `6-7` (the others keep the starting weights).
        #[arg(long, value_name = "A-B")]
        phases: Option<String>,
        /// Write only the phases fitted, as an overlay on the shipped classic weights
        /// (`--first-eval` and `--init` take it).
        #[arg(long)]
        overlay: bool,
        /// Where to write the weights.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// The model fitted from zero: classic (the solver's move order's) or rich (the midgame
        /// search's: more corner shapes, a phase every two plies, parity and discs; fitted, then
        /// smoothed across neighbouring phases).
        #[arg(long, default_value = "classic")]
        model: crate::ai::pattern::Model,
        /// The rich model's pull of each weight towards the neighbouring phases', in samples.
        #[arg(long, default_value_t = 16.0)]
        pull: f64,
    },
}

/// How other programs (gtp:COMMAND, nboard:COMMAND) are spoken to in `match` and `tournament`.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct ProgramArgs {
    /// The midgame search depth an NBoard program (nboard:COMMAND) is set to (`set depth`).
    #[arg(long, value_name = "DEPTH", default_value_t = crate::cli::NBOARD_DEPTH)]
    pub nboard_depth: u32,
    /// How long a program may take to answer one command: past it a match stops, and in a
    /// tournament the program loses that game on time.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = crate::protocol::gtp_client::DEFAULT_TIMEOUT.as_secs_f64(),
        value_parser = positive_seconds
    )]
    pub gtp_timeout_s: f64,
}

impl ProgramArgs {
    /// `side` with these settings where it is a program (a level or stand-in as it is).
    pub fn apply(self, side: crate::cli::Contender) -> crate::cli::Contender {
        use crate::cli::{Contender, Protocol};
        match side {
            Contender::Program {
                protocol, command, ..
            } => Contender::Program {
                protocol: match protocol {
                    Protocol::NBoard { .. } => Protocol::NBoard {
                        depth: self.nboard_depth,
                    },
                    gtp => gtp,
                },
                command,
                timeout: std::time::Duration::from_secs_f64(self.gtp_timeout_s),
            },
            other => other,
        }
    }
}

/// A thread count: a whole number from 1 up.
pub fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("expected a whole number from 1 up, got '{text}'")),
    }
}

pub fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        // Up to about 31 years: Duration::from_secs_f64 takes it.
        Ok(s) if s > 0.0 && s < 1e9 => Ok(s),
        _ => Err(format!(
            "expected a number of seconds above 0, got '{text}'"
        )),
    }
}
