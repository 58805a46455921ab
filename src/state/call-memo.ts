// Memos that live for one hook call. A hook process answers one call, so a memo there lives exactly
// as long as the call; the resident server (src/resident/) answers many in one process and forgets
// them all before each call, so nothing read from disk (protected places, git roots, state.json, the
// accounts files) outlives the call that read it.
const memos: Map<unknown, unknown>[] = [];

/** Returns a Map that is emptied before every resident call (and never otherwise). */
export function callMemo<K, V>(): Map<K, V> {
  const memo = new Map<K, V>();
  memos.push(memo as Map<unknown, unknown>);
  return memo;
}

/** Empties every call memo: the next call reads everything again. */
export function forgetCallMemos(): void {
  for (const memo of memos) memo.clear();
}
