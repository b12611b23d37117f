//! The hub driven in process, without sockets, by property tests: arbitrary text frames, arbitrary
//! JSON close to the protocol's, and random interleavings of valid messages (create, join, resume
//! with good and bad tokens, moves with stale and future plies, resign, take-back and its answer,
//! rematch, dropped connections) from two to four connections on one room. After every step the
//! rooms' invariants must hold: each game replays legally from its start, the store holds exactly
//! what memory holds, a seat once taken keeps its player and token, every connection's token is
//! its seat's, a refusal changes nothing, and every message sent reads back.

use std::collections::HashMap;
use std::sync::Arc;

use proptest::prelude::*;
use serde_json::Value;
use tokio::sync::mpsc;

use super::hub::{Config, Conn, Outgoing, Place, QUEUE, Server, Shared};
use super::room::{self, Room};
use super::store::{Sqlite, Writer};
use crate::net::{ClientMessage, ColourChoice, Seat, ServerMessage, Status, VERSION};

/// A valid message, or a connection's end, from one connection.
#[derive(Clone, Debug)]
enum Act {
    Create {
        colour: u8,
        variant: u8,
        public: bool,
    },
    Join {
        typed: bool,
    },
    /// With this connection's own token, another connection's, or a made-up one.
    Resume {
        whose: usize,
    },
    Move {
        ply_off: i8,
        pick: usize,
        id: u64,
    },
    Resign,
    TakeBack {
        ply_off: i8,
    },
    Answer(bool),
    Rematch,
    Watch {
        typed: bool,
    },
    Lobby,
    Leave,
}

#[derive(Clone, Debug)]
enum Step {
    Act(usize, Act),
    /// A text frame as sent.
    Text(usize, String),
}

const KEYS: &[&str] = &[
    "type",
    "version",
    "name",
    "colour",
    "variant",
    "clock",
    "room",
    "token",
    "ply",
    "id",
    "square",
    "accept",
    "base_ms",
    "increment_ms",
];

const TYPES: &[&str] = &[
    "create",
    "join",
    "resume",
    "move",
    "resign",
    "take_back",
    "take_back_reply",
    "rematch",
    "welcome",
    "",
];

fn json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (0u64..70).prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        "[a-j0-9 _x-]{0,12}".prop_map(Value::from),
        prop::sample::select(vec![
            "8x8 othello",
            "6x6 anti",
            "10x10 classic",
            "black",
            "random",
            "f5",
            "d3",
            "pass",
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(KEYS), inner), 0..5).prop_map(|fields| {
                Value::Object(fields.into_iter().map(|(k, v)| (k.into(), v)).collect())
            }),
        ]
    })
}

/// A JSON object with a protocol (or near) type and protocol field names with arbitrary values.
fn message_json() -> impl Strategy<Value = String> {
    (
        prop::sample::select(TYPES),
        prop::collection::vec((prop::sample::select(KEYS), json()), 0..6),
    )
        .prop_map(|(kind, fields)| {
            let mut object: serde_json::Map<String, Value> =
                fields.into_iter().map(|(k, v)| (k.into(), v)).collect();
            object.insert("type".into(), kind.into());
            Value::Object(object).to_string()
        })
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        1 => (0u8..3, 0u8..3, any::<bool>())
            .prop_map(|(colour, variant, public)| Act::Create { colour, variant, public }),
        2 => any::<bool>().prop_map(|typed| Act::Join { typed }),
        3 => (0usize..5).prop_map(|whose| Act::Resume { whose }),
        16 => (prop_oneof![4 => Just(0i8), 1 => Just(-1i8), 1 => Just(1i8)], 0usize..120, 0u64..4).prop_map(|(ply_off, pick, id)| Act::Move {
            ply_off,
            pick,
            id,
        }),
        1 => Just(Act::Resign),
        4 => (-1i8..=1).prop_map(|ply_off| Act::TakeBack { ply_off }),
        4 => any::<bool>().prop_map(Act::Answer),
        3 => Just(Act::Rematch),
        1 => any::<bool>().prop_map(|typed| Act::Watch { typed }),
        1 => Just(Act::Lobby),
        1 => Just(Act::Leave),
    ]
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (0usize..4, act()).prop_map(|(c, a)| Step::Act(c, a)),
        1 => (0usize..4, prop::collection::vec(any::<u8>(), 0..64))
            .prop_map(|(c, bytes)| Step::Text(c, String::from_utf8_lossy(&bytes).into_owned())),
        2 => (0usize..4, message_json()).prop_map(|(c, text)| Step::Text(c, text)),
    ]
}

/// One connection of the test: what the hub holds for it and what it was told.
struct Client {
    conn: Conn,
    inbox: mpsc::Receiver<Outgoing>,
    seated: Option<Place>,
    /// From its last welcome: the room, the seat and the token.
    welcome: Option<(String, Seat, String)>,
}

struct World {
    server: Arc<Server>,
    clients: Vec<Client>,
    /// The code of the last room created.
    code: Option<String>,
}

/// Each room's code, record (as JSON) and moves.
type Snapshot = Vec<(String, String, Vec<(crate::rules::Square, u64)>)>;

const ADDRESS: &str = "192.0.2.1";

impl World {
    fn new(connections: usize) -> World {
        let server = Arc::new(Server::new(
            Config::default(),
            Writer::start(Sqlite::open(None).unwrap()),
            None,
        ));
        let mut world = World {
            server,
            clients: Vec::new(),
            code: None,
        };
        for _ in 0..connections {
            let client = world.connect();
            world.clients.push(client);
        }
        world
    }

    fn connect(&self) -> Client {
        let (tx, inbox) = mpsc::channel(QUEUE);
        let id = self
            .server
            .next_conn
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Client {
            conn: Conn {
                id,
                tx,
                from_peer: false,
            },
            inbox,
            seated: None,
            welcome: None,
        }
    }

    fn rooms(&self) -> Vec<(String, Shared)> {
        let mut rooms = self.server.all_rooms();
        rooms.sort_by(|a, b| a.0.cmp(&b.0));
        rooms
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
            _ => self.server.live(&code),
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
                let fresh = self.connect();
                let old = std::mem::replace(&mut self.clients[c], fresh);
                self.server.leave(old.seated, old.conn.id).await;
                Ok(())
            }
            Some(Err(refusal)) => Err(refusal),
            Some(Ok(message)) => {
                let client = &mut self.clients[c];
                self.server
                    .handle(message, &mut client.seated, &client.conn, ADDRESS)
                    .await
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
            prop_assert_eq!(codes, open);
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
            let stored = self.server.writer.read(code.clone()).await.unwrap();
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

/// Whether the last room's game is over after the steps.
fn run(connections: usize, steps: &[Step]) -> Result<bool, TestCaseError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut world = World::new(connections);
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
        let last = world.code.as_ref().and_then(|code| world.server.live(code));
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
        run(connections, &steps)?;
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
    assert!(run(2, &steps).unwrap(), "the game reached its end");
}
