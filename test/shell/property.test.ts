// Property tests: random nesting and quoting of known commands must still find them; random input
// never throws, always returns a well-formed analysis, and stays within the scanner's step budget.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { analyze, MAX_INPUT_BYTES } from "../../src/shell/analyze";
import { MAX_DEPTH, newContext, scan } from "../../src/shell/scan";

const NAMES = ["git", "rm", "kubectl", "npm", "curl", "make", "docker", "terraform"];
const name = fc.constantFrom(...NAMES);
const arg = fc.constantFrom("-rf", "x", "push", "--force", "a b", "it's", '"q"', "$HOME", "*.txt", "a;b", "#c", "$(date)");

/** Spells a static word so that bash reads it back as itself. */
const spell = (w: string) =>
  fc.constantFrom(
    `'${w.replace(/'/g, "'\\''")}'`,
    `"${w.replace(/["\\$`]/g, "\\$&")}"`,
    w.replace(/[^A-Za-z0-9_\/.-]/g, "\\$&"),
    `$'${[...w].map((c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("")}'`,
    w.length > 1 ? `${w[0]}''${w.slice(1)}` : `'${w}'`,
    `"/usr/bin/${w}"`,
  );

/** Wraps a command line in one more layer of structure that still runs it. */
const wrap = (cmd: string) =>
  fc.constantFrom(
    `( ${cmd} )`,
    `{ ${cmd}\n}`,
    `echo $( ${cmd} )`,
    `x=$( ${cmd} )`,
    `echo "$( ${cmd} )"`,
    `bash -c '${cmd.replace(/'/g, "'\\''")}'`,
    `sh -c "${cmd.replace(/["\\$`]/g, "\\$&")}"`,
    `sudo -u bob sh -c '${cmd.replace(/'/g, "'\\''")}'`,
    `timeout -s KILL 5 bash -lc '${cmd.replace(/'/g, "'\\''")}'`,
    `env -i X=1 bash -ec '${cmd.replace(/'/g, "'\\''")}'`,
    `nice -n 5 sh -c '${cmd.replace(/'/g, "'\\''")}'`,
    `true && ${cmd}`,
    `false || ${cmd}`,
    `if true; then ${cmd}\nfi`,
    `for i in 1; do ${cmd}\ndone`,
    `case x in *) ${cmd}\n;; esac`,
    `f() { ${cmd}\n}`,
    `cat <( ${cmd} )`,
    `ls | xargs sh -c '${cmd.replace(/'/g, "'\\''")}' sh`,
    `find . -exec bash -c '${cmd.replace(/'/g, "'\\''")}' \\;`,
    `echo \`${cmd.replace(/[\\`$]/g, "\\$&")}\``,
    `eval '${cmd.replace(/'/g, "'\\''")}'`,
    `${cmd} 2>/dev/null | wc -l`,
    `cat <<'EOF'\nnot run\nEOF\n${cmd}`,
    `bash <<'E${cmd.length}'\n${cmd}\nE${cmd.length}\n`,
    `watch -n 1 '${cmd.replace(/'/g, "'\\''")}'`,
  );

const known = fc
  .tuple(name, fc.array(arg, { maxLength: 3 }))
  .chain(([n, args]) => fc.tuple(fc.constant(n), spell(n), fc.tuple(...args.map(spell))))
  .map(([n, head, args]) => ({ name: n, cmd: [head, ...args].join(" ") }));

const nested: fc.Arbitrary<{ name: string; cmd: string }> = fc
  .tuple(known, fc.integer({ min: 0, max: 5 }))
  .chain(([k, depth]) => {
    let arb: fc.Arbitrary<string> = fc.constant(k.cmd);
    for (let i = 0; i < depth; i++) arb = arb.chain(wrap);
    return arb.map((cmd) => ({ name: k.name, cmd }));
  });

describe("known commands survive quoting and nesting", () => {
  test("the program is always found", () => {
    fc.assert(
      fc.property(nested, ({ name, cmd }) => {
        const a = analyze(cmd);
        expect(a.programs).toContain(name);
      }),
      { numRuns: 2000 },
    );
  });

  test("a quoted word that is not run is never a program", () => {
    fc.assert(
      fc.property(name, (n) => {
        expect(analyze(`echo '${n} -rf /'`).programs).toEqual(["echo"]);
        expect(analyze(`echo "${n}"`).programs).toEqual(["echo"]);
        expect(analyze(`cat <<'EOF'\n${n}\nEOF`).programs).toEqual(["cat"]);
      }),
    );
  });
});

