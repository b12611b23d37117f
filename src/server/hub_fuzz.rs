//! The hub driven in process, without sockets, by property tests: arbitrary text frames, arbitrary
//! JSON close to the protocol's, and random interleavings of valid messages (create, join, resume
//! with good and bad tokens, moves with stale and future plies, resign, take-back and its answer,
//! rematch, dropped connections) from two to four connections on one room. After every step the
//! rooms' invariants must hold: each game replays legally from its start, the store holds exactly
//! what memory holds, a seat once taken keeps its player and token, every connection's token is
//! its seat's, a refusal changes nothing, and every message sent reads back. The same runs on two
//! servers sharing a PostgreSQL store (where `REVERSI_POSTGRES` names one): connections reach
//! either, and one whose room the other holds is carried there as the real forwarding does.

use std::collections::HashMap;
use std::sync::Arc;

use proptest::prelude::*;
use tokio::sync::mpsc;

mod strategies;

use super::hub::{Config, Conn, Origin, Outgoing, Place, QUEUE, Server, Shared};
use super::room::{self, Room};
use super::store::{Sqlite, Writer};
use crate::net::{ClientMessage, ColourChoice, Seat, ServerMessage, Status, VERSION};
use strategies::{Act, Step, step};

/// One connection of the test: what the hub holds for it and what it was told.
struct Client {
    /// The server it speaks to: the one it reached, or the room's, once carried there.
    home: usize,
    conn: Conn,
    inbox: mpsc::Receiver<Outgoing>,
    seated: Option<Place>,
    /// From its last welcome: the room, the seat and the token.
    welcome: Option<(String, Seat, String)>,
}

struct World {
    servers: Vec<Arc<Server>>,
    /// Servers listening on a port of their own (the cluster's), kept until the end.
    _running: Vec<super::Running>,
    clients: Vec<Client>,
    /// The code of the last room created.
    code: Option<String>,
}

/// Each room's code, record (as JSON) and moves.
type Snapshot = Vec<(String, String, Vec<(crate::rules::Square, u64)>)>;

const ADDRESS: &str = "192.0.2.1";

impl World {
    /// One server with rooms in memory, or with `shared`, two servers sharing that database.
    async fn new(connections: usize, shared: Option<super::store::Database>) -> World {
        let (servers, running) = match shared {
            None => {
                let writer = Writer::start(Sqlite::open(None).unwrap());
                (
                    vec![Arc::new(Server::new(Config::default(), writer, None))],
                    vec![],
                )
            }
            Some(db) => {
                let mut running = Vec::new();
                for _ in 0..2 {
                    let addr = "127.0.0.1:0".parse().unwrap();
                    let (web, advertise, config) = (None, None, Config::default());
                    let options = super::Options {
                        addr,
                        db: db.clone(),
                        web,
                        advertise,
                        config,
                    };
                    running.push(super::start(options).await.unwrap());
                }
                (running.iter().map(|r| r.server.clone()).collect(), running)
            }
        };
        let mut world = World {
            servers,
            _running: running,
            clients: Vec::new(),
            code: None,
        };
        for n in 0..connections {
            let client = world.connect(n % world.servers.len());
            world.clients.push(client);
        }
        world
    }

    fn connect(&self, home: usize) -> Client {
        let (tx, inbox) = mpsc::channel(QUEUE);
        Client {
            home,
            conn: self.conn(home, tx, Origin::Client),
            inbox,
            seated: None,
            welcome: None,
        }
    }

    fn conn(&self, home: usize, tx: mpsc::Sender<Outgoing>, origin: Origin) -> Conn {
        let next = &self.servers[home].next_conn;
        let id = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Conn { id, tx, origin }
    }

    /// Every server's rooms, by code.
    fn rooms(&self) -> Vec<(String, Shared)> {
        let mut rooms: Vec<_> = self.servers.iter().flat_map(|s| s.all_rooms()).collect();
        rooms.sort_by(|a, b| a.0.cmp(&b.0));
        rooms
    }

    /// The room `code` in any server's memory.
    fn live(&self, code: &str) -> Option<Shared> {
        self.servers.iter().find_map(|s| s.live(code))
    }

