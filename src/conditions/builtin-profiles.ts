// The built-in profiles' files, embedded at build time. Filled from conditions-examples/.
export const BUILTIN_PROFILES: Record<string, Record<string, string>> = {};
