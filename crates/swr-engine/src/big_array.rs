//! Serde for fixed arrays longer than 32 (serde derives only up to 32): as a sequence.
//! Use with `#[serde(with = "crate::big_array")]`.

use serde::de::{Deserialize, Deserializer, Error, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeTuple, Serializer};
use std::marker::PhantomData;

pub fn serialize<S: Serializer, T: Serialize, const N: usize>(
    a: &[T; N],
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut t = s.serialize_tuple(N)?;
    for x in a {
        t.serialize_element(x)?;
    }
    t.end()
}

pub fn deserialize<
    'de,
    D: Deserializer<'de>,
    T: Deserialize<'de> + Copy + Default,
    const N: usize,
>(
    d: D,
) -> Result<[T; N], D::Error> {
    struct V<T, const N: usize>(PhantomData<T>);
    impl<'de, T: Deserialize<'de> + Copy + Default, const N: usize> Visitor<'de> for V<T, N> {
        type Value = [T; N];
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(f, "an array of {N}")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[T; N], A::Error> {
            let mut out = [T::default(); N];
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(i, &self))?;
            }
            // A longer sequence is refused by the format itself (JSON's reader at the closing
            // bracket; the packed format reads a tuple's elements and no more).
            Ok(out)
        }
    }
    d.deserialize_tuple(N, V::<T, N>(PhantomData))
}
