//! Where the rules meet the ECS: the rules `Game` as a resource, the board scene, and the disc
//! entities that show it.

use bevy::prelude::*;

use crate::rules::Game;

pub mod board;
pub mod discs;

/// The game in progress: the single source of truth. Entities are views of it.
#[derive(Resource, Default, Debug, Clone)]
pub struct CurrentGame(pub Game);

pub fn plugin(app: &mut App) {
    app.init_resource::<CurrentGame>()
        .add_plugins((board::plugin, discs::plugin));
}
