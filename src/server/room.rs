//! One room's game and seats, and every change a message can make to them: plain data and plain
//! functions of the time, so the rules of a room are tested without sockets or a store. Times are
//! milliseconds on the server's monotonic clock ([`super::Clock`]).

use serde::{Deserialize, Serialize};

use crate::net::{
    ClockSpec, Colour, ColourChoice, EndReason, Ending, ErrorCode, PlayerState, RoomState, Seat,
    Status,
};
use crate::rules::{Game, Move, Square, Variant};

/// A refusal: what to answer, and why in words for the log and the client's detail line.
pub type Refusal = (ErrorCode, String);

fn refuse<T>(code: ErrorCode, detail: impl Into<String>) -> Result<T, Refusal> {
    Err((code, detail.into()))
}

/// A seated player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatHolder {
    pub name: String,
    /// The secret that moves for this seat.
    pub token: String,
    /// Not stored: every seat starts away when a room is loaded.
    #[serde(skip)]
    pub connected: bool,
    /// Since when the player has been away (server time), while not connected.
    #[serde(skip)]
    pub away_since: Option<u64>,
}

/// A room: two seats, the game between them and its clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    pub code: String,
    pub variant: Variant,
    pub clock: Option<ClockSpec>,
    pub seats: [Option<SeatHolder>; 2],
    /// The seat playing Black in the current game.
    pub black: Seat,
    /// 1 for the first game, one more after each rematch.
    pub game_no: u32,
    pub game: Game,
    /// The discs placed in the current game, with each move's client id.
    pub placed: Vec<(Square, u64)>,
    /// Each colour's time left (Black, White) when the running clock last started.
    pub clocks_ms: [u64; 2],
    /// When the running clock started.
    pub turn_started: u64,
    pub ending: Option<Ending>,
    pub take_back: Option<Seat>,
    pub rematch: [bool; 2],
    /// The address that opened the room (bounded rooms per address).
    pub created_by: String,
    /// Listed in the lobby while it waits.
    pub public: bool,
    /// The last change, for expiry.
    pub last_activity: u64,
}

/// What a room is written down as (its moves go alongside, one row each).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomRecord {
    pub code: String,
    pub variant: String,
    pub clock: Option<ClockSpec>,
    pub seats: [Option<SeatHolder>; 2],
    pub black: Seat,
    pub game_no: u32,
    /// Each colour's time left when written.
    pub clocks_ms: [u64; 2],
    pub ending: Option<Ending>,
    pub take_back: Option<Seat>,
    pub rematch: [bool; 2],
    pub created_by: String,
    #[serde(default)]
    pub public: bool,
}

fn colour_of(seat: Seat, black: Seat) -> Colour {
    if seat == black {
        Colour::Black
    } else {
        Colour::White
    }
}

fn index(colour: Colour) -> usize {
    match colour {
        Colour::Black => 0,
        Colour::White => 1,
    }
}

/// The game of `variant` with the discs `placed` played in order (a forced pass follows by
/// itself); an error names the first that does not play.
pub fn replay(variant: Variant, placed: &[(Square, u64)]) -> Result<Game, String> {
    let mut game = Game::new(variant);
    for (n, (cell, _)) in placed.iter().enumerate() {
        game.play(*cell)
            .map_err(|why| format!("move {} ({cell}): {why}", n + 1))?;
    }
    Ok(game)
}

