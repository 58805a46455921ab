// Starting the shipper from the hook (which imports this file only when export is configured): only when export is configured and no shipper is alive, detached
// in its own session with no stdio, so the hook answers at once and a harness that kills the hook's
// process group does not end it.
import { statSync } from "node:fs";
import { join } from "node:path";

/** The shipper's lock (shipper.ts): named here too, so the hook never loads the shipper and its encoder. */
export const SHIP_LOCK = "ship.lock";

/** Whether a shipper looks alive: its lock was touched within the last minute. */
export function shipperRunning(logsDir: string): boolean {
  try {
    return Date.now() - statSync(join(logsDir, SHIP_LOCK)).mtimeMs < 60_000;
  } catch {
    return false;
  }
}

/** How long a started shipper keeps watching for new records before it exits. */
const WATCH_SECONDS = "30";

export async function startShipper(logsDir: string): Promise<void> {
  if (shipperRunning(logsDir)) return;
  try {
    const { spawn } = await import("node:child_process");
    const child = spawn(process.execPath, ["log", "ship", "--watch", WATCH_SECONDS, "--quiet"], { detached: true, stdio: "ignore" });
    child.on("error", () => {});
    child.unref();
  } catch {}
}
