// Issue 23.8: recall and false arms of the arming phrase, measured on a labelled corpus
// (phrases-corpus.jsonl: one {"prompt", "arm", "kind"} per line): requests in many phrasings, and
// negations and prohibitions, questions (a clause ending in `?` never arms), quoted text (quotes,
// backticks, fences, `>` lines, pasted log lines, our own deny message), full-width letters (read
// after NFKC), retractions ("... just kidding, don't"), code talk and chit-chat.
//
// The figures, and how honest they are: most of the corpus was written while the rules were tuned.
// The 50 "held-out" rows were written afterwards and measured before any change: recall 18/20 = 0.90,
// false arms 0/30; the two misses ("I need you to add a condition that ...", "remove the condition
// named X") were then fixed as classes (overlapping matches, a name after "named"/"called"). The 18
// "held-out-2" rows came after that: recall 5/5, false arms 5/13 before the next fixes ("whether",
// "?!", a pasted table row, "Quote:"); one stays a false arm ("You're banned from adding ...; add a
// pre-bash condition and you're fired": the threat is in another clause). On the whole corpus (379
// prompts) recall is 1.00 and false arms 0.004. The thresholds leave room for unseen phrasings:
// recall >= 0.95 and false arms <= 0.02, and no false arm at all in the classes the issue names.
import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findArmingPhrase } from "../../src/gate/phrases";
import { addCondition, BIN, FAKE_HARNESS, sandbox } from "../helpers";

interface Row {
  prompt: string;
  arm: boolean;
  kind: string;
}

const ROWS: Row[] = readFileSync(join(import.meta.dir, "phrases-corpus.jsonl"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Row);
/** Installed conditions' names and programs, as in phrases.test.ts. */
const KNOWN = ["gitops", "kubectl", "kubectl-gitops", "guard", "git", "git-guard", "secrets_env", "no-force-push", "lint-reminder"];
const RECALL_MIN = 0.95;
const FALSE_ARM_MAX = 0.02;
/** The classes issue 23.8 names: none of them may ever arm. */
const NEVER_ARM = ["negation", "question", "quoted", "fullwidth", "retraction"];

function measure(armed: boolean[]) {
  const arms = ROWS.filter((r) => r.arm).length;
  const hits = ROWS.filter((r, i) => r.arm && armed[i]).length;
  const falseArms = ROWS.filter((r, i) => !r.arm && armed[i]);
  return { recall: hits / arms, falseArm: falseArms.length / (ROWS.length - arms), misses: ROWS.filter((r, i) => r.arm && !armed[i]), falseArms };
}

function check(armed: boolean[], where: string) {
  const m = measure(armed);
  console.log(`${where}: ${ROWS.length} prompts, recall ${m.recall.toFixed(3)}, false arms ${m.falseArm.toFixed(3)}`);
  expect(m.recall).toBeGreaterThanOrEqual(RECALL_MIN);
  expect(m.falseArm).toBeLessThanOrEqual(FALSE_ARM_MAX);
  expect(m.falseArms.filter((r) => NEVER_ARM.includes(r.kind)).map((r) => r.prompt)).toEqual([]);
}

test("the corpus holds at least 300 labelled prompts of every class", () => {
  expect(ROWS.length).toBeGreaterThanOrEqual(300);
  for (const kind of [...NEVER_ARM, "request", "code-talk", "chit-chat", "held-out"]) expect(ROWS.some((r) => r.kind === kind)).toBe(true);
});

describe("recall and false arms", () => {
  test("in-process", () => check(ROWS.map((r) => findArmingPhrase(r.prompt, KNOWN) !== undefined), "in-process"));

  test("through the compiled executable, started by a harness", () => {
    const sb = sandbox();
    const layer = join(sb.home, "conditions");
    for (const f of ["pre-bash.kubectl-gitops.sh", "pre-bash.git-guard.sh", "pre-read-secrets_env.sh", "pre-bash-no-force-push.sh", "post-edit-lint-reminder.sh"]) {
      addCondition(layer, f, "#!/bin/sh\nexit 0\n");
    }
    const calls = ROWS.map((r, i) => ({
      argv: [BIN, "hook"],
      stdin: JSON.stringify({ session_id: `c${i}`, cwd: sb.repo, hook_event_name: "UserPromptSubmit", prompt: r.prompt }),
      env: sb.env,
      cwd: sb.repo,
    }));
    const file = join(sb.root, "calls.json");
    writeFileSync(file, JSON.stringify(calls));
    const p = Bun.spawnSync([process.execPath, FAKE_HARNESS, `@${file}`], { env: sb.env, stdout: "pipe", stderr: "pipe" });
    const results = JSON.parse(p.stdout.toString()) as { stdout: string }[];
    check(results.map((r) => r.stdout.includes("condition gate is open")), "executable");
  }, 180_000);
});
