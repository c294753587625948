//! A compact binary serde format for views, log events and saved sessions: no field names,
//! unsigned integers as LEB128 varints (`u8` as one byte), signed ones zigzagged, enum
//! variants as their index, sequences and maps with a length first, structs and tuples as
//! their fields in order. It is not self-describing, so it reads back only into the type it
//! was written from; both devices check that they run the same layout (the wire version in
//! every message) before reading anything. A view of Rebellion takes about 1.4 KB here
//! against about 9 KB of JSON.

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use serde::ser::{self, Serialize};
use std::fmt;

/// Why a value could not be written or read. Boxed: every field read passes its result up,
/// and a one-word error keeps each of those hundreds of steps short.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::box_collection)] // one word instead of a String's three: the point
pub struct PackError(Box<String>);

impl PackError {
    fn new(why: impl Into<String>) -> PackError {
        PackError(Box::new(why.into()))
    }
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "packed data: {}", self.0)
    }
}

impl std::error::Error for PackError {}

impl ser::Error for PackError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        PackError::new(msg.to_string())
    }
}

impl de::Error for PackError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        PackError::new(msg.to_string())
    }
    // The derived readers call these at hundreds of places; serde's own words for them format
    // the value found (a float's formatting among them: about 10 KB of every online page's
    // wasm) and what was expected. Data that fails here was damaged or written by another
    // layout, which the wire version already refuses, so the kind of fault is enough.
    fn invalid_type(_: de::Unexpected, _: &dyn de::Expected) -> Self {
        PackError::new("a value of another type")
    }
    fn invalid_value(_: de::Unexpected, _: &dyn de::Expected) -> Self {
        PackError::new("a value out of range")
    }
    fn invalid_length(_: usize, _: &dyn de::Expected) -> Self {
        PackError::new("a sequence of another length")
    }
    fn unknown_variant(_: &str, _: &'static [&'static str]) -> Self {
        PackError::new("an unknown variant")
    }
    fn unknown_field(_: &str, _: &'static [&'static str]) -> Self {
        PackError::new("an unknown field")
    }
    fn missing_field(_: &'static str) -> Self {
        PackError::new("a missing field")
    }
    fn duplicate_field(_: &'static str) -> Self {
        PackError::new("a field twice")
    }
}

/// Writes `value` in the packed format. Fails only for what the format cannot hold (a
/// sequence of unknown length, a skipped field).
pub fn to_bytes<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, PackError> {
    let mut out = Packer { out: Vec::new() };
    value.serialize(&mut out)?;
    Ok(out.out)
}

/// Reads a value of type `T` written by [`to_bytes`]; every byte must be used.
pub fn from_bytes<'a, T: serde::Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, PackError> {
    let mut reader = Unpacker { bytes, at: 0 };
    let value = T::deserialize(&mut reader)?;
    if reader.at != bytes.len() {
        return Err(PackError::new(format!(
            "{} bytes left over",
            bytes.len() - reader.at
        )));
    }
    Ok(value)
}

/// Appends `value` as an unsigned LEB128 varint.
pub fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let low = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

/// Reads an unsigned LEB128 varint at `*at`, moving `*at` past it.
pub fn get_varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *bytes.get(*at)?;
        *at += 1;
        value |= ((byte & 0x7f) as u64) << shift;
        if byte & 0x80 == 0 {
            // A varint longer than needed, or one past 64 bits, is not one we wrote.
            if shift > 0 && byte == 0 || shift == 63 && byte > 1 {
                return None;
            }
            return Some(value);
        }
    }
    None
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

struct Packer {
    out: Vec<u8>,
}

impl Packer {
    fn varint(&mut self, v: u64) {
        put_varint(&mut self.out, v);
    }
}

