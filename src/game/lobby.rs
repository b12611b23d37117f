//! The server's lobby: the public rooms waiting for a second player, asked for on a connection of
//! its own (the "Play a friend" dialog lists them to join with one click).

use bevy::prelude::*;

use crate::net::client::{Connection, Event};
use crate::net::{ClientMessage, OpenRoom, ServerMessage, VERSION};

/// Ask the server at `0` (`ws://host:port/ws`) for its open rooms.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct LobbyRequested(pub String);

/// Where the list stands.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Listing {
    #[default]
    NotAsked,
    Loading,
    Rooms(Vec<OpenRoom>),
    /// The server could not be reached or did not answer.
    Failed,
}

/// The open rooms of the server last asked.
#[derive(Resource, Default)]
pub struct Lobby {
    /// The server asked.
    pub server: String,
    pub listing: Listing,
    connection: Option<Connection>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Lobby>()
        .add_message::<LobbyRequested>()
        .add_systems(Update, (ask, listen).chain());
}

fn ask(mut requests: MessageReader<LobbyRequested>, mut lobby: ResMut<Lobby>) {
    let Some(LobbyRequested(server)) = requests.read().last().cloned() else {
        return;
    };
    lobby.listing = Listing::Loading;
    lobby.connection = match Connection::open(&server) {
        Ok(connection) => Some(connection),
        Err(why) => {
            warn!("lobby: cannot connect to {server}: {why}");
            lobby.listing = Listing::Failed;
            None
        }
    };
    lobby.server = server;
}

fn listen(mut lobby: ResMut<Lobby>) {
    let Some(connection) = &mut lobby.connection else {
        return;
    };
    let mut listing = None;
    for event in connection.poll() {
        match event {
            Event::Opened => connection.send(&ClientMessage::Lobby { version: VERSION }),
            Event::Message(ServerMessage::Lobby { rooms }) => listing = Some(Listing::Rooms(rooms)),
            Event::Message(ServerMessage::Error { code, detail }) => {
                warn!("lobby: the server refused: {code:?}: {detail}");
                listing = Some(Listing::Failed);
            }
            Event::Closed(_) => listing = Some(Listing::Failed),
            Event::Message(_) | Event::Unreadable(_) => {}
        }
        if listing.is_some() {
            break;
        }
    }
    if let Some(listing) = listing {
        // The list is all this connection was for: dropping it closes it.
        lobby.connection = None;
        lobby.listing = listing;
    }
}
