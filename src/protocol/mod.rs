//! The engine's text interfaces: the command-line commands (perft, …).

pub mod cli;
