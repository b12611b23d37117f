//! How a stopped search ends: the error every search returns when its cancel flag, deadline or node
//! budget stops it.

/// The search was stopped by its cancel flag or budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;
