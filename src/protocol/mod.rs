//! The engine's text interfaces: the command-line commands, the NBoard protocol and GTP.

pub mod cli;
pub mod gtp;
pub mod nboard;
