//! `reversi --frame-times SECONDS`: the computer plays itself with every animation on while the
//! wall time of each frame is recorded; then the median, the 95th percentile and the slowest
//! frame are printed and the game exits. On Linux, the processor time each of the program's
//! threads spent per frame follows, by thread name: a software renderer's threads (Mesa's
//! `llvmpipe-N`) apart from the game's own (the main thread, Bevy's task pools), so that the
//! game's side of a frame shows even where the renderer's dominates. A check of a build's
//! smoothness that anyone can rerun (docs/benchmarks.md compares build profiles with it). The
//! player's save is not touched.

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
    /// The threads' processor times when the recording began.
    threads_at_start: Vec<ThreadTime>,
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
        if times.seen == WARM_UP_FRAMES {
            times.threads_at_start = thread_times();
        }
        return;
    }
    let delta = time.delta_secs();
    times.frames.push(delta * 1000.0);
    times.elapsed += delta;
    if times.elapsed >= times.seconds {
        println!("{}", summary(&times.frames));
        let spent = per_name(&times.threads_at_start, &thread_times());
        if !spent.is_empty() {
            println!("{}", per_frame(&spent, times.frames.len()));
        }
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

/// One thread's name and the processor time it has used so far, in seconds.
#[derive(Clone, Debug, PartialEq)]
struct ThreadTime {
    id: u32,
    name: String,
    seconds: f64,
}

/// The program's threads and their processor times (user and system), from `/proc/self/task`;
/// none where there is no such folder.
fn thread_times() -> Vec<ThreadTime> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sysconf only reads a system constant.
        let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
        let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
            return Vec::new();
        };
        tasks
            .flatten()
            .filter_map(|task| {
                let id = task.file_name().to_str()?.parse().ok()?;
                let name = std::fs::read_to_string(task.path().join("comm")).ok()?;
                let stat = std::fs::read_to_string(task.path().join("stat")).ok()?;
                Some(ThreadTime {
                    id,
                    name: name.trim().to_string(),
                    seconds: stat_ticks(&stat)? as f64 / ticks,
                })
            })
            .collect()
    }
    #[cfg(not(target_os = "linux"))]
    Vec::new()
}

/// The user and system clock ticks of a `/proc/…/stat` line (its 14th and 15th fields, counted
/// after the parenthesised name, which may hold spaces).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn stat_ticks(stat: &str) -> Option<u64> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // The fields after the name start at the 3rd (the state).
    let user: u64 = fields.get(14 - 3)?.parse().ok()?;
    let system: u64 = fields.get(15 - 3)?.parse().ok()?;
    Some(user + system)
}

/// The processor time each group of threads spent between two readings, most first; a group is
/// the threads of one name without its number ("llvmpipe-0" and "llvmpipe-1" are "llvmpipe",
/// "Compute Task Pool (0)" is "Compute Task Pool"). Threads that ended in between are left out.
fn per_name(before: &[ThreadTime], after: &[ThreadTime]) -> Vec<(String, f64)> {
    let mut groups: Vec<(String, f64)> = Vec::new();
    for thread in after {
        let earlier = before
            .iter()
            .find(|t| t.id == thread.id)
            .map_or(0.0, |t| t.seconds);
        let name = thread
            .name
            .trim_end_matches(|c: char| c.is_ascii_digit() || "-() ".contains(c))
            .to_string();
        let name = if name.is_empty() {
            thread.name.clone()
        } else {
            name
        };
        match groups.iter_mut().find(|(n, _)| *n == name) {
            Some((_, seconds)) => *seconds += thread.seconds - earlier,
            None => groups.push((name, thread.seconds - earlier)),
        }
    }
    groups.retain(|(_, seconds)| *seconds > 0.0);
    groups.sort_by(|a, b| b.1.total_cmp(&a.1));
    groups
}

/// "processor time per frame by thread: llvmpipe 31.0 ms, reversi 5.2 ms, Compute Task Pool
/// 0.4 ms".
fn per_frame(groups: &[(String, f64)], frames: usize) -> String {
    let frames = frames.max(1) as f64;
    let each: Vec<String> = groups
        .iter()
        .map(|(name, seconds)| format!("{name} {:.1} ms", seconds * 1000.0 / frames))
        .collect();
    format!("processor time per frame by thread: {}", each.join(", "))
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

    #[test]
    fn a_stat_line_gives_its_user_and_system_ticks_even_with_spaces_in_the_name() {
        let stat = "4242 (Compute Task Po) S 1 2 3 4 5 6 7 8 9 10 1200 34 0 0 20 0 1 0";
        assert_eq!(stat_ticks(stat), Some(1234));
        assert_eq!(stat_ticks("7 (a) b) R 1 2 3 4 5 6 7 8 9 10 5 6"), Some(11));
        assert_eq!(stat_ticks("no name"), None);
    }

    #[test]
    fn threads_group_by_name_without_their_number_most_time_first() {
        let thread = |id, name: &str, seconds| ThreadTime {
            id,
            name: name.to_string(),
            seconds,
        };
        let before = [
            thread(1, "reversi", 1.0),
            thread(2, "llvmpipe-0", 5.0),
            thread(3, "llvmpipe-1", 5.0),
            thread(9, "gone", 1.0),
        ];
        let after = [
            thread(1, "reversi", 1.5),
            thread(2, "llvmpipe-0", 8.0),
            thread(3, "llvmpipe-1", 7.0),
            thread(4, "Compute Task Pool (0)", 0.25),
            thread(5, "idle", 0.0),
        ];
        let groups = per_name(&before, &after);
        assert_eq!(
            groups,
            vec![
                ("llvmpipe".to_string(), 5.0),
                ("reversi".to_string(), 0.5),
                ("Compute Task Pool".to_string(), 0.25),
            ]
        );
        assert_eq!(
            per_frame(&groups, 100),
            "processor time per frame by thread: llvmpipe 50.0 ms, reversi 5.0 ms, Compute Task \
             Pool 2.5 ms"
        );
    }

    #[test]
    fn this_programs_threads_are_read_where_the_system_lists_them() {
        let threads = thread_times();
        if cfg!(target_os = "linux") {
            assert!(
                threads.iter().any(|t| t.id == std::process::id()),
                "{threads:?}"
            );
        }
    }
}
