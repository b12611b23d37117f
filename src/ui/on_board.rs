//! Where the board's squares are on screen, and the marks a lesson or a puzzle draws on them.

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
