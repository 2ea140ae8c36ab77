use std::mem::{self, transmute};

#[repr(u8)]
#[derive(Debug, Clone, Copy)]
pub enum Opcode {
    Get = 0,
    Put = 1,
    Delete = 2,
}

pub struct Codec;

impl Codec {
    fn transmute(&self, raw: u8) -> Option<Opcode> {
        match raw {
            0 => Some(Opcode::Get),
            1 => Some(Opcode::Put),
            2 => Some(Opcode::Delete),
            _ => None,
        }
    }
}

pub fn decode_opcode(raw: u8) -> Opcode {
    // ruleid: rust/unsafe-transmute
    unsafe { mem::transmute(raw) }
}

pub fn extend_lifetime<'a>(s: &'a str) -> &'static str {
    // ruleid: rust/unsafe-transmute
    unsafe { std::mem::transmute::<&'a str, &'static str>(s) }
}

pub fn float_bits(f: f32) -> u32 {
    // ruleid: rust/unsafe-transmute
    unsafe { transmute(f) }
}

pub fn decode_safe(codec: &Codec, raw: u8, f: f32, bytes: [u8; 4]) -> (Option<Opcode>, u32, u32) {
    // ok: rust/unsafe-transmute
    let op = codec.transmute(raw);
    // ok: rust/unsafe-transmute
    let bits = f.to_bits();
    // ok: rust/unsafe-transmute
    let n = u32::from_le_bytes(bytes);
    // ok: rust/unsafe-transmute
    let size = mem::size_of::<Opcode>();
    let _ = size;
    (op, bits, n)
}
