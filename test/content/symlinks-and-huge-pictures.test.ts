/**
 * Files the build must not take as they come: a symbolic link under content/, templates/ or
 * public/ that leads out of the project is a located error and is never read (nor printed), while
 * a link that stays inside the project works; a picture too large to decode is refused by its size.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { besideImages, processImages } from '../../src/bundle/images.ts';
import { SiteError } from '../../src/errors.ts';
import type { Article } from '../../src/schemas/article.ts';
import { serve } from '../../src/serve/server.ts';
import { editFile, runCli, siteErrorsOf, stackTrace, tempProject, until } from '../helpers.ts';

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A copy of the project, removed after the tests. */
async function project(): Promise<string> {
  const dir = await tempProject();
  made.push(dir);
  return dir;
}

/** A folder outside any project, holding a text that must never show in the build's output. */
function outside(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-outside-'));
  made.push(dir);
  writeFileSync(join(dir, 'secret.md'), 'SECRET-LINE-ONE: not an article\nSECRET-LINE-TWO\n');
  return dir;
}

/** Checks the CLI's answer: exit 1, the link named with where it leads, and nothing of the file behind it. */
function expectRefused(result: { code: number; stdout: string; stderr: string }, link: string, target: string): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).toContain(`${link}:1:1  ${link} is a symbolic link to ${target}, outside the project, so it is not read`);
  expect(result.stderr).toContain('delete the link, then copy the');
  expect(result.stdout + result.stderr).not.toContain('SECRET-LINE');
  expect(result.stderr).not.toContain('Internal error');
  expect(result.stderr).not.toMatch(stackTrace);
}

