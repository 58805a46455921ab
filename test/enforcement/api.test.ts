import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { clearEnforcement, enforcementProblems, listEnforcements, setEnforcement } from "../../src/enforcement/api";
import { writeFile } from "../helpers";
import { type EnfSandbox, enfSandbox, entry, untrust, writeEnforcements } from "./fixtures";

let sb: EnfSandbox;
const saved = { home: process.env.AGENTIHOOKS_HOME, target: process.env.AGENTIHOOKS_TARGET };
beforeEach(() => {
  sb = enfSandbox();
  process.env.AGENTIHOOKS_HOME = sb.home;
  delete process.env.AGENTIHOOKS_TARGET;
});
afterEach(() => {
  process.env.AGENTIHOOKS_HOME = saved.home;
  if (saved.target !== undefined) process.env.AGENTIHOOKS_TARGET = saved.target;
});

describe("setEnforcement", () => {
  test("writes the runtime file with an 8-character id and created_at", () => {
    const r = setEnforcement({ message: "Cluster writes go through GitOps.", cadence: "2", matcher: "bash.kubectl", tag: "k8s", cwd: sb.repo });
    expect(r.scope).toBe("runtime");
    expect(r.path).toBe(join(sb.home, "enforcements.json"));
    expect(r.entry).toMatchObject({ message: "Cluster writes go through GitOps.", cadence: 2, matcher: "bash.kubectl", tag: "k8s" });
    expect(r.entry.id).toMatch(/^[0-9a-f]{8}$/);
    expect(Date.parse(r.entry.created_at as string)).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(r.path, "utf8"))).toEqual({ enforcements: [r.entry] });
  });
  test("--local writes the repository file; an untrusted repository gets a warning", () => {
    const r = setEnforcement({ message: "m", cadence: 1, local: true, cwd: sb.repo });
    expect(r.path).toBe(join(sb.repo, ".agentihooks", "enforcements.json"));
    expect(r.warning).toBeUndefined();
    untrust(sb); // never trusted by the person: whoever owns it, its enforcements wait
    writeFile(join(sb.repo, ".git", "config"), '[remote "origin"]\n\turl = git@github.com:someone/x.git\n');
    expect(setEnforcement({ message: "m", cadence: 1, local: true, cwd: sb.repo }).warning).toMatch(/not trusted \(owner github.com\/someone\)/);
  });
  test.each([
    [{ message: "m", cadence: 0 }, /cadence must be a whole number of at least 1, not 0/],
    [{ message: "m", cadence: "-1" }, /not "-1"/],
    [{ message: "m", cadence: "two" }, /not "two"/],
    [{ message: "  ", cadence: 1 }, /message is empty/],
    [{ message: "m", cadence: 1, matcher: "a++b" }, /invalid matcher: empty alternative/],
    [{ message: "m", cadence: 1, local: true, cwd: "/" }, /needs a git repository/],
  ] as [Parameters<typeof setEnforcement>[0], RegExp][])("refuses %j", (input, msg) => {
    expect(() => setEnforcement(input)).toThrow(msg);
  });
  test("never overwrites a malformed file", () => {
    const path = writeEnforcements(join(sb.home, "enforcements.json"), "{oops");
    expect(() => setEnforcement({ message: "m", cadence: 1 })).toThrow(/not valid JSON.*fix or remove the file first/);
    expect(readFileSync(path, "utf8")).toBe("{oops");
  });
  test("keeps a list-shaped file a list", () => {
    const path = writeEnforcements(join(sb.home, "enforcements.json"), [entry("a")]);
    setEnforcement({ message: "m", cadence: 3 });
    const doc = JSON.parse(readFileSync(path, "utf8"));
    expect(Array.isArray(doc)).toBe(true);
    expect(doc.map((e: { id: string }) => e.id)[0]).toBe("a");
    expect(doc).toHaveLength(2);
  });
});

describe("listEnforcements and clearEnforcement", () => {
  test("list shows entries with their source, and problems", () => {
    writeEnforcements(join(sb.bundle, "enforcements.json"), [entry("b")]);
    const bad = writeEnforcements(join(sb.profile, "enforcements.json"), [entry("p", { cadence: 0 })]);
    const { entry: r } = setEnforcement({ message: "m", cadence: 1, cwd: sb.repo });
    const doc = listEnforcements({ cwd: sb.repo });
    expect(doc.enforcements.map((e) => [e.id, e.source])).toEqual([["b", "bundle"], [r.id, "runtime"]]);
    expect(doc.problems).toEqual([{ source: "profile:p1", path: bad, error: 'entry 1 (id "p") cadence: must be >= 1' }]);
    expect(enforcementProblems({ cwd: sb.repo })).toEqual(doc.problems);
  });
  test("clear by id, by tag, and all", () => {
    const a = setEnforcement({ message: "a", cadence: 1, tag: "t" }).entry;
    const b = setEnforcement({ message: "b", cadence: 1, tag: "t" }).entry;
    const c = setEnforcement({ message: "c", cadence: 1 }).entry;
    const d = setEnforcement({ message: "d", cadence: 1 }).entry;
    expect(clearEnforcement({ id: c.id }).removed.map((e) => e.id)).toEqual([c.id]);
    expect(clearEnforcement({ tag: "t" }).removed.map((e) => e.id)).toEqual([a.id, b.id]);
    expect(listEnforcements({ cwd: sb.repo }).enforcements.map((e) => e.id)).toEqual([d.id]);
    expect(clearEnforcement({}).removed.map((e) => e.id)).toEqual([d.id]);
    expect(listEnforcements({ cwd: sb.repo }).enforcements).toEqual([]);
  });
  test("clearing an id that lives in another source says where it lives", () => {
    writeEnforcements(join(sb.bundle, "enforcements.json"), [entry("from-bundle")]);
    expect(() => clearEnforcement({ id: "from-bundle", cwd: sb.repo })).toThrow(/comes from .*bundle\/enforcements.json \(bundle\); edit that file/);
    expect(() => clearEnforcement({ id: "nope", cwd: sb.repo })).toThrow(/enforcement "nope" not found in/);
  });
  test("parallel sets from several processes lose nothing (locked read-modify-write)", async () => {
    const src = join(import.meta.dir, "../../src/enforcement/api.ts");
    const procs = Array.from({ length: 12 }, (_, i) =>
      Bun.spawn(["node_modules/.bin/bun", "-e", `import(${JSON.stringify(src)}).then(m => m.setEnforcement({ message: "p${i}", cadence: 1 }))`], {
        env: { ...process.env, AGENTIHOOKS_HOME: sb.home },
        cwd: join(import.meta.dir, "../.."),
      }),
    );
    await Promise.all(procs.map((p) => p.exited));
    const doc = JSON.parse(readFileSync(join(sb.home, "enforcements.json"), "utf8"));
    expect(doc.enforcements).toHaveLength(12);
  });
});
