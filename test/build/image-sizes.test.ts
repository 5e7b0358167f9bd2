/**
 * Image sizes measured from the files (issue 26, item 11): authors need not type them, a size typed that is not the
 * file's is a located error, a picture too small for its place is a warning naming the size it needs, and a picture
 * copied half-way is a located error that prints no bytes of it.
 */
import { load } from 'cheerio';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { editFile, runCli, siteErrorsOf, stackTrace, throwawayProjects } from '../helpers.ts';

/** A copy of the project, removed after the tests. */
const project = throwawayProjects();

const provider = 'content/providers/jane-example.yaml';
const photo = 'public/images/providers/jane-example.jpg';

describe('image sizes measured from the files', () => {
  it('should put the measured width and height in the page when the content file gives none', async () => {
    const dir = await project();
    expect(await readFile(join(dir, provider), 'utf8')).not.toMatch(/^\s+(width|height):/m);
    const writer = memoryWriter();
    await build({ root: dir, writer, today: '2026-11-26' });
    const $ = load(Buffer.from(writer.files.get('index.html')!).toString('utf8'));
    const portrait = $('.founder-portrait img');
    expect(portrait.attr('src')).toBe('/images/providers/jane-example.jpg');
    expect([portrait.attr('width'), portrait.attr('height')]).toEqual(['800', '1000']);
    const hero = load(Buffer.from(writer.files.get('services/brain/anxiety/index.html')!).toString('utf8'))('.page-hero-image img');
    expect(Number(hero.attr('width'))).toBeGreaterThan(0);
  });

  it('should refuse a typed size that is not the file\'s, at the line of the size', async () => {
    const dir = await project();
    await editFile(dir, provider, /^( {2}alt: .*)$/m, '$1\n  width: 3000\n  height: 1000');
    const errors = await siteErrorsOf(build({ root: dir, writer: memoryWriter(), today: '2026-11-26' }));
    expect(errors, errors.map((e) => e.message).join('\n')).toHaveLength(1);
    const lines = (await readFile(join(dir, provider), 'utf8')).split('\n');
    expect(errors[0]!.loc).toEqual({ file: provider, line: lines.findIndex((l) => l.includes('width: 3000')) + 1, column: 10 });
    expect(errors[0]!.message).toBe('/images/providers/jane-example.jpg is 800x1000 pixels, but width here says 3000');
    expect(errors[0]!.hint).toContain('delete the width and height lines');
  });

  it('should accept a typed size that is the file\'s own', async () => {
    const dir = await project();
    await editFile(dir, provider, /^( {2}alt: .*)$/m, '$1\n  width: 800\n  height: 1000');
    await expect(build({ root: dir, writer: memoryWriter(), today: '2026-11-26' })).resolves.toBeDefined();
  });

  it('should warn, naming the width it needs, when a photo is too small for its place', async () => {
    const dir = await project();
    const small = await sharp({ create: { width: 300, height: 375, channels: 3, background: '#88aacc' } }).jpeg().toBuffer();
    await writeFile(join(dir, photo), small);
    const result = await build({ root: dir, writer: memoryWriter(), today: '2026-11-26' });
    const warning = result.warnings.find((w) => w.includes('jane-example.jpg'));
    const where = /^content\/providers\/jane-example\.yaml:\d+:\d+ {2}/;
    expect(warning, result.warnings.join('\n')).toMatch(where);
    expect(warning).toContain('/images/providers/jane-example.jpg is 300x375 pixels, ');
    expect(warning).toContain('too small for the About portrait: it needs at least 800 pixels wide');
  });

  it('should report a photo copied half-way at the file, exit 1, with no stack trace and no bytes of the picture', async () => {
    const dir = await project();
    const whole = await readFile(join(dir, photo));
    await writeFile(join(dir, photo), whole.subarray(0, Math.floor(whole.length / 2)));
    const run = await runCli(['build', '--out', join(dir, 'dist')], dir);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^public\/images\/providers\/jane-example\.jpg:1:1 {2}.*is not a picture that can be read/m);
    expect(run.stderr).not.toMatch(stackTrace);
    expect(run.stderr).not.toMatch(/EPIPE/);
    // Nothing of the JPEG: no control characters but line ends, no replacement characters from undecodable bytes.
    expect(run.stderr + run.stdout).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F\uFFFD]/);
  });
});
