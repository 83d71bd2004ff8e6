export interface NumberedLine {
  /** 1-based number in the text, counting blank lines, as the API reports rejected lines. */
  line: number;
  text: string;
}

/** The non-blank lines of a pasted or uploaded text, trimmed, with their line numbers (CRLF and a BOM allowed). */
export function nonBlankLines(text: string): NumberedLine[] {
  const out: NumberedLine[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed) out.push({ line: index + 1, text: trimmed });
  });
  return out;
}

/** Lines whose first field repeats an earlier line's: the API would reject them as duplicates. */
export function repeatedLines(lines: NumberedLine[], keyOf: (text: string) => string): Array<{ line: number; firstLine: number }> {
  const seen = new Map<string, number>();
  const repeated: Array<{ line: number; firstLine: number }> = [];
  for (const { line, text } of lines) {
    const key = keyOf(text);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, line);
    else repeated.push({ line, firstLine: first });
  }
  return repeated;
}
