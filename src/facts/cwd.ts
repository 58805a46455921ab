// The folder each command of a line runs in, as far as `cd` tells it before the line runs. A static
// `cd DIR` (or `pushd DIR`) moves the commands after it, at its nesting depth and deeper, into DIR (a
// `cd` that fails stops an `&&` chain; after `;` the agent sees the error); a subshell's `cd` ends when
// the line leaves that depth. A `cd` whose folder is only known when the line runs (`cd "$X"`, `cd -`,
// `popd`, CDPATH) makes the folder unknown (null) for what follows. Sibling subshells at one depth are
// not told apart: the folder stays as the first one left it (documented in docs/typescript-conditions.md).
import { resolve } from "node:path";
import type { CommandFact } from "../../conditions-examples/_src/condition";
/** Where a line runs: the session's folder and the home folder (for `cd` and `~`). */
export interface Where {
  cwd: string;
  home: string;
}

/** Follows the static `cd`s of one line: the folder of each command, in order. */
export class CwdTracker {
  /** The folder at each depth (null: unknown), innermost last. */
  private dirs: (string | null)[];

  constructor(private readonly where: Where) {
    this.dirs = [where.cwd];
  }

  /** Returns the folder a command at `depth` runs in. */
  at(depth: number): string | null {
    if (depth < this.dirs.length - 1) this.dirs.length = depth + 1; // left a subshell: its cd is gone
    return this.dirs[Math.min(depth, this.dirs.length - 1)];
  }

  /** Follows a `cd`/`pushd`/`popd` command at `depth`. */
  follow(c: CommandFact, depth: number): void {
    if (c.program !== "cd" && c.program !== "pushd" && c.program !== "popd") return;
    while (this.dirs.length <= depth) this.dirs.push(this.dirs[this.dirs.length - 1]);
    this.dirs[depth] = this.target(c, this.dirs[depth]);
  }

  private target(c: CommandFact, from: string | null): string | null {
    if (c.program === "popd") return null;
    const operand = c.args.find((w) => !(w.value !== null && !w.glob && /^-[LPe@]+$/.test(w.value)));
    if (!operand) return c.program === "cd" ? this.where.home : null;
    if (operand.value === null || operand.glob || operand.value === "-") return null;
    let path = operand.value;
    if (operand.raw.startsWith("~") && (path === "~" || path.startsWith("~/"))) path = this.where.home + path.slice(1);
    if (path.startsWith("/")) return resolve(path);
    // with CDPATH, `cd name` may land in any folder CDPATH lists
    if (process.env.CDPATH && !/^\.\.?(?:\/|$)/.test(path)) return null;
    return from === null ? null : resolve(from, path);
  }
}
