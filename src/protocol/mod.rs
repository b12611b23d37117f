//! The engine's text interfaces: the command-line commands and the NBoard protocol.

pub mod cli;
pub mod nboard;