    /// Every room as written down, with its moves (the time-dependent clocks left out).
    async fn snapshot(&self) -> Snapshot {
        let mut rooms = Vec::new();
        for (code, live) in self.rooms() {
            let live = live.lock().await;
            rooms.push((code, written(&live.room), live.room.placed.clone()));
        }
        rooms
    }

    /// The client seated on the side to move of its room, if one is.
    async fn client_to_move(&self) -> Option<usize> {
        for (n, client) in self.clients.iter().enumerate() {
            if let Some(Place::Seat(live, seat)) = &client.seated {
                let live = live.lock().await;
                if live.room.running() == Some(live.room.colour(*seat)) {
                    return Some(n);
                }
            }
        }
        None
    }

    /// The message `act` stands for from client `c`, or `None` for a connection's end.
    async fn message(&self, c: usize, act: &Act) -> Option<ClientMessage> {
        let code = self.code.clone().unwrap_or_else(|| "0000000000".into());
        // The game as the seated client sees it (or the last room's).
        let live = match &self.clients[c].seated {
            Some(Place::Seat(live, _) | Place::Watch(Some(live))) => Some(live.clone()),
            _ => self.live(&code),
        };
        let (ply, legal) = match live {
            Some(live) => {
                let live = live.lock().await;
                let squares: Vec<String> = live
                    .room
                    .game
                    .position()
                    .legal_squares()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                (live.room.placed.len() as i64, squares)
            }
            None => (0, Vec::new()),
        };
        let ply_at = |off: i8| (ply + i64::from(off)).max(0) as u32;
        Some(match act {
            Act::Create {
                colour,
                variant,
                public,
            } => ClientMessage::Create {
                version: VERSION,
                name: "Ana".into(),
                colour: [
                    ColourChoice::Black,
                    ColourChoice::White,
                    ColourChoice::Random,
                ][*colour as usize],
                variant: ["8x8 othello", "6x6 anti", "10x10 classic"][*variant as usize].into(),
                clock: None,
                public: *public,
            },
            Act::Join { typed } => ClientMessage::Join {
                version: VERSION,
                room: as_typed(code, *typed),
                name: "Bo".into(),
            },
            Act::Watch { typed } => ClientMessage::Watch {
                version: VERSION,
                room: as_typed(code, *typed),
            },
            Act::Lobby => ClientMessage::Lobby { version: VERSION },
            Act::Resume { whose } => ClientMessage::Resume {
                version: VERSION,
                room: code,
                token: self
                    .clients
                    .get(*whose)
                    .and_then(|other| other.welcome.as_ref())
                    .map_or_else(|| "f".repeat(32), |w| w.2.clone()),
            },
            Act::Move { ply_off, pick, id } => ClientMessage::Move {
                ply: ply_at(*ply_off),
                id: *id,
                square: if *pick < 100 && !legal.is_empty() {
                    legal[pick % legal.len()].clone()
                } else {
                    ["a1", "e5", "j10", "z9", "pass", ""][pick % 6].into()
                },
            },
            Act::Resign => ClientMessage::Resign,
            Act::TakeBack { ply_off } => ClientMessage::TakeBack {
                ply: ply_at(*ply_off),
            },
            Act::Answer(accept) => ClientMessage::TakeBackReply { accept: *accept },
            Act::Rematch => ClientMessage::Rematch,
            Act::Leave => return None,
        })
    }

