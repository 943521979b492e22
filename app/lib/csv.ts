/**
 * CSV for spreadsheets (RFC 4180): every cell quoted, quotes doubled, CRLF
 * line ends. A cell starting with = + - @, a tab or a carriage return gets a
 * leading apostrophe, so Excel and LibreOffice never run customer-typed text
 * as a formula (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
