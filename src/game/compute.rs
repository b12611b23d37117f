//! Engine jobs off the frame. On the desktop a job runs on `AsyncComputeTaskPool` with a cancel
//! flag; in the browser, where that pool runs on the page's own thread, each job runs in a Web
//! Worker (`web/engine-worker.js` loading the engine's own small wasm), so a long search never
//! stalls a frame. Either way the owner polls [`Computation::reports`] each frame, and dropping
//! the computation cancels it (the flag is set, or the worker is terminated).

use crate::ai::jobs::{Job, Report};

/// A job in flight.
pub struct Computation(imp::Handle);

impl Computation {
    pub fn start(job: Job) -> Computation {
        Computation(imp::Handle::start(job))
    }

    /// The reports that arrived since the last call, oldest first.
    pub fn reports(&self) -> Vec<Report> {
        self.0.reports()
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc::{Receiver, channel};
    use std::sync::{Arc, Mutex};

    use bevy::tasks::{AsyncComputeTaskPool, Task};

    use super::{Job, Report};

    pub struct Handle {
        cancel: Arc<AtomicBool>,
        receiver: Mutex<Receiver<Report>>,
        _task: Task<()>,
    }

    impl Handle {
        pub fn start(job: Job) -> Handle {
            let cancel = Arc::new(AtomicBool::new(false));
            let flag = cancel.clone();
            let (sender, receiver) = channel();
            let task = AsyncComputeTaskPool::get()
                .spawn(async move { job.run(&flag, |report| sender.send(report).is_ok()) });
            Handle {
                cancel,
                receiver: Mutex::new(receiver),
                _task: task,
            }
        }

        pub fn reports(&self) -> Vec<Report> {
            self.receiver
                .lock()
                .map(|r| r.try_iter().collect())
                .unwrap_or_default()
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

    use super::{Job, Report};

    /// The worker script, beside index.html (see `web/`).
    const WORKER_SCRIPT: &str = "./engine-worker.js";

    type Queue = Rc<RefCell<Vec<Report>>>;

    pub struct Handle {
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
                    queue.borrow_mut().push(Report::Failed(format!(
                        "the engine worker could not start: {error:?}"
                    )));
                    return Handle {
                        worker: None,
                        queue,
                        _on_message: None,
                        _on_error: None,
                    };
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
                worker: Some(worker),
                queue,
                _on_message: Some(on_message),
                _on_error: Some(on_error),
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