describe('symbolic links that lead out of the project', () => {
  it('should refuse a symbolic link to a file outside the project and never print what it holds', async () => {
    const [dir, away] = [await project(), outside()];
    symlinkSync(join(away, 'secret.md'), join(dir, 'content/blog/secret.md'));
    expectRefused(await runCli(['build'], dir), 'content/blog/secret.md', join(away, 'secret.md'));
  });

  it('should refuse a content folder that is a link out of the project', async () => {
    const [dir, away] = [await project(), outside()];
    renameSync(join(dir, 'content/treatments'), join(away, 'treatments'));
    symlinkSync(join(away, 'treatments'), join(dir, 'content/treatments'));
    expectRefused(await runCli(['check'], dir), 'content/treatments/', join(away, 'treatments'));
  });

  it('should refuse a link to an outside folder inside content/blog, though no article file is named like it', async () => {
    const [dir, away] = [await project(), outside()];
    symlinkSync(away, join(dir, 'content/blog/more'));
    expectRefused(await runCli(['check'], dir), 'content/blog/more', away);
  });

  it('should refuse a YAML file of content/ that links out of the project', async () => {
    const [dir, away] = [await project(), outside()];
    symlinkSync(join(away, 'secret.md'), join(dir, 'content/treatments/secret.yaml'));
    expectRefused(await runCli(['check'], dir), 'content/treatments/secret.yaml', join(away, 'secret.md'));
  });

  it('should refuse a file of public/ that links out of the project instead of copying it to the site', async () => {
    const [dir, away] = [await project(), outside()];
    symlinkSync(join(away, 'secret.md'), join(dir, 'public/notes.txt'));
    expectRefused(await runCli(['build'], dir), 'public/notes.txt', join(away, 'secret.md'));
  });

  it('should refuse a stylesheet under templates/ that links out of the project', async () => {
    const [dir, away] = [await project(), outside()];
    renameSync(join(dir, 'templates/styles/trust.css'), join(away, 'trust.css'));
    symlinkSync(join(away, 'trust.css'), join(dir, 'templates/styles/trust.css'));
    expectRefused(await runCli(['check'], dir), 'templates/styles/trust.css', join(away, 'trust.css'));
  });

  it("should refuse an article's picture that is a link out of the project", async () => {
    const [dir, away] = [await project(), outside()];
    await cp(join(dir, 'public/images/blog/burnout-and-energy.png'), join(away, 'photo.png'));
    symlinkSync(join(away, 'photo.png'), join(dir, 'content/blog/photo.png'));
    await editFile(dir, 'content/blog/burnout-and-energy.md', /^image: .*$/m, 'image: ./photo.png');
    expectRefused(await runCli(['check'], dir), 'content/blog/photo.png', join(away, 'photo.png'));
  });

  it('should not read a picture beside an article through a link out of the project, even when no listing saw it', async () => {
    const [dir, away] = [await project(), outside()];
    symlinkSync(join(away, 'secret.md'), join(dir, 'content/blog/photo.png'));
    const article = { file: 'content/blog/a.md', imageFile: 'content/blog/photo.png', image: '/images/blog/photo.png' } as Article;
    const { files, errors } = besideImages(dir, [article], new Map());
    expect(files).toEqual([]);
    expect(errors.map((e) => [e.code, e.loc?.file])).toEqual([['link-outside-project', 'content/blog/photo.png']]);
  });

  it('should build with links that stay inside the project: an article, a file of public/ and a template', async () => {
    const dir = await project();
    mkdirSync(join(dir, 'shared'));
    renameSync(join(dir, 'content/blog/hrt-glow-up.md'), join(dir, 'shared/hrt-glow-up.md'));
    symlinkSync('../../shared/hrt-glow-up.md', join(dir, 'content/blog/hrt-glow-up.md'));
    writeFileSync(join(dir, 'shared/notes.txt'), 'kept inside\n');
    symlinkSync('../shared/notes.txt', join(dir, 'public/notes.txt'));
    renameSync(join(dir, 'templates/styles/trust.css'), join(dir, 'shared/trust.css'));
    symlinkSync('../../shared/trust.css', join(dir, 'templates/styles/trust.css'));
    const result = await runCli(['build'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(dir, 'dist/blog/hrt-glow-up/index.html'), 'utf8')).toContain('<h1');
    expect(readFileSync(join(dir, 'dist/notes.txt'), 'utf8')).toBe('kept inside\n');
  });

  it('should refuse a link out of the project saved while the dev server runs, and show nothing of its file', async () => {
    const [dir, away] = [await project(), outside()];
    const server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
    try {
      symlinkSync(join(away, 'secret.md'), join(dir, 'content/blog/secret.md'));
      const errors = await until(() => server.errors());
      expect(errors.map((e) => `${e.file}: ${e.title}`)).toEqual(['content/blog/secret.md: Link to a file outside the project']);
      expect(errors[0]!.frame).toEqual([]);
      expect(JSON.stringify(errors)).not.toContain('SECRET-LINE');
    } finally {
      await server.close();
    }
  }, 30_000);
});

describe('pictures too large to decode', () => {
  it('should refuse an article image of 16000 x 16000 pixels by its size, naming the file', async () => {
    const dir = await project();
    // One channel, fast compression: 256 megapixels in about 2.5 MB, made in a second or two.
    const huge = sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: '#88aacc' } }).extractChannel(0);
    await huge.png({ compressionLevel: 1, adaptiveFiltering: false }).toFile(join(dir, 'content/blog/huge.png'));
    await editFile(dir, 'content/blog/burnout-and-energy.md', /^image: .*$/m, 'image: ./huge.png');
    const result = await runCli(['build'], dir);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('content/blog/huge.png:1:1  content/blog/huge.png is 16000x16000 pixels (256 megapixels)');
    expect(result.stderr).toContain('resize it to at most 4000 pixels on its longer side');
    // The file's bytes are no text: no code frame of them.
    expect(result.stderr).not.toContain('PNG');
  }, 60_000);

  it('should refuse a huge picture before anything decodes it (its size is read from the header alone)', async () => {
    // Bytes no decoder can read: were they decoded, the picture would be reported as damaged instead.
    const raster = { file: 'images/huge.png', bytes: new Uint8Array(64), source: 'content/blog/huge.png' };
    const problems = await siteErrorsOf(processImages([raster], async () => ({ width: 20_000, height: 20_000 })));
    expect(problems.map((p) => p.code)).toEqual(['image-too-large']);
    expect(problems[0]).toBeInstanceOf(SiteError);
    expect(problems[0]!.message).toContain('20000x20000 pixels (400 megapixels)');
  });
});

