#!/usr/bin/env bash
# Remakes every sound effect in this folder from sox synthesis (Debian: apt-get install sox
# libsox-fmt-all). Mono, 44.1 kHz, Ogg Vorbis. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
s() { sox -q -n -r 44100 -c 1 "$@"; }

# place: a low plucked string, low-passed into a wooden clack.
s place.ogg synth 0.14 pluck A2 gain -8 fade q 0.001 0.14 0.11 lowpass -1 1800 norm -2
# flip: a short high pluck, one per turned disc.
s flip.ogg synth 0.07 pluck E5 gain -8 fade q 0.001 0.07 0.06 highpass 400 norm -7
# click: a tiny sine tick for UI buttons.
s click.ogg synth 0.03 sine 1500 fade q 0.001 0.03 0.025 gain -12
# illegal: a soft low buzz.
s illegal.ogg synth 0.16 square 90 gain -10 fade q 0.005 0.16 0.1 lowpass 600 norm -10

tone() { s "$tmp/$1.wav" synth "$2" "$3" "$4" fade q 0.005 "$2" 0.06 gain -9; }
# pass: two falling notes.
tone p1 0.16 sine 660; tone p2 0.22 sine 440
sox -q "$tmp/p1.wav" "$tmp/p2.wav" pass.ogg
# win: a rising C major arpeggio.
tone w1 0.11 triangle C5; tone w2 0.11 triangle E5; tone w3 0.11 triangle G5; tone w4 0.35 triangle C6
sox -q "$tmp/w1.wav" "$tmp/w2.wav" "$tmp/w3.wav" "$tmp/w4.wav" win.ogg
# lose: a falling minor line.
tone l1 0.16 triangle G4; tone l2 0.16 triangle Eb4; tone l3 0.4 triangle C4
sox -q "$tmp/l1.wav" "$tmp/l2.wav" "$tmp/l3.wav" lose.ogg
# draw: the same note twice.
tone d1 0.16 triangle E4; tone d2 0.3 triangle E4
sox -q "$tmp/d1.wav" "$tmp/d2.wav" draw.ogg
