/**
 * The fish completion script: commands with their descriptions, each command's flags, sample names,
 * check ids (after `checks`, `--checks`, `--exclude-checks`) and fault names (after `--fault`).
 */
import { allNodes, type CommandNode, type CompletionValues } from './tree.js';

function escape(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

/** The script for `tree`, completing `values` where they go. */
export function fishScript(tree: CommandNode, values: CompletionValues): string {
  const { samples, checks, merchantFaults, platformFaults } = values;
  const lines = ['# xborder completion for fish. Load it: xborder completion fish | source', 'complete -c xborder -f'];
  for (const node of allNodes(tree)) {
    // fish's condition: the words so far are exactly this command's path.
    const condition = node.path.length === 0 ? '__fish_use_subcommand' : `__fish_seen_subcommand_from ${node.path[node.path.length - 1]}`;
    for (const child of node.children) {
      lines.push(`complete -c xborder -n '${condition}' -a '${child.path[child.path.length - 1]}' -d '${escape(child.description.slice(0, 80))}'`);
    }
    for (const flag of node.flags) {
      const name = flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`;
      lines.push(`complete -c xborder -n '${condition}' ${name}${node.valued.includes(flag) ? ' -r' : ''}`);
    }
  }
  lines.push(`complete -c xborder -n '__fish_seen_subcommand_from show' -a '${samples.join(' ')}'`);
  lines.push(`complete -c xborder -l sample -s s -r -a '${samples.join(' ')}'`);
  lines.push(`complete -c xborder -n '__fish_seen_subcommand_from checks' -a '${checks.join(' ')}'`);
  // A comma list: fish's own helper completes the id after the last comma, from a function's lines.
  lines.push(`function __xborder_check_ids; printf '%s\\n' ${checks.join(' ')}; end`);
  for (const flag of ['checks', 'exclude-checks']) lines.push(`complete -c xborder -l ${flag} -x -a '(__fish_complete_list , __xborder_check_ids)'`);
  lines.push(`complete -c xborder -n '__fish_seen_subcommand_from demo merchant' -l fault -x -a '${merchantFaults.join(' ')}'`);
  lines.push(`complete -c xborder -n '__fish_seen_subcommand_from mock; and __fish_seen_subcommand_from platform' -l fault -x -a '${platformFaults.join(' ')}'`);
  return `${lines.join('\n')}\n`;
}
