//! Several `reversi serve` processes on one database: who holds which room.
//!
//! A room is held by the server whose connection holds the room's PostgreSQL advisory lock (a
//! session lock keyed by the room's code). The lock is the truth: it is released the moment the
//! holder's connection ends, which a killed process's kernel closes at once (and a vanished
//! machine's within the keepalive set below), so another server may take the room straight away,
//! with no lease to wait out and no renewals to write. Because only the holder's own connection
//! writes the room, and a server that lost its connection takes its locks back before writing
//! again (refusing the rooms another took meanwhile), two servers never write one room.
//!
//! `room_owners` says, for a room, which server took it last and how often it changed hands;
//! `instances` where each server is reached by its peers; `cluster` the secret peers show each
//! other.

use postgres::Client;
use rand::RngExt;

use super::{Claim, Postgres, StoreError, StoredRoom, parse_record, parse_square, pg};
use crate::net::CODE_ALPHABET;

/// This server as its peers see it.
pub(super) struct Instance {
    id: String,
    address: String,
}

/// The advisory lock key of a room: its code read as a number in the codes' own alphabet (ten
/// characters of five bits: fifty bits, every code its own key).
fn lock_key(code: &str) -> Result<i64, StoreError> {
    code.bytes().try_fold(0i64, |key, b| {
        let digit = CODE_ALPHABET
            .iter()
            .position(|&c| c == b)
            .ok_or_else(|| format!("{code:?} is not a room code"))?;
        Ok((key << 5) | digit as i64)
    })
}

/// The lock keys held by any session: a one-key advisory lock shows its key's high half as
/// `classid` and its low half as `objid`, with `objsubid` 1.
const HELD_KEYS: &str = "SELECT (classid::bigint << 32) | objid::bigint FROM pg_locks
     WHERE locktype = 'advisory' AND objsubid = 1 AND granted";

