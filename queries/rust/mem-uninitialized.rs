use std::mem::{self, MaybeUninit};

#[repr(C)]
pub struct PacketHeader {
    pub kind: u8,
    pub len: u32,
}

pub struct Pool;

impl Pool {
    fn uninitialized(&self) -> Vec<u8> {
        vec![0u8; 64]
    }
}

pub fn read_header(buf: &[u8]) -> PacketHeader {
    // ruleid: rust/mem-uninitialized
    let mut h: PacketHeader = unsafe { mem::uninitialized() };
    h.kind = buf[0];
    h
}

pub fn scratch() -> [u8; 4096] {
    // ruleid: rust/mem-uninitialized
    unsafe { MaybeUninit::<[u8; 4096]>::uninit().assume_init() }
}

pub fn read_len(buf: &[u8]) -> u32 {
    // ruleid: rust/mem-uninitialized
    let mut n: u32 = unsafe { MaybeUninit::uninit().assume_init() };
    n |= buf[0] as u32;
    n
}

pub fn slots() -> [MaybeUninit<u64>; 8] {
    // ok: rust/mem-uninitialized
    let s: [MaybeUninit<u64>; 8] = unsafe { MaybeUninit::uninit().assume_init() };
    // ok: rust/mem-uninitialized
    let t = unsafe { MaybeUninit::<[MaybeUninit<u8>; 16]>::uninit().assume_init() };
    let _ = t;
    s
}

pub fn legacy() -> u64 {
    // ruleid: rust/mem-uninitialized
    unsafe { std::mem::uninitialized::<u64>() }
}

pub fn safe(pool: &Pool) -> PacketHeader {
    let mut slot = MaybeUninit::<PacketHeader>::uninit();
    // ok: rust/mem-uninitialized
    let ptr = slot.as_mut_ptr();
    unsafe {
        ptr.write(PacketHeader { kind: 1, len: 0 });
    }
    // ok: rust/mem-uninitialized
    let buf = pool.uninitialized();
    // ok: rust/mem-uninitialized
    let zero: u64 = unsafe { mem::zeroed() };
    let _ = (buf, zero);
    // ok: rust/mem-uninitialized
    unsafe { slot.assume_init() }
}
