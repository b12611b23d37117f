//! `reversi serve`: the online room server. One process serves the browser build (`--web`) and the
//! rooms' WebSocket endpoint (`/ws`) from the same origin, holds every room's game with the
//! project's own rules ([`room::Room`]), runs the clocks, and writes every change to its store
//! ([`store`]) before it answers. Design, limits and the protocol: docs/online.md.

pub mod loadtest;
pub mod room;
pub mod store;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as SyncMutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path as UrlPath, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use rand::RngExt;
use tokio::sync::{Mutex, mpsc};

use crate::net::{
    ClientMessage, ErrorCode, MAX_MESSAGE_BYTES, RoomState, Seat, ServerMessage, Status, VERSION,
    normalise_code, normalise_name,
};
use crate::rules::Variant;
use room::{Refusal, Room};
use store::{Op, Store, Writer};

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
        }
    }
}

/// A connection's way out: whole messages, or the order to close.
enum Outgoing {
    Text(String),
    Close,
}

/// Frames a connection may have queued before it counts as too slow and is dropped (its client
/// reconnects and is sent the whole room again).
const QUEUE: usize = 64;

struct Conn {
    id: u64,
    tx: mpsc::Sender<Outgoing>,
}

/// A room in memory with the connections of its seats.
struct Live {
    room: Room,
    conns: [Option<Conn>; 2],
}

type Shared = Arc<Mutex<Live>>;

/// The server's state, shared by every connection.
struct Server {
    config: Config,
    epoch: Instant,
    rooms: SyncMutex<HashMap<String, Shared>>,
    /// Open rooms per creating address.
    per_address: SyncMutex<HashMap<String, usize>>,
    writer: Writer,
    next_conn: AtomicU64,
    /// Becomes true when the server stops: every connection ends.
    stopping: tokio::sync::watch::Sender<bool>,
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

fn random_code() -> String {
    let mut rng = rand::rng();
    (0..crate::net::CODE_LEN)
        .map(|_| crate::net::CODE_ALPHABET[rng.random_range(0..32)] as char)
        .collect()
}

fn random_token() -> String {
    let bits: u128 = rand::rng().random();
    format!("{bits:032x}")
}

fn send(tx: &mpsc::Sender<Outgoing>, message: &ServerMessage) {
    // A full queue means a client far behind: close it; it reconnects to the whole room.
    if tx.try_send(Outgoing::Text(message.to_json())).is_err() {
        let _ = tx.try_send(Outgoing::Close);
    }
}

/// The changes that turn the written `before` into `after`.
fn changes(before: Option<&Room>, after: &Room, now: u64) -> Vec<Op> {
    let mut ops = vec![Op::PutRoom {
        record: Box::new(after.record(now)),
        finished_unix_ms: after.is_over().then(unix_ms),
    }];
    let same_game = before.filter(|b| b.game_no == after.game_no);
    let old: &[_] = same_game.map_or(&[], |b| &b.placed);
    let common = old
        .iter()
        .zip(&after.placed)
        .take_while(|(a, b)| a == b)
        .count();
    if common < old.len() || common < after.placed.len() {
        ops.push(Op::SetMoves {
            code: after.code.clone(),
            game_no: after.game_no,
            from: common as u32,
            moves: after.placed[common..].to_vec(),
        });
    }
    ops
}

impl Server {
    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    fn grace(&self) -> u64 {
        self.config.grace.as_millis() as u64
    }

    fn live(&self, code: &str) -> Option<Shared> {
        self.rooms.lock().unwrap().get(code).cloned()
    }

    fn broadcast(&self, live: &Live) {
        let now = self.now();
        for seat in 0..2 {
            if let Some(conn) = &live.conns[seat] {
                let state = live.room.state(Some(seat), now, self.grace());
                send(&conn.tx, &ServerMessage::State(Box::new(state)));
            }
        }
    }

    /// Writes `after` (changed from `live.room`) and makes it the room; on a store failure nothing
    /// changes.
    async fn commit(&self, live: &mut Live, after: Room) -> Result<(), Refusal> {
        let ops = changes(Some(&live.room), &after, self.now());
        self.writer
            .write(ops)
            .await
            .map_err(|e| (ErrorCode::Storage, e))?;
        let finished = !live.room.is_over() && after.is_over();
        live.room = after;
        if finished {
            self.release_address(&live.room.created_by);
        }
        Ok(())
    }