impl Room {
    /// A room with its creator in seat 0; `coin` decides a random colour.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        code: String,
        variant: Variant,
        clock: Option<ClockSpec>,
        name: String,
        token: String,
        colour: ColourChoice,
        coin: bool,
        created_by: String,
        now: u64,
    ) -> Room {
        let black = match colour {
            ColourChoice::Black => 0,
            ColourChoice::White => 1,
            ColourChoice::Random => usize::from(coin),
        };
        let base = clock.map_or(0, |c| c.base_ms);
        Room {
            code,
            variant,
            clock,
            seats: [
                Some(SeatHolder {
                    name,
                    token,
                    connected: true,
                    away_since: None,
                }),
                None,
            ],
            black,
            game_no: 1,
            game: Game::new(variant),
            placed: Vec::new(),
            clocks_ms: [base; 2],
            turn_started: now,
            ending: None,
            take_back: None,
            rematch: [false; 2],
            public: false,
            created_by,
            last_activity: now,
        }
    }

    /// The room a record and its moves describe, as it stands after a restart at `now`: every seat
    /// away since `now`, the running clock starting again from the time it had left when written.
    pub fn restore(
        record: RoomRecord,
        placed: Vec<(Square, u64)>,
        now: u64,
    ) -> Result<Room, String> {
        let variant: Variant = record
            .variant
            .parse()
            .map_err(|e| format!("room {}: {e}", record.code))?;
        let game = replay(variant, &placed).map_err(|e| format!("room {}: {e}", record.code))?;
        let mut seats = record.seats;
        for holder in seats.iter_mut().flatten() {
            holder.connected = false;
            holder.away_since = Some(now);
        }
        Ok(Room {
            code: record.code,
            variant,
            clock: record.clock,
            seats,
            black: record.black,
            game_no: record.game_no,
            game,
            placed,
            clocks_ms: record.clocks_ms,
            turn_started: now,
            ending: record.ending,
            take_back: record.take_back,
            rematch: record.rematch,
            created_by: record.created_by,
            public: record.public,
            last_activity: now,
        })
    }

    /// The room as written down at `now` (its moves are [`Room::placed`]).
    pub fn record(&self, now: u64) -> RoomRecord {
        RoomRecord {
            code: self.code.clone(),
            variant: self.variant.to_string(),
            clock: self.clock,
            seats: self.seats.clone(),
            black: self.black,
            game_no: self.game_no,
            clocks_ms: [
                self.time_left(Colour::Black, now),
                self.time_left(Colour::White, now),
            ],
            ending: self.ending,
            take_back: self.take_back,
            rematch: self.rematch,
            created_by: self.created_by.clone(),
            public: self.public,
        }
    }

    pub fn status(&self) -> Status {
        match (&self.ending, &self.seats[1]) {
            (Some(ending), _) => Status::Over(*ending),
            (None, None) => Status::Waiting,
            (None, Some(_)) => Status::Playing,
        }
    }

    pub fn is_playing(&self) -> bool {
        self.status() == Status::Playing
    }

    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// The colour whose clock runs: the side to move while the game is played.
    pub fn running(&self) -> Option<Colour> {
        self.is_playing().then(|| Colour::of(self.game.to_move()))
    }

    /// `colour`'s time left at `now` (0 without a clock).
    pub fn time_left(&self, colour: Colour, now: u64) -> u64 {
        let stored = self.clocks_ms[index(colour)];
        if self.clock.is_some() && self.running() == Some(colour) {
            stored.saturating_sub(now.saturating_sub(self.turn_started))
        } else {
            stored
        }
    }

    pub fn colour(&self, seat: Seat) -> Colour {
        colour_of(seat, self.black)
    }

    fn seat_of(&self, colour: Colour) -> Seat {
        if colour == Colour::Black {
            self.black
        } else {
            1 - self.black
        }
    }

    /// The seat `token` holds.
    pub fn seat_for(&self, token: &str) -> Option<Seat> {
        (0..2).find(|&s| self.seats[s].as_ref().is_some_and(|h| h.token == token))
    }

    /// Seats the second player.
    pub fn join(&mut self, name: String, token: String, now: u64) -> Result<Seat, Refusal> {
        if self.seats[1].is_some() {
            return refuse(ErrorCode::RoomFull, "both seats are taken");
        }
        self.seats[1] = Some(SeatHolder {
            name,
            token,
            connected: true,
            away_since: None,
        });
        self.turn_started = now;
        self.last_activity = now;
        Ok(1)
    }

    /// Marks `seat`'s connection up or down at `now`.
    pub fn set_connected(&mut self, seat: Seat, connected: bool, now: u64) {
        if let Some(holder) = &mut self.seats[seat] {
            holder.connected = connected;
            holder.away_since = (!connected).then_some(now);
        }
        self.last_activity = now;
    }

    /// Ends the game when a clock has run out or a player stayed away longer than `grace` at
    /// `now`; true when it did.
    pub fn adjudicate(&mut self, now: u64, grace: u64) -> bool {
        if !self.is_playing() {
            return false;
        }
        if let Some(colour) = self.running()
            && self.clock.is_some()
            && self.time_left(colour, now) == 0
        {
            self.end(Some(colour.other()), EndReason::Time, now);
            return true;
        }
        // The one away longest loses first.
        let away = (0..2)
            .filter_map(|s| {
                let since = self.seats[s].as_ref()?.away_since?;
                (now.saturating_sub(since) >= grace).then_some((since, s))
            })
            .min();
        if let Some((_, seat)) = away {
            self.end(Some(self.colour(seat).other()), EndReason::Abandoned, now);
            return true;
        }
        false
    }

    fn end(&mut self, winner: Option<Colour>, reason: EndReason, now: u64) {
        // Stop the clocks where they stand.
        for colour in [Colour::Black, Colour::White] {
            self.clocks_ms[index(colour)] = self.time_left(colour, now);
        }
        let counts = self.game.counts();
        let score = match (reason, self.game.outcome()) {
            (EndReason::Board, Some(outcome)) => {
                let (black, white) = outcome.written_score(self.variant);
                [black, white]
            }
            _ => [counts.black, counts.white],
        };
        self.ending = Some(Ending {
            winner,
            reason,
            score,
        });
        self.take_back = None;
        self.rematch = [false; 2];
        self.last_activity = now;
    }

    fn check_playing(&self) -> Result<(), Refusal> {
        match self.status() {
            Status::Waiting => refuse(ErrorCode::NotStarted, "no opponent has joined yet"),
            Status::Over(_) => refuse(ErrorCode::GameOver, "the game is over"),
            Status::Playing => Ok(()),
        }
    }

    /// Places `square` for `seat` at `now` as the move numbered `ply` with client id `id`. `Ok(false)`
    /// when that very move was already applied (a repeat: nothing changes, and the answer is the
    /// same state again).
    pub fn play(
        &mut self,
        seat: Seat,
        ply: u32,
        id: u64,
        square: &str,
        now: u64,
    ) -> Result<bool, Refusal> {
        let current = self.placed.len() as u32;
        if ply < current
            && let Some(&(cell, done_id)) = self.placed.get(ply as usize)
            && done_id == id
            && cell.to_string() == square.trim().to_ascii_lowercase()
        {
            return Ok(false);
        }
        self.check_playing()?;
        if ply != current {
            return refuse(
                ErrorCode::WrongPly,
                format!("the move is for ply {ply}; the game is at ply {current}"),
            );
        }
        let colour = self.colour(seat);
        if self.running() != Some(colour) {
            return refuse(
                ErrorCode::NotYourTurn,
                format!("it is {:?}'s turn", colour.other()).to_lowercase(),
            );
        }
        let cell: Square = square
            .trim()
            .parse()
            .map_err(|e| (ErrorCode::Illegal, format!("{square:?}: {e}")))?;
        if self.clock.is_some() && self.time_left(colour, now) == 0 {
            self.adjudicate(now, u64::MAX);
            return refuse(ErrorCode::GameOver, "the clock ran out before the move");
        }
        let mut game = self.game.clone();
        game.play(cell)
            .map_err(|why| (ErrorCode::Illegal, why.to_string()))?;
        if let Some(spec) = self.clock {
            self.clocks_ms[index(colour)] = self.time_left(colour, now) + spec.increment_ms;
        }
        self.game = game;
        self.placed.push((cell, id));
        self.turn_started = now;
        self.take_back = None;
        self.last_activity = now;
        if let Some(outcome) = self.game.outcome() {
            self.end(outcome.winner.map(Colour::of), EndReason::Board, now);
        }
        Ok(true)
    }

    pub fn resign(&mut self, seat: Seat, now: u64) -> Result<(), Refusal> {
        self.check_playing()?;
        self.end(Some(self.colour(seat).other()), EndReason::Resigned, now);
        Ok(())
    }

    /// `seat` asks to take back its last move; `ply` is the game as it sees it.
    pub fn ask_take_back(&mut self, seat: Seat, ply: u32, now: u64) -> Result<(), Refusal> {
        self.check_playing()?;
        if ply != self.placed.len() as u32 {
            return refuse(
                ErrorCode::WrongPly,
                format!(
                    "the request is for ply {ply}; the game is at ply {}",
                    self.placed.len()
                ),
            );
        }
        if self.take_back.is_some() {
            return refuse(ErrorCode::NothingToAnswer, "a take-back is already asked");
        }
        if self.last_placement_of(self.colour(seat)).is_none() {
            return refuse(ErrorCode::NothingToAnswer, "no move of yours to take back");
        }
        self.take_back = Some(seat);
        self.last_activity = now;
        Ok(())
    }

    /// The index in [`Room::placed`] of `colour`'s last disc.
    fn last_placement_of(&self, colour: Colour) -> Option<usize> {
        let mut game = Game::new(self.variant);
        let mut last = None;
        for (n, (cell, _)) in self.placed.iter().enumerate() {
            if Colour::of(game.to_move()) == colour {
                last = Some(n);
            }
            game.play(*cell).ok()?;
        }
        last
    }

    /// `seat` answers the opponent's take-back request; on yes the game goes back to before the
    /// asker's last move (with the opponent's reply, if any).
    pub fn answer_take_back(&mut self, seat: Seat, accept: bool, now: u64) -> Result<(), Refusal> {
        self.check_playing()?;
        let Some(asker) = self.take_back.filter(|&a| a != seat) else {
            return refuse(ErrorCode::NothingToAnswer, "the opponent asked for nothing");
        };
        self.take_back = None;
        self.last_activity = now;
        if accept {
            let keep = self
                .last_placement_of(self.colour(asker))
                .expect("a take-back is asked only with a move to take back");
            let running = self.running().expect("the game is being played");
            self.clocks_ms[index(running)] = self.time_left(running, now);
            self.placed.truncate(keep);
            self.game = replay(self.variant, &self.placed).expect("a prefix of a game plays");
            self.turn_started = now;
        }
        Ok(())
    }

    /// `seat` offers (or accepts) a rematch after the game; when both have, a new game starts with
    /// the colours swapped and the clocks full. True when it started.
    pub fn offer_rematch(&mut self, seat: Seat, now: u64) -> Result<bool, Refusal> {
        if !self.is_over() || self.seats[1].is_none() {
            return refuse(ErrorCode::NothingToAnswer, "the game is not over");
        }
        self.rematch[seat] = true;
        self.last_activity = now;
        if self.rematch != [true; 2] {
            return Ok(false);
        }
        self.black = 1 - self.black;
        self.game_no += 1;
        self.game = Game::new(self.variant);
        self.placed.clear();
        self.clocks_ms = [self.clock.map_or(0, |c| c.base_ms); 2];
        self.turn_started = now;
        self.ending = None;
        self.take_back = None;
        self.rematch = [false; 2];
        Ok(true)
    }

    /// The room as `you` sees it at `now`.
    pub fn state(&self, you: Option<Seat>, now: u64, grace: u64) -> RoomState {
        let player = |seat: Seat| match &self.seats[seat] {
            Some(holder) => PlayerState {
                name: holder.name.clone(),
                colour: Some(self.colour(seat)),
                connected: holder.connected,
                reconnect_ms: holder
                    .away_since
                    .filter(|_| self.is_playing())
                    .map(|since| grace.saturating_sub(now.saturating_sub(since))),
            },
            None => PlayerState {
                name: String::new(),
                colour: Some(self.colour(seat)),
                connected: false,
                reconnect_ms: None,
            },
        };
        RoomState {
            room: self.code.clone(),
            you,
            variant: self.variant.to_string(),
            clock: self.clock,
            players: [player(0), player(1)],
            game: self.game_no,
            moves: transcript(&self.game),
            ply: self.placed.len() as u32,
            last_move_id: self.placed.last().map(|&(_, id)| id),
            clocks_ms: self.clock.map(|_| {
                [
                    self.time_left(Colour::Black, now),
                    self.time_left(Colour::White, now),
                ]
            }),
            running: self.running(),
            status: self.status(),
            take_back: self.take_back,
            rematch: self.rematch,
            onlookers: 0,
        }
    }

    /// Who holds Black and White now.
    pub fn seat_of_colour(&self, colour: Colour) -> Seat {
        self.seat_of(colour)
    }
}

/// The moves of `game` with passes written `pass`.
fn transcript(game: &Game) -> String {
    game.history()
        .iter()
        .map(|m| match m {
            Move::Play(cell) => cell.to_string(),
            Move::Pass => "pass".to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests;
