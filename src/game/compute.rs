//! Engine jobs off the frame. On the desktop a job runs on `AsyncComputeTaskPool` with a cancel
//! flag; in the browser, where that pool runs on the page's own thread, each job runs in a Web
//! Worker (`web/engine-worker.js` loading the engine's own small wasm), so a long search never
//! stalls a frame. Either way the owner polls [`Computation::reports`] each frame, and dropping
//! the computation cancels it (the flag is set, or the worker is terminated).

use crate::ai::jobs::{Job, Report};

/// A job in flight.
pub struct Computation(imp::Handle);

/// How a job's run ended, seen from outside (it outlives the [`Computation`]).
#[derive(Clone, Debug, Default)]
pub struct JobState(std::sync::Arc<std::sync::atomic::AtomicU8>);

impl JobState {
    const RUNNING: u8 = 0;
    const FINISHED: u8 = 1;
    const CANCELLED: u8 = 2;

    /// Whether the job's run has returned.
    pub fn ended(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Acquire) != Self::RUNNING
    }

    /// Whether it returned with its cancel flag set: its owner let it go before it finished.
    pub fn cancelled(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Acquire) == Self::CANCELLED
    }

    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    fn end(&self, cancelled: bool) {
        let state = if cancelled {
            Self::CANCELLED
        } else {
            Self::FINISHED
        };
        self.0.store(state, std::sync::atomic::Ordering::Release);
    }
}

impl Computation {
    pub fn start(job: Job) -> Computation {
        Computation(imp::Handle::start(job))
    }

    /// How the job's run ends (on the desktop; in the browser the worker is terminated, and this
    /// never says it ended).
    pub fn state(&self) -> JobState {
        self.0.state.clone()
    }

    /// A job that could not start: its one report is [`Report::Failed`] with `why`.
    pub fn failed(why: String) -> Computation {
        Computation(imp::Handle::failed(why))
    }

    /// The reports that arrived since the last call, oldest first. A job that ended without
    /// finishing (its search panicked, its worker died) reports [`Report::Failed`] once, so its
    /// owner never waits for it forever.
    pub fn reports(&self) -> Vec<Report> {
        self.0.reports()
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc::{Receiver, TryRecvError, channel};
    use std::sync::{Arc, Mutex};

    use bevy::tasks::AsyncComputeTaskPool;

    use super::{Job, JobState, Report};

    pub struct Handle {
        pub(super) state: JobState,
        cancel: Arc<AtomicBool>,
        /// The reports' channel, and whether the job's end (`Done` or `Failed`) was seen.
        receiver: Mutex<(Receiver<Report>, bool)>,
    }

    impl Handle {
        pub fn start(job: Job) -> Handle {
            Handle::spawn(move |cancel, emit| job.run(cancel, emit))
        }

        /// Runs `run` on the compute pool; what it emits are the reports.
        pub(super) fn spawn(
            run: impl FnOnce(&Arc<AtomicBool>, &mut dyn FnMut(Report) -> bool) + Send + 'static,
        ) -> Handle {
            let cancel = Arc::new(AtomicBool::new(false));
            let flag = cancel.clone();
            let (sender, receiver) = channel();
            let state = JobState::default();
            let ended = state.clone();
            // Detached: a job let go before the pool got to it still runs, sees its flag at once
            // and ends, so its state always ends too.
            AsyncComputeTaskPool::get()
                .spawn(async move {
                    run(&flag, &mut |report| sender.send(report).is_ok());
                    ended.end(flag.load(Ordering::Relaxed));
                })
                .detach();
            Handle {
                state,
                cancel,
                receiver: Mutex::new((receiver, false)),
            }
        }

        pub fn failed(why: String) -> Handle {
            let (sender, receiver) = channel();
            let _ = sender.send(Report::Failed(why));
            let state = JobState::default();
            state.end(false);
            Handle {
                state,
                cancel: Arc::default(),
                receiver: Mutex::new((receiver, false)),
            }
        }

        pub fn reports(&self) -> Vec<Report> {
            let Ok(mut guard) = self.receiver.lock() else {
                return Vec::new();
            };
            let (receiver, ended) = &mut *guard;
            let mut reports = Vec::new();
            loop {
                match receiver.try_recv() {
                    Ok(report) => {
                        *ended |= matches!(report, Report::Done | Report::Failed(_));
                        reports.push(report);
                    }
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        // The job's side is gone without its end: it panicked.
                        if !*ended {
                            *ended = true;
                            reports
                                .push(Report::Failed("the search ended without an answer".into()));
                        }
                        break;
                    }
                }
            }
            reports
        }
    }

