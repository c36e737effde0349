//! A cheap count of a Luau script's operations, in front of the interrupt mlua installs.
//!
//! Luau calls its interrupt at every function call and loop iteration. mlua's interrupt
//! wraps the Rust callback in error and panic handling that costs far more than the
//! counting it serves, and for a script that makes a short table per option it was a
//! third of the running time. So the state's interrupt is replaced by [`tally`], which
//! only increments a counter, and forwards every [`STRIDE`]th call to mlua's: the Rust
//! callback then counts `STRIDE` operations at once, checks the call depth, and raises
//! the error that stops a call through mlua's own path. The limits hold as before, within
//! `STRIDE` operations.
//!
//! The counter lives in a [`Tally`] owned by the script, reached from the interrupt
//! through the main thread's data pointer (which mlua does not use).

use mlua::ffi;
use mlua::Lua;
use std::os::raw::c_int;
use std::sync::atomic::{AtomicU32, Ordering};

/// Interrupts counted for each one forwarded to mlua's callback.
pub(super) const STRIDE: u32 = 256;

type Interrupt = unsafe extern "C-unwind" fn(*mut ffi::lua_State, c_int);

/// The counter of one Luau state, and mlua's interrupt that it forwards to.
pub(super) struct Tally {
    calls: AtomicU32,
    forward: Option<Interrupt>,
}

impl Tally {
    /// Starts a new call's count (the forwarded callback keeps its own).
    pub(super) fn reset(&self) {
        self.calls.store(0, Ordering::Relaxed);
    }
}

unsafe extern "C-unwind" fn tally(state: *mut ffi::lua_State, gc: c_int) {
    // Interrupts during garbage collection must not raise errors; mlua ignores them too.
    if gc >= 0 {
        return;
    }
    // SAFETY: the data pointer of the main thread is set by `install` to a `Tally` that
    // the script owns and that outlives its state (see `install`). No other thread's is
    // set (Luau starts every new thread's at null, and mlua never sets one), so a
    // non-null pointer of the running thread is the main thread's: calls from Rust run
    // on the main thread, and one C call is saved at every interrupt.
    let mut t = ffi::lua_getthreaddata(state) as *const Tally;
    if t.is_null() {
        t = ffi::lua_getthreaddata(ffi::lua_mainthread(state)) as *const Tally;
    }
    let Some(t) = t.as_ref() else { return };
    // Interrupts run only while mlua holds the state's lock: no other thread counts, and
    // a plain load and store is enough (a locked add cost a tenth of the running time).
    let n = t.calls.load(Ordering::Relaxed).wrapping_add(1);
    t.calls.store(n, Ordering::Relaxed);
    if n % STRIDE == 0 {
        if let Some(forward) = t.forward {
            forward(state, gc);
        }
    }
}

/// Puts [`tally`] in front of the interrupt that `lua.set_interrupt` installed. The
/// returned `Tally` must live as long as `lua` (the script keeps both, dropping the state
/// first). Returns `None`, leaving mlua's interrupt alone, if the state's thread data is
/// already taken.
pub(super) fn install(lua: &Lua) -> Option<Box<Tally>> {
    let mut result = None;
    // SAFETY: `exec_raw` hands the running state; only the callbacks table and the main
    // thread's data pointer are read and written, while mlua holds the state's lock.
    let run = unsafe {
        lua.exec_raw::<()>((), |state| {
            let main = ffi::lua_mainthread(state);
            if !ffi::lua_getthreaddata(main).is_null() {
                return;
            }
            let callbacks = ffi::lua_callbacks(state);
            let forward = (*callbacks).interrupt;
            let t = Box::new(Tally {
                calls: AtomicU32::new(0),
                forward,
            });
            ffi::lua_setthreaddata(main, &*t as *const Tally as *mut _);
            (*callbacks).interrupt = Some(tally);
            result = Some(t);
        })
    };
    run.ok()?;
    result
}
