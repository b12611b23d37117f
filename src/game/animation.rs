//! Disc animations: the placed disc drops in, each outflanked disc flips over with a small lift,
//! one after another outward from the placed disc. Times scale with the animation speed setting.

use std::f32::consts::PI;

use bevy::prelude::*;

use super::discs::{DISC_HALF_THICKNESS, Disc, disc_transform, face_up, rest_position};
pub use super::discs::{
    DROP_HEIGHT, DROP_SECS, DropAnimation, FLIP_LIFT, FLIP_SECS, FLIP_STAGGER_SECS, FlipAnimation,
    flip_delay,
};
use super::{CurrentGame, GameSettings, GameSystems};
use crate::rules::Square;

/// True while any disc animation runs: input waits for it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Animating(pub bool);

/// A disc started turning over (for its sound).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlipStarted {
    pub square: Square,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Animating>()
        .add_message::<FlipStarted>()
        .add_systems(
            Update,
            (animate_drops, animate_flips, update_animating)
                .chain()
                .in_set(GameSystems::Animate),
        );
}

/// Eases in and out: slow start, slow end.
fn ease(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

fn animate_drops(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<GameSettings>,
    game: Res<CurrentGame>,
    mut drops: Query<(Entity, &Disc, &mut DropAnimation, &mut Transform)>,
) {
    let size = game.variant().size();
    for (entity, disc, mut drop, mut transform) in &mut drops {
        drop.elapsed += time.delta_secs() * settings.animation_speed.max(0.0);
        let t = if settings.animation_speed > 0.0 {
            (drop.elapsed / DROP_SECS).min(1.0)
        } else {
            1.0
        };
        // Falling with gravity's ease-in.
        let height = DROP_HEIGHT * (1.0 - t * t);
        transform.translation = rest_position(disc.square, size) + Vec3::Y * height;
        if t >= 1.0 {
            *transform = disc_transform(disc.square, size, disc.colour);
            commands.entity(entity).remove::<DropAnimation>();
        }
    }
}

fn animate_flips(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<GameSettings>,
    game: Res<CurrentGame>,
    mut flips: Query<(Entity, &Disc, &mut FlipAnimation, &mut Transform)>,
    mut started: MessageWriter<FlipStarted>,
) {
    let size = game.variant().size();
    for (entity, disc, mut flip, mut transform) in &mut flips {
        flip.elapsed += time.delta_secs() * settings.animation_speed.max(0.0);
        let t = if settings.animation_speed > 0.0 {
            ((flip.elapsed - flip.delay) / FLIP_SECS).clamp(0.0, 1.0)
        } else {
            1.0
        };
        if t > 0.0 && !flip.started {
            flip.started = true;
            started.write(FlipStarted {
                square: disc.square,
            });
        }
        let turned = Quat::from_axis_angle(flip.axis, PI * ease(t)) * face_up(flip.from);
        let lift = FLIP_LIFT * (PI * t).sin() + DISC_HALF_THICKNESS * (PI * t).sin();
        transform.translation = rest_position(disc.square, size) + Vec3::Y * lift;
        transform.rotation = turned;
        if t >= 1.0 {
            *transform = disc_transform(disc.square, size, disc.colour);
            commands.entity(entity).remove::<FlipAnimation>();
        }
    }
}

fn update_animating(
    flips: Query<(), With<FlipAnimation>>,
    drops: Query<(), With<DropAnimation>>,
    mut animating: ResMut<Animating>,
) {
    // Components removed this frame are still seen here; they are all at their end already.
    let running = flips.iter().count() + drops.iter().count() > 0;
    animating.set_if_neq(Animating(running));
}
