//! Progress bars on standard error (indicatif), drawn only when standard error is a terminal.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nimlab_engine::Budget;

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

/// How long a command runs before [`WorkProgress`] draws its bar: quick answers draw nothing.
const SHOW_AFTER: Duration = Duration::from_secs(1);
/// How often [`WorkProgress`] redraws its bar once shown.
const REDRAW_EVERY: Duration = Duration::from_millis(100);

/// A bar that follows the work spent from a budget, shown once a command has run for a second
/// (quick answers draw nothing); stopped and cleared when dropped. Its thread waits on a channel
/// between draws, so that dropping it wakes the thread at once: a command never waits for a tick.
pub struct WorkProgress {
    stop: mpsc::Sender<()>,
    thread: Option<JoinHandle<Ended>>,
}

/// Why a [`WorkProgress`] thread ended: told to stop, or its channel closed without a word (which
/// [`WorkProgress::stop`] never does; the channel can say so, so the thread stops then too).
#[derive(Debug, PartialEq, Eq)]
enum Ended {
    Stopped,
    Abandoned,
}

impl WorkProgress {
    /// Starts following `budget` on standard error; `None`, and no thread, when nothing would be
    /// drawn there (standard error is not a terminal).
    pub fn start(budget: &Budget) -> Option<Self> {
        Self::follow(budget, ProgressDrawTarget::stderr(), SHOW_AFTER, REDRAW_EVERY)
    }

    /// Follows `budget` on `target`, first drawn after `show_after`, then every `redraw_every`;
    /// `None` when the target is hidden.
    fn follow(
        budget: &Budget,
        target: ProgressDrawTarget,
        show_after: Duration,
        redraw_every: Duration,
    ) -> Option<Self> {
        if target.is_hidden() {
            return None;
        }
        let (stop, stopped) = mpsc::channel();
        let budget = budget.clone();
        let thread = std::thread::spawn(move || {
            if let Some(ended) = wait(&stopped, show_after) {
                return ended;
            }
            let bar = ProgressBar::with_draw_target(Some(budget.limit()), target);
            let style =
                ProgressStyle::with_template("{bar:40} {percent}% of the work budget, {elapsed} elapsed");
            bar.set_style(style.unwrap_or_else(|_| ProgressStyle::default_bar()));
            let ended = loop {
                bar.set_position(budget.used().min(budget.limit()));
                if let Some(ended) = wait(&stopped, redraw_every) {
                    break ended;
                }
            };
            bar.finish_and_clear();
            ended
        });
        Some(WorkProgress { stop, thread: Some(thread) })
    }

    /// Tells the thread to stop and joins it: how it ended (`None` if it panicked or was joined already).
    fn stop(&mut self) -> Option<Ended> {
        let _ = self.stop.send(());
        self.thread.take().and_then(|thread| thread.join().ok())
    }
}

impl Drop for WorkProgress {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Waits up to `timeout` for the word to stop: `None` when the time passed without one.
fn wait(stopped: &Receiver<()>, timeout: Duration) -> Option<Ended> {
    match stopped.recv_timeout(timeout) {
        Ok(()) => Some(Ended::Stopped),
        Err(RecvTimeoutError::Disconnected) => Some(Ended::Abandoned),
        Err(RecvTimeoutError::Timeout) => None,
    }
}

#[cfg(test)]
mod tests {
    use std::io::{self, IsTerminal};

    use indicatif::TermLike;

    use super::*;

    /// Longer than any test runs: a follower waiting this long ends only when told to.
    const A_DAY: Duration = Duration::from_secs(24 * 60 * 60);

    /// A terminal that shows nothing and sends what is written to it on a channel.
    #[derive(Debug)]
    struct Screen(mpsc::Sender<String>);

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, line: &str) -> io::Result<()> {
            self.write_str(line)
        }
        fn write_str(&self, text: &str) -> io::Result<()> {
            let _ = self.0.send(text.to_string());
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A visible target and what is drawn on it.
    fn screen() -> (ProgressDrawTarget, Receiver<String>) {
        let (drawn, seen) = mpsc::channel();
        (ProgressDrawTarget::term_like(Box::new(Screen(drawn))), seen)
    }

    /// Stops `progress` on another thread and returns how its follower ended; fails instead of
    /// hanging if stopping does not wake a follower that has a day to wait.
    fn stop(mut progress: WorkProgress) -> Option<Ended> {
        let (ended, told) = mpsc::channel();
        std::thread::spawn(move || ended.send(progress.stop()));
        told.recv_timeout(Duration::from_secs(60)).expect("stopping did not wake the follower")
    }

    #[test]
    fn nothing_is_started_where_nothing_would_be_drawn() {
        let budget = Budget::new(1000);
        assert!(WorkProgress::follow(&budget, ProgressDrawTarget::hidden(), Duration::ZERO, Duration::ZERO)
            .is_none());
        // `start` draws on standard error, which indicatif hides exactly when it is not a terminal.
        assert_eq!(ProgressDrawTarget::stderr().is_hidden(), !io::stderr().is_terminal());
        if !io::stderr().is_terminal() {
            assert!(WorkProgress::start(&budget).is_none());
        }
    }

    #[test]
    fn stopping_wakes_a_waiting_follower_at_once() {
        let (target, seen) = screen();
        let progress =
            WorkProgress::follow(&Budget::new(1000), target, A_DAY, A_DAY).expect("a visible target");
        assert_eq!(stop(progress), Some(Ended::Stopped));
        assert!(seen.try_recv().is_err(), "nothing is drawn before the first wait is over");
    }

    #[test]
    fn stopping_wakes_a_drawing_follower_at_once() {
        let budget = Budget::new(1000);
        budget.charge(250).expect("within the budget");
        let (target, seen) = screen();
        let progress =
            WorkProgress::follow(&budget, target, Duration::ZERO, A_DAY).expect("a visible target");
        let drawn = seen.recv_timeout(Duration::from_secs(60)).expect("the bar is drawn");
        assert!(drawn.contains("25% of the work budget"), "{drawn:?}");
        assert_eq!(stop(progress), Some(Ended::Stopped));
    }
}