    /// Runs one step and checks every invariant after it.
    async fn step(&mut self, step: &Step) -> Result<(), TestCaseError> {
        let (c, message) = match step {
            Step::Act(c, act) => {
                let mut c = c % self.clients.len();
                // Most moves come from the seat whose turn it is, the others from anyone.
                if let Act::Move { pick, .. } = act
                    && *pick < 80
                    && let Some(turn) = self.client_to_move().await
                {
                    c = turn;
                }
                (c, self.message(c, act).await.map(Ok))
            }
            Step::Text(c, text) => {
                let c = c % self.clients.len();
                (c, Some(ClientMessage::parse(text)))
            }
        };
        let before = self.snapshot().await;
        let seated_before = place(&self.clients[c].seated);
        let result = match message {
            None => {
                // The connection ends; a new one takes its place in the test.
                let fresh = self.connect(c % self.servers.len());
                let old = std::mem::replace(&mut self.clients[c], fresh);
                let server = &self.servers[old.home];
                server.leave(old.seated, old.conn.id).await;
                Ok(())
            }
            Some(Err(refusal)) => Err(refusal),
            Some(Ok(message)) => {
                let client = &mut self.clients[c];
                let server = &self.servers[client.home];
                let result = server
                    .handle(message.clone(), &mut client.seated, &client.conn, ADDRESS)
                    .await;
                if let Some(Place::Forward(_)) = &client.seated {
                    // Carried to the room's server (the other), as `cluster::forward` does.
                    let owner = 1 - self.clients[c].home;
                    let tx = self.clients[c].conn.tx.clone();
                    let conn = self.conn(owner, tx, Origin::Peer);
                    let client = &mut self.clients[c];
                    (client.home, client.conn, client.seated) = (owner, conn, None);
                    let server = &self.servers[owner];
                    server
                        .handle(message, &mut client.seated, &client.conn, ADDRESS)
                        .await
                } else {
                    result
                }
            }
        };
        self.read_messages().await?;
        let after = self.snapshot().await;
        if let Err((code, detail)) = &result {
            prop_assert_eq!(
                &before,
                &after,
                "the refusal {:?} ({}) changed a room",
                code,
                detail
            );
            prop_assert_eq!(seated_before, place(&self.clients[c].seated));
        }
        prop_assert!(after.len() <= before.len() + 1);
        self.check_rooms(&before).await
    }

    /// Reads every message sent to every client; each must read back as the protocol's, and a
    /// lobby must list exactly the public rooms waiting with their creator there.
    async fn read_messages(&mut self) -> Result<(), TestCaseError> {
        let mut lobbies = Vec::new();
        for client in &mut self.clients {
            while let Ok(out) = client.inbox.try_recv() {
                let Outgoing::Text(text) = out else { continue };
                let message = ServerMessage::parse(&text);
                prop_assert!(message.is_ok(), "unreadable: {}", text);
                match message {
                    Ok(ServerMessage::Welcome { room, seat, token }) => {
                        self.code = Some(room.clone());
                        client.welcome = Some((room, seat, token));
                    }
                    Ok(ServerMessage::Lobby { rooms }) => lobbies.push(rooms),
                    _ => {}
                }
            }
        }
        for listed in lobbies {
            let mut open = Vec::new();
            for (code, live) in self.rooms() {
                let live = live.lock().await;
                let creator_here = live.room.seats[0].as_ref().is_some_and(|c| c.connected);
                if live.room.public && live.room.status() == Status::Waiting && creator_here {
                    open.push(code);
                }
            }
            let mut codes: Vec<String> = listed.into_iter().map(|r| r.room).collect();
            codes.sort();
            prop_assert_eq!(codes, open, "lobby");
        }
        Ok(())
    }