function wellFormed(s: string): void {
  const a = analyze(s);
  expect(Array.isArray(a.programs)).toBe(true);
  expect(typeof a.dynamic).toBe("boolean");
  expect(a.programs).toEqual([...new Set(a.programs)].sort());
  for (const p of a.programs) expect(p).toBe(p.toLowerCase());
  expect(a.issues.every((i) => i.code !== "internal")).toBe(true);
}

describe("random input", () => {
  const shellish = fc.stringMatching(/^[a-z $'"`\\(){}<>|&;#\n\t=*?!-]{0,80}$/);
  test("shell-flavoured strings never throw", () => {
    fc.assert(fc.property(shellish, wellFormed), { numRuns: 3000 });
  });
  test("arbitrary unicode strings never throw", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 200 }), wellFormed), { numRuns: 2000 });
  });
  test("random bytes (as latin-1) never throw", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => wellFormed(Buffer.from(b).toString("latin1"))),
      { numRuns: 2000 },
    );
  });
});

describe("bounds", () => {
  test("input over 64 KiB returns at once, dynamic, with no programs", () => {
    const a = analyze(`git status; ${"x".repeat(MAX_INPUT_BYTES)}`);
    expect(a).toMatchObject({ programs: [], dynamic: true, issues: [{ code: "too-long" }] });
    // multi-byte characters count as bytes, not UTF-16 units
    expect(analyze("é".repeat(MAX_INPUT_BYTES / 2 + 1)).issues[0]?.code).toBe("too-long");
    expect(analyze("é".repeat(MAX_INPUT_BYTES / 2 - 8)).issues.map((i) => i.code)).not.toContain("too-long");
  });

  test.each([
    ["$(", ")"],
    ["( ", " )"],
    ["${x:-$(", ")}"],
    ["<(", ")"],
    ["echo \"$(", ")\""],
    ["eval ", ""],
    ["xargs ", ""],
    ["sudo xargs ", ""],
  ])("nesting deeper than the limit: %p ... %p stops as too-deep, dynamic", (open, close) => {
    const deep = (n: number) => `${open.repeat(n)}git${close.repeat(n)}`;
    const ok = analyze(deep(4));
    expect(ok.programs).toContain("git");
    const a = analyze(deep(MAX_DEPTH + 5));
    expect(a.dynamic).toBe(true);
    expect(a.issues.map((i) => i.code)).toContain("too-deep");
  });

  test("backquotes nest when escaped", () => {
    let cmd = "git";
    for (let i = 0; i < 5; i++) cmd = `echo \`${cmd.replace(/[\\`$]/g, "\\$&")}\``;
    expect(analyze(cmd).programs).toEqual(["echo", "git"]);
  });

  test("deep nesting of 10,000 levels neither throws nor overflows the stack", () => {
    for (const s of ["$(".repeat(10000), "(".repeat(10000), "${".repeat(10000), "$((".repeat(10000), "[[ ".repeat(10000), "case x in a) ".repeat(5000), "sudo ".repeat(10000) + "git", "xargs ".repeat(10000) + "rm"]) {
      const a = analyze(s);
      expect(typeof a.dynamic).toBe("boolean");
    }
  });

  test("the step budget stops a scan and marks it incomplete", () => {
    const ctx = newContext(1000);
    const r = scan("echo hi; ".repeat(200), 0, ctx);
    expect(r.complete).toBe(false);
    expect(ctx.stopped).toBe(true);
    expect(ctx.issues[0].code).toBe("budget");
  });

  test("steps stay linear in the input for flat and nested lines (no backtracking)", () => {
    for (const s of ["a ".repeat(20000), "$(( ".repeat(500) + "1" + " ))".repeat(500), "echo $(".repeat(30) + "x" + ")".repeat(30), "((".repeat(3000)]) {
      const ctx = newContext();
      scan(s, 0, ctx);
      expect(ctx.steps).toBeLessThanOrEqual(s.length * (MAX_DEPTH + 2));
    }
  });
});
