// Preloaded by `bun test` (bunfig.toml): removes the live suite's worlds after the last test, since
// bun test fires no process "exit" event. Costs nothing for a run that made no world.
import { afterAll } from "bun:test";
import { removeWorlds } from "./world";

afterAll(removeWorlds);
