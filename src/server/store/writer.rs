//! [`Writer`]: a store on its own thread, committing whatever changes arrived together in one
//! transaction (a group commit), and answering the other questions the server asks of its store
//! in the same order.

use std::sync::mpsc;

use super::{Claim, Op, Store, StoreError, StoredRoom};

type Reply<T> = tokio::sync::oneshot::Sender<Result<T, StoreError>>;

/// Anything done with the store on its thread.
type Call = Box<dyn FnOnce(&mut dyn Store) + Send>;

/// What the store's thread is asked to do: write, or anything else with the store.
enum Job {
    Write(Vec<Op>, Reply<()>),
    Call(Call),
}

/// A store on its own thread: [`Writer::write`] returns once its changes are committed, batched
/// with whatever other changes arrived meanwhile.
#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
}

/// The most writes committed in one transaction.
const BATCH: usize = 256;

fn stopped() -> StoreError {
    "the store has stopped".to_string()
}

impl Writer {
    /// Starts the writer thread for `store`.
    pub fn start(mut store: impl Store) -> Writer {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("room store".into())
            .spawn(move || {
                while let Ok(first) = queue.recv() {
                    let mut writes = Vec::new();
                    let mut next = Some(first);
                    while let Some(job) = next.take() {
                        match job {
                            Job::Write(ops, reply) => writes.push((ops, reply)),
                            Job::Call(call) => {
                                // Writes queued before it are committed first.
                                commit(&mut store, std::mem::take(&mut writes));
                                call(&mut store);
                            }
                        }
                        if writes.len() < BATCH {
                            next = queue.try_recv().ok();
                        }
                    }
                    commit(&mut store, writes);
                }
            })
            .expect("the store's thread starts");
        Writer { jobs }
    }

    /// Writes `ops` in one transaction (with others); `Err` when they were not written.
    pub async fn write(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        let (reply, done) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Job::Write(ops, reply))
            .map_err(|_| stopped())?;
        done.await.map_err(|_| stopped())?
    }

    /// Runs `call` with the store on its thread, after the writes sent before it.
    pub async fn call<T: Send + 'static>(
        &self,
        call: impl FnOnce(&mut dyn Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (reply, done) = tokio::sync::oneshot::channel();
        let job = Job::Call(Box::new(move |store| {
            let _ = reply.send(call(store));
        }));
        self.jobs.send(job).map_err(|_| stopped())?;
        done.await.map_err(|_| stopped())?
    }

    /// The room `code` as written.
    pub async fn read(&self, code: String) -> Result<Option<StoredRoom>, StoreError> {
        self.call(move |store| store.room(&code)).await
    }

    /// Forgets the rooms finished before `unix_ms`.
    pub async fn purge(&self, before_unix_ms: u64) -> Result<usize, StoreError> {
        self.call(move |store| store.purge_finished(before_unix_ms))
            .await
    }

    /// [`Store::claim`].
    pub async fn claim(&self, code: String, create: bool) -> Result<Claim, StoreError> {
        self.call(move |store| store.claim(&code, create)).await
    }

    /// [`Store::release`].
    pub async fn release(&self, code: String) -> Result<(), StoreError> {
        self.call(move |store| store.release(&code)).await
    }
}

/// Commits `writes` in one transaction and answers each; if that fails, each alone, so one bad
/// change does not sink the others.
fn commit(store: &mut impl Store, writes: Vec<(Vec<Op>, Reply<()>)>) {
    if writes.is_empty() {
        return;
    }
    let ops: Vec<Op> = writes.iter().flat_map(|(ops, _)| ops.clone()).collect();
    match store.write(&ops) {
        Ok(()) => {
            for (_, reply) in writes {
                let _ = reply.send(Ok(()));
            }
        }
        Err(_) => {
            for (ops, reply) in writes {
                let _ = reply.send(store.write(&ops));
            }
        }
    }
}
