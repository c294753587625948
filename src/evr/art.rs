//! Our own drawings (public/evr-art.svg, inlined into the page at build time): one for each
//! character, resource type, strategy and event, named by a slug of its name.

use evr_engine::cards::{CardKind, EventId, ResourceType, Strategy};
use evr_engine::CardId;
use leptos::prelude::*;

/// "Obi-Wan Kenobi" → "obi-wan-kenobi".
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// A character's own drawing, or a regular card's resource type.
pub fn card_art(card: CardId) -> String {
    match card.kind() {
        CardKind::Character(c) => format!("c-{}", slug(c.name())),
        CardKind::Regular(r) => match r {
            ResourceType::Military => "r-military",
            ResourceType::Diplomacy => "r-diplomacy",
            ResourceType::Force => "r-force",
            ResourceType::Recon => "r-recon",
        }
        .to_string(),
    }
}

pub fn strategy_art(strategy: Strategy) -> String {
    format!("s-{}", slug(strategy.name()))
}

pub fn event_art(event: EventId) -> String {
    format!("e-{}", slug(event.card().name))
}

/// One drawing, coloured by the surrounding text colour.
#[component]
pub fn Art(id: String) -> impl IntoView {
    view! {
        <svg class="art" viewBox="0 0 48 48" aria-hidden="true">
            <use href=format!("#{id}") />
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use evr_engine::cards::CARD_COUNT;

    #[test]
    fn every_character_type_strategy_and_event_has_its_own_drawing() {
        let sprite = include_str!("../../public/evr-art.svg");
        let mut ids: Vec<String> = (0..CARD_COUNT as u8).map(|c| card_art(CardId(c))).collect();
        ids.extend(Strategy::ALL.map(strategy_art));
        ids.extend(EventId::all().map(event_art));
        ids.sort();
        ids.dedup();
        // 16 characters, 4 resource types, 5 strategies, 24 events.
        assert_eq!(ids.len(), 49);
        for id in &ids {
            assert!(
                sprite.contains(&format!("<symbol id=\"{id}\"")),
                "no drawing for {id}"
            );
        }
        assert_eq!(slug("R2-D2 and C-3PO"), "r2-d2-and-c-3po");
    }
}
