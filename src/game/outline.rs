//! A shaped board's frame and grid as one mesh each: a slab over every square of the board grown
//! by a margin, its top one surface and its walls only along the outline. Blocks under each square
//! (one mesh a square, overlapping their neighbours) showed their inner walls and seams as faint
//! lines where a renderer drew them at a slightly different depth.

use bevy::prelude::*;

use super::look::quads_mesh;

/// The slab over squares centred at `centres`, each `half` from its centre to its sides (a square
/// grown by a margin), from `bottom` to `top`.
pub fn shaped_slab(centres: &[Vec3], half: f32, (top, bottom): (f32, f32)) -> Mesh {
    quads_mesh(&slab_quads(centres, half, (top, bottom)), Vec3::ZERO)
}

/// The slab's quads (corners counter-clockwise seen from outside, and whether the wood's grain
/// runs along z): the region is cut along every grown square's edges into cells, each wholly in
/// or out of it; each cell in it has a top, and a wall on each side whose neighbour is out.
fn slab_quads(centres: &[Vec3], half: f32, (top, bottom): (f32, f32)) -> Vec<([Vec3; 4], bool)> {
    let cuts = |along: fn(&Vec3) -> f32| {
        let mut cuts: Vec<f32> = centres
            .iter()
            .flat_map(|c| [along(c) - half, along(c) + half])
            .collect();
        cuts.sort_by(f32::total_cmp);
        cuts.dedup_by(|a, b| (*a - *b).abs() < 1e-4);
        cuts
    };
    let (xs, zs) = (cuts(|c| c.x), cuts(|c| c.z));
    // A cell is in when its middle is in a grown square.
    let inside = |i: isize, j: isize| {
        let (i, j) = (i as usize, j as usize);
        i + 1 < xs.len() && j + 1 < zs.len() && {
            let (x, z) = ((xs[i] + xs[i + 1]) / 2.0, (zs[j] + zs[j + 1]) / 2.0);
            centres
                .iter()
                .any(|c| (x - c.x).abs() < half && (z - c.z).abs() < half)
        }
    };
    let mut quads = Vec::new();
    for i in 0..xs.len().saturating_sub(1) {
        for j in 0..zs.len().saturating_sub(1) {
            let (ii, jj) = (i as isize, j as isize);
            if !inside(ii, jj) {
                continue;
            }
            let (x0, x1, z0, z1) = (xs[i], xs[i + 1], zs[j], zs[j + 1]);
            let up = |x: f32, z: f32| Vec3::new(x, top, z);
            let down = |x: f32, z: f32| Vec3::new(x, bottom, z);
            quads.push(([up(x0, z1), up(x1, z1), up(x1, z0), up(x0, z0)], false));
            let out =
                |di: isize, dj: isize| ii + di < 0 || jj + dj < 0 || !inside(ii + di, jj + dj);
            if out(1, 0) {
                quads.push(([up(x1, z0), up(x1, z1), down(x1, z1), down(x1, z0)], true));
            }
            if out(-1, 0) {
                quads.push(([up(x0, z1), up(x0, z0), down(x0, z0), down(x0, z1)], true));
            }
            if out(0, 1) {
                quads.push(([up(x1, z1), up(x0, z1), down(x0, z1), down(x1, z1)], false));
            }
            if out(0, -1) {
                quads.push(([up(x0, z0), up(x1, z0), down(x1, z0), down(x0, z0)], false));
            }
        }
    }
    quads
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn a_shaped_slab_covers_its_grown_squares_with_walls_only_on_its_outline() {
        for shape in ["cross", "octagon", "a1,h8"] {
            let variant = Variant::STANDARD.with_shape(shape).unwrap();
            // Unit squares round the board's middle.
            let middle = (variant.size() as f32 - 1.0) / 2.0;
            let centres: Vec<Vec3> = variant
                .all_squares()
                .map(|s| Vec3::new(s.file as f32 - middle, 0.0, s.rank as f32 - middle))
                .collect();
            let quads = slab_quads(&centres, 1.2, (0.2, -0.2));
            let normal = |q: &[Vec3; 4]| (q[1] - q[0]).cross(q[2] - q[0]).normalize();
            let (tops, walls): (Vec<_>, Vec<_>) =
                quads.iter().partition(|(q, _)| normal(q).y > 0.99);
            // The tops' area is the grown squares' union: each point of a fine grid is under
            // exactly one top where it is in a grown square, and under none elsewhere.
            let grown = |p: Vec3| {
                centres
                    .iter()
                    .any(|c| (p.x - c.x).abs() < 1.2 && (p.z - c.z).abs() < 1.2)
            };
            let mut checked = 0;
            for a in -70..70 {
                for b in -70..70 {
                    let p = Vec3::new(a as f32 * 0.1 + 0.013, 0.0, b as f32 * 0.1 + 0.017);
                    let under = tops
                        .iter()
                        .filter(|(q, _)| {
                            let (lo, hi) = (q[0].min(q[2]), q[0].max(q[2]));
                            p.x > lo.x && p.x < hi.x && p.z > lo.z && p.z < hi.z
                        })
                        .count();
                    assert_eq!(under, usize::from(grown(p)), "{shape}: {p}");
                    checked += 1;
                }
            }
            assert!(checked > 10_000);
            // Every wall faces out: just outside its middle is outside the slab, just inside in.
            for (q, _) in &walls {
                let n = normal(q);
                assert!(n.y.abs() < 1e-5, "{shape}: a wall that is not upright");
                let middle = (q[0] + q[2]) / 2.0;
                assert!(
                    !grown(middle + n * 0.01),
                    "{shape}: an inner wall at {middle}"
                );
                assert!(
                    grown(middle - n * 0.01),
                    "{shape}: a wall facing in at {middle}"
                );
            }
        }
    }
}
