//! The hub: rooms in memory, connections and their seats, every client message applied to its
//! room and the change written to the store before anyone is answered; the sweeper of clocks and
//! expired rooms.

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex as SyncMutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rand::RngExt;
use tokio::sync::{Mutex, mpsc};

pub(super) use super::config::Config;
use super::room::{Refusal, Room};
use super::store::{MOVED, Op, TOO_MANY_ROOMS, Writer};
use crate::net::{ClientMessage, ErrorCode, Seat, ServerMessage, Status, VERSION, normalise_name};
use crate::rules::Variant;

/// A connection's way out: whole messages, or the order to close.
pub(super) enum Outgoing {
    Text(String),
    Close,
}

/// Frames a connection may have queued before it counts as too slow and is dropped (its client
/// reconnects and is sent the whole room again).
pub(super) const QUEUE: usize = 64;

#[derive(Clone)]
pub(super) struct Conn {
    pub(super) id: u64,
    pub(super) tx: mpsc::Sender<Outgoing>,
    pub(super) origin: Origin,
}

/// Who opened a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Origin {
    Client,
    /// Another server of the cluster, carrying a client's connection (forwarded no further).
    Peer,
    /// Another server of the cluster, asking for this server's own lobby (to gather every
    /// server's).
    PeerAskingItsLobby,
}

/// A room in memory with the connections of its seats and of those watching it.
pub(super) struct Live {
    pub(super) room: Room,
    pub(super) conns: [Option<Conn>; 2],
    pub(super) watchers: Vec<Conn>,
}

impl Live {
    pub(super) fn new(room: Room) -> Live {
        Live {
            room,
            conns: [None, None],
            watchers: Vec::new(),
        }
    }
}

/// What a connection holds once it has taken its place: a seat, or a room it watches (`None`
/// for a finished room read from the store, which changes no more), or a room another server of
/// the cluster holds (at this address), to which its messages go from now on.
pub(super) enum Place {
    Seat(Shared, Seat),
    Watch(Option<Shared>),
    Forward(String),
}

pub(super) type Shared = Arc<Mutex<Live>>;

/// This server's place among those sharing the store (`cluster.rs`).
#[derive(Clone, Debug)]
pub(super) struct Cluster {
    /// What peers show each other (kept in the store, so every server knows it).
    pub(super) secret: String,
    /// Where peers reach this server (`host:port`).
    pub(super) address: String,
}

/// Where the room a message names is held.
pub(super) enum Located {
    Here(Shared),
    /// By the server at this address.
    Elsewhere(String),
}

/// The server's state, shared by every connection.
pub(super) struct Server {
    pub(super) config: Config,
    pub(super) epoch: Instant,
    pub(super) rooms: SyncMutex<HashMap<String, Shared>>,
    /// Open rooms per creating address.
    pub(super) per_address: SyncMutex<HashMap<String, usize>>,
    /// Connections without a seat per address.
    pub(super) unseated: SyncMutex<HashMap<String, usize>>,
    pub(super) writer: Writer,
    /// The other servers sharing the store, if any.
    pub(super) cluster: Option<Cluster>,
    pub(super) next_conn: AtomicU64,
    /// Becomes true when the server stops: every connection ends.
    pub(super) stopping: tokio::sync::watch::Sender<bool>,
}

pub(super) fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

pub(super) fn random_code() -> String {
    let mut rng = rand::rng();
    (0..crate::net::CODE_LEN)
        .map(|_| crate::net::CODE_ALPHABET[rng.random_range(0..32)] as char)
        .collect()
}

pub(super) fn random_token() -> String {
    let bits: u128 = rand::rng().random();
    format!("{bits:032x}")
}

pub(super) fn send(tx: &mpsc::Sender<Outgoing>, message: &ServerMessage) {
    // A full queue means a client far behind: close it; it reconnects to the whole room.
    if tx.try_send(Outgoing::Text(message.to_json())).is_err() {
        let _ = tx.try_send(Outgoing::Close);
    }
}

/// How many items `a` and `b` begin with alike.
pub(super) fn common_prefix<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    a.iter().zip(b).take_while(|(a, b)| a == b).count()
}

