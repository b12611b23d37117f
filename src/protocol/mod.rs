//! The engine's text protocols: NBoard and GTP, as the engine (server) and to drive other programs
//! (clients).

pub mod gtp;
pub mod gtp_client;
pub mod nboard;
pub mod nboard_client;
pub mod program;
pub mod worker;

/// Feeds `handle` the lines of `input` until it returns false or the input ends: each line's text,
/// or `None` for a line that is not UTF-8 text (a malformed line, which must not end a session).
pub fn read_lines(mut input: impl std::io::BufRead, mut handle: impl FnMut(Option<&str>) -> bool) {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // `read_until` retries interrupted reads itself; any other error means the input is gone.
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !handle(std::str::from_utf8(&bytes).ok()) {
            break;
        }
    }
}
