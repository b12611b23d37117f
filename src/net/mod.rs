//! Online play: the messages the room server (`crate::server`) and its clients exchange, shared by
//! both so they cannot drift apart. Each is one JSON object in one WebSocket text frame, tagged by
//! `"type"`. The first message of a connection ([`ClientMessage::Create`], [`ClientMessage::Join`]
//! or [`ClientMessage::Resume`]) carries [`VERSION`]; a server that speaks another version answers
//! [`ErrorCode::Version`]. The full grammar, with examples: docs/online.md.
//!
//! Squares, variants and transcripts are written as everywhere else in the game (`f5`, `8x8
//! othello`, `f5d6c3`), so a room's record reads like any other.

#[cfg(feature = "game")]
pub mod client;

use serde::{Deserialize, Serialize};

use crate::rules::Player;

/// The protocol's version; a change that an older peer would misread increments it.
pub const VERSION: u32 = 1;

/// The largest message a server reads; a longer one is answered [`ErrorCode::TooLarge`].
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// The letters room codes are written in: digits and capitals without I, L, O and U (Crockford's
/// base 32), so a code read aloud or copied by hand survives.
pub const CODE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Characters in a room code: 50 random bits.
pub const CODE_LEN: usize = 10;

/// A seat in a room: 0 for the player who created it, 1 for the one who joined. Colours are a
/// separate matter (a rematch swaps them).
pub type Seat = usize;

/// A colour on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub fn player(self) -> Player {
        match self {
            Colour::Black => Player::Black,
            Colour::White => Player::White,
        }
    }

    pub fn of(player: Player) -> Colour {
        match player {
            Player::Black => Colour::Black,
            Player::White => Colour::White,
        }
    }

    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
}

/// The colour the room's creator asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourChoice {
    Black,
    White,
    #[default]
    Random,
}

/// A game clock: each side's time for the whole game, and the time added after each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSpec {
    pub base_ms: u64,
    #[serde(default)]
    pub increment_ms: u64,
}

impl ClockSpec {
    /// The longest clock a room may have: three hours a side, a minute a move.
    pub const MAX_BASE_MS: u64 = 3 * 3600 * 1000;
    pub const MAX_INCREMENT_MS: u64 = 60 * 1000;

    pub fn is_valid(self) -> bool {
        (1000..=Self::MAX_BASE_MS).contains(&self.base_ms)
            && self.increment_ms <= Self::MAX_INCREMENT_MS
    }
}

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Open a room and take its first seat.
    Create {
        version: u32,
        #[serde(default)]
        name: String,
        #[serde(default)]
        colour: ColourChoice,
        /// The rules, as `8x8 othello`, `6x6 anti`, `10x10 classic` (default standard 8×8).
        #[serde(default = "standard_variant")]
        variant: String,
        /// No clock when absent.
        #[serde(default)]
        clock: Option<ClockSpec>,
        /// Listed in the server's lobby while it waits for its second player.
        #[serde(default)]
        public: bool,
    },
    /// Take the free seat of the room `room`.
    Join {
        version: u32,
        room: String,
        #[serde(default)]
        name: String,
    },
    /// Come back to a seat after a dropped connection (or from another device) with its token.
    Resume {
        version: u32,
        room: String,
        token: String,
    },
    /// Watch the room `room`, read-only: its states from now on (a finished room's last one).
    Watch {
        version: u32,
        room: String,
    },
    /// The public rooms waiting for a second player.
    Lobby {
        version: u32,
    },
    /// Place a disc. `ply` is the number of discs placed in the game before this one (passes do
    /// not count); `id` is the client's own number for this move, so a repeat is recognised.
    Move {
        ply: u32,
        id: u64,
        square: String,
    },
    Resign,
    /// Ask to take back this seat's last move; `ply` as in [`ClientMessage::Move`] (the game as the
    /// asker sees it).
    TakeBack {
        ply: u32,
    },
    /// Answer the opponent's take-back request.
    TakeBackReply {
        accept: bool,
    },
    /// After a game: offer a rematch with the colours swapped, or accept the opponent's offer.
    Rematch,
}

