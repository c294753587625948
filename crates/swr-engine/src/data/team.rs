//! The team game's data (3 and 4 players): each faction is a team of an Admiral (blue) and a
//! General (orange). Which role each leader belongs to, which player holds each action card,
//! the Command phase's order of the four seats, and which person plays which seat with 3 or
//! 4 players. Sources: `shared/research/rebellion-team-game.md` §1.1 (leader colours, High:
//! three independent sources agree on all 25, Jedi Luke being Luke's other side), §1.2
//! (which player holds a card, High) and §1.3 (the order on the faction sheets' team side,
//! Medium-high). The rules that use them are in `crate::rules::team` and
//! `docs/swr/team-game.md`.

use super::cards::ActionCard;
use super::leaders::{LeaderId, LEADER_COUNT};
use super::Side;
use serde::{Deserialize, Serialize};

/// A player's role in a team.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Role {
    /// Blue: recruits, builds and deploys, fights space battles.
    Admiral,
    /// Orange: holds the mission hand (and the Imperial General the probe cards, the Rebel
    /// General the objectives), fights ground battles.
    General,
}

impl Role {
    pub const BOTH: [Role; 2] = [Role::Admiral, Role::General];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The teammate's role.
    pub fn other(self) -> Role {
        match self {
            Role::Admiral => Role::General,
            Role::General => Role::Admiral,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::Admiral => "Admiral",
            Role::General => "General",
        }
    }

    /// The leader colour of the role, as printed.
    pub fn colour(self) -> &'static str {
        match self {
            Role::Admiral => "blue",
            Role::General => "orange",
        }
    }
}

/// One of the four seats of the team game: a side and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat {
    pub side: Side,
    pub role: Role,
}

impl Seat {
    pub const REBEL_ADMIRAL: Seat = Seat::new(Side::Rebel, Role::Admiral);
    pub const REBEL_GENERAL: Seat = Seat::new(Side::Rebel, Role::General);
    pub const IMPERIAL_ADMIRAL: Seat = Seat::new(Side::Empire, Role::Admiral);
    pub const IMPERIAL_GENERAL: Seat = Seat::new(Side::Empire, Role::General);

    pub const fn new(side: Side, role: Role) -> Seat {
        Seat { side, role }
    }

    /// The teammate's seat.
    pub fn mate(self) -> Seat {
        Seat::new(self.side, self.role.other())
    }

    /// The initiative number printed next to the role on the faction sheet's team side
    /// (1 to 4): the seat's place in [`COMMAND_ORDER`].
    pub fn initiative(self) -> u8 {
        COMMAND_ORDER
            .iter()
            .position(|s| *s == self)
            .expect("every seat is in the order") as u8
            + 1
    }

    /// "Rebel Admiral", "Imperial General"...
    pub fn name(self) -> String {
        format!("{} {}", self.side.name(), self.role.name())
    }
}

/// The Command phase's turn order (the initiative numbers on the faction sheets' team side):
/// 1 Rebel Admiral, 2 Imperial Admiral, 3 Imperial General, 4 Rebel General.
pub const COMMAND_ORDER: [Seat; 4] = [
    Seat::REBEL_ADMIRAL,
    Seat::IMPERIAL_ADMIRAL,
    Seat::IMPERIAL_GENERAL,
    Seat::REBEL_GENERAL,
];

use Role::{Admiral as A, General as G};

/// Each leader's role (colour), in [`LeaderId`] order. Jedi Luke is Luke's other side and,
/// like Luke, a General. A leader turned by Lure of the Dark Side keeps his colour and goes to
/// the Imperial pool of that colour.
pub const LEADER_ROLES: [Role; LEADER_COUNT] = [
    A, // Palpatine
    G, // Vader
    A, // Tarkin
    G, // Tagge
    A, // Ozzel
    A, // Piett
    G, // Boba Fett
    G, // Yularen
    G, // Veers
    A, // Greejatus
    G, // Jerjerrod
    A, // Fel
    A, // Mon Mothma
    A, // Dodonna
    G, // Leia
    G, // Rieekan
    G, // Luke (and Jedi Luke)
    A, // Ackbar
    G, // Chewbacca
    G, // Madine
    A, // Han
    A, // Lando
    G, // Obi-Wan
    A, // Wedge
];

impl LeaderId {
    /// The leader's role in the team game (his colour).
    pub fn role(self) -> Role {
        LEADER_ROLES[self.index()]
    }
}

/// Who holds an action card in the team game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Holder {
    /// The card shows leaders of this role only: that player holds it.
    Role(Role),
    /// The card shows no leader (the ring cards): either player may use it.
    Either,
    /// The card shows an Admiral and a General (recruit cards only): whoever receives the
    /// leader recruited with it holds it (the state records which).
    Recruited,
}

