// The server's stdio transport (src/mcp/stdio-transport.ts) spoken to byte by byte, as a harness's
// client does: a `hook` call after the session is initialized takes the fast path, before it the SDK's;
// both give the command hook's bytes. Lines split across writes, several in one write, a line that is
// not JSON, and calls answered out of order are all handled; the other tools still go through the SDK.
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { claudeArguments as claudeArgs } from "../../bench/resident";
import { addCondition, BIN, claudeBash, hook, sandbox } from "../helpers";

const sb = sandbox();

/** A server and a line reader over its stdout. */
class Raw {
  readonly p: Subprocess<"pipe", "pipe", "pipe">;
  private buffer = "";
  private readonly reader;
  private readonly decoder = new TextDecoder();
  constructor() {
    this.p = Bun.spawn([BIN, "mcp", "--target", "claude"], { env: sb.env, cwd: "/", stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    this.reader = this.p.stdout.getReader();
  }
  write(text: string): void {
    this.p.stdin.write(text);
    this.p.stdin.flush();
  }
  send(message: Record<string, unknown>): void {
    this.write(`${JSON.stringify(message)}\n`);
  }
  async read(): Promise<Record<string, unknown>> {
    for (;;) {
      const nl = this.buffer.indexOf("\n");
      if (nl >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        return JSON.parse(line);
      }
      const { value, done } = await this.reader.read();
      if (done) throw new Error("the server closed its output");
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }
  async initialize(): Promise<void> {
    this.send({ jsonrpc: "2.0", id: "init", method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
    expect((await this.read()).id).toBe("init");
    this.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  }
  close(): void {
    this.p.kill();
  }
}

/** Runs `body` against a fresh server, initialized first unless told not to, and ends the server. */
async function serve(body: (s: Raw) => Promise<void>, initialize = true): Promise<void> {
  const s = new Raw();
  try {
    if (initialize) await s.initialize();
    await body(s);
  } finally {
    s.close();
  }
}

const call = (id: number | string, payload: Record<string, unknown>) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "hook", arguments: claudeArgs(payload) } });
const textOf = (reply: Record<string, unknown>) => ((reply.result as { content: { text: string }[] }).content ?? []).map((c) => c.text).join("");
const commandHook = (payload: Record<string, unknown>) => hook(payload, { env: sb.env, target: "claude", cwd: sb.repo }).stdout;

beforeAll(() => {
  addCondition(join(sb.home, "conditions"), "pre-bash.rm-deny.sh", "#!/bin/sh\necho 'RM-DENIED: no rm here' >&2\nexit 2\n");
  addCondition(join(sb.home, "conditions"), "pre-bash.sleep-slow.sh", "#!/bin/sh\nsleep 1\nexit 0\n");
});

describe("the server's stdio transport", () => {
  test("a hook call after initialization: the command hook's bytes, allow and deny", async () => {
    await serve(async (s) => {
      for (const [id, command] of [[1, "ls"], [2, "rm -rf build"]] as const) {
        const payload = claudeBash(command, sb.repo);
        s.send(call(id, payload));
        const reply = await s.read();
        expect(reply.id).toBe(id);
        expect(textOf(reply)).toBe(commandHook(payload));
      }
    });
  });

  test("a hook call before initialization goes through the SDK and gets the same answer", async () => {
    await serve(async (s) => {
      const payload = claudeBash("rm -rf build", sb.repo);
      s.send(call(7, payload));
      const reply = await s.read();
      expect(reply.id).toBe(7);
      expect(textOf(reply)).toContain("RM-DENIED");
      expect(textOf(reply)).toBe(commandHook(payload));
    }, false);
  });

  test("a line split across writes, and two lines in one write, are each one call", async () => {
    await serve(async (s) => {
      const line = `${JSON.stringify(call(1, claudeBash("rm -rf a", sb.repo)))}\n`;
      s.write(line.slice(0, 40));
      await Bun.sleep(50);
      s.write(line.slice(40, 90));
      await Bun.sleep(50);
      s.write(line.slice(90) + `${JSON.stringify(call(2, claudeBash("rm -rf b", sb.repo)))}\n${JSON.stringify(call(3, claudeBash("ls", sb.repo)))}\n`);
      const replies = [await s.read(), await s.read(), await s.read()].sort((a, b) => Number(a.id) - Number(b.id));
      expect(replies.map((r) => r.id)).toEqual([1, 2, 3]);
      expect(textOf(replies[0])).toContain("RM-DENIED");
      expect(textOf(replies[1])).toContain("RM-DENIED");
      expect(textOf(replies[2])).toBe("");
    });
  });

  test("a line that is not JSON is skipped; the next call is answered", async () => {
    await serve(async (s) => {
      s.write("{not json\n\n");
      s.send(call(4, claudeBash("rm -rf x", sb.repo)));
      const reply = await s.read();
      expect(reply.id).toBe(4);
      expect(textOf(reply)).toContain("RM-DENIED");
    });
  });

  test("calls are answered independently: a quick one is not held behind a slow one", async () => {
    await serve(async (s) => {
      s.send(call("slow", claudeBash("sleep 5", sb.repo)));
      s.send(call("quick", claudeBash("rm -rf q", sb.repo)));
      const first = await s.read();
      const second = await s.read();
      expect([first.id, second.id]).toEqual(["quick", "slow"]);
      expect(textOf(first)).toContain("RM-DENIED");
    });
  });

  test("a hook call whose arguments are not an object is denied with a reason, never dropped", async () => {
    await serve(async (s) => {
      s.send({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "hook", arguments: "nonsense" } });
      const reply = await s.read();
      expect(reply.id).toBe(9);
      expect(textOf(reply)).toContain("denied to fail closed");
    });
  });

  test("other requests still go through the SDK (tools/list, ping, an unknown method's error)", async () => {
    await serve(async (s) => {
      s.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
      const list = await s.read();
      expect(((list.result as { tools: { name: string }[] }).tools).map((t) => t.name)).toContain("condition_list");
      s.send({ jsonrpc: "2.0", id: 2, method: "ping" });
      expect((await s.read()).result).toEqual({});
      s.send({ jsonrpc: "2.0", id: 3, method: "no/such" });
      expect(((await s.read()).error as { code: number }).code).toBe(-32601);
    });
  });
});
