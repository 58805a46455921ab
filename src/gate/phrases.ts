// The arming phrase: the person asks, in their own words, for an agentihooks condition ("set a
// condition: after every kubectl apply, remind me...", "remove the kubectl-gitops condition"). A prompt
// arms only when one clause of the person's own words (prompt-text.ts) holds
//   a request   a verb that creates, changes or removes, then "condition(s)" a few words later
//               ("add a new condition", "delete the kubectl condition"), not negated anywhere in the
//               clause ("Do NOT, under any circumstances, add a condition", "I forbid you to add
//               a condition"), not a question (a clause that ends in `?`, "why did you add a
//               condition"), and not taken back after it ("... just kidding, don't"), and
//   agentihooks  something that makes it this tool's condition rather than code's ("fix the race
//               condition", "add a condition to the if"): a strong marker (agentihooks, a matcher
//               such as pre-bash or bash.git, "remind me", "every time you", the agent or a harness
//               named, the name of an installed condition), or a hook verb (block, deny, warn, ...)
//               together with a command the agent runs (git push, rm -rf, kubectl ...).
// Missing a real request costs the person a rephrase (the deny reason says how); arming on code talk
// would let the agent change conditions unasked, so every doubt falls on the side of not arming.
import { clauses, isTypedPrompt, ownWords, PLACEHOLDER } from "./prompt-text";

export { isTypedPrompt };

/** Verbs that create, change or remove a condition. */
export const VERBS = [
  "set", "add", "create", "make", "write", "put", "install", "remove", "clear", "delete", "drop",
  "update", "change", "edit", "replace", "fix", "adjust", "tweak", "rename", "disable", "enable", "register",
  "want", "need", "d like", "would like",
];

/** Words that may sit between the verb and the name words. */
const DETERMINERS = ["a", "an", "the", "this", "that", "these", "those", "my", "new", "another", "one", "our", "two", "three", "some", "all", "all of", "every", "agentihooks"];

/** Words that cannot be part of a condition's name ("update the docs about conditions"). */
const FUNCTION_WORDS = new Set([
  ...DETERMINERS.filter((d) => d !== "agentihooks"), "about", "after", "before", "for", "how", "to", "what", "with", "of", "on", "in",
  "at", "by", "from", "into", "onto", "is", "are", "was", "were", "be", "been", "and", "or", "but", "if", "when", "which", "why",
  "where", "who", "whose", "it", "its", "i", "you", "we", "they", "he", "she", "me", "us", "them", "do", "does", "did", "not", "no",
  "any", "all", "as", "than", "then", "so", "there", "here", "without", "per", "via", "over", "under", "up", "out", "off", "your",
  "their", "his", "her", "can", "could", "should", "would", "will", "shall", "may", "might", "must", "have", "has", "had", "every",
  "each", "sure", "whether", PLACEHOLDER.toLowerCase(),
]);
const MAX_NAME_WORDS = 4;

