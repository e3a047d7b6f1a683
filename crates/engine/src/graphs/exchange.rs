//! The table through which the threads of one search share the values they find of grid shapes
//! held in one word (see [`super::components`]): a fixed number of slots, read without locks.
//!
//! Each thread keeps its own tables, complete within its share of the memory; this one only
//! passes entries between threads, so it may lose an entry (a bucket full, two writers at once)
//! and never grows in place. Instead the threads share [`Exchanges`]: a small table first, so
//! that a short search does not pay to clear a large one, replaced by one four times as large
//! (its entries copied) whenever half its slots are taken, up to a most.
//!
//! A slot is guarded by its sequence number (a seqlock): a writer makes it odd while it writes,
//! and a reader takes what it read only when the number was even and unchanged around its
//! reads, so no reader ever sees half an entry. Keys are never 0 (a word key holds
//! the shape's width above its cells), so 0 marks an empty slot.

use std::sync::atomic::{fence, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use allocator_api2::vec::Vec;

use super::huge::HugePages;

/// One entry: a shape's key and its value.
#[derive(Default)]
struct Slot {
    sequence: AtomicU32,
    entry: AtomicU32,
    key: AtomicU64,
}

impl Slot {
    /// The key and entry held, when read whole (no writer at work before or during the reads).
    fn read(&self) -> Option<(u64, u32)> {
        let before = self.sequence.load(Ordering::Acquire);
        let (key, entry) = (self.key.load(Ordering::Relaxed), self.entry.load(Ordering::Relaxed));
        fence(Ordering::Acquire);
        let after = self.sequence.load(Ordering::Relaxed);
        (before == after && before & 1 == 0).then_some((key, entry))
    }
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
    /// On huge pages once large, as the threads' own tables ([`super::huge`]): with 4 KiB pages
    /// a table of 64 MiB made Cram's 5 x 9 slower on two threads than one of 4 MiB.
    buckets: Vec<Bucket, HugePages>,
    /// The bits of a key's hash that pick its bucket.
    bits: u32,
    /// Slots taken, counted when an empty one is written.
    taken: AtomicU64,
}

impl Exchange {
    /// A table of at most `bytes` (and at least one bucket), its size a power of two.
    pub(super) fn new(bytes: u64) -> Exchange {
        let buckets = (bytes / (4 * SLOT_BYTES)).max(1);
        let bits = 63 - buckets.leading_zeros();
        let mut table = Vec::with_capacity_in(1 << bits, HugePages);
        table.extend((0..1usize << bits).map(|_| Bucket::default()));
        Exchange { buckets: table, bits, taken: AtomicU64::new(0) }
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> u64 {
        self.buckets.len() as u64 * 4 * SLOT_BYTES
    }

    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[fibonacci_slot(key, self.bits)]
    }

    /// Whether half the slots or more are taken.
    fn half_full(&self) -> bool {
        self.taken.load(Ordering::Relaxed) * 2 >= self.buckets.len() as u64 * 4
    }

    /// What the table holds for `key`, if it holds it.
    pub(super) fn get(&self, key: u64) -> Option<u32> {
        self.bucket(key)
            .0
            .iter()
            .find_map(|slot| slot.read().filter(|&(held, _)| held == key).map(|(_, entry)| entry))
    }

    /// Puts every entry of this table into `larger`.
    fn copy_into(&self, larger: &Exchange) {
        for (key, entry) in self.buckets.iter().flat_map(|bucket| &bucket.0).filter_map(Slot::read) {
            if key != 0 {
                larger.put(key, entry);
            }
        }
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
        if slot.key.swap(key, Ordering::Relaxed) == 0 {
            self.taken.fetch_add(1, Ordering::Relaxed);
        }
        slot.entry.store(entry, Ordering::Relaxed);
        slot.sequence.store(sequence.wrapping_add(2), Ordering::Release);
    }
}

/// The exchange the threads of one search use now (see the module doc).
pub(super) struct Exchanges {
    current: Mutex<Arc<Exchange>>,
    /// How many times the table was replaced, so that a thread sees when to take the new one
    /// without the lock.
    generation: AtomicU64,
    /// Bytes the largest table takes, a power of two.
    most_bytes: u64,
}

impl Exchanges {
    /// A table of `first_bytes` (at most `most_bytes`) that will grow to at most `most_bytes`,
    /// both rounded down to a power of two.
    pub(super) fn new(first_bytes: u64, most_bytes: u64) -> Exchanges {
        let most_bytes = 1 << (63 - most_bytes.max(4 * SLOT_BYTES).leading_zeros());
        Exchanges {
            current: Mutex::new(Arc::new(Exchange::new(first_bytes.min(most_bytes)))),
            generation: AtomicU64::new(0),
            most_bytes,
        }
    }

    /// Bytes the current table takes.
    pub(super) fn bytes(&self) -> u64 {
        self.current().bytes()
    }

    /// Bytes the largest table takes.
    pub(super) fn most_bytes(&self) -> u64 {
        self.most_bytes
    }

    /// How many times the table was replaced.
    pub(super) fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// The table to use now.
    pub(super) fn current(&self) -> Arc<Exchange> {
        Arc::clone(&self.current.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Records `entry` for `key` in `table`, a table of these exchanges, and grows it when that
    /// fills it past half ([`Exchanges::grow`]).
    pub(super) fn put(&self, table: &Arc<Exchange>, key: u64, entry: u32) {
        table.put(key, entry);
        self.grow(table);
    }

    /// Replaces `full` by a table four times as large (at most the most), with its entries,
    /// when it is still the current table, half full, and smaller than the most.
    fn grow(&self, full: &Arc<Exchange>) {
        if !full.half_full() || full.bytes() >= self.most_bytes {
            return;
        }
        let mut current = self.current.lock().unwrap_or_else(PoisonError::into_inner);
        if !Arc::ptr_eq(&current, full) {
            return;
        }
        let larger = Exchange::new((full.bytes() * 4).min(self.most_bytes));
        full.copy_into(&larger);
        *current = Arc::new(larger);
        self.generation.fetch_add(1, Ordering::Release);
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
    fn grows_fourfold_when_half_full_with_its_entries_up_to_the_most() {
        let exchanges = Exchanges::new(1 << 10, 3 << 13);
        assert_eq!(exchanges.most_bytes(), 1 << 14, "rounded down to a power of two");
        let mut table = exchanges.current();
        let put = |table: &mut Arc<Exchange>, key: u64| {
            exchanges.put(table, key << 20 | 7, key as u32);
            *table = exchanges.current();
        };
        for key in 1..=40 {
            put(&mut table, key);
        }
        assert_eq!((exchanges.generation(), exchanges.bytes()), (1, 1 << 12), "64 slots grew at 32 taken");
        let held = (1..=40u64).filter(|&key| table.get(key << 20 | 7) == Some(key as u32)).count();
        assert!(held >= 36, "{held} of 40 kept through the copy");
        for key in 41..=2000 {
            put(&mut table, key);
        }
        assert_eq!((exchanges.generation(), exchanges.bytes()), (2, 1 << 14), "no larger than the most");
        assert_eq!(table.bytes(), exchanges.bytes());
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
