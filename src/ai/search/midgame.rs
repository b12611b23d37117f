//! The midgame search: principal-variation alpha-beta on the evaluation with a transposition
//! table, Multi-ProbCut and fastest-first move ordering, shared with helper threads.

use super::*;

/// Nodes this many plies or more from the leaves share their moves with idle helper threads.
pub(super) const SPLIT_DEPTH: u32 = 4;

/// Multi-ProbCut is tried at this depth and deeper.
pub const MPC_MIN_DEPTH: u32 = 3;
/// Multi-ProbCut's confidence: a cut needs the shallow search this many standard deviations
/// (in hundredths) outside the window.
pub(super) const MPC_T: i32 = 150;

/// The depth of Multi-ProbCut's shallow search for a `depth`-ply search (3 or more): about half
/// as deep, with the same parity (searches of odd and even depths stray from each other more).
pub const fn mpc_depth(depth: u32) -> u32 {
    depth.saturating_sub(2 * depth.div_ceil(4))
}

/// Multi-ProbCut's statistics are kept for this many stages of the game ...
pub const MPC_STAGES: usize = 6;

/// ... ten discs each ([`mpc_stage`]): 4–13 discs, 14–23, …, 54–64.
pub const fn mpc_stage(discs: u32) -> usize {
    let stage = discs.saturating_sub(4) / 10;
    if stage as usize >= MPC_STAGES {
        MPC_STAGES - 1
    } else {
        stage as usize
    }
}

/// The first and last disc counts of a stage ([`mpc_stage`]'s inverse).
pub const fn mpc_stage_discs(stage: usize) -> (u32, u32) {
    let first = 4 + 10 * stage as u32;
    if stage + 1 >= MPC_STAGES {
        (first, 64)
    } else {
        (first, first + 9)
    }
}

/// The depths the tables hold, from [`MPC_MIN_DEPTH`] to [`MPC_DEEPEST`]; deeper searches take
/// the deepest row of their parity.
const MPC_DEPTHS: usize = 8;

/// The deepest depth the tables hold.
pub const MPC_DEEPEST: u32 = MPC_MIN_DEPTH + MPC_DEPTHS as u32 - 1;

/// How a `depth`-ply search's value strays from the [`mpc_depth`] search's, by stage: the mean
/// difference and its standard deviation, in hundredths of a disc.
type MpcTable = [[(i32, i32); MPC_DEPTHS]; MPC_STAGES];

/// The classic model's table and the hand-tuned evaluation's, measured by `reversi mpc` (see
/// docs/training.md).
const CLASSIC_MPC: MpcTable = include!("mpc-classic.in");

/// The rich model's, measured by `reversi mpc`.
const RICH_MPC: MpcTable = include!("mpc-rich.in");

/// How a `depth`-ply search's value strays from the [`mpc_depth`] search's in a position of
/// `discs` discs, with `model`'s evaluation: the mean difference and its standard deviation.
pub(super) const fn mpc_error(model: Model, depth: u32, discs: u32) -> (i32, i32) {
    let table = match model {
        Model::Classic => &CLASSIC_MPC,
        Model::Rich => &RICH_MPC,
    };
    let d = if depth <= MPC_DEEPEST {
        depth
    } else {
        MPC_DEEPEST - ((depth ^ MPC_DEEPEST) & 1)
    };
    table[mpc_stage(discs)][(d - MPC_MIN_DEPTH) as usize]
}

/// The midgame search's state: its table, node count, stop conditions and settings. Helper
/// threads searching a shared node work with copies of it (the table shared).
pub(crate) struct Midgame {
    pub(super) tt: Arc<TranspositionTable>,
    pub(super) nodes: u64,
    pub(super) stop: StopCheck,
    /// What a draw costs the side that starts a search, in hundredths of a disc.
    pub(super) contempt: i32,
    /// The static evaluation at the leaves.
    pub(super) leaf: Leaf,
    /// Multi-ProbCut in the midgame search (the current search's [`Limits::selective`]).
    pub(super) selective: bool,
    /// Where to hand moves to idle helper threads (none: one thread).
    pub(super) pool: Option<Arc<Pool>>,
    /// The parallel splits this search is working under; a cutoff in any of them stops it.
    pub(super) chain: Vec<Arc<Split>>,
}

impl Midgame {
    #[inline]
    pub(super) fn check_stop(&mut self) -> Result<(), Cancelled> {
        self.stop.check(self.nodes, &self.chain)
    }

