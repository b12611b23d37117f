//! Several `reversi serve` processes as one service, sharing one PostgreSQL store (docs/online.md,
//! "Several servers"). A room lives in the memory of the one server that holds its lock in the
//! store ([`crate::server::store::Store::claim`]); a connection that reaches another server (a
//! load balancer knows nothing of rooms) is forwarded there, message for message, over a
//! WebSocket of its own between the two servers; a server that stops leaves its rooms' locks
//! free, and the others take them up within a second ([`Server::adopt_orphans`]) or at once when
//! a player comes back for one.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use futures_util::stream::SplitStream;
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::{Mutex, mpsc, watch};
use tokio_tungstenite::tungstenite::Message as PeerMessage;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::hub::{
    Cluster, Conn, Live, Located, Origin, Outgoing, Server, Shared, random_code, send,
};
use super::onlookers::LOBBY_ROOMS;
use super::room::{Refusal, Room};
use super::store::{Claim, StoredRoom};
use crate::net::{ClientMessage, ErrorCode, OpenRoom, ServerMessage, VERSION, normalise_code};

/// The header a server shows its peers the cluster's secret in.
pub(super) const PEER_HEADER: &str = "x-reversi-peer";
/// The header naming the client's address on a forwarded connection.
pub(super) const CLIENT_HEADER: &str = "x-reversi-client";
/// The header of a peer's connection that asks for this server's own lobby.
pub(super) const LOBBY_HEADER: &str = "x-reversi-lobby-here";

/// How long a server may take to answer a peer.
const PEER_PATIENCE: Duration = Duration::from_secs(2);

/// How often a server looks for rooms no server holds.
pub(super) const ADOPT_EVERY: Duration = Duration::from_secs(1);

type PeerSocket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A WebSocket to the server at `peer`, speaking for a client at `address`.
async fn connect_peer(
    cluster: &Cluster,
    peer: &str,
    address: &str,
    lobby_here: bool,
) -> Result<PeerSocket, String> {
    let mut request = format!("ws://{peer}/ws/peer")
        .into_client_request()
        .map_err(|e| e.to_string())?;
    let headers = request.headers_mut();
    let value = |text: &str| HeaderValue::from_str(text).map_err(|e| e.to_string());
    headers.insert(PEER_HEADER, value(&cluster.secret)?);
    headers.insert(CLIENT_HEADER, value(address)?);
    if lobby_here {
        headers.insert(LOBBY_HEADER, value("1")?);
    }
    let (socket, _) =
        tokio::time::timeout(PEER_PATIENCE, tokio_tungstenite::connect_async(request))
            .await
            .map_err(|_| format!("{peer} did not answer in time"))?
            .map_err(|e| format!("{peer}: {e}"))?;
    Ok(socket)
}

impl Server {
    /// The room named `text`: in this server's memory, or taken up from the store if no server
    /// holds it, or held by another server. A connection forwarded by a peer is not sent on.
    pub(super) async fn locate(&self, text: &str, conn: &Conn) -> Result<Located, Refusal> {
        let unknown = || {
            (
                ErrorCode::UnknownRoom,
                format!("no open room has the code {text:?}"),
            )
        };
        let code = normalise_code(text).ok_or_else(unknown)?;
        if let Some(shared) = self.live(&code) {
            return Ok(Located::Here(shared));
        }
        let Some(cluster) = &self.cluster else {
            return Err(unknown());
        };
        let storage = |e| (ErrorCode::Storage, e);
        // The holder writes where it is just after taking the lock: a moment to wait for.
        for _ in 0..40 {
            match self
                .writer
                .claim(code.clone(), false)
                .await
                .map_err(storage)?
            {
                Claim::Ours(Some(stored)) => return self.take_up(*stored).map(Located::Here),
                Claim::Ours(None) => return Err(unknown()),
                Claim::Elsewhere(_) if conn.origin != Origin::Client => break,
                Claim::Elsewhere(Some(peer)) if peer != cluster.address => {
                    return Ok(Located::Elsewhere(peer));
                }
                Claim::Elsewhere(_) => tokio::time::sleep(Duration::from_millis(25)).await,
            }
        }
        Err((
            ErrorCode::Storage,
            "the room is moving between servers; connect again".into(),
        ))
    }

    /// A code no room has (on a store several servers share: that no server holds, and held by
    /// this one from now on).
    pub(super) async fn fresh_code(&self) -> Result<String, Refusal> {
        loop {
            let code = random_code();
            if self.rooms.lock().unwrap().contains_key(&code) {
                continue;
            }
            if self.cluster.is_none() {
                return Ok(code);
            }
            let claim = self.writer.claim(code.clone(), true).await;
            match claim.map_err(|e| (ErrorCode::Storage, e))? {
                Claim::Ours(None) => return Ok(code),
                Claim::Ours(Some(_)) => {
                    let _ = self.writer.release(code).await;
                }
                Claim::Elsewhere(_) => {}
            }
        }
    }

