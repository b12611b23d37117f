//! Young-brothers-wait parallel search for the endgame solver: once a node's first move has been
//! searched without a cutoff, idle helper threads take the remaining moves one at a time from a
//! shared [`Split`], all threads sharing one lock-free transposition table. A cutoff found by any
//! thread stops the others' work below that node. The single-thread path is the same search with
//! no helpers (the browser build always runs it).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::endgame::{Cancelled, Solver};
use crate::rules::board::flips;

/// A node whose remaining moves are shared out among threads.
pub struct Split {
    player: u64,
    opponent: u64,
    moves: Vec<u8>,
    next: AtomicUsize,
    beta: i32,
    state: Mutex<SplitState>,
    done: Condvar,
    /// Set on a cutoff, or when a thread was cancelled: everyone below this node stops.
    pub(crate) stop: AtomicBool,
    /// A thread's search was stopped by the caller's cancel flag or limits (not by a cutoff).
    cancelled: AtomicBool,
    /// Nodes the helpers searched here.
    nodes: AtomicU64,
    /// The splits above this one on the way from the root: stopping any of them stops this one.
    chain: Vec<Arc<Split>>,
    /// The solver whose settings (table, limits, evaluation) helpers copy.
    template: Solver,
}

struct SplitState {
    alpha: i32,
    best: i32,
    best_move: u8,
    /// Threads (the owner included) still searching a move of this split.
    working: usize,
}

impl Split {
    /// Whether this split or one above it was stopped.
    pub fn stopped(&self) -> bool {
        self.stop.load(Relaxed) || self.chain.iter().any(|s| s.stop.load(Relaxed))
    }

    /// Searches moves of this split until none is left or the split stops.
    fn work(&self, solver: &mut Solver) {
        loop {
            if self.stopped() {
                break;
            }
            let i = self.next.fetch_add(1, Relaxed);
            let Some(&sq) = self.moves.get(i) else {
                break;
            };
            let alpha = self.state.lock().expect("split state").alpha;
            if alpha >= self.beta {
                break;
            }
            let f = flips(self.player, self.opponent, sq as usize);
            let (np, no) = (self.opponent ^ f, self.player | f | (1 << sq));
            let result = solver
                .search(np, no, -alpha - 1, -alpha)
                .map(|s| -s)
                .and_then(|s| {
                    if s > alpha && s < self.beta {
                        solver.search(np, no, -self.beta, -s).map(|s| -s)
                    } else {
                        Ok(s)
                    }
                });
            let Ok(score) = result else {
                if !self.stopped() {
                    // Stopped from outside (cancel flag, deadline, node budget): stop everyone.
                    self.cancelled.store(true, Relaxed);
                    self.stop.store(true, Relaxed);
                }
                break;
            };
            let mut state = self.state.lock().expect("split state");
            if score > state.best {
                state.best = score;
                state.best_move = sq;
                if score > state.alpha {
                    state.alpha = score;
                    if score >= self.beta {
                        self.stop.store(true, Relaxed);
                    }
                }
            }
        }
    }

    /// One thread is done with this split.
    fn leave(&self) {
        let mut state = self.state.lock().expect("split state");
        state.working -= 1;
        if state.working == 0 {
            self.done.notify_all();
        }
    }
}

/// The helper threads; dropping this stops them. Solvers reach them through the [`Pool`].
pub struct Helpers {
    shared: Arc<Pool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

/// The splits waiting for a helper, and how many helpers wait for a split.
pub struct Pool {
    queue: Mutex<Queue>,
    wake: Condvar,
}

struct Queue {
    waiting: Vec<Arc<Split>>,
    idle: usize,
    exit: bool,
}

impl Helpers {
    /// `count` helper threads (the searching thread is not one of them).
    pub fn new(count: usize) -> Helpers {
        let shared = Arc::new(Pool {
            queue: Mutex::new(Queue {
                waiting: Vec::new(),
                idle: 0,
                exit: false,
            }),
            wake: Condvar::new(),
        });
        let threads = (0..count)
            .map(|n| {
                let shared = shared.clone();
                std::thread::Builder::new()
                    .name(format!("solver-helper-{n}"))
                    .spawn(move || helper_loop(&shared))
                    .expect("a helper thread")
            })
            .collect();
        Helpers { shared, threads }
    }

    /// How many helper threads there are.
    pub fn count(&self) -> usize {
        self.threads.len()
    }

