//! What the midgame search evaluates its leaves with.

use super::Model;
use crate::ai::eval::evaluate;
use crate::ai::net::Net;
use crate::ai::pattern::Weights;

/// The static evaluation at the midgame search's leaves (and in its move order).
#[derive(Clone, Copy, Debug)]
pub enum Leaf {
    /// The hand-tuned evaluation.
    Hand,
    /// Trained pattern weights.
    Patterns(&'static Weights),
    /// A network.
    Net(&'static Net),
}

impl PartialEq for Leaf {
    /// The same evaluation: the same kind, and the same weights in memory.
    fn eq(&self, other: &Leaf) -> bool {
        match (self, other) {
            (Leaf::Hand, Leaf::Hand) => true,
            (Leaf::Patterns(a), Leaf::Patterns(b)) => std::ptr::eq(*a, *b),
            (Leaf::Net(a), Leaf::Net(b)) => std::ptr::eq(*a, *b),
            _ => false,
        }
    }
}

impl Leaf {
    /// The pattern weights, or the hand-tuned evaluation without them.
    pub fn of(weights: Option<&'static Weights>) -> Leaf {
        weights.map_or(Leaf::Hand, Leaf::Patterns)
    }

    /// The position's value for the mover, in hundredths of a disc.
    #[inline]
    pub fn evaluate(self, player: u64, opponent: u64) -> i32 {
        match self {
            Leaf::Patterns(weights) => weights.evaluate_fast(player, opponent),
            Leaf::Net(net) => net.evaluate_fast(player, opponent),
            Leaf::Hand => evaluate(player, opponent),
        }
    }

    /// Whose Multi-ProbCut statistics the search uses: the model's for pattern weights, the
    /// classic table for the hand-tuned evaluation (measured with it), the rich model's for a
    /// network (whose features it reads) until a network has a table of its own.
    pub fn mpc_model(self) -> Model {
        match self {
            Leaf::Patterns(weights) => weights.model(),
            Leaf::Net(_) => Model::Rich,
            Leaf::Hand => Model::Classic,
        }
    }
}