/** Negation or prohibition anywhere in the clause before the verb cancels the request ("I forbid you to add ..."). */
const NEGATION = /(?:^|[^\p{L}'])(?:not|never|no|nobody|nothing|neither|nor|without|instead|refrain|stop|avoid|cannot|[\p{L}]+n't|dont|wont|cant|shouldnt|doesnt|didnt|isnt|forbids?|forbidden|forbidding|prohibits?|prohibited|bans?|banned|disallows?|disallowed|vetos?|vetoes|refuses?|rejects?|declines?|abstain|skip|hold\s+off|mustn't|mustnt)(?![\p{L}'])/iu;
/** A question about conditions, not a request for one (at the start of its clause). */
const QUESTION = /^(?:\W*)(?:how|what|why|where|when|which|who|whether|is|are|was|were|does|did|should|shall|do\s+(?:i|we)|may\s+i|am\s+i|have|has)\b/i;
/** A question even without its question mark: "why did you add a condition", "who told you to add ...". */
const PLAIN_QUESTION = /^\W*(?:why|who(?:m|se)?|how\s+come|did|didn't|does|doesn't|have\s+you|has\s+(?:anyone|someone|it)|were\s+you|was\s+(?:it|that)|is\s+(?:it|there|that)|are\s+(?:there|you|we)|should|shall|how\s+(?:do|does|can|could|would|should|did|to)|what\s+(?:if|happens|does|do|did|is|are|was)|where\s+(?:do|does|did|is|are|should|can)|which)\b|\b(?:why|how\s+come|what\s+for|whether)\b/i;
/** Taking it back, after the request: "... just kidding, don't", "never mind", a bare "don't." that follows. */
const RETRACTION = /\b(?:just\s+kidding|kidding|joking|jk|never\s*mind|nvm|scratch\s+that|forget\s+(?:it|that|about\s+it|what\s+i\s+said)|ignore\s+(?:that|this|my\s+(?:last|previous)\s+\w+|the\s+above)|cancel\s+that|on\s+second\s+thought|i\s+take\s+(?:it|that)\s+back|belay\s+that|not\s+really)\b|(?:^|[,:-]\s*|\b(?:actually|wait|no)[,\s]+)(?:don'?t|do\s+not)(?:\s+(?:do\s+)?(?:it|that))?(?:\s+please)?\s*[.!]*\s*$/i;

/** A condition's step-matcher prefix, as in its file name: pre-bash, post-Bash, pre-read+edit, pre-mcp__x. */
const STEP_TOKEN = /\b(?:pre|post|stop|prompt|fail|permission|start|end|notify|compact|substart|substop)-(?:bash|read|write|edit|multiedit|notebookedit|glob|grep|webfetch|websearch|task|agent|any|view|create|apply_patch|mcp|\*)(?=[\s.+_,;:!?'"-]|$)/i;

/** Strong markers: any one makes the request an agentihooks one. */
const STRONG = [
  /\bagentihooks\b/i,
  STEP_TOKEN,
  /\bbash\.[\p{L}\p{N}_-]+/iu,
  /\bpre\s*tool\s*use\b|\bpost\s*tool\s*use\b|\buser\s*prompt\s*submit\b/i,
  /\bremind(?:s|ing)?\s+(?:me|us|you|the\s+agent|claude|codex|copilot)\b/i,
  /\b(?:every|each|any)\s+time\s+(?:you|i|we|the\s+agent|an?\s+agent|claude|codex|copilot)\b/i,
  /\bwhenever\s+(?:you|i|we|the\s+agent|an?\s+agent|claude|codex|copilot)\b/i,
  /\b(?:before|after|when|if)\s+(?:you|the\s+agent|an?\s+agent|claude|codex|copilot)\s+(?:runs?|calls?|uses?|tries|try|writes?|edits?|executes?|does|do)\b/i,
  /\b(?:claude|codex|copilot|the\s+agents?|agents)\s+(?:never|always|must|should|can't|cannot|won't|only)\b/i,
  /\btool\s+(?:calls?|use|uses)\b/i,
  /\bcondition\s+(?:gate|layer|folder)\b/i,
  /\.claude\/conditions|\.agentihooks/i,
];
/** Weak markers: this tool's world, but only with a hook verb. */
const WEAK = [
  /(?<![\w./-])(?:claude(?:\s+code)?|codex|copilot)(?![\w./-])/i,
  /\b(?:the|an?|my|our)\s+agents?\b(?!\s*(?:service|process|server|config|module|class|code|api|id|pool|framework|library|sdk|runtime|_))/i,
];
/** Hook verbs: with a command the agent runs (or a weak marker), they make the request an agentihooks one. */
const HOOK_VERB = /\b(?:block|blocks|blocking|deny|denies|denying|refuse|refuses|warn|warns|warning|nudge|nudges|intercept|intercepts|prevent|prevents|forbid|forbids|disallow|disallows|stop|stops|asks?\s+(?:me|first|before)|never\s+(?:let|run|use|call|touch|edit|push|commit)|let\s+\S+(?:\s+\S+){0,4}\s+through|always\s+asks?)\b/i;
/** "condition block", "code block": nouns, not the verb. */
const NOUN_BLOCK = /\b(?:condition|code|if|else|try|catch|finally|except|with|do|begin|end|text|quote|div|html|css)\s+blocks?\b/gi;
const COMMANDS = /\b(?:sudo|kubectl|terraform|helm|docker|podman|gcloud|psql|mysql|mkfs)\b|\b(?:git|gh|npm|npx|pnpm|yarn|pip3?|cargo|make|bun|deno|brew|apt(?:-get)?|ssh|scp|rsync|curl|wget|python3?|node|rm|dd|aws|chmod|chown)\s+[\w-]|\brm\s+-rf|\bforce[\s-]?push|\bpush\s+--force|\bshell\s+commands?|\bbash\b/i;
/** Where code lives: a request about a condition there is about code, unless a strong marker says otherwise. */
const CODE_CONTEXT = /\b(?:in|to|inside|into|within|of)\s+(?:the|this|that|our|my|a|an)?\s*(?:[\w.-]+\s+){0,2}(?:scripts?|functions?|methods?|files?|class|quer(?:y|ies)|loops?|tests?|workflows?|pipelines?|makefile|dockerfile|components?|handlers?|code|modules?|templates?|statements?|regex|branch|if|switch|case|adapters?|endpoints?|routes?|migrations?|schema|models?|views?|controllers?|services?|yaml|json|sql)\b|\b[\w/-]+\.(?:tsx?|jsx?|mjs|py|go|rs|rb|java|kt|c|cc|cpp|h|cs|sh|bash|zsh|ya?ml|json|toml|sql|tf|hcl|php|swift)\b/i;
/** Name words that make "the X condition" ours whatever else is said. */
const OUR_NAME_WORDS = new Set(["reminder", "nudge", "agentihooks", "hook"]);

const alt = (words: readonly string[]) => words.map((w) => w.replace(/ /g, "\\s+")).join("|");
const WORD = "[\\p{L}\\p{N}][\\p{L}\\p{N}_.+/'-]*";
let phrase: RegExp | undefined;
/** Compiled on first use: most hook calls never look at a prompt. */
function phraseRe(): RegExp {
  phrase ??= new RegExp(
    `\\b(?:${alt(VERBS)})(?:\\s+(?:up|back|in|out))?((?:\\s+(?:${alt(DETERMINERS)}))*)((?:\\s+${WORD}){0,${MAX_NAME_WORDS}}?)\\s+conditions?\\b`,
    "giu",
  );
  return phrase;
}

/**
 * Returns the matched request when `prompt` asks for an agentihooks condition, else undefined.
 * `names`: the installed conditions' names and matchers; naming one marks the request as ours.
 */
export function findArmingPhrase(prompt: string, names: readonly string[] = []): string | undefined {
  if (typeof prompt !== "string" || !isTypedPrompt(prompt)) return undefined;
  const own = ownWords(prompt);
  const quotedNames = own.quoted.join(" ");
  const all = clauses(own.text);
  for (const [k, clause] of all.entries()) {
    for (const m of matchesFrom(clause)) {
      const named = /^\s+(?:named|called)\s+([\p{L}\p{N}][\p{L}\p{N}_.+-]*)/u.exec(clause.slice((m.index ?? 0) + m[0].length));
      const nameWords = [...m[2].trim().split(/\s+/).filter(Boolean), ...(named ? [named[1]] : [])];
      if (nameWords.some((w) => FUNCTION_WORDS.has(w.toLowerCase()))) continue;
      const before = clause.slice(0, m.index);
      if (NEGATION.test(before) || isQuestion(clause, before)) continue;
      if (/\bno\b/i.test(m[1])) continue;
      // taken back later in the clause or in any clause after it
      const after = [clause.slice((m.index ?? 0) + m[0].length), ...all.slice(k + 1)];
      if (after.some((c) => RETRACTION.test(c))) return undefined;
      if (isOurs(clause, nameWords, names, quotedNames)) return m[0].trim();
    }
  }
  return undefined;
}

/** Every match of the phrase in a clause, overlapping ones too ("need you to add a condition" holds "add a condition"). */
function* matchesFrom(clause: string): Generator<RegExpExecArray> {
  const re = phraseRe();
  re.lastIndex = 0;
  for (let m = re.exec(clause); m; m = re.exec(clause)) {
    yield m;
    re.lastIndex = m.index + 1;
  }
}

/**
 * A question about conditions, not a request: any clause that ends in a question mark ("should we add
 * a condition?", "can you add ...?" too: a request is said as one), and a question without its mark
 * ("why did you add a condition").
 */
function isQuestion(clause: string, before: string): boolean {
  if (/\?[^\p{L}\p{N}]*$/u.test(clause)) return true;
  if (PLAIN_QUESTION.test(before)) return true;
  if (/\b(?:can|could|would|will)\s+you\b/i.test(before)) return false;
  return QUESTION.test(before) && /^\W*how\b/i.test(before);
}

function isOurs(clause: string, nameWords: string[], names: readonly string[], quoted: string): boolean {
  if (STRONG.some((re) => re.test(clause))) return true;
  if (nameWords.some((w) => OUR_NAME_WORDS.has(w.toLowerCase()))) return true;
  if (namesInstalled(nameWords, names)) return true;
  const quotes = clause.includes(PLACEHOLDER) ? quoted : "";
  // a quoted condition name ("remove the 'pre-bash-x' condition") marks it too
  if (quotes && (STEP_TOKEN.test(quotes) || /\bbash\.[\w-]+/i.test(quotes))) return true;
  if (CODE_CONTEXT.test(clause)) return false;
  const plain = clause.replace(NOUN_BLOCK, " ");
  const verb = HOOK_VERB.test(plain);
  return verb && (COMMANDS.test(clause) || COMMANDS.test(quotes) || WEAK.some((re) => re.test(clause)) || blocksAProgram(plain));
}

/**
 * "a condition that blocks touch", "never let touch run": the word a hook verb governs is a program
 * installed here (looked up on PATH), where code talk governs a noun ("blocks the thread", "denies
 * access").
 */
function blocksAProgram(clause: string): boolean {
  const re = new RegExp(HOOK_VERB.source + "\\s+(?:(?:running|using|calling|any|every|on|about|before|the\\s+use\\s+of)\\s+)?([a-z][a-z0-9_+-]{1,30}(?:\\.[a-z0-9_+-]+)*)(?=$|[\\s,.;:!?)])", "gi");
  for (const m of clause.matchAll(re)) {
    const word = m[m.length - 1]?.toLowerCase();
    if (word && !FUNCTION_WORDS.has(word) && !ENGLISH_COMMANDS.has(word) && onPath(word)) return true;
  }
  return false;
}

/** Programs whose names are everyday words: "denies users", "blocks time", "warns who". */
const ENGLISH_COMMANDS = new Set([
  "users", "who", "time", "test", "true", "false", "yes", "which", "kill", "find", "make", "sort", "join", "split", "link",
  "last", "more", "less", "watch", "cut", "head", "tail", "date", "env", "id", "groups", "top", "free", "file", "type",
  "write", "wall", "look", "comm", "paste", "seq", "sleep", "wait", "nice", "login", "logout", "access", "update",
  "install", "merge", "patch", "print", "read", "run", "script", "service", "users", "passwd", "shutdown", "reset", "clear",
  "tee", "expand", "fold", "factor", "hash", "help", "history", "jobs", "mail", "man", "open", "page", "ping", "pr", "rev",
  "size", "strings", "sum", "sync", "timeout", "unlink", "w", "whatis", "chat",
]);

function onPath(word: string): boolean {
  const { existsSync } = require("node:fs") as typeof import("node:fs");
  for (const dir of (process.env.PATH ?? "/usr/bin:/bin").split(":")) if (dir && existsSync(`${dir}/${word}`)) return true;
  return false;
}

/** Words too common in code talk to name a condition on their own ("the guard condition"). */
const GENERIC = new Set([
  "guard", "check", "checks", "test", "tests", "lint", "format", "build", "deploy", "null", "empty", "race", "loop", "exit",
  "base", "stop", "retry", "error", "timeout", "edge", "boundary", "main", "default", "old", "filter", "sort", "alert", "state",
  "if", "else", "while", "where", "login", "auth", "flaky", "bash", "shell", "read", "write", "edit",
]);

/**
 * True when the name words, or their last words ("the old git-guard condition"), name an installed
 * condition (its name or program, as consecutive tokens); one generic word alone never does.
 */
function namesInstalled(nameWords: string[], names: readonly string[]): boolean {
  const tokens = (s: string) => s.toLowerCase().replace(/['\u2019]s$/, "").split(/[-_.+\s]+/).filter(Boolean);
  const want = tokens(nameWords.join(" ")).filter((t) => !FUNCTION_WORDS.has(t));
  const lists = names.map(tokens);
  for (let from = 0; from < want.length; from++) {
    const part = want.slice(from);
    if (part.length === 1 && (GENERIC.has(part[0]) || part[0].length < 3)) continue;
    for (const have of lists) {
      for (let i = 0; i + part.length <= have.length; i++) if (part.every((t, k) => have[i + k] === t)) return true;
    }
  }
  return false;
}
