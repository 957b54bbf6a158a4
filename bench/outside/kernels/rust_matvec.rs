// A bounds-checked matrix-vector product in Rust (panics and a personality
// routine the module only declares).
#[no_mangle]
pub extern "C" fn rk_matvec(a: *const f32, x: *const f32, y: *mut f32, n: usize) {
    let a = unsafe { std::slice::from_raw_parts(a, n * n) };
    let x = unsafe { std::slice::from_raw_parts(x, n) };
    let y = unsafe { std::slice::from_raw_parts_mut(y, n) };
    for i in 0..n {
        let mut s = 0.0f32;
        for j in 0..n {
            s += a[i * n + j] * x[(j * 7) % n];
        }
        y[i] = s;
    }
}