impl ActionCard {
    /// Who holds the card in the team game, from the leaders it shows.
    pub fn holder(self) -> Holder {
        let leaders = self.info().leaders;
        match leaders.first() {
            None => Holder::Either,
            Some(first) if leaders.iter().all(|l| l.role() == first.role()) => {
                Holder::Role(first.role())
            }
            Some(_) => Holder::Recruited,
        }
    }
}

/// The options of a team game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TeamOptions {
    /// 3 (one person plays both Rebel seats) or 4 (one person a seat).
    pub players: u8,
}

impl TeamOptions {
    pub const THREE: TeamOptions = TeamOptions { players: 3 };
    pub const FOUR: TeamOptions = TeamOptions { players: 4 };

    /// The person (0-based) who plays `seat`. With 4 players each seat is a person, numbered
    /// in the Command order; with 3 the lone Rebel (person 0) plays the Rebel Admiral and the
    /// Rebel General — turns 1 and 4, with the blue and the orange leaders kept apart as in
    /// the 4-player game — and persons 1 and 2 the Imperial Admiral and General.
    pub fn person(self, seat: Seat) -> u8 {
        match (self.players, seat.side) {
            (3, Side::Rebel) => 0,
            (3, Side::Empire) => seat.role.index() as u8 + 1,
            _ => seat.initiative() - 1,
        }
    }

    /// The seats person `person` plays, in the Command order.
    pub fn seats_of(self, person: u8) -> Vec<Seat> {
        COMMAND_ORDER
            .into_iter()
            .filter(|s| self.person(*s) == person)
            .collect()
    }

    /// Whether two seats are played by the same person (no hand-off between them).
    pub fn same_person(self, a: Seat, b: Seat) -> bool {
        self.person(a) == self.person(b)
    }
}

/// A person at the table, as the online table seats them (one device each): a side in the
/// two-player game; in the team game a seat, or with 3 players the lone Rebel who plays both
/// Rebel seats. Variants are numbered so that the two-player ones are the sides' numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Player {
    Rebel,
    Empire,
    RebelAdmiral,
    ImperialAdmiral,
    ImperialGeneral,
    RebelGeneral,
}

impl Player {
    /// The table's players for a game of these options, in person order
    /// ([`TeamOptions::person`]): Rebel, Empire for two; the lone Rebel and the two Imperial
    /// seats for three; the four seats in the Command order for four.
    pub fn table(team: Option<TeamOptions>) -> Vec<Player> {
        match team.map(|t| t.players) {
            None => vec![Player::Rebel, Player::Empire],
            Some(3) => vec![
                Player::Rebel,
                Player::ImperialAdmiral,
                Player::ImperialGeneral,
            ],
            Some(_) => COMMAND_ORDER.into_iter().map(Player::of_seat).collect(),
        }
    }

    /// The player of a team seat in the 4-player game.
    pub fn of_seat(seat: Seat) -> Player {
        match (seat.side, seat.role) {
            (Side::Rebel, Role::Admiral) => Player::RebelAdmiral,
            (Side::Rebel, Role::General) => Player::RebelGeneral,
            (Side::Empire, Role::Admiral) => Player::ImperialAdmiral,
            (Side::Empire, Role::General) => Player::ImperialGeneral,
        }
    }

    /// The side the player plays (and whose view their device shows).
    pub fn side(self) -> Side {
        match self {
            Player::Rebel | Player::RebelAdmiral | Player::RebelGeneral => Side::Rebel,
            _ => Side::Empire,
        }
    }

    /// The player who answers for `seat` in a team game of `team`.
    pub fn of(team: TeamOptions, seat: Seat) -> Player {
        if team.players == 3 && seat.side == Side::Rebel {
            Player::Rebel
        } else {
            Player::of_seat(seat)
        }
    }

