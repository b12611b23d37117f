//! The transport: WebSocket connections (frame limits, a rate limit per connection, the writer
//! task) and the HTTP endpoints beside them (a room's state, the server's statistics).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{ConnectInfo, Path as UrlPath, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;

use super::cluster::{CLIENT_HEADER, LOBBY_HEADER, PEER_HEADER, forward};
use super::hub::*;
use super::room::Room;
use crate::net::{ClientMessage, ErrorCode, RoomState, ServerMessage, normalise_code};

/// A connection's allowance of messages: a bucket refilled at a steady rate.
pub(super) struct Bucket {
    pub(super) tokens: f64,
    pub(super) at: Instant,
}

impl Bucket {
    pub(super) fn take(&mut self, config: &Config) -> bool {
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
pub(super) const FLOOD_CLOSE: u32 = 100;

/// The close reason of a connection refused by [`Config::unseated_per_address`].
pub(super) const TOO_MANY_CONNECTIONS: &str =
    "too many connections without a seat from this address";

/// The largest frame read at all; between this and [`MAX_MESSAGE_BYTES`] a message is answered
/// with an error, beyond it the connection is closed.
pub(super) const MAX_FRAME_BYTES: usize = 64 * 1024;

/// A connection's read buffer (it grows for a longer frame).
pub(super) const READ_BUFFER_BYTES: usize = 8 * 1024;

/// The client's address: the connection's, or for a connection from a trusted load balancer the
/// last address its `X-Forwarded-For` names.
pub(super) fn client_address(config: &Config, peer: SocketAddr, headers: &HeaderMap) -> String {
    if config.trusted_proxies.contains(&peer.ip())
        && let Some(forwarded) = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .filter_map(|item| item.trim().parse::<std::net::IpAddr>().ok())
            .next_back()
    {
        return forwarded.to_string();
    }
    peer.ip().to_string()
}

/// Small buffers: messages are small, and a thousand rooms hold two thousand connections
/// (tungstenite's default 128 KiB read buffer each would be most of the server's memory).
fn small(upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
    upgrade
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(0)
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
}

pub(super) async fn websocket(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let address = client_address(&server.config, peer, &headers);
    small(upgrade).on_upgrade(move |socket| connection(server, socket, address, Origin::Client))
}

/// `/ws/peer`: a client's connection forwarded by another server of the cluster, which shows the
/// cluster's secret and names the client's address.
pub(super) async fn peer_websocket(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let shown = headers.get(PEER_HEADER).and_then(|v| v.to_str().ok());
    if server
        .cluster
        .as_ref()
        .is_none_or(|c| shown != Some(c.secret.as_str()))
    {
        return (StatusCode::FORBIDDEN, "for the cluster's servers only\n").into_response();
    }
    let address = headers
        .get(CLIENT_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("peer")
        .to_string();
    let origin = if headers.contains_key(LOBBY_HEADER) {
        Origin::PeerAskingItsLobby
    } else {
        Origin::Peer
    };
    small(upgrade).on_upgrade(move |socket| connection(server, socket, address, origin))
}

/// `GET /api/health`: "ok" while the server serves (a load balancer's check).
pub(super) async fn health() -> &'static str {
    "ok\n"
}

pub(super) async fn connection(
    server: Arc<Server>,
    socket: WebSocket,
    address: String,
    origin: Origin,
) {
    let (mut sink, mut stream) = socket.split();
    if !server.admit_unseated(&address) {
        // Refused before anything else: the error, then a close frame saying why.
        let refusal = ServerMessage::error(ErrorCode::TooManyConnections, TOO_MANY_CONNECTIONS);
        let _ = sink.send(Message::Text(refusal.to_json().into())).await;
        let close = CloseFrame {
            code: close_code::POLICY,
            reason: TOO_MANY_CONNECTIONS.into(),
        };
        let _ = sink.send(Message::Close(Some(close))).await;
        return;
    }
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
        origin,
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
        let was_seated = seated.is_some();
        let result = match ClientMessage::parse(text.as_str()) {
            Ok(message) => server.handle(message, &mut seated, &conn, &address).await,
            Err(refusal) => Err(refusal),
        };
        if !was_seated && seated.is_some() {
            server.release_unseated(&address);
        }
        if let Err((code, detail)) = result {
            send(&conn.tx, &ServerMessage::Error { code, detail });
            // A room between servers (its holder just went): the client's reconnection, which
            // resumes with its token, finds it at its new server.
            if code == ErrorCode::Storage && seated.is_none() && server.cluster.is_some() {
                let _ = conn.tx.try_send(Outgoing::Close);
                break;
            }
        }
        if let (Some(Place::Forward(peer)), Some(cluster)) = (&seated, &server.cluster) {
            let (peer, cluster) = (peer.clone(), cluster.clone());
            forward(
                &cluster,
                &peer,
                &address,
                text.as_str(),
                &mut stream,
                &conn.tx,
                &mut stopping,
            )
            .await;
            break;
        }
    }
    if seated.is_none() {
        server.release_unseated(&address);
    }
    server.leave(seated, conn.id).await;
    drop(conn);
    let _ = writer.await;
}

/// `GET /api/rooms/CODE`: the room as an onlooker sees it (moves, players, clocks, result), from
/// memory or, for a finished room, from the store.
pub(super) async fn room_json(
    State(server): State<Arc<Server>>,
    UrlPath(text): UrlPath<String>,
) -> Response {
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
pub(super) async fn stats(State(server): State<Arc<Server>>) -> Response {
    let rooms = server.all_rooms();
    let mut connected = 0;
    for (_, shared) in &rooms {
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
