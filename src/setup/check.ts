// One line of `agentihooks doctor`: its own file, so doctor.ts and the checks it gathers from other
// setup modules (mcp-config.ts) do not import each other.
export interface Check {
  level: "ok" | "warn" | "fail" | "info";
  text: string;
  fix?: string;
  /** The red line printed before everything else (every tool call is denied). */
  first?: boolean;
}
