/**
 * Text from a merchant (or a recording, or a saved run) made safe to print on a terminal or into a
 * CI log. A merchant's answer can hold ESC sequences (recolour the screen, move the cursor, retitle
 * the window, hide what follows), C1 controls (a lone 0x9B is a CSI too), bidi overrides that make
 * text read in another order, and line breaks. A line break followed by `::error ...` would start a
 * line that GitHub Actions runs as a workflow command (annotations, `::stop-commands::`, masks).
 * Every such character is shown as a visible escape instead. Reporters apply this where merchant
 * text enters their output; xborder's own colours and annotations are added after it, untouched.
 */

/**
 * Characters a terminal or a log reader acts on: C0 controls, DEL, C1 controls, the Unicode line
 * and paragraph separators, and the bidirectional formatting characters.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `\n`, `\x1b`, `\u202e`: the escape a reader recognises, as JSON and JavaScript write it. */
function escapeOne(c: string): string {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Workflow commands in text: `::` at the start of a word (a line that GitHub trims starts with it
 * once wrapped there) and the legacy `##[` anywhere in a line. The first character is escaped, so
 * the text still reads the same and can no longer be taken as a command. A run of three or more
 * colons keeps only its last two: a pair with a non-colon before it, which wrap() never breaks
 * before (`Foo::bar` and `::1` stay as they are mid-word).
 */
const COMMAND = /(^|\s)::|##\[/g;
const COLON_RUN = /:(?=::)/g;

function defuseCommands(text: string): string {
  return text.replace(COLON_RUN, '\\x3a').replace(COMMAND, (m, space: string | undefined) => (m === '##[' ? '\\x23#[' : `${space ?? ''}\\x3a:`));
}

/** One line of merchant text: every control character and line break escaped, workflow commands defused. */
export function escapeControls(text: string): string {
  return defuseCommands(text.replace(UNSAFE, escapeOne));
}

/**
 * Merchant text shown over several lines (a response body): its line breaks (LF, CRLF) stay, every
 * other control character is escaped, and no line can start a workflow command.
 */
export function escapeLines(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => escapeControls(line))
    .join('\n');
}

/** Whether a line, as GitHub reads it (leading white space trimmed), would start a workflow command. */
export function startsCommand(line: string): boolean {
  return line.trimStart().startsWith('::');
}
