/**
 * Issue 37, item 15: misleading messages about a file's form. An article saved as UTF-16 without a
 * byte order mark said "title is required"; `x.md.md` said "translation has no English file".
 */
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { readContentFileSync } from '../../src/read.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { siteErrorsOf, throwawayProjects } from '../helpers.ts';

const today = '2026-01-01';
const project = throwawayProjects();

/** Rewrites a file of the project in `dir` as UTF-16 (little-endian unless `bigEndian`), with or without a byte order mark. */
async function saveAsUtf16(dir: string, file: string, bom: boolean, bigEndian = false): Promise<void> {
  const path = join(dir, file);
  const little = Buffer.from(await readFile(path, 'utf8'), 'utf16le');
  const bytes = bigEndian ? Buffer.from(little).swap16() : little;
  await writeFile(path, Buffer.concat([bom ? Buffer.from(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]) : Buffer.alloc(0), bytes]));
}

const notUtf8 = 'this file is not saved as UTF-8 text: it is saved as UTF-16 (which some editors call "Unicode")';

describe('a content file saved as UTF-16', () => {
  it('should say an article saved as UTF-16 without a byte order mark is not UTF-8, not that its title is missing', async () => {
    const dir = await project();
    await saveAsUtf16(dir, 'content/blog/hrt-glow-up.md', false);
    await saveAsUtf16(dir, 'content/treatments/nad.yaml', false);
    await saveAsUtf16(dir, 'content/home.yaml', true, true);
    const errors = await siteErrorsOf(build({ root: dir, writer: memoryWriter(), today }));
    expect(errors.map((e) => [e.loc, e.code, e.message])).toEqual(
      ['content/blog/hrt-glow-up.md', 'content/home.yaml', 'content/treatments/nad.yaml'].map((file) => [
        { file, line: 1, column: 1 },
        'bad-encoding',
        notUtf8,
      ]),
    );
    expect(errors[0]!.hint).toMatch(/^save it as UTF-8/);
  });

  it('should tell UTF-16 from UTF-8 text holding a NUL or a byte order mark, which read as before', async () => {
    const path = join(tmpdir(), `clinic-encoding-${process.pid}.md`);
    const read = async (bytes: Buffer) => {
      await writeFile(path, bytes);
      return readContentFileSync(path, 'content/blog/a.md', 'an article file');
    };
    expect((await read(Buffer.from('\ufeff---\ntitle: Año\n---\n', 'utf16le'))).error?.message).toBe(notUtf8);
    expect((await read(Buffer.from('---\ntitle: Año\n---\n', 'utf16le').swap16())).error?.message).toBe(notUtf8);
    expect(await read(Buffer.from('\ufeff---\ntitle: Año\n---\n', 'utf8'))).toEqual({ text: '\ufeff---\ntitle: Año\n---\n' });
    expect(await read(Buffer.from('---\ntitle: A\u0000ño\n---\n\nText.\n', 'utf8'))).toEqual({ text: '---\ntitle: A\u0000ño\n---\n\nText.\n' });
    expect((await read(Buffer.from([0x41, 0xe9, 0x0a]))).error?.loc).toEqual({ file: 'content/blog/a.md', line: 1, column: 2 });
    await rm(path);
  });
});

describe('a file name with a doubled extension', () => {
  it('should say x.md.md has a doubled extension and to rename it x.md, not that the translation has no English file', async () => {
    const dir = await project();
    await copyFile(join(dir, 'content/blog/hrt-glow-up.md'), join(dir, 'content/blog/x.md.md'));
    const errors = await siteErrorsOf(build({ root: dir, writer: memoryWriter(), today }));
    expect(errors.map((e) => [e.loc, e.code, e.message, e.hint])).toEqual([
      [
        { file: 'content/blog/x.md.md', line: 1, column: 1 },
        'bad-file-name',
        'the file name has a doubled extension (x.md.md), so the build does not read it',
        'rename the file to x.md',
      ],
    ]);
  });
});
