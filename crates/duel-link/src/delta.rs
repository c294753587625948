//! The difference between two byte strings (the guest's packed view before and after a
//! move) as a short patch: Myers' shortest edit script over bytes, after trimming what both
//! share at the start and the end. A move changes a few bytes of a view, so its patch is a
//! few dozen bytes where the view is a kilobyte or more.
//!
//! A patch is a list of runs, each `copy, delete, insert` (varints) followed by the inserted
//! bytes: copy that many bytes of the old string, skip that many, then add the bytes given.
//! Whatever of the old string is left after the last run is copied.

use crate::pack::{get_varint, put_varint};

/// Beyond this many differences the edit script is not searched for: the patch deletes and
/// inserts the whole changed middle (still correct, and such a change is nearly a new view).
const MAX_EDITS: usize = 600;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edit {
    Same,
    Delete,
    Insert(u8),
}

/// A patch that turns `old` into `new`.
pub fn diff(old: &[u8], new: &[u8]) -> Vec<u8> {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let a = &old[prefix..old.len() - suffix];
    let b = &new[prefix..new.len() - suffix];
    let mut edits = vec![Edit::Same; prefix];
    match myers(a, b) {
        Some(middle) => edits.extend(middle),
        None => {
            edits.extend(std::iter::repeat_n(Edit::Delete, a.len()));
            edits.extend(b.iter().map(|&x| Edit::Insert(x)));
        }
    }
    // The common end is copied implicitly.
    encode(&edits)
}

/// Applies a patch written by [`diff`]; `None` if it does not fit `old`.
pub fn patch(old: &[u8], patch: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(old.len() + patch.len());
    let (mut at, mut from) = (0usize, 0usize);
    while at < patch.len() {
        let copy = get_varint(patch, &mut at)? as usize;
        let delete = get_varint(patch, &mut at)? as usize;
        let insert = get_varint(patch, &mut at)? as usize;
        let end = from.checked_add(copy)?;
        out.extend_from_slice(old.get(from..end)?);
        from = end.checked_add(delete)?;
        if from > old.len() {
            return None;
        }
        let stop = at.checked_add(insert)?;
        out.extend_from_slice(patch.get(at..stop)?);
        at = stop;
    }
    out.extend_from_slice(&old[from..]);
    Some(out)
}

fn encode(edits: &[Edit]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < edits.len() {
        let mut copy = 0;
        while i < edits.len() && edits[i] == Edit::Same {
            copy += 1;
            i += 1;
        }
        let (mut delete, mut insert) = (0, Vec::new());
        while i < edits.len() && edits[i] != Edit::Same {
            match edits[i] {
                Edit::Delete => delete += 1,
                Edit::Insert(x) => insert.push(x),
                Edit::Same => {}
            }
            i += 1;
        }
        if delete == 0 && insert.is_empty() {
            // Only copying is left: implicit.
            break;
        }
        put_varint(&mut out, copy);
        put_varint(&mut out, delete);
        put_varint(&mut out, insert.len() as u64);
        out.extend(insert);
    }
    out
}

/// Myers' O((N+M)·D) shortest edit script, or `None` beyond [`MAX_EDITS`] differences.
fn myers(a: &[u8], b: &[u8]) -> Option<Vec<Edit>> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    let max = (n + m) as usize;
    if max == 0 {
        return Some(Vec::new());
    }
    let limit = max.min(MAX_EDITS);
    let offset = limit as isize + 1;
    let mut v = vec![0isize; 2 * limit + 3];
    // The furthest x on each diagonal k before round d, for k in -d..=d: for the way back.
    let mut trace: Vec<Vec<isize>> = Vec::new();
    let mut end = None;
    'rounds: for d in 0..=limit as isize {
        trace.push(v[(offset - d) as usize..=(offset + d) as usize].to_vec());
        let mut k = -d;
        while k <= d {
            let i = (offset + k) as usize;
            let mut x = if k == -d || (k != d && v[i - 1] < v[i + 1]) {
                v[i + 1]
            } else {
                v[i - 1] + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            v[i] = x;
            if x >= n && y >= m {
                end = Some(d);
                break 'rounds;
            }
            k += 2;
        }
    }
    let d_end = end?;
    let mut edits = Vec::with_capacity(max);
    let (mut x, mut y) = (n, m);
    for d in (1..=d_end).rev() {
        let before = &trace[d as usize];
        // `before[j]` is diagonal j - (d - 1)... stored for k in -(d)..=d of the round's
        // start, i.e. index k + d.
        let at = |k: isize| before[(k + d) as usize];
        let k = x - y;
        let prev_k = if k == -d || (k != d && at(k - 1) < at(k + 1)) {
            k + 1
        } else {
            k - 1
        };
        let prev_x = at(prev_k);
        let prev_y = prev_x - prev_k;
        let (mid_x, mid_y) = if prev_k == k + 1 {
            (prev_x, prev_y + 1)
        } else {
            (prev_x + 1, prev_y)
        };
        while x > mid_x && y > mid_y {
            edits.push(Edit::Same);
            x -= 1;
            y -= 1;
        }
        if prev_k == k + 1 {
            edits.push(Edit::Insert(b[prev_y as usize]));
        } else {
            edits.push(Edit::Delete);
        }
        x = prev_x;
        y = prev_y;
    }
    while x > 0 && y > 0 {
        edits.push(Edit::Same);
        x -= 1;
        y -= 1;
    }
    edits.reverse();
    Some(edits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_kit::Rng;

    fn check(old: &[u8], new: &[u8]) -> usize {
        let p = diff(old, new);
        assert_eq!(
            patch(old, &p).as_deref(),
            Some(new),
            "{old:?} -> {new:?}: {p:?}"
        );
        p.len()
    }

    #[test]
    fn small_changes_make_small_patches() {
        assert_eq!(check(b"", b""), 0);
        assert_eq!(check(b"same", b"same"), 0);
        check(b"", b"new");
        check(b"old", b"");
        let old: Vec<u8> = (0..2000).map(|i| (i * 7 % 251) as u8).collect();
        let mut new = old.clone();
        new[500] ^= 1;
        new.insert(1200, 9);
        new.remove(1700);
        assert!(check(&old, &new) <= 16, "{}", diff(&old, &new).len());
    }

    #[test]
    fn random_edits_round_trip() {
        let mut rng = Rng::new(5);
        for round in 0..300 {
            let len = rng.below(300);
            let old: Vec<u8> = (0..len).map(|_| rng.below(4) as u8).collect();
            let mut new = old.clone();
            for _ in 0..rng.below(if round % 10 == 0 { 400 } else { 8 }) {
                let at = rng.below(new.len() + 1);
                match rng.below(3) {
                    0 => new.insert(at, rng.below(6) as u8),
                    1 if at < new.len() => {
                        new.remove(at);
                    }
                    _ if at < new.len() => new[at] = rng.below(6) as u8,
                    _ => {}
                }
            }
            check(&old, &new);
        }
    }

    #[test]
    fn damaged_patches_are_refused() {
        let old = b"abcdef";
        assert_eq!(patch(old, &[10, 0, 0]), None);
        assert_eq!(patch(old, &[0, 10, 0]), None);
        assert_eq!(patch(old, &[0, 0, 5, 1]), None);
    }
}
