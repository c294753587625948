//! Star Wars: Rebellion on the link, two players or the team game of 3 and 4: a device per
//! [`Player`] ([`Player::table`]: Rebel and Empire; or the lone Rebel and the two Imperial
//! seats; or the four seats in the Command order).
//!
//! A team sees what the team knows: each device is sent its side's view, and only the
//! player who decides ([`GameState::player_to_decide`]) finds actions in it; the teammate's
//! view lists none. The Rebel should host, so that the base's system never leaves a Rebel's
//! device (the Empire's views have no field for it). The engine has no rule for what may be
//! taken back (no `game_kit::Disclosure`: dice, draws and the hidden base make it a question
//! per card), so nothing can be: a request is answered "not possible".
//!
//! Two-player players are numbered as the sides, so a two-player table's bytes are those of
//! before, when its seats were the sides (`tests/compat.rs`).

use crate::duel::{packed_log, read_packed, Duel, Engine};
use crate::frame::Wire;
use crate::pack;
use swr_engine::{Action, Game, GameOptions, GameState, LogEvent, Player, PlayerView, Side};

/// The game as the link plays it.
#[derive(Clone, Debug)]
pub struct SwrDuel(pub Game);

impl Engine for GameState {
    const WIRE: Wire = Wire {
        game: 2,
        rules: swr_engine::SAVE_FORMAT_VERSION,
        layout: 2,
    };
    fn seats(_: &GameOptions) -> Vec<Side> {
        vec![Side::Rebel, Side::Empire]
    }

    fn set_log(view: &mut PlayerView, log: Vec<LogEvent>) {
        view.log = log;
    }

    fn legal_in(view: &PlayerView) -> &[Action] {
        &view.legal
    }
}

impl SwrDuel {
    /// `player`'s side's view without its log, with actions only if `player` decides now.
    fn bare_view(&self, player: Player) -> PlayerView {
        let mut view = self.0.state().view(player.side());
        if self.0.state().player_to_decide() != Some(player) {
            view.legal.clear();
        }
        view
    }
}

impl Duel for SwrDuel {
    type Seat = Player;
    type Action = Action;
    type Options = GameOptions;
    type View = PlayerView;

    const WIRE: Wire = <GameState as Engine>::WIRE;

    fn seats(options: &GameOptions) -> Vec<Player> {
        Player::table(options.team)
    }

    fn start(seed: u64, options: GameOptions) -> Self {
        SwrDuel(Game::new(seed, options))
    }

    fn to_act(&self) -> Vec<Player> {
        self.0.state().player_to_decide().into_iter().collect()
    }

    fn legal(&self, seat: Player) -> Vec<Action> {
        if self.0.state().player_to_decide() == Some(seat) {
            self.0.state().legal_actions(seat.side())
        } else {
            Vec::new()
        }
    }

    fn apply(&mut self, seat: Player, action: Action) -> Result<(), String> {
        if self.0.state().player_to_decide() != Some(seat) {
            return Err(format!("{seat:?} does not decide now"));
        }
        self.0
            .apply(seat.side(), action)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn history_len(&self) -> usize {
        self.0.history().len()
    }

    fn take_back_point(&self, _: Player) -> Option<usize> {
        None
    }

    fn truncate(&mut self, len: usize) {
        self.0 = self.0.truncated(len);
    }

    fn view_bytes(&self, seat: Player) -> Vec<u8> {
        pack::to_bytes(&self.bare_view(seat)).expect("a view packs")
    }

    fn log_len(&self) -> usize {
        self.0.entries().len()
    }

    fn log_bytes(&self, seat: Player, from: usize) -> Vec<Vec<u8>> {
        let entries = self.0.entries();
        packed_log::<GameState>(&entries[from.min(entries.len())..], seat.side())
    }

    fn view(&self, seat: Player) -> PlayerView {
        let mut view = self.0.view(seat.side());
        if self.0.state().player_to_decide() != Some(seat) {
            view.legal.clear();
        }
        view
    }

    fn read_view(view: &[u8], log: &[Vec<u8>]) -> Result<PlayerView, String> {
        read_packed::<GameState>(view, log)
    }

    fn legal_in(view: &PlayerView) -> &[Action] {
        &view.legal
    }
}