    /// The player of `side` in the two-player game.
    pub fn of_side(side: Side) -> Player {
        match side {
            Side::Rebel => Player::Rebel,
            Side::Empire => Player::Empire,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ActionCard::*;
    use LeaderId::*;

    #[test]
    fn six_admirals_and_six_generals_a_side_two_and_two_starting() {
        for side in Side::BOTH {
            for role in Role::BOTH {
                let of = |starting: Option<bool>| {
                    LeaderId::ALL
                        .iter()
                        .filter(|l| l.printed_side() == side && l.role() == role)
                        .filter(|l| starting.is_none_or(|s| l.info().starting == s))
                        .count()
                };
                assert_eq!(of(None), 6, "{side:?} {role:?}");
                assert_eq!(of(Some(true)), 2, "{side:?} {role:?} starting");
            }
        }
    }

    #[test]
    fn the_table_numbers_its_players_as_the_persons_of_the_team_options() {
        assert_eq!(Player::table(None), [Player::Rebel, Player::Empire]);
        for team in [TeamOptions::THREE, TeamOptions::FOUR] {
            let table = Player::table(Some(team));
            assert_eq!(table.len(), usize::from(team.players));
            for seat in COMMAND_ORDER {
                let player = Player::of(team, seat);
                assert_eq!(table[usize::from(team.person(seat))], player, "{seat:?}");
                assert_eq!(player.side(), seat.side);
            }
        }
        // Two-player players are numbered as the sides (the online link's bytes rely on it).
        for side in Side::BOTH {
            assert_eq!(Player::of_side(side) as usize, side.index());
        }
    }

    #[test]
    fn leader_roles_match_the_research_table() {
        let admirals = [
            Palpatine, Tarkin, Ozzel, Piett, Fel, Greejatus, MonMothma, Dodonna, Ackbar, Han,
            Lando, Wedge,
        ];
        for l in LeaderId::ALL {
            let expected = if admirals.contains(&l) { A } else { G };
            assert_eq!(l.role(), expected, "{}", l.name());
        }
    }

    #[test]
    fn every_two_leader_card_pairs_an_admiral_with_a_general() {
        let mut two = 0;
        for card in ActionCard::ALL {
            let leaders = card.info().leaders;
            if leaders.len() == 2 {
                two += 1;
                assert_ne!(leaders[0].role(), leaders[1].role(), "{}", card.name());
                assert!(!card.info().starting, "{}", card.name());
                assert_eq!(card.holder(), Holder::Recruited);
            }
            assert!(leaders.len() <= 2);
        }
        // Blindside, Good Intel, Proceeding as Planned, Ready for Action; One in a Million,
        // Point-Blank Assault, The Millennium Falcon, Undercover.
        assert_eq!(two, 8);
    }

    #[test]
    fn starting_cards_go_to_the_player_whose_leader_they_show() {
        let expect = [
            (AccordingToMyDesign, Holder::Role(A)),
            (BrilliantAdministrator, Holder::Role(A)),
            (ItIsYourDestiny, Holder::Role(G)),
            (MoreDangerousThanYouRealize, Holder::Role(G)),
            (RebelPlanning, Holder::Role(A)),
            (TemporaryAlliance, Holder::Role(A)),
            (OurMostDesperateHour, Holder::Role(G)),
            (StartTheEvacuation, Holder::Role(G)),
            (HumanCyborgRelations, Holder::Either),
            (ResourcefulAstromech, Holder::Either),
        ];
        for (card, holder) in expect {
            assert!(card.info().starting);
            assert_eq!(card.holder(), holder, "{}", card.name());
        }
        let starting = ActionCard::ALL.iter().filter(|c| c.info().starting).count();
        assert_eq!(starting, expect.len());
    }

    #[test]
    fn recruit_cards_with_one_leader_go_to_that_leaders_player() {
        let admiral = [
            CatchThemBySurprise,
            KeepThemFromEscaping,
            PublicSupport,
            ScoutingMission,
            AnOldFriend,
            IndependentOperation,
            ItsATrap,
            TargetTheStarDestroyers,
        ];
        let general = [
            BobaFettWhere,
            FullyOperational,
            LocalRumors,
            TargetTheGenerator,
            Ambush,
            NobleSacrifice,
            SonOfSkywalker,
            WookieeGuardian,
        ];
        for c in admiral {
            assert_eq!(c.holder(), Holder::Role(A), "{}", c.name());
        }
        for c in general {
            assert_eq!(c.holder(), Holder::Role(G), "{}", c.name());
        }
        let recruit = ActionCard::ALL
            .iter()
            .filter(|c| !c.info().starting)
            .count();
        assert_eq!(recruit, admiral.len() + general.len() + 8);
    }

    #[test]
    fn the_command_order_and_the_three_player_seats() {
        assert_eq!(
            COMMAND_ORDER.map(|s| s.initiative()),
            [1, 2, 3, 4],
            "initiative numbers"
        );
        assert_eq!(Seat::REBEL_ADMIRAL.initiative(), 1);
        assert_eq!(Seat::REBEL_GENERAL.initiative(), 4);
        // Four players: one seat each.
        for (i, s) in COMMAND_ORDER.iter().enumerate() {
            assert_eq!(TeamOptions::FOUR.person(*s), i as u8);
            assert_eq!(TeamOptions::FOUR.seats_of(i as u8), vec![*s]);
        }
        // Three: the lone Rebel takes turns 1 and 4.
        let three = TeamOptions::THREE;
        assert_eq!(
            three.seats_of(0),
            vec![Seat::REBEL_ADMIRAL, Seat::REBEL_GENERAL]
        );
        assert_eq!(three.seats_of(1), vec![Seat::IMPERIAL_ADMIRAL]);
        assert_eq!(three.seats_of(2), vec![Seat::IMPERIAL_GENERAL]);
        assert!(three.same_person(Seat::REBEL_ADMIRAL, Seat::REBEL_GENERAL));
        assert!(!TeamOptions::FOUR.same_person(Seat::REBEL_ADMIRAL, Seat::REBEL_GENERAL));
        assert_eq!(Seat::IMPERIAL_GENERAL.mate(), Seat::IMPERIAL_ADMIRAL);
        assert_eq!(Seat::IMPERIAL_GENERAL.name(), "Imperial General");
    }
}
