// `env -S STRING` against the real GNU env: for random strings of quotes, backslashes, `$`, `#` and
// blanks, the words the analysis gives the program env runs are the words env gives it, or the
// analysis says the line is dynamic (env refuses the string, or expands `${VAR}` in it).
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { analyze } from "../../src/shell/analyze";

const sq = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
const gnu = Bun.spawnSync(["/usr/bin/env", "--version"]).stdout.toString().includes("GNU coreutils");

describe.skipIf(!gnu)("env -S splits as GNU env does", () => {
  test("random strings", () => {
    const chars = fc.constantFrom("a", "b", " ", "\t", "'", '"', "\\", "$", "#", "_", "n", "c", "t", "{", "}", "x");
    const wrong: string[] = [];
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 14 }).map((a) => a.join("")), (s) => {
        const S = `printf [%s] Q ${s}`;
        const real = Bun.spawnSync(["/usr/bin/env", "-S", S], { env: { PATH: "/usr/bin:/bin", HOME: "/h" } });
        const a = analyze(`env -S ${sq(S)}`);
        const cmd = a.commands.find((c) => c.program === "printf");
        if (a.dynamic && !cmd) return;
        const words = real.exitCode === 0 ? real.stdout.toString().slice(1, -1).split("][").slice(1) : undefined;
        const got = cmd?.args.slice(2);
        if (JSON.stringify(words) !== JSON.stringify(got)) wrong.push(`${JSON.stringify(s)}: env ${JSON.stringify(words)}, analysis ${JSON.stringify(got)}`);
      }),
      { numRuns: 1500, seed: 7 },
    );
    expect(wrong).toEqual([]);
  }, 120_000);
});