    /// Where solvers hand work to these helpers.
    pub fn pool(&self) -> Arc<Pool> {
        self.shared.clone()
    }
}

impl Pool {
    /// Whether a helper is waiting for work (a hint: it may be gone by the time a split is made).
    pub fn idle(&self) -> bool {
        let queue = self.queue.lock().expect("helper queue");
        queue.idle > queue.waiting.len()
    }
}

impl Drop for Helpers {
    fn drop(&mut self) {
        self.shared.queue.lock().expect("helper queue").exit = true;
        self.shared.wake.notify_all();
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

fn helper_loop(shared: &Pool) {
    let mut queue = shared.queue.lock().expect("helper queue");
    loop {
        if queue.exit {
            return;
        }
        let Some(split) = take_job(&mut queue, |_| true) else {
            queue.idle += 1;
            queue = shared.wake.wait(queue).expect("helper queue");
            queue.idle -= 1;
            continue;
        };
        drop(queue);
        help(&split);
        queue = shared.queue.lock().expect("helper queue");
    }
}

/// Takes a waiting split that `accept` allows, registering the taker as working on it.
fn take_job(queue: &mut Queue, accept: impl Fn(&Split) -> bool) -> Option<Arc<Split>> {
    let i = queue.waiting.iter().position(|s| accept(s))?;
    let split = queue.waiting.swap_remove(i);
    split.state.lock().expect("split state").working += 1;
    Some(split)
}

/// Works on `split` with a solver of its own, then reports its nodes.
fn help(split: &Arc<Split>) {
    let mut chain = split.chain.clone();
    chain.push(split.clone());
    let mut solver = split.template.helper(chain);
    split.work(&mut solver);
    split.nodes.fetch_add(solver.nodes, Relaxed);
    split.leave();
}

/// What [`split_search`] found: the best score and move among the shared moves (`best` stays at
/// the value passed in when none beat it).
pub struct SplitResult {
    pub best: i32,
    pub best_move: u8,
}

/// Searches `moves` of the node `(player, opponent)` with the helpers, the calling solver taking
/// its share. `alpha`, `best`, `best_move` are what the node's first move gave.
#[allow(clippy::too_many_arguments)]
pub fn split_search(
    solver: &mut Solver,
    pool: &Pool,
    player: u64,
    opponent: u64,
    moves: Vec<u8>,
    alpha: i32,
    beta: i32,
    best: i32,
    best_move: u8,
) -> Result<SplitResult, Cancelled> {
    let split = Arc::new(Split {
        player,
        opponent,
        moves,
        next: AtomicUsize::new(0),
        beta,
        state: Mutex::new(SplitState {
            alpha,
            best,
            best_move,
            working: 1,
        }),
        done: Condvar::new(),
        stop: AtomicBool::new(false),
        cancelled: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        chain: solver.chain().to_vec(),
        template: solver.template(),
    });
    {
        let mut queue = pool.queue.lock().expect("helper queue");
        queue.waiting.push(split.clone());
    }
    pool.wake.notify_one();

    // The owner searches under this split too, so a cutoff here stops its own subtree's splits.
    solver.push_chain(split.clone());
    split.work(solver);
    solver.pop_chain();

    // No helper may join once the owner has finished its share.
    {
        let mut queue = pool.queue.lock().expect("helper queue");
        queue.waiting.retain(|s| !Arc::ptr_eq(s, &split));
    }
    split.leave();
    // Wait for the helpers still on a move, helping with splits made below this one meanwhile.
    loop {
        {
            let state = split.state.lock().expect("split state");
            if state.working == 0 {
                break;
            }
        }
        let job = {
            let mut queue = pool.queue.lock().expect("helper queue");
            take_job(&mut queue, |s| {
                s.chain.iter().any(|c| Arc::ptr_eq(c, &split))
            })
        };
        match job {
            Some(job) => help(&job),
            None => {
                let state = split.state.lock().expect("split state");
                if state.working > 0 {
                    let _ = split
                        .done
                        .wait_timeout(state, Duration::from_micros(200))
                        .expect("split state");
                }
            }
        }
    }
    solver.nodes += split.nodes.load(Relaxed);
    if split.cancelled.load(Relaxed) || split.chain.iter().any(|s| s.stop.load(Relaxed)) {
        return Err(Cancelled);
    }
    let state = split.state.lock().expect("split state");
    Ok(SplitResult {
        best: state.best,
        best_move: state.best_move,
    })
}

/// The machine's cores (1 if unknown): the default number of solver threads.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