fn random_hex() -> String {
    let bits: u128 = rand::rng().random();
    format!("{bits:032x}")
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Registers the connection's session as server `instance`: the keepalives that let the
/// database notice a vanished machine, and the row peers read its address from.
fn register(client: &mut Client, instance: &Instance) -> Result<(), StoreError> {
    client
        .batch_execute(
            "SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2;
             SET tcp_keepalives_count = 3;
             DELETE FROM instances WHERE pid NOT IN (SELECT pid FROM pg_stat_activity);",
        )
        .map_err(pg)?;
    client
        .execute(
            "INSERT INTO instances (id, address, pid, started_unix_ms)
             VALUES ($1, $2, pg_backend_pid(), $3)
             ON CONFLICT (id) DO UPDATE SET address = EXCLUDED.address, pid = EXCLUDED.pid",
            &[&instance.id, &instance.address, &now_ms()],
        )
        .map_err(pg)?;
    Ok(())
}

impl Postgres {
    /// [`super::Store::join`]: registers this server and reads (or first writes) the secret.
    pub(super) fn join_as(&mut self, address: &str) -> Result<String, StoreError> {
        let instance = Instance {
            id: random_hex(),
            address: address.to_string(),
        };
        register(&mut self.client, &instance)?;
        self.instance = Some(instance);
        self.client
            .execute(
                "INSERT INTO cluster (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
                &[&random_hex()],
            )
            .map_err(pg)?;
        let row = self
            .client
            .query_one("SELECT secret FROM cluster WHERE id = 1", &[])
            .map_err(pg)?;
        Ok(row.get(0))
    }

    /// After a new connection: registers again and takes back the rooms' locks; a room another
    /// server took meanwhile is held no more.
    pub(super) fn rejoin(&mut self) -> Result<(), StoreError> {
        let Some(instance) = &self.instance else {
            return Ok(());
        };
        register(&mut self.client, instance)?;
        let codes: Vec<String> = self.held.drain().collect();
        for code in codes {
            if self.try_lock(&code)? {
                self.held.insert(code);
            }
        }
        Ok(())
    }

    fn try_lock(&mut self, code: &str) -> Result<bool, StoreError> {
        let row = self
            .client
            .query_one("SELECT pg_try_advisory_lock($1)", &[&lock_key(code)?])
            .map_err(pg)?;
        Ok(row.get(0))
    }

    fn unlock(&mut self, code: &str) -> Result<(), StoreError> {
        self.held.remove(code);
        self.client
            .execute("SELECT pg_advisory_unlock($1)", &[&lock_key(code)?])
            .map_err(pg)?;
        Ok(())
    }

    /// This server's id among those sharing the database (empty before it joins).
    fn instance_id(&self) -> String {
        self.instance
            .as_ref()
            .map(|i| i.id.clone())
            .unwrap_or_default()
    }

    /// Writes this server as the rooms' owner, counting each change of hands.
    fn own(&mut self, codes: &[&str]) -> Result<(), StoreError> {
        let id = self.instance_id();
        self.client
            .execute(
                "INSERT INTO room_owners (code, instance) SELECT unnest($1::text[]), $2
                 ON CONFLICT (code) DO UPDATE
                 SET moved = room_owners.moved + (room_owners.instance <> EXCLUDED.instance)::int,
                     instance = EXCLUDED.instance",
                &[&codes, &id],
            )
            .map_err(pg)?;
        Ok(())
    }

    /// [`super::Store::claim`].
    pub(super) fn claim_room(&mut self, code: &str, create: bool) -> Result<Claim, StoreError> {
        if self.instance.is_none() || self.held.contains(code) {
            return Ok(Claim::Ours(self.room_as_written(code)?.map(Box::new)));
        }
        if !self.try_lock(code)? {
            let row = self
                .client
                .query_opt(
                    "SELECT i.address FROM room_owners o JOIN instances i ON i.id = o.instance
                     WHERE o.code = $1",
                    &[&code],
                )
                .map_err(pg)?;
            return Ok(Claim::Elsewhere(row.map(|row| row.get(0))));
        }
        self.held.insert(code.to_string());
        let room = self.room_as_written(code)?;
        if room.is_none() && !create {
            self.unlock(code)?;
        } else {
            self.own(&[code])?;
        }
        Ok(Claim::Ours(room.map(Box::new)))
    }

    fn room_as_written(&mut self, code: &str) -> Result<Option<StoredRoom>, StoreError> {
        super::Store::room(self, code)
    }

    /// [`super::Store::release`].
    pub(super) fn release_room(&mut self, code: &str) -> Result<(), StoreError> {
        if self.held.contains(code) {
            self.unlock(code)?;
        }
        Ok(())
    }

    /// [`super::Store::adopt`]: the unfinished rooms whose lock nobody holds, taken.
    pub(super) fn adopt_rooms(&mut self, limit: usize) -> Result<Vec<StoredRoom>, StoreError> {
        if self.instance.is_none() {
            return Ok(Vec::new());
        }
        let held: std::collections::HashSet<i64> = self
            .client
            .query(HELD_KEYS, &[])
            .map_err(pg)?
            .iter()
            .map(|row| row.get(0))
            .collect();
        let open: Vec<String> = self
            .client
            .query("SELECT code FROM rooms WHERE finished_unix_ms IS NULL", &[])
            .map_err(pg)?
            .iter()
            .map(|row| row.get(0))
            .collect();
        let (codes, keys): (Vec<String>, Vec<i64>) = open
            .into_iter()
            .filter(|code| !self.held.contains(code))
            .filter_map(|code| Some((lock_key(&code).ok()?, code)))
            .filter(|(key, _)| !held.contains(key))
            .take(limit)
            .map(|(key, code)| (code, key))
            .unzip();
        if codes.is_empty() {
            return Ok(Vec::new());
        }
        // A server's rooms are taken up together (a thousand when one stops): a few statements
        // for all of them, not a few for each.
        let taken: Vec<String> = self
            .client
            .query(
                "SELECT c.code FROM unnest($1::text[], $2::bigint[]) AS c(code, key)
                 WHERE pg_try_advisory_lock(c.key)",
                &[&codes, &keys],
            )
            .map_err(pg)?
            .iter()
            .map(|row| row.get(0))
            .collect();
        self.held.extend(taken.iter().cloned());
        // Finished or gone between the two reads: let go.
        let (open, done): (Vec<StoredRoom>, Vec<StoredRoom>) = self
            .rooms_as_written(&taken)?
            .into_iter()
            .partition(|room| room.finished_unix_ms.is_none());
        let read: std::collections::HashSet<&str> = open
            .iter()
            .chain(&done)
            .map(|room| room.record.code.as_str())
            .collect();
        let gone: Vec<String> = taken
            .iter()
            .filter(|code| !read.contains(code.as_str()))
            .cloned()
            .chain(done.iter().map(|room| room.record.code.clone()))
            .collect();
        for code in gone {
            self.unlock(&code)?;
        }
        let owned: Vec<&str> = open.iter().map(|room| room.record.code.as_str()).collect();
        self.own(&owned)?;
        Ok(open)
    }

    /// The rooms `codes` as written, each with the moves of its current game, in two reads.
    fn rooms_as_written(&mut self, codes: &[String]) -> Result<Vec<StoredRoom>, StoreError> {
        let mut rooms = Vec::new();
        let rows = self
            .client
            .query(
                "SELECT code, record, finished_unix_ms FROM rooms WHERE code = ANY($1)",
                &[&codes],
            )
            .map_err(pg)?;
        let mut index = std::collections::HashMap::new();
        for row in rows {
            let (code, record, finished): (String, String, Option<i64>) =
                (row.get(0), row.get(1), row.get(2));
            index.insert(code.clone(), rooms.len());
            rooms.push(StoredRoom {
                record: parse_record(&code, &record)?,
                moves: Vec::new(),
                finished_unix_ms: finished.map(|t| t as u64),
            });
        }
        let moves = self
            .client
            .query(
                "SELECT code, game_no, square, id FROM moves WHERE code = ANY($1)
                 ORDER BY code, game_no, ply",
                &[&codes],
            )
            .map_err(pg)?;
        for row in moves {
            let (code, game_no): (String, i32) = (row.get(0), row.get(1));
            let Some(room) = index.get(&code).map(|&n| &mut rooms[n]) else {
                continue;
            };
            if room.record.game_no == game_no as u32 {
                let square = parse_square(&code, row.get(2))?;
                room.moves.push((square, row.get::<_, i64>(3) as u64));
            }
        }
        Ok(rooms)
    }

    /// [`super::Store::leave`]: every room's lock let go, and this server's row gone.
    pub(super) fn leave_cluster(&mut self) -> Result<(), StoreError> {
        let Some(instance) = &self.instance else {
            return Ok(());
        };
        self.held.clear();
        self.client
            .execute("DELETE FROM instances WHERE id = $1", &[&instance.id])
            .map_err(pg)?;
        self.client
            .batch_execute("SELECT pg_advisory_unlock_all()")
            .map_err(pg)
    }

    /// [`super::Store::peers`]: the other servers connected to the database now.
    pub(super) fn peer_addresses(&mut self) -> Result<Vec<String>, StoreError> {
        let id = self.instance_id();
        let rows = self
            .client
            .query(
                "SELECT DISTINCT address FROM instances
                 WHERE id <> $1 AND pid IN (SELECT pid FROM pg_stat_activity)",
                &[&id],
            )
            .map_err(pg)?;
        Ok(rows.iter().map(|row| row.get(0)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_its_own_lock_key() {
        assert_eq!(lock_key("0000000000"), Ok(0));
        assert_eq!(lock_key("0000000001"), Ok(1));
        assert_eq!(lock_key("ZZZZZZZZZZ"), Ok((1 << 50) - 1));
        assert_eq!(lock_key("000000000Z"), Ok(31));
        assert_eq!(lock_key("0000000010"), Ok(32));
        assert!(lock_key("0000000I00").is_err());
    }
}
