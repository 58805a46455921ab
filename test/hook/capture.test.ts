// Capture mode (AGENTIHOOKS_CAPTURE_DIR): the payload's bytes as received, one private file per call,
// and the answer unchanged.
import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { claudeBash, hook, sandbox } from "../helpers";

const sb = sandbox();
afterAll(() => rmSync(sb.root, { recursive: true, force: true }));

describe("capture mode", () => {
  test("each call writes argv and the verbatim stdin, 0600 in a 0700 folder; the answer is the same", () => {
    const dir = join(sb.root, "capture");
    const text = JSON.stringify(claudeBash("ls", sb.repo)).replace("{", "{ ") + "\n";
    const plain = hook(text, { env: sb.env, target: "claude", event: "PreToolUse" });
    const captured = hook(text, { env: { ...sb.env, AGENTIHOOKS_CAPTURE_DIR: dir }, target: "claude", event: "PreToolUse" });
    expect(captured.exitCode).toBe(plain.exitCode);
    expect(captured.stdout).toBe(plain.stdout);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const record = JSON.parse(readFileSync(join(dir, files[0]), "utf8"));
    expect(record).toEqual({ argv: ["--target", "claude", "--event", "PreToolUse"], stdin: text.trimEnd() });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, files[0])).mode & 0o777).toBe(0o600);
  });

  test("a capture folder that cannot be written does not change the answer", () => {
    const blocker = join(sb.root, "not-a-dir");
    Bun.write(blocker, "x");
    const r = hook(claudeBash("ls", sb.repo), { env: { ...sb.env, AGENTIHOOKS_CAPTURE_DIR: join(blocker, "sub") }, target: "claude", event: "PreToolUse" });
    expect(r.exitCode).toBe(0);
  });
});
