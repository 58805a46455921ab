// Starting the shipper from the hook: only when export is configured and no shipper is alive, detached
// in its own session with no stdio, so the hook answers at once and a harness that kills the hook's
// process group does not end it.
import { shipperRunning } from "./shipper";

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
