// A rebuild lists only the layer folders whose signature changed and copies the others' part of the
// old index. Property: after any sequence of changes to the four layers, the catalog built that way
// equals the one built from scratch (no index), and so does the next cache hit.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readConfig } from "../../src/config";
import { type Catalog, type CatalogOptions, loadCatalog } from "../../src/conditions/catalog";
import { sandbox } from "../helpers";

/** Names that shadow each other across layers (same key), fail to parse, or sit in other groups. */
const NAMES = [
  "pre-bash-x.sh", "pre-Bash-x.py", "pre-bash.git-g.sh", "pre-bash.git-g.ts", "post-Write-y.sh", "pre-read+write-z.sh",
  "stop-s.sh", "prompt-p.sh", "pre-nope.sh", "bad name.sh", "pre-mcp__srv-m.sh", "pre-bash.git-h.async.sh", "_ignored.sh",
];

type Op =
  | { kind: "add"; layer: number; name: string }
  | { kind: "remove"; layer: number; name: string }
  | { kind: "rename"; layer: number; from: string; to: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), layer: fc.nat(3), name: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant("remove" as const), layer: fc.nat(3), name: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant("rename" as const), layer: fc.nat(3), from: fc.constantFrom(...NAMES), to: fc.constantFrom(...NAMES) }),
);

function setup() {
  const sb = sandbox();
  const bundle = join(sb.root, "bundle");
  const profile = join(sb.root, "prof-a");
  const dirs = [join(bundle, ".claude", "conditions"), join(profile, ".claude", "conditions"), join(sb.home, "conditions"), join(sb.repo, ".agentihooks", "conditions")];
  for (const d of dirs) mkdirSync(d, { recursive: true });
  writeFileSync(join(sb.home, "state.json"), JSON.stringify({ bundle: { path: bundle }, targets: { claude: { profiles: ["a"] } }, linked_profiles: { a: profile } }));
  const opts: CatalogOptions = { target: "claude", cwd: sb.repo, home: sb.home, config: { ...readConfig({}).config, strictModes: false } };
  let clock = Date.now() - 3_600_000;
  // Each change moves its folder's mtime to a distinct past second: old enough to cache, never repeated.
  const settle = (p: string) => {
    clock += 1000;
    utimesSync(p, new Date(clock), new Date(clock));
  };
  const walk = (p: string) => {
    for (const e of readdirSync(p, { withFileTypes: true })) if (e.isDirectory()) walk(join(p, e.name));
    settle(p);
  };
  walk(sb.root);
  settle(join(sb.home, "state.json"));
  return { sb, dirs, opts, settle };
}

/** What a catalog says, without the cache bookkeeping. */
const view = (c: Catalog) => ({ layers: c.layers, conditions: c.conditions, invalid: c.invalid, problems: c.problems });

function apply(o: Op, dirs: string[]): boolean {
  const dir = dirs[o.layer];
  if (o.kind === "add") {
    if (existsSync(join(dir, o.name))) return false;
    writeFileSync(join(dir, o.name), "#!/bin/sh\n", { mode: 0o755 });
  } else if (o.kind === "remove") {
    if (!existsSync(join(dir, o.name))) return false;
    rmSync(join(dir, o.name));
  } else {
    if (!existsSync(join(dir, o.from)) || existsSync(join(dir, o.to))) return false;
    renameSync(join(dir, o.from), join(dir, o.to));
  }
  return true;
}

describe("incremental rebuilds", () => {
  test("after any sequence of changes, the catalog equals one built from scratch", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 12 }), (ops) => {
        const s = setup();
        expect(loadCatalog(s.opts).fromCache).toBe(false);
        for (const o of ops) {
          if (!apply(o, s.dirs)) continue;
          s.settle(s.dirs[o.layer]);
          const incremental = loadCatalog(s.opts); // reuses the unchanged folders of the last index
          expect(incremental.fromCache).toBe(false);
          const hit = loadCatalog(s.opts);
          expect(hit.fromCache).toBe(true);
          for (const f of readdirSync(join(s.sb.home, "cache"))) rmSync(join(s.sb.home, "cache", f));
          const scratch = loadCatalog(s.opts);
          expect(view(incremental)).toEqual(view(scratch));
          expect(view(hit)).toEqual(view(scratch));
          for (const [step, name] of [["pre", "bash"], ["post", "write"], ["pre", "mcp__srv__t"]] as const) {
            const subject = { name, programs: () => ({ programs: ["git"], dynamic: false }) };
            expect(hit.conditionsFor(step, subject).map((c) => c.path)).toEqual(scratch.conditionsFor(step, subject).map((c) => c.path));
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
