// The executable's version, the commit it was built from and the platform it was built for.
// `make release` stamps all three with `bun build --define`; a plain `make` build has no commit and
// names the platform it runs on. The literal below is kept in step with package.json (test/dist).
declare const AGENTIHOOKS_BUILD_VERSION: string | undefined;
declare const AGENTIHOOKS_BUILD_COMMIT: string | undefined;
declare const AGENTIHOOKS_BUILD_TARGET: string | undefined;

/** The version (package.json's, unless the build stamped another). */
export const VERSION: string = typeof AGENTIHOOKS_BUILD_VERSION === "string" ? AGENTIHOOKS_BUILD_VERSION : "0.1.0";

/** The short commit the build was made from, or "unknown" for an unstamped build. */
export const COMMIT: string = typeof AGENTIHOOKS_BUILD_COMMIT === "string" ? AGENTIHOOKS_BUILD_COMMIT : "unknown";

/** Returns the build target, `<os>-<arch>` as release files are named (linux-x64, darwin-arm64, ...). */
export function buildTarget(): string {
  return typeof AGENTIHOOKS_BUILD_TARGET === "string" ? AGENTIHOOKS_BUILD_TARGET : `${process.platform}-${process.arch}`;
}

/** Returns what `agentihooks --version` prints: `0.1.0 (commit 938fb79, linux-x64)`. */
export function versionLine(): string {
  return `${VERSION} (commit ${COMMIT}, ${buildTarget()})`;
}
