// Preloaded by bun test (bunfig.toml) before every test file: one temporary root per test run, made
// here and removed after the last test (bun test runs no `exit` handlers), so a run leaves nothing
// behind in /tmp however many folders its suites make. TMPDIR points into it for everything the
// tests start. A nested `bun test` (a test that runs one) shares the root of the run that started it.
import { afterAll } from "bun:test";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

if (!process.env.AGENTIHOOKS_TEST_ROOT) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ah-run-")));
  process.env.AGENTIHOOKS_TEST_ROOT = root;
  process.env.TMPDIR = root;
  afterAll(() => rmSync(root, { recursive: true, force: true }));
}
