//! The games this app holds, as the shell knows them: names, pages and save slots, never their
//! types. Each game is its own page with its own wasm (docs/architecture.md), so opening a game
//! downloads only that game's code.

use crate::shell::storage::SaveSlot;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameId {
    EmpireVsRebellion,
    Rebellion,
    GalacticRebellion,
}

impl GameId {
    pub const ALL: [GameId; 3] = [
        GameId::EmpireVsRebellion,
        GameId::Rebellion,
        GameId::GalacticRebellion,
    ];

    pub fn title(self) -> &'static str {
        match self {
            GameId::EmpireVsRebellion => "Empire vs. Rebellion",
            GameId::Rebellion => "Rebellion",
            GameId::GalacticRebellion => "Empires: Galactic Rebellion",
        }
    }

    pub fn blurb(self) -> &'static str {
        match self {
            GameId::EmpireVsRebellion => {
                "The card game: win events with your resources, characters and strategies, \
                 and be first to 7 victory points."
            }
            GameId::Rebellion => {
                "The galactic war on a map of 32 systems: the Empire hunts the hidden Rebel base; \
                 the Rebellion hides, wins hearts and holds out until its reputation meets time."
            }
            GameId::GalacticRebellion => {
                "2 to 5 rebel factions place their workers over eight turns for planets, the \
                 Senate, trade, technologies and covert missions, then face the Galactic War."
            }
        }
    }

    pub fn length(self) -> &'static str {
        match self {
            GameId::EmpireVsRebellion => "about 30 minutes",
            GameId::Rebellion => "2 to 4 hours, saved as you go",
            GameId::GalacticRebellion => "about 1 to 2 hours, saved as you go",
        }
    }

    /// The game's page, relative to either page (both sit in the same folder).
    pub fn page(self) -> &'static str {
        match self {
            GameId::EmpireVsRebellion => "./index.html",
            GameId::Rebellion => "./rebellion.html",
            GameId::GalacticRebellion => "./galactic-rebellion.html",
        }
    }

    /// The page for playing with a friend on another device, where there is one.
    pub fn online_page(self) -> Option<&'static str> {
        match self {
            GameId::EmpireVsRebellion => Some("./evr-online.html"),
            GameId::Rebellion => Some("./rebellion-online.html"),
            GameId::GalacticRebellion => Some("./galactic-online.html"),
        }
    }

    /// The words of the link to [`GameId::online_page`].
    pub fn online_label(self) -> &'static str {
        match self {
            // Rebellion's page hosts the team game of 3 and 4 too.
            GameId::GalacticRebellion | GameId::Rebellion => "With friends on other devices",
            _ => "With a friend on another device",
        }
    }

    /// Where the game's save lives; Empire vs. Rebellion keeps the key of earlier versions.
    pub fn save_slot(self) -> SaveSlot {
        match self {
            GameId::EmpireVsRebellion => SaveSlot::new("evr-save"),
            GameId::Rebellion => SaveSlot::new("swr-save"),
            GameId::GalacticRebellion => SaveSlot::new("egr-save"),
        }
    }

    /// Short id for test ids and anchors.
    pub fn slug(self) -> &'static str {
        match self {
            GameId::EmpireVsRebellion => "evr",
            GameId::Rebellion => "swr",
            GameId::GalacticRebellion => "egr",
        }
    }
}

/// The page was opened asking for the rules (`…#rules`, from another game's start screen).
pub fn rules_asked() -> bool {
    leptos::prelude::window()
        .location()
        .hash()
        .is_ok_and(|h| h == "#rules")
}