impl ser::Serializer for &mut Packer {
    type Ok = ();
    type Error = PackError;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn is_human_readable(&self) -> bool {
        false
    }
    fn serialize_bool(self, v: bool) -> Result<(), PackError> {
        self.out.push(v as u8);
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), PackError> {
        self.out.push(v as u8);
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result<(), PackError> {
        self.varint(zigzag(v as i64));
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result<(), PackError> {
        self.varint(zigzag(v as i64));
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result<(), PackError> {
        self.varint(zigzag(v));
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), PackError> {
        self.out.push(v);
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result<(), PackError> {
        self.varint(v as u64);
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result<(), PackError> {
        self.varint(v as u64);
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result<(), PackError> {
        self.varint(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), PackError> {
        self.out.extend(v.to_le_bytes());
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<(), PackError> {
        self.out.extend(v.to_le_bytes());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), PackError> {
        self.varint(v as u64);
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), PackError> {
        self.serialize_bytes(v.as_bytes())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), PackError> {
        self.varint(v.len() as u64);
        self.out.extend_from_slice(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), PackError> {
        self.out.push(0);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), PackError> {
        self.out.push(1);
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), PackError> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), PackError> {
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
    ) -> Result<(), PackError> {
        self.varint(index as u64);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), PackError> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        value: &T,
    ) -> Result<(), PackError> {
        self.varint(index as u64);
        value.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, PackError> {
        let len = len.ok_or_else(|| PackError::new("a sequence of unknown length"))?;
        self.varint(len as u64);
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, PackError> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, PackError> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, PackError> {
        self.varint(index as u64);
        Ok(self)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, PackError> {
        let len = len.ok_or_else(|| PackError::new("a map of unknown length"))?;
        self.varint(len as u64);
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, PackError> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, PackError> {
        self.varint(index as u64);
        Ok(self)
    }
}

impl ser::SerializeSeq for &mut Packer {
    type Ok = ();
    type Error = PackError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), PackError> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), PackError> {
        Ok(())
    }
}

impl ser::SerializeTuple for &mut Packer {
    type Ok = ();
    type Error = PackError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), PackError> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), PackError> {
        Ok(())
    }
}

impl ser::SerializeTupleStruct for &mut Packer {
    type Ok = ();
    type Error = PackError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), PackError> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), PackError> {
        Ok(())
    }
}

impl ser::SerializeTupleVariant for &mut Packer {
    type Ok = ();
    type Error = PackError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), PackError> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), PackError> {
        Ok(())
    }
}

impl ser::SerializeMap for &mut Packer {
    type Ok = ();
    type Error = PackError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), PackError> {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), PackError> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), PackError> {
        Ok(())
    }
}

impl ser::SerializeStruct for &mut Packer {
    type Ok = ();
    type Error = PackError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _: &'static str,
        value: &T,
    ) -> Result<(), PackError> {
        value.serialize(&mut **self)
    }
    fn skip_field(&mut self, key: &'static str) -> Result<(), PackError> {
        Err(PackError::new(format!(
            "field {key} is skipped: the packed format cannot tell"
        )))
    }
    fn end(self) -> Result<(), PackError> {
        Ok(())
    }
}

impl ser::SerializeStructVariant for &mut Packer {
    type Ok = ();
    type Error = PackError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _: &'static str,
        value: &T,
    ) -> Result<(), PackError> {
        value.serialize(&mut **self)
    }
    fn skip_field(&mut self, key: &'static str) -> Result<(), PackError> {
        Err(PackError::new(format!(
            "field {key} is skipped: the packed format cannot tell"
        )))
    }
    fn end(self) -> Result<(), PackError> {
        Ok(())
    }
}

struct Unpacker<'de> {
    bytes: &'de [u8],
    at: usize,
}

impl<'de> Unpacker<'de> {
    fn byte(&mut self) -> Result<u8, PackError> {
        let b = *self
            .bytes
            .get(self.at)
            .ok_or_else(|| PackError::new("ends too soon"))?;
        self.at += 1;
        Ok(b)
    }

    fn take(&mut self, n: usize) -> Result<&'de [u8], PackError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| PackError::new("ends too soon"))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    /// A byte that is 0 or 1 (`what`: a boolean, an option's tag). Not generic, so the many
    /// readers of booleans and options share it.
    #[inline(never)]
    fn flag(&mut self, what: &str) -> Result<bool, PackError> {
        match self.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            b => Err(PackError::new(format!("{b} is not {what}"))),
        }
    }

    fn varint(&mut self) -> Result<u64, PackError> {
        get_varint(self.bytes, &mut self.at).ok_or_else(|| PackError::new("a damaged number"))
    }

    fn uint(&mut self, max: u64) -> Result<u64, PackError> {
        let v = self.varint()?;
        if v > max {
            return Err(PackError::new(format!("{v} is out of range")));
        }
        Ok(v)
    }

    fn sint(&mut self, min: i64, max: i64) -> Result<i64, PackError> {
        let v = unzigzag(self.varint()?);
        if v < min || v > max {
            return Err(PackError::new(format!("{v} is out of range")));
        }
        Ok(v)
    }

    /// A length of elements still to read: never more than the bytes left, so damaged data
    /// cannot ask for a huge allocation or a long loop.
    fn len(&mut self) -> Result<usize, PackError> {
        let n = self.varint()?;
        if n > (self.bytes.len() - self.at) as u64 {
            return Err(PackError::new(format!(
                "a length of {n} is longer than the data"
            )));
        }
        Ok(n as usize)
    }
}

