//! Progress bars on standard error (indicatif), drawn only when standard error is a terminal.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar counting `what` ("positions", "sets"); hidden when standard error is not a terminal.
pub fn bar(what: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let template = format!("{{bar:40}} {{pos}}/{{len}} {what}, {{elapsed}} elapsed, eta {{eta}}");
    bar.set_style(ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    bar
}

/// The engine's progress callback for a bar: `(done, total)`.
pub fn update(bar: &ProgressBar) -> impl Fn(u64, u64) + Sync + '_ {
    move |done, total| {
        if bar.length() != Some(total) {
            bar.set_length(total);
        }
        bar.set_position(done);
    }
}

/// A bar that follows the work spent from a budget, shown once a command has run for a second
/// (quick answers draw nothing); stopped and cleared when dropped.
pub struct WorkProgress {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl WorkProgress {
    /// Starts following `budget`.
    pub fn start(budget: &nimlab_engine::Budget) -> Self {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::time::{Duration, Instant};
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let (budget, watching) = (budget.clone(), std::sync::Arc::clone(&stop));
        let thread = std::thread::spawn(move || {
            let started = Instant::now();
            let mut bar: Option<ProgressBar> = None;
            while !watching.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(100));
                if started.elapsed() < Duration::from_secs(1) {
                    continue;
                }
                let bar = bar.get_or_insert_with(|| {
                    let bar =
                        ProgressBar::with_draw_target(Some(budget.limit()), ProgressDrawTarget::stderr());
                    let style = ProgressStyle::with_template(
                        "{bar:40} {percent}% of the work budget, {elapsed} elapsed",
                    );
                    bar.set_style(style.unwrap_or_else(|_| ProgressStyle::default_bar()));
                    bar
                });
                bar.set_position(budget.used().min(budget.limit()));
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
        });
        WorkProgress { stop, thread: Some(thread) }
    }
}

impl Drop for WorkProgress {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
