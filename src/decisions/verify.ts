// `log verify`: walks the hash chain of every log file in order and the head file, and names the
// first line that does not follow from the one before it (edited, inserted or deleted), or a missing tail.
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { GENESIS, HEAD_FILE, lineHash, logFiles } from "../state/hook-log";

export interface VerifyResult {
  ok: boolean;
  files: number;
  lines: number;
  /** Lines written without the lock (the chain skipped them: not a break). */
  unchained: number;
  /** The first break: where, and why. */
  problem?: { file: string; line: number; why: string };
  /** The oldest file starts after history that rotation removed (expected, not a break). */
  prunedBefore?: boolean;
}

export function verifyLog(logsDir: string): VerifyResult {
  const files = logFiles(logsDir);
  const result: VerifyResult = { ok: true, files: files.length, lines: 0, unchained: 0 };
  let prev: string | undefined;
  let legacy = true; // lines from before the chain (no prev at all) are skipped at the start only
  for (const f of files) {
    const lines = readFileSync(f, "utf8").split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      result.lines++;
      const fail = (why: string): VerifyResult => ({ ...result, ok: false, problem: { file: basename(f), line: i + 1, why } });
      let rec: { prev?: unknown };
      try {
        rec = JSON.parse(line);
      } catch {
        return fail("not a JSON record (edited or torn)");
      }
      if (rec.prev === undefined && legacy) continue; // written before the chain existed
      legacy = false;
      if (rec.prev === "unlocked") {
        result.unchained++;
        continue;
      }
      if (typeof rec.prev !== "string") return fail("has no chain hash");
      if (prev === undefined) {
        if (rec.prev !== GENESIS) result.prunedBefore = true;
      } else if (rec.prev !== prev) return fail("does not follow the line before it (a line was edited, inserted or deleted above it)");
      prev = lineHash(line);
    }
  }
  let head: string | undefined;
  try {
    head = readFileSync(join(logsDir, HEAD_FILE), "utf8").trim();
  } catch {}
  if (prev !== undefined && head !== undefined && head !== prev) {
    return { ...result, ok: false, problem: { file: HEAD_FILE, line: 1, why: "the last line is not the last one written (lines were deleted or edited at the end)" } };
  }
  return result;
}
