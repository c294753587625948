//! Fixed-capacity card lists, so that the whole game state is `Copy` and cloning it for search
//! costs a few hundred bytes of memcpy and no allocation.

use crate::cards::{CardId, EventId, CARDS_PER_SIDE, EVENT_COUNT};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! fixed_list {
    ($name:ident, $item:ty, $cap:expr, $zero:expr) => {
        /// An ordered list with a fixed capacity; the last item is the top of a pile.
        #[derive(Clone, Copy)]
        pub struct $name {
            len: u8,
            items: [$item; $cap],
        }

        impl Default for $name {
            fn default() -> Self {
                $name {
                    len: 0,
                    items: [$zero; $cap],
                }
            }
        }

        impl $name {
            pub const CAPACITY: usize = $cap;

            pub fn len(&self) -> usize {
                self.len as usize
            }

            pub fn is_empty(&self) -> bool {
                self.len == 0
            }

            pub fn as_slice(&self) -> &[$item] {
                &self.items[..self.len as usize]
            }

            pub fn as_mut_slice(&mut self) -> &mut [$item] {
                &mut self.items[..self.len as usize]
            }

            pub fn iter(&self) -> impl DoubleEndedIterator<Item = $item> + '_ {
                self.as_slice().iter().copied()
            }

            /// Adds on top. Returns false (and changes nothing) when full, which the rules
            /// never allow to happen: every list can hold all the cards of its kind.
            pub fn push(&mut self, item: $item) -> bool {
                if (self.len as usize) < $cap {
                    self.items[self.len as usize] = item;
                    self.len += 1;
                    true
                } else {
                    false
                }
            }

            /// Takes the top item.
            pub fn pop(&mut self) -> Option<$item> {
                if self.len == 0 {
                    None
                } else {
                    self.len -= 1;
                    Some(self.items[self.len as usize])
                }
            }

            pub fn top(&self) -> Option<$item> {
                self.as_slice().last().copied()
            }

            pub fn contains(&self, item: $item) -> bool {
                self.as_slice().contains(&item)
            }

            pub fn position(&self, item: $item) -> Option<usize> {
                self.as_slice().iter().position(|&x| x == item)
            }

            /// Removes an item wherever it is, keeping the order of the others.
            pub fn remove(&mut self, item: $item) -> bool {
                match self.position(item) {
                    Some(i) => {
                        self.items.copy_within(i + 1..self.len as usize, i);
                        self.len -= 1;
                        true
                    }
                    None => false,
                }
            }

            /// Inserts at the bottom of the pile.
            pub fn push_bottom(&mut self, item: $item) -> bool {
                if (self.len as usize) < $cap {
                    self.items.copy_within(0..self.len as usize, 1);
                    self.items[0] = item;
                    self.len += 1;
                    true
                } else {
                    false
                }
            }

            pub fn clear(&mut self) {
                self.len = 0;
            }

            pub fn from_slice(items: &[$item]) -> Option<Self> {
                let mut list = Self::default();
                for &item in items {
                    if !list.push(item) {
                        return None;
                    }
                }
                Some(list)
            }
        }

        // Only the cards count: slots past `len` hold stale values.
        impl PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                self.as_slice() == other.as_slice()
            }
        }

        impl Eq for $name {}

        impl std::hash::Hash for $name {
            fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
                self.as_slice().hash(h)
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_list().entries(self.as_slice()).finish()
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                self.as_slice().serialize(s)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let items: Vec<$item> = Vec::deserialize(d)?;
                Self::from_slice(&items)
                    .ok_or_else(|| serde::de::Error::custom("too many cards in a pile"))
            }
        }
    };
}

fixed_list!(CardList, CardId, CARDS_PER_SIDE, CardId(0));
fixed_list!(EventList, EventId, EVENT_COUNT, EventId(0));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_remove_bottom() {
        let mut l = CardList::default();
        for i in 0..5 {
            assert!(l.push(CardId(i)));
        }
        assert_eq!(l.top(), Some(CardId(4)));
        assert!(l.remove(CardId(2)));
        assert!(!l.remove(CardId(2)));
        assert_eq!(l.as_slice(), &[CardId(0), CardId(1), CardId(3), CardId(4)]);
        assert!(l.push_bottom(CardId(9)));
        assert_eq!(l.as_slice()[0], CardId(9));
        assert_eq!(l.pop(), Some(CardId(4)));
        assert_eq!(l.len(), 4);
        let full = CardList::from_slice(&[CardId(1); 24]).unwrap();
        assert!(!full.clone().push(CardId(0)));
        assert!(CardList::from_slice(&[CardId(1); 25]).is_none());
    }

    #[test]
    fn serializes_as_a_plain_list() {
        let l = CardList::from_slice(&[CardId(3), CardId(7)]).unwrap();
        let json = serde_json::to_string(&l).unwrap();
        assert_eq!(json, "[3,7]");
        let back: CardList = serde_json::from_str(&json).unwrap();
        assert_eq!(back, l);
    }
}
