/**
 * CSV as RFC 4180 writes it: fields separated by commas, rows by CRLF; a field holding a comma,
 * a double quote, CR or LF is quoted and its quotes doubled. A text field that a spreadsheet would
 * read as a formula (`=`, `+`, `@`, tab, CR first; `-` when not a number) is prefixed with `'`.
 */

const NUMBER = /^-?\d+(\.\d+)?$/;

/** One field, escaped. */
export function csvField(value: string | number | bigint | null | undefined): string {
  let v = value === null || value === undefined ? '' : String(value);
  if (/^[=+@\t\r]/.test(v) || (v.startsWith('-') && !NUMBER.test(v))) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Rows (the header first) as one CSV text ending in CRLF. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | bigint | null | undefined>>): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
