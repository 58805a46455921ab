// Text for the person's terminal: whatever a payload or a log holds is shown, never obeyed. Control
// characters (C0, DEL, C1: ESC starts every terminal sequence, OSC 52 included) and bidirectional
// overrides become visible escapes.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Returns `s` with every control character shown as \xNN or \uNNNN; newlines and tabs too unless kept. */
export function visible(s: string, keepNewlines = false): string {
  const text = s.replace(CONTROLS, (c) => {
    const n = c.charCodeAt(0);
    return n < 0x100 ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u${n.toString(16).padStart(4, "0")}`;
  });
  return keepNewlines ? text : text.replace(/\n/g, "\\n").replace(/\t/g, "\\t");
}
