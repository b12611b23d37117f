//! The board scene: the wooden frame, the felt with its grid, one pickable square per cell of the
//! game's board (rebuilt when the board's size or shape changes; on a shaped board the frame and
//! the grid follow its outline), the lights and the camera that keeps the whole board in view.

use bevy::light::NotShadowCaster;
use bevy::pbr::MAX_DIRECTIONAL_LIGHTS;
use bevy::prelude::*;

use super::look::{frame_ring, shifted_uvs, tile_offset};
use super::theme::{ThemedMaterials, Tint};
use super::{CurrentGame, GameSettings, GameSystems};
use crate::rules::bits::SquareSet;
use crate::rules::{Square, Variant};

/// Side of one square, in world units (metres, as far as the renderer cares).
pub const SQUARE_SIZE: f32 = 1.0;
/// Width of the grid lines between squares.
const GRID_LINE: f32 = 0.04;
/// Width of the wooden frame around the felt.
const FRAME_WIDTH: f32 = 0.7;
/// How far the frame's top edges are bevelled.
const FRAME_BEVEL: f32 = 0.12;
/// The square board's frame stands this high above the felt.
const FRAME_TOP: f32 = 0.08;
/// Thickness of the felt slab; its top surface is at y = 0.
const FELT_THICKNESS: f32 = 0.1;
/// The 3D view's pitch: the angle between the view direction and the board, in degrees.
const CAMERA_PITCH_DEG: f32 = 62.0;
/// Vertical field of view, in degrees: narrow enough that the far row is not much shorter than
/// the near one.
const CAMERA_FOV_DEG: f32 = 30.0;
/// The board's extent on screen with this much room around it (4 %).
const VIEW_MARGIN: f32 = 1.04;

/// How the board is seen: in 3D from the player's side, or flat from straight above.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum View {
    #[default]
    ThreeD,
    Flat,
}

impl View {
    pub const ALL: [View; 2] = [View::ThreeD, View::Flat];

    /// The name in save files and on the command line.
    pub const fn key(self) -> &'static str {
        match self {
            View::ThreeD => "3d",
            View::Flat => "flat",
        }
    }

    /// The other view (the V key).
    pub const fn toggled(self) -> View {
        match self {
            View::ThreeD => View::Flat,
            View::Flat => View::ThreeD,
        }
    }

    /// The camera's pitch, in radians: 90° looks straight down.
    fn pitch(self) -> f32 {
        match self {
            View::ThreeD => CAMERA_PITCH_DEG.to_radians(),
            View::Flat => std::f32::consts::FRAC_PI_2,
        }
    }
}

impl std::str::FromStr for View {
    type Err = String;

    fn from_str(text: &str) -> Result<View, String> {
        View::ALL
            .into_iter()
            .find(|view| view.key() == text)
            .ok_or_else(|| format!("'{text}' is not a view (3d or flat)"))
    }
}

/// One square of the board: a felt tile that can be picked.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardSquare(pub Square);

/// A part of the board built for its size and shape (frame, grid, tiles): replaced when they
/// change.
#[derive(Component)]
pub struct BoardPart;

/// The board built now: its side in squares and the squares that are off.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuiltBoard(pub u32, pub SquareSet);

impl BuiltBoard {
    fn of(variant: Variant) -> BuiltBoard {
        BuiltBoard(variant.size(), variant.holes())
    }
}

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

