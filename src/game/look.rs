//! The board's surfaces, made procedurally at start-up: a wood grain for the frame (and the wooden
//! board's squares), a felt's fine fibres for the cloth, both tileable and mipmapped; the square
//! board's frame with bevelled top edges, and disc halves with a bevelled rim that catches the
//! light. The pixels and vertices are plain functions, tested without a renderer.

use std::f32::consts::TAU;

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::mesh::{Indices, PrimitiveTopology, VertexAttributeValues};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Side of the wood grain's texture, in pixels.
const WOOD_PIXELS: u32 = 256;
/// Side of the felt's texture, in pixels.
const FELT_PIXELS: u32 = 128;
/// World units one repeat of the wood grain covers.
pub const WOOD_REPEAT: f32 = 4.0;

/// The surfaces' textures: multipliers of a material's colour (1 keeps it, less darkens it).
#[derive(Resource, Clone)]
pub struct LookTextures {
    pub wood: Handle<Image>,
    pub felt: Handle<Image>,
}

/// Makes the textures, where the app renders images (headless tests do not).
pub fn make_textures(mut commands: Commands, images: Option<ResMut<Assets<Image>>>) {
    let Some(mut images) = images else { return };
    commands.insert_resource(LookTextures {
        wood: images.add(texture(WOOD_PIXELS, wood_grain(WOOD_PIXELS))),
        felt: images.add(texture(FELT_PIXELS, felt(FELT_PIXELS))),
    });
}

/// A repeating, mipmapped image of `side`² grey levels (0–1, stored linear, not sRGB: the
/// renderer multiplies the material's colour by exactly the level).
fn texture(side: u32, levels: Vec<f32>) -> Image {
    let mips = mipmaps(side, levels);
    let data: Vec<u8> = mips
        .iter()
        .flatten()
        .flat_map(|&level| {
            let byte = (level.clamp(0.0, 1.0) * 255.0).round() as u8;
            [byte, byte, byte, 255]
        })
        .collect();
    let size = Extent3d {
        width: side,
        height: side,
        depth_or_array_layers: 1,
    };
    let mut image = Image::new_uninit(
        size,
        TextureDimension::D2,
        TextureFormat::Rgba8Unorm,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = mips.len() as u32;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        anisotropy_clamp: 4,
        ..default()
    });
    image
}

/// `level0` (`side`² values) and each half-size level below it, down to one pixel, each the
/// average of the four pixels above it: without them the fine grain shimmers in the distance.
pub fn mipmaps(side: u32, level0: Vec<f32>) -> Vec<Vec<f32>> {
    let mut levels = vec![level0];
    let mut side = side as usize;
    while side > 1 {
        let above = levels.last().expect("level 0");
        let half = side / 2;
        let next = (0..half * half)
            .map(|i| {
                let (x, y) = (2 * (i % half), 2 * (i / half));
                (above[y * side + x]
                    + above[y * side + x + 1]
                    + above[(y + 1) * side + x]
                    + above[(y + 1) * side + x + 1])
                    / 4.0
            })
            .collect();
        levels.push(next);
        side = half;
    }
    levels
}

/// A pseudo-random value in 0–1 for a lattice point.
fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0xffff) as f32 / 65535.0
}

/// Smooth value noise (0–1) at (`x`, `y`) lattice cells, repeating every `period` cells each way.
fn noise(x: f32, y: f32, period: (i32, i32), seed: u32) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let smooth = |t: f32| t * t * (3.0 - 2.0 * t);
    let (sx, sy) = (smooth(x - x0), smooth(y - y0));
    let (i, j) = (x0 as i32, y0 as i32);
    let at = |i: i32, j: i32| hash(i.rem_euclid(period.0), j.rem_euclid(period.1), seed);
    let top = at(i, j) + (at(i + 1, j) - at(i, j)) * sx;
    let bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * sx;
    top + (bottom - top) * sy
}

/// Grey levels of `side`² pixels from `level(u, v)` at each pixel's centre (u, v in 0–1).
fn pixels(side: u32, level: impl Fn(f32, f32) -> f32) -> Vec<f32> {
    (0..side * side)
        .map(|i| {
            let u = ((i % side) as f32 + 0.5) / side as f32;
            let v = ((i / side) as f32 + 0.5) / side as f32;
            level(u, v)
        })
        .collect()
}

