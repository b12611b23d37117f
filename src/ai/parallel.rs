//! Young-brothers-wait parallel search, for the endgame solver and the midgame search alike: once a
//! node's first move has been searched without a cutoff, idle helper threads take the remaining
//! moves one at a time from a shared [`Split`], all threads sharing one lock-free transposition
//! table. A cutoff found by any thread stops the others' work below that node. The single-thread
//! path is the same search with no helpers (the browser build always runs it).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use web_time::Instant;

use super::cancel::Cancelled;
use crate::rules::board::flips;

/// A search that can share out a node's moves: the endgame solver or the midgame search.
pub(crate) trait Searcher {
    /// The score of the position `(player, opponent)` reached by one of `node`'s moves, from
    /// its mover's view, within `[alpha, beta]`.
    fn child(
        &mut self,
        node: &Node,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled>;
    /// The score, from `node`'s mover's view, of one of its moves after the first (principal-
    /// variation search): a null window at `alpha` proves it no better, or the window
    /// `[score, beta]` finds out how much better it is.
    fn scout(
        &mut self,
        node: &Node,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        scout_with(alpha, beta, |a, b| self.child(node, player, opponent, a, b))
    }
    /// A copy of this search's settings (table, limits, evaluation) for the split's helpers.
    fn template(&self) -> Box<dyn Template>;
    /// The splits this search is working under.
    fn chain_mut(&mut self) -> &mut Vec<Arc<Split>>;
    fn nodes_mut(&mut self) -> &mut u64;
}

/// The principal-variation probe of [`Searcher::scout`], with `child` searching the move's
/// position (opponent to move) in a window: a null window at `alpha`, then `[score, beta]` when
/// the move proved better.
#[inline(always)]
pub(crate) fn scout_with(
    alpha: i32,
    beta: i32,
    mut child: impl FnMut(i32, i32) -> Result<i32, Cancelled>,
) -> Result<i32, Cancelled> {
    let score = -child(-alpha - 1, -alpha)?;
    if score > alpha && score < beta {
        return Ok(-child(-beta, -score)?);
    }
    Ok(score)
}

/// What a helper searching under a split is a copy of: it makes the helper's own search (on the
/// helper's thread, working under `chain`) and works the split with it.
pub(crate) trait Template: Send + Sync {
    /// Works on `split` with a new search under `chain`; returns the nodes searched.
    fn help(&self, split: &Split, chain: Vec<Arc<Split>>) -> u64;
}

/// The node a split shares the moves of.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    pub player: u64,
    pub opponent: u64,
    /// The node's remaining depth (midgame; the solver searches to the end).
    pub depth: u32,
    /// Whether the side to move at the node started the search (midgame contempt).
    pub root_side: bool,
}

/// When a search stops: its cancel flag, its node budget and its deadline, looked at every
/// `every` nodes, and a cutoff in any split it works under.
#[derive(Clone)]
pub(crate) struct StopCheck {
    pub(crate) cancel: Arc<AtomicBool>,
    node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    next_check: u64,
    every: u64,
}

impl StopCheck {
    pub(crate) fn new(cancel: Arc<AtomicBool>, every: u64) -> StopCheck {
        StopCheck {
            cancel,
            node_limit: u64::MAX,
            deadline: None,
            next_check: every,
            every,
        }
    }

    /// Stop at `deadline`, or once more than `node_limit` nodes were searched (`nodes` so far).
    pub(crate) fn set_limits(&mut self, deadline: Option<Instant>, node_limit: u64, nodes: u64) {
        self.deadline = deadline;
        self.node_limit = node_limit;
        self.next_check = nodes + self.every;
    }

    /// The same limits for a helper that starts counting its nodes from zero.
    pub(crate) fn for_helper(&self) -> StopCheck {
        StopCheck {
            next_check: self.every,
            ..self.clone()
        }
    }

    /// `Err(Cancelled)` when the search must stop (looked at only every `every` nodes).
    #[inline]
    pub(crate) fn check(&mut self, nodes: u64, chain: &[Arc<Split>]) -> Result<(), Cancelled> {
        if nodes >= self.next_check {
            self.next_check = nodes + self.every;
            if self.cancel.load(Relaxed)
                || chain.iter().any(|s| s.stop.load(Relaxed))
                || nodes > self.node_limit
                || self.deadline.is_some_and(|d| Instant::now() >= d)
            {
                return Err(Cancelled);
            }
        }
        Ok(())
    }
}

/// How often (µs) a split's owner, waiting for helpers to finish, looks for moves they shared.
const OWNER_POLL_MICROS: u64 = 50;

