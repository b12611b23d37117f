//! Saving and resuming: the game in progress (with its redo moves), the players and the settings,
//! in a small versioned text file in the platform's config directory (in the browser build: the
//! page's localStorage). Writes are atomic (write, then rename). The last line is a checksum of
//! everything above it, so a save cut short or changed on disk is recognised as damaged rather than
//! read as a different game. A save that cannot be read is moved aside under a name of its own,
//! never overwritten or fatal.

mod format;
mod storage;

pub use format::*;
pub use storage::*;
