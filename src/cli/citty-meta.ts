// What agentihooks adds to citty's command metadata. The strict argument check, --help, the shell
// completions and the man page all read it from the same definitions, so a command says it once.
declare module "citty" {
  interface CommandMeta {
    /** Shown under EXAMPLES in --help and the man page: [command line, what it does]. */
    examples?: [string, string][];
    /** The last positional takes every remaining word (PATH...). */
    variadic?: boolean;
    /** Options come only before the first word; from it on every word is the command's own (programs CMD...). */
    raw?: boolean;
    /** Documents to read next, shown in --help and the man page (paths in the repository and package). */
    docs?: string[];
  }
}

export {};
