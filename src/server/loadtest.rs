//! `reversi loadtest`: rooms of bots playing random legal moves against a running server, and the
//! WebSocket [`Client`] they (and the server's tests) use. A benchmark, not a test: it prints moves
//! per second, the move round trip (sent to the state that shows it applied), errors, moves lost or
//! applied twice, and the server's memory.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::{RngExt, SeedableRng};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::net::{
    ClientMessage, ColourChoice, ErrorCode, RoomState, ServerMessage, Status, VERSION,
};
use crate::rules::Variant;

/// A WebSocket connection speaking the room protocol.
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Connects to `url` (`ws://host:port/ws`).
    pub async fn connect(url: &str) -> Result<Client, String> {
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| format!("{url}: {e}"))?;
        Ok(Client { socket })
    }

    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), String> {
        self.send_text(message.to_json()).await
    }

    /// Sends a frame of raw text (for malformed messages).
    pub async fn send_text(&mut self, text: String) -> Result<(), String> {
        self.socket
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next message, waiting at most `wait`; `Err` on a timeout or a closed connection.
    pub async fn recv(&mut self, wait: Duration) -> Result<ServerMessage, String> {
        loop {
            let frame = tokio::time::timeout(wait, self.socket.next())
                .await
                .map_err(|_| "no message in time".to_string())?
                .ok_or("the connection closed")?
                .map_err(|e| e.to_string())?;
            match frame {
                Message::Text(text) => {
                    return ServerMessage::parse(text.as_str()).map_err(|e| e.to_string());
                }
                Message::Close(frame) => {
                    let reason = frame.map(|f| f.reason.to_string()).unwrap_or_default();
                    return Err(format!("the connection closed {reason}").trim_end().into());
                }
                _ => continue,
            }
        }
    }

    /// The next room state, skipping nothing: an error or welcome instead is an `Err`.
    pub async fn state(&mut self, wait: Duration) -> Result<RoomState, String> {
        match self.recv(wait).await? {
            ServerMessage::State(state) => Ok(*state),
            other => Err(format!("expected a state, got {other:?}")),
        }
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}

#[derive(Default)]
struct Tally {
    moves: AtomicU64,
    errors: AtomicU64,
    lost: AtomicU64,
    doubled: AtomicU64,
    games: AtomicU64,
    /// Connections lost and resumed, and the longest time from a loss to the room again.
    reconnects: AtomicU64,
    longest_way_back_ms: AtomicU64,
    round_trips_us: std::sync::Mutex<Vec<u32>>,
    error_codes: std::sync::Mutex<HashMap<String, u64>>,
}

impl Tally {
    fn error(&self, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        *self.error_codes.lock().unwrap().entry(what).or_default() += 1;
    }
}

/// What the load test is asked to do.
#[derive(Clone, Debug)]
pub struct Load {
    pub url: String,
    pub rooms: usize,
    pub seconds: u64,
    /// A bot waits a random time up to twice this before each move.
    pub think_ms: u64,
    pub seed: u64,
    /// Public rooms opened beside, each waiting for a second player all along.
    pub waiting: usize,
    /// Print `room CODE` for each room of bots once it is open.
    pub list_rooms: bool,
    /// Kill this process (a server of a cluster) with SIGKILL halfway through the play.
    pub kill: Option<u32>,
}

/// A seat's way back: the address, room and token it resumes with when its connection is lost.
pub(super) struct Ticket {
    pub(super) url: String,
    pub(super) room: String,
    pub(super) token: String,
}

/// How long a bot tries to resume its seat before it gives up.
const WAY_BACK: Duration = Duration::from_secs(30);

/// Resumes `ticket`'s seat, trying again until a server answers or [`WAY_BACK`] has passed.
pub(super) async fn come_back(ticket: &Ticket) -> Result<(Client, RoomState), String> {
    let deadline = Instant::now() + WAY_BACK;
    loop {
        let resume = ClientMessage::Resume {
            version: VERSION,
            room: ticket.room.clone(),
            token: ticket.token.clone(),
        };
        match take_seat(&ticket.url, &resume).await {
            Ok((client, _, _, state)) => return Ok((client, state)),
            Err(why) if Instant::now() > deadline => return Err(why),
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

/// What a bot saw last: the game, its ply, and the moves of this seat seen applied in it.
struct Seen {
    game: u32,
    ply: u32,
    mine: u32,
}

/// Plays one seat until `until`: moves when it is its turn, offers a rematch after each game;
/// resumes its seat when the connection is lost (a server killed).
#[allow(clippy::too_many_arguments)]
async fn bot(
    mut client: Client,
    ticket: Ticket,
    seat: usize,
    first: RoomState,
    until: Instant,
    think_ms: u64,
    seed: u64,
    tally: Arc<Tally>,
) -> Seen {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut state = first;
    let mut next_id = 1u64;
    let mut mine = 0;
    // The move this seat sent and waits to see applied: (game, ply, square, when sent).
    let mut pending: Option<(u32, u32, String, Instant)> = None;
    let mut rematch_sent = 0;
    loop {
        let game = match state.game() {
            Ok(game) => game,
            Err(e) => {
                tally.error(format!("unreadable state: {e}"));
                break;
            }
        };
        if let Some((at_game, ply, square, sent)) = pending.clone()
            && (state.game != at_game || state.ply > ply)
        {
            pending = None;
            if state.game == at_game {
                let placed = game.placements().nth(ply as usize).map(|c| c.to_string());
                if placed == Some(square) {
                    mine += 1;
                    tally.moves.fetch_add(1, Ordering::Relaxed);
                    let us = sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
                    tally.round_trips_us.lock().unwrap().push(us);
                } else {
                    tally.lost.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        let playing = Instant::now() < until;
        if !playing && pending.is_none() {
            break;
        }
        match state.status {
            Status::Playing
                if playing && pending.is_none() && state.running == state.players[seat].colour =>
            {
                let cells = game.position().legal_squares();
                if !cells.is_empty() {
                    let wait = rng.random_range(0..=2 * think_ms);
                    tokio::time::sleep(Duration::from_millis(wait)).await;
                    let cell = cells[rng.random_range(0..cells.len())];
                    let square = cell.to_string();
                    let message = ClientMessage::Move {
                        ply: state.ply,
                        id: next_id,
                        square: square.clone(),
                    };
                    next_id += 1;
                    let sent = Instant::now();
                    if client.send(&message).await.is_err() {
                        tally.error("send failed".into());
                        break;
                    }
                    pending = Some((state.game, state.ply, square, sent));
                }
            }
            Status::Over(_) if playing && rematch_sent < state.game => {
                tally.games.fetch_add(1, Ordering::Relaxed);
                rematch_sent = state.game;
                if client.send(&ClientMessage::Rematch).await.is_err() {
                    tally.error("send failed".into());
                    break;
                }
            }
            _ => {}
        }
        let wait = until.saturating_duration_since(Instant::now()) + Duration::from_secs(5);
        match client.recv(wait).await {
            Ok(ServerMessage::State(next)) => {
                let next = *next;
                if next.game != state.game {
                    mine = 0;
                }
                state = next;
            }
            Ok(ServerMessage::Error { code, .. }) => {
                tally.error(format!("{code:?}"));
                if code == ErrorCode::WrongPly || code == ErrorCode::NotYourTurn {
                    pending = None;
                }
            }
            Ok(ServerMessage::Welcome { .. } | ServerMessage::Lobby { .. }) => {}
            Err(e) if e.starts_with("no message in time") => {
                if pending.is_some() {
                    tally.lost.fetch_add(1, Ordering::Relaxed);
                }
                tally.error(e);
                break;
            }
            Err(e) => {
                let lost_at = Instant::now();
                match come_back(&ticket).await {
                    Ok((back, next)) => {
                        let ms = lost_at.elapsed().as_millis() as u64;
                        tally.reconnects.fetch_add(1, Ordering::Relaxed);
                        tally.longest_way_back_ms.fetch_max(ms, Ordering::Relaxed);
                        client = back;
                        // A move the server never acknowledged before it went is not lost: it
                        // was not applied, and is played afresh.
                        if let Some((game, ply, ..)) = &pending
                            && next.game == *game
                            && next.ply <= *ply
                        {
                            pending = None;
                        }
                        if next.game != state.game {
                            mine = 0;
                        }
                        state = next;
                    }
                    Err(_) => {
                        if pending.is_some() {
                            tally.lost.fetch_add(1, Ordering::Relaxed);
                        }
                        tally.error(e);
                        break;
                    }
                }
            }
        }
    }
    client.close().await;
    Seen {
        game: state.game,
        ply: state.ply,
        mine,
    }
}

/// Connects to `url` and takes a seat with `first` (create or join): the client, its room, its
/// token and the room's first state.
pub(super) async fn take_seat(
    url: &str,
    first: &ClientMessage,
) -> Result<(Client, String, String, RoomState), String> {
    let wait = Duration::from_secs(10);
    let mut client = Client::connect(url).await?;
    client.send(first).await?;
    let (room, token) = match client.recv(wait).await? {
        ServerMessage::Welcome { room, token, .. } => (room, token),
        other => return Err(format!("no welcome: {other:?}")),
    };
    let state = client.state(wait).await?;
    Ok((client, room, token, state))
}

/// Opens a room of standard Othello with `clock` and two seats in it; returns the seats' clients,
/// tokens and first states.
pub(super) async fn open_room(
    url: &str,
    clock: Option<crate::net::ClockSpec>,
) -> Result<[(Client, String, RoomState); 2], String> {
    let create = ClientMessage::Create {
        version: VERSION,
        name: "bot".into(),
        colour: ColourChoice::Random,
        variant: Variant::STANDARD.to_string(),
        clock,
        public: false,
    };
    let (mut creator, room, token, _) = take_seat(url, &create).await?;
    let join = ClientMessage::Join {
        version: VERSION,
        room,
        name: "bot".into(),
    };
    let (joiner, _, joined_token, joined) = take_seat(url, &join).await?;
    let seen = creator.state(Duration::from_secs(10)).await?;
    Ok([(creator, token, seen), (joiner, joined_token, joined)])
}

/// Opens the `n`th public room that waits for a second player: a few names, boards and clocks in
/// turn.
async fn open_waiting(url: &str, n: usize) -> Result<Client, String> {
    const NAMES: [&str; 6] = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay"];
    const TERMS: [(&str, Option<(u64, u64)>); 4] = [
        ("8x8 othello", Some((300_000, 3_000))),
        ("10x10 othello", None),
        ("8x8 anti", Some((180_000, 0))),
        ("6x6 othello", Some((600_000, 0))),
    ];
    let (variant, clock) = TERMS[n % TERMS.len()];
    let create = ClientMessage::Create {
        version: VERSION,
        name: NAMES[n % NAMES.len()].into(),
        colour: [ColourChoice::Black, ColourChoice::White][n % 2],
        variant: variant.into(),
        clock: clock.map(|(base_ms, increment_ms)| crate::net::ClockSpec {
            base_ms,
            increment_ms,
        }),
        public: true,
    };
    Ok(take_seat(url, &create).await?.0)
}

/// The server's `/api/stats` as text.
async fn server_stats(url: &str) -> Option<String> {
    let host = url.strip_prefix("ws://")?.split('/').next()?;
    http_get(host, "/api/stats").await
}

/// The body of `GET path` from `host` (`127.0.0.1:8080`): a plain HTTP/1.1 request beside the
/// WebSocket, answered within 5 s.
pub async fn http_get(host: &str, path: &str) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(host).await.ok()?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut response = String::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_string(&mut response))
        .await
        .ok()?
        .ok()?;
    response.split("\r\n\r\n").nth(1).map(str::to_string)
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = ((sorted.len() - 1) as f64 * p).round() as usize;
    f64::from(sorted[at]) / 1000.0
}

/// Runs the load test and returns its report.
pub async fn run(load: Load) -> Result<String, String> {
    crate::server::raise_open_files();
    let tally = Arc::new(Tally::default());
    let opened = Instant::now();
    // Open the rooms eight at a time (each holds a connection without a seat for a moment, and the
    // server allows an address 16 of those).
    let gate = Arc::new(tokio::sync::Semaphore::new(8));
    let mut openers = Vec::new();
    for _ in 0..load.rooms {
        let gate = gate.clone();
        let url = load.url.clone();
        openers.push(tokio::spawn(async move {
            let _permit = gate.acquire().await;
            open_room(&url, None).await
        }));
    }
    let mut rooms = Vec::new();
    for opener in openers {
        match opener.await.map_err(|e| e.to_string())? {
            Ok(room) => rooms.push(room),
            Err(e) => tally.error(format!("open: {e}")),
        }
    }
    let open_secs = opened.elapsed().as_secs_f64();
    if load.list_rooms {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        for [(_, _, state), _] in &rooms {
            let _ = writeln!(out, "room {}", state.room);
        }
        let _ = out.flush();
    }
    let mut waiting = Vec::new();
    for n in 0..load.waiting {
        match open_waiting(&load.url, n).await {
            Ok(client) => waiting.push(client),
            Err(e) => tally.error(format!("open: {e}")),
        }
    }
    let start = Instant::now();
    let until = start + Duration::from_secs(load.seconds);
    let mut bots = Vec::new();
    let mut seed = load.seed;
    for room in rooms {
        let mut seats = Vec::new();
        for (seat, (client, token, state)) in room.into_iter().enumerate() {
            let ticket = Ticket {
                url: load.url.clone(),
                room: state.room.clone(),
                token,
            };
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seats.push(tokio::spawn(bot(
                client,
                ticket,
                seat,
                state,
                until,
                load.think_ms,
                seed,
                tally.clone(),
            )));
        }
        bots.push(seats);
    }
    let stats_during = {
        tokio::time::sleep(Duration::from_secs(load.seconds / 2)).await;
        let stats = server_stats(&load.url).await;
        if let Some(pid) = load.kill {
            let killed = std::process::Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
            if !killed.is_ok_and(|s| s.success()) {
                tally.error(format!("could not kill process {pid}"));
            }
        }
        stats
    };
    let bot_count = 2 * bots.len();
    // Each room's discs against the moves its two bots saw applied: more is a move applied twice
    // (or from nowhere), fewer a move lost.
    for seats in bots {
        let mut seen = Vec::new();
        for seat in seats {
            seen.push(seat.await.map_err(|e| e.to_string())?);
        }
        if seen[0].game == seen[1].game {
            let ply = i64::from(seen[0].ply.max(seen[1].ply));
            let acked = i64::from(seen[0].mine + seen[1].mine);
            if ply > acked {
                tally
                    .doubled
                    .fetch_add((ply - acked) as u64, Ordering::Relaxed);
            } else {
                tally
                    .lost
                    .fetch_add((acked - ply) as u64, Ordering::Relaxed);
            }
        }
    }
    for client in waiting {
        client.close().await;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let mut trips = std::mem::take(&mut *tally.round_trips_us.lock().unwrap());
    trips.sort_unstable();
    let moves = tally.moves.load(Ordering::Relaxed);
    let mut codes: Vec<_> = tally
        .error_codes
        .lock()
        .unwrap()
        .clone()
        .into_iter()
        .collect();
    codes.sort();
    Ok(format!(
        "rooms {} ({} bots, opened in {open_secs:.1} s), {elapsed:.1} s of play, think {} ms on average\n\
         moves {moves} ({:.0} a second), games finished {}\n\
         round trip ms: p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}\n\
         errors {}{}\n\
         moves lost {}, applied twice {}\n\
         connections lost and resumed {}, the longest way back {} ms{}\n\
         server (mid-run): {}",
        bot_count / 2,
        bot_count,
        load.think_ms,
        moves as f64 / elapsed,
        tally.games.load(Ordering::Relaxed) / 2,
        percentile(&trips, 0.5),
        percentile(&trips, 0.9),
        percentile(&trips, 0.99),
        percentile(&trips, 1.0),
        tally.errors.load(Ordering::Relaxed),
        if codes.is_empty() {
            String::new()
        } else {
            format!(" {codes:?}")
        },
        tally.lost.load(Ordering::Relaxed),
        tally.doubled.load(Ordering::Relaxed),
        tally.reconnects.load(Ordering::Relaxed),
        tally.longest_way_back_ms.load(Ordering::Relaxed),
        load.kill
            .map(|pid| format!(" (process {pid} killed halfway)"))
            .unwrap_or_default(),
        stats_during
            .unwrap_or_else(|| "no /api/stats answer".into())
            .trim(),
    ))
}
