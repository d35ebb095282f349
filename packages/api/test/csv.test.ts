import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../src/csv.ts';
import { readCsv as parse } from './support/read-csv.ts';


describe('CSV', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-12n)).toBe('-12');
    expect(csvField('-1.5')).toBe('-1.5');
  });
  it('defuses spreadsheet formulas in text', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-x')).toBe("'-x");
    expect(csvField('@cmd')).toBe("'@cmd");
  });
  it('round-trips any text through a CSV reader', () => {
    const rows = [['date', 'amount', 'note'], ['2026-11-01', '-1.5', 'a, "b"\r\nc'], ['', '0', ',']];
    expect(parse(toCsv(rows))).toEqual(rows);
    expect(toCsv(rows).endsWith('\r\n')).toBe(true);
  });
});
