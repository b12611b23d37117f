//! The NBoard protocol (version 2) on a line stream: the engine side. Searches run on a worker
//! thread so `ping` can stop them; every line out is flushed at once. Unknown or malformed lines
//! never stop the engine: they are ignored, with a `status` line saying why.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use crate::ai::eval::DISC;
use crate::ai::{Engine, Limits, front};
use crate::rules::notation::parse_ggf;
use crate::rules::{Game, Move, Position, Square, Variant};

/// The name the engine gives itself.
pub const ENGINE_NAME: &str = "Reversi";
/// Table size: 2^22 entries per table (96 MiB each).
const TABLE_BITS: u32 = 22;
/// Depth used when the GUI never sends `set depth`.
const DEFAULT_DEPTH: u32 = 12;

/// Where lines go: shared by the reader and the search thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes one line and flushes it. A closed output is ignored (the GUI went away).
    pub fn line(&self, text: &str) {
        if let Ok(mut out) = self.0.lock() {
            let _ = writeln!(out, "{text}");
            let _ = out.flush();
        }
    }
}

struct Worker {
    cancel: Arc<AtomicBool>,
    handle: JoinHandle<Engine>,
}

/// One engine session: the game, the settings and the running search, if any.
pub struct Session {
    out: Output,
    /// The game of any variant (`set game` with a GGF record of another size or type).
    game: Game,
    depth: u32,
    contempt: i32,
    /// Whether `go` plays the opening book's best move where the book knows one (`set book`).
    book: bool,
    engine: Option<Engine>,
    worker: Option<Worker>,
}

impl Session {
    pub fn new(out: Output) -> Session {
        Session {
            out,
            game: Game::new(Variant::STANDARD),
            depth: DEFAULT_DEPTH,
            contempt: 0,
            book: true,
            engine: None,
            worker: None,
        }
    }

    /// The game as the GUI set it up.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The search depth (`set depth`) and contempt (`set contempt`, hundredths of a disc).
    pub fn settings(&self) -> (u32, i32) {
        (self.depth, self.contempt)
    }

    /// Reads commands until `quit` or the end of the input. A line that is not UTF-8 text is
    /// ignored like any other malformed line (it does not end the session).
    pub fn run(&mut self, input: impl BufRead) {
        super::read_lines(input, |line| match line {
            Some(line) => self.handle(line),
            None => {
                self.status("ignored a line that is not UTF-8 text");
                true
            }
        });
        self.stop();
    }

