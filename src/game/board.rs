//! The board scene: the wooden frame, the felt with its grid, one pickable square per cell of the
//! game's board (rebuilt when the board size changes), the lights and the camera that keeps the
//! whole board in view.

use bevy::prelude::*;

use super::theme::{ThemedMaterials, Tint};
use super::{CurrentGame, GameSettings, GameSystems};
use crate::rules::Square;

/// Side of one square, in world units (metres, as far as the renderer cares).
pub const SQUARE_SIZE: f32 = 1.0;
/// Width of the grid lines between squares.
const GRID_LINE: f32 = 0.04;
/// Width of the wooden frame around the felt.
const FRAME_WIDTH: f32 = 0.7;
/// Thickness of the felt slab; its top surface is at y = 0.
const FELT_THICKNESS: f32 = 0.1;
/// Camera pitch: the angle between the view direction and the board, in degrees.
const CAMERA_PITCH_DEG: f32 = 58.0;
/// Vertical field of view, in degrees.
const CAMERA_FOV_DEG: f32 = 40.0;
/// Radius of the sphere that must stay in view, per unit of the board's half side with its frame
/// (board, frame and a margin).
const VIEW_RADIUS_PER_HALF_SIDE: f32 = 1.255;

/// One square of the board: a felt tile that can be picked.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardSquare(pub Square);

/// A part of the board built for its size (frame, grid, tiles): replaced when the size changes.
#[derive(Component)]
pub struct BoardPart;

/// The side of the board built now, in squares.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuiltBoard(pub u32);

/// The camera that looks at the board.
#[derive(Component)]
pub struct BoardCamera;

pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(
        super::theme::Theme::Classic.palette().background,
    ))
    .init_resource::<BuiltBoard>()
    .add_systems(Startup, (spawn_scene, build_board).chain())
    .add_systems(Update, build_board.in_set(GameSystems::View))
    .add_systems(PostUpdate, frame_board.before(TransformSystems::Propagate));
}

/// The centre of `cell` on the top surface of a board of `size` squares a side.
pub fn square_centre(cell: Square, size: u32) -> Vec3 {
    let middle = (size as f32 - 1.0) / 2.0;
    Vec3::new(
        (cell.file as f32 - middle) * SQUARE_SIZE,
        0.0,
        (cell.rank as f32 - middle) * SQUARE_SIZE,
    )
}

/// Half the side of a board of `size` with its frame, in world units.
pub fn half_side(size: u32) -> f32 {
    size as f32 * SQUARE_SIZE / 2.0 + FRAME_WIDTH
}

/// The frame's, grid's and felt's materials, made once and recoloured by the theme.
#[derive(Resource)]
pub struct BoardMaterials {
    frame: Handle<StandardMaterial>,
    grid: Handle<StandardMaterial>,
    /// The tiles' felt (the markers module swaps it for the cursor's and back).
    pub felt: Handle<StandardMaterial>,
}

/// Builds the board for the game's size when it has none of that size yet: the parts of the old
/// size go, the frame, grid and tiles of the new one come.
fn build_board(
    mut commands: Commands,
    game: Res<CurrentGame>,
    mut built: ResMut<BuiltBoard>,
    parts: Query<Entity, With<BoardPart>>,
    mut meshes: ResMut<Assets<Mesh>>,
    board: Res<BoardMaterials>,
) {
    let size = game.variant().size();
    if built.0 == size {
        return;
    }
    built.0 = size;
    for part in &parts {
        commands.entity(part).despawn();
    }
    let board_side = size as f32 * SQUARE_SIZE;
    let frame_side = board_side + 2.0 * FRAME_WIDTH;
    commands.spawn((
        Name::new("Frame"),
        BoardPart,
        Mesh3d(meshes.add(Cuboid::new(frame_side, 0.4, frame_side))),
        MeshMaterial3d(board.frame.clone()),
        Transform::from_xyz(0.0, -0.2 - FELT_THICKNESS + 0.05, 0.0),
        Pickable::IGNORE,
    ));
    // The grid is the dark slab showing between the felt tiles.
    commands.spawn((
        Name::new("Grid"),
        BoardPart,
        Mesh3d(meshes.add(Cuboid::new(
            board_side + GRID_LINE,
            FELT_THICKNESS,
            board_side + GRID_LINE,
        ))),
        MeshMaterial3d(board.grid.clone()),
        Transform::from_xyz(0.0, -FELT_THICKNESS / 2.0 - 0.001, 0.0),
        Pickable::IGNORE,
    ));
    let tile = meshes.add(
        Plane3d::default()
            .mesh()
            .size(SQUARE_SIZE - GRID_LINE, SQUARE_SIZE - GRID_LINE),
    );
    let felt = board.felt.clone();
    for cell in game.variant().all_squares() {
        commands.spawn((
            Name::new(format!("Sq {cell}")),
            BoardSquare(cell),
            BoardPart,
            Mesh3d(tile.clone()),
            MeshMaterial3d(felt.clone()),
            Transform::from_translation(square_centre(cell, size)),
        ));
    }
}

/// The board's materials, the lights and the camera, made once for every board size.
fn spawn_scene(
    mut commands: Commands,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut themed: ResMut<ThemedMaterials>,
    settings: Res<GameSettings>,
) {
    let mut themed_material = |tint: Tint, roughness: f32, reflectance: f32| {
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
    commands.insert_resource(BoardMaterials {
        frame: themed_material(Tint::Frame, 0.55, 0.5),
        grid: themed_material(Tint::Grid, 0.9, 0.5),
        felt: themed_material(Tint::Felt, 0.95, 0.2),
    });
    commands.insert_resource(GlobalAmbientLight {
        brightness: 350.0,
        ..default()
    });
    commands.spawn((
        Name::new("Sun"),
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-4.0, 12.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        Name::new("Board camera"),
        BoardCamera,
        Camera3d::default(),
        Projection::Perspective(PerspectiveProjection {
            fov: CAMERA_FOV_DEG.to_radians(),
            ..default()
        }),
        Transform::from_xyz(0.0, 10.0, 7.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

/// Keeps the whole board in view at any size and aspect ratio: the camera backs off until the
/// board's bounding sphere fits both the vertical and the horizontal field of view of its viewport.
fn frame_board(
    built: Res<BuiltBoard>,
    mut cameras: Query<(&Camera, &Projection, &mut Transform), With<BoardCamera>>,
) {
    let radius = half_side(built.0.max(4)) * VIEW_RADIUS_PER_HALF_SIDE;
    for (camera, projection, mut transform) in &mut cameras {
        let Projection::Perspective(perspective) = projection else {
            continue;
        };
        let aspect = camera
            .logical_viewport_size()
            .filter(|size| size.y > 0.0)
            .map_or(perspective.aspect_ratio, |size| size.x / size.y);
        let half_v = perspective.fov / 2.0;
        let half_h = (half_v.tan() * aspect).atan();
        let distance = radius / half_v.min(half_h).sin();
        let pitch = CAMERA_PITCH_DEG.to_radians();
        let eye = Vec3::new(0.0, pitch.sin(), pitch.cos()) * distance;
        *transform = Transform::from_translation(eye).looking_at(Vec3::ZERO, Vec3::Y);
    }
}
