/** `xborder completion SHELL`: the script for the program this command belongs to. */
import type { Command } from 'commander';
import { commandTree } from '../../completion/tree.js';
import { bashScript, zshScript } from '../../completion/bash.js';
import { fishScript } from '../../completion/fish.js';
import { listSamples } from '../../samples/catalog.js';
import { allChecks } from '../../checks/registry.js';
import { MERCHANT_FAULTS } from '../../mock/merchant/faults.js';
import { PLATFORM_FAULTS } from '../../mock/platform/faults.js';

/** Prints the script for `shell`; returns the exit code. */
export function run(shell: string, cmd: Command): number {
  let program = cmd;
  while (program.parent) program = program.parent;
  const tree = commandTree(program);
  const values = {
    samples: listSamples().map((s) => s.name),
    checks: allChecks().map((c) => c.id),
    merchantFaults: MERCHANT_FAULTS.map((f) => f.name),
    platformFaults: PLATFORM_FAULTS.map((f) => f.name),
  };
  const script = shell === 'fish' ? fishScript(tree, values) : shell === 'zsh' ? zshScript(tree, values) : bashScript(tree, values);
  process.stdout.write(script);
  return 0;
}
