//! Frame by frame, any sequence of requests leaves the screen equal to the rules (a stateful property test).

use super::*;

/// One player's (or the menu's) request in the stateful test below.
#[derive(Clone, Debug)]
enum Command {
    /// The `n`th legal move (modulo their number), or any square of a 16×16 board (file
    /// `square % 16`, rank `square / 16`: on or off the board in play) when `legal` is false.
    Place {
        n: usize,
        legal: bool,
        square: Square,
    },
    Undo,
    Redo,
    Jump(usize),
    /// A random game of `moves` moves from seed `seed` on the board and rules `VARIANTS[variant]`,
    /// some of them taken back.
    Load {
        variant: usize,
        seed: u64,
        moves: usize,
        undos: usize,
    },
    /// A new game on `VARIANTS[variant]`.
    NewGame(usize),
}

/// The boards and rules the stateful test switches between.
const VARIANTS: [&str; 5] = ["8x8", "6x6", "10x10 anti", "8x8 classic", "7x7"];

fn variant(index: usize) -> Variant {
    VARIANTS[index].parse().unwrap()
}

impl Command {
    /// The game a load request carries.
    fn loaded(&self) -> Option<Game> {
        match *self {
            Command::Load {
                variant: v,
                seed,
                moves,
                undos,
            } => Some(common::random_game(variant(v), seed, moves, undos)),
            _ => None,
        }
    }
}

fn command() -> impl proptest::strategy::Strategy<Value = Command> {
    use proptest::prelude::*;
    prop_oneof![
        8 => (any::<usize>(), prop::bool::weighted(0.85), 0u8..=255)
            .prop_map(|(n, legal, square)| Command::Place {
                n,
                legal,
                square: Square::new(square % 16, square / 16),
            }),
        2 => Just(Command::Undo),
        2 => Just(Command::Redo),
        1 => (0usize..70).prop_map(Command::Jump),
        1 => (0..VARIANTS.len(), any::<u64>(), 0usize..70, 0usize..5)
            .prop_map(|(variant, seed, moves, undos)| Command::Load { variant, seed, moves, undos }),
        1 => (0..VARIANTS.len()).prop_map(Command::NewGame),
    ]
}

/// The rules' reference for one frame's batch of requests, in the order the game's systems take
/// them: a new game, then a load (the last of each); a jump, then every undo, then every redo; then
/// the first legal placement, unless discs were still moving when the frame began or the game is
/// over (one move a frame; input waits for animations).
fn reference_frame(reference: &mut Game, batch: &[Command], animating: bool) {
    if let Some(v) = batch.iter().rev().find_map(|c| match c {
        Command::NewGame(v) => Some(*v),
        _ => None,
    }) {
        *reference = Game::new(variant(v));
    }
    if let Some(loaded) = batch.iter().rev().find_map(Command::loaded) {
        *reference = loaded;
    }
    if let Some(plays) = batch.iter().rev().find_map(|c| match c {
        Command::Jump(plays) => Some(*plays),
        _ => None,
    }) {
        let played = |g: &Game| {
            g.history()
                .iter()
                .filter(|m| matches!(m, Move::Play(_)))
                .count()
        };
        while played(reference) > plays && reference.undo().is_some() {}
        while played(reference) < plays && reference.redo().is_some() {}
    }
    for _ in batch.iter().filter(|c| matches!(c, Command::Undo)) {
        reference.undo();
    }
    for _ in batch.iter().filter(|c| matches!(c, Command::Redo)) {
        reference.redo();
    }
    if animating || reference.is_over() {
        return;
    }
    for command in batch {
        if let Command::Place { square, .. } = command
            && reference.play(*square).is_ok()
        {
            return;
        }
    }
}

/// Sends one request as a message (placements resolved against the game as it stands now).
fn send(app: &mut App, command: &mut Command) {
    match command {
        Command::Place { n, legal, square } => {
            let moves = rules(app).position().legal_squares();
            if *legal && !moves.is_empty() {
                *square = moves[*n % moves.len()];
            }
            place(app, *square);
        }
        Command::Undo => {
            app.world_mut().write_message(reversi::game::UndoRequested);
        }
        Command::Redo => {
            app.world_mut().write_message(reversi::game::RedoRequested);
        }
        Command::Jump(plays) => {
            app.world_mut()
                .write_message(reversi::game::JumpRequested { plays: *plays });
        }
        Command::Load { .. } => {
            let game = command.loaded().unwrap();
            app.world_mut()
                .write_message(reversi::game::LoadRequested(game));
        }
        Command::NewGame(v) => {
            app.world_mut().write_message(NewGameRequested(
                MatchSettings::two_humans().on(variant(*v)),
            ));
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Random requests, 0–3 frames apart (often while discs still move), at animation speed 0 or
    /// 1: after settling, the game is the reference's, the discs are the board's, and the entities
    /// are what the board needs.
    #[test]
    fn any_sequence_of_requests_keeps_the_game_the_rules_and_the_discs_in_step(
        commands in proptest::collection::vec((command(), 0usize..4), 1..40),
        speed in proptest::prelude::prop_oneof![proptest::prelude::Just(0.0f32), proptest::prelude::Just(1.0f32)],
    ) {
        let mut app = headless_app(MatchSettings::two_humans());
        app.world_mut().resource_mut::<GameSettings>().animation_speed = speed;
        settle(&mut app);
        // Besides the discs (a parent and two halves each), a marker per legal move and a tile
        // per square (as many as the board's size has), a fixed set.
        let entities = |app: &mut App| {
            let position = rules(app).position();
            let tiles = count::<With<BoardSquare>>(app);
            assert_eq!(tiles, position.variant.squares() as usize);
            count::<Without<IsResource>>(app)
                - 3 * (position.black() | position.white()).count() as usize
                - count::<With<reversi::game::markers::LegalMarker>>(app)
                - tiles
        };
        let base = entities(&mut app);
        let mut reference = Game::new(Variant::STANDARD);
        let mut batch = Vec::new();
        for (mut command, frames) in commands {
            send(&mut app, &mut command);
            batch.push(command);
            for _ in 0..frames {
                let animating = app.world().resource::<reversi::game::animation::Animating>().0;
                reference_frame(&mut reference, &batch, animating);
                batch.clear();
                app.update();
                proptest::prop_assert_eq!(rules(&app), reference.clone());
            }
        }
        let animating = app.world().resource::<reversi::game::animation::Animating>().0;
        reference_frame(&mut reference, &batch, animating);
        settle(&mut app);
        proptest::prop_assert_eq!(rules(&app), reference.clone());
        assert_discs_match(&mut app);
        proptest::prop_assert_eq!(entities(&mut app), base);
        // The markers are the legal moves while a human is to move, and none once it is over.
        let mut markers = app.world_mut().query::<&reversi::game::markers::LegalMarker>();
        let mut shown: Vec<Square> = markers.iter(app.world()).map(|m| m.0).collect();
        shown.sort();
        let mut wanted = if reference.is_over() { Vec::new() } else { reference.position().legal_squares() };
        wanted.sort();
        proptest::prop_assert_eq!(shown, wanted);
    }
}
