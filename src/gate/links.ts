// Where a path really leads. A write through a symlink lands on the link's target, and a link whose
// target does not exist yet (a dangling link) is followed too: the write creates the target. Each
// component is looked at with lstat, so `..` after a link climbs from the link's target as the kernel
// does, not from the link's folder as a lexical join would.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { isAbsolute } from "node:path";
import { checkDeadline } from "./limits";

/** Links followed before a path counts as a loop (the kernel's own limit is 40). */
const MAX_LINKS = 40;

/**
 * Returns the path `abs` (absolute, any form) leads to: every symlink along it followed, dangling ones
 * included; components past the first one that does not exist are appended as written. A loop ends
 * the walk with the path reached so far plus the rest, which a caller checks as well.
 */
export function followLinks(abs: string, memo?: Map<string, string>): string {
  const cached = memo?.get(abs);
  if (cached !== undefined) return cached;
  const out = resolveLinks(abs);
  memo?.set(abs, out);
  return out;
}

function resolveLinks(abs: string): string {
  // A path that exists is resolved by the C library in one call (`..` after a link as the kernel
  // does); for a missing or dangling one, the nearest ancestor that exists is, and the rest walked.
  try {
    return realpathSync.native(abs);
  } catch {}
  const parts = abs.split("/").filter(Boolean);
  const firstUp = parts.indexOf("..");
  for (let keep = parts.length - 1; keep > 0; keep--) {
    checkDeadline("following the symlinks of a path");
    if (firstUp >= 0 && firstUp < keep) continue; // `..` past a link must be walked
    try {
      return walk(realpathSync.native(`/${parts.slice(0, keep).join("/")}`), parts.slice(keep));
    } catch {}
  }
  return walk("", parts);
}

/** Walks `rest` from the real folder `start`, component by component, following every link. */
function walk(start: string, rest: string[]): string {
  const pending = [...rest].reverse();
  let cur = start === "/" ? "" : start;
  let links = 0;
  let exists = true;
  while (pending.length) {
    if ((pending.length & 255) === 0) checkDeadline("following the symlinks of a path");
    const part = pending.pop() as string;
    if (part === "." || part === "") continue;
    if (part === "..") {
      cur = cur.slice(0, cur.lastIndexOf("/"));
      continue;
    }
    const next = `${cur}/${part}`;
    if (exists) {
      const target = linkTarget(next);
      if (target === null) exists = false;
      else if (target !== undefined && links++ < MAX_LINKS) {
        for (const p of target.split("/").filter(Boolean).reverse()) pending.push(p);
        if (isAbsolute(target)) cur = "";
        continue;
      }
    }
    cur = next;
  }
  return cur || "/";
}

/** Returns a symlink's target, undefined for anything else that exists, null when nothing is there. */
function linkTarget(path: string): string | undefined | null {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return null;
  }
}
