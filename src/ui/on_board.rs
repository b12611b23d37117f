//! Where the board's squares are on screen, the coordinates on its frame, and the marks a lesson
//! or a puzzle draws on them.

use bevy::prelude::*;
use bevy_egui::egui;

/// A right answer: a square found, the discs a move turns, a move that wins.
pub const FOUND: egui::Color32 = egui::Color32::from_rgb(90, 220, 120);
/// A wrong try: a square that is no move, a line that does not outflank, a move that loses.
pub const WRONG: egui::Color32 = egui::Color32::from_rgb(255, 90, 80);
/// The hint.
pub const HINT: egui::Color32 = egui::Color32::from_rgb(90, 180, 255);

/// A hint's colour for a move `loss` (0 = the best, 1 = a loss of 8 discs or more): from sky blue to
/// orange, with the lightness kept high so it reads on the dark label behind it.
pub fn hint_colour(loss: f32) -> egui::Color32 {
    let t = loss.clamp(0.0, 1.0);
    let mix = |a: f32, b: f32| (a + (b - a) * t) as u8;
    egui::Color32::from_rgb(mix(90.0, 250.0), mix(180.0, 160.0), mix(255.0, 40.0))
}

/// The coordinates written on the frame, as (point on the board's plane, text): each file's letter
/// `offset` beyond the edge of its first and of its last square, each rank's number beside its
/// first and last square, so that on a shaped board a label stands where its file or rank ends.
pub fn coordinate_labels(variant: crate::rules::Variant, offset: f32) -> Vec<(Vec3, String)> {
    use crate::game::board::{SQUARE_SIZE, square_centre};
    use crate::rules::Square;
    let size = variant.size();
    let edge = SQUARE_SIZE / 2.0 + offset;
    let mut labels = Vec::new();
    for i in 0..size as u8 {
        let on = |square: &Square| variant.index(*square).is_some();
        let file: Vec<Square> = (0..size as u8)
            .map(|r| Square::new(i, r))
            .filter(on)
            .collect();
        let rank: Vec<Square> = (0..size as u8)
            .map(|f| Square::new(f, i))
            .filter(on)
            .collect();
        if let (Some(&first), Some(&last)) = (file.first(), file.last()) {
            let letter = ((b'a' + i) as char).to_string();
            labels.push((square_centre(first, size) - Vec3::Z * edge, letter.clone()));
            labels.push((square_centre(last, size) + Vec3::Z * edge, letter));
        }
        if let (Some(&first), Some(&last)) = (rank.first(), rank.last()) {
            let number = (i + 1).to_string();
            labels.push((square_centre(first, size) - Vec3::X * edge, number.clone()));
            labels.push((square_centre(last, size) + Vec3::X * edge, number));
        }
    }
    // In an inner corner of a shaped board's frame a file's letter and a rank's number meet:
    // they move apart along the line between them.
    for i in 0..labels.len() {
        for j in i + 1..labels.len() {
            let apart = labels[j].0 - labels[i].0;
            let distance = apart.length();
            if distance > 0.0 && distance < LABELS_APART {
                let push = apart / distance * (LABELS_APART - distance) / 2.0;
                labels[i].0 -= push;
                labels[j].0 += push;
            }
        }
    }
    labels
}

/// The least distance between two coordinates, in squares.
const LABELS_APART: f32 = 0.45;

/// Where the board's squares are drawn on screen, for what a lesson or a puzzle draws on them.
pub struct OnScreen<'a> {
    ctx: &'a egui::Context,
    camera: &'a Camera,
    transform: &'a GlobalTransform,
    size: u32,
    /// Half a square's width on screen, in points.
    pub radius: f32,
}

