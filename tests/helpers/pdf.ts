/**
 * A PDF read back as a person's reader would: its text through `pdftotext` (Debian's poppler-utils, also in
 * .ci/run), and its metadata through `pdfinfo`. docs/product.md §18.3: a receipt is text, not an image of text.
 */
import { execFile } from 'node:child_process';

function run(command: string, args: string[], input: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { encoding: 'utf8', maxBuffer: 10 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${command} failed: ${stderr || err.message}`));
      else resolve(stdout);
    });
    child.stdin!.end(input);
  });
}

/** The PDF's text in reading order, with runs of spaces and line breaks kept as pdftotext lays them out. */
export const pdfText = (pdf: Buffer): Promise<string> => run('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], pdf);

/** The PDF's text with all whitespace folded to single spaces, for phrase checks across layout columns. */
export const pdfWords = async (pdf: Buffer): Promise<string> => (await pdfText(pdf)).replace(/\s+/g, ' ');

/** `pdfinfo`'s fields (Title, Pages, Tagged, Page size, …). */
export async function pdfInfo(pdf: Buffer): Promise<Record<string, string>> {
  const out = await run('pdfinfo', ['-'], pdf);
  return Object.fromEntries(
    out
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!.trim(), m[2]!.trim()]),
  );
}
