//! The exact search: fail-soft alpha-beta with the transposition tables, the stability cutoff,
//! ProbCut, enhanced transposition cutoffs, internal iterative deepening and the parallel split.

use super::*;

impl Solver {
    /// The body of [`Solver::search`], inlined into each copy; children are searched by the same
    /// copy (`B::search`).
    #[inline(always)]
    pub(super) fn search_in<B: Bits>(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        let empties = (!(player | opponent)).count_ones();
        if empties < SHALLOW_EMPTIES {
            self.nodes += 1;
            return Ok(B::shallow(
                &mut self.nodes,
                player,
                opponent,
                alpha,
                beta,
                empties,
            ));
        }
        self.nodes += 1;
        self.check_stop()?;

        let key = TranspositionTable::key(player, opponent);
        let use_table = empties >= LOCAL_EMPTIES;
        if use_table {
            self.table(empties).prefetch(key);
        }
        // Stability cutoff: the opponent's stable discs bound what the mover can reach.
        let mut alpha = alpha;
        let mut beta = beta;
        if let Some(ceiling) = stability_ceiling(player, opponent, alpha) {
            if ceiling <= alpha {
                return Ok(ceiling);
            }
            beta = beta.min(ceiling);
        }

        let mut hash_move = None;
        if use_table && let Some(entry) = self.table(empties).probe(key) {
            if entry.depth as u32 >= empties
                && entry.level >= self.level
                && let Some(score) = entry.narrow(&mut alpha, &mut beta)
            {
                return Ok(score);
            }
            hash_move = entry.best_move();
        }

        let moves = B::moves(player, opponent);
        if moves == 0 {
            if B::moves(opponent, player) == 0 {
                return Ok(final_score(player, opponent));
            }
            return Ok(-B::search(self, opponent, player, -beta, -alpha)?);
        }

        // ProbCut: when a shallow search says the score lies far outside the window, believe it.
        if self.level != EXACT
            && empties >= PROBCUT_EMPTIES
            && let Some(weights) = self.weights
            && let Some((score, bound)) =
                probcut(weights, player, opponent, self.level, alpha, beta)
        {
            self.table(empties).store_at_level(
                key,
                empties as u8,
                self.level,
                score as i16,
                bound,
                64,
            );
            return Ok(score);
        }

        // Enhanced transposition cutoff: a child already known to be bad enough for the opponent
        // refutes this node without a search. A child known so only by a ProbCut pass does not
        // (its bound is an estimate), but it is the move most likely to: it is tried first.
        let mut favoured = 0u64;
        if empties >= ETC_EMPTIES {
            // All the children's slots are fetched from memory first, so that their misses overlap.
            let mut children = [(0u64, 0u64, 0usize); MAX_MOVES];
            let mut n = 0;
            let mut m = moves;
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let f = B::flips(player, opponent, sq);
                let child = (opponent ^ f, player | f | (1 << sq), sq);
                self.table(empties - 1)
                    .prefetch(TranspositionTable::key(child.0, child.1));
                children[n] = child;
                n += 1;
            }
            for &(np, no, sq) in &children[..n] {
                if let Some(entry) = self
                    .table(empties - 1)
                    .probe(TranspositionTable::key(np, no))
                    && -(entry.upper as i32) >= beta
                {
                    if entry.depth as u32 + 1 >= empties && entry.level >= self.level {
                        return Ok(-(entry.upper as i32));
                    }
                    favoured |= 1 << sq;
                }
            }
        }

        // Far from the end, a node without a table move is searched more selectively first: the
        // move that search finds best is the likeliest to cut, and what it stores orders the
        // subtree. (Without an evaluation there is no ProbCut, and that search would be this one.)
        if hash_move.is_none()
            && self.level >= 1
            && empties >= IID_EMPTIES
            && self.weights.is_some()
        {
            let level = self.level;
            self.level = if level == EXACT { IID_LEVEL } else { 0 };
            let selective = B::search(self, player, opponent, alpha, beta);
            self.level = level;
            selective?;
            hash_move = self.table(empties).probe(key).and_then(|e| e.best_move());
        }
        let original_alpha = alpha;
        let mut best = -65;
        let mut best_move = 64u8;
        // The hash move is searched before the others are sorted: when it cuts, as it mostly
        // does, the sort (a shallow search per move far from the end) is never paid for.
        let hash_move = hash_move.filter(|&h| moves & (1u64 << h) != 0);
        let mut pending = hash_move;
        let mut ordered: Option<MoveList> = None;
        let node = Node {
            player,
            opponent,
            depth: empties,
            root_side: false,
        };
        loop {
            // The flips the ordering computed for this move, if it did.
            let mut known_flips = 0;
            let sq = match pending.take() {
                Some(h) => h,
                None => {
                    let list = match &mut ordered {
                        Some(list) => list,
                        None => {
                            let rest = moves & !hash_move.map_or(0, |h| 1u64 << h);
                            // Filled where it lies: a returned list would be copied.
                            let list = ordered.insert(MoveList::default());
                            self.order_moves_in::<B>(list, player, opponent, rest, alpha);
                            if favoured & rest != 0 {
                                list.favour(favoured);
                            }
                            list
                        }
                    };
                    let Some(sq) = list.next() else { break };
                    known_flips = list.last_flips();
                    sq
                }
            };
            if best_move != 64
                && empties >= SPLIT_EMPTIES
                && let Some(pool) = self.pool.as_ref().filter(|p| p.idle()).cloned()
            {
                // Young brothers wait: the first move is searched; share out the rest.
                let rest: Vec<u8> = std::iter::once(sq)
                    .chain(ordered.take().into_iter().flatten())
                    .collect();
                let shared = split_search(
                    self,
                    &pool,
                    node,
                    rest,
                    (alpha, beta),
                    Best { best, best_move },
                )?;
                best = shared.best;
                best_move = shared.best_move;
                break;
            }
            let f = match known_flips {
                0 => B::flips(player, opponent, sq as usize),
                f => f,
            };
            let (np, no) = (opponent ^ f, player | f | (1 << sq));
            let score = if best_move == 64 {
                -B::search(self, np, no, -beta, -alpha)?
            } else {
                // As `Searcher::scout`, with the children in this copy.
                scout_with(alpha, beta, |a, b| B::search(self, np, no, a, b))?
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
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if use_table {
            // No ProbCut below its threshold: a result there is exact whatever the pass.
            let level = if empties < PROBCUT_EMPTIES {
                EXACT
            } else {
                self.level
            };
            self.table(empties).store_at_level(
                key,
                empties as u8,
                level,
                best as i16,
                bound,
                best_move,
            );
        }
        Ok(best)
    }
}
