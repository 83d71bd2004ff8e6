import { readManualCodeLine, readSingleCodeLine, type CodeLineProblem, type CodeLineReading } from '@topup/common';
import { nonBlankLines, repeatedLines } from './lines';

/** Why a pasted line would be refused, as the preview names it. */
export type LineProblem = CodeLineProblem['problem'] | 'repeated';

export interface LinePreview {
  /** Non-blank lines: what the upload will try to add. */
  total: number;
  /** Lines that look right (the store still refuses codes it already holds). */
  valid: number;
  /** The first problems, by line, for the admin to fix before sending. */
  problems: Array<{ line: number; problem: LineProblem; firstLine?: number }>;
  problemCount: number;
}

const problemIn = (reading: CodeLineReading<unknown>) => ('problem' in reading ? reading.problem : undefined);

/** The problem of one line `code, USD price, RUB price, game amount`, if it has one: the store's own grammar. */
export function manualCodeLineProblem(text: string): CodeLineProblem['problem'] | undefined {
  return problemIn(readManualCodeLine(text));
}

/** The problem of a PUBG line (one code, without spaces or commas), if it has one. */
export function singleCodeLineProblem(text: string): CodeLineProblem['problem'] | undefined {
  return problemIn(readSingleCodeLine(text));
}

function preview(text: string, problemOf: (line: string) => LineProblem | undefined, codeOf: (line: string) => string, maxListed: number): LinePreview {
  const lines = nonBlankLines(text);
  const problems: LinePreview['problems'] = [];
  const wellFormed = lines.filter(({ line, text: lineText }) => {
    const problem = problemOf(lineText);
    if (problem) problems.push({ line, problem });
    return !problem;
  });
  for (const repeat of repeatedLines(wellFormed, codeOf)) problems.push({ line: repeat.line, problem: 'repeated', firstLine: repeat.firstLine });
  problems.sort((a, b) => a.line - b.line);
  return {
    total: lines.length,
    valid: lines.length - problems.length,
    problems: problems.slice(0, maxListed),
    problemCount: problems.length,
  };
}

/** A preview of manual code lines before they are sent: counts and the first problems. */
export function previewManualCodeLines(text: string, maxListed = 20): LinePreview {
  return preview(text, manualCodeLineProblem, (line) => line.split(',')[0]!.trim(), maxListed);
}

/** A preview of PUBG code lines (one code a line). */
export function previewSingleCodeLines(text: string, maxListed = 20): LinePreview {
  return preview(text, singleCodeLineProblem, (line) => line, maxListed);
}

/**
 * Pasted text larger than this goes up as a text/plain stream instead of JSON, which the API bounds
 * by its normal body limit (100 kB by default).
 */
export const JSON_UPLOAD_MAX_BYTES = 90_000;

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
