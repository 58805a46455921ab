// What every harness's doctor checks are given: its own file, so doctor.ts and the harness modules
// whose check functions it gathers (claude-doctor.ts, ...) do not import each other.
import type { Scope, SetupContext } from "./harness-setup";

export interface DoctorContext {
  /** The executable running doctor: the one every config must call. */
  self: string;
  /** The working directory (its repository decides the project scope). */
  cwd: string;
  env: Record<string, string | undefined>;
  /** The scopes doctor looks at: user, and project inside a repository. */
  scopes: Scope[];
  /** Home, project root and environment, as init used them. */
  setup: SetupContext;
}
