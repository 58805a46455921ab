// What kinds of statement an SQL text (or a Redis / Mongo shell command) holds, read by its first
// keywords: enough to tell DROP from SELECT, not a parser. Statements are split at `;` outside quotes.
// Kinds: drop, truncate, delete (any DELETE), delete-all (DELETE without WHERE), update-all (UPDATE
// without WHERE), alter, flush (Redis FLUSHALL/FLUSHDB, Mongo dropDatabase), write (any of these, or
// INSERT/UPDATE/CREATE/GRANT/REVOKE/REPLACE/MERGE).

/** Returns the kinds of the statements in `text`. */
export function classifySql(text: string): Set<string> {
  const kinds = new Set<string>();
  for (const statement of statements(text)) {
    const s = statement.replace(/^\s*(?:--[^\n]*\n|\/\*[^]*?\*\/|\s)*/, "");
    const word = /^[A-Za-z]+/.exec(s)?.[0].toUpperCase() ?? "";
    const noWhere = !/\bwhere\b/i.test(s);
    if (word === "DROP") kinds.add("drop");
    else if (word === "TRUNCATE") kinds.add("truncate");
    else if (word === "DELETE") kinds.add("delete").add(noWhere ? "delete-all" : "delete");
    else if (word === "UPDATE" && noWhere) kinds.add("update-all");
    else if (word === "ALTER") kinds.add("alter");
    else if (word === "FLUSHALL" || word === "FLUSHDB" || /\bdropDatabase\s*\(/.test(s)) kinds.add("flush");
    else if (/\.drop\s*\(|\.deleteMany\s*\(\s*\{\s*\}\s*\)|\.remove\s*\(\s*\{\s*\}\s*\)/.test(s)) kinds.add("drop");
    if (kinds.size || /^(?:INSERT|UPDATE|CREATE|GRANT|REVOKE|REPLACE|MERGE|DEL|SET)$/.test(word)) kinds.add("write");
  }
  return kinds;
}

// --- internal ---

function statements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quote = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === "'" || c === '"' || c === "`") quote = c;
    else if (c === ";") {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.filter((s) => s.trim());
}
