import { parse as parseCsv } from 'csv-parse/sync';
import { stringify, type Stringifier } from 'csv-stringify';
import { readManualCodeFields, type ManualCodeFields } from '@topup/common/api';
import { validationFailed } from './app-error';
import { problemMessage, type LineParse, type NumberedLine } from './bulk-codes';

/**
 * The CSV files of manual codes (docs/admin-api.md, "Codes as CSV"). An export writes every column;
 * an import reads the columns it knows by their header and ignores the rest, so an exported file
 * loads back as it is.
 */
export const CODE_CSV_COLUMNS = [
  'id',
  'product_id',
  'product_slug',
  'region',
  'code',
  'price_usd',
  'price_rub',
  'game_amount',
  'popular',
  'status',
  'order_id',
  'sold_at',
  'created_at',
] as const;

export type CodeCsvColumn = (typeof CODE_CSV_COLUMNS)[number];

/** What a good import line names; the service turns product and region into ids. */
export interface CodeCsvRow extends ManualCodeFields {
  product: { id: number } | { slug: string };
  /** A region code such as `TR`; null for a global code (an empty cell or `global`). */
  region: string | null;
  popular: boolean;
}

/** Where each known column sits in a line, from the header. */
export type CodeCsvHeader = Partial<Record<CodeCsvColumn, number>>;

const MASK_DOTS = '•••';
const REQUIRED: CodeCsvColumn[] = ['code', 'price_usd', 'price_rub', 'game_amount'];
const POPULAR_WORDS: Record<string, boolean> = { '': false, true: true, false: false, yes: true, no: false, '1': true, '0': false };

/**
 * A cell a spreadsheet would run as a formula: one beginning with `=`, `+`, `-`, `@`, a tab or a
 * carriage return (OWASP, "CSV Injection"), or with quotes before one, so that the quote the export
 * adds is always the one the import takes off.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** What the export made of such a cell: one quote more before it. */
const NEUTRALISED = /^'(?='*[=+\-@\t\r])/;

/**
 * The writer of an export: every column under its header, a BOM for spreadsheets, and each cell a
 * spreadsheet would run as a formula written as text, behind a single quote and in double quotes.
 */
export const codeCsvWriter = (): Stringifier => spreadsheetCsvWriter(CODE_CSV_COLUMNS);

/** A CSV export's writer of these columns, written for spreadsheets as codeCsvWriter's. */
export function spreadsheetCsvWriter(columns: readonly string[]): Stringifier {
  return stringify({
    header: true,
    columns: [...columns],
    bom: true,
    cast: { string: (value) => (FORMULA_START.test(value) ? `'${value}` : value) },
    quoted_match: NEUTRALISED,
  });
}

/** The cells of one line. Most lines have no quotes and are split directly; quoted ones go through csv-parse. */
export function csvCells(text: string): string[] | { error: string } {
  if (!text.includes('"')) return text.split(',');
  try {
    const [cells] = parseCsv(text) as string[][];
    return cells ?? [];
  } catch (error) {
    return { error: `The line is not valid CSV: ${(error as Error).message.split(':')[0]}` };
  }
}

/** Reads the header line; a file without the columns a code needs is refused whole (400), before anything loads. */
export function readCodeCsvHeader(text: string): CodeCsvHeader {
  const cells = csvCells(text);
  if ('error' in cells) throw validationFailed('The file is not valid CSV', [{ field: 'header', message: cells.error }]);
  const header: CodeCsvHeader = {};
  cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase();
    if ((CODE_CSV_COLUMNS as readonly string[]).includes(name) && header[name as CodeCsvColumn] === undefined) {
      header[name as CodeCsvColumn] = index;
    }
  });
  const missing = REQUIRED.filter((column) => header[column] === undefined);
  if (header.product_id === undefined && header.product_slug === undefined) missing.unshift('product_id');
  if (missing.length > 0) {
    throw validationFailed('The first line must name the columns', [
      {
        field: 'header',
        message: `missing ${missing.join(', ')} (a product is named by product_id or product_slug); found "${text.slice(0, 200)}"`,
      },
    ]);
  }
  return header;
}

/** Reads one line of codes under its header. */
export function readCodeCsvLine(header: CodeCsvHeader, text: string): LineParse<CodeCsvRow> {
  const cells = csvCells(text);
  if ('error' in cells) return cells;
  // A cell is read as text whatever it begins with; the quote an export put before a formula-like one comes off.
  const cell = (column: CodeCsvColumn) => (header[column] === undefined ? '' : (cells[header[column]] ?? '').trim().replace(NEUTRALISED, ''));
  // An export's held and sold codes are masked: loading one would put a code nobody can use on sale.
  const status = cell('status');
  if (status !== '' && status !== 'available') return { error: `Only available codes load; this one is ${status}` };
  if (cell('code').includes(MASK_DOTS)) return { error: 'The code is masked: only codes in clear load' };
  const reading = readManualCodeFields(cell('code'), cell('price_usd'), cell('price_rub'), cell('game_amount'));
  if ('problem' in reading) return { error: problemMessage(reading) };

  const productId = cell('product_id');
  const slug = cell('product_slug');
  let product: CodeCsvRow['product'];
  if (productId !== '') {
    if (!/^\d{1,9}$/.test(productId) || Number(productId) < 1) return { error: `product_id "${productId}" is not a product id` };
    product = { id: Number(productId) };
  } else if (slug !== '') {
    product = { slug };
  } else {
    return { error: 'The line names no product: fill product_id or product_slug' };
  }

  const region = cell('region');
  const popular = POPULAR_WORDS[cell('popular').toLowerCase()];
  if (popular === undefined) return { error: `popular "${cell('popular')}" must be true or false` };
  return {
    code: reading.code,
    fields: {
      ...reading.fields,
      product,
      region: region === '' || region.toLowerCase() === 'global' ? null : region.toUpperCase(),
      popular,
    },
  };
}

/** The lines after the header (the first line that is not blank), which goes to `onHeader`; an empty file is a 400. */
export async function* linesAfterHeader(
  lines: Iterable<NumberedLine> | AsyncIterable<NumberedLine>,
  onHeader: (text: string) => void,
): AsyncGenerator<NumberedLine> {
  let headerRead = false;
  for await (const line of lines) {
    if (headerRead) {
      yield line;
    } else if (line.text.trim() !== '') {
      onHeader(line.text);
      headerRead = true;
    }
  }
  if (!headerRead) throw validationFailed('The file is empty', [{ field: 'header', message: 'the first line must name the columns' }]);
}