    impl Drop for Handle {
        fn drop(&mut self) {
            self.cancel.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::cell::RefCell;
    use std::rc::Rc;

    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

    use super::{Job, JobState, Report};

    /// The worker script, beside index.html (see `web/`).
    const WORKER_SCRIPT: &str = "./engine-worker.js";

    type Queue = Rc<RefCell<Vec<Report>>>;

    pub struct Handle {
        pub(super) state: JobState,
        worker: Option<Worker>,
        queue: Queue,
        _on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
        _on_error: Option<Closure<dyn FnMut(JsValue)>>,
    }

    // SAFETY: the browser build has no threads (wasm32 without the atomics feature): the worker
    // handle and its closures are only ever touched from the page's one thread.
    #[cfg(not(target_feature = "atomics"))]
    unsafe impl Send for Handle {}
    #[cfg(not(target_feature = "atomics"))]
    unsafe impl Sync for Handle {}

    impl Handle {
        pub fn start(job: Job) -> Handle {
            let queue: Queue = Rc::default();
            let options = WorkerOptions::new();
            options.set_type(WorkerType::Module);
            let worker = match Worker::new_with_options(WORKER_SCRIPT, &options) {
                Ok(worker) => worker,
                Err(error) => {
                    return Handle::failed(format!("the engine worker could not start: {error:?}"));
                }
            };
            let sink = queue.clone();
            let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let report = match event.data().as_string() {
                    Some(line) => Report::parse(&line).unwrap_or_else(Report::Failed),
                    None => Report::Failed("the engine worker sent something else".into()),
                };
                sink.borrow_mut().push(report);
            });
            let sink = queue.clone();
            let on_error = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
                sink.borrow_mut()
                    .push(Report::Failed("the engine worker failed".into()));
            });
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            if worker
                .post_message(&JsValue::from_str(&job.to_line()))
                .is_err()
            {
                queue
                    .borrow_mut()
                    .push(Report::Failed("the engine worker refused the job".into()));
            }
            Handle {
                state: JobState::default(),
                worker: Some(worker),
                queue,
                _on_message: Some(on_message),
                _on_error: Some(on_error),
            }
        }

        pub fn failed(why: String) -> Handle {
            Handle {
                state: JobState::default(),
                worker: None,
                queue: Rc::new(RefCell::new(vec![Report::Failed(why)])),
                _on_message: None,
                _on_error: None,
            }
        }

        pub fn reports(&self) -> Vec<Report> {
            std::mem::take(&mut *self.queue.borrow_mut())
        }
    }

    impl Drop for Handle {
        fn drop(&mut self) {
            if let Some(worker) = &self.worker {
                worker.set_onmessage(None);
                worker.set_onerror(None);
                worker.terminate();
            }
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use bevy::tasks::{AsyncComputeTaskPool, TaskPool};

    /// Polls until a report arrives (the compute pool runs the job on a thread of its own).
    fn first_reports(handle: &imp::Handle) -> Vec<Report> {
        for _ in 0..10_000 {
            let reports = handle.reports();
            if !reports.is_empty() {
                return reports;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        panic!("no report");
    }

    #[test]
    fn a_job_that_panics_reports_a_failure_once() {
        AsyncComputeTaskPool::get_or_init(TaskPool::new);
        let handle = imp::Handle::spawn(|_, _| panic!("a search that breaks"));
        let reports = first_reports(&handle);
        assert!(
            matches!(&reports[..], [Report::Failed(why)] if why.contains("without an answer")),
            "{reports:?}"
        );
        assert!(handle.reports().is_empty(), "only once");
    }

    #[test]
    fn a_job_that_finishes_reports_no_failure() {
        AsyncComputeTaskPool::get_or_init(TaskPool::new);
        let handle = imp::Handle::spawn(|_, emit| {
            emit(Report::Placed(None));
            emit(Report::Done);
        });
        let mut reports = first_reports(&handle);
        while !matches!(reports.last(), Some(Report::Done)) {
            reports.extend(first_reports(&handle));
        }
        assert!(matches!(&reports[..], [Report::Placed(None), Report::Done]));
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert!(handle.reports().is_empty());
        let failed = Computation::failed("no worker".into());
        assert!(matches!(&failed.reports()[..], [Report::Failed(w)] if w == "no worker"));
    }
}