    async fn check_rooms(&self, before: &Snapshot) -> Result<(), TestCaseError> {
        let before: HashMap<&str, &String> =
            before.iter().map(|(c, w, _)| (c.as_str(), w)).collect();
        for (code, live) in self.rooms() {
            let live = live.lock().await;
            let room = &live.room;
            // The game replays legally from its start.
            let replayed = room::replay(room.variant, &room.placed);
            prop_assert!(replayed.is_ok(), "{:?}", replayed.err());
            prop_assert_eq!(
                replayed.unwrap().position(),
                room.game.position(),
                "room {}",
                &code
            );
            if room.game.outcome().is_some() {
                prop_assert!(room.is_over());
            }
            // The store holds what memory holds.
            let stored = self.servers[0].writer.read(code.clone()).await.unwrap();
            prop_assert!(stored.is_some(), "room {} is not written", &code);
            let stored = stored.unwrap();
            prop_assert_eq!(&stored.moves, &room.placed);
            let restored = Room::restore(stored.record, stored.moves, 0).unwrap();
            prop_assert_eq!(written(&restored), written(room));
            // A seat once taken keeps its player and token.
            if let Some(old) = before.get(code.as_str()) {
                let old: super::room::RoomRecord = serde_json::from_str(old).unwrap();
                for (was, is) in old.seats.iter().zip(&room.seats) {
                    if let Some(was) = was {
                        prop_assert_eq!(
                            Some((&was.name, &was.token)),
                            is.as_ref().map(|h| (&h.name, &h.token))
                        );
                    }
                }
            }
        }
        // Every seated connection holds its seat's token; an onlooker holds no seat.
        for client in &self.clients {
            match &client.seated {
                Some(Place::Seat(live, seat)) => {
                    let live = live.lock().await;
                    let token = live.room.seats[*seat].as_ref().map(|h| h.token.clone());
                    prop_assert_eq!(token, client.welcome.as_ref().map(|w| w.2.clone()));
                }
                Some(Place::Watch(Some(live))) => {
                    let live = live.lock().await;
                    prop_assert!(live.conns.iter().flatten().all(|c| c.id != client.conn.id));
                    prop_assert!(live.watchers.iter().any(|c| c.id == client.conn.id));
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// A room code as sent, or as typed by hand (lower case, with a dash).
fn as_typed(code: String, typed: bool) -> String {
    if typed {
        format!("{}-{}", &code[..5], &code[5..]).to_lowercase()
    } else {
        code
    }
}

/// Which seat a connection holds, or whether it watches.
fn place(seated: &Option<Place>) -> Option<Option<Seat>> {
    seated.as_ref().map(|p| match p {
        Place::Seat(_, seat) => Some(*seat),
        Place::Watch(_) | Place::Forward(_) => None,
    })
}

/// A room's record as JSON with its clocks left out (they depend on the moment it is read).
fn written(room: &Room) -> String {
    let mut record = room.record(0);
    record.clocks_ms = [0, 0];
    serde_json::to_string(&record).unwrap()
}

/// Whether the last room's game is over after the steps (on one server, or on two sharing
/// `shared`).
fn run(
    connections: usize,
    steps: &[Step],
    shared: Option<super::store::Database>,
) -> Result<bool, TestCaseError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut world = World::new(connections, shared).await;
        // Most cases play on one room: the first connection opens it and the second joins.
        for (c, act) in [
            (
                0,
                Act::Create {
                    colour: 0,
                    variant: 0,
                    public: true,
                },
            ),
            (1, Act::Join { typed: false }),
        ] {
            world.step(&Step::Act(c, act)).await?;
        }
        for step in steps {
            world.step(step).await?;
        }
        let last = world.code.as_ref().and_then(|code| world.live(code));
        Ok(match last {
            Some(live) => live.lock().await.room.is_over(),
            None => false,
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_hub_keeps_its_rooms_whole_under_any_messages(
        connections in 2usize..=4,
        steps in prop::collection::vec(step(), 0..100),
    ) {
        run(connections, &steps, None)?;
    }
}

/// The database of `REVERSI_POSTGRES`, emptied, held alone while `test` runs on it.
#[cfg(feature = "postgres")]
fn on_postgres(
    test: impl FnOnce(super::store::Database) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let Some((url, _alone)) = super::store::postgres::test_database() else {
        return Ok(());
    };
    test(super::store::Database::Postgres(url))
}

#[cfg(feature = "postgres")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_hub_keeps_its_rooms_whole_across_two_servers(
        connections in 2usize..=4,
        steps in prop::collection::vec(step(), 0..60),
    ) {
        on_postgres(|database| run(connections, &steps, Some(database)).map(|_| ()))?;
    }
}

#[test]
fn a_long_game_of_valid_messages_keeps_its_invariants() {
    // Moves only, always a legal one at the right ply, from whichever seat: the game reaches its
    // end (a run the random steps rarely make).
    let steps: Vec<Step> = (0..400)
        .map(|n| {
            Step::Act(
                n % 2,
                Act::Move {
                    ply_off: 0,
                    pick: n * 7 % 100,
                    id: n as u64,
                },
            )
        })
        .collect();
    assert!(run(2, &steps, None).unwrap(), "the game reached its end");
}
