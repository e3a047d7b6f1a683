//! The table through which the threads of one search share the values they find of grid shapes
//! held in one word (see [`super::components`]): a fixed number of slots, read without locks.
//!
//! Each thread keeps its own tables, complete within its share of the memory; this one only
//! passes entries between threads, so it may lose an entry (a bucket full, two writers at once)
//! and never grows. A slot is guarded by its sequence number (a seqlock): a writer makes it odd
//! while it writes, and a reader takes what it read only when the number was even and unchanged
//! around its reads, so no reader ever sees half an entry. Keys are never 0 (a word key holds
//! the shape's width above its cells), so 0 marks an empty slot.

use std::sync::atomic::{fence, AtomicU32, AtomicU64, Ordering};

/// One entry: a shape's key and its value.
#[derive(Default)]
struct Slot {
    sequence: AtomicU32,
    entry: AtomicU32,
    key: AtomicU64,
}

/// Slots hashed to one cache line.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; 4]);

/// Which of `1 << bits` slots a word key takes, by Fibonacci hashing: the top `bits` bits of
/// the key times 2^64 divided by the golden ratio (slot 0 when `bits` is 0).
pub(super) fn fibonacci_slot(key: u64, bits: u32) -> usize {
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15).checked_shr(64 - bits).unwrap_or(0) as usize
}

/// Bytes a slot takes.
pub(super) const SLOT_BYTES: u64 = 16;

/// See the module doc.
pub(super) struct Exchange {
    buckets: Box<[Bucket]>,
    /// The bits of a key's hash that pick its bucket.
    bits: u32,
}

impl Exchange {
    /// A table of at most `bytes` (and at least one bucket), its size a power of two.
    pub(super) fn new(bytes: u64) -> Exchange {
        let buckets = (bytes / (4 * SLOT_BYTES)).max(1);
        let bits = 63 - buckets.leading_zeros();
        Exchange { buckets: (0..1usize << bits).map(|_| Bucket::default()).collect(), bits }
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> u64 {
        self.buckets.len() as u64 * 4 * SLOT_BYTES
    }

    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[fibonacci_slot(key, self.bits)]
    }

    /// What the table holds for `key`, if it holds it.
    pub(super) fn get(&self, key: u64) -> Option<u32> {
        self.bucket(key).0.iter().find_map(|slot| {
            let before = slot.sequence.load(Ordering::Acquire);
            let (held, entry) = (slot.key.load(Ordering::Relaxed), slot.entry.load(Ordering::Relaxed));
            fence(Ordering::Acquire);
            let after = slot.sequence.load(Ordering::Relaxed);
            (held == key && before == after && before & 1 == 0).then_some(entry)
        })
    }

    /// Records `entry` for `key`: in its slot, else an empty one, else the one its hash picks
    /// (the entry there is lost). Nothing is written when another thread is writing that slot.
    pub(super) fn put(&self, key: u64, entry: u32) {
        let slots = &self.bucket(key).0;
        let held = |slot: &Slot| slot.key.load(Ordering::Relaxed);
        let slot = slots
            .iter()
            .find(|&slot| held(slot) == key)
            .or_else(|| slots.iter().find(|&slot| held(slot) == 0))
            .unwrap_or(&slots[(key % 4) as usize]);
        let sequence = slot.sequence.load(Ordering::Relaxed);
        if sequence & 1 == 1
            || slot
                .sequence
                .compare_exchange(sequence, sequence + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        slot.key.store(key, Ordering::Relaxed);
        slot.entry.store(entry, Ordering::Relaxed);
        slot.sequence.store(sequence.wrapping_add(2), Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_put_until_its_bucket_is_full() {
        let table = Exchange::new(64 * 1024);
        for key in 1..=1000u64 {
            table.put(key << 20 | 7, key as u32);
        }
        let held = (1..=1000u64).filter(|&key| table.get(key << 20 | 7) == Some(key as u32)).count();
        assert!(held > 900, "{held} of 1000 held in 4096 slots");
        assert_eq!(table.get(12345), None);
        table.put(5 << 20 | 7, 99);
        assert_eq!(table.get(5 << 20 | 7), Some(99), "a key's slot is written again");
    }

    #[test]
    fn threads_read_only_whole_entries() {
        // Each key's entry is its low bits: a torn read would pair a key with another's entry.
        let table = Exchange::new(256);
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let table = &table;
                s.spawn(move || {
                    for i in 0..200_000u64 {
                        let key = ((i % 64 + 1) << 32) | ((i * 2 + t) % 1000);
                        table.put(key, key as u32);
                        if let Some(entry) = table.get(key ^ 1) {
                            assert_eq!(entry, (key ^ 1) as u32);
                        }
                    }
                });
            }
        });
    }
}
