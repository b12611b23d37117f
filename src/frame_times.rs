//! `reversi --frame-times SECONDS`: the computer plays itself with every animation on while the
//! wall time of each frame is recorded; then the median, the 95th percentile and the slowest
//! frame are printed and the game exits. A check of a build's smoothness that anyone can rerun
//! (docs/benchmarks.md compares build profiles with it). The player's save is not touched.

use bevy::prelude::*;
use bevy::time::Real;

/// Frames left out at the start, while the scene, its textures and its pipelines are made.
const WARM_UP_FRAMES: u32 = 60;

/// The frames recorded so far, and for how long to record.
#[derive(Resource, Debug, Default)]
struct FrameTimes {
    seconds: f32,
    seen: u32,
    elapsed: f32,
    /// Each frame's wall time, in milliseconds.
    frames: Vec<f32>,
}

/// Records frame times for `seconds` after the warm-up, then prints them and exits.
pub fn add(app: &mut App, seconds: u32) {
    app.insert_resource(FrameTimes {
        seconds: seconds as f32,
        ..default()
    })
    .add_systems(Last, record);
}

fn record(time: Res<Time<Real>>, mut times: ResMut<FrameTimes>, mut exit: MessageWriter<AppExit>) {
    times.seen += 1;
    if times.seen <= WARM_UP_FRAMES {
        return;
    }
    let delta = time.delta_secs();
    times.frames.push(delta * 1000.0);
    times.elapsed += delta;
    if times.elapsed >= times.seconds {
        println!("{}", summary(&times.frames));
        exit.write(AppExit::Success);
    }
}

/// "frame times over 600 frames: median 16.7 ms (60 frames a second), 95th percentile 18.0 ms,
/// slowest 25.1 ms".
pub fn summary(milliseconds: &[f32]) -> String {
    let mut sorted = milliseconds.to_vec();
    sorted.sort_by(f32::total_cmp);
    let Some(&slowest) = sorted.last() else {
        return "frame times: no frames".to_string();
    };
    let at = |fraction: f32| sorted[((sorted.len() - 1) as f32 * fraction).round() as usize];
    let median = at(0.5);
    format!(
        "frame times over {} frames: median {median:.1} ms ({:.0} frames a second), 95th \
         percentile {:.1} ms, slowest {slowest:.1} ms",
        sorted.len(),
        1000.0 / median,
        at(0.95),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_gives_the_median_the_95th_percentile_and_the_slowest() {
        let frames: Vec<f32> = (1..=100).map(|i| i as f32).collect();
        assert_eq!(
            summary(&frames),
            "frame times over 100 frames: median 51.0 ms (20 frames a second), 95th percentile \
             95.0 ms, slowest 100.0 ms"
        );
        assert_eq!(summary(&[]), "frame times: no frames");
    }
}
