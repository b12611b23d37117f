//! Where the rules meet the ECS: the rules game (of any variant) as the one source of truth, who
//! controls each side, the messages that move a game forward, and the plugins that show it (board,
//! discs, animations, markers, themes) and play it (turn flow, AI player).

use bevy::prelude::*;

use crate::ai::Level;
use crate::rules::Outcome;
use crate::rules::bits::SquareSet;
use crate::rules::{Game, Player, Position, Square, Variant};

pub mod ai_player;
pub mod analysis;
pub mod animation;
pub mod aside;
pub mod board;
pub mod clock;
pub mod compute;
pub mod database;
pub mod discs;
pub mod hints;
pub mod lesson;
pub mod lobby;
pub mod look;
pub mod markers;
pub mod online;
pub mod outline;
pub mod past_games;
pub mod practice;
pub mod puzzle;
pub mod theme;
pub mod tournament;
pub mod turn;
pub mod what_if;

/// The turn flow's systems: new games, the history, then placements (a lesson judges the
/// learner's tries before them).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnFlow;

/// Where the game stands this frame.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Phase {
    /// A human may place a disc.
    #[default]
    WaitingForHuman,
    /// The AI is to move (its search runs, or is about to start).
    AiToMove,
    /// The online opponent is to move.
    RemoteToMove,
    /// Discs are still moving; no input is taken.
    Animating,
    GameOver,
}

/// The game in progress, of any variant: the single source of truth. Entities are views of it.
#[derive(Resource, Debug, Clone)]
pub struct CurrentGame(pub Game);

impl Default for CurrentGame {
    fn default() -> Self {
        CurrentGame(Game::new(Variant::STANDARD))
    }
}

impl CurrentGame {
    pub fn variant(&self) -> Variant {
        self.0.variant()
    }
}

/// Bumped whenever the game is replaced (new game, undo, load): AI results carry the generation
/// they were asked for and are dropped when it is no longer current.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Generation(pub u64);

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    Human,
    Ai(Level),
    /// The opponent of an online game: its moves come from the room server.
    Remote,
}

/// Who plays black and white in the current game, its time control, and the variant a new game
/// starts with.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchSettings {
    pub black: Controller,
    pub white: Controller,
    /// Time per player for the whole game; `None` plays without clocks.
    pub clock: Option<std::time::Duration>,
    /// The board size and rules.
    pub variant: Variant,
}

impl Default for MatchSettings {
    fn default() -> Self {
        MatchSettings::human_vs_ai(Player::Black, Level::Intermediate)
    }
}

impl MatchSettings {
    /// The game a link to the browser build asks for
    /// (`?black=human&white=expert[&clock=5][&size=10][&rules=anti][&shape=cross]`: each side
    /// `human` or a level name, minutes 1–30, a supported size, `othello`, `classic` or `anti`,
    /// and `cross`, `octagon` or the squares that are off, `a1,h8`), if it names both sides and
    /// nothing is malformed.
    pub fn from_query(query: &str) -> Option<MatchSettings> {
        let mut settings = MatchSettings::default();
        let (mut black, mut white) = (false, false);
        let (mut size, mut rules, mut shape) = (8, "othello", None);
        for pair in query.trim_start_matches('?').split('&') {
            let (key, value) = pair.split_once('=')?;
            let side = || -> Option<Controller> {
                if value.eq_ignore_ascii_case("human") {
                    Some(Controller::Human)
                } else {
                    value.parse::<Level>().ok().map(Controller::Ai)
                }
            };
            match key {
                "black" => (settings.black, black) = (side()?, true),
                "white" => (settings.white, white) = (side()?, true),
                "clock" => {
                    let minutes: u64 = value.parse().ok().filter(|m| (1..=30).contains(m))?;
                    settings.clock = Some(std::time::Duration::from_secs(60 * minutes));
                }
                "size" => size = value.parse().ok()?,
                "rules" => rules = value,
                "shape" => shape = Some(value.replace("%2C", ",").replace("%2c", ",")),
                _ => {}
            }
        }
        settings.variant = Variant::parse(size, rules).ok()?;
        if let Some(shape) = shape {
            settings.variant = settings.variant.with_shape(&shape).ok()?;
        }
        (black && white).then_some(settings)
    }

