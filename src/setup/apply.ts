// Writing planned config changes: a backup before the first change, atomic writes that keep the file's
// mode (settings.json can hold secrets in `env`), or a unified diff instead with --dry-run.
import { existsSync, readFileSync, readdirSync, rmdirSync, statSync, unlinkSync } from "node:fs";
import { dirname, relative } from "node:path";
import { writeFileAtomic } from "../state/atomic";
import { unifiedDiff } from "./diff";

export interface FileChange {
  path: string;
  /** Bytes before ("" when the file does not exist). */
  before: string;
  existed: boolean;
  /** Bytes after; null deletes the file. */
  after: string | null;
  /** Write `before` to the backup first (only the first time agentihooks changes the file). */
  backup: boolean;
  /** Remove the backup afterwards (uninit restored it byte for byte). */
  dropBackup?: boolean;
  /** Empty folders up to (not including) this one are removed after a delete. */
  stopAt?: string;
  note: string;
}

export const backupPath = (path: string) => `${path}.agentihooks.bak`;

/** Returns the backup's text, or undefined when there is none. */
export function readBackup(path: string): string | undefined {
  try {
    return readFileSync(backupPath(path), "utf8");
  } catch {
    return undefined;
  }
}

/** Returns the diff text of every change (for --dry-run). */
export function renderDiffs(changes: FileChange[]): string {
  return changes
    .map((c) => unifiedDiff(c.before, c.after ?? "", c.existed ? c.path : "/dev/null", c.after === null ? "/dev/null" : c.path))
    .join("");
}

/** Applies the changes in order. */
export function applyChanges(changes: FileChange[]): void {
  for (const c of changes) {
    const mode = c.existed ? statSync(c.path).mode & 0o777 : 0o644;
    if (c.backup && !existsSync(backupPath(c.path))) writeFileAtomic(backupPath(c.path), c.before, mode);
    if (c.after === null) {
      unlinkSync(c.path);
      if (c.stopAt) removeEmptyDirs(dirname(c.path), c.stopAt);
    } else writeFileAtomic(c.path, c.after, mode);
    if (c.dropBackup) unlinkSync(backupPath(c.path));
  }
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
  const existed = prior ? prior.existed : existsSync(path);
  const before = prior ? prior.before : existed ? readFileSync(path, "utf8") : "";
  const base = prior ? (prior.after ?? "") : before;
  const after = edit(base);
  if (after === base) return;
  const change: FileChange = prior ?? { path, before, existed, after, backup: existed, note };
  if (prior) prior.note = `${prior.note}; ${note}`;
  else changes.push(change);
  change.after = after;
  if (isOurs(before)) change.backup = false;
  const saved = readBackup(path);
  const usable = saved !== undefined && !isOurs(saved);
  // Trailing whitespace aside (separators init added), what is left is the backup: its bytes come back.
  if (usable && after.trimEnd() === saved.trimEnd()) Object.assign(change, { after: saved, dropBackup: true });
  else if (!usable && after.trim() === "" && existed) Object.assign(change, { after: null, stopAt, dropBackup: saved !== undefined });
  else if (after.trim() === "" && !existed) changes.splice(changes.indexOf(change), 1);
}
