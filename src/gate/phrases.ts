// The arming phrase: the person asks, in their own words, for an agentihooks condition ("set a
// condition: after every kubectl apply, remind me...", "remove the kubectl-gitops condition"). A prompt
// arms only when one clause of the person's own words (prompt-text.ts) holds
//   a request   a verb that creates, changes or removes, then "condition(s)" a few words later
//               ("add a new condition", "delete the kubectl condition"), not negated anywhere in the
//               clause ("Do NOT, under any circumstances, add a condition") and not a question
//               ("how do I add a condition?"; "can you add ..." is a request), and
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
];

/** Words that may sit between the verb and the name words. */
const DETERMINERS = ["a", "an", "the", "this", "that", "these", "those", "my", "new", "another", "one", "our", "two", "three", "some", "agentihooks"];

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

/** Negation anywhere in the clause before the verb cancels the request. */
const NEGATION = /(?:^|[^\p{L}'])(?:not|never|no|nobody|nothing|neither|nor|without|instead|refrain|stop|avoid|cannot|[\p{L}]+n't|dont|wont|cant|shouldnt|doesnt|didnt|isnt)(?![\p{L}'])/iu;
/** A question about conditions, not a request for one. */
const QUESTION = /^(?:\W*)(?:how|what|why|where|when|which|who|whether|is|are|was|were|does|did|should|shall|do\s+(?:i|we)|may\s+i|am\s+i|have|has)\b/i;

/** Strong markers: any one makes the request an agentihooks one. */
const STRONG = [
  /\bagentihooks\b/i,
  /\b(?:pre|post|stop|prompt|fail|permission|start|end|notify|compact|substart|substop)-[\p{L}\p{N}.+*_-]+/iu,
  /\bbash\.[\p{L}\p{N}_-]+/iu,
  /\bremind(?:s|ing|er|ers)?\b(?:\s+(?:me|us|you|the\s+agent|claude|codex|copilot))?/i,
  /\b(?:every|each|any)\s+time\s+(?:you|i|we|the\s+agent|an?\s+agent|claude|codex|copilot)\b/i,
  /\bwhenever\s+(?:you|i|we|the\s+agent|an?\s+agent|claude|codex|copilot)\b/i,
  /\b(?:before|after|when|if)\s+(?:you|the\s+agent|an?\s+agent|claude|codex|copilot)\s+(?:runs?|calls?|uses?|tries|try|writes?|edits?|executes?|does|do)\b/i,
  /\btool\s+(?:calls?|use|uses)\b/i,
  /\b(?:claude|codex|copilot)\b/i,
  /\b(?:the|an?|my|our)\s+agents?\b/i,
  /\bcondition\s+(?:gate|layer|folder)\b/i,
  /\.claude\/conditions|\.agentihooks/i,
];
/** Hook verbs: with a command the agent runs, they make the request an agentihooks one. */
const HOOK_VERB = /\b(?:block|blocks|blocking|deny|denies|denying|refuse|refuses|warn|warns|warning|nudge|nudges|intercept|intercepts|prevent|prevents|forbid|forbids|disallow|disallows|stop|stops|allow|allows|ask\s+(?:me|first|before)|require|requires)\b/i;
const COMMANDS = /(?:\b(?:git|gh|kubectl|helm|terraform|docker|podman|npm|npx|pnpm|yarn|pip|pip3|sudo|rm|curl|wget|ssh|scp|rsync|make|cargo|go|python3?|node|bun|deno|aws|gcloud|az|psql|mysql|chmod|chown|dd|mkfs|brew|apt|apt-get)\s+[\w-]|\brm\s+-rf|\bforce[\s-]?push|\bpush\s+--force|\bcommand\s+line|\bshell\s+commands?|\bbash\b)/i;

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
  for (const clause of clauses(own.text)) {
    for (const m of clause.matchAll(phraseRe())) {
      const nameWords = m[2].trim().split(/\s+/).filter(Boolean);
      if (nameWords.some((w) => FUNCTION_WORDS.has(w.toLowerCase()))) continue;
      const before = clause.slice(0, m.index);
      if (NEGATION.test(before) || isQuestion(clause, before)) continue;
      if (/\bno\b/i.test(m[1])) continue;
      if (isOurs(clause, nameWords, names, quotedNames)) return m[0].trim();
    }
  }
  return undefined;
}

/** A question about conditions ("how do I add a condition?"), not a polite request ("can you add ...?"). */
function isQuestion(clause: string, before: string): boolean {
  if (/\b(?:can|could|would|will)\s+you\b/i.test(before)) return false;
  return QUESTION.test(before) && (clause.endsWith("?") || /^\W*how\b/i.test(before));
}

function isOurs(clause: string, nameWords: string[], names: readonly string[], quoted: string): boolean {
  if (STRONG.some((re) => re.test(clause))) return true;
  if (HOOK_VERB.test(clause) && COMMANDS.test(clause)) return true;
  const known = names.map((n) => n.toLowerCase());
  const candidates = [nameWords.join("-"), nameWords.join("_"), ...nameWords].map((w) => w.toLowerCase().replace(/['’]s$/, "")).filter((w) => w.length > 1);
  if (candidates.some((c) => known.some((k) => k === c || k.split(/[-_.+]/).includes(c)))) return true;
  // a quoted condition name ("remove the 'pre-bash-x' condition") marks it too
  return STRONG.slice(1, 3).some((re) => re.test(quoted)) && clause.includes(PLACEHOLDER);
}
