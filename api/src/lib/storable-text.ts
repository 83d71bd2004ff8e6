/**
 * Text Postgres can store. It refuses a NUL character (U+0000) in text and jsonb alike, and an
 * unpaired UTF-16 surrogate has no UTF-8 form; both arrive easily as JSON escapes (`\u0000`,
 * `\ud800`) or `%00` in a URL, and would otherwise fail deep in a query as a 500.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Problems listed in one answer; a body full of them needs no more to be understood. */
const MAX_PROBLEMS = 100;

export interface TextProblem {
  /** Dotted path from the part's root (`topupData.login`, `items.0.code`); '' for the root itself. */
  field: string;
  message: string;
}

/** Why `text` cannot be stored, or undefined when it can. */
export function unstorableReason(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain a NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain an unpaired surrogate (invalid Unicode)';
  return undefined;
}

const joinPath = (path: string, name: string) => (path ? `${path}.${name}` : name);

/** An object key as it can be named in an answer (and logged): escapes in place of what cannot be stored. */
const printableKey = (key: string) => (unstorableReason(key) ? JSON.stringify(key).slice(1, -1) : key);

/**
 * Every string and object key in a parsed value (a JSON body, a query, path parameters) that cannot
 * be stored, with its path under `root`. Walked with a stack, not recursion, so a deeply nested body
 * cannot overflow the call stack.
 */
export function unstorableTextIn(value: unknown, root = ''): TextProblem[] {
  const problems: TextProblem[] = [];
  const pending: Array<[path: string, value: unknown]> = [[root, value]];
  while (pending.length > 0 && problems.length < MAX_PROBLEMS) {
    const [path, current] = pending.pop()!;
    if (typeof current === 'string') {
      const reason = unstorableReason(current);
      if (reason) problems.push({ field: path, message: reason });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) pending.push([joinPath(path, String(index)), current[index]]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current).reverse()) {
        const field = joinPath(path, printableKey(key));
        const reason = unstorableReason(key);
        if (reason) problems.push({ field, message: `is a field name that ${reason}` });
        pending.push([field, item]);
      }
    }
  }
  return problems;
}
