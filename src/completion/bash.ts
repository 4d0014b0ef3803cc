/**
 * The bash completion script (zsh loads it through bashcompinit). Completes commands and
 * subcommands, each command's flags, file names after flags that take a file, sample names after
 * `--sample` and `samples show`, check ids after `checks` and in the comma lists of `--checks` and
 * `--exclude-checks`, and fault names after `--fault` (the platform's under `mock platform`). The
 * tree and the names are written into the script: completing runs no Node process, so it is instant.
 */
import { allNodes, type CommandNode, type CompletionValues } from './tree.js';

/** Flags whose value is a file or directory name. */
const FILE_FLAGS = ['-c', '--config', '-f', '--file', '--out', '--junit', '--html', '--har', '--save', '--schema'];

/** Single-quoted for the shell. */
function quote(words: string[]): string {
  return `'${words.join(' ').replace(/'/g, "'\\''")}'`;
}

/** The script for `tree`, completing `values` where they go. */
export function bashScript(tree: CommandNode, values: CompletionValues): string {
  const { samples, checks, merchantFaults, platformFaults } = values;
  const nodes = allNodes(tree);
  const subcommandCases = nodes.flatMap((n) => n.children.map((c) => `    ${quote([`${n.path.join(' ')}|${c.path[c.path.length - 1]}`])}) return 0 ;;`));
  const wordCases = nodes.map((n) => {
    const words = [...n.children.map((c) => c.path[c.path.length - 1]!), ...n.flags, ...(n.path.length > 0 ? tree.flags : [])];
    return `    ${quote([n.path.join(' ')])}) words=${quote([...new Set(words)])} ;;`;
  });
  return `# xborder completion for bash (and zsh through bashcompinit).
# Load it now:        source <(xborder completion bash)
# Or for every shell: xborder completion bash > ~/.local/share/bash-completion/completions/xborder
_xborder_is_subcommand() {
  case "$1|$2" in
${subcommandCases.join('\n')}
  esac
  return 1
}

_xborder_completion() {
  local cur prev path word words i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  path=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if _xborder_is_subcommand "$path" "$word"; then path="\${path:+$path }$word"; fi
  done
  case "$prev" in
    ${FILE_FLAGS.join('|')}) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
    -s|--sample) COMPREPLY=($(compgen -W ${quote(samples)} -- "$cur")); return 0 ;;
    --fault)
      if [[ "$path" == "mock platform" ]]; then words=${quote(platformFaults)}; else words=${quote(merchantFaults)}; fi
      COMPREPLY=($(compgen -W "$words" -- "$cur")); return 0 ;;
    --checks|--exclude-checks)
      # A comma list: complete its last id, keeping the ones before.
      local done=""
      if [[ "$cur" == *,* ]]; then done="\${cur%,*},"; fi
      COMPREPLY=($(compgen -P "$done" -W ${quote(checks)} -- "\${cur##*,}")); return 0 ;;
  esac
  if [[ "$path" == "samples show" ]]; then COMPREPLY=($(compgen -W ${quote(samples)} -- "$cur")); return 0; fi
  if [[ "$path" == "checks" && "$cur" != -* ]]; then COMPREPLY=($(compgen -W ${quote(checks)} -- "$cur")); return 0; fi
  case "$path" in
${wordCases.join('\n')}
    *) words="" ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}

complete -F _xborder_completion xborder
`;
}

/** The zsh script: the bash one, through zsh's bash completion emulation. */
export function zshScript(tree: CommandNode, values: CompletionValues): string {
  return `#compdef xborder
# xborder completion for zsh. Load it: source <(xborder completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bashScript(tree, values)}`;
}