impl<'a> OnScreen<'a> {
    /// `None` when the board camera does not show the board.
    pub fn new(
        ctx: &'a egui::Context,
        camera: &'a Camera,
        transform: &'a GlobalTransform,
        size: u32,
    ) -> Option<OnScreen<'a>> {
        use crate::game::board::{SQUARE_SIZE, square_centre};
        let centre = square_centre(crate::rules::Square::new(0, 0), size);
        let a = super::board_point(ctx, camera, transform, centre)?;
        let b = super::board_point(ctx, camera, transform, centre + Vec3::X * SQUARE_SIZE * 0.5)?;
        Some(OnScreen {
            ctx,
            camera,
            transform,
            size,
            radius: (b - a).length(),
        })
    }

    /// A square's centre.
    pub fn at(&self, cell: crate::rules::Square) -> Option<egui::Pos2> {
        let world = crate::game::board::square_centre(cell, self.size);
        super::board_point(self.ctx, self.camera, self.transform, world)
    }

    /// A ring round a square's centre, `scale` of half a square wide.
    pub fn ring(
        &self,
        painter: &egui::Painter,
        cell: crate::rules::Square,
        colour: egui::Color32,
        width: f32,
        scale: f32,
    ) {
        if let Some(p) = self.at(cell) {
            painter.circle_stroke(p, self.radius * scale, egui::Stroke::new(width, colour));
        }
    }

    /// A cross over a square.
    pub fn cross(
        &self,
        painter: &egui::Painter,
        cell: crate::rules::Square,
        colour: egui::Color32,
    ) {
        if let Some(p) = self.at(cell) {
            let r = self.radius * 0.45;
            let stroke = egui::Stroke::new(4.0, colour);
            painter.line_segment([p + egui::vec2(-r, -r), p + egui::vec2(r, r)], stroke);
            painter.line_segment([p + egui::vec2(-r, r), p + egui::vec2(r, -r)], stroke);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board::square_centre;
    use crate::rules::{Square, Variant};

    #[test]
    fn coordinates_stand_on_the_frame_where_each_file_and_rank_ends() {
        // The whole square: every label half a square and the offset beyond the outer squares.
        let labels = coordinate_labels(Variant::STANDARD, 0.35);
        assert_eq!(labels.len(), 32);
        for (at, _) in &labels {
            let off = at.x.abs().max(at.z.abs());
            assert!((off - 4.35).abs() < 1e-5, "{at}");
        }
        // The cross: each label just outside a square of its file or rank, with no square of the
        // board between it and the frame's outside.
        let cross = Variant::STANDARD.with_shape("cross").unwrap();
        let size = cross.size();
        let labels = coordinate_labels(cross, 0.35);
        assert_eq!(labels.len(), 4 * size as usize);
        for (at, text) in &labels {
            let nearest = cross
                .all_squares()
                .min_by(|a, b| {
                    let d = |s: &Square| (square_centre(*s, size) - *at).length();
                    d(a).total_cmp(&d(b))
                })
                .unwrap();
            let distance = (square_centre(nearest, size) - *at).length();
            assert!(
                (0.7..0.95).contains(&distance),
                "{text} at {at}: {distance}"
            );
            let letter = text.chars().next().unwrap();
            match letter.is_ascii_digit() {
                true => assert_eq!(nearest.rank + 1, text.parse::<u8>().unwrap(), "{text}"),
                false => assert_eq!(nearest.file, letter as u8 - b'a', "{text}"),
            }
        }
        // No two labels crowd each other, even in the frame's inner corners.
        for (i, (a, first)) in labels.iter().enumerate() {
            for (b, second) in &labels[i + 1..] {
                let apart = (*a - *b).length();
                assert!(
                    apart >= LABELS_APART - 1e-4,
                    "{first} and {second}: {apart}"
                );
            }
        }
        // On the cross, a's labels stand beside the left arm (a4 and a7), not above a1.
        let a: Vec<Vec3> = labels.iter().filter(|l| l.1 == "a").map(|l| l.0).collect();
        let z = |rank| square_centre(Square::new(0, rank), size).z;
        assert_eq!(a.len(), 2);
        assert!((a[0].z - (z(3) - 0.85)).abs() < 1e-5, "{a:?}");
        assert!((a[1].z - (z(6) + 0.85)).abs() < 1e-5, "{a:?}");
    }
}
