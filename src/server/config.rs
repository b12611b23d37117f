//! The server's limits and times.

use std::time::Duration;

/// The server's limits and times.
#[derive(Clone, Debug)]
pub struct Config {
    /// How long a player who lost the connection may take to come back before the game is
    /// adjudicated to the opponent.
    pub grace: Duration,
    /// How long a room waits for its second player.
    pub waiting_expiry: Duration,
    /// How long a finished room stays in memory after its last change (it stays in the store).
    pub keep_finished: Duration,
    /// How long the store keeps finished rooms, to be looked up by code.
    pub retention: Duration,
    /// Rooms one address may have open (waiting or being played) at once.
    pub rooms_per_address: usize,
    /// Messages a connection may send a second, on average, and in a burst.
    pub messages_per_second: f64,
    pub message_burst: f64,
    /// Connections one address may hold open without a seat (a connection takes a seat with its
    /// first message; more are refused and closed).
    pub unseated_per_address: usize,
    /// Connections that may watch one room.
    pub watchers_per_room: usize,
    /// How long each write to the store waits inside its transaction: a slow disk for the crash
    /// test (`reversi chaos`); zero otherwise.
    pub commit_delay: Duration,
    /// Load balancers and proxies whose `X-Forwarded-For` names the client's address.
    pub trusted_proxies: Vec<std::net::IpAddr>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            grace: Duration::from_secs(60),
            waiting_expiry: Duration::from_secs(30 * 60),
            keep_finished: Duration::from_secs(10 * 60),
            retention: Duration::from_secs(7 * 24 * 3600),
            rooms_per_address: 20,
            messages_per_second: 10.0,
            message_burst: 30.0,
            unseated_per_address: 16,
            watchers_per_room: 200,
            commit_delay: Duration::ZERO,
            trusted_proxies: Vec::new(),
        }
    }
}