    pub const fn human_vs_ai(human: Player, level: Level) -> MatchSettings {
        match human {
            Player::Black => MatchSettings {
                black: Controller::Human,
                white: Controller::Ai(level),
                clock: None,
                variant: Variant::STANDARD,
            },
            Player::White => MatchSettings {
                black: Controller::Ai(level),
                white: Controller::Human,
                clock: None,
                variant: Variant::STANDARD,
            },
        }
    }

    pub const fn two_humans() -> MatchSettings {
        MatchSettings {
            black: Controller::Human,
            white: Controller::Human,
            clock: None,
            variant: Variant::STANDARD,
        }
    }

    pub const fn ai_vs_ai(black: Level, white: Level) -> MatchSettings {
        MatchSettings {
            black: Controller::Ai(black),
            white: Controller::Ai(white),
            clock: None,
            variant: Variant::STANDARD,
        }
    }

    /// The same players on `variant`.
    pub const fn on(mut self, variant: Variant) -> MatchSettings {
        self.variant = variant;
        self
    }

    /// The same players with a time control of `clock` per player.
    pub const fn with_clock(mut self, clock: Option<std::time::Duration>) -> MatchSettings {
        self.clock = clock;
        self
    }

    pub const fn controller(&self, player: Player) -> Controller {
        match player {
            Player::Black => self.black,
            Player::White => self.white,
        }
    }

    /// The only human, when exactly one side is human.
    pub fn single_human(&self) -> Option<Player> {
        match (self.black, self.white) {
            (Controller::Human, Controller::Ai(_) | Controller::Remote) => Some(Player::Black),
            (Controller::Ai(_) | Controller::Remote, Controller::Human) => Some(Player::White),
            _ => None,
        }
    }
}

/// Player-facing settings that shape the feel.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct GameSettings {
    /// Animation speed multiplier: 1 is normal, 0 turns animations off.
    pub animation_speed: f32,
    pub show_legal_moves: bool,
    /// Show the engine's evaluation of every legal move while a human is to move.
    pub show_hints: bool,
    /// Sound effect volume, 0–1.
    pub volume: f32,
    pub muted: bool,
    /// Pause before an AI move, in seconds (the AI-vs-AI watching speed).
    pub ai_move_delay: f32,
    /// The board's colours.
    pub theme: theme::Theme,
    /// The board in 3D or flat from above.
    pub view: board::View,
    /// The menus and panels dark or light.
    pub ui_mode: theme::UiMode,
    /// The size of the menus' and panels' text, 0.75–2 (egui's zoom).
    pub text_scale: f32,
    /// The language the player chose; `None` follows the system's.
    pub language: Option<crate::i18n::Language>,
    /// How deep the analysis of a game searches.
    pub review_depth: crate::ai::jobs::ReviewDepth,
}

impl GameSettings {
    /// The text sizes offered, as fractions of the normal size.
    pub const TEXT_SCALES: std::ops::RangeInclusive<f32> = 0.75..=2.0;

    /// Reduce motion: every animation off (discs appear turned, placed discs do not fall).
    pub fn reduce_motion(&self) -> bool {
        self.animation_speed == 0.0
    }
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings {
            animation_speed: 1.0,
            show_legal_moves: true,
            show_hints: false,
            volume: 0.7,
            muted: false,
            ai_move_delay: 0.4,
            theme: theme::Theme::Classic,
            view: board::View::ThreeD,
            ui_mode: theme::UiMode::Dark,
            text_scale: 1.0,
            language: None,
            review_depth: crate::ai::jobs::ReviewDepth::Normal,
        }
    }
}

