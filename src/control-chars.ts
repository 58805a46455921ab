// Control characters shown visibly. Text that reaches a terminal (the CLI's output, the hook's reason
// a harness prints) comes in part from payloads, logs and files the agent could write: an escape
// sequence there would drive the terminal (OSC 52 sets the clipboard, others rewrite what was shown).

/** C0 controls but tab and newline, DEL, C1 controls, and the bidirectional marks and overrides. */
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Returns `text` with every control character shown as `\x1b` (`\u202e` past 0xff), or always as
 * `\u001b` with `json`, which keeps a JSON document valid and meaning the same.
 */
export function escapeControls(text: string, json = false): string {
  return text.replace(CONTROLS, (c) => {
    const code = c.charCodeAt(0);
    return json || code > 0xff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\x${code.toString(16).padStart(2, "0")}`;
  });
}

/** Returns `text` with controls escaped except SGR colour sequences (`\x1b[1;31m`): for consola's own colours. */
export function escapeControlsKeepingColour(text: string): string {
  let out = "";
  let from = 0;
  for (const m of text.matchAll(/\x1b\[[0-9;]*m/g)) {
    out += escapeControls(text.slice(from, m.index)) + m[0];
    from = (m.index ?? 0) + m[0].length;
  }
  return out + escapeControls(text.slice(from));
}

/** Returns `text` on one line for a table cell: controls escaped, and newlines and tabs shown as `\n`, `\t`. */
export function escapeLine(text: string): string {
  return escapeControls(text).replace(/\n/g, "\\n").replace(/\t/g, "\\t");
}
