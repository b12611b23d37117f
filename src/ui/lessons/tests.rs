//! The lesson panel's words checked against the boards they speak of.

use super::*;
use crate::i18n::Language;

/// A wrong prediction's feedback speaks of red lines only where the board draws one (lesson
/// 6's spoke of one that was not there).
#[test]
fn a_wrong_prediction_explains_red_lines_only_where_one_is_drawn() {
    let texts = Texts::new(Language::English);
    let red = tr!(texts, "lesson-predict-red");
    let mut seen = [false, false];
    // Every prediction of the course: its feedback matches its board.
    for (index, lesson) in LESSONS.iter().enumerate() {
        let mut game = None;
        for (step_index, step) in lesson.steps.iter().enumerate() {
            let played = step.start.game(game.as_ref()).expect("a lesson's board");
            if let Task::Predict { play, .. } = step.task {
                let position = played.position();
                let drawn = lessons::lines(&position, lessons::cell(play))
                    .iter()
                    .any(|line| !line.outflanks());
                let run = Run {
                    number: index as u8 + 1,
                    step: step_index,
                    progress: Default::default(),
                    misses: 1,
                    hint: false,
                    feedback: None,
                    stage: Stage::Trying,
                    review: None,
                };
                let feedback = Feedback::Try(Verdict::Predicted {
                    missed: vec![],
                    wrongly: vec![],
                });
                let (text, _) = feedback_text(&texts, &run, &feedback, &position);
                assert_eq!(text.contains(&red), drawn, "lesson {}: {text}", index + 1);
                seen[usize::from(drawn)] = true;
            }
            game = Some(played);
        }
    }
    assert!(seen[0], "a prediction without a red line");
    // The same feedback on a board where d3 (lesson 6's move) has a line that stops at an
    // empty square: the red line is drawn, and explained.
    let board = format!("{}---X----{}-------O O", "-".repeat(24), "-".repeat(24));
    let position =
        crate::rules::notation::parse_board(&board, crate::rules::Variant::STANDARD).unwrap();
    let run = Run {
        number: 6,
        step: 0,
        progress: Default::default(),
        misses: 1,
        hint: false,
        feedback: None,
        stage: Stage::Trying,
        review: None,
    };
    assert!(matches!(
        run.current().task,
        Task::Predict { play: "d3", .. }
    ));
    let feedback = Feedback::Try(Verdict::Predicted {
        missed: vec![],
        wrongly: vec![],
    });
    let (text, _) = feedback_text(&texts, &run, &feedback, &position);
    assert!(text.contains(&red), "{text}");
}
