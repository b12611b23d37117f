//! Disc entities: one per occupied square, two-sided (white half above, black below), turned to
//! show the colour the rules board says. Moves animate; resets snap.

use std::f32::consts::PI;

use bevy::prelude::*;

use super::board::square_centre;
use super::look::disc_half;
use super::{BoardReset, BoardRewound, CurrentGame, GameSettings, GameSystems, MoveApplied};
use crate::rules::{Player, Square};

/// Disc radius, in world units (a square is 1.0).
pub const DISC_RADIUS: f32 = 0.42;
/// Thickness of each coloured half of a disc.
pub const DISC_HALF_THICKNESS: f32 = 0.06;
/// How far each face's edge is bevelled: a rim of light round every disc.
const DISC_BEVEL: f32 = 0.025;

/// A disc on `square`, showing `colour` (the colour it ends on once any animation is done).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Disc {
    pub square: Square,
    pub colour: Player,
}

/// Shared meshes and materials for discs.
#[derive(Resource)]
pub struct DiscAssets {
    /// The white half, above the disc's middle, and the black one below it.
    upper: Handle<Mesh>,
    lower: Handle<Mesh>,
    black: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
}

/// Seconds one disc takes to turn over.
pub const FLIP_SECS: f32 = 0.38;
/// Seconds between the flips of discs one square further from the placed disc.
pub const FLIP_STAGGER_SECS: f32 = 0.07;
/// Height of the arc a flipping disc rises through, in world units.
pub const FLIP_LIFT: f32 = 0.45;
/// Seconds the placed disc takes to drop onto the board.
pub const DROP_SECS: f32 = 0.22;
/// Height the placed disc drops from.
pub const DROP_HEIGHT: f32 = 1.0;

/// A disc turning over from `from` to the colour its [`Disc`] now shows.
#[derive(Component, Debug, Clone, Copy)]
pub struct FlipAnimation {
    /// Seconds (at speed 1) before the flip starts.
    pub delay: f32,
    pub elapsed: f32,
    pub from: Player,
    /// Horizontal axis the disc turns about: across the line from the placed disc.
    pub axis: Vec3,
    pub started: bool,
}

impl FlipAnimation {
    pub fn new(placed: Square, square: Square, from: Player, delay: f32) -> FlipAnimation {
        let dx = square.file as f32 - placed.file as f32;
        let dz = square.rank as f32 - placed.rank as f32;
        let axis = Vec3::new(-dz, 0.0, dx).try_normalize().unwrap_or(Vec3::X);
        FlipAnimation {
            delay,
            elapsed: 0.0,
            from,
            axis,
            started: false,
        }
    }
}

/// The placed disc falling into place.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct DropAnimation {
    pub elapsed: f32,
}

/// Delay before the disc on `square` flips, after a move on `placed`: one stagger per ring.
pub fn flip_delay(placed: Square, square: Square) -> f32 {
    let distance = (square.file as i32 - placed.file as i32)
        .abs()
        .max((square.rank as i32 - placed.rank as i32).abs());
    DROP_SECS * 0.6 + (distance - 1).max(0) as f32 * FLIP_STAGGER_SECS
}

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, (load_disc_assets, reset_discs).chain())
        .add_systems(
            Update,
            (
                show_moves,
                show_rewinds,
                reset_discs.run_if(on_message::<BoardReset>),
            )
                .chain()
                .in_set(GameSystems::View),
        );
}

fn load_disc_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut themed: ResMut<super::theme::ThemedMaterials>,
    settings: Res<GameSettings>,
) {
    use super::theme::Tint;
    let mut face = |tint: Tint, roughness: f32, reflectance: f32| {
        themed.add(
            &mut materials,
            settings.theme,
            tint,
            StandardMaterial {
                perceptual_roughness: roughness,
                reflectance,
                ..default()
            },
        )
    };
    // The black face reflects little: seen from above (the flat view) the sun's highlight on a
    // shinier one greys the whole face.
    let (black, white) = (face(Tint::Black, 0.5, 0.15), face(Tint::White, 0.45, 0.5));
    commands.insert_resource(DiscAssets {
        upper: meshes.add(disc_half(
            DISC_RADIUS,
            DISC_HALF_THICKNESS,
            DISC_BEVEL,
            48,
            true,
        )),
        lower: meshes.add(disc_half(
            DISC_RADIUS,
            DISC_HALF_THICKNESS,
            DISC_BEVEL,
            48,
            false,
        )),
        black,
        white,
    });
}

/// The rotation that shows `colour` on top: white is up unturned, black is turned over.
pub fn face_up(colour: Player) -> Quat {
    match colour {
        Player::White => Quat::IDENTITY,
        Player::Black => Quat::from_rotation_z(PI),
    }
}

/// Where a disc rests on `square` of a board of `size` (centre of the disc).
pub fn rest_position(square: Square, size: u32) -> Vec3 {
    square_centre(square, size) + Vec3::Y * DISC_HALF_THICKNESS
}

/// The resting transform of a disc on `square` of a board of `size`.
pub fn disc_transform(square: Square, size: u32, colour: Player) -> Transform {
    Transform::from_translation(rest_position(square, size)).with_rotation(face_up(colour))
}