    fn release_address(&self, address: &str) {
        let mut counts = self.per_address.lock().unwrap();
        if let Some(n) = counts.get_mut(address) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(address);
            }
        }
    }

    /// Handles one message of the connection `conn` (from `address`), whose seat is `seated`.
    async fn handle(
        &self,
        message: ClientMessage,
        seated: &mut Option<(Shared, Seat)>,
        conn: &Conn,
        address: &str,
    ) -> Result<(), Refusal> {
        let version = match &message {
            ClientMessage::Create { version, .. }
            | ClientMessage::Join { version, .. }
            | ClientMessage::Resume { version, .. } => Some(*version),
            _ => None,
        };
        if let Some(version) = version {
            if version != VERSION {
                return Err((
                    ErrorCode::Version,
                    format!("this server speaks version {VERSION}, not {version}"),
                ));
            }
            if seated.is_some() {
                return Err((
                    ErrorCode::AlreadySeated,
                    "this connection has a seat".into(),
                ));
            }
        }
        match message {
            ClientMessage::Create {
                name,
                colour,
                variant,
                clock,
                ..
            } => {
                let variant: Variant = variant
                    .parse()
                    .map_err(|e| (ErrorCode::BadRoom, format!("{e}")))?;
                let name = normalise_name(&name)
                    .ok_or((ErrorCode::BadRoom, "the name is too long".to_string()))?;
                if clock.is_some_and(|c| !c.is_valid()) {
                    return Err((
                        ErrorCode::BadRoom,
                        "a clock has from 1 s to 3 h a side and at most 60 s a move".into(),
                    ));
                }
                {
                    let mut counts = self.per_address.lock().unwrap();
                    let open = counts.entry(address.to_string()).or_default();
                    if *open >= self.config.rooms_per_address {
                        return Err((
                            ErrorCode::TooManyRooms,
                            format!(
                                "{} rooms are open from this address; finish one first",
                                self.config.rooms_per_address
                            ),
                        ));
                    }
                    *open += 1;
                }
                let code = loop {
                    let code = random_code();
                    if !self.rooms.lock().unwrap().contains_key(&code) {
                        break code;
                    }
                };
                let token = random_token();
                let now = self.now();
                let room = Room::new(
                    code.clone(),
                    variant,
                    clock,
                    name,
                    token.clone(),
                    colour,
                    rand::rng().random(),
                    address.to_string(),
                    now,
                );
                if let Err(e) = self.writer.write(changes(None, &room, now)).await {
                    self.release_address(address);
                    return Err((ErrorCode::Storage, e));
                }
                let live = Arc::new(Mutex::new(Live {
                    room,
                    conns: [None, None],
                }));
                self.rooms.lock().unwrap().insert(code, live.clone());
                self.take_seat(&mut *live.lock().await, 0, conn, token);
                *seated = Some((live, 0));
                Ok(())
            }
            ClientMessage::Join { room, name, .. } => {
                let name = normalise_name(&name)
                    .ok_or((ErrorCode::BadRoom, "the name is too long".to_string()))?;
                let shared = self.find(&room)?;
                let mut live = shared.lock().await;
                let mut after = live.room.clone();
                let token = random_token();
                let seat = after.join(name, token.clone(), self.now())?;
                self.commit(&mut live, after).await?;
                self.take_seat(&mut live, seat, conn, token);
                drop(live);
                *seated = Some((shared, seat));
                Ok(())
            }
            ClientMessage::Resume { room, token, .. } => {
                let shared = self.find(&room)?;
                let mut live = shared.lock().await;
                let seat = live.room.seat_for(&token).ok_or((
                    ErrorCode::BadToken,
                    "that token holds no seat in this room".to_string(),
                ))?;
                if let Some(old) = live.conns[seat].take() {
                    send(
                        &old.tx,
                        &ServerMessage::error(
                            ErrorCode::Replaced,
                            "this seat was taken over by another connection",
                        ),
                    );
                    let _ = old.tx.try_send(Outgoing::Close);
                }
                let now = self.now();
                live.room.set_connected(seat, true, now);
                self.take_seat(&mut live, seat, conn, token);
                drop(live);
                *seated = Some((shared, seat));
                Ok(())
            }
            ClientMessage::Move { ply, id, square } => {
                self.act(seated, conn, |room, seat, now| {
                    room.play(seat, ply, id, &square, now)
                })
                .await
            }
            ClientMessage::Resign => {
                self.act(seated, conn, |room, seat, now| {
                    room.resign(seat, now).map(|()| true)
                })
                .await
            }
            ClientMessage::TakeBack { ply } => {
                self.act(seated, conn, |room, seat, now| {
                    room.ask_take_back(seat, ply, now).map(|()| true)
                })
                .await
            }
            ClientMessage::TakeBackReply { accept } => {
                self.act(seated, conn, |room, seat, now| {
                    room.answer_take_back(seat, accept, now).map(|()| true)
                })
                .await
            }
            ClientMessage::Rematch => {
                self.act(seated, conn, |room, seat, now| {
                    room.offer_rematch(seat, now).map(|_| true)
                })
                .await
            }
        }
    }

    /// Gives `seat` to the connection `conn`: the welcome with the seat's token to it, then the room
    /// to both seats.
    fn take_seat(&self, live: &mut Live, seat: Seat, conn: &Conn, token: String) {
        live.conns[seat] = Some(Conn {
            id: conn.id,
            tx: conn.tx.clone(),
        });
        let room = live.room.code.clone();
        send(&conn.tx, &ServerMessage::Welcome { room, seat, token });
        self.broadcast(live);
    }

    /// The room in memory with the code `text`.
    fn find(&self, text: &str) -> Result<Shared, Refusal> {
        normalise_code(text)
            .and_then(|code| self.live(&code))
            .ok_or((
                ErrorCode::UnknownRoom,
                format!("no open room has the code {text:?}"),
            ))
    }

    /// Applies `change` to the seated connection's room: written, then sent to both seats; `false`
    /// from `change` (a repeated move) sends the room back to this connection only.
    async fn act(
        &self,
        seated: &Option<(Shared, Seat)>,
        conn: &Conn,
        change: impl FnOnce(&mut Room, Seat, u64) -> Result<bool, Refusal>,
    ) -> Result<(), Refusal> {
        let Some((shared, seat)) = seated else {
            return Err((
                ErrorCode::NoSeat,
                "create, join or resume a room first".into(),
            ));
        };
        let mut live = shared.lock().await;
        let now = self.now();
        let mut after = live.room.clone();
        // A clock that ran out before this message ends the game first.
        if after.adjudicate(now, u64::MAX) {
            self.commit(&mut live, after).await?;
            self.broadcast(&live);
            return Err((ErrorCode::GameOver, "the clock ran out".into()));
        }
        if change(&mut after, *seat, now)? {
            self.commit(&mut live, after).await?;
            self.broadcast(&live);
        } else {
            let state = live.room.state(Some(*seat), now, self.grace());
            send(&conn.tx, &ServerMessage::State(Box::new(state)));
        }
        Ok(())
    }

    /// Called when a connection ends: its seat is away from now on.
    async fn leave(&self, seated: Option<(Shared, Seat)>, conn_id: u64) {
        let Some((shared, seat)) = seated else {
            return;
        };
        let mut live = shared.lock().await;
        if live.conns[seat].as_ref().is_some_and(|c| c.id == conn_id) {
            live.conns[seat] = None;
            let now = self.now();
            live.room.set_connected(seat, false, now);
            self.broadcast(&live);
        }
    }

    /// Adjudicates flags and abandoned games, and lets go of expired rooms.
    async fn sweep(&self) {
        let rooms: Vec<(String, Shared)> = self
            .rooms
            .lock()
            .unwrap()
            .iter()
            .map(|(code, live)| (code.clone(), live.clone()))
            .collect();
        for (code, shared) in rooms {
            let Ok(mut live) = shared.try_lock() else {
                continue;
            };
            let now = self.now();
            let mut after = live.room.clone();
            if after.adjudicate(now, self.grace()) {
                if self.commit(&mut live, after).await.is_ok() {
                    self.broadcast(&live);
                }
                continue;
            }
            let idle = Duration::from_millis(now.saturating_sub(live.room.last_activity));
            let expired = match live.room.status() {
                Status::Waiting => idle >= self.config.waiting_expiry,
                Status::Over(_) => {
                    idle >= self.config.keep_finished && live.conns.iter().all(Option::is_none)
                }
                Status::Playing => false,
            };
            if expired {
                if live.room.status() == Status::Waiting {
                    let gone = vec![Op::DeleteRoom { code: code.clone() }];
                    if self.writer.write(gone).await.is_err() {
                        continue;
                    }
                    self.release_address(&live.room.created_by);
                }
                for conn in live.conns.iter_mut().filter_map(Option::take) {
                    send(
                        &conn.tx,
                        &ServerMessage::error(ErrorCode::UnknownRoom, "the room has expired"),
                    );
                    let _ = conn.tx.try_send(Outgoing::Close);
                }
                self.rooms.lock().unwrap().remove(&code);
            }
        }
    }
}