/// Builds the board for the game's size and shape when it has none of them yet: the parts of the
/// old board go, the frame, grid and tiles of the new one come. A square board has one frame and
/// one grid slab; a shaped one a frame and a grid that follow its outline ([`super::outline`]),
/// so that wood shows round it and in its holes.
fn build_board(
    mut commands: Commands,
    game: Res<CurrentGame>,
    mut built: ResMut<BuiltBoard>,
    parts: Query<Entity, With<BoardPart>>,
    mut meshes: ResMut<Assets<Mesh>>,
    board: Res<BoardMaterials>,
) {
    let variant = game.variant();
    let size = variant.size();
    if *built == BuiltBoard::of(variant) {
        return;
    }
    *built = BuiltBoard::of(variant);
    for part in &parts {
        commands.entity(part).despawn();
    }
    let frame_y = -0.2 - FELT_THICKNESS + 0.05;
    let grid_y = -FELT_THICKNESS / 2.0 - 0.001;
    if variant.is_square() {
        let board_side = size as f32 * SQUARE_SIZE;
        // A frame standing above the felt round it, bevelled inside and out: the felt lies in
        // it, and its inner edge casts a soft shadow on the squares beside it.
        commands.spawn((
            Name::new("Frame"),
            BoardPart,
            Mesh3d(meshes.add(frame_ring(
                (board_side + GRID_LINE) / 2.0,
                FRAME_WIDTH - GRID_LINE / 2.0,
                (FRAME_TOP, frame_y - 0.2, -FELT_THICKNESS),
                FRAME_BEVEL,
            ))),
            MeshMaterial3d(board.frame.clone()),
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
            Transform::from_xyz(0.0, grid_y, 0.0),
            Pickable::IGNORE,
        ));
    } else {
        // One slab under the squares grown by the frame's width, the wood showing round the
        // outline and in the holes, and one under them grown by half a grid line: each a single
        // mesh with walls only on its outline. They lie below the felt and cast no shadows,
        // which would fall on nothing but each other.
        let slabs = [
            ("Frame", FRAME_WIDTH, frame_y, 0.4, board.frame.clone()),
            (
                "Grid",
                GRID_LINE / 2.0,
                grid_y,
                FELT_THICKNESS,
                board.grid.clone(),
            ),
        ];
        let centres: Vec<Vec3> = variant
            .all_squares()
            .map(|cell| square_centre(cell, size))
            .collect();
        for (name, margin, y, height, material) in slabs {
            let heights = (y + height / 2.0, y - height / 2.0);
            let half = SQUARE_SIZE / 2.0 + margin;
            commands.spawn((
                Name::new(name),
                BoardPart,
                Mesh3d(meshes.add(super::outline::shaped_slab(&centres, half, heights))),
                MeshMaterial3d(material),
                Pickable::IGNORE,
                NotShadowCaster,
            ));
        }
    }
    let felt = board.felt.clone();
    for cell in variant.all_squares() {
        // Each square shows its own part of the texture: no two neighbours alike.
        let tile = Plane3d::default()
            .mesh()
            .size(SQUARE_SIZE - GRID_LINE, SQUARE_SIZE - GRID_LINE)
            .build();
        commands.spawn((
            Name::new(format!("Sq {cell}")),
            BoardSquare(cell),
            BoardPart,
            Mesh3d(meshes.add(shifted_uvs(tile, tile_offset(cell)))),
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
    // A dim light from the other side, without shadows: the sides the sun leaves in shade (the
    // frame's far bevels, the discs' rims) keep their shape. Where the renderer draws a single
    // directional light (WebGL2: Bevy's `MAX_DIRECTIONAL_LIGHTS` is 1 there) it would draw the
    // shadowless fill light instead of the sun, so there a brighter ambient light stands in.
    let fill_light = MAX_DIRECTIONAL_LIGHTS > 1;
    commands.insert_resource(GlobalAmbientLight {
        brightness: if fill_light { 350.0 } else { 600.0 },
        ..default()
    });
    commands.spawn((
        Name::new("Sun"),
        DirectionalLight {
            illuminance: 8_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-4.0, 12.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    if fill_light {
        commands.spawn((
            Name::new("Fill light"),
            DirectionalLight {
                illuminance: 2_500.0,
                shadow_maps_enabled: false,
                ..default()
            },
            Transform::from_xyz(6.0, 8.0, -5.0).looking_at(Vec3::ZERO, Vec3::Y),
        ));
    }
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

/// What the camera's place depends on: the board's half side, the view, the lens and the
/// viewport's aspect ratio.
type Framing = (f32, View, f32, f32);

/// Keeps the whole board in view at any size and aspect ratio, as large as it fits: from the
/// settings' view, the camera's place for the board's size and its viewport's shape.
fn frame_board(
    built: Res<BuiltBoard>,
    settings: Res<GameSettings>,
    mut cameras: Query<(&Camera, &Projection, &mut Transform), With<BoardCamera>>,
    // The last placement and what it was found for: the search runs again only when the board's
    // size, the view, the lens or the viewport's shape change, not every frame.
    mut placed_for: Local<Option<(Framing, Transform)>>,
) {
    let half = half_side(built.0.max(4));
    for (camera, projection, mut transform) in &mut cameras {
        let Projection::Perspective(perspective) = projection else {
            continue;
        };
        let aspect = camera
            .logical_viewport_size()
            .filter(|size| size.y > 0.0)
            .map_or(perspective.aspect_ratio, |size| size.x / size.y);
        let key = (half, settings.view, perspective.fov, aspect);
        let placed = match *placed_for {
            Some((known, placed)) if known == key => placed,
            _ => {
                let placed = camera_placement(half, settings.view, perspective.fov, aspect);
                *placed_for = Some((key, placed));
                placed
            }
        };
        if *transform != placed {
            *transform = placed;
        }
    }
}

/// The corners of the box the camera keeps in view for a board `half` units from its centre to
/// the frame's edge: the frame from its underside to above the discs' tops.
fn board_box(half: f32) -> [Vec3; 8] {
    let mut corners = [Vec3::ZERO; 8];
    for (i, corner) in corners.iter_mut().enumerate() {
        let sign = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
        let y = if i & 4 == 0 { -0.45 } else { 0.15 };
        *corner = Vec3::new(sign(1) * half, y, sign(2) * half);
    }
    corners
}

/// Where the board camera stands for a board `half` units from its centre to the frame's edge,
/// seen in `view` with a vertical field of view `fov` (radians) on a viewport `aspect` times as
/// wide as it is tall: as close as it can be with the whole board and a margin in view, looking
/// at the point along the board's middle file that leaves as much room above the board as below
/// it (in 3D the near edge looks larger than the far one, so the board's centre is not the centre
/// of the picture).
pub fn camera_placement(half: f32, view: View, fov: f32, aspect: f32) -> Transform {
    let pitch = view.pitch();
    let forward = -Vec3::new(0.0, pitch.sin(), pitch.cos()).normalize();
    // Straight down, "up" on screen is the far side of the board (rank 1), as in 3D.
    let up_hint = if view == View::Flat {
        Vec3::NEG_Z
    } else {
        Vec3::Y
    };
    let right = forward.cross(up_hint).normalize();
    let up = right.cross(forward);
    let tan_v = (fov / 2.0).tan();
    let tan_h = tan_v * aspect.max(0.01);
    let corners = board_box(half);
    let fits = |target: Vec3, distance: f32| {
        let eye = target - forward * distance;
        corners.iter().all(|&corner| {
            let v = corner - eye;
            let depth = v.dot(forward);
            depth > 0.01
                && v.dot(right).abs() * VIEW_MARGIN <= depth * tan_h
                && v.dot(up).abs() * VIEW_MARGIN <= depth * tan_v
        })
    };
    // The closest distance that fits, for a target: fitting is monotone in the distance.
    let closest = |target: Vec3| {
        let (mut near, mut far) = (0.1_f32, 1000.0_f32);
        for _ in 0..40 {
            let middle = (near + far) / 2.0;
            if fits(target, middle) {
                far = middle;
            } else {
                near = middle;
            }
        }
        far
    };
    let tries: Vec<(Vec3, f32)> = (0..=40)
        .map(|step| Vec3::new(0.0, 0.0, half * (step as f32 / 40.0 - 0.5)))
        .map(|target| (target, closest(target)))
        .collect();
    // The one that leaves as much room above the board as below it: in a wide viewport it is
    // also the one that comes closest; in a tall one, the board stands in its middle.
    let imbalance = |&(target, distance): &(Vec3, f32)| {
        let eye = target - forward * distance;
        let heights = corners.map(|corner| {
            let v = corner - eye;
            v.dot(up) / v.dot(forward)
        });
        let top = heights.iter().copied().fold(f32::MIN, f32::max);
        let bottom = heights.iter().copied().fold(f32::MAX, f32::min);
        (top + bottom).abs()
    };
    let (target, distance) = tries
        .iter()
        .min_by(|a, b| imbalance(a).total_cmp(&imbalance(b)))
        .copied()
        .expect("targets to try");
    Transform::from_translation(target - forward * distance).looking_at(target, up_hint)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a point falls on the screen, from -1 to 1 each way (inside when both are within).
    fn on_screen(camera: &Transform, point: Vec3, fov: f32, aspect: f32) -> Vec2 {
        let v = point - camera.translation;
        let depth = v.dot(*camera.forward());
        let tan_v = (fov / 2.0).tan();
        Vec2::new(
            v.dot(*camera.right()) / (depth * tan_v * aspect),
            v.dot(*camera.up()) / (depth * tan_v),
        )
    }

    #[test]
    fn the_board_fills_its_viewport_in_both_views_at_every_shape() {
        let fov = CAMERA_FOV_DEG.to_radians();
        for view in View::ALL {
            for size in [4, 8, 16] {
                for aspect in [0.46, 0.8, 1.0, 1.25, 1.6, 2.4] {
                    let half = half_side(size);
                    let camera = camera_placement(half, view, fov, aspect);
                    let points = board_box(half).map(|c| on_screen(&camera, c, fov, aspect));
                    let reach = points
                        .iter()
                        .map(|p| p.x.abs().max(p.y.abs()))
                        .fold(0.0, f32::max);
                    // All in view, with the margin, and no more room than the margin: the
                    // board's widest extent touches the margin on one axis.
                    assert!(
                        reach <= 1.0 / VIEW_MARGIN + 1e-3,
                        "{view:?} {size} {aspect}"
                    );
                    assert!(
                        reach >= 0.97 / VIEW_MARGIN,
                        "{view:?} {size} {aspect}: {reach}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_board_limited_by_the_width_stands_in_the_middle_of_its_viewport() {
        let fov = CAMERA_FOV_DEG.to_radians();
        for view in View::ALL {
            let half = half_side(8);
            let camera = camera_placement(half, view, fov, 0.8);
            let heights = board_box(half).map(|c| on_screen(&camera, c, fov, 0.8).y);
            let top = heights.iter().copied().fold(f32::MIN, f32::max);
            let bottom = heights.iter().copied().fold(f32::MAX, f32::min);
            assert!((top + bottom).abs() < 0.06, "{view:?}: {top} {bottom}");
        }
    }

    #[test]
    fn the_flat_view_looks_straight_down_with_rank_one_at_the_top() {
        let fov = CAMERA_FOV_DEG.to_radians();
        let camera = camera_placement(half_side(8), View::Flat, fov, 1.6);
        assert!(camera.forward().dot(Vec3::NEG_Y) > 0.9999);
        let a1 = on_screen(&camera, square_centre(Square::new(0, 0), 8), fov, 1.6);
        let h8 = on_screen(&camera, square_centre(Square::new(7, 7), 8), fov, 1.6);
        assert!(a1.x < 0.0 && a1.y > 0.0, "a1 top left: {a1}");
        assert!(h8.x > 0.0 && h8.y < 0.0, "h8 bottom right: {h8}");
        // Seen from above, the board is square on the screen: its sides are equally long.
        let width = (h8.x - a1.x) * 1.6;
        let height = a1.y - h8.y;
        assert!((width - height).abs() < 1e-3, "{width} × {height}");
        // In 3D the far row looks shorter than the near one, but not by much.
        let camera = camera_placement(half_side(8), View::ThreeD, fov, 1.6);
        let row = |rank| {
            let left = on_screen(&camera, square_centre(Square::new(0, rank), 8), fov, 1.6);
            let right = on_screen(&camera, square_centre(Square::new(7, rank), 8), fov, 1.6);
            right.x - left.x
        };
        assert!(
            row(0) < row(7) && row(0) > 0.75 * row(7),
            "{} {}",
            row(0),
            row(7)
        );
    }

    #[test]
    fn views_are_read_and_written_by_their_keys() {
        for view in View::ALL {
            assert_eq!(view.key().parse::<View>(), Ok(view));
            assert_eq!(view.toggled().toggled(), view);
        }
        assert!("2d".parse::<View>().is_err());
    }
}