/// A disc: a parent carrying [`Disc`] with the two coloured halves as children.
pub fn disc_bundle(assets: &DiscAssets, square: Square, size: u32, colour: Player) -> impl Bundle {
    (
        Name::new(format!("Disc {square}")),
        Disc { square, colour },
        disc_transform(square, size, colour),
        Visibility::default(),
        Pickable::IGNORE,
        children![
            (
                Mesh3d(assets.upper.clone()),
                MeshMaterial3d(assets.white.clone()),
                Pickable::IGNORE,
            ),
            (
                Mesh3d(assets.lower.clone()),
                MeshMaterial3d(assets.black.clone()),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// A move: the placed disc drops in, and every outflanked disc gets its own flip, staggered
/// outward from the placed disc so each line flips as a wave.
fn show_moves(
    mut commands: Commands,
    mut moves: MessageReader<MoveApplied>,
    assets: Option<Res<DiscAssets>>,
    settings: Res<GameSettings>,
    mut discs: Query<(Entity, &mut Disc, &mut Transform)>,
) {
    let Some(assets) = assets else { return };
    for applied in moves.read() {
        let animate = settings.animation_speed > 0.0;
        let size = applied.variant.size();
        let mut placed = commands.spawn(disc_bundle(&assets, applied.square, size, applied.player));
        if animate {
            placed.insert(DropAnimation::default());
        }
        for (entity, mut disc, mut transform) in &mut discs {
            if !applied.flips(disc.square) {
                continue;
            }
            let from = disc.colour;
            disc.colour = applied.player;
            if animate {
                commands.entity(entity).insert(FlipAnimation::new(
                    applied.square,
                    disc.square,
                    from,
                    flip_delay(applied.square, disc.square),
                ));
            } else {
                *transform = disc_transform(disc.square, size, disc.colour);
            }
        }
        // Squares flipped without a disc entity would be a bug in the views; a reset repairs it.
        let shown: Vec<Square> = discs.iter().map(|(_, d, _)| d.square).collect();
        for square in applied.flipped_cells().filter(|c| !shown.contains(c)) {
            warn!("no disc on flipped square {square}; spawning one");
            commands.spawn(disc_bundle(&assets, square, size, applied.player));
        }
    }
}

/// Makes the disc entities match the rules board at once: spawn where a disc is missing, turn those
/// showing the wrong colour, remove those on empty squares, and stop every animation.
pub fn reset_discs(
    mut commands: Commands,
    game: Res<CurrentGame>,
    assets: Option<Res<DiscAssets>>,
    mut discs: Query<(Entity, &mut Disc, &mut Transform)>,
) {
    let Some(assets) = assets else { return };
    let position = game.0.position();
    let variant = position.variant;
    let size = variant.size();
    let mut shown = vec![false; variant.cells() as usize];
    for (entity, mut disc, mut transform) in &mut discs {
        let index = disc.square.index(size);
        match (position.colour_at(disc.square), index) {
            (Some(colour), Some(i)) if !shown[i as usize] => {
                shown[i as usize] = true;
                disc.colour = colour;
                *transform = disc_transform(disc.square, size, colour);
                commands
                    .entity(entity)
                    .remove::<(FlipAnimation, DropAnimation)>();
            }
            _ => commands.entity(entity).despawn(),
        }
    }
    for square in variant.all_squares() {
        let shown = square.index(size).is_some_and(|i| shown[i as usize]);
        if let (false, Some(colour)) = (shown, position.colour_at(square)) {
            commands.spawn(disc_bundle(&assets, square, size, colour));
        }
    }
}

/// Undo/redo: every disc whose colour changed turns over, discs taken back are lifted off, discs
/// put back drop in. Animations still running from before end at once.
fn show_rewinds(
    mut commands: Commands,
    mut rewinds: MessageReader<BoardRewound>,
    game: Res<CurrentGame>,
    assets: Option<Res<DiscAssets>>,
    settings: Res<GameSettings>,
    mut discs: Query<(Entity, &mut Disc, &mut Transform)>,
) {
    let Some(assets) = assets else { return };
    if rewinds.read().count() == 0 {
        return;
    }
    let animate = settings.animation_speed > 0.0;
    let now = game.0.position();
    let size = now.variant.size();
    let mut shown = vec![false; now.variant.cells() as usize];
    for (entity, mut disc, mut transform) in &mut discs {
        let square = disc.square;
        match (now.colour_at(square), square.index(size)) {
            (Some(colour), Some(i)) if !shown[i as usize] => {
                shown[i as usize] = true;
                let mut entity_commands = commands.entity(entity);
                entity_commands.remove::<(FlipAnimation, DropAnimation)>();
                if colour != disc.colour && animate {
                    let from = disc.colour;
                    disc.colour = colour;
                    entity_commands.insert(FlipAnimation::new(square, square, from, 0.0));
                } else {
                    disc.colour = colour;
                    *transform = disc_transform(square, size, colour);
                }
            }
            _ => commands.entity(entity).despawn(),
        }
    }
    for square in now.variant.all_squares() {
        let shown = square.index(size).is_some_and(|i| shown[i as usize]);
        let (false, Some(colour)) = (shown, now.colour_at(square)) else {
            continue;
        };
        let mut spawned = commands.spawn(disc_bundle(&assets, square, size, colour));
        if animate {
            spawned.insert(DropAnimation::default());
        }
    }
}
