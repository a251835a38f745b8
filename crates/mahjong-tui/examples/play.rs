//! `mahjong play` on its own, with the same arguments (the tmux test drives it; the
//! `mahjong` binary is in another crate).

use std::process::ExitCode;

use clap::Parser;

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: mahjong_tui::PlayArgs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match mahjong_tui::play(&cli.args) {
        Ok(msg) => {
            print!("{msg}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