fn standard_variant() -> String {
    crate::rules::Variant::STANDARD.to_string()
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The seat this connection holds, and the secret that reclaims it (keep it; it is never sent
    /// to the opponent).
    Welcome {
        room: String,
        seat: Seat,
        token: String,
    },
    /// The whole room as it stands, after every change.
    State(Box<RoomState>),
    /// A message was refused; nothing changed.
    Error { code: ErrorCode, detail: String },
    /// The answer to `lobby`: the public rooms waiting for a second player, newest first.
    Lobby { rooms: Vec<OpenRoom> },
}

/// A public room in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenRoom {
    pub room: String,
    pub variant: String,
    pub clock: Option<ClockSpec>,
    /// The creator's name (empty for none) and colour.
    pub name: String,
    pub colour: Colour,
}

/// A room as one seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomState {
    pub room: String,
    /// The seat this state is sent to (`None` for an onlooker of a finished game).
    pub you: Option<Seat>,
    /// The rules, as `8x8 othello`.
    pub variant: String,
    pub clock: Option<ClockSpec>,
    /// Seat 0, then seat 1.
    pub players: [PlayerState; 2],
    /// Games begun in this room: 1, then one more for each rematch.
    pub game: u32,
    /// The moves so far, passes included (`f5d6c3`, `pass` for a pass), as the game's transcripts.
    pub moves: String,
    /// Discs placed so far: the `ply` of the next move.
    pub ply: u32,
    /// The client id of the last move (so its sender knows it was applied).
    pub last_move_id: Option<u64>,
    /// Each colour's time left in milliseconds, Black's then White's, when this was sent.
    pub clocks_ms: Option<[u64; 2]>,
    /// The colour whose clock is running.
    pub running: Option<Colour>,
    pub status: Status,
    /// The seat that asked to take back its last move and waits for an answer.
    pub take_back: Option<Seat>,
    /// The seats that offer a rematch.
    pub rematch: [bool; 2],
    /// Connections watching the room.
    #[serde(default)]
    pub onlookers: u32,
}

/// One seat's player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    /// As the player chose it; empty for none (the client shows the colour's name).
    pub name: String,
    /// `None` while the seat is free.
    pub colour: Option<Colour>,
    pub connected: bool,
    /// While a seated player is away from a game in progress: milliseconds left for them to come
    /// back before the game is adjudicated to the opponent.
    pub reconnect_ms: Option<u64>,
}

/// Where the room's game is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Status {
    /// The second seat is free.
    Waiting,
    Playing,
    Over(Ending),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// `None` for a draw.
    pub winner: Option<Colour>,
    pub reason: EndReason,
    /// The score as written, Black's then White's (empties to the winner where most discs win).
    pub score: [u32; 2],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Neither side could move.
    Board,
    Resigned,
    /// The loser's clock ran out.
    Time,
    /// The loser did not come back in time after losing the connection.
    Abandoned,
}

/// Why a message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The client speaks another protocol version.
    Version,
    /// Not JSON, or not a message of this protocol.
    Malformed,
    /// Longer than [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// Too many messages too fast; this one was dropped.
    Flood,
    /// No room has this code (or it has expired).
    UnknownRoom,
    /// Both seats are taken.
    RoomFull,
    /// The token does not hold a seat in this room.
    BadToken,
    /// This connection has no seat yet (or has one already, for create and join).
    NoSeat,
    AlreadySeated,
    /// This address has opened as many rooms as it may.
    TooManyRooms,
    /// This address holds as many connections without a seat as it may; this one is closed.
    TooManyConnections,
    /// The variant, clock or name is not one the server accepts.
    BadRoom,
    /// The room's game has not started (no opponent yet).
    NotStarted,
    NotYourTurn,
    /// The move is for another ply than the game's.
    WrongPly,
    Illegal,
    GameOver,
    /// A take-back answer with no request, or a request with no move to take back, or a rematch
    /// before the game's end.
    NothingToAnswer,
    /// Another connection took this seat over with its token.
    Replaced,
    /// The server could not write the change down; nothing changed.
    Storage,
}

