//! The messages the hub's property tests send: valid acts of a connection (create, join, resume,
//! moves, …), arbitrary text, and JSON close to the protocol's.

use proptest::prelude::*;
use serde_json::Value;

/// A valid message, or a connection's end, from one connection.
#[derive(Clone, Debug)]
pub(super) enum Act {
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
pub(super) enum Step {
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

pub(super) fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (0usize..4, act()).prop_map(|(c, a)| Step::Act(c, a)),
        1 => (0usize..4, prop::collection::vec(any::<u8>(), 0..64))
            .prop_map(|(c, bytes)| Step::Text(c, String::from_utf8_lossy(&bytes).into_owned())),
        2 => (0usize..4, message_json()).prop_map(|(c, text)| Step::Text(c, text)),
    ]
}