    /// Puts a room read from the store into memory (or the one already there).
    fn take_up(&self, stored: StoredRoom) -> Result<Shared, Refusal> {
        let room = Room::restore(stored.record, stored.moves, self.now())
            .map_err(|e| (ErrorCode::Storage, e))?;
        let mut rooms = self.rooms.lock().unwrap();
        let live = rooms
            .entry(room.code.clone())
            .or_insert_with(|| Arc::new(Mutex::new(Live::new(room))));
        Ok(live.clone())
    }

    /// Lets go of a room another server took over: out of memory, its connections closed (their
    /// clients come back through the balancer, to the room's new server).
    pub(super) fn evict(&self, live: &mut Live) {
        self.rooms.lock().unwrap().remove(&live.room.code);
        let conns = live.conns.iter_mut().filter_map(Option::take);
        for conn in conns.chain(live.watchers.drain(..)) {
            let _ = conn.tx.try_send(Outgoing::Close);
        }
    }

    /// Takes up the unfinished rooms that no server holds (theirs stopped); how many.
    pub(super) async fn adopt_orphans(&self) -> usize {
        let Ok(rooms) = self.writer.call(|store| store.adopt(1000)).await else {
            return 0;
        };
        let count = rooms.len();
        for stored in rooms {
            let _ = self.take_up(stored);
        }
        count
    }

    /// The lobby of every server: this one's public rooms, then its peers'.
    pub(super) async fn cluster_lobby(&self, cluster: &Cluster) -> ServerMessage {
        let mut rooms = match self.lobby().await {
            ServerMessage::Lobby { rooms } => rooms,
            _ => Vec::new(),
        };
        let peers = self
            .writer
            .call(|store| store.peers())
            .await
            .unwrap_or_default();
        let asks = peers.iter().map(|peer| peer_lobby(cluster, peer));
        for found in futures_util::future::join_all(asks).await {
            rooms.extend(found);
        }
        rooms.truncate(LOBBY_ROOMS);
        ServerMessage::Lobby { rooms }
    }
}

/// The public rooms of the server at `peer` (none if it does not answer in time).
async fn peer_lobby(cluster: &Cluster, peer: &str) -> Vec<OpenRoom> {
    let ask = async {
        let mut socket = connect_peer(cluster, peer, &cluster.address, true).await?;
        let question = ClientMessage::Lobby { version: VERSION }.to_json();
        socket
            .send(PeerMessage::Text(question.into()))
            .await
            .map_err(|e| e.to_string())?;
        while let Some(frame) = socket.next().await {
            if let PeerMessage::Text(text) = frame.map_err(|e| e.to_string())?
                && let Ok(ServerMessage::Lobby { rooms }) = ServerMessage::parse(text.as_str())
            {
                let _ = socket.close(None).await;
                return Ok(rooms);
            }
        }
        Err::<_, String>("no lobby".into())
    };
    tokio::time::timeout(PEER_PATIENCE, ask)
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default()
}

/// What a forwarded connection waits for.
enum Event {
    Client(Option<Result<Message, axum::Error>>),
    Holder(Option<Result<PeerMessage, tokio_tungstenite::tungstenite::Error>>),
    Stop,
}

/// Carries a client's connection to the server at `peer` that holds its room: `first` (the
/// message that named the room) and every frame after it there, every answer back, until either
/// side closes. The client's address goes along, so the holder's limits apply to the client.
#[allow(clippy::too_many_arguments)]
pub(super) async fn forward(
    cluster: &Cluster,
    peer: &str,
    address: &str,
    first: &str,
    stream: &mut SplitStream<WebSocket>,
    tx: &mpsc::Sender<Outgoing>,
    stopping: &mut watch::Receiver<bool>,
) {
    let upstream = match connect_peer(cluster, peer, address, false).await {
        Ok(socket) => socket,
        Err(e) => {
            let why = format!("the room's server cannot be reached ({e}); connect again");
            send(tx, &ServerMessage::error(ErrorCode::Storage, why));
            let _ = tx.try_send(Outgoing::Close);
            return;
        }
    };
    let (mut up, mut down) = upstream.split();
    let mut open = up
        .send(PeerMessage::Text(first.to_string().into()))
        .await
        .is_ok();
    while open {
        let event = tokio::select! {
            frame = stream.next() => Event::Client(frame),
            frame = down.next() => Event::Holder(frame),
            _ = stopping.wait_for(|&stop| stop) => Event::Stop,
        };
        open = match event {
            Event::Client(Some(Ok(Message::Text(text)))) => up
                .send(PeerMessage::Text(text.as_str().to_string().into()))
                .await
                .is_ok(),
            Event::Client(Some(Ok(Message::Binary(bytes)))) => {
                up.send(PeerMessage::Binary(bytes)).await.is_ok()
            }
            Event::Client(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => true,
            Event::Holder(Some(Ok(PeerMessage::Text(text)))) => {
                tx.send(Outgoing::Text(text.to_string())).await.is_ok()
            }
            Event::Holder(Some(Ok(PeerMessage::Close(_)) | Err(_)) | None) => false,
            Event::Holder(Some(Ok(_))) => true,
            Event::Client(_) | Event::Stop => false,
        };
    }
    let _ = up.close().await;
    let _ = tx.try_send(Outgoing::Close);
}

#[cfg(all(test, feature = "postgres"))]
mod tests;
