//! The engine's clock: [`Instant`] is std's on every target but WebAssembly in a browser
//! (`wasm32-unknown-unknown`), where std's clock traps; there the time comes from the page, through
//! the function `now` that the module imports from `nimlab` (JavaScript's `performance.now()`, in
//! milliseconds). Deadlines ([`crate::Budget::with_timeout`]) and the timings some reports print
//! read this clock, so one engine runs under a deadline natively and in a Web Worker.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use browser::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod browser {
    use std::time::Duration;

    #[link(wasm_import_module = "nimlab")]
    extern "C" {
        /// Milliseconds since the page (or worker) started: `performance.now()`.
        fn now() -> f64;
    }

    /// A moment on the page's clock, in milliseconds (the subset of std's `Instant` the engine
    /// uses).
    #[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        /// The page's clock now.
        pub fn now() -> Instant {
            // SAFETY: `now` is the page's `performance.now()`: no arguments, no memory touched.
            Instant(unsafe { now() })
        }

        /// This moment plus `duration` (`None` never: the clock is a float, kept for std's
        /// signature).
        pub fn checked_add(self, duration: Duration) -> Option<Instant> {
            Some(Instant(self.0 + duration.as_secs_f64() * 1000.0))
        }

        /// The time since this moment.
        pub fn elapsed(&self) -> Duration {
            Duration::from_secs_f64(((Instant::now().0 - self.0) / 1000.0).max(0.0))
        }
    }
}
