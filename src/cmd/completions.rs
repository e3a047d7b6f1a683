//! `nimlab completions SHELL` and `nimlab man`: generated from the command tree (clap_complete,
//! clap_mangen), so they list every command and every game parameter the declarations give.

use std::io::Write;

use clap::Command;
use clap_complete::Shell;

/// Arguments of `nimlab completions`.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Examples:\n  nimlab completions bash > ~/.local/share/bash-completion/completions/nimlab\n  nimlab completions zsh > ~/.zfunc/_nimlab\n  nimlab completions fish > ~/.config/fish/completions/nimlab.fish"
)]
pub struct Args {
    /// The shell.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Writes the completion script of `command` for the shell.
///
/// # Errors
/// Output errors.
pub fn run(args: &Args, command: &mut Command, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut buffer = Vec::new();
    clap_complete::generate(args.shell, command, "nimlab", &mut buffer);
    out.write_all(&buffer)?;
    Ok(())
}

/// Arguments of `nimlab man`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  nimlab man | man -l -\n  nimlab man solve > nimlab-solve.1")]
pub struct ManArgs {
    /// A command whose page to print (default: nimlab's own page).
    pub command: Option<String>,
}

/// Writes the manual page of `command`, or of one of its subcommands (roff).
///
/// # Errors
/// A usage error for an unknown command; output errors.
pub fn man(args: &ManArgs, command: &Command, out: &mut dyn Write) -> anyhow::Result<()> {
    let page = match &args.command {
        None => command.clone(),
        Some(name) => {
            let Some(sub) = command.find_subcommand(name) else {
                return crate::usage(format!("no command '{name}'; see nimlab --help"));
            };
            let full = format!("nimlab-{name}");
            sub.clone().name(full.clone()).bin_name(full)
        }
    };
    let mut buffer = Vec::new();
    clap_mangen::Man::new(page).render(&mut buffer)?;
    out.write_all(&buffer)?;
    Ok(())
}