/// The changes that turn the written `before` into `after`.
pub(super) fn changes(before: Option<&Room>, after: &Room, now: u64) -> Vec<Op> {
    let mut ops = vec![Op::PutRoom {
        record: Box::new(after.record(now)),
        finished_unix_ms: after.is_over().then(unix_ms),
    }];
    let same_game = before.filter(|b| b.game_no == after.game_no);
    let old: &[_] = same_game.map_or(&[], |b| &b.placed);
    let common = common_prefix(old, &after.placed);
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
    /// A server with no rooms yet, writing through `writer`.
    pub(super) fn new(config: Config, writer: Writer, cluster: Option<Cluster>) -> Server {
        Server {
            config,
            epoch: Instant::now(),
            rooms: SyncMutex::default(),
            per_address: SyncMutex::default(),
            unseated: SyncMutex::default(),
            writer,
            cluster,
            next_conn: AtomicU64::new(0),
            stopping: tokio::sync::watch::channel(false).0,
        }
    }

    /// Counts one more connection without a seat from `address`; false (and nothing counted)
    /// when the address holds its limit already.
    pub(super) fn admit_unseated(&self, address: &str) -> bool {
        let mut counts = self.unseated.lock().unwrap();
        let held = counts.entry(address.to_string()).or_default();
        if *held >= self.config.unseated_per_address {
            return false;
        }
        *held += 1;
        true
    }

    /// One connection without a seat from `address` fewer (it took a seat, or ended).
    pub(super) fn release_unseated(&self, address: &str) {
        let mut counts = self.unseated.lock().unwrap();
        if let Some(n) = counts.get_mut(address) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(address);
            }
        }
    }

    pub(super) fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    pub(super) fn grace(&self) -> u64 {
        self.config.grace.as_millis() as u64
    }

    /// Every room in memory with its code, taken from the map at once (so that no room is locked
    /// while the map is).
    pub(super) fn all_rooms(&self) -> Vec<(String, Shared)> {
        self.rooms
            .lock()
            .unwrap()
            .iter()
            .map(|(code, live)| (code.clone(), live.clone()))
            .collect()
    }

    pub(super) fn live(&self, code: &str) -> Option<Shared> {
        self.rooms.lock().unwrap().get(code).cloned()
    }

    /// The room as `you` (a seat, or an onlooker) sees it now.
    pub(super) fn state(&self, live: &Live, you: Option<Seat>) -> ServerMessage {
        let mut state = live.room.state(you, self.now(), self.grace());
        state.onlookers = live.watchers.len() as u32;
        ServerMessage::State(Box::new(state))
    }

    /// Sends the room to both seats and to everyone watching.
    pub(super) fn broadcast(&self, live: &Live) {
        for seat in 0..2 {
            if let Some(conn) = &live.conns[seat] {
                send(&conn.tx, &self.state(live, Some(seat)));
            }
        }
        if !live.watchers.is_empty() {
            let onlooker = self.state(live, None);
            for conn in &live.watchers {
                send(&conn.tx, &onlooker);
            }
        }
    }

    /// Writes `after` (changed from `live.room`) and makes it the room; on a store failure nothing
    /// changes.
    pub(super) async fn commit(&self, live: &mut Live, after: Room) -> Result<(), Refusal> {
        let ops = changes(Some(&live.room), &after, self.now());
        if let Err(e) = self.writer.write(ops).await {
            if e.ends_with(MOVED) {
                self.evict(live);
            }
            return Err((ErrorCode::Storage, e));
        }
        let finished = !live.room.is_over() && after.is_over();
        live.room = after;
        if finished {
            self.release_address(&live.room.created_by);
        }
        Ok(())
    }

    pub(super) fn release_address(&self, address: &str) {
        let mut counts = self.per_address.lock().unwrap();
        if let Some(n) = counts.get_mut(address) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(address);
            }
        }
    }

    /// Handles one message of the connection `conn` (from `address`), whose place is `seated`.
    pub(super) async fn handle(
        &self,
        message: ClientMessage,
        seated: &mut Option<Place>,
        conn: &Conn,
        address: &str,
    ) -> Result<(), Refusal> {
        let (version, takes_place) = match &message {
            ClientMessage::Create { version, .. }
            | ClientMessage::Join { version, .. }
            | ClientMessage::Resume { version, .. }
            | ClientMessage::Watch { version, .. } => (Some(*version), true),
            ClientMessage::Lobby { version } => (Some(*version), false),
            _ => (None, false),
        };
        if let Some(version) = version
            && version != VERSION
        {
            return Err((
                ErrorCode::Version,
                format!("this server speaks version {VERSION}, not {version}"),
            ));
        }
        if takes_place && seated.is_some() {
            return Err((
                ErrorCode::AlreadySeated,
                "this connection has a seat or watches a room".into(),
            ));
        }
        match message {
            ClientMessage::Watch { room, .. } => self.watch(&room, seated, conn).await,
            ClientMessage::Lobby { .. } => {
                let lobby = match &self.cluster {
                    Some(cluster) if conn.origin != Origin::PeerAskingItsLobby => {
                        self.cluster_lobby(cluster).await
                    }
                    _ => self.lobby().await,
                };
                send(&conn.tx, &lobby);
                Ok(())
            }
            ClientMessage::Create {
                name,
                colour,
                variant,
                clock,
                public,
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
                if self.cluster.is_none() {
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
                let code = self.fresh_code().await?;
                let token = random_token();
                let now = self.now();
                let mut room = Room::new(
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
                room.public = public;
                let mut ops = changes(None, &room, now);
                if self.cluster.is_some() {
                    let limit = self.config.rooms_per_address;
                    let address = address.to_string();
                    ops.insert(0, Op::Limit { address, limit });
                }
                if let Err(e) = self.writer.write(ops).await {
                    self.release_address(address);
                    if self.cluster.is_some() {
                        let _ = self.writer.release(code).await;
                    }
                    if e == TOO_MANY_ROOMS {
                        let limit = self.config.rooms_per_address;
                        return Err((
                            ErrorCode::TooManyRooms,
                            format!("{limit} rooms are open from this address; finish one first"),
                        ));
                    }
                    return Err((ErrorCode::Storage, e));
                }
                let live = Arc::new(Mutex::new(Live::new(room)));
                self.rooms.lock().unwrap().insert(code, live.clone());
                self.take_seat(&mut *live.lock().await, 0, conn, token);
                *seated = Some(Place::Seat(live, 0));
                Ok(())
            }
            ClientMessage::Join { room, name, .. } => {
                let name = normalise_name(&name)
                    .ok_or((ErrorCode::BadRoom, "the name is too long".to_string()))?;
                let shared = match self.locate(&room, conn).await? {
                    Located::Here(shared) => shared,
                    Located::Elsewhere(peer) => {
                        *seated = Some(Place::Forward(peer));
                        return Ok(());
                    }
                };
                let mut live = shared.lock().await;
                let mut after = live.room.clone();
                let token = random_token();
                let seat = after.join(name, token.clone(), self.now())?;
                self.commit(&mut live, after).await?;
                self.take_seat(&mut live, seat, conn, token);
                drop(live);
                *seated = Some(Place::Seat(shared, seat));
                Ok(())
            }
            ClientMessage::Resume { room, token, .. } => {
                let shared = match self.locate(&room, conn).await? {
                    Located::Here(shared) => shared,
                    Located::Elsewhere(peer) => {
                        *seated = Some(Place::Forward(peer));
                        return Ok(());
                    }
                };
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
                *seated = Some(Place::Seat(shared, seat));
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
    pub(super) fn take_seat(&self, live: &mut Live, seat: Seat, conn: &Conn, token: String) {
        live.conns[seat] = Some(conn.clone());
        let room = live.room.code.clone();
        send(&conn.tx, &ServerMessage::Welcome { room, seat, token });
        self.broadcast(live);
    }

    /// Applies `change` to the seated connection's room: written, then sent to both seats; `false`
    /// from `change` (a repeated move) sends the room back to this connection only.
    pub(super) async fn act(
        &self,
        seated: &Option<Place>,
        conn: &Conn,
        change: impl FnOnce(&mut Room, Seat, u64) -> Result<bool, Refusal>,
    ) -> Result<(), Refusal> {
        let Some(Place::Seat(shared, seat)) = seated else {
            let detail = if seated.is_some() {
                "onlookers cannot play"
            } else {
                "create, join or resume a room first"
            };
            return Err((ErrorCode::NoSeat, detail.into()));
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
            send(&conn.tx, &self.state(&live, Some(*seat)));
        }
        Ok(())
    }

    /// Called when a connection ends: its seat is away from now on, or it watches no more.
    pub(super) async fn leave(&self, seated: Option<Place>, conn_id: u64) {
        let (shared, seat) = match seated {
            Some(Place::Seat(shared, seat)) => (shared, seat),
            Some(Place::Watch(Some(shared))) => return self.stop_watching(&shared, conn_id).await,
            Some(Place::Watch(None) | Place::Forward(_)) | None => return,
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
    pub(super) async fn sweep(&self) {
        for (code, shared) in self.all_rooms() {
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
                // Those watching a finished game come back to its record in the store.
                for conn in live.watchers.drain(..) {
                    let _ = conn.tx.try_send(Outgoing::Close);
                }
                self.rooms.lock().unwrap().remove(&code);
                if self.cluster.is_some() {
                    let _ = self.writer.release(code).await;
                }
            }
        }
    }
}
