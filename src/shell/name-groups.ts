// Tables of names by group (the program index, the environment variables): cheap to create and to ask.
// An object literal of a few hundred keys cost ~0.4 M instructions to build at every hook call's start;
// arrays of literal names cost next to nothing. A hook call asks a handful of times and scans them; a
// process that asks often (analyze() over a corpus, the MCP server) gets a Map after the first few.

/** Asks before the arrays are turned into a Map. */
const SCANS = 32;

/** Returns the lookup of `groups`: a name's group value, or undefined for a name in none. */
export function nameGroups<T>(groups: readonly (readonly [T, readonly string[]])[]): (name: string) => T | undefined {
  let map: Map<string, T> | undefined;
  let asked = 0;
  return (name) => {
    if (map) return map.get(name);
    if (++asked > SCANS) {
      map = new Map();
      for (const [value, names] of groups) for (const n of names) if (!map.has(n)) map.set(n, value);
      return map.get(name);
    }
    for (let i = 0; i < groups.length; i++) if (groups[i][1].includes(name)) return groups[i][0];
    return undefined;
  };
}