    /// The static evaluation of a position, from the mover's view (hundredths of a disc).
    #[inline]
    pub(super) fn evaluate(&self, player: u64, opponent: u64) -> i32 {
        self.leaf.evaluate(player, opponent)
    }

    pub(super) fn root(
        &mut self,
        player: u64,
        opponent: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, u8), Cancelled> {
        let moves = legal_moves(player, opponent);
        let hash = self
            .tt
            .probe(TranspositionTable::key(player, opponent))
            .and_then(|e| e.best_move());
        let node = Node {
            player,
            opponent,
            depth,
            root_side: true,
        };
        let ordered = order_moves(player, opponent, moves, hash, depth, self.leaf);
        let (best, best_move) = self.search_moves(node, ordered, alpha, beta)?;
        let key = TranspositionTable::key(player, opponent);
        self.tt.store_at_level(
            key,
            depth as u8,
            self.table_level(),
            best as i16,
            Bound::Exact,
            best_move,
        );
        Ok((best, best_move))
    }

    /// Fail-soft PVS. Scores in evaluation units.
    pub(super) fn negamax(
        &mut self,
        player: u64,
        opponent: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
        root_side: bool,
    ) -> Result<i32, Cancelled> {
        self.nodes += 1;
        self.check_stop()?;
        if depth == 0 {
            return Ok(self.evaluate(player, opponent));
        }
        let key = TranspositionTable::key(player, opponent);
        let mut alpha = alpha;
        let mut beta = beta;
        let mut hash = None;
        if let Some(entry) = self.tt.probe(key) {
            if entry.depth as u32 >= depth
                && entry.level >= self.table_level()
                && let Some(s) = entry.narrow(&mut alpha, &mut beta)
            {
                return Ok(s);
            }
            hash = entry.best_move();
        }
        let moves = legal_moves(player, opponent);
        if moves == 0 {
            if legal_moves(opponent, player) == 0 {
                let score = final_score(player, opponent);
                if score == 0 {
                    // A draw is worth -contempt to the side that started the search.
                    return Ok(if root_side {
                        -self.contempt
                    } else {
                        self.contempt
                    });
                }
                return Ok(score * DISC);
            }
            return Ok(-self.negamax(opponent, player, depth, -beta, -alpha, !root_side)?);
        }
        // Multi-ProbCut: at a null-window node, when a shallow search lies far enough outside
        // the window (by MPC_T standard deviations of how far it strays from the deep one),
        // believe it.
        if self.selective && depth >= MPC_MIN_DEPTH && beta - alpha == 1 {
            // The deep value is expected at the shallow one plus `mean`.
            let shallow = mpc_depth(depth);
            let model = self.leaf.mpc_model();
            let discs = (player | opponent).count_ones();
            let (mean, sigma) = mpc_error(model, depth, discs);
            let margin = MPC_T * sigma / 100;
            let high = beta + margin - mean;
            if high < 64 * DISC
                && self.negamax(player, opponent, shallow, high - 1, high, root_side)? >= high
            {
                return Ok(beta);
            }
            let low = alpha - margin - mean;
            if low > -64 * DISC
                && self.negamax(player, opponent, shallow, low, low + 1, root_side)? <= low
            {
                return Ok(alpha);
            }
        }
        let node = Node {
            player,
            opponent,
            depth,
            root_side,
        };
        let ordered = order_moves(player, opponent, moves, hash, depth, self.leaf);
        let (best, best_move) = self.search_moves(node, ordered, alpha, beta)?;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store_at_level(
            key,
            depth as u8,
            self.table_level(),
            best as i16,
            bound,
            best_move,
        );
        Ok(best)
    }

    /// The level of this search's table entries: a selective search's scores are estimates that
    /// a full-width search does not take for its own (their best moves still order it).
    pub(super) fn table_level(&self) -> u8 {
        if self.selective { 0 } else { EXACT }
    }

