//! Disc entities: one per occupied square, two-sided (black below, white above), turned to show
//! the colour the rules board says.

use std::f32::consts::PI;

use bevy::prelude::*;

use super::CurrentGame;
use super::board::square_centre;
use crate::rules::{Player, Square};

/// Disc radius, in world units (a square is 1.0).
pub const DISC_RADIUS: f32 = 0.42;
/// Thickness of each coloured half of a disc.
pub const DISC_HALF_THICKNESS: f32 = 0.06;
const BLACK_FACE: Color = Color::srgb(0.04, 0.04, 0.05);
const WHITE_FACE: Color = Color::srgb(0.93, 0.92, 0.88);

/// A disc on `square`, showing `colour`.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Disc {
    pub square: Square,
    pub colour: Player,
}

/// Shared meshes and materials for discs.
#[derive(Resource)]
pub struct DiscAssets {
    half: Handle<Mesh>,
    black: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
}

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, load_disc_assets)
        .add_systems(Update, sync_discs.run_if(resource_exists::<DiscAssets>));
}

fn load_disc_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let face = |colour: Color, roughness: f32| StandardMaterial {
        base_color: colour,
        perceptual_roughness: roughness,
        ..default()
    };
    commands.insert_resource(DiscAssets {
        half: meshes.add(Cylinder::new(DISC_RADIUS, DISC_HALF_THICKNESS)),
        black: materials.add(face(BLACK_FACE, 0.35)),
        white: materials.add(face(WHITE_FACE, 0.45)),
    });
}

/// The rotation that shows `colour` on top: white is up unturned, black is turned over.
pub fn face_up(colour: Player) -> Quat {
    match colour {
        Player::White => Quat::IDENTITY,
        Player::Black => Quat::from_rotation_z(PI),
    }
}

/// The resting transform of a disc on `square`.
pub fn disc_transform(square: Square, colour: Player) -> Transform {
    Transform::from_translation(square_centre(square) + Vec3::Y * DISC_HALF_THICKNESS)
        .with_rotation(face_up(colour))
}

/// A disc: a parent carrying [`Disc`] with the two coloured halves as children.
pub fn disc_bundle(assets: &DiscAssets, square: Square, colour: Player) -> impl Bundle {
    (
        Name::new(format!("Disc {square}")),
        Disc { square, colour },
        disc_transform(square, colour),
        Visibility::default(),
        Pickable::IGNORE,
        children![
            (
                Mesh3d(assets.half.clone()),
                MeshMaterial3d(assets.white.clone()),
                Transform::from_xyz(0.0, DISC_HALF_THICKNESS / 2.0, 0.0),
                Pickable::IGNORE,
            ),
            (
                Mesh3d(assets.half.clone()),
                MeshMaterial3d(assets.black.clone()),
                Transform::from_xyz(0.0, -DISC_HALF_THICKNESS / 2.0, 0.0),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// Makes the disc entities match the rules board: spawn where a disc is missing, turn those showing
/// the wrong colour, remove those on empty squares.
pub fn sync_discs(
    mut commands: Commands,
    game: Res<CurrentGame>,
    assets: Res<DiscAssets>,
    mut discs: Query<(Entity, &mut Disc, &mut Transform)>,
) {
    if !game.is_changed() {
        return;
    }
    let position = game.0.position();
    let mut shown = 0u64;
    for (entity, mut disc, mut transform) in &mut discs {
        match position.colour_at(disc.square) {
            Some(colour) if shown & disc.square.bit() == 0 => {
                shown |= disc.square.bit();
                if disc.colour != colour {
                    disc.colour = colour;
                    *transform = disc_transform(disc.square, colour);
                }
            }
            _ => commands.entity(entity).despawn(),
        }
    }
    for square in Square::all().filter(|s| shown & s.bit() == 0) {
        if let Some(colour) = position.colour_at(square) {
            commands.spawn(disc_bundle(&assets, square, colour));
        }
    }
}