/// A node whose remaining moves are shared out among threads.
pub struct Split {
    pub(crate) node: Node,
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
    /// The search whose settings (table, limits, evaluation) helpers copy.
    template: Box<dyn Template>,
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
    fn work(&self, searcher: &mut impl Searcher) {
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
            let Node {
                player, opponent, ..
            } = self.node;
            let f = flips(player, opponent, sq as usize);
            let (np, no) = (opponent ^ f, player | f | (1 << sq));
            let Ok(score) = searcher.scout(&self.node, np, no, alpha, self.beta) else {
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

/// The helper threads; dropping this stops them. Searches reach them through the [`Pool`].
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
    /// How many times a thread joined another's split.
    joined: u64,
}

impl Helpers {
    /// `count` helper threads (the searching thread is not one of them).
    pub fn new(count: usize) -> Helpers {
        let shared = Arc::new(Pool {
            queue: Mutex::new(Queue {
                waiting: Vec::new(),
                idle: 0,
                exit: false,
                joined: 0,
            }),
            wake: Condvar::new(),
        });
        let threads = (0..count)
            .map(|n| {
                let shared = shared.clone();
                std::thread::Builder::new()
                    .name(format!("search-helper-{n}"))
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

    /// Where searches hand work to these helpers.
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

    /// How many times a thread has joined another thread's split so far.
    pub fn joined(&self) -> u64 {
        self.queue.lock().expect("helper queue").joined
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
    queue.joined += 1;
    Some(split)
}

/// Works on `split` with a search of its own, then reports its nodes.
fn help(split: &Arc<Split>) {
    let mut chain = split.chain.clone();
    chain.push(split.clone());
    let nodes = split.template.help(split, chain);
    split.nodes.fetch_add(nodes, Relaxed);
    split.leave();
}

/// `searcher`'s share of `split`: the nodes it searched.
pub(crate) fn work_with(split: &Split, mut searcher: impl Searcher) -> u64 {
    split.work(&mut searcher);
    *searcher.nodes_mut()
}

/// A node's best score so far and the move that reached it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Best {
    pub best: i32,
    pub best_move: u8,
}

/// Searches `moves` of `node` with the helpers, the calling search taking its share, in the window
/// `(alpha, beta)`; `alpha` and `first` are what the node's first move gave. Returns the best
/// among `first` and the shared moves (`first` when none beat it).
pub(crate) fn split_search(
    searcher: &mut impl Searcher,
    pool: &Pool,
    node: Node,
    moves: Vec<u8>,
    (alpha, beta): (i32, i32),
    first: Best,
) -> Result<Best, Cancelled> {
    let Best { best, best_move } = first;
    let split = Arc::new(Split {
        node,
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
        chain: searcher.chain_mut().clone(),
        template: searcher.template(),
    });
    {
        let mut queue = pool.queue.lock().expect("helper queue");
        queue.waiting.push(split.clone());
    }
    pool.wake.notify_one();

    // The owner searches under this split too, so a cutoff here stops its own subtree's splits.
    searcher.chain_mut().push(split.clone());
    split.work(searcher);
    searcher.chain_mut().pop();

    // No helper may join once the owner has finished its share.
    {
        let mut queue = pool.queue.lock().expect("helper queue");
        queue.waiting.retain(|s| !Arc::ptr_eq(s, &split));
    }
    split.leave();
    // Wait for the helpers still on a move, helping with splits made below this one meanwhile.
    // While it waits the owner counts as idle, so that the threads still searching under this
    // split share their nodes' moves with it (else it would only watch them finish).
    pool.queue.lock().expect("helper queue").idle += 1;
    loop {
        {
            let state = split.state.lock().expect("split state");
            if state.working == 0 {
                break;
            }
        }
        let job = {
            let mut queue = pool.queue.lock().expect("helper queue");
            let job = take_job(&mut queue, |s| {
                s.chain.iter().any(|c| Arc::ptr_eq(c, &split))
            });
            if job.is_some() {
                queue.idle -= 1;
            }
            job
        };
        match job {
            Some(job) => {
                help(&job);
                pool.queue.lock().expect("helper queue").idle += 1;
            }
            None => {
                let state = split.state.lock().expect("split state");
                if state.working > 0 {
                    let _ = split
                        .done
                        .wait_timeout(state, Duration::from_micros(OWNER_POLL_MICROS))
                        .expect("split state");
                }
            }
        }
    }
    pool.queue.lock().expect("helper queue").idle -= 1;
    *searcher.nodes_mut() += split.nodes.load(Relaxed);
    if split.cancelled.load(Relaxed) || split.chain.iter().any(|s| s.stop.load(Relaxed)) {
        return Err(Cancelled);
    }
    let state = split.state.lock().expect("split state");
    Ok(Best {
        best: state.best,
        best_move: state.best_move,
    })
}

/// The machine's cores (1 if unknown): the default number of solver threads.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
