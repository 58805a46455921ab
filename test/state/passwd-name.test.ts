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
].join("\n");

describe("userName", () => {
  test("the first well-formed entry for the uid", () => {
    expect(userName(0, PASSWD)).toBe("root");
    expect(userName(1000, PASSWD)).toBe("alice");
    expect(userName(10001, PASSWD)).toBe("bob");
  });
  test("a uid that is only a prefix or absent has no name", () => {
    expect(userName(100, PASSWD)).toBeUndefined();
    expect(userName(4242, PASSWD)).toBeUndefined();
    expect(userName(0, "")).toBeUndefined();
  });
});
