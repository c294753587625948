//! Our own drawings for Rebellion (public/swr-art.svg, inlined into the page at build time):
//! one for each kind of unit and each leader, the skills, and the markers a player reads on
//! the galaxy.

use leptos::prelude::*;
use swr_engine::data::leaders::Skill;
use swr_engine::{LeaderId, UnitKind};

pub fn unit_art(kind: UnitKind) -> &'static str {
    use UnitKind::*;
    match kind {
        TieFighter => "u-tie",
        AssaultCarrier => "u-assault-carrier",
        StarDestroyer => "u-star-destroyer",
        SuperStarDestroyer => "u-super-star-destroyer",
        DeathStar => "u-death-star",
        DeathStarUnderConstruction => "u-death-star-under-construction",
        Stormtrooper => "u-stormtrooper",
        AtSt => "u-at-st",
        AtAt => "u-at-at",
        XWing => "u-x-wing",
        YWing => "u-y-wing",
        RebelTransport => "u-rebel-transport",
        CorellianCorvette => "u-corellian-corvette",
        MonCalamariCruiser => "u-mon-calamari-cruiser",
        RebelTrooper => "u-rebel-trooper",
        Airspeeder => "u-airspeeder",
        ShieldGenerator => "u-shield-generator",
        IonCannon => "u-ion-cannon",
    }
}

pub fn leader_art(leader: LeaderId) -> &'static str {
    use LeaderId::*;
    match leader {
        Palpatine => "l-palpatine",
        Vader => "l-vader",
        Tarkin => "l-tarkin",
        Tagge => "l-tagge",
        Ozzel => "l-ozzel",
        Piett => "l-piett",
        BobaFett => "l-boba-fett",
        Yularen => "l-yularen",
        Veers => "l-veers",
        Greejatus => "l-greejatus",
        Jerjerrod => "l-jerjerrod",
        Fel => "l-fel",
        MonMothma => "l-mon-mothma",
        Dodonna => "l-dodonna",
        Leia => "l-leia",
        Rieekan => "l-rieekan",
        Luke => "l-luke",
        Ackbar => "l-ackbar",
        Chewbacca => "l-chewbacca",
        Madine => "l-madine",
        Han => "l-han",
        Lando => "l-lando",
        ObiWan => "l-obi-wan",
        Wedge => "l-wedge",
    }
}

pub fn skill_art(skill: Skill) -> &'static str {
    match skill {
        Skill::Diplomacy => "s-diplomacy",
        Skill::Intel => "s-intel",
        Skill::SpecOps => "s-spec-ops",
        Skill::Logistics => "s-logistics",
    }
}

/// One drawing in HTML, coloured by the text colour around it.
#[component]
pub fn Icon(id: &'static str, #[prop(optional)] class: &'static str) -> impl IntoView {
    view! {
        <svg class=format!("icon {class}") viewBox="0 0 24 24" aria-hidden="true">
            <use href=format!("#{id}") />
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unit_leader_skill_and_marker_has_its_own_drawing() {
        let sprite = include_str!("../../public/swr-art.svg");
        let mut ids: Vec<&str> = UnitKind::ALL.iter().map(|k| unit_art(*k)).collect();
        ids.extend(LeaderId::ALL.iter().map(|l| leader_art(*l)));
        ids.extend(
            [
                Skill::Diplomacy,
                Skill::Intel,
                Skill::SpecOps,
                Skill::Logistics,
            ]
            .map(skill_art),
        );
        ids.extend([
            "s-space",
            "s-ground",
            "m-rebel",
            "m-empire",
            "m-subjugated",
            "m-sabotage",
            "m-base",
            "m-destroyed",
            "m-captured",
        ]);
        let mut unique = ids.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "every drawing its own");
        for id in ids {
            assert!(
                sprite.contains(&format!("<symbol id=\"{id}\"")),
                "no drawing for {id}"
            );
        }
    }
}
