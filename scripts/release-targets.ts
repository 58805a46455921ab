// The platforms a release is built for: one table read by the release build, its check and the npm
// packages, so a new platform is one row.
export interface ReleaseTarget {
  /** `<os>-<arch>`, as files (agentihooks-linux-x64) and npm packages are named. */
  name: string;
  /** npm's `os` and `cpu` values, which pick the platform package at install time. */
  os: "linux" | "darwin";
  cpu: "x64" | "arm64";
  /** `bun build --target`. */
  bun: string;
  /** What `file` must say about the executable. */
  file: RegExp;
}

export const RELEASE_TARGETS: readonly ReleaseTarget[] = [
  { name: "linux-x64", os: "linux", cpu: "x64", bun: "bun-linux-x64", file: /ELF 64-bit LSB executable, x86-64.*GNU\/Linux/ },
  { name: "linux-arm64", os: "linux", cpu: "arm64", bun: "bun-linux-arm64", file: /ELF 64-bit LSB executable, ARM aarch64.*GNU\/Linux/ },
  { name: "darwin-x64", os: "darwin", cpu: "x64", bun: "bun-darwin-x64", file: /Mach-O 64-bit x86_64 executable/ },
  { name: "darwin-arm64", os: "darwin", cpu: "arm64", bun: "bun-darwin-arm64", file: /Mach-O 64-bit arm64 executable/ },
];

/** Returns the targets named in a comma list (all when empty), or throws naming the unknown one. */
export function pickTargets(list: string | undefined): ReleaseTarget[] {
  if (!list) return [...RELEASE_TARGETS];
  return list.split(",").map((name) => {
    const t = RELEASE_TARGETS.find((r) => r.name === name.trim());
    if (!t) throw new Error(`unknown target "${name}" (${RELEASE_TARGETS.map((r) => r.name).join(", ")})`);
    return t;
  });
}

/** The release file's name for a target. */
export const releaseFile = (t: ReleaseTarget) => `agentihooks-${t.name}`;