/// Wood: growth rings running along the texture's width, drifting slowly across it, each a
/// band that darkens towards a thin late-wood line, with fine fibres along them; 0.62–1.
pub fn wood_grain(side: u32) -> Vec<f32> {
    pixels(side, |u, v| {
        let drift = noise(u * 2.0, v, (2, 1), 1) * 2.4 + noise(u * 5.0, v * 3.0, (5, 3), 2) * 0.5;
        let within = (v * 11.0 + drift).rem_euclid(1.0);
        let late_wood = (-((within - 0.88) / 0.05).powi(2)).exp();
        let fibre = noise(u * 4.0, v * 160.0, (4, 160), 3);
        1.0 - 0.12 * late_wood - 0.1 * within - 0.12 * fibre
    })
}

/// Felt: fine fibres over a faint cloud; 0.8–1.
pub fn felt(side: u32) -> Vec<f32> {
    pixels(side, |u, v| {
        let cloud = noise(u * 6.0, v * 6.0, (6, 6), 4);
        let fibres = noise(u * 64.0, v * 64.0, (64, 64), 5);
        let speck = hash((u * side as f32) as i32, (v * side as f32) as i32, 6);
        1.0 - 0.07 * cloud - 0.09 * fibres - 0.04 * speck
    })
}

/// Texture coordinates for a point of a surface facing `normal`: its position across the
/// surface, in repeats of the wood grain, so that blocks side by side continue one grain; on a
/// top `along_z`, the grain runs along z instead of x.
fn planar_uv(at: Vec3, normal: Vec3, along_z: bool) -> [f32; 2] {
    let n = normal.abs();
    let (a, b) = if n.y >= n.x && n.y >= n.z {
        if along_z { (at.z, at.x) } else { (at.x, at.z) }
    } else if n.x >= n.z {
        (at.z, at.y)
    } else {
        (at.x, at.y)
    };
    [a / WOOD_REPEAT, b / WOOD_REPEAT]
}

