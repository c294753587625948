//! Dealing cards into places at random: every card to one of the places it may be in, every
//! place filled to its size. The most constrained cards go first, each to a place chosen with
//! a chance in proportion to the room left there (so that cards free to go anywhere are dealt
//! uniformly); when a card finds every place it may go full, cards already dealt are moved
//! along a chain of places to make room (an augmenting path: it finds a deal whenever one
//! exists).

use game_kit::Rng;

/// One card per entry of `allowed` (a bit set of places); returns the place of each, or
/// `None` when no deal exists.
pub(crate) fn deal(capacity: &[u32], allowed: &[u64], rng: &mut Rng) -> Option<Vec<u8>> {
    let n = allowed.len();
    let zones = capacity.len();
    let mut room: Vec<u32> = capacity.to_vec();
    let mut place = vec![u8::MAX; n];
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    order.sort_by_key(|i| allowed[*i].count_ones());
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); zones];
    for &c in &order {
        let free: u32 = (0..zones)
            .filter(|z| allowed[c] & 1 << z != 0)
            .map(|z| room[z])
            .sum();
        let z = if free > 0 {
            let mut r = rng.below(free as usize) as u32;
            (0..zones)
                .find(|&z| {
                    if allowed[c] & 1 << z == 0 {
                        return false;
                    }
                    if r < room[z] {
                        return true;
                    }
                    r -= room[z];
                    false
                })
                .unwrap()
        } else {
            make_room(c, allowed, &mut room, &mut place, &mut members)?
        };
        room[z] -= 1;
        place[c] = z as u8;
        members[z].push(c);
    }
    Some(place)
}

/// Frees a place card `c` may go to by moving dealt cards along a chain of places ending in
/// one with room; returns the freed place (with one unit of room for `c`).
fn make_room(
    c: usize,
    allowed: &[u64],
    room: &mut [u32],
    place: &mut [u8],
    members: &mut [Vec<usize>],
) -> Option<usize> {
    let zones = room.len();
    // Breadth first over places: `from[z]` = (previous place, card to move from it to z).
    let mut from: Vec<Option<(usize, usize)>> = vec![None; zones];
    let mut seen = vec![false; zones];
    let mut queue = Vec::new();
    for (z, seen) in seen.iter_mut().enumerate() {
        if allowed[c] & 1 << z != 0 {
            *seen = true;
            queue.push(z);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let z = queue[head];
        head += 1;
        for i in 0..members[z].len() {
            let d = members[z][i];
            for z2 in 0..zones {
                if allowed[d] & 1 << z2 == 0 || seen[z2] {
                    continue;
                }
                seen[z2] = true;
                from[z2] = Some((z, d));
                if room[z2] > 0 {
                    // Shift each card one step along the chain, back to a place of `c`'s.
                    room[z2] -= 1;
                    let mut at = z2;
                    while let Some((prev, card)) = from[at] {
                        members[prev].retain(|x| *x != card);
                        members[at].push(card);
                        place[card] = at as u8;
                        at = prev;
                    }
                    room[at] += 1;
                    return Some(at);
                }
                queue.push(z2);
            }
        }
    }
    None
}
