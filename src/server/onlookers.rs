//! Those who are not playing: onlookers watching a room, read-only (the players see how many), and
//! the lobby of public rooms waiting for a second player.

use super::hub::{Conn, Located, Place, Server, Shared, send};
use super::room::Room;
use crate::net::{ErrorCode, OpenRoom, ServerMessage, Status, normalise_code};

/// The most rooms the lobby lists.
pub(super) const LOBBY_ROOMS: usize = 50;

impl Server {
    /// Makes `conn` an onlooker of the room `text`: the room in memory from now on (among several
    /// servers, on the one holding it), or a finished room's last state from the store.
    pub(super) async fn watch(
        &self,
        text: &str,
        seated: &mut Option<Place>,
        conn: &Conn,
    ) -> Result<(), (ErrorCode, String)> {
        let unknown = || {
            (
                ErrorCode::UnknownRoom,
                format!("no room has the code {text:?}"),
            )
        };
        let code = normalise_code(text).ok_or_else(unknown)?;
        // Among several servers: the room taken up here, or watched through the server holding
        // it; a room no server holds any more is read from the store below.
        let live = if self.cluster.is_some() {
            match self.locate(text, conn).await {
                Ok(Located::Here(shared)) => Some(shared),
                Ok(Located::Elsewhere(peer)) => {
                    *seated = Some(Place::Forward(peer));
                    return Ok(());
                }
                Err((ErrorCode::UnknownRoom, _)) => None,
                Err(refusal) => return Err(refusal),
            }
        } else {
            self.live(&code)
        };
        if let Some(shared) = live {
            let mut live = shared.lock().await;
            if live.watchers.len() >= self.config.watchers_per_room {
                return Err((
                    ErrorCode::RoomFull,
                    format!(
                        "{} are watching this room already",
                        self.config.watchers_per_room
                    ),
                ));
            }
            live.watchers.push(conn.clone());
            // The onlooker gets the room, the players the new count.
            self.broadcast(&live);
            drop(live);
            *seated = Some(Place::Watch(Some(shared)));
            return Ok(());
        }
        let stored = self
            .writer
            .read(code)
            .await
            .map_err(|e| (ErrorCode::Storage, e))?
            .ok_or_else(unknown)?;
        let now = self.now();
        let room = Room::restore(stored.record, stored.moves, now).map_err(|_| unknown())?;
        send(
            &conn.tx,
            &ServerMessage::State(Box::new(room.state(None, now, 0))),
        );
        *seated = Some(Place::Watch(None));
        Ok(())
    }

    /// `conn_id` watches the room no more; the players see the count fall.
    pub(super) async fn stop_watching(&self, shared: &Shared, conn_id: u64) {
        let mut live = shared.lock().await;
        let before = live.watchers.len();
        live.watchers.retain(|c| c.id != conn_id);
        if live.watchers.len() != before {
            self.broadcast(&live);
        }
    }

    /// The public rooms waiting for a second player, newest first.
    pub(super) async fn lobby(&self) -> ServerMessage {
        let mut open = Vec::new();
        for (_, shared) in self.all_rooms() {
            let live = shared.lock().await;
            let room = &live.room;
            if !room.public || room.status() != Status::Waiting {
                continue;
            }
            // A room whose creator has gone away waits for nobody.
            let Some(creator) = room.seats[0].as_ref().filter(|c| c.connected) else {
                continue;
            };
            open.push((
                room.last_activity,
                OpenRoom {
                    room: room.code.clone(),
                    variant: room.variant.to_string(),
                    clock: room.clock,
                    name: creator.name.clone(),
                    colour: room.colour(0),
                },
            ));
        }
        open.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.room.cmp(&b.1.room)));
        ServerMessage::Lobby {
            rooms: open
                .into_iter()
                .take(LOBBY_ROOMS)
                .map(|(_, room)| room)
                .collect(),
        }
    }
}
