//! The course. Each lesson's positions come from the rule books' examples: the start and its
//! first moves (all four books), the Italian book's ten-disc f6 and its g4, the Dutch book's
//! figure 5 (a flipped disc flips nothing; the game that ends early), its corner, X- and C-square
//! names, the English books' scoring and time rules, and the variants the books name. Where a
//! book shows only part of a position, the board here is one that shows exactly what it says; the
//! tests check every claim against the rules. "Learn to win" takes real positions from WTHOR
//! games; the tests check each of its claims against the engine (depth 12, or the exact solver).
//!
//! "Learn to play" is in [`play`], "Learn to win" in [`win`]; [`LESSONS`] runs through both.

use super::{Course, Lesson, Start, Step, Task};

mod play;
mod win;

const fn step(start: Start, task: Task, text: &'static str, done: &'static str) -> Step {
    Step {
        start,
        task,
        text,
        done,
        not_this: None,
        numbers: false,
    }
}

/// The courses: "Learn to play" (the rules), then "Learn to win" (strategy), each a run of
/// [`LESSONS`].
pub static COURSES: [Course; 2] = [
    Course {
        title: "course-play",
        first: 1,
        count: 12,
    },
    Course {
        title: "course-win",
        first: 13,
        count: 12,
    },
];

/// The lessons, in order: lesson n is `LESSONS[n - 1]`.
pub static LESSONS: [Lesson; 24] = join(play::LESSONS, win::LESSONS);

/// The two courses' lessons one after the other.
const fn join(play: [Lesson; 12], win: [Lesson; 12]) -> [Lesson; 24] {
    let mut all = [play[0]; 24];
    let mut i = 0;
    while i < 12 {
        all[i] = play[i];
        all[12 + i] = win[i];
        i += 1;
    }
    all
}
