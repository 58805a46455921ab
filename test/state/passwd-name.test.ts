// The decision record's account name (src/state/hook-log.ts), read from /etc/passwd as getpwuid() reads
// its files source (src/state/private-group.ts): the first entry for the uid, NIS markers and malformed
// lines skipped.
import { describe, expect, test } from "bun:test";
import { userName } from "../../src/state/private-group";

const PASSWD = [
  "root:x:0:0:root:/root:/bin/bash",
  "+nis::1000:::",
  "broken:x:1000",
  ":x:1000:1000::/home:/bin/sh",
  "alice:x:1000:1000:Alice:/home/alice:/bin/bash",
  "alias:x:1000:1000::/home/alice:/bin/bash",
  "bob:x:10001:10001::/home/bob:/bin/sh",
  "dave:x:3000:3x:",
  "dave2:x:3000::",
  "carol:x:2000:2000:",
].join("\n");

describe("userName", () => {
  test("the first well-formed entry for the uid", () => {
    expect(userName(0, PASSWD)).toBe("root");
    expect(userName(1000, PASSWD)).toBe("alice");
    expect(userName(10001, PASSWD)).toBe("bob");
    expect(userName(2000, PASSWD)).toBe("carol"); // the last line, with no newline after it
  });
  test("a uid that is only a prefix or absent has no name", () => {
    expect(userName(100, PASSWD)).toBeUndefined();
    expect(userName(4242, PASSWD)).toBeUndefined();
    expect(userName(0, "")).toBeUndefined();
    expect(userName(3000, PASSWD)).toBeUndefined(); // gid not a number, or empty
  });
  test("the same answers as a regular expression per uid, for every uid of a generated file", () => {
    let seed = 7; // mulberry32: a failing file can be made again
    const rng = () => {
      seed = (seed + 0x6d2b79f5) >>> 0;
      let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (t ^ (t >>> 14)) >>> 0;
    };
    const pick = <T>(xs: T[]): T => xs[rng() % xs.length];
    const lines: string[] = [];
    for (let i = 0; i < 1000; i++) {
      // a passwd line's five first fields, each often well-formed and sometimes not
      const fields = [pick(["", "u" + i, "+", "a\r"]), pick(["", "x", "*"]), pick([String(rng() % 20), "", "1a", "07"]), pick([String(rng() % 30), "", "3x", " 1"]), pick(["", "home", ":", "\r"])];
      lines.push(fields.slice(0, rng() % 2 ? 5 : 2 + (rng() % 3)).join(":"));
    }
    const text = lines.join("\n");
    let named = 0;
    for (let uid = 0; uid < 20; uid++) {
      const m = new RegExp(`^([^:\\n]+):[^:\\n]*:${uid}:(\\d+):`, "m").exec(text);
      expect(userName(uid, text)).toBe(m?.[1]);
      if (m) named++;
    }
    expect(named).toBeGreaterThan(10); // the file names most uids, past malformed lines before them
  });
});