/// `text` as a room code: upper case, without spaces or dashes, the look-alikes I, L and O read as
/// 1, 1 and 0; `None` unless that is [`CODE_LEN`] characters of [`CODE_ALPHABET`].
pub fn normalise_code(text: &str) -> Option<String> {
    let code: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_uppercase() {
            'I' | 'L' => '1',
            'O' => '0',
            c => c,
        })
        .collect();
    (code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// `name` as a player's name: trimmed, at most [`MAX_NAME_CHARS`] characters, no control
/// characters; `None` when it breaks those.
pub fn normalise_name(name: &str) -> Option<String> {
    let name = name.trim();
    (name.chars().count() <= MAX_NAME_CHARS && !name.chars().any(char::is_control))
        .then(|| name.to_string())
}

impl RoomState {
    /// The room's game, read from its variant and moves.
    pub fn game(&self) -> Result<crate::rules::Game, String> {
        let variant: crate::rules::Variant = self.variant.parse().map_err(|e| format!("{e}"))?;
        // Passes follow by themselves when the placements are replayed.
        crate::rules::notation::parse_transcript(&self.moves.replace("pass", ""), variant)
            .map_err(|e| e.to_string())
    }
}

impl ClientMessage {
    /// The message read from one frame's text, or the error to answer it with.
    pub fn parse(text: &str) -> Result<ClientMessage, (ErrorCode, String)> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Err((
                ErrorCode::TooLarge,
                format!(
                    "the message has {} bytes; the most is {MAX_MESSAGE_BYTES}",
                    text.len()
                ),
            ));
        }
        serde_json::from_str(text).map_err(|e| (ErrorCode::Malformed, e.to_string()))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("client messages serialise")
    }
}

impl ServerMessage {
    pub fn parse(text: &str) -> Result<ServerMessage, serde_json::Error> {
        serde_json::from_str(text)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server messages serialise")
    }

    pub fn error(code: ErrorCode, detail: impl Into<String>) -> ServerMessage {
        ServerMessage::Error {
            code,
            detail: detail.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_back_as_written() {
        let messages = [
            ClientMessage::Create {
                version: VERSION,
                name: "Ana".into(),
                colour: ColourChoice::White,
                variant: "6x6 anti".into(),
                clock: Some(ClockSpec {
                    base_ms: 300_000,
                    increment_ms: 2_000,
                }),
                public: false,
            },
            ClientMessage::Join {
                version: VERSION,
                room: "ABCDE12345".into(),
                name: String::new(),
            },
            ClientMessage::Move {
                ply: 3,
                id: 7,
                square: "f5".into(),
            },
            ClientMessage::TakeBackReply { accept: true },
            ClientMessage::Rematch,
        ];
        for message in messages {
            assert_eq!(ClientMessage::parse(&message.to_json()), Ok(message));
        }
    }

    #[test]
    fn a_create_needs_only_the_version() {
        assert_eq!(
            ClientMessage::parse(r#"{"type":"create","version":1}"#),
            Ok(ClientMessage::Create {
                version: 1,
                name: String::new(),
                colour: ColourChoice::Random,
                variant: "8x8 othello".into(),
                clock: None,
                public: false,
            })
        );
    }

    #[test]
    fn bad_frames_are_refused_with_a_reason() {
        for text in [
            "",
            "f5",
            "{}",
            r#"{"type":"move","ply":"3","id":1,"square":"f5"}"#,
            r#"{"type":"fly"}"#,
        ] {
            assert_eq!(
                ClientMessage::parse(text).unwrap_err().0,
                ErrorCode::Malformed,
                "{text}"
            );
        }
        let long = format!(
            r#"{{"type":"join","version":1,"room":"{}"}}"#,
            "A".repeat(5000)
        );
        assert_eq!(
            ClientMessage::parse(&long).unwrap_err().0,
            ErrorCode::TooLarge
        );
    }

    #[test]
    fn codes_are_read_forgivingly() {
        assert_eq!(normalise_code("abcde-fghjk"), Some("ABCDEFGHJK".into()));
        assert_eq!(normalise_code(" 0o1il 23456 "), Some("0011123456".into()));
        assert_eq!(normalise_code("ABCDEFGHJ"), None);
        assert_eq!(normalise_code("ABCDEFGHJKU"), None);
        assert_eq!(normalise_code("ABCDEFGHJU"), None);
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(normalise_name("  Ana "), Some("Ana".into()));
        assert_eq!(normalise_name(&"é".repeat(24)), Some("é".repeat(24)));
        assert_eq!(normalise_name(&"é".repeat(25)), None);
        assert_eq!(normalise_name("a\u{7}b"), None);
    }
}
