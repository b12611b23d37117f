//! `reversi chaos`: the crash test. Rooms of bots play on a `reversi serve` process that is killed
//! with SIGKILL at random moments, while its store holds a transaction open, and started again on
//! the same database; the bots come back to their seats with their tokens, as the game does, and
//! send again a move whose answer they never had. At the end the database is read back and held
//! against everything any client was shown: every move a client saw applied must be written, no
//! client's move may be written twice, every game must replay legally from its start, and no clock
//! may have been charged more time than the server was running.

mod fleet;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};

use super::blocking;
use super::hub::common_prefix;
use super::loadtest::{Client, open_room};
use super::room;
use super::store::{Database, Dump, Store};
use crate::net::{ClientMessage, ClockSpec, RoomState, Seat, ServerMessage, Status, VERSION};
use crate::rules::{Game, Move, Square, Variant};
use fleet::Fleet;
pub use fleet::{haproxy_config, listening_address};

/// What the crash test is asked to do.
#[derive(Clone, Debug)]
pub struct Chaos {
    /// The `reversi` binary that serves (one built with the `server` feature).
    pub binary: PathBuf,
    /// The database, a SQLite file or a PostgreSQL URL (`reversi serve --db`): emptied first,
    /// kept afterwards for inspection.
    pub db: String,
    pub rooms: usize,
    /// Servers sharing the database (a PostgreSQL one) behind HAProxy; one kill takes one, at
    /// random. One server alone is played on directly.
    pub instances: usize,
    /// Kills during play.
    pub kills: usize,
    /// Each life of the server lasts a random time in this range, in milliseconds, from its
    /// start to its kill.
    pub life_ms: (u64, u64),
    /// A bot's average wait before each move, in milliseconds.
    pub think_ms: u64,
    /// The store's wait inside each transaction (a slow disk), in milliseconds.
    pub commit_delay_ms: u64,
    pub seed: u64,
}

/// The time control of every room: the clocks are checked at the end.
const CLOCK: ClockSpec = ClockSpec {
    base_ms: 600_000,
    increment_ms: 1_000,
};

/// Client ids of seat 1's moves start here (seat 0's at 1), so that every move in a room has its
/// own id.
const SEAT_IDS: u64 = 1 << 32;

/// How long anything may take before the test gives up: a server start, a bot's way back.
const PATIENCE: Duration = Duration::from_secs(30);

/// What the clients were shown and did, shared by the bots.
#[derive(Default)]
struct Ledger {
    /// Per room and game, the longest run of placements any client was shown applied.
    seen: Mutex<HashMap<String, BTreeMap<u32, Vec<Square>>>>,
    /// Placements a client was shown and another client's later view contradicted.
    contradicted: AtomicU64,
    /// Every client id sent, per room.
    sent: Mutex<HashMap<String, HashSet<u64>>>,
    /// Moves sent and not yet seen applied or refused.
    in_flight: AtomicU64,
    /// The moment of the last kill, as milliseconds from [`Ledger::epoch`].
    killed_at: AtomicU64,
    epoch: Option<Instant>,
    /// Of the moves in flight at a kill: found applied on return, and sent again.
    found_applied: AtomicU64,
    sent_again: AtomicU64,
    errors: Mutex<Vec<String>>,
}

impl Ledger {
    /// Notes the placements of `state` as acknowledged; the game it shows.
    fn shown(&self, state: &RoomState) -> Result<Game, String> {
        let game = state.game()?;
        let placed: Vec<Square> = game.placements().collect();
        let mut seen = self.seen.lock().unwrap();
        let known = seen
            .entry(state.room.clone())
            .or_default()
            .entry(state.game)
            .or_default();
        let common = common_prefix(known, &placed);
        if common < known.len().min(placed.len()) {
            let dropped = known.len() - common;
            self.contradicted
                .fetch_add(dropped as u64, Ordering::Relaxed);
        }
        if placed.len() > known.len() || common < known.len().min(placed.len()) {
            *known = placed;
        }
        Ok(game)
    }

    fn now_ms(&self) -> u64 {
        self.epoch.map_or(0, |e| e.elapsed().as_millis() as u64)
    }

    fn error(&self, what: String) {
        self.errors.lock().unwrap().push(what);
    }
}

/// One seat's bot: its room, seat, token and the server's address.
struct Bot {
    url: String,
    room: String,
    seat: Seat,
    token: String,
    rng: rand::rngs::StdRng,
    think_ms: u64,
    next_id: u64,
    ledger: Arc<Ledger>,
    stop: tokio::sync::watch::Receiver<bool>,
}

