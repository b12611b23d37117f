//! What the board shows besides discs: legal-move dots (when a human is to move and the setting is
//! on; a square whose hint value is written has none, so that the number reads whole), a ring on
//! the disc placed last, the cursor (its square lit and outlined), and the quiet shake of an
//! illegal square. Each differs from the others by shape as well as colour, and every colour
//! comes from the theme.

use bevy::prelude::*;

use super::Phase;
use super::board::{BoardMaterials, BoardSquare, SQUARE_SIZE, square_centre};
use super::discs::DISC_HALF_THICKNESS;
use super::theme::{ThemedMaterials, Tint};
use super::{
    BoardReset, BoardRewound, CurrentGame, GameSettings, GameSystems, IllegalPlacement, MoveApplied,
};
use crate::rules::{Move, Square};

/// Radius of a legal-move marker.
const LEGAL_MARKER_RADIUS: f32 = 0.13;
/// Radii of the ring on the disc placed last.
const LAST_MOVE_RING: (f32, f32) = (0.11, 0.17);
/// Width of the cursor's outline.
const CURSOR_LINE: f32 = 0.05;
/// Seconds an illegal square shakes.
const SHAKE_SECS: f32 = 0.3;
/// How far it shakes, in world units.
const SHAKE_AMPLITUDE: f32 = 0.06;

/// The board cursor that keyboard, gamepad and mouse hover move. Hidden until used.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCursor {
    pub square: Square,
    pub visible: bool,
}

impl Default for BoardCursor {
    fn default() -> Self {
        BoardCursor {
            square: Square::new(3, 2),
            visible: false,
        }
    }
}

/// A dot on a square where the side to move may play.
#[derive(Component)]
pub struct LegalMarker(pub Square);

/// The ring on the last placed disc.
#[derive(Component)]
pub struct LastMoveMarker;

/// The cursor's outline around its square.
#[derive(Component)]
pub struct CursorOutline;

/// A square shaking after an illegal click.
#[derive(Component)]
pub struct Shake {
    elapsed: f32,
}

#[derive(Resource)]
struct MarkerAssets {
    legal_mesh: Handle<Mesh>,
    legal_material: Handle<StandardMaterial>,
    cursor: Handle<StandardMaterial>,
    illegal: Handle<StandardMaterial>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>()
        .add_systems(Startup, spawn_markers)
        .add_systems(
            Update,
            (
                update_legal_markers,
                update_last_move,
                start_shakes,
                shake_and_highlight,
            )
                .chain()
                .in_set(GameSystems::View),
        );
}

