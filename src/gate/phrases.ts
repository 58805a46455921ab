// The arming phrase: a person asks for a condition in their own words ("set a condition", "remove the
// kubectl reminder condition"). Only a prompt the person typed counts, and a negated request does not
// ("don't add a condition"). Kept as data and one regular expression so the test table reads like it.

/** Verbs that create, change or remove a condition. */
export const VERBS = [
  "set", "add", "create", "make", "write", "put", "install", "remove", "clear", "delete", "drop",
  "update", "change", "edit", "replace", "fix",
] as const;

/** Determiners that may sit between the verb and the name words, any number of them. */
const DETERMINERS = ["a", "an", "the", "this", "that", "these", "those", "my", "new", "another", "one"];

/**
 * Words that cannot be part of a condition's name: a phrase such as "update the docs about
 * conditions" talks about conditions, it does not ask for one.
 */
const FUNCTION_WORDS = new Set([
  ...DETERMINERS, "about", "after", "before", "for", "how", "to", "what", "with", "of", "on", "in", "at",
  "by", "from", "into", "onto", "is", "are", "was", "were", "be", "been", "and", "or", "but", "if", "when",
  "which", "why", "where", "who", "whose", "it", "its", "i", "you", "we", "they", "he", "she", "me", "us",
  "them", "do", "does", "did", "not", "no", "any", "all", "some", "as", "than", "then", "so", "there",
  "here", "without", "per", "via", "over", "under", "up", "out", "off", "your", "our", "their", "his", "her",
  "can", "could", "should", "would", "will", "shall", "may", "might", "must", "have", "has", "had",
]);

/** At most this many name words: "set the five words long name of the conditions" is not a request. */
const MAX_NAME_WORDS = 4;

/** Negations that cancel a request when they stand right before its verb. */
const NEGATIONS = [
  "don't", "dont", "do not", "not", "never", "shouldn't", "should not", "won't", "will not", "can't",
  "cannot", "no", "doesn't", "does not", "mustn't", "must not",
];
/** Questions about conditions are not requests for one: "how do I add a condition?". */
const QUESTIONS = ["how to", "how do i", "how do you", "how do we", "how can i", "how can you", "how would i", "how should i", "how does one"];
/** Words allowed between a negation and the verb: "don't ever add", "no need to add". */
const BRIDGES = ["ever", "really", "actually", "even", "yet", "just", "please", "need to", "have to", "want to", "going to", "bother to", "try to"];

const alt = (words: readonly string[]) => words.map((w) => w.replace(/ /g, "\\s+")).join("|");
const WORD = "[\\p{L}\\p{N}][\\p{L}\\p{N}_.+/'-]*";

// Compiled on first use: most hook calls never look at a prompt, and Unicode regexes cost at start-up.
let compiled: { PHRASE: RegExp; NEGATED: RegExp; QUESTION: RegExp } | undefined;
function regexes() {
  compiled ??= {
    PHRASE: new RegExp(
      `\\b(?:${alt(VERBS)})(?:\\s+up)?((?:\\s+(?:${alt(DETERMINERS)}))*)((?:\\s+${WORD}){0,${MAX_NAME_WORDS}}?)\\s+conditions?\\b`,
      "giu",
    ),
    NEGATED: new RegExp(`(?:^|[^\\p{L}'])(?:${alt(NEGATIONS)})(?:\\s+(?:${alt(BRIDGES)}))?\\s*$`, "iu"),
    QUESTION: new RegExp(`(?:^|[^\\p{L}'])(?:${alt(QUESTIONS)})\\s*$`, "iu"),
  };
  return compiled;
}

/**
 * Injected prompts: harness notifications, slash-command expansions and hook or reminder blocks are
 * text the person did not type, so they never arm the gate.
 */
const INJECTED_START = /^\s*<(?:task-notification|system-reminder|command-(?:name|message|args)|local-command-[a-z]+|user-prompt-submit-hook|bash-(?:input|stdout|stderr)|teammate-message|swarm-[a-z-]+)\b/i;
const INJECTED_BLOCK = /<(system-reminder|task-notification|user-prompt-submit-hook|local-command-[a-z]+|bash-(?:stdout|stderr))\b[^>]*>[\s\S]*?<\/\1>/gi;

/** Returns true when the prompt is something a person typed (not a notification or expansion). */
export function isTypedPrompt(prompt: string): boolean {
  return !INJECTED_START.test(prompt);
}

/** Returns the matched phrase when `prompt` asks to create, change or remove a condition, else undefined. */
export function findArmingPhrase(prompt: string): string | undefined {
  if (typeof prompt !== "string" || !isTypedPrompt(prompt)) return undefined;
  // Blocks a harness appends to a typed prompt are not the person's words.
  const text = prompt.slice(0, 20_000).replace(INJECTED_BLOCK, " ").replace(/[\u2018\u2019\u02bc]/g, "'");
  for (const m of text.matchAll(regexes().PHRASE)) {
    const names = m[2].trim().split(/\s+/).filter(Boolean);
    if (names.some((w) => FUNCTION_WORDS.has(w.toLowerCase()))) continue;
    if (negated(text.slice(0, m.index))) continue;
    return m[0].trim();
  }
  return undefined;
}

/** Returns true when the text right before a match ends with a negation or a how-question (in its clause). */
function negated(before: string): boolean {
  const clause = (before.slice(-40).split(/[.;:!?,\n]/).pop() ?? "").toLowerCase();
  return regexes().NEGATED.test(clause) || regexes().QUESTION.test(clause);
}
