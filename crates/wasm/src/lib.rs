//! The playground's engine in the browser: a WebAssembly module (`wasm32-unknown-unknown`) that a
//! Web Worker loads (`web/worker.js`, built into the static folder by `web/build-static.sh`). It
//! answers the page's API requests, `/api/ENDPOINT?QUERY`, with the web crate's own
//! request-to-report layer ([`nimlab_web::respond`]), so the page gets the same JSON from the
//! worker as from `nimlab serve`.
//!
//! The interface is plain C functions over the module's memory, with no bindings generator:
//! the worker asks for room ([`nimlab_alloc`]), writes the endpoint and the query there as UTF-8,
//! calls [`nimlab_answer`] (the HTTP status back), then reads the JSON body at
//! [`nimlab_result_ptr`] ([`nimlab_result_len`] bytes). The module imports one function,
//! `nimlab.now` (`performance.now()`), the engine's clock for deadlines (`nimlab_engine::clock`).
//!
//! Every answer runs under the server's default budget ([`nimlab_web::SERVER_WORK`] units,
//! [`nimlab_web::SERVER_TIMEOUT`]) and [`MEMORY_CEILING`]; the page's Stop terminates the worker.

use std::sync::Mutex;

use nimlab_web::{Limits, SERVER_TIMEOUT, SERVER_WORK};

/// The memory ceiling of one answer in the browser: 1 GiB, a quarter of what a 32-bit
/// WebAssembly memory can address, so that a question the engine cannot fit stops with the
/// memory error instead of the browser killing the worker.
pub const MEMORY_CEILING: u64 = 1 << 30;

/// The limits of every answer the worker computes.
pub const LIMITS: Limits = Limits { work: SERVER_WORK, timeout: SERVER_TIMEOUT, memory: MEMORY_CEILING };

/// The body of the last answer, read by the worker after [`nimlab_answer`].
static RESULT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// The answer to `/api/ENDPOINT?QUERY` under [`LIMITS`]: its status and JSON body.
pub fn answer(endpoint: &str, query: &str) -> (u16, String) {
    let reply = nimlab_web::respond(endpoint, query, &LIMITS.budget(LIMITS.work, LIMITS.timeout));
    (reply.status(), reply.body().to_string())
}

/// Room for `len` bytes in the module's memory, for the worker to write a request into; the
/// worker hands it back with [`nimlab_free`].
#[no_mangle]
pub extern "C" fn nimlab_alloc(len: usize) -> *mut u8 {
    let mut room = std::mem::ManuallyDrop::new(Vec::<u8>::with_capacity(len));
    room.as_mut_ptr()
}

/// Frees room given by [`nimlab_alloc`].
///
/// # Safety
/// `ptr` and `len` are those of one [`nimlab_alloc`] call, freed once.
#[no_mangle]
pub unsafe extern "C" fn nimlab_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes a pointer and capacity from `nimlab_alloc`.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
}

/// Answers the request whose endpoint and query are the UTF-8 texts at the given places; returns
/// the HTTP status and keeps the JSON body for [`nimlab_result_ptr`].
///
/// # Safety
/// Both ranges are initialized bytes in the module's memory (written by the worker into room
/// from [`nimlab_alloc`]).
#[no_mangle]
pub unsafe extern "C" fn nimlab_answer(
    endpoint_ptr: *const u8,
    endpoint_len: usize,
    query_ptr: *const u8,
    query_len: usize,
) -> u32 {
    // SAFETY: the caller guarantees both ranges (see above).
    let (endpoint, query) = unsafe {
        (
            std::slice::from_raw_parts(endpoint_ptr, endpoint_len),
            std::slice::from_raw_parts(query_ptr, query_len),
        )
    };
    let (status, body) = match (std::str::from_utf8(endpoint), std::str::from_utf8(query)) {
        (Ok(endpoint), Ok(query)) => answer(endpoint, query),
        _ => answer("", "\u{fffd}"),
    };
    let mut result = RESULT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    *result = body.into_bytes();
    u32::from(status)
}

/// Where the last answer's JSON body is.
#[no_mangle]
pub extern "C" fn nimlab_result_ptr() -> *const u8 {
    RESULT.lock().unwrap_or_else(std::sync::PoisonError::into_inner).as_ptr()
}

/// The length of the last answer's JSON body, in bytes.
#[no_mangle]
pub extern "C" fn nimlab_result_len() -> usize {
    RESULT.lock().unwrap_or_else(std::sync::PoisonError::into_inner).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worker's answers are the server's: the same report for a question, the same error
    /// object for a bad one, and the declarations for `games`.
    #[test]
    fn answers_as_the_server_does() {
        let (status, body) = answer("solve", "game=nim&position=3,4,5");
        assert_eq!(status, 200);
        let report: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(report["outcome"], "N");
        assert_eq!(report["grundy"], 2);
        let (status, body) = answer("solve", "game=nope&position=1");
        assert_eq!(status, 400);
        assert_eq!(serde_json::from_str::<serde_json::Value>(&body).unwrap()["kind"], "usage");
        let (status, body) = answer("games", "");
        assert_eq!(status, 200);
        let games: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert!(games["games"].as_array().is_some_and(|games| games.iter().any(|g| g["name"] == "kayles")));
    }

    /// The C interface: a request written into allocated room, the status back, the body read.
    #[test]
    fn the_c_interface_round_trips() {
        let (endpoint, query) = (b"solve".as_slice(), b"game=wythoff&position=3,5".as_slice());
        let ep = nimlab_alloc(endpoint.len());
        let q = nimlab_alloc(query.len());
        // SAFETY: each room holds its text's length.
        let status = unsafe {
            std::ptr::copy_nonoverlapping(endpoint.as_ptr(), ep, endpoint.len());
            std::ptr::copy_nonoverlapping(query.as_ptr(), q, query.len());
            nimlab_answer(ep, endpoint.len(), q, query.len())
        };
        // SAFETY: the rooms were allocated above, freed once.
        unsafe {
            nimlab_free(ep, endpoint.len());
            nimlab_free(q, query.len());
        }
        assert_eq!(status, 200);
        // SAFETY: the result's pointer and length describe the body just written.
        let body = unsafe { std::slice::from_raw_parts(nimlab_result_ptr(), nimlab_result_len()) };
        let report: serde_json::Value = serde_json::from_slice(body).unwrap();
        assert_eq!(report["outcome"], "P");
    }
}
