//! Sound effects: place, one flip per turned disc, pass, illegal move, game over (win, lose, draw)
//! and UI clicks, at the volume the settings say. Without an audio device the game runs silently.
//! Each sound is decoded once, at start: playing one copies samples and runs no Vorbis decoder on
//! the frame (in the browser that decoder's set-up, on the page's own thread, made the frame of a
//! move take over 50 ms).

use std::sync::Arc;
use std::time::Duration;

use bevy::audio::{AddAudioSource, ChannelCount, Decodable, Sample, SampleRate, Source, Volume};
use bevy::prelude::*;

use crate::game::animation::FlipStarted;
use crate::game::{GameEnded, GameSettings, IllegalPlacement, MatchSettings, MoveApplied, Passed};

/// Flip sounds are quieter than the placement, so a long wave does not drown it.
const FLIP_VOLUME: f32 = 0.55;

/// A UI element was clicked (menus ask for the click sound with this).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct UiClick;

/// A sound as samples, decoded once.
#[derive(Asset, TypePath, Clone, Debug)]
pub struct Pcm {
    channels: ChannelCount,
    rate: SampleRate,
    samples: Arc<[Sample]>,
}

impl Pcm {
    /// Decodes an encoded sound (Ogg Vorbis here) whole.
    pub fn decode(encoded: &'static [u8]) -> Pcm {
        let decoder = AudioSource {
            bytes: encoded.into(),
        }
        .decoder();
        let (channels, rate) = (decoder.channels(), decoder.sample_rate());
        Pcm {
            channels,
            rate,
            samples: decoder.collect(),
        }
    }
}

/// One playing of a [`Pcm`]: its samples in turn.
pub struct PcmPlayer {
    pcm: Pcm,
    at: usize,
}

impl Iterator for PcmPlayer {
    type Item = Sample;

    fn next(&mut self) -> Option<Sample> {
        let sample = self.pcm.samples.get(self.at).copied();
        self.at += 1;
        sample
    }
}

impl Source for PcmPlayer {
    fn current_span_len(&self) -> Option<usize> {
        Some(self.pcm.samples.len().saturating_sub(self.at))
    }
    fn channels(&self) -> ChannelCount {
        self.pcm.channels
    }
    fn sample_rate(&self) -> SampleRate {
        self.pcm.rate
    }
    fn total_duration(&self) -> Option<Duration> {
        let frames = self.pcm.samples.len() / usize::from(self.pcm.channels.get());
        Some(Duration::from_secs_f64(
            frames as f64 / f64::from(self.pcm.rate.get()),
        ))
    }
}

impl Decodable for Pcm {
    type Decoder = PcmPlayer;

    fn decoder(&self) -> PcmPlayer {
        PcmPlayer {
            pcm: self.clone(),
            at: 0,
        }
    }
}

#[derive(Resource)]
struct Sounds {
    place: Handle<Pcm>,
    flip: Handle<Pcm>,
    pass: Handle<Pcm>,
    illegal: Handle<Pcm>,
    win: Handle<Pcm>,
    lose: Handle<Pcm>,
    draw: Handle<Pcm>,
    click: Handle<Pcm>,
}

pub fn plugin(app: &mut App) {
    app.add_audio_source::<Pcm>()
        .add_message::<UiClick>()
        .add_systems(Startup, load_sounds)
        .add_systems(Update, play_sounds.run_if(resource_exists::<Sounds>));
}

/// The sounds are small (about 50 KB together), so they ship inside the binary: the game runs from
/// any directory and the web build needs no extra requests.
macro_rules! sound {
    ($sources:expr, $name:literal) => {
        $sources.add(Pcm::decode(include_bytes!(concat!(
            "../assets/audio/",
            $name,
            ".ogg"
        ))))
    };
}

fn load_sounds(mut commands: Commands, mut sources: ResMut<Assets<Pcm>>) {
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
    let mut play = |sound: &Handle<Pcm>, gain: f32| {
        if volume > 0.0 {
            commands.spawn((
                AudioPlayer(sound.clone()),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_sound_decodes_once_and_plays_its_samples_to_the_end() {
        for encoded in [
            include_bytes!("../assets/audio/place.ogg").as_slice(),
            include_bytes!("../assets/audio/flip.ogg"),
            include_bytes!("../assets/audio/win.ogg"),
        ] {
            let pcm = Pcm::decode(encoded);
            assert!(pcm.samples.len() > 1000, "{} samples", pcm.samples.len());
            let played: Vec<Sample> = pcm.decoder().collect();
            let again: Vec<Sample> = AudioSource {
                bytes: encoded.into(),
            }
            .decoder()
            .collect();
            assert_eq!(played, again, "the samples the Vorbis decoder gives");
            let duration = pcm.decoder().total_duration().unwrap();
            assert!(duration > Duration::from_millis(20) && duration < Duration::from_secs(3));
        }
    }
}
