import fs from 'node:fs';

/** Where a backup is written before it is complete: a failed backup never looks like a good one. */
export const partialPath = (file: string) => `${file}.partial`;

/** Refuses to replace an existing backup unless told to. */
export function checkWritable(file: string, force: boolean): void {
  if (!force && fs.existsSync(file)) throw new Error(`${file} already exists (pass --force to replace it)`);
}

/** Flushes the finished partial file to disk and gives it its real name. */
export function finishFile(file: string): number {
  const partial = partialPath(file);
  const fd = fs.openSync(partial, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
  return fs.statSync(file).size;
}
