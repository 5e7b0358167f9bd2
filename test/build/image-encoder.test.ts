/**
 * Image variants are encoded in a child process that ends with the build (the memory AVIF and
 * WebP encoding leaves behind goes with it): a new picture gets every variant, each a real image
 * of its width, and no encoder process is left running afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { diskWriter } from '../../src/write/writer.ts';
import { removeProject, tempProject } from '../helpers.ts';

/** The command lines of this process's child processes (Linux). */
async function childCommands(): Promise<string[]> {
  const commands: string[] = [];
  for (const task of await readdir('/proc/self/task')) {
    const children = (await readFile(`/proc/self/task/${task}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean);
    for (const pid of children) commands.push(await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''));
  }
  return commands;
}

describe('the image encoder process', { retry: 0 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempProject();
    // Noise: bytes no earlier build has seen, so the shared image cache cannot hold its variants.
    const noise = await sharp(randomBytes(1700 * 900 * 3), { raw: { width: 1700, height: 900, channels: 3 } }).png().toBuffer();
    await mkdir(join(dir, 'public/images/test'), { recursive: true });
    await sharp(noise).toFile(join(dir, 'public/images/test/noise.png'));
  });
  afterAll(() => removeProject(dir));

  it('should make every variant of a new picture and leave no encoder running', async () => {
    await build({ root: dir, writer: diskWriter(join(dir, 'dist'), dir), memo: undefined });
    const made = (await readdir(join(dir, 'dist/assets/img'))).filter((f) => f.startsWith('test-noise-'));
    const widthOf = async (file: string) => (await sharp(await readFile(join(dir, 'dist/assets/img', file))).metadata()).width;
    const expected = [480, 800, 1200, 1600];
    for (const ext of ['avif', 'webp']) {
      const files = made.filter((f) => f.endsWith(`.${ext}`)).sort((a, b) => parseInt(a.split('-')[2]!) - parseInt(b.split('-')[2]!));
      expect(files, ext).toHaveLength(expected.length);
      expect(await Promise.all(files.map(widthOf)), ext).toEqual(expected);
    }
    const share = made.filter((f) => f.includes('-share-'));
    expect(share).toHaveLength(1);
    expect(await widthOf(share[0]!)).toBe(1200);
    expect((await childCommands()).filter((c) => c.includes('image-encoder'))).toEqual([]);
  });
});