impl<'de> de::Deserializer<'de> for &mut Unpacker<'de> {
    type Error = PackError;

    fn is_human_readable(&self) -> bool {
        false
    }
    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, PackError> {
        Err(PackError::new("the packed format is not self-describing"))
    }
    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        v.visit_bool(self.flag("a boolean")?)
    }
    fn deserialize_i8<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        v.visit_i8(self.byte()? as i8)
    }
    fn deserialize_i16<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        v.visit_i16(self.sint(i16::MIN as i64, i16::MAX as i64)? as i16)
    }
    fn deserialize_i32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        v.visit_i32(self.sint(i32::MIN as i64, i32::MAX as i64)? as i32)
    }
    fn deserialize_i64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        v.visit_i64(self.sint(i64::MIN, i64::MAX)?)
    }
    fn deserialize_u8<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        v.visit_u8(self.byte()?)
    }
    fn deserialize_u16<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        v.visit_u16(self.uint(u16::MAX as u64)? as u16)
    }
    fn deserialize_u32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        v.visit_u32(self.uint(u32::MAX as u64)? as u32)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        v.visit_u64(self.varint()?)
    }
    fn deserialize_f32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        let b = self.take(4)?;
        v.visit_f32(f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn deserialize_f64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        v.visit_f64(f64::from_le_bytes(a))
    }
    fn deserialize_char<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        let c = self.uint(u32::MAX as u64)? as u32;
        v.visit_char(char::from_u32(c).ok_or_else(|| PackError::new("not a character"))?)
    }
    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        let n = self.len()?;
        let s = std::str::from_utf8(self.take(n)?).map_err(|_| PackError::new("not UTF-8"))?;
        v.visit_borrowed_str(s)
    }
    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        self.deserialize_str(v)
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        let n = self.len()?;
        v.visit_borrowed_bytes(self.take(n)?)
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        self.deserialize_bytes(v)
    }
    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        if self.flag("an option's tag")? {
            v.visit_some(self)
        } else {
            v.visit_none()
        }
    }
    fn deserialize_unit<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        v.visit_unit()
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, PackError> {
        v.visit_unit()
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, PackError> {
        v.visit_newtype_struct(self)
    }
    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        let n = self.len()?;
        v.visit_seq(Items { de: self, left: n })
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, PackError> {
        v.visit_seq(Fields(self))
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        v: V,
    ) -> Result<V::Value, PackError> {
        v.visit_seq(Fields(self))
    }
    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        let n = self.len()?;
        v.visit_map(Items { de: self, left: n })
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, PackError> {
        v.visit_seq(Fields(self))
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, PackError> {
        v.visit_enum(self)
    }
    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, PackError> {
        v.visit_u64(self.varint()?)
    }
    fn deserialize_ignored_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, PackError> {
        Err(PackError::new("the packed format cannot skip a value"))
    }
}

/// The fields of a struct, a tuple struct or an enum variant, or the elements of a tuple or
/// an array. Their readers ask for exactly as many as the type has (serde's derived ones and
/// its tuples' and arrays'; a reader of a tuple must not ask for one more), so one is always
/// there (or the data is short, an error): the readers' branches for a missing one, hundreds
/// of them, are left out.
struct Fields<'a, 'de>(&'a mut Unpacker<'de>);

impl<'de> de::SeqAccess<'de> for Fields<'_, 'de> {
    type Error = PackError;
    #[inline(always)]
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, PackError> {
        seed.deserialize(&mut *self.0).map(Some)
    }
    #[inline(always)]
    fn next_element<T: de::Deserialize<'de>>(&mut self) -> Result<Option<T>, PackError> {
        T::deserialize(&mut *self.0).map(Some)
    }
}

