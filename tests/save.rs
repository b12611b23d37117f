//! Save files: round trips, atomic writes, and damaged or unknown saves moved aside, never a panic.

mod common;

use common::RandomPlay;
use std::path::PathBuf;

use proptest::prelude::*;
use reversi::ai::Level;
use reversi::rules::Game;
use reversi::save::{self, Loaded, SaveData, SaveError, SavedPlayer};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-save-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn sample(seed: u64, moves: usize, undos: usize) -> SaveData {
    let mut game = Game::new();
    let mut random = RandomPlay::new(seed);
    while !game.is_over() && game.history().len() < moves {
        random.play(&mut game);
    }
    for _ in 0..undos {
        game.undo();
    }
    let clock = (seed % 2 == 1).then(|| std::time::Duration::from_secs(300));
    SaveData {
        game,
        clock,
        clock_left: clock.map(|c| {
            (
                c / 2,
                c / 3,
                seed.is_multiple_of(3)
                    .then_some(reversi::rules::Player::White),
            )
        }),
        black: SavedPlayer::Human,
        white: SavedPlayer::Ai(Level::Expert),
        volume: 0.25,
        muted: true,
        animation_speed: 1.5,
        show_legal_moves: false,
        show_hints: true,
        ai_move_delay: 0.75,
    }
}

#[test]
fn saves_round_trip_with_their_redo_moves() {
    for seed in 0..100 {
        let data = sample(seed, (seed % 61) as usize, (seed % 5) as usize);
        let text = data.to_text();
        assert_eq!(SaveData::from_text(&text).unwrap(), data, "{text}");
    }
}

#[test]
fn store_then_load_gives_the_same_save_and_leaves_no_temporary_file() {
    let dir = temp_dir("roundtrip");
    let data = sample(7, 30, 2);
    save::store(&dir, &data).unwrap();
    let Loaded::Save(loaded) = save::load(&dir) else {
        panic!("a save")
    };
    assert_eq!(*loaded, data);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, [save::FILE_NAME]);
    // Overwriting replaces it whole.
    let newer = sample(8, 10, 0);
    save::store(&dir, &newer).unwrap();
    let Loaded::Save(loaded) = save::load(&dir) else {
        panic!("a save")
    };
    assert_eq!(*loaded, newer);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_save_is_nothing() {
    let dir = temp_dir("nothing");
    assert!(matches!(save::load(&dir), Loaded::Nothing));
}

#[test]
fn a_damaged_or_unknown_save_is_moved_aside_not_overwritten() {
    let good = sample(3, 20, 0).to_text();
    let cases: Vec<(String, &str)> = vec![
        ("garbage \u{0} \n".into(), "damaged"),
        (
            good.replace("reversi-save 1", "reversi-save 99"),
            "version 99",
        ),
        (good.replace("volume 0.25", "volume loud"), "not a number"),
        (good.replace("volume 0.25", "volume 7"), "out of range"),
        (good.replace("black human", "black robot"), "not a player"),
        (good.replace("(;GM[Othello]", "(;GM[Chess]"), "not Othello"),
        (good.replace("redo ", "redo d4"), "redo move d4"),
        (
            good.lines()
                .filter(|l| !l.starts_with("muted"))
                .collect::<Vec<_>>()
                .join("\n"),
            "no 'muted' line",
        ),
    ];
    for (i, (text, expected)) in cases.into_iter().enumerate() {
        let dir = temp_dir(&format!("bad{i}"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(save::FILE_NAME), &text).unwrap();
        match save::load(&dir) {
            Loaded::MovedAside { error, moved_to } => {
                assert!(error.to_string().contains(expected), "{error}");
                let moved_to = moved_to.expect("moved");
                assert_eq!(
                    std::fs::read_to_string(&moved_to).unwrap(),
                    text,
                    "kept as it was"
                );
                assert!(!dir.join(save::FILE_NAME).exists());
            }
            other => panic!("case {i}: {other:?}"),
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
    assert!(matches!(
        SaveData::from_text("reversi-save 2\n"),
        Err(SaveError::UnknownVersion(v)) if v == "2"
    ));
}

proptest! {
    #[test]
    fn reading_arbitrary_text_never_panics(text in ".{0,300}") {
        let _ = SaveData::from_text(&text);
        let _ = SaveData::from_text(&format!("reversi-save 1\n{text}"));
    }
}
