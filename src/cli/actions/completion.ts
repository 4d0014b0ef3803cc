/** `xborder completion SHELL`: the script for the program this command belongs to. */
import type { Command } from 'commander';
import { commandTree } from '../../completion/tree.js';
import { bashScript, zshScript } from '../../completion/bash.js';
import { fishScript } from '../../completion/fish.js';
import { listSamples } from '../../samples/catalog.js';

/** Prints the script for `shell`; returns the exit code. */
export function run(shell: string, cmd: Command): number {
  let program = cmd;
  while (program.parent) program = program.parent;
  const tree = commandTree(program);
  const samples = listSamples().map((s) => s.name);
  const script = shell === 'fish' ? fishScript(tree, samples) : shell === 'zsh' ? zshScript(tree, samples) : bashScript(tree, samples);
  process.stdout.write(script);
  return 0;
}
