import { UploadRefusedError } from './errors';
import { readXlsxRows, readXlsxRowsInWorker, type XlsxRowsOptions } from './xlsx';
import { buildXlsx, buildZip, deflateBomb } from './zip-builder';

// readXlsxRowsInWorker runs the compiled worker (dist/uploads/xlsx-worker.js): build first (`npx tsc -b`).
const OPTIONS: XlsxRowsOptions = { maxRows: 1000, maxBlankRows: 10, maxColumns: 20, formulas: 'refuse' };

async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'accepted';
  } catch (err) {
    return err instanceof UploadRefusedError
      ? `${err.reason}${err.detail && err.reason === 'formula' ? ` ${err.detail}` : ''}`
      : `not a refusal: ${String(err)}`;
  }
}

describe('readXlsxRows', () => {
  it('reads the cells of the first sheet: shared, inline and rich strings, numbers, dates, booleans, errors', async () => {
    const sheet =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="D1" t="inlineStr"><is><t>Libellé</t></is></c></row>' +
      '<row r="2"><c r="A2" s="1"><v>46113</v></c><c r="B2"><v>1234.5</v></c><c r="C2" t="b"><v>1</v></c><c r="D2" t="inlineStr"><is><r><t>Loyer </t></r><r><t>avril</t></r></is></c></row>' +
      '<row r="3"/>' +
      '<row r="5"><c r="A5" t="e"><v>#N/A</v></c><c r="B5" t="str"><v>a &amp; b</v></c><c r="C5" s="1"/></row>';
    const rows = await readXlsxRows(buildXlsx(sheet, ['Date', 'Débit']), OPTIONS);
    expect(rows.rows).toEqual([
      { line: 1, cells: ['Date', 'Débit', null, 'Libellé'] },
      { line: 2, cells: [new Date(Date.UTC(2026, 3, 1)), 1234.5, true, 'Loyer avril'] },
      { line: 5, cells: ['#N/A', 'a & b'] },
    ]);
  });

  it('refuses formulas with their cell, too many rows, blank rows or columns, and a zip that is not a workbook', async () => {
    const formula = '<row r="1"><c r="A1"><v>1</v></c></row><row r="3"><c r="E3"><f>D2</f><v>100</v></c></row>';
    expect(await reason(readXlsxRows(buildXlsx(formula), OPTIONS))).toBe('formula E3');
    expect(await readXlsxRows(buildXlsx(formula), { ...OPTIONS, formulas: 'value' })).toEqual({
      rows: [
        { line: 1, cells: [1] },
        { line: 3, cells: [null, null, null, null, 100] },
      ],
    });
    const many = Array.from({ length: 1001 }, (_, i) => `<row r="${i + 1}"><c><v>${i}</v></c></row>`).join('');
    expect(await reason(readXlsxRows(buildXlsx(many), OPTIONS))).toBe('tooManyRows');
    expect(await reason(readXlsxRows(buildXlsx('<row r="1"><c><v>1</v></c></row><row r="1000000"><c><v>1</v></c></row>'), OPTIONS))).toBe(
      'tooManyBlankRows',
    );
    expect(await reason(readXlsxRows(buildXlsx('<row r="1"><c r="XFD1"><v>1</v></c></row>'), OPTIONS))).toBe('tooManyColumns');
    expect(await reason(readXlsxRows(buildZip([{ name: 'readme.txt', data: 'pas un classeur' }]), OPTIONS))).toBe('notWorkbook');
    expect(await reason(readXlsxRows(buildXlsx('<row><c t="s"><v>7</v></c></row>'), OPTIONS))).toBe('unreadable');
  });

  it('refuses a DOCTYPE inside a part (no entity expansion in workbooks either)', async () => {
    const zip = buildXlsx('');
    const evil = buildZip([
      { name: 'xl/workbook.xml', data: '<!DOCTYPE w [<!ENTITY a "aaaa">]><workbook><sheets><sheet r:id="rId1"/></sheets></workbook>' },
    ]);
    expect(await reason(readXlsxRows(zip, OPTIONS))).toBe('accepted');
    expect(await reason(readXlsxRows(evil, OPTIONS))).toBe('xmlForbidden');
  });
});

describe('readXlsxRowsInWorker', () => {
  it('reads in a worker thread, dates included', async () => {
    const rows = await readXlsxRowsInWorker(buildXlsx('<row r="2"><c s="1"><v>46113</v></c><c t="s"><v>0</v></c></row>', ['x']), OPTIONS);
    expect(rows.rows).toEqual([{ line: 2, cells: [new Date(Date.UTC(2026, 3, 1)), 'x'] }]);
  });

  it('refuses a bomb in the caller thread, and a lying one in the worker, within seconds', async () => {
    const row = '<worksheet><sheetData><row r="1">';
    const t0 = Date.now();
    const honest = buildXlsx({ deflated: deflateBomb(1024, '<c/>', row) });
    expect(honest.length).toBeLessThan(1.1 * 1024 * 1024);
    expect(await reason(readXlsxRowsInWorker(honest, OPTIONS))).toBe('tooLarge');
    expect(Date.now() - t0).toBeLessThan(1000);
    const t1 = Date.now();
    const liar = buildXlsx({ deflated: deflateBomb(1024, '<c/>', row), declaredSize: 20 * 1024 * 1024 });
    expect(await reason(readXlsxRowsInWorker(liar, { ...OPTIONS, zip: { maxRatio: 2000 } }))).toBe('tooLarge');
    expect(Date.now() - t1).toBeLessThan(5000);
  });

  it('ends a parse beyond its heap or time limit with a refusal, and the next parse works', async () => {
    const strings = Array.from({ length: 300_000 }, (_, i) => `chaîne ${i} ${'x'.repeat(40)}`);
    const heavy = buildXlsx('<row><c t="s"><v>0</v></c></row>', strings);
    const limits = { maxRows: 1000, maxBlankRows: 10, maxColumns: 100_000, formulas: 'refuse' } as const;
    expect(await reason(readXlsxRowsInWorker(heavy, limits, { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 }))).toBe('memory');
    expect(await reason(readXlsxRowsInWorker(heavy, limits, { timeoutMs: 1 }))).toBe('timeout');
    expect((await readXlsxRowsInWorker(heavy, limits)).rows).toEqual([{ line: 1, cells: ['chaîne 0 ' + 'x'.repeat(40)] }]);
  });
});