/// A move sent and not yet answered.
#[derive(Clone)]
struct Pending {
    /// When it was sent, as [`Ledger::now_ms`].
    sent_ms: u64,
    game: u32,
    ply: u32,
    id: u64,
    square: String,
}

impl Bot {
    /// Connects and resumes the seat, trying again until the server is back.
    async fn come_back(&mut self) -> Result<(Client, RoomState), String> {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let why = match self.resume().await {
                Ok(back) => return Ok(back),
                Err(why) => why,
            };
            if Instant::now() > deadline {
                return Err(format!(
                    "room {} seat {}: no way back to the server: {why}",
                    self.room, self.seat
                ));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    async fn resume(&mut self) -> Result<(Client, RoomState), String> {
        let mut client = Client::connect(&self.url).await?;
        client
            .send(&ClientMessage::Resume {
                version: VERSION,
                room: self.room.clone(),
                token: self.token.clone(),
            })
            .await?;
        let wait = Duration::from_secs(5);
        match client.recv(wait).await? {
            ServerMessage::Welcome { seat, .. } if seat == self.seat => {}
            other => return Err(format!("resume answered {other:?}")),
        }
        let state = client.state(wait).await?;
        Ok((client, state))
    }

    /// Plays until told to stop, with no move of its own left unanswered.
    async fn run(mut self, mut client: Client, mut state: RoomState) {
        let mut pending: Option<Pending> = None;
        let mut rematch_asked = 0;
        loop {
            let game = match self.ledger.shown(&state) {
                Ok(game) => game,
                Err(e) => {
                    self.ledger.error(format!("room {}: {e}", self.room));
                    return;
                }
            };
            if let Some(p) = &pending
                && (state.game != p.game || state.ply > p.ply)
            {
                pending = None;
                self.ledger.in_flight.fetch_sub(1, Ordering::Relaxed);
            }
            let stopping = *self.stop.borrow();
            if stopping && pending.is_none() {
                break;
            }
            let my_turn =
                state.status == Status::Playing && state.running == state.players[self.seat].colour;
            if !stopping && my_turn && pending.is_none() {
                let cells = game.position().legal_squares();
                if !cells.is_empty() {
                    let wait = self.rng.random_range(0..=2 * self.think_ms);
                    tokio::time::sleep(Duration::from_millis(wait)).await;
                    let cell = cells[self.rng.random_range(0..cells.len())];
                    let p = Pending {
                        sent_ms: self.ledger.now_ms(),
                        game: state.game,
                        ply: state.ply,
                        id: self.next_id,
                        square: cell.to_string(),
                    };
                    self.next_id += 1;
                    self.ledger
                        .sent
                        .lock()
                        .unwrap()
                        .entry(self.room.clone())
                        .or_default()
                        .insert(p.id);
                    self.ledger.in_flight.fetch_add(1, Ordering::Relaxed);
                    let _ = client.send(&move_message(&p)).await;
                    pending = Some(p);
                }
            } else if !stopping
                && matches!(state.status, Status::Over(_))
                && !state.rematch[self.seat]
                && rematch_asked < state.game
            {
                rematch_asked = state.game;
                let _ = client.send(&ClientMessage::Rematch).await;
            }
            let mut stop = self.stop.clone();
            let next = tokio::select! {
                next = client.recv(PATIENCE) => Some(next),
                _ = stop.wait_for(|&s| s), if !stopping => None,
            };
            match next {
                None => {}
                Some(Ok(ServerMessage::State(next))) => state = *next,
                Some(Ok(ServerMessage::Error { code, detail })) => {
                    self.ledger.error(format!(
                        "room {} seat {}: {code:?}: {detail}",
                        self.room, self.seat
                    ));
                    if pending.take().is_some() {
                        self.ledger.in_flight.fetch_sub(1, Ordering::Relaxed);
                    }
                }
                Some(Ok(ServerMessage::Welcome { .. } | ServerMessage::Lobby { .. })) => {}
                Some(Err(_)) => {
                    // The server is gone: come back, and send an unanswered move again unless the
                    // room shows it applied.
                    let back = self.come_back().await;
                    let Ok((again, fresh)) = back else {
                        self.ledger.error(back.err().unwrap_or_default());
                        return;
                    };
                    client = again;
                    state = fresh;
                    rematch_asked = 0;
                    if let Some(p) = &pending {
                        let applied = state.game != p.game || state.ply > p.ply;
                        if p.sent_ms < self.ledger.killed_at.load(Ordering::Relaxed) {
                            let count = if applied {
                                &self.ledger.found_applied
                            } else {
                                &self.ledger.sent_again
                            };
                            count.fetch_add(1, Ordering::Relaxed);
                        }
                        if !applied {
                            let _ = client.send(&move_message(p)).await;
                        }
                    }
                }
            }
        }
        client.close().await;
    }
}

fn move_message(p: &Pending) -> ClientMessage {
    ClientMessage::Move {
        ply: p.ply,
        id: p.id,
        square: p.square.clone(),
    }
}

/// What the crash test found.
#[derive(Debug, Default)]
pub struct Report {
    pub kills: usize,
    /// Moves some client was shown applied.
    pub acknowledged: u64,
    /// Acknowledged moves missing from the database (or contradicted by a later view).
    pub lost: u64,
    /// Client moves written more than once.
    pub doubled: u64,
    /// Moves in flight (sent, unanswered) at the kills, summed over the kills.
    pub in_flight_at_kills: u64,
    pub found_applied: u64,
    pub sent_again: u64,
    pub games_finished: u64,
    /// Games that do not replay legally, clocks charged beyond the rule, written moves no client
    /// sent, and the bots' errors.
    pub faults: Vec<String>,
    pub seconds: f64,
    pub server_seconds: f64,
    /// With several servers: how often a room changed hands (the store's count).
    pub rooms_moved: Option<u64>,
}

impl Report {
    /// Nothing lost, doubled or faulty.
    pub fn passed(&self) -> bool {
        self.lost == 0 && self.doubled == 0 && self.faults.is_empty()
    }

    pub fn text(&self) -> String {
        let mut text = format!(
            "{:.1} s, the server up {:.1} s of it; games finished {}\n\
             moves in flight at the kills {} (of them found applied on return {}, sent again {})\n",
            self.seconds,
            self.server_seconds,
            self.games_finished,
            self.in_flight_at_kills,
            self.found_applied,
            self.sent_again,
        );
        for fault in self.faults.iter().take(20) {
            text += &format!("fault: {fault}\n");
        }
        if self.faults.len() > 20 {
            text += &format!("… and {} faults more\n", self.faults.len() - 20);
        }
        text += &format!(
            "kills {}, acknowledged moves {}, lost {}, doubled {}",
            self.kills, self.acknowledged, self.lost, self.doubled
        );
        if let Some(moved) = self.rooms_moved {
            text += &format!(", rooms moved {moved}");
        }
        text
    }
}

/// Runs the crash test and reports what it found.
pub async fn run(chaos: Chaos) -> Result<Report, String> {
    crate::server::raise_open_files();
    let database = Database::parse(&chaos.db);
    blocking(move || database.clear()).await?;
    let began = Instant::now();
    let mut rng = rand::rngs::StdRng::seed_from_u64(chaos.seed);
    let mut fleet = Fleet::start(&chaos).await?;
    let url = fleet.url.clone();
    let ledger = Arc::new(Ledger {
        epoch: Some(began),
        ..Ledger::default()
    });
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut bots = Vec::new();
    for _ in 0..chaos.rooms {
        for (seat, (client, token, state)) in
            open_room(&url, Some(CLOCK)).await?.into_iter().enumerate()
        {
            let bot = Bot {
                url: url.clone(),
                room: state.room.clone(),
                seat,
                token,
                rng: rand::rngs::StdRng::seed_from_u64(rng.random()),
                think_ms: chaos.think_ms,
                next_id: 1 + seat as u64 * SEAT_IDS,
                ledger: ledger.clone(),
                stop: stopped.clone(),
            };
            bots.push(tokio::spawn(bot.run(client, state)));
        }
    }
    let mut report = Report::default();
    for _ in 0..chaos.kills {
        let life = rng.random_range(chaos.life_ms.0..=chaos.life_ms.1.max(chaos.life_ms.0));
        let until = fleet.last_start + Duration::from_millis(life);
        tokio::time::sleep_until(until.into()).await;
        ledger.killed_at.store(ledger.now_ms(), Ordering::Relaxed);
        let victim = fleet.kill_one(&mut rng);
        report.in_flight_at_kills += ledger.in_flight.load(Ordering::Relaxed);
        report.kills += 1;
        fleet.restart(&chaos, victim).await?;
    }
    // Play on a last life, then let every bot settle its last move and stop.
    tokio::time::sleep(Duration::from_millis(chaos.life_ms.1)).await;
    let _ = stop.send(true);
    for bot in bots {
        if tokio::time::timeout(PATIENCE, bot).await.is_err() {
            ledger.error("a bot did not stop in time".into());
        }
    }
    let up = fleet.stop();

    let database = Database::parse(&chaos.db);
    let (dumps, moved) = blocking(move || {
        let mut store = database.open(Duration::ZERO)?;
        Ok((store.dump()?, store.rooms_moved()?))
    })
    .await?;
    report.rooms_moved = (chaos.instances > 1).then_some(moved);
    let seen = std::mem::take(&mut *ledger.seen.lock().unwrap());
    let sent = std::mem::take(&mut *ledger.sent.lock().unwrap());
    audit(&dumps, &seen, &sent, up, &mut report);
    report.lost += ledger.contradicted.load(Ordering::Relaxed);
    report.found_applied = ledger.found_applied.load(Ordering::Relaxed);
    report.sent_again = ledger.sent_again.load(Ordering::Relaxed);
    report
        .faults
        .extend(ledger.errors.lock().unwrap().drain(..));
    report.seconds = began.elapsed().as_secs_f64();
    report.server_seconds = up.as_secs_f64();
    Ok(report)
}

/// Holds the database against what the clients were shown and sent.
fn audit(
    dumps: &[Dump],
    seen: &HashMap<String, BTreeMap<u32, Vec<Square>>>,
    sent: &HashMap<String, HashSet<u64>>,
    up: Duration,
    report: &mut Report,
) {
    let by_code: HashMap<&str, &Dump> = dumps.iter().map(|d| (d.record.code.as_str(), d)).collect();
    for (code, games) in seen {
        for (game, shown) in games {
            report.acknowledged += shown.len() as u64;
            let written: Vec<Square> = by_code
                .get(code.as_str())
                .map(|d| {
                    d.moves
                        .iter()
                        .filter(|m| m.0 == *game)
                        .map(|m| m.2)
                        .collect()
                })
                .unwrap_or_default();
            let kept = common_prefix(shown, &written);
            report.lost += (shown.len() - kept) as u64;
        }
    }
    for dump in dumps {
        let code = &dump.record.code;
        report.games_finished +=
            u64::from(dump.record.game_no - 1) + u64::from(dump.record.ending.is_some());
        let variant: Variant = match dump.record.variant.parse() {
            Ok(v) => v,
            Err(e) => {
                report.faults.push(format!("room {code}: {e}"));
                continue;
            }
        };
        let mut games: BTreeMap<u32, Vec<(Square, u64)>> = BTreeMap::new();
        let mut ids = HashSet::new();
        for &(game, ply, cell, id) in &dump.moves {
            let moves = games.entry(game).or_default();
            if ply as usize != moves.len() {
                report
                    .faults
                    .push(format!("room {code} game {game}: ply {ply} out of order"));
            }
            moves.push((cell, id));
            if !ids.insert((game, id)) {
                report.doubled += 1;
            }
            if !sent.get(code).is_some_and(|s| s.contains(&id)) {
                report.faults.push(format!(
                    "room {code} game {game}: move id {id} was never sent"
                ));
            }
        }
        for (game, moves) in &games {
            if let Err(e) = room::replay(variant, moves) {
                report.faults.push(format!("room {code} game {game}: {e}"));
            }
        }
        let current = games
            .get(&dump.record.game_no)
            .map_or(&[][..], Vec::as_slice);
        if let Some(fault) = clock_fault(dump, current, up) {
            report.faults.push(format!("room {code}: {fault}"));
        }
    }
}

/// The documented clock rule broken by a written room, if it is: each side has at most its base
/// time and an increment per move it made, and the time charged to both sides together is no more
/// than the server ran (the time it was down is not charged).
fn clock_fault(dump: &Dump, current: &[(Square, u64)], up: Duration) -> Option<String> {
    let spec = dump.record.clock?;
    let mut charged = 0;
    let black_moves = room::replay(dump.record.variant.parse().ok()?, current)
        .ok()?
        .history()
        .iter()
        .step_by(2)
        .filter(|m| matches!(m, Move::Play(_)))
        .count() as u64;
    let white_moves = current.len() as u64 - black_moves;
    for (left, moves) in dump.record.clocks_ms.iter().zip([black_moves, white_moves]) {
        let most = spec.base_ms + moves * spec.increment_ms;
        if *left > most {
            return Some(format!("{left} ms left, more than {most} ms"));
        }
        charged += most - left;
    }
    (charged > up.as_millis() as u64).then(|| {
        format!(
            "{charged} ms charged while the server ran {} ms",
            up.as_millis()
        )
    })
}

#[cfg(test)]
mod tests;
