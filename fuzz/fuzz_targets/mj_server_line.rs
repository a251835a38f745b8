#![no_main]
//! `mahjong_server::inputs::mj_server_line` on arbitrary bytes (see that function for what is checked).

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    mahjong_server::inputs::mj_server_line(data);
});