    /// Handles one line; returns false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "" => {}
            "nboard" => self.out.line(&format!("set myname {ENGINE_NAME}")),
            "set" => self.set(rest),
            "move" => {
                self.stop();
                self.play(rest);
            }
            "hint" => match rest.parse::<usize>() {
                Ok(n) if n > 0 => self.start_hint(n),
                _ => self.status(&format!("ignored 'hint {rest}': expected a positive count")),
            },
            "go" => self.start_go(),
            "ping" => {
                self.stop();
                self.out.line(format!("pong {rest}").trim_end());
            }
            "learn" => {
                self.stop();
                self.out.line("learned");
            }
            "analyze" => self.start_analyze(),
            "quit" => {
                self.stop();
                return false;
            }
            _ => self.status(&format!("ignored unknown command '{command}'")),
        }
        true
    }

    fn status(&self, text: &str) {
        self.out.line(&format!("status {text}"));
    }

    fn set(&mut self, rest: &str) {
        let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        match what {
            "depth" => match value.parse::<u32>() {
                Ok(d) if (1..=60).contains(&d) => self.depth = d,
                _ => self.status(&format!("ignored 'set depth {value}': expected 1 to 60")),
            },
            "contempt" => match value.parse::<i32>() {
                Ok(c) => self.contempt = c,
                _ => self.status(&format!(
                    "ignored 'set contempt {value}': expected centidiscs"
                )),
            },
            "book" => match value {
                "on" | "1" => self.book = true,
                "off" | "0" => self.book = false,
                _ => self.status(&format!("ignored 'set book {value}': expected on or off")),
            },
            "game" => {
                self.stop();
                match parse_ggf(value) {
                    Ok(game) => self.game = game,
                    Err(e) => self.status(&format!("ignored 'set game': {e}")),
                }
            }
            _ => self.status(&format!("ignored unknown setting '{what}'")),
        }
    }

    /// `move <sq>[/eval[/time]]` or `move PA`.
    fn play(&mut self, rest: &str) {
        let text = rest.split('/').next().unwrap_or("").trim();
        if text.eq_ignore_ascii_case("pa") || text.eq_ignore_ascii_case("pass") {
            // Passes happen by themselves in the rules; a written one must match a forced pass.
            if self.game.history().last() != Some(&Move::Pass) {
                self.status(&format!(
                    "ignored 'move {rest}': the side to move has a legal move"
                ));
            }
            return;
        }
        match text.parse::<Square>() {
            Ok(cell) => {
                if let Err(e) = self.game.play(cell) {
                    self.status(&format!("ignored 'move {rest}': {e}"));
                }
            }
            Err(e) => self.status(&format!("ignored 'move {rest}': {e}")),
        }
    }

    /// Cancels the running search, if any, and waits for it.
    pub fn stop(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.cancel.store(true, Ordering::Relaxed);
            if let Ok(engine) = worker.handle.join() {
                self.engine = Some(engine);
            }
        }
    }

    fn spawn(&mut self, job: impl FnOnce(&mut Engine, &Output, &Arc<AtomicBool>) + Send + 'static) {
        self.stop();
        let cancel = Arc::new(AtomicBool::new(false));
        let mut engine = match self.engine.take() {
            Some(engine) => engine,
            None => {
                let mut engine = Engine::new(TABLE_BITS, cancel.clone());
                // Exact solves use every core, as other engines speaking NBoard do.
                engine.set_threads(crate::ai::parallel::cores());
                engine
            }
        };
        engine.set_cancel(cancel.clone());
        engine.set_contempt(self.contempt);
        let out = self.out.clone();
        let flag = cancel.clone();
        let handle = std::thread::spawn(move || {
            job(&mut engine, &out, &flag);
            engine
        });
        self.worker = Some(Worker { cancel, handle });
    }

    /// `go`: search the current position, stream `search` lines, then `=== move/eval/time`.
    fn start_go(&mut self) {
        let position = self.game.position();
        // The book's best move (the first of equals), at once, where the book knows it.
        let book_move = self
            .book
            .then(|| position.to_board())
            .flatten()
            .and_then(|board| {
                let book = crate::ai::book::shipped()?;
                let square = book.choose(&board, 0, 0)?;
                let value = book.moves(&board).first()?.value;
                Some((square, value))
            });
        if let Some((square, value)) = book_move {
            self.stop();
            let mv = Square::from_sq(square).to_string().to_uppercase();
            self.out.line(&format!(
                "=== {mv}/{}/0.00",
                eval_text(i32::from(value) * DISC)
            ));
            return;
        }
        // Selective, as NBoard engines are: depth means the depth of a Multi-ProbCut search.
        let limits = Limits {
            selective: true,
            ..Limits::depth(self.depth, endgame_empties(self.depth))
        };
        self.spawn(move |engine, out, cancel| {
            let started = Instant::now();
            if !position.has_move() {
                out.line("=== PA");
                return;
            }
            let result = front::search(
                || engine,
                cancel,
                &position,
                &limits,
                20,
                |r| out.line(&search_line(&r.pv, r.score, r.exact, r.depth)),
            );
            let (best, score, nodes) = (result.best, result.score, result.nodes);
            let seconds = started.elapsed().as_secs_f64();
            let mv = best.map_or("PA".to_string(), |s| s.to_string().to_uppercase());
            out.line(&format!("=== {mv}/{}/{seconds:.2}", eval_text(score)));
            out.line(&format!("nodestats {nodes} {seconds:.2}"));
        });
    }

    /// `hint n`: the n best moves, deepening, as `search` lines (depth `100%` once exact).
    fn start_hint(&mut self, count: usize) {
        let position = self.game.position();
        let max_depth = self.depth;
        let endgame = endgame_empties(self.depth);
        self.spawn(move |engine, out, cancel| {
            // The game plays forced passes itself, so a side with no move means it is over.
            if !position.has_move() {
                out.line("status no move to hint: the game is over");
                return;
            }
            let started = Instant::now();
            let mut nodes = 0;
            for depth in 1..=max_depth.min(position.empties()) {
                let Some((scores, searched)) =
                    front::score_moves(|| &mut *engine, cancel, &position, depth, endgame, 18)
                else {
                    return;
                };
                nodes += searched;
                for m in scores.iter().take(count) {
                    out.line(&search_line(&m.pv, m.score, m.exact, depth));
                }
                if scores.iter().all(|m| m.exact) {
                    break;
                }
            }
            out.line(&format!(
                "nodestats {nodes} {:.2}",
                started.elapsed().as_secs_f64()
            ));
        });
    }

    /// `analyze`: the evaluation of each position of the game, last first, as
    /// `analysis <move number> <eval>` lines.
    fn start_analyze(&mut self) {
        let game = self.game.clone();
        let depth = self.depth.min(8);
        self.spawn(move |engine, out, cancel| {
            let positions = positions_of(&game);
            for (number, position) in positions.iter().enumerate().rev() {
                if cancel.load(Ordering::Relaxed) {
                    return;
                }
                let limits = Limits::depth(depth, 14);
                let score =
                    front::search(|| &mut *engine, cancel, position, &limits, 18, |_| {}).score;
                if cancel.load(Ordering::Relaxed) {
                    return;
                }
                out.line(&format!("analysis {number} {}", eval_text(score)));
            }
            out.line("status analysis done");
        });
    }
}

/// How many empties are solved exactly at a given midgame depth: a little deeper than the
/// midgame search, capped where a solve stays within seconds.
fn endgame_empties(depth: u32) -> u32 {
    (depth + 6).clamp(10, 24)
}

/// The positions before each move of the game, then the current one.
fn positions_of(game: &Game) -> Vec<Position> {
    let mut position = game.start();
    let mut positions = vec![position];
    for m in game.history() {
        position = match m {
            Move::Play(cell) => position.play(*cell),
            Move::Pass => position.pass(),
        };
        positions.push(position);
    }
    positions
}

fn eval_text(score: i32) -> String {
    format!("{:.2}", score as f64 / DISC as f64)
}

/// `search <pv> <eval> 0 <depth>`; the depth is `100%` for an exact solve.
fn search_line(pv: &[Square], score: i32, exact: bool, depth: u32) -> String {
    let pv: String = pv.iter().map(|s| s.to_string().to_uppercase()).collect();
    let depth = if exact {
        "100%".to_string()
    } else {
        depth.to_string()
    };
    format!("search {pv} {} 0 {depth}", eval_text(score))
}

/// Runs the protocol on stdin and stdout until `quit` or end of input.
pub fn run_stdio() {
    let mut session = Session::new(Output::new(std::io::stdout()));
    session.run(std::io::stdin().lock());
}
