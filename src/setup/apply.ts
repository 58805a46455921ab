// Writing planned config changes: a backup before the first change, then every file written all or
// nothing (write-all.ts) in the mode it had (settings.json can hold secrets in `env`), or a unified
// diff instead with --dry-run. Planners work on decoded text (text-form.ts); the bytes written keep
// each file's BOM and line endings, and a restored backup is copied byte for byte.
import { existsSync, readFileSync, readdirSync, rmdirSync, statSync } from "node:fs";
import { dirname, relative } from "node:path";
import { unifiedDiff } from "./diff";
import { type TextForm, PLAIN, encodeText, readTextFile } from "./text-form";
import { type FileOp, opsProblems, writeAll } from "./write-all";

export interface FileChange {
  path: string;
  /** The text before, decoded ("" when the file does not exist). */
  before: string;
  existed: boolean;
  /** The text after, decoded; null deletes the file. */
  after: string | null;
  /** The BOM and line endings `after` is written with. */
  form: TextForm;
  /** Write the current bytes to the backup first (only the first time agentihooks changes the file). */
  backup: boolean;
  /** `after` is the backup's text: its exact bytes are copied back. */
  fromBackup?: boolean;
  /** Remove the backup afterwards (uninit restored it byte for byte). */
  dropBackup?: boolean;
  /** Empty folders up to (not including) this one are removed after a delete. */
  stopAt?: string;
  /** Mode of a file this change creates (default 0644; the file's own mode when it exists). */
  mode?: number;
  note: string;
}

export const backupPath = (path: string) => `${path}.agentihooks.bak`;

/** Returns the backup's decoded text and form, or undefined when there is none. */
export function readBackupFile(path: string): { text: string; form: TextForm } | undefined {
  try {
    return readTextFile(backupPath(path));
  } catch {
    return undefined;
  }
}

/** Returns the backup's decoded text, or undefined when there is none. */
export const readBackup = (path: string): string | undefined => readBackupFile(path)?.text;

/** Returns the change that puts the backup of `path` back, byte for byte, and drops the backup. */
export function restoreFromBackup(base: Omit<FileChange, "after" | "form" | "note">, note: string): FileChange {
  const saved = readBackupFile(base.path);
  return { ...base, after: saved?.text ?? "", form: saved?.form ?? PLAIN, fromBackup: true, dropBackup: true, note };
}

/** Returns the diff text of every change (for --dry-run). */
export function renderDiffs(changes: FileChange[]): string {
  return changes
    .map((c) => unifiedDiff(c.before, c.after ?? "", c.existed ? c.path : "/dev/null", c.after === null ? "/dev/null" : c.path))
    .join("");
}

/** Returns the file operations of the changes, in order: backup, file, dropped backup. */
export function changeOps(changes: FileChange[]): FileOp[] {
  const ops: FileOp[] = [];
  for (const c of changes) {
    const current = c.existed ? readFileSync(c.path) : undefined;
    // The backup gets the file's mode: settings.json can hold secrets in `env`.
    if (c.backup && current && !existsSync(backupPath(c.path))) ops.push({ path: backupPath(c.path), data: current, mode: statSync(c.path).mode & 0o777 });
    const data = c.after === null ? null : c.fromBackup ? readFileSync(backupPath(c.path)) : encodeText(c.after, c.form);
    ops.push({ path: c.path, data, mode: c.mode ?? 0o644 });
    if (c.dropBackup) ops.push({ path: backupPath(c.path), data: null, mode: 0o600 });
  }
  return ops;
}

/** Returns the lines of a dry run: the diffs, then why a real run would stop before writing. */
export function renderDryRun(changes: FileChange[]): string[] {
  const diffs = renderDiffs(changes).trimEnd() || "dry run: nothing would change";
  return [diffs, ...opsProblems(changeOps(changes)).map((p) => `would stop before writing: ${p}`)];
}

/** Applies the changes all or nothing (a WriteError says what happened), then tidies emptied folders. */
export function applyChanges(changes: FileChange[], what: string, extra: FileOp[] = []): void {
  writeAll([...changeOps(changes), ...extra], what);
  for (const c of changes) if (c.after === null && c.stopAt) removeEmptyDirs(dirname(c.path), c.stopAt);
}

/** Removes empty folders from `dir` upwards, stopping at `stopAt` or the first folder with content. */
function removeEmptyDirs(dir: string, stopAt: string): void {
  let d = dir;
  while (d !== stopAt && !relative(stopAt, d).startsWith("..") && d !== dirname(d)) {
    try {
      if (readdirSync(d).length > 0) return;
      rmdirSync(d);
    } catch {
      return;
    }
    d = dirname(d);
  }
}

/**
 * Adds `edit` to the change planned for `path`, or plans one from the file on disk: two edits of one
 * file (the MCP server and Codex's hook trust share config.toml) become one write. `isOurs` tells a
 * text that already holds agentihooks' entries: such a text is never backed up, and a backup holding
 * them is stale. A result equal to a usable backup (trailing whitespace aside) restores its bytes; an empty result of a file without a
 * usable backup removes the file (init created it).
 */
export function amendChange(
  changes: FileChange[], path: string, edit: (text: string) => string, note: string, stopAt: string, isOurs: (text: string) => boolean,
): void {
  const prior = changes.find((c) => c.path === path);
  const disk = prior ? undefined : readTextFile(path);
  const existed = prior ? prior.existed : disk !== undefined;
  const before = prior ? prior.before : (disk?.text ?? "");
  const base = prior ? (prior.after ?? "") : before;
  const after = edit(base);
  if (after === base) return;
  const change: FileChange = prior ?? { path, before, existed, after, form: disk?.form ?? PLAIN, backup: existed, note };
  if (prior) prior.note = `${prior.note}; ${note}`;
  else changes.push(change);
  change.after = after;
  change.fromBackup = undefined;
  if (isOurs(before)) change.backup = false;
  const saved = readBackup(path);
  const usable = saved !== undefined && !isOurs(saved);
  // Trailing whitespace aside (separators init added), what is left is the backup: its bytes come back.
  if (usable && after.trimEnd() === saved.trimEnd()) Object.assign(change, { after: saved, fromBackup: true, dropBackup: true });
  else if (!usable && after.trim() === "" && existed) Object.assign(change, { after: null, stopAt, dropBackup: saved !== undefined });
  else if (after.trim() === "" && !existed) changes.splice(changes.indexOf(change), 1);
}
