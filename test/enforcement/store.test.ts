import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { loadCatalog } from "../../src/conditions/catalog";
import { loadEnforcements, parseDocument } from "../../src/enforcement/store";
import { approveLayer, writeFile } from "../helpers";
import { enfSandbox, entry, untrust, writeEnforcements } from "./fixtures";

describe("sources", () => {
  test("bundle, profile, runtime and a trusted repository, in that order", () => {
    const sb = enfSandbox();
    writeEnforcements(join(sb.bundle, "enforcements.json"), [entry("b")]);
    writeEnforcements(join(sb.profile, "enforcements.json"), { enforcements: [entry("p")] });
    writeEnforcements(join(sb.home, "enforcements.json"), [entry("r")]);
    writeEnforcements(join(sb.repo, ".agentihooks", "enforcements.json"), [entry("l")]);
    const loaded = loadEnforcements(sb.opts);
    expect(loaded.sources.map((s) => [s.source, s.exists, s.skipped, s.count])).toEqual([
      ["bundle", true, false, 1],
      ["profile:p1", true, false, 1],
      ["runtime", true, false, 1],
      ["local", true, false, 1],
    ]);
    expect(loaded.active.map((a) => [a.entry.id, a.source])).toEqual([["b", "bundle"], ["p", "profile:p1"], ["r", "runtime"], ["l", "local"]]);
    expect(loaded.problems).toEqual([]);
  });

  test("merge by id: the later source wins", () => {
    const sb = enfSandbox();
    writeEnforcements(join(sb.bundle, "enforcements.json"), [entry("x", { message: "bundle" }), entry("y")]);
    writeEnforcements(join(sb.profile, "enforcements.json"), [entry("x", { message: "profile" })]);
    writeEnforcements(join(sb.home, "enforcements.json"), [entry("x", { message: "runtime", cadence: 4 })]);
    const byId = Object.fromEntries(loadEnforcements(sb.opts).active.map((a) => [a.entry.id, a]));
    expect(byId.x.entry.message).toBe("runtime");
    expect(byId.x.entry.cadence).toBe(4);
    expect(byId.x.source).toBe("runtime");
    expect(byId.y.source).toBe("bundle");
  });

  test("an untrusted repository's file is listed as skipped and never loaded", () => {
    const sb = enfSandbox();
    untrust(sb);
    writeFile(join(sb.repo, ".git", "config"), '[remote "origin"]\n\turl = https://github.com/stranger/repo.git\n');
    writeEnforcements(join(sb.repo, ".agentihooks", "enforcements.json"), [entry("evil")]);
    const loaded = loadEnforcements(sb.opts);
    const local = loaded.sources.find((s) => s.source === "local");
    expect(local).toMatchObject({ skipped: true, untrusted_owner: "github.com/stranger", exists: true });
    expect(loaded.active).toEqual([]);
    // trusting its owner only suggests it (issue 23.6); the person's approval of the repository delivers it
    expect(loadEnforcements({ ...sb.opts, config: { ...sb.opts.config, trustedOwners: ["stranger"] } }).active).toEqual([]);
    approveLayer(sb.home, sb.repo);
    expect(loadEnforcements(sb.opts).active.map((a) => a.entry.id)).toEqual(["evil"]);
  });

  test("a catalog passed in (the hook's pipeline) gives the same sources as loading one", () => {
    const sb = enfSandbox();
    writeEnforcements(join(sb.bundle, "enforcements.json"), [entry("b")]);
    writeEnforcements(join(sb.repo, ".agentihooks", "enforcements.json"), [entry("l")]);
    const own = loadEnforcements(sb.opts);
    const shared = loadEnforcements({ ...sb.opts, catalog: loadCatalog(sb.opts) });
    expect(shared).toEqual(own);
    expect(shared.active.map((a) => a.entry.id)).toEqual(["b", "l"]);
  });

  test("no files at all: nothing active, nothing reported", () => {
    const sb = enfSandbox();
    const loaded = loadEnforcements(sb.opts);
    expect(loaded.active).toEqual([]);
    expect(loaded.problems).toEqual([]);
    expect(loaded.sources.every((s) => !s.exists)).toBe(true);
  });
});

describe("malformed files are reported with the file and reason, and skipped; others still load", () => {
  const cases: [string, unknown, RegExp][] = [
    ["bad JSON", "[{", /not valid JSON/],
    ["cadence 0", [entry("a", { cadence: 0 })], /entry 1 \(id "a"\) cadence: must be >= 1/],
    ["negative cadence", [entry("a"), entry("b", { cadence: -2 })], /entry 2 \(id "b"\) cadence: must be >= 1/],
    ["fractional cadence", [entry("a", { cadence: 1.5 })], /cadence: must be integer/],
    ["invalid matcher", [entry("a", { matcher: "bash." })], /entry 1 \(id "a"\): invalid matcher: "bash\." names no program/],
    ["bad characters in matcher", [entry("a", { matcher: "Bash(kubectl)" })], /invalid matcher: invalid characters/],
    ["missing message", [{ id: "a", cadence: 1 }], /must have required property 'message'/],
    ["wrong root", { enforcements: "nope" }, /expected a list of enforcements/],
    ["a number", "42", /expected a list/],
  ];
  test.each(cases)("%s", (_name, body, reason) => {
    const sb = enfSandbox();
    const bad = writeEnforcements(join(sb.profile, "enforcements.json"), body);
    writeEnforcements(join(sb.home, "enforcements.json"), [entry("good")]);
    const loaded = loadEnforcements(sb.opts);
    expect(loaded.problems).toHaveLength(1);
    expect(loaded.problems[0].path).toBe(bad);
    expect(loaded.problems[0].source).toBe("profile:p1");
    expect(loaded.problems[0].error).toMatch(reason);
    expect(loaded.active.map((a) => a.entry.id)).toEqual(["good"]);
  });
});

describe("document shapes", () => {
  test("list and object forms; empty or null matcher and tag mean none", () => {
    const list = parseDocument([entry("a", { matcher: "", tag: null })]);
    const obj = parseDocument({ enforcements: [entry("a", { matcher: " Bash.Kubectl " })] });
    if (typeof list === "string" || typeof obj === "string") throw new Error("should parse");
    expect(list.entries[0].entry).toEqual({ id: "a", message: "message a", cadence: 1 });
    expect(list.entries[0].matcher).toBeUndefined();
    expect(obj.entries[0].matcher?.normalized).toBe("bash.kubectl");
  });
  test("an object without the key is an empty file; unknown keys are kept", () => {
    expect(parseDocument({})).toEqual({ root: {}, entries: [] });
    const r = parseDocument([entry("a", { type: "rule", extra: 1 })]);
    if (typeof r === "string") throw new Error(r);
    expect(r.entries[0].entry.extra).toBe(1);
  });
});
