//! The allocator of the component engine's large tables: an allocation of at least a huge page
//! (2 MiB) is aligned to one and, on Linux, marked for transparent huge pages (`madvise`), so that
//! its random probes miss the TLB far less often. Where the system gives huge pages only on
//! request (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise`, as on Debian), this made
//! Cram's 6 x 7 search about a tenth faster (docs/boards.md, eleventh pass); elsewhere it changes
//! nothing but the alignment.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ptr::NonNull;

use allocator_api2::alloc::{AllocError, Allocator};

/// Bytes of a huge page on x86-64 and AArch64 with 4 KiB pages.
const HUGE_PAGE: usize = 2 << 20;

/// See the module doc.
#[derive(Clone, Copy, Default)]
pub(crate) struct HugePages;

/// A table of values, in memory backed by huge pages once large.
pub(super) type Table<K> = hashbrown::HashMap<K, u32, rustc_hash::FxBuildHasher, HugePages>;

/// The layout an allocation takes: a large one aligned to a huge page.
fn placed(layout: Layout) -> Layout {
    if layout.size() >= HUGE_PAGE {
        layout.align_to(HUGE_PAGE).unwrap_or(layout)
    } else {
        layout
    }
}

// SAFETY: blocks come from `System` with the layout `placed` gives, and are returned to it with
// the same layout, which depends on the requested layout alone.
unsafe impl Allocator for HugePages {
    fn allocate(&self, layout: Layout) -> Result<NonNull<[u8]>, AllocError> {
        if layout.size() == 0 {
            return Ok(NonNull::slice_from_raw_parts(NonNull::<u8>::dangling(), 0));
        }
        let placed = placed(layout);
        // SAFETY: the size is not zero.
        let block = NonNull::new(unsafe { System.alloc(placed) }).ok_or(AllocError)?;
        #[cfg(target_os = "linux")]
        if placed.align() == HUGE_PAGE {
            // SAFETY: the range is the block just allocated, page-aligned; the advice changes only
            // how the kernel backs it, so its result (the kernel may not know it) is not needed.
            unsafe { libc::madvise(block.as_ptr().cast(), placed.size(), libc::MADV_HUGEPAGE) };
        }
        Ok(NonNull::slice_from_raw_parts(block, layout.size()))
    }

    unsafe fn deallocate(&self, block: NonNull<u8>, layout: Layout) {
        if layout.size() != 0 {
            // SAFETY: `allocate` took this block from `System` with the same placed layout.
            unsafe { System.dealloc(block.as_ptr(), placed(layout)) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_blocks_start_on_a_huge_page_and_tables_in_them_work() {
        let layout = Layout::from_size_align(3 << 20, 8).expect("a layout");
        let block = HugePages.allocate(layout).expect("3 MiB");
        assert_eq!(block.cast::<u8>().as_ptr() as usize % HUGE_PAGE, 0);
        assert_eq!(block.len(), 3 << 20);
        // SAFETY: allocated above with this layout.
        unsafe { HugePages.deallocate(block.cast(), layout) };
        let mut table = Table::<u64>::default();
        for key in 0..300_000u64 {
            table.insert(key * 7919, key as u32);
        }
        assert!((0..300_000u64).all(|key| table.get(&(key * 7919)) == Some(&(key as u32))));
        assert_eq!(table.get(&1), None);
    }
}
