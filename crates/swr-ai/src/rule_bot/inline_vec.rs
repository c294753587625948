//! A list kept on the stack while short.

use swr_engine::{Action, LeaderId, Place, SystemId, UnitKind};

/// A list kept on the stack up to `N` items and moved to the heap beyond: the lists the rule
/// bot builds (units, leaders, targets) are short, and a search's playouts build them by the
/// million.
#[derive(Clone, Debug)]
pub(crate) struct InlineVec<T: Blank, const N: usize> {
    len: usize,
    inline: [T; N],
    heap: Vec<T>,
}

/// A value for the unused slots of an [`InlineVec`]: all zero bytes where possible, so that
/// filling them is a plain memset.
pub(crate) trait Blank: Copy {
    const BLANK: Self;
}

impl Blank for UnitKind {
    const BLANK: Self = UnitKind::TieFighter;
}

impl Blank for f64 {
    const BLANK: Self = 0.0;
}

impl Blank for Place {
    const BLANK: Self = Place::System(SystemId::ALL[0]);
}

impl Blank for (UnitKind, Place) {
    const BLANK: Self = (UnitKind::TieFighter, Place::BLANK);
}

impl Blank for LeaderId {
    const BLANK: Self = LeaderId::ALL[0];
}

impl Blank for Action {
    const BLANK: Self = Action::Done;
}

impl<T: Blank, const N: usize> InlineVec<T, N> {
    pub fn new() -> Self {
        InlineVec {
            len: 0,
            inline: [T::BLANK; N],
            heap: Vec::new(),
        }
    }

    pub fn push(&mut self, item: T) {
        if self.len < N {
            self.inline[self.len] = item;
        } else {
            if self.len == N {
                self.heap.extend_from_slice(&self.inline);
            }
            self.heap.push(item);
        }
        self.len += 1;
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        if self.len > N {
            self.heap.retain(|item| keep(item));
            self.len = self.heap.len();
            if self.len <= N {
                self.inline[..self.len].copy_from_slice(&self.heap);
                self.heap.clear();
            }
            return;
        }
        let mut kept = 0;
        for i in 0..self.len {
            let item = self.inline[i];
            if keep(&item) {
                self.inline[kept] = item;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl<T: Blank, const N: usize> Default for InlineVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Blank, const N: usize> std::ops::Deref for InlineVec<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        if self.len <= N {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }
}

impl<T: Blank, const N: usize> std::ops::DerefMut for InlineVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        if self.len <= N {
            &mut self.inline[..self.len]
        } else {
            &mut self.heap
        }
    }
}

impl<T: Blank, const N: usize> Extend<T> for InlineVec<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
    }
}

impl<T: Blank, const N: usize> FromIterator<T> for InlineVec<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut list = Self::new();
        list.extend(items);
        list
    }
}

impl<T: Blank, const N: usize> IntoIterator for InlineVec<T, N> {
    type Item = T;
    type IntoIter = InlineIntoIter<T, N>;

    fn into_iter(self) -> Self::IntoIter {
        InlineIntoIter {
            list: self,
            next: 0,
        }
    }
}

pub(crate) struct InlineIntoIter<T: Blank, const N: usize> {
    list: InlineVec<T, N>,
    next: usize,
}

impl<T: Blank, const N: usize> Iterator for InlineIntoIter<T, N> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        let item = self.list.get(self.next).copied();
        self.next += 1;
        item
    }
}

impl<'a, T: Blank, const N: usize> IntoIterator for &'a InlineVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_vecs_spill_to_the_heap_and_back() {
        let all = LeaderId::ALL;
        let mut v: InlineVec<LeaderId, 2> = all[..5].iter().copied().collect();
        assert_eq!(&v[..], &all[..5]);
        v.retain(|l| l.index() % 2 == 0);
        assert_eq!(&v[..], &[all[0], all[2], all[4]]);
        v.retain(|l| l.index() != 4);
        assert_eq!(&v[..], &[all[0], all[2]]);
        v.push(all[7]);
        assert_eq!(&v[..], &[all[0], all[2], all[7]]);
        assert_eq!(v.into_iter().collect::<Vec<_>>(), [all[0], all[2], all[7]]);
    }
}
