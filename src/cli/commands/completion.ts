/** `xborder completion bash|zsh|fish`: prints a shell completion script. */
import { Argument, type Command } from 'commander';

/** Declares the completion command; the work is in ../actions/completion.ts. */
export function defineCompletion(program: Command): void {
  program
    .command('completion')
    .description('print a shell completion script (commands, subcommands, flags, sample names, check ids, fault names)')
    .addArgument(new Argument('<shell>', 'the shell').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      '\nExamples:\n  source <(xborder completion bash)\n  xborder completion bash > ~/.local/share/bash-completion/completions/xborder\n' +
        '  source <(xborder completion zsh)\n  xborder completion fish > ~/.config/fish/completions/xborder.fish',
    )
    .action(async (shell: string, _opts: unknown, cmd: Command) => {
      const { run } = await import('../actions/completion.js');
      process.exitCode = run(shell, cmd);
    });
}
