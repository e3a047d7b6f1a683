//! The memory ceiling every surface applies (the command line's `--memory`, `nimlab serve`'s
//! per-request budgets, Python's `memory=`): a size the user gives ([`parse_size`]), or the
//! default rule ([`default_memory_ceiling`]: the smaller of 2 GiB and half of the machine's
//! memory or of what the address-space limit leaves), read here from `/proc` on Linux.

use std::fs;

pub use nimlab_engine::{default_memory_ceiling, format_size, parse_size, DEFAULT_MEMORY_CAP};

/// The memory ceiling: `given` bytes, or the default for this machine and process.
pub fn memory_ceiling(given: Option<u64>) -> u64 {
    given.unwrap_or_else(machine_default)
}

/// The default ceiling for this process: [`default_memory_ceiling`] of the machine's memory
/// (`MemTotal`), the soft address-space limit and what the process maps now (`VmSize`); 2 GiB
/// where `/proc` cannot tell.
pub fn machine_default() -> u64 {
    let machine = proc_field("/proc/meminfo", "MemTotal:").map(|kib| kib.saturating_mul(1024));
    let mapped = proc_field("/proc/self/status", "VmSize:").map_or(0, |kib| kib.saturating_mul(1024));
    default_memory_ceiling(machine, address_space_limit(), mapped)
}

/// The first number after `label` in the file `path` (a `/proc` line such as `MemTotal: 123 kB`).
fn proc_field(path: &str, label: &str) -> Option<u64> {
    let text = fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with(label))?;
    line[label.len()..].split_whitespace().next()?.parse().ok()
}

/// The soft limit of `ulimit -v` in bytes, from `/proc/self/limits` (`None`: unlimited or unknown).
fn address_space_limit() -> Option<u64> {
    let text = fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..].split_whitespace().next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_machine_default_is_at_most_2_gib_and_a_given_size_wins() {
        let ceiling = memory_ceiling(None);
        assert!(ceiling > 0 && ceiling <= DEFAULT_MEMORY_CAP, "{ceiling}");
        assert_eq!(memory_ceiling(Some(200 << 20)), 200 << 20);
    }
}
