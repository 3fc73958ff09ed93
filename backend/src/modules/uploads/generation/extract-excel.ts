import { type Readable } from 'node:stream';
import { type CellValue, SheetAccumulator } from './column-stats';
import { type SheetSummary } from './types';

const MAX_SHEETS = 50;

/** An exceljs cell value (plain, rich text, formula, hyperlink, error) as a plain value. */
export function plainCellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return v.richText.map((r: { text?: unknown }) => String(r?.text ?? '')).join('');
    if ('result' in v) return plainCellValue(v.result);
    if ('formula' in v || 'sharedFormula' in v) return undefined;
    if (typeof v.text === 'string') return v.text;
    if ('error' in v) return undefined;
  }
  return undefined;
}

/**
 * Reads every worksheet with exceljs's streaming reader: rows are summarised as they are parsed,
 * so a large workbook is never held in memory (shared strings aside).
 */
export async function extractExcel(source: Readable): Promise<{ sheets: SheetSummary[]; warnings: string[] }> {
  const warnings: string[] = [];
  const sheets: SheetSummary[] = [];
  // Loaded when first needed: it is the slowest module to load, and extraction runs in a fresh process per file.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // needed to tell dates from numbers
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let current: SheetAccumulator | undefined;
  try {
    let index = 0;
    for await (const worksheet of reader) {
      index++;
      const name = (worksheet as unknown as { name?: string }).name || `Sheet${index}`;
      if (sheets.length >= MAX_SHEETS) {
        warnings.push(`Only the first ${MAX_SHEETS} sheets were read.`);
        // Drain the remaining sheets so the zip stream completes.
        for await (const _row of worksheet) void _row;
        continue;
      }
      current = new SheetAccumulator(name);
      let last = 0;
      for await (const row of worksheet) {
        const { values, number } = row as unknown as { values: unknown[]; number: number };
        // Rows without cells are not emitted: a gap in the numbers is a blank row.
        if (number > last + 1 && last > 0) current.addRow([]);
        last = number;
        const cells: CellValue[] = [];
        // row.values is 1-based and sparse.
        for (let i = 1; i < values.length; i++) cells.push(plainCellValue(values[i]));
        current.addRow(cells);
      }
      sheets.push(current.summary());
      current = undefined;
    }
  } catch {
    if (current) sheets.push(current.summary());
    warnings.push('The workbook could not be read completely; it may be damaged.');
    source.destroy();
  }
  return { sheets, warnings };
}
