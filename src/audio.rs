//! Sound effects: place, one flip per turned disc, pass, illegal move, game over (win, lose, draw)
//! and UI clicks, at the volume the settings say. Without an audio device the game runs silently.

use bevy::audio::Volume;
use bevy::prelude::*;

use crate::game::animation::FlipStarted;
use crate::game::{GameEnded, GameSettings, IllegalPlacement, MatchSettings, MoveApplied, Passed};

/// Flip sounds are quieter than the placement, so a long wave does not drown it.
const FLIP_VOLUME: f32 = 0.55;

/// A UI element was clicked (menus ask for the click sound with this).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct UiClick;

#[derive(Resource)]
struct Sounds {
    place: Handle<AudioSource>,
    flip: Handle<AudioSource>,
    pass: Handle<AudioSource>,
    illegal: Handle<AudioSource>,
    win: Handle<AudioSource>,
    lose: Handle<AudioSource>,
    draw: Handle<AudioSource>,
    click: Handle<AudioSource>,
}

pub fn plugin(app: &mut App) {
    app.add_message::<UiClick>()
        .add_systems(Startup, load_sounds)
        .add_systems(Update, play_sounds.run_if(resource_exists::<Sounds>));
}

/// The sounds are small (about 50 KB together), so they ship inside the binary: the game runs from
/// any directory and the web build needs no extra requests.
macro_rules! sound {
    ($sources:expr, $name:literal) => {
        $sources.add(AudioSource {
            bytes: include_bytes!(concat!("../assets/audio/", $name, ".ogg"))
                .as_slice()
                .into(),
        })
    };
}

fn load_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    commands.insert_resource(Sounds {
        place: sound!(sources, "place"),
        flip: sound!(sources, "flip"),
        pass: sound!(sources, "pass"),
        illegal: sound!(sources, "illegal"),
        win: sound!(sources, "win"),
        lose: sound!(sources, "lose"),
        draw: sound!(sources, "draw"),
        click: sound!(sources, "click"),
    });
}

/// The messages that make a sound.
#[derive(bevy::ecs::system::SystemParam)]
struct Heard<'w, 's> {
    placed: MessageReader<'w, 's, MoveApplied>,
    flipped: MessageReader<'w, 's, FlipStarted>,
    passed: MessageReader<'w, 's, Passed>,
    illegal: MessageReader<'w, 's, IllegalPlacement>,
    ended: MessageReader<'w, 's, GameEnded>,
    clicks: MessageReader<'w, 's, UiClick>,
}

fn play_sounds(
    mut commands: Commands,
    sounds: Res<Sounds>,
    settings: Res<GameSettings>,
    players: Res<MatchSettings>,
    heard: Heard,
) {
    let Heard {
        mut placed,
        mut flipped,
        mut passed,
        mut illegal,
        mut ended,
        mut clicks,
    } = heard;
    let volume = if settings.muted {
        0.0
    } else {
        settings.volume.clamp(0.0, 1.0)
    };
    let mut play = |sound: &Handle<AudioSource>, gain: f32| {
        if volume > 0.0 {
            commands.spawn((
                AudioPlayer::new(sound.clone()),
                PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume * gain)),
            ));
        }
    };
    for _ in placed.read() {
        play(&sounds.place, 1.0);
    }
    for _ in flipped.read() {
        play(&sounds.flip, FLIP_VOLUME);
    }
    for _ in passed.read() {
        play(&sounds.pass, 1.0);
    }
    for _ in illegal.read() {
        play(&sounds.illegal, 0.8);
    }
    for ended in ended.read() {
        let sound = match (ended.outcome.winner, players.single_human()) {
            (None, _) => &sounds.draw,
            (Some(winner), Some(human)) if winner != human => &sounds.lose,
            _ => &sounds.win,
        };
        play(sound, 1.0);
    }
    for _ in clicks.read() {
        play(&sounds.click, 0.6);
    }
}
