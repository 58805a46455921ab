// Codex's argv form as one shell line. Its own module, require()d by common.ts on use, so the bundler
// keeps shell-quote in a chunk of its own: every other hook call would load its bytes for nothing.
import { quote } from "shell-quote";

/** Returns the argv list as one shell-quoted command string (`["ls","a b"]` -> `ls 'a b'`). */
export function joinArgv(argv: readonly unknown[]): string {
  return quote(argv.map((word) => (typeof word === "string" ? word : String(word))));
}