/// A triangle list of these vertices.
fn triangles(
    positions: Vec<[f32; 3]>,
    normals: Vec<[f32; 3]>,
    uvs: Vec<[f32; 2]>,
    indices: Vec<u32>,
) -> Mesh {
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

/// A mesh of flat quads (each four corners counter-clockwise seen from outside, and whether its
/// grain runs along z), with one normal per quad and planar texture coordinates from `origin` +
/// the corner.
pub(super) fn quads_mesh(quads: &[([Vec3; 4], bool)], origin: Vec3) -> Mesh {
    let (mut positions, mut normals, mut uvs, mut indices) = (vec![], vec![], vec![], vec![]);
    for (quad, along_z) in quads {
        let normal = (quad[1] - quad[0]).cross(quad[2] - quad[0]).normalize();
        let first = positions.len() as u32;
        for corner in quad {
            positions.push(corner.to_array());
            normals.push(normal.to_array());
            uvs.push(planar_uv(origin + *corner, normal, *along_z));
        }
        indices.extend([first, first + 1, first + 2, first, first + 2, first + 3]);
    }
    triangles(positions, normals, uvs, indices)
}

/// Where in the texture a square's tile starts, in texture repeats: spread so that neighbouring
/// squares show different parts of it.
pub fn tile_offset(cell: crate::rules::Square) -> Vec2 {
    let spread = |a: u8, b: u8| ((a as u32 * 7 + b as u32 * 3) % 11) as f32 / 11.0;
    Vec2::new(
        spread(cell.file, cell.rank) * 3.0,
        spread(cell.rank, cell.file + 5) * 3.0,
    )
}

/// `mesh` with `offset` added to its texture coordinates.
pub fn shifted_uvs(mut mesh: Mesh, offset: Vec2) -> Mesh {
    if let Some(VertexAttributeValues::Float32x2(uvs)) = mesh.attribute_mut(Mesh::ATTRIBUTE_UV_0) {
        for uv in uvs {
            uv[0] += offset.x;
            uv[1] += offset.y;
        }
    }
    mesh
}

/// A square's corners, counter-clockwise seen from above: (-,+) (+,+) (+,-) (-,-).
const RING: [(f32, f32); 4] = [(-1.0, 1.0), (1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)];

/// A square picture frame round a hole `inner` from its centre to each side, `width` wide, its
/// top at `top` and its sides down to `bottom` outside and `inner_bottom` in the hole: both top
/// edges bevelled by `bevel`, the grain running along each side, mitred at the corners.
pub fn frame_ring(
    inner: f32,
    width: f32,
    (top, bottom, inner_bottom): (f32, f32, f32),
    bevel: f32,
) -> Mesh {
    let outer = inner + width;
    let b = bevel.min(width / 3.0);
    // The profile from the outside's foot, over the top, to the inside's foot: each stretch a
    // quad on every side.
    let profile = [
        (outer, bottom),
        (outer, top - b),
        (outer - b, top),
        (inner + b, top),
        (inner, top - b),
        (inner, inner_bottom),
    ];
    let at = |(half, y): (f32, f32), (x, z): (f32, f32)| Vec3::new(x * half, y, z * half);
    let mut quads = Vec::new();
    for side in 0..4 {
        let (a, c) = (RING[side], RING[(side + 1) % 4]);
        for stretch in profile.windows(2) {
            let (low, high) = (stretch[0], stretch[1]);
            quads.push((
                [at(low, a), at(low, c), at(high, c), at(high, a)],
                side % 2 == 1,
            ));
        }
    }
    quads_mesh(&quads, Vec3::ZERO)
}

/// One coloured half of a disc, `thickness` thick, standing on y = 0 and rising (or, with `up`
/// false, hanging below it): its outer face bevelled by `bevel`, so that a rim of light runs
/// round every disc, its inner face flat. Turned about its axis in `segments` steps.
pub fn disc_half(radius: f32, thickness: f32, bevel: f32, segments: u32, up: bool) -> Mesh {
    let sign = if up { 1.0 } else { -1.0 };
    // The profile from the axis across the outer face, down the bevel and the side, back in
    // across the inner face: each stretch flat, with its own normal, smooth around the axis.
    let outer = thickness * sign;
    let profile = [
        (0.0, outer),
        (radius - bevel, outer),
        (radius, outer - bevel * sign),
        (radius, 0.0),
        (0.0, 0.0),
    ];
    let (mut positions, mut normals, mut uvs, mut indices) = (vec![], vec![], vec![], vec![]);
    for stretch in profile.windows(2) {
        let ((r0, y0), (r1, y1)) = (stretch[0], stretch[1]);
        // Outward normal of the stretch in the (r, y) plane: the profile runs clockwise for the
        // upper half, counter-clockwise for the lower.
        let (dr, dy) = (r1 - r0, y1 - y0);
        let (nr, ny) = if up { (-dy, dr) } else { (dy, -dr) };
        let length = (nr * nr + ny * ny).sqrt();
        let (nr, ny) = (nr / length, ny / length);
        let first = positions.len() as u32;
        for step in 0..=segments {
            let angle = step as f32 / segments as f32 * TAU;
            let (sin, cos) = angle.sin_cos();
            for (r, y) in [(r0, y0), (r1, y1)] {
                positions.push([r * cos, y, r * sin]);
                normals.push([nr * cos, ny, nr * sin]);
                uvs.push([0.5 + 0.5 * r / radius * cos, 0.5 + 0.5 * r / radius * sin]);
            }
        }
        for step in 0..segments {
            let a = first + 2 * step;
            let (a0, a1, b0, b1) = (a, a + 1, a + 2, a + 3);
            // Counter-clockwise seen from outside, whichever way the half faces.
            if up {
                indices.extend([a0, b0, a1, a1, b0, b1]);
            } else {
                indices.extend([a0, a1, b0, a1, b1, b0]);
            }
        }
    }
    triangles(positions, normals, uvs, indices)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(levels: &[f32]) -> (f32, f32) {
        levels
            .iter()
            .fold((f32::MAX, f32::MIN), |(lo, hi), &l| (lo.min(l), hi.max(l)))
    }

    fn spread(levels: &[f32]) -> f32 {
        let mean = levels.iter().sum::<f32>() / levels.len() as f32;
        (levels.iter().map(|l| (l - mean).powi(2)).sum::<f32>() / levels.len() as f32).sqrt()
    }

    /// The largest step between neighbouring pixels across the wrap, against the largest inside:
    /// a tileable texture has no seam.
    fn seam(levels: &[f32], side: usize) -> (f32, f32) {
        let at = |x: usize, y: usize| levels[(y % side) * side + x % side];
        let mut across = 0.0_f32;
        let mut inside = 0.0_f32;
        for y in 0..side {
            for x in 0..side {
                let step = (at(x + 1, y) - at(x, y))
                    .abs()
                    .max((at(x, y + 1) - at(x, y)).abs());
                if x == side - 1 || y == side - 1 {
                    across = across.max(step);
                } else {
                    inside = inside.max(step);
                }
            }
        }
        (across, inside)
    }

    #[test]
    fn the_wood_shows_its_grain_and_the_felt_only_a_subtle_texture() {
        let wood = wood_grain(WOOD_PIXELS);
        let cloth = felt(FELT_PIXELS);
        let (lo, hi) = range(&wood);
        assert!(lo >= 0.6 && hi <= 1.0, "wood {lo}–{hi}");
        assert!(spread(&wood) > 0.04, "the grain shows: {}", spread(&wood));
        let (lo, hi) = range(&cloth);
        assert!(lo >= 0.8 && hi <= 1.0, "felt {lo}–{hi}");
        let s = spread(&cloth);
        assert!(s > 0.015 && s < 0.05, "felt subtle but there: {s}");
        // Across the grain the level changes more than along it.
        let side = WOOD_PIXELS as usize;
        let along: f32 = (0..side - 1).map(|x| (wood[x + 1] - wood[x]).abs()).sum();
        let across: f32 = (0..side - 1)
            .map(|y| (wood[(y + 1) * side] - wood[y * side]).abs())
            .sum();
        assert!(across > 2.0 * along, "{across} across, {along} along");
    }

    #[test]
    fn the_textures_repeat_without_a_seam() {
        for (side, levels) in [
            (WOOD_PIXELS, wood_grain(WOOD_PIXELS)),
            (FELT_PIXELS, felt(FELT_PIXELS)),
        ] {
            let (across, inside) = seam(&levels, side as usize);
            assert!(
                across <= inside * 1.01,
                "{side}: {across} at the seam, {inside} inside"
            );
        }
    }

    #[test]
    fn mipmaps_halve_down_to_one_pixel_and_keep_the_mean() {
        let levels = mipmaps(8, (0..64).map(|i| i as f32 / 63.0).collect());
        assert_eq!(
            levels.iter().map(Vec::len).collect::<Vec<_>>(),
            [64, 16, 4, 1]
        );
        assert!((levels[3][0] - 0.5).abs() < 1e-5);
        let image = texture(FELT_PIXELS, felt(FELT_PIXELS));
        assert_eq!(image.texture_descriptor.mip_level_count, 8);
        assert_eq!(
            image.data.as_ref().map(Vec::len),
            Some(4 * (128 * 128 + 64 * 64 + 32 * 32 + 16 * 16 + 8 * 8 + 16 + 4 + 1))
        );
    }

    fn attribute(mesh: &Mesh, id: bevy::mesh::MeshVertexAttribute) -> Vec<Vec3> {
        match mesh.attribute(id) {
            Some(VertexAttributeValues::Float32x3(values)) => {
                values.iter().map(|&v| Vec3::from_array(v)).collect()
            }
            _ => panic!("no {}", id.name),
        }
    }

    /// Every normal of `mesh` is of unit length, and each triangle (its corners, normal and
    /// winding) agrees with its normal and passes `check`; with `slivers`, triangles of no area
    /// (at a lathe's axis) are left out.
    fn each_triangle(mesh: &Mesh, slivers: bool, check: impl Fn([Vec3; 3], Vec3, Vec3)) {
        let positions = attribute(mesh, Mesh::ATTRIBUTE_POSITION);
        let normals = attribute(mesh, Mesh::ATTRIBUTE_NORMAL);
        assert!(normals.iter().all(|n| (n.length() - 1.0).abs() < 1e-4));
        let Some(Indices::U32(indices)) = mesh.indices() else {
            panic!("indices")
        };
        for triangle in indices.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|i| positions[triangle[i] as usize]);
            let winding = (b - a).cross(c - a);
            if slivers && winding.length() < 1e-9 {
                continue;
            }
            let normal = normals[triangle[0] as usize];
            assert!(winding.dot(normal) > 0.0, "{a} {b} {c} against its normal");
            check([a, b, c], normal, winding);
        }
    }

    /// Every triangle of a convex mesh around `centre` faces outward, its winding agreeing with
    /// its normals, and every normal is of unit length.
    fn faces_outward(mesh: &Mesh, centre: Vec3) {
        each_triangle(mesh, true, |[a, b, c], _, winding| {
            let middle = (a + b + c) / 3.0;
            assert!(winding.dot(middle - centre) > 0.0, "{a} {b} {c} faces in");
        });
    }

    #[test]
    fn the_frame_ring_faces_out_of_its_wood_and_leaves_the_hole_open() {
        let mesh = frame_ring(4.02, 0.7, (0.08, -0.35, -0.1), 0.1);
        // Out of the wood: away from the ring's middle line (4.37 from the centre) on the sides,
        // up on the top.
        each_triangle(&mesh, false, |[a, b, c], normal, _| {
            let middle = (a + b + c) / 3.0;
            let across = middle.x.abs().max(middle.z.abs());
            let side = if middle.x.abs() > middle.z.abs() {
                Vec3::X * middle.x.signum()
            } else {
                Vec3::Z * middle.z.signum()
            };
            let outward = side * (across - 4.37).signum();
            assert!(
                normal.y > 0.5 || normal.dot(outward) > 0.5,
                "{middle}: {normal}"
            );
        });
        let positions = attribute(&mesh, Mesh::ATTRIBUTE_POSITION);
        // Nothing of it lies over the hole.
        assert!(
            positions
                .iter()
                .all(|p| p.x.abs().max(p.z.abs()) >= 4.02 - 1e-5)
        );
    }

    #[test]
    fn no_two_neighbouring_squares_show_the_same_part_of_the_texture() {
        use crate::rules::Square;
        for file in 0..16u8 {
            for rank in 0..16u8 {
                let here = tile_offset(Square::new(file, rank));
                for (f, r) in [(file + 1, rank), (file, rank + 1)] {
                    assert_ne!(here, tile_offset(Square::new(f, r)), "{file} {rank}");
                }
            }
        }
        let mesh = shifted_uvs(Plane3d::default().mesh().size(1.0, 1.0).build(), Vec2::ONE);
        let Some(VertexAttributeValues::Float32x2(uvs)) = mesh.attribute(Mesh::ATTRIBUTE_UV_0)
        else {
            panic!("uvs")
        };
        assert!(uvs.iter().all(|uv| (1.0..=2.0).contains(&uv[0])));
    }

    #[test]
    fn disc_halves_face_outward_with_a_bevelled_outer_face() {
        for up in [true, false] {
            let mesh = disc_half(0.42, 0.06, 0.02, 48, up);
            let sign = if up { 1.0 } else { -1.0 };
            faces_outward(&mesh, Vec3::Y * 0.03 * sign);
            let positions = attribute(&mesh, Mesh::ATTRIBUTE_POSITION);
            let normals = attribute(&mesh, Mesh::ATTRIBUTE_NORMAL);
            let outer = positions
                .iter()
                .map(|p| p.y * sign)
                .fold(f32::MIN, f32::max);
            assert!((outer - 0.06).abs() < 1e-6);
            // The outer face is 0.40 across; the bevel's normals lean out at 45°.
            let face = positions
                .iter()
                .filter(|p| (p.y * sign - 0.06).abs() < 1e-6)
                .map(|p| Vec2::new(p.x, p.z).length())
                .fold(0.0, f32::max);
            assert!((face - 0.40).abs() < 1e-5, "{face}");
            assert!(
                normals
                    .iter()
                    .any(|n| (n.y * sign - 0.5f32.sqrt()).abs() < 1e-4)
            );
        }
    }
}