fn spawn_markers(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut themed: ResMut<ThemedMaterials>,
    settings: Res<GameSettings>,
) {
    let theme = settings.theme;
    let mut flat = |tint: Tint| {
        themed.add(
            &mut materials,
            theme,
            tint,
            StandardMaterial {
                perceptual_roughness: 0.95,
                reflectance: 0.2,
                ..default()
            },
        )
    };
    let assets = MarkerAssets {
        legal_mesh: meshes.add(Cylinder::new(LEGAL_MARKER_RADIUS, 0.01)),
        legal_material: flat(Tint::Legal),
        cursor: flat(Tint::Cursor),
        illegal: flat(Tint::Illegal),
    };
    commands.insert_resource(assets);
    let accent = themed.add(
        &mut materials,
        theme,
        Tint::Accent,
        StandardMaterial {
            unlit: true,
            ..default()
        },
    );
    commands.spawn((
        Name::new("Last move marker"),
        LastMoveMarker,
        Mesh3d(meshes.add(Annulus::new(LAST_MOVE_RING.0, LAST_MOVE_RING.1))),
        MeshMaterial3d(accent.clone()),
        Transform::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
    // Four thin bars around the cursor's square, in the outline's colour (not the accent's: the
    // square last clicked must not read as a second last move).
    let outline = themed.add(
        &mut materials,
        theme,
        Tint::Outline,
        StandardMaterial {
            unlit: true,
            ..default()
        },
    );
    let long = meshes.add(Cuboid::new(SQUARE_SIZE, 0.02, CURSOR_LINE));
    let half = (SQUARE_SIZE - CURSOR_LINE) / 2.0;
    let bar = |x: f32, z: f32, turned: bool| {
        (
            Mesh3d(long.clone()),
            MeshMaterial3d(outline.clone()),
            Transform::from_xyz(x, 0.0, z).with_rotation(if turned {
                Quat::from_rotation_y(std::f32::consts::FRAC_PI_2)
            } else {
                Quat::IDENTITY
            }),
            Pickable::IGNORE,
        )
    };
    commands.spawn((
        Name::new("Cursor outline"),
        CursorOutline,
        Transform::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
        children![
            bar(0.0, -half, false),
            bar(0.0, half, false),
            bar(-half, 0.0, true),
            bar(half, 0.0, true),
        ],
    ));
}

/// Legal-move markers for the side to move, shown only while a human may move and the setting is on.
fn update_legal_markers(
    mut commands: Commands,
    phase: Res<Phase>,
    game: Res<CurrentGame>,
    (settings, coaching): (Res<GameSettings>, super::puzzle::Coaching),
    (assets, hints): (Option<Res<MarkerAssets>>, Option<Res<super::hints::Hints>>),
    markers: Query<(Entity, &LegalMarker)>,
    // The board size the markers stand on.
    mut marked_size: Local<u32>,
) {
    let Some(assets) = assets else { return };
    let position = game.0.position();
    let size = position.variant.size();
    // A lesson's tasks are finding those squares, and a puzzle's seeing them: they show them
    // only as their hints.
    let shown_here = coaching.legal_moves_shown(&game.0);
    let mut wanted = if settings.show_legal_moves && *phase == Phase::WaitingForHuman && shown_here
    {
        position.legal_squares()
    } else {
        Vec::new()
    };
    // The hints write their values where the dots would be: the value takes the square.
    if let Some(hints) = hints {
        wanted.retain(|square| hints.scores.iter().all(|hint| hint.square != *square));
    }
    let mut shown = Vec::new();
    for (entity, marker) in &markers {
        // A marker stays where its square is still wanted, on a board of the same size.
        if wanted.contains(&marker.0) && !shown.contains(&marker.0) && *marked_size == size {
            shown.push(marker.0);
        } else {
            commands.entity(entity).despawn();
        }
    }
    *marked_size = size;
    for square in wanted.into_iter().filter(|c| !shown.contains(c)) {
        commands.spawn((
            Name::new(format!("Legal move {square}")),
            LegalMarker(square),
            Mesh3d(assets.legal_mesh.clone()),
            MeshMaterial3d(assets.legal_material.clone()),
            Transform::from_translation(square_centre(square, size) + Vec3::Y * 0.006),
            Pickable::IGNORE,
        ));
    }
}

/// The last-move dot sits on the disc placed last (hidden at the start and after resets to it).
fn update_last_move(
    game: Res<CurrentGame>,
    mut moves: MessageReader<MoveApplied>,
    mut resets: MessageReader<BoardReset>,
    mut rewinds: MessageReader<BoardRewound>,
    mut marker: Query<(&mut Transform, &mut Visibility), With<LastMoveMarker>>,
) {
    let changed = moves.read().count() + resets.read().count() + rewinds.read().count() > 0;
    if !changed && !game.is_added() {
        return;
    }
    let last = game.0.history().iter().rev().find_map(|m| match m {
        Move::Play(square) => Some(*square),
        Move::Pass => None,
    });
    let size = game.variant().size();
    for (mut transform, mut visibility) in &mut marker {
        match last {
            Some(square) => {
                // The ring lies flat on the disc's top face.
                *transform = Transform::from_translation(
                    square_centre(square, size) + Vec3::Y * (2.0 * DISC_HALF_THICKNESS + 0.006),
                )
                .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2));
                *visibility = Visibility::Inherited;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}

fn start_shakes(
    mut commands: Commands,
    mut illegal: MessageReader<IllegalPlacement>,
    squares: Query<(Entity, &BoardSquare)>,
) {
    for placement in illegal.read() {
        for (entity, square) in &squares {
            if square.0 == placement.square {
                commands.entity(entity).insert(Shake { elapsed: 0.0 });
            }
        }
    }
}

/// What a square tile is drawn with.
type TileParts = (
    Entity,
    &'static BoardSquare,
    &'static mut Transform,
    &'static mut MeshMaterial3d<StandardMaterial>,
    Option<&'static mut Shake>,
);

/// Where the cursor's outline is drawn.
type OutlineParts = (&'static mut Transform, &'static mut Visibility);

/// Tile colours (felt, cursor, illegal), the shake offset, and the cursor's outline.
fn shake_and_highlight(
    mut commands: Commands,
    time: Res<Time>,
    cursor: Res<BoardCursor>,
    game: Res<CurrentGame>,
    (assets, board): (Option<Res<MarkerAssets>>, Res<BoardMaterials>),
    mut tiles: Query<TileParts>,
    mut outline: Query<OutlineParts, (With<CursorOutline>, Without<BoardSquare>)>,
) {
    let Some(assets) = assets else { return };
    let size = game.variant().size();
    for (mut transform, mut visibility) in &mut outline {
        if cursor.visible && cursor.square.index(size).is_some() {
            transform.translation = square_centre(cursor.square, size) + Vec3::Y * 0.012;
            *visibility = Visibility::Inherited;
        } else {
            *visibility = Visibility::Hidden;
        }
    }
    for (entity, square, mut transform, mut material, shake) in &mut tiles {
        let mut wanted = if cursor.visible && cursor.square == square.0 {
            &assets.cursor
        } else {
            &board.felt
        };
        let mut offset = 0.0;
        if let Some(mut shake) = shake {
            shake.elapsed += time.delta_secs();
            let t = shake.elapsed / SHAKE_SECS;
            if t >= 1.0 {
                commands.entity(entity).remove::<Shake>();
            } else {
                offset = SHAKE_AMPLITUDE * (1.0 - t) * (t * 40.0).sin();
                wanted = &assets.illegal;
            }
        }
        transform.translation = square_centre(square.0, size) + Vec3::X * offset;
        if material.0 != *wanted {
            material.0 = wanted.clone();
        }
    }
}