/// Who asked for a disc to be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requester {
    Human,
    /// An AI result, for the game generation it was computed for.
    Ai {
        generation: u64,
    },
    /// A move a lesson or a puzzle accepted from the player.
    Lesson,
    /// A move the room server confirmed, in an online game (either side's).
    Remote,
}

/// Intent: place a disc for the side to move.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaceRequested {
    pub square: Square,
    pub by: Requester,
}

/// A disc was placed: `flipped` holds every outflanked disc (none during the free opening), as
/// squares of the game's board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveApplied {
    pub square: Square,
    pub player: Player,
    pub flipped: SquareSet,
    pub variant: Variant,
}

impl MoveApplied {
    /// The outflanked squares.
    pub fn flipped_cells(&self) -> impl Iterator<Item = Square> {
        self.variant.squares_of(self.flipped)
    }

    pub fn flips(&self, cell: Square) -> bool {
        self.variant.holds(self.flipped, cell)
    }
}

/// `player` had no move and passed; the other side moves again.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Passed {
    pub player: Player,
}

/// The game ended.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnded {
    pub outcome: Outcome,
}

/// A human tried a square that is not a legal move (quiet feedback only).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalPlacement {
    pub square: Square,
}

/// Intent: start a new game with these players.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameRequested(pub MatchSettings);

/// The board was replaced wholesale (new game, load): views must resynchronise at once.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardReset;

/// Intent: replace the game with this one (a pasted transcript, board or GGF).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct LoadRequested(pub Game);

/// The game is being stepped through (the analysis is open): ← and → go one move back and on
/// instead of moving the cursor (A and D still move it), and the AI does not move in a position
/// the game went on from.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reviewing(pub bool);

/// Intent: go to the position after `plays` placed moves (passes follow by themselves), through
/// the history and its redo moves.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct JumpRequested {
    pub plays: usize,
}

/// Intent: take back the last move (against the AI: the human's move and the AI's reply).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UndoRequested;

/// Intent: replay what was taken back (against the AI: up to the human's next turn).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RedoRequested;

/// The game moved through its history (undo or redo) from `from`: discs animate to the new board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardRewound {
    pub from: Position,
}

/// The order of the game's systems within a frame.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Devices turn into intents.
    Input,
    /// Intents become rules moves (and AI requests start and finish).
    Turn,
    /// Views follow: discs spawn and start animating, markers move.
    View,
    /// Animations advance.
    Animate,
    /// The phase is worked out from the frame's end state (it drives the next frame).
    Phase,
}

/// Where a finished game is added to the past games: after the turn, before a tournament records
/// it (which then no longer counts it as being played, nor names its players).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeepFinished;

pub fn plugin(app: &mut App) {
    app.init_resource::<CurrentGame>()
        .init_resource::<Generation>()
        .init_resource::<MatchSettings>()
        .init_resource::<GameSettings>()
        .add_message::<PlaceRequested>()
        .add_message::<MoveApplied>()
        .add_message::<Passed>()
        .add_message::<GameEnded>()
        .add_message::<IllegalPlacement>()
        .add_message::<NewGameRequested>()
        .add_message::<BoardReset>()
        .add_message::<LoadRequested>()
        .add_message::<UndoRequested>()
        .add_message::<JumpRequested>()
        .add_message::<RedoRequested>()
        .add_message::<BoardRewound>()
        .init_resource::<Reviewing>()
        .configure_sets(
            Update,
            (
                GameSystems::Input,
                GameSystems::Turn,
                GameSystems::View,
                GameSystems::Animate,
                GameSystems::Phase,
            )
                .chain(),
        )
        .add_plugins((
            board::plugin,
            discs::plugin,
            animation::plugin,
            markers::plugin,
            turn::plugin,
            ai_player::plugin,
            hints::plugin,
            (past_games::plugin, database::plugin),
            clock::plugin,
            lesson::plugin,
            (puzzle::plugin, practice::plugin, tournament::plugin),
            online::plugin,
            lobby::plugin,
            (analysis::plugin, what_if::plugin),
            theme::plugin,
        ));
}