/// The elements of a sequence or the entries of a map: as many as the data says, then none.
struct Items<'a, 'de> {
    de: &'a mut Unpacker<'de>,
    left: usize,
}

impl<'de> de::SeqAccess<'de> for Items<'_, 'de> {
    type Error = PackError;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, PackError> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.de).map(Some)
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

impl<'de> de::MapAccess<'de> for Items<'_, 'de> {
    type Error = PackError;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, PackError> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.de).map(Some)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, PackError> {
        seed.deserialize(&mut *self.de)
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

impl<'de> de::EnumAccess<'de> for &mut Unpacker<'de> {
    type Error = PackError;
    type Variant = Self;
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), PackError> {
        let index = self.uint(u32::MAX as u64)? as u32;
        let value = seed.deserialize(IntoDeserializer::<PackError>::into_deserializer(index))?;
        Ok((value, self))
    }
}

impl<'de> de::VariantAccess<'de> for &mut Unpacker<'de> {
    type Error = PackError;
    fn unit_variant(self) -> Result<(), PackError> {
        Ok(())
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, PackError> {
        seed.deserialize(self)
    }
    fn tuple_variant<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, PackError> {
        v.visit_seq(Fields(self))
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, PackError> {
        v.visit_seq(Fields(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum Shape {
        Dot,
        Circle(u32),
        Pair(i16, bool),
        Named {
            label: String,
            at: Option<(u8, i64)>,
        },
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Thing {
        id: u64,
        shapes: Vec<Shape>,
        grid: [[u8; 3]; 2],
        ratio: f64,
        letter: char,
        nothing: (),
    }

    #[test]
    fn values_round_trip_compactly() {
        let thing = Thing {
            id: 300,
            shapes: vec![
                Shape::Dot,
                Shape::Circle(5),
                Shape::Pair(-2, true),
                Shape::Named {
                    label: "ab".into(),
                    at: Some((7, -1)),
                },
            ],
            grid: [[1, 2, 3], [4, 5, 6]],
            ratio: 0.5,
            letter: 'é',
            nothing: (),
        };
        let bytes = to_bytes(&thing).unwrap();
        // id (2), 4 shapes (1 + 1 + 2 + 3 + 1+3+1+1+1), grid (6), ratio (8), letter (2).
        assert_eq!(bytes.len(), 2 + 1 + 1 + 2 + 3 + 7 + 6 + 8 + 2, "{bytes:?}");
        assert_eq!(from_bytes::<Thing>(&bytes).unwrap(), thing);
        // Truncated or padded data is refused, never half-read.
        assert!(from_bytes::<Thing>(&bytes[..bytes.len() - 1]).is_err());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(from_bytes::<Thing>(&longer).is_err());
    }

    #[test]
    fn damaged_lengths_and_tags_are_refused() {
        assert!(from_bytes::<Vec<u8>>(&[200, 1]).is_err());
        assert!(from_bytes::<Option<u8>>(&[2, 0]).is_err());
        assert!(from_bytes::<bool>(&[3]).is_err());
        assert!(from_bytes::<Shape>(&[9]).is_err());
        // The reason says what kind of fault, without the value (see `de::Error` above).
        assert_eq!(
            from_bytes::<Shape>(&[9]).unwrap_err().to_string(),
            "packed data: a value out of range"
        );
        // A struct, a tuple and an array read exactly their fields; data that ends inside one
        // is refused.
        assert!(from_bytes::<(u8, [u16; 3])>(&[1, 2, 3]).is_err());
        assert_eq!(
            from_bytes::<(u8, [u16; 3])>(&[1, 2, 3, 4]),
            Ok((1, [2, 3, 4]))
        );
        assert!(from_bytes::<u16>(&[0xff, 0xff, 0x7f]).is_err());
    }

    #[test]
    fn varints_round_trip_and_refuse_overlong_forms() {
        for v in [0u64, 1, 127, 128, 300, 1 << 35, u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            let mut at = 0;
            assert_eq!(get_varint(&out, &mut at), Some(v));
            assert_eq!(at, out.len());
        }
        assert_eq!(get_varint(&[0x80, 0x00], &mut 0), None);
        assert_eq!(get_varint(&[0x80], &mut 0), None);
        for v in [0i64, -1, 1, i64::MIN, i64::MAX] {
            assert_eq!(unzigzag(zigzag(v)), v);
        }
    }
}
