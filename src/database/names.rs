//! The names of WTHOR's players (`WTHOR.JOU`, 20 bytes a name) and tournaments (`WTHOR.TRN`, 26
//! bytes): a 16-byte header like the games' files (its bytes 8–9 the number of names), then each
//! name in ISO 8859-1, ended by a 0 byte where it is shorter than its record. A game's player and
//! tournament numbers index these lists.

use std::fmt;

/// Bytes of a player's record.
pub const PLAYER_BYTES: usize = 20;
/// Bytes of a tournament's record.
pub const TOURNAMENT_BYTES: usize = 26;
const HEADER_BYTES: usize = 16;

/// Why a names file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NamesError {
    NoHeader(usize),
    /// The header's count of names and the file's length disagree.
    Length {
        promised: usize,
        bytes: usize,
    },
}

impl fmt::Display for NamesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NamesError::NoHeader(n) => write!(f, "{n} bytes: shorter than a WTHOR header (16)"),
            NamesError::Length { promised, bytes } => write!(
                f,
                "the header promises {promised} names but the file has {bytes} bytes"
            ),
        }
    }
}

/// The names of a file of `record`-byte names.
pub fn read_names(bytes: &[u8], record: usize) -> Result<Vec<String>, NamesError> {
    if bytes.len() < HEADER_BYTES {
        return Err(NamesError::NoHeader(bytes.len()));
    }
    let promised = usize::from(u16::from_le_bytes([bytes[8], bytes[9]]));
    if bytes.len() != HEADER_BYTES + promised * record {
        return Err(NamesError::Length {
            promised,
            bytes: bytes.len(),
        });
    }
    Ok(bytes[HEADER_BYTES..]
        .chunks_exact(record)
        .map(|r| {
            let end = r.iter().position(|&b| b == 0).unwrap_or(r.len());
            // ISO 8859-1: each byte is the code point of the same number.
            r[..end]
                .iter()
                .map(|&b| char::from(b))
                .collect::<String>()
                .trim()
                .to_string()
        })
        .collect())
}

/// A names file with these names (each cut to its record, less its ending 0 byte; characters
/// outside ISO 8859-1 written `?`): the inverse of [`read_names`] for short Latin-1 names.
pub fn write_names(names: &[String], record: usize) -> Vec<u8> {
    let mut out = vec![0u8; HEADER_BYTES];
    out[8..10].copy_from_slice(&(names.len() as u16).to_le_bytes());
    for name in names {
        let mut slot = vec![0u8; record];
        for (b, c) in slot.iter_mut().zip(name.chars().take(record - 1)) {
            *b = u8::try_from(u32::from(c)).unwrap_or(b'?');
        }
        out.extend(slot);
    }
    out
}