/// A connection's allowance of messages: a bucket refilled at a steady rate.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self, config: &Config) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * config.messages_per_second;
        self.tokens = (self.tokens + refill).min(config.message_burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Dropped messages after which a flooding connection is closed.
const FLOOD_CLOSE: u32 = 100;

/// The largest frame read at all; between this and [`MAX_MESSAGE_BYTES`] a message is answered
/// with an error, beyond it the connection is closed.
const MAX_FRAME_BYTES: usize = 64 * 1024;

/// A connection's read buffer (it grows for a longer frame).
const READ_BUFFER_BYTES: usize = 8 * 1024;

async fn websocket(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    upgrade: WebSocketUpgrade,
) -> Response {
    // Small buffers: messages are small, and a thousand rooms hold two thousand connections
    // (tungstenite's default 128 KiB read buffer each would be most of the server's memory).
    upgrade
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(0)
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| connection(server, socket, peer.ip().to_string()))
}

async fn connection(server: Arc<Server>, socket: WebSocket, address: String) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Outgoing>(QUEUE);
    let writer = tokio::spawn(async move {
        while let Some(out) = rx.recv().await {
            match out {
                Outgoing::Text(text) => {
                    if sink.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                Outgoing::Close => {
                    let _ = sink.send(Message::Close(None)).await;
                    break;
                }
            }
        }
    });
    let conn = Conn {
        id: server.next_conn.fetch_add(1, Ordering::Relaxed),
        tx,
    };
    let mut seated = None;
    let mut bucket = Bucket {
        tokens: server.config.message_burst,
        at: Instant::now(),
    };
    let mut dropped = 0;
    let mut stopping = server.stopping.subscribe();
    loop {
        let frame = tokio::select! {
            frame = stream.next() => frame,
            _ = stopping.wait_for(|&stop| stop) => None,
        };
        let Some(Ok(frame)) = frame else {
            break;
        };
        let text = match frame {
            Message::Text(text) => text,
            Message::Binary(_) => {
                let refusal = ServerMessage::error(ErrorCode::Malformed, "send text frames");
                send(&conn.tx, &refusal);
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !bucket.take(&server.config) {
            dropped += 1;
            let refusal = ServerMessage::error(ErrorCode::Flood, "too many messages; slow down");
            send(&conn.tx, &refusal);
            if dropped >= FLOOD_CLOSE {
                let _ = conn.tx.try_send(Outgoing::Close);
                break;
            }
            continue;
        }
        let result = match ClientMessage::parse(text.as_str()) {
            Ok(message) => server.handle(message, &mut seated, &conn, &address).await,
            Err(refusal) => Err(refusal),
        };
        if let Err((code, detail)) = result {
            send(&conn.tx, &ServerMessage::Error { code, detail });
        }
    }
    server.leave(seated, conn.id).await;
    drop(conn);
    let _ = writer.await;
}

/// `GET /api/rooms/CODE`: the room as an onlooker sees it (moves, players, clocks, result), from
/// memory or, for a finished room, from the store.
async fn room_json(State(server): State<Arc<Server>>, UrlPath(text): UrlPath<String>) -> Response {
    let Some(code) = normalise_code(&text) else {
        return (StatusCode::NOT_FOUND, "no such room\n").into_response();
    };
    let now = server.now();
    let state: Option<RoomState> = match server.live(&code) {
        Some(shared) => Some(shared.lock().await.room.state(None, now, server.grace())),
        None => match server.writer.read(code).await {
            Ok(Some(stored)) => Room::restore(stored.record, stored.moves, now)
                .ok()
                .map(|room| room.state(None, now, 0)),
            _ => None,
        },
    };
    match state {
        Some(mut state) => {
            for player in &mut state.players {
                player.connected = false;
                player.reconnect_ms = None;
            }
            (
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                serde_json::to_string(&state).expect("states serialise"),
            )
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, "no such room\n").into_response(),
    }
}

/// `GET /api/stats`: rooms in memory, connected seats and the process's resident memory.
async fn stats(State(server): State<Arc<Server>>) -> Response {
    let rooms: Vec<Shared> = server.rooms.lock().unwrap().values().cloned().collect();
    let mut connected = 0;
    for shared in &rooms {
        connected += shared.lock().await.conns.iter().flatten().count();
    }
    let rss_kib = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        });
    let body = serde_json::json!({
        "rooms": rooms.len(),
        "connected": connected,
        "rss_mib": rss_kib.map(|k| (k as f64 / 1024.0 * 10.0).round() / 10.0),
    });
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// Raises this process's limit of open files to the most it may (a server with a thousand rooms
/// holds two thousand sockets; many systems start at 1 024).
pub fn raise_open_files() {
    #[cfg(target_os = "linux")]
    // SAFETY: getrlimit and setrlimit only read and write the struct passed.
    unsafe {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 && limit.rlim_cur < limit.rlim_max
        {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct Options {
    pub addr: SocketAddr,
    /// The SQLite file; `None` keeps the rooms in memory only (for tests).
    pub db: Option<PathBuf>,
    /// The browser build to serve at `/`.
    pub web: Option<PathBuf>,
    pub config: Config,
}

/// A running server: its address, and the handle that stops it.
pub struct Running {
    pub addr: SocketAddr,
    pub rooms_loaded: usize,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Stops accepting, closes every connection and waits for the server to end.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.task.await;
    }
}

/// Opens the store, loads every unfinished room, binds `options.addr` and serves in the
/// background of the current Tokio runtime.
pub async fn start(options: Options) -> Result<Running, String> {
    let mut db = store::Sqlite::open(options.db.as_deref())?;
    let stored = db.unfinished()?;
    let _ =
        db.purge_finished(unix_ms().saturating_sub(options.config.retention.as_millis() as u64));
    let server = Arc::new(Server {
        config: options.config.clone(),
        epoch: Instant::now(),
        rooms: SyncMutex::default(),
        per_address: SyncMutex::default(),
        writer: Writer::start(db),
        next_conn: AtomicU64::new(0),
        stopping: tokio::sync::watch::channel(false).0,
    });
    let rooms_loaded = stored.len();
    for stored in stored {
        let room = Room::restore(stored.record, stored.moves, 0)?;
        *server
            .per_address
            .lock()
            .unwrap()
            .entry(room.created_by.clone())
            .or_default() += 1;
        server.rooms.lock().unwrap().insert(
            room.code.clone(),
            Arc::new(Mutex::new(Live {
                room,
                conns: [None, None],
            })),
        );
    }
    let mut app = Router::new()
        .route("/ws", get(websocket))
        .route("/api/rooms/{code}", get(room_json))
        .route("/api/stats", get(stats));
    if let Some(web) = &options.web {
        app = app.fallback_service(tower_http::services::ServeDir::new(web));
    }
    let app = app.with_state(server.clone());
    let listener = tokio::net::TcpListener::bind(options.addr)
        .await
        .map_err(|e| format!("{}: {e}", options.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let sweeper = {
        let server = server.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(100));
            let mut purged = Instant::now();
            loop {
                tick.tick().await;
                server.sweep().await;
                if purged.elapsed() > Duration::from_secs(3600) {
                    purged = Instant::now();
                    let before =
                        unix_ms().saturating_sub(server.config.retention.as_millis() as u64);
                    let _ = server.writer.purge(before).await;
                }
            }
        })
    };
    let task = tokio::spawn(async move {
        let service = app.into_make_service_with_connect_info::<SocketAddr>();
        let stopping = server.stopping.clone();
        let _ = axum::serve(listener, service)
            .with_graceful_shutdown(async move {
                let _ = stopped.await;
                sweeper.abort();
                // Every connection closes, so the clients see the server go.
                stopping.send_replace(true);
            })
            .await;
    });
    Ok(Running {
        addr,
        rooms_loaded,
        stop,
        task,
    })
}

/// `reversi serve`: runs until interrupted (Ctrl-C).
pub fn serve(options: Options) -> Result<(), String> {
    raise_open_files();
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let running = start(options.clone()).await?;
        eprintln!(
            "reversi serve: listening on http://{} (WebSocket at /ws){}; {} unfinished rooms loaded",
            running.addr,
            options
                .web
                .as_ref()
                .map(|w| format!(", serving {}", w.display()))
                .unwrap_or_default(),
            running.rooms_loaded
        );
        let _ = tokio::signal::ctrl_c().await;
        eprintln!("reversi serve: stopping");
        running.stop().await;
        Ok(())
    })
}

/// The SQLite file `reversi serve` uses without `--db`: `rooms.sqlite` in the game's data
/// directory.
pub fn default_db() -> Option<PathBuf> {
    crate::save::config_dir().map(|dir| dir.join("rooms.sqlite"))
}

const _: () = assert!(MAX_MESSAGE_BYTES < MAX_FRAME_BYTES);
