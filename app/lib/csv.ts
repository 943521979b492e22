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

/** Why a CSV file could not be read (a quote left open). */
export class CsvError extends Error {}

/**
 * Reads CSV as spreadsheets write it (RFC 4180): cells split by commas, a quoted cell may hold
 * commas, doubled quotes and line breaks; CRLF or LF line ends; a UTF-8 byte order mark and
 * blank lines are skipped. The apostrophe csvCell put before a formula-like cell is taken off
 * again, so a file exported here comes back as it went out.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let wasQuoted = false;
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const endCell = () => {
    row.push(wasQuoted && /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
    cell = "";
    wasQuoted = false;
  };
  const endRow = () => {
    endCell();
    if (row.length > 1 || row[0] !== "") rows.push(row);
    row = [];
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === "") {
      quoted = true;
      wasQuoted = true;
    } else if (char === ",") endCell();
    else if (char === "\n") endRow();
    else if (char === "\r" && source[i + 1] === "\n") {
      endRow();
      i++;
    } else cell += char;
  }
  if (quoted) throw new CsvError("A quoted cell is never closed: check the file's quotes.");
  if (cell !== "" || row.length > 0) endRow();
  return rows;
}
