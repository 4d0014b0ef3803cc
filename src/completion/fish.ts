/** The fish completion script: commands with their descriptions, each command's flags, sample names. */
import { allNodes, type CommandNode } from './tree.js';

function escape(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

/** The script for `tree`. */
export function fishScript(tree: CommandNode, samples: string[]): string {
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
  return `${lines.join('\n')}\n`;
}