    /// The moves of `node` in `ordered`'s order by principal-variation search: the best score
    /// and move (fail-soft; 64 when no move was searched). Far enough from the leaves, once the
    /// first move is searched, the rest are shared out with idle helper threads.
    pub(super) fn search_moves(
        &mut self,
        node: Node,
        mut ordered: MoveList,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, u8), Cancelled> {
        let Node {
            player,
            opponent,
            depth,
            root_side,
        } = node;
        let mut alpha = alpha;
        let mut best = -64 * DISC - 1;
        let mut best_move = 64u8;
        while let Some(sq) = ordered.next() {
            if best_move != 64
                && depth >= SPLIT_DEPTH
                && let Some(pool) = self.pool.as_ref().filter(|p| p.idle()).cloned()
            {
                // Young brothers wait: the first move is searched; share out the rest.
                let rest = std::iter::once(sq).chain(ordered.by_ref()).collect();
                let shared = split_search(
                    self,
                    &pool,
                    node,
                    rest,
                    (alpha, beta),
                    Best { best, best_move },
                )?;
                return Ok((shared.best, shared.best_move));
            }
            let f = flips(player, opponent, sq as usize);
            let (np, no) = (opponent ^ f, player | f | (1 << sq));
            let score = if best_move == 64 {
                -self.negamax(np, no, depth - 1, -beta, -alpha, !root_side)?
            } else {
                self.scout(&node, np, no, alpha, beta)?
            };
            if score > best {
                best = score;
                best_move = sq;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        Ok((best, best_move))
    }

    /// A copy for a helper thread working under `chain`: the same table, limits and settings.
    pub(crate) fn helper(&self, chain: Vec<Arc<Split>>) -> Midgame {
        Midgame {
            tt: self.tt.clone(),
            nodes: 0,
            stop: self.stop.for_helper(),
            contempt: self.contempt,
            leaf: self.leaf,
            selective: self.selective,
            pool: self.pool.clone(),
            chain,
        }
    }
}

impl Searcher for Midgame {
    fn child(
        &mut self,
        node: &Node,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        self.negamax(
            player,
            opponent,
            node.depth - 1,
            alpha,
            beta,
            !node.root_side,
        )
    }

    fn template(&self) -> Box<dyn Template> {
        Box::new(self.helper(Vec::new()))
    }

    fn chain_mut(&mut self) -> &mut Vec<Arc<Split>> {
        &mut self.chain
    }

    fn nodes_mut(&mut self) -> &mut u64 {
        &mut self.nodes
    }
}

impl Template for Midgame {
    fn help(&self, split: &Split, chain: Vec<Arc<Split>>) -> u64 {
        work_with(split, self.helper(chain))
    }
}

/// Hash move first, then fastest-first (fewest replies, corner replies counted extra), with a
/// bonus for corners and a malus for X-squares.
pub(super) fn order_moves(
    player: u64,
    opponent: u64,
    moves: u64,
    hash: Option<u8>,
    depth: u32,
    leaf: Leaf,
) -> MoveList {
    let mut list = MoveList::default();
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros() as u8;
        m &= m - 1;
        let value = if Some(sq) == hash {
            i32::MAX
        } else {
            let f = flips(player, opponent, sq as usize);
            let (np, no) = (opponent ^ f, player | f | (1 << sq));
            let replies = legal_moves(np, no);
            let mut v =
                -(replies.count_ones() as i32) * 16 - (replies & CORNERS).count_ones() as i32 * 24;
            v += corner_bonus(sq, 40, -30);
            if depth >= 4 {
                v -= leaf.evaluate(np, no) / 8;
            }
            v
        };
        list.push(sq, value);
    }
    list.sort();
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mpc_stages_are_ten_discs_each_and_the_last_takes_the_rest() {
        assert_eq!(mpc_stage(4), 0);
        assert_eq!(mpc_stage(13), 0);
        assert_eq!(mpc_stage(14), 1);
        assert_eq!(mpc_stage(53), 4);
        assert_eq!(mpc_stage(54), MPC_STAGES - 1);
        assert_eq!(mpc_stage(64), MPC_STAGES - 1);
        for stage in 0..MPC_STAGES {
            let (first, last) = mpc_stage_discs(stage);
            assert_eq!((mpc_stage(first), mpc_stage(last)), (stage, stage));
            assert_eq!(
                mpc_stage(first.saturating_sub(1).max(4)),
                stage.saturating_sub(1)
            );
        }
        assert_eq!(mpc_stage_discs(MPC_STAGES - 1).1, 64);
    }

    #[test]
    fn deeper_searches_take_the_deepest_measured_depth_of_their_parity() {
        for model in [Model::Classic, Model::Rich] {
            for discs in [10, 30, 50] {
                assert_eq!(mpc_error(model, 11, discs), mpc_error(model, 9, discs));
                assert_eq!(mpc_error(model, 12, discs), mpc_error(model, 10, discs));
                assert_eq!(mpc_error(model, 21, discs), mpc_error(model, 9, discs));
            }
        }
    }

    #[test]
    fn every_measured_deviation_is_positive() {
        for table in [&CLASSIC_MPC, &RICH_MPC] {
            for (mean, sd) in table.iter().flatten() {
                assert!(*sd > 0 && mean.abs() < 64 * DISC, "({mean}, {sd})");
            }
        }
    }
}
