/**
 * RFC 4180 CSV for spreadsheets: CRLF line ends, a field quoted when it holds a comma, a quote,
 * CR or LF, quotes doubled, and a UTF-8 byte order mark first so Excel reads macrons right.
 */

/** Makes Excel open the file as UTF-8 (otherwise 'Whāingaroa' shows as 'WhÄ\u0081ingaroa'). */
export const UTF8_BOM = '\uFEFF';
export const CRLF = '\r\n';

/**
 * OWASP's CSV injection rule: a cell starting with = + - @ (or tab, or carriage return) may be
 * run as a formula by Excel, LibreOffice or Google Sheets; a leading apostrophe makes it text.
 * So a phone '+64 21 555 0123' reads "'+64 21 555 0123" (shown without the apostrophe in Excel).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A plain negative amount ('-20.00', a refund in the money export) is a number, not a formula: left as it is, so
 * the column still sums. Anything more ('-2+3') is still neutralised.
 */
const PLAIN_NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
}

/** One field, quoted only when it must be. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The whole file: BOM, then each record on its own CRLF-ended line, every cell neutralised. */
export function toCsv(records: readonly (readonly string[])[]): string {
  return (
    UTF8_BOM + records.map((cells) => cells.map((cell) => csvField(neutraliseFormula(cell))).join(',') + CRLF).join('')
  );
}
