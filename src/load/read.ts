/** Reading a content file as UTF-8 text, with a located message when it cannot be read, is not a file or is not text. */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { problems, type SiteError } from '../errors.ts';

/** The text of a file, or the problem that keeps it from being read; `file` is the path the project names it by. */
export type ReadResult = { text: string; error?: undefined } | { text?: undefined; error: SiteError };

/** Reads `path` (async). */
export async function readContentFile(path: string, file: string, what: string): Promise<ReadResult> {
  try {
    return decode(file, await readFile(path));
  } catch (error) {
    return { error: readProblem(file, error, what) };
  }
}

/** Reads `path` (sync: thousands of articles read through promises cost several times more). */
export function readContentFileSync(path: string, file: string, what: string): ReadResult {
  try {
    return decode(file, readFileSync(path));
  } catch (error) {
    return { error: readProblem(file, error, what) };
  }
}

/** What went wrong reading or listing a file, as a message at the file; `what` names it ("an article file"). */
export function readProblem(file: string, error: unknown, what: string): SiteError {
  const loc = { file, line: 1, column: 1 };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return problems.missingFile(loc, file, 'the content file', 'create the file, or restore it from the project');
    case 'EACCES':
    case 'EPERM':
      return problems.unreadableFile(loc, 'permission denied');
    case 'EISDIR':
      return problems.notAFile(loc, what);
    case 'ELOOP':
      return problems.unreadableFile(loc, 'it is a symbolic link that points back to itself', 'replace the link with the file it should point to');
    default:
      return problems.unreadableFile(loc, code ? `${code}: ${(error as Error).message.replace(/^\w+: /, '')}` : String(error));
  }
}

/** UTF-8 text, or the place of the first byte that is not. */
function decode(file: string, bytes: Buffer): ReadResult {
  if (isUtf8(bytes)) return { text: bytes.toString('utf8') };
  const bad = firstInvalidByte(bytes);
  const lineStart = bad === 0 ? 0 : bytes.lastIndexOf(0x0a, bad - 1) + 1;
  let line = 1;
  for (let i = 0; i < lineStart; i++) if (bytes[i] === 0x0a) line++;
  const column = [...bytes.subarray(lineStart, bad).toString('utf8')].length + 1;
  return { error: problems.badEncoding({ file, line, column }) };
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence (only called when there is one). */
function firstInvalidByte(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    if (length > 1 && !isUtf8(bytes.subarray(i, i + length))) return i;
    i += length;
  }
  return bytes.length;
}
