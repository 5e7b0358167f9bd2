/**
 * The search stage: the index files in the output, what is and is not indexed, the synonyms checked
 * with their file and line, the index taken over while no page's text changed, and the dev server's
 * index, made when a page asks for it, giving the files of a clean build after an article is saved.
 */
import { load } from 'cheerio';
import { createHash } from 'node:crypto';
import { appendFile, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { emptyMemo, type BuildMemo } from '../../src/incremental/memo.ts';
import { servedIndex } from '../../src/incremental/search.ts';
import { serve } from '../../src/serve/server.ts';
import { diskWriter, memoryWriter } from '../../src/write/writer.ts';
import { editFile, projectRoot, removeProject, siteErrorsOf, tempProject } from '../helpers.ts';

/** A file of the output as text. */
const text = (files: Map<string, Uint8Array>, file: string) => Buffer.from(files.get(file)!).toString('utf8');

/** The words of every page the index holds, from its fragments (gzipped, after Pagefind's signature). */
function indexedText(files: Map<string, Uint8Array>): string {
  return [...files]
    .filter(([file]) => file.startsWith('pagefind/fragment/'))
    .map(([, bytes]) => gunzipSync(bytes).subarray('pagefind_dcd'.length).toString('utf8'))
    .join('\n');
}

/** The index's files, by name. */
const indexFiles = (files: Map<string, Uint8Array>) => new Map([...files].filter(([file]) => file.startsWith('pagefind/')));

/** Each file's SHA-256, by name (Pagefind's bytes come as Buffers, a folder's as read). */
const digests = (files: ReadonlyMap<string, Uint8Array>) => new Map([...files].map(([file, bytes]) => [file, createHash('sha256').update(bytes).digest('hex')]));

/** What a build into memory serves: its files, and the index the dev server makes of it when asked. */
const servedFiles = async (files: Map<string, Uint8Array>, memo: BuildMemo) => new Map([...files, ...(await servedIndex(memo.search!))]);

describe('search index of the real content', () => {
  const writer = { files: new Map<string, Uint8Array>() };
  beforeAll(async () => {
    const memory = memoryWriter();
    const memo = emptyMemo();
    await build({ root: projectRoot, writer: memory, memo });
    writer.files = await servedFiles(memory.files, memo);
  });

  it('should write Pagefind\'s script, WebAssembly and an index per language of every indexed page, and none of its ready-made UIs', () => {
    const files = [...writer.files.keys()];
    for (const file of ['pagefind/pagefind.js', 'pagefind/pagefind-entry.json', 'pagefind/wasm.en.pagefind']) expect(files).toContain(file);
    expect(files.some((f) => /^pagefind\/pagefind\.en_\w+\.pf_meta$/.test(f))).toBe(true);
    expect(files.some((f) => /^pagefind\/index\/en_\w+\.pf_index$/.test(f))).toBe(true);
    expect(files.filter((f) => /pagefind-(ui|component-ui|modular-ui|worker|highlight)/.test(f))).toEqual([]);
    const indexed = files.filter((f) => f.endsWith('.html') && text(writer.files, f).includes('data-pagefind-body'));
    const entry = JSON.parse(text(writer.files, 'pagefind/pagefind-entry.json')) as { languages: Record<string, { page_count: number }> };
    // Pagefind keeps an index per <html lang>: the Spanish pages are searched from Spanish pages.
    expect(Object.keys(entry.languages).sort()).toEqual(['en', 'es']);
    const spanish = indexed.filter((f) => f.startsWith('es/'));
    expect(spanish.length).toBeGreaterThan(0);
    expect(entry.languages.en!.page_count).toBe(indexed.length - spanish.length);
    expect(entry.languages.es!.page_count).toBe(spanish.length);
  });

  it('should index articles, treatments, service pages and the home page with their kind, not the blog, legal, search or 404 pages', () => {
    const kindOf = (file: string) => load(text(writer.files, file))('main').attr('data-pagefind-filter');
    expect(kindOf('blog/why-we-started/index.html')).toBe('kind:article');
    expect(kindOf('treatments/glp1/index.html')).toBe('kind:treatment');
    const services = ['services/well/thyroid', 'process', 'memberships', 'lab-sales', 'inbody-analysis'].map((p) => `${p}/index.html`);
    for (const file of services) expect(kindOf(file), file).toBe('kind:service');
    // The home page holds the clinic's hours, address and founder; its pillars' lists of treatments are left out.
    expect(kindOf('index.html')).toBe('kind:clinic');
    expect(kindOf('es/index.html')).toBe('kind:clinic');
    expect(load(text(writer.files, 'index.html'))('main .pillar-treatments[data-pagefind-ignore]').length).toBe(3);
    for (const file of ['blog/index.html', 'legal/privacy-policy/index.html', 'search/index.html', '404.html']) {
      expect(load(text(writer.files, file))('[data-pagefind-body]').length, file).toBe(0);
    }
    // Header, footer and the dialogs are outside <main>; breadcrumbs and closing calls inside it are left out.
    const words = indexedText(writer.files);
    expect(words).toContain('Ozempic');
    expect(words).not.toContain('Patient Portal');
    expect(words).not.toContain('Skip to content');
    // Nor the buttons under a page's title, nor what a link tells screen readers: a result's excerpt would show them.
    expect(words).not.toContain('opens in a new tab');
    expect(words).not.toContain('abre en una pestaña nueva');
    expect(load(text(writer.files, 'treatments/glp1/index.html'))('main .page-hero-actions').text()).toContain('Start Visit Now');
    expect(words).not.toContain('Start Visit Now');
  });

  it('should ask for WebAssembly in the CSP, and for nothing unsafe', () => {
    const policy = /Content-Security-Policy: (.*)/.exec(text(writer.files, '_headers'))![1]!;
    expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    expect(policy).not.toMatch(/'unsafe-eval'|'unsafe-inline'/);
  });
});

describe('synonyms', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempProject();
  });
  afterAll(() => removeProject(dir));

  it('should name the file and line of a synonym for a page that does not exist, or that search does not find', async () => {
    const source = await readFile(join(dir, 'content', 'search.yaml'), 'utf8');
    const lineOf = (needle: string) => source.split('\n').findIndex((line) => line.includes(needle)) + 1;
    const missing = lineOf('page: /treatments/liraglutide/');
    const notIndexed = lineOf('page: /lab-sales');
    await editFile(dir, 'content/search.yaml', 'page: /treatments/liraglutide/', 'page: /treatments/liraglutid/');
    await editFile(dir, 'content/search.yaml', 'page: /lab-sales', 'page: /legal/privacy-policy');
    const errors = await siteErrorsOf(build({ root: dir, writer: memoryWriter(), memo: emptyMemo() }));
    expect(errors.map((e) => [e.loc?.file, e.loc?.line, e.message])).toEqual([
      ['content/search.yaml', missing, 'there is no page at "/treatments/liraglutid/"'],
      ['content/search.yaml', notIndexed, 'the page "/legal/privacy-policy" is not one that search finds'],
    ]);
    expect(errors[0]!.hint).toContain('did you mean "/treatments/liraglutide"');
  });

  it('should name the file and line of a synonym entry without words', async () => {
    const entry = /page: \/treatments\/liraglutid\/\n {4}words: \[Saxenda, Victoza, GLP-1\]/;
    await editFile(dir, 'content/search.yaml', entry, 'page: /treatments/liraglutide/\n    words: []');
    const errors = await siteErrorsOf(build({ root: dir, writer: memoryWriter(), memo: emptyMemo() }));
    expect(errors[0]!.loc?.file).toBe('content/search.yaml');
    expect(errors[0]!.message).toContain('at least one word');
  });
});

describe('Spanish patient words', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempProject();
  });
  afterAll(() => removeProject(dir));

  it('should name the line of search.es.yaml whose patientWords entry names no page search finds', async () => {
    const source = await readFile(join(dir, 'content', 'search.es.yaml'), 'utf8');
    const line = source.split('\n').findIndex((l) => l.includes('page: /es/lab-sales')) + 1;
    await editFile(dir, 'content/search.es.yaml', 'page: /es/lab-sales', 'page: /es/lab-sale');
    const errors = await siteErrorsOf(build({ root: dir, writer: memoryWriter(), memo: emptyMemo() }));
    expect(errors.map((e) => [e.loc?.file, e.loc?.line, e.message])).toEqual([
      ['content/search.es.yaml', line, 'there is no page at "/es/lab-sale"'],
    ]);
  });

  it('should add them to the Spanish page only, after the English words that find it too', async () => {
    // Named by its English address this time: the entry finds the Spanish page all the same.
    await editFile(dir, 'content/search.es.yaml', /page: \/(es\/lab-sale|lab-sales)$/m, 'page: /lab-sales');
    const memory = memoryWriter();
    const memo = emptyMemo();
    await build({ root: dir, writer: memory, memo });
    const fragments = indexedText(await servedFiles(memory.files, memo))
      .split('\n')
      .map((f) => JSON.parse(f) as { url: string; content: string });
    const textOf = (url: string) => fragments.find((f) => f.url === url)?.content;
    expect(textOf('/es/lab-sales')).toMatch(/bloodwork, labs, GI-MAP, DUTCH test, análisis de sangre, examen de sangre/);
    expect(textOf('/lab-sales')).toContain('DUTCH test');
    expect(textOf('/lab-sales')).not.toContain('análisis');
  });
});

describe('index reuse', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempProject();
  });
  afterAll(() => removeProject(dir));

  it('should take the index over when no page\'s text changed, and make it again when an article\'s did', async () => {
    const out = join(dir, 'dist');
    const entry = join(out, 'pagefind', 'pagefind-entry.json');
    await build({ root: dir, writer: diskWriter(out, dir) });
    const first = await stat(entry);
    const firstText = await readFile(entry, 'utf8');
    // The stylesheet's hashed name changes every page, not what search indexes.
    await appendFile(join(dir, 'templates', 'styles', 'footer.css'), '\n.site-footer { letter-spacing: 0; }\n');
    const restyled = await build({ root: dir, writer: diskWriter(out, dir) });
    expect(restyled.rendered).toBe(restyled.pages);
    expect((await stat(entry)).mtimeMs).toBe(first.mtimeMs);
    // A file of the index edited by hand is the user's: the build refuses to replace it, and writes it again once it is deleted.
    await writeFile(entry, '{}');
    await expect(build({ root: dir, writer: diskWriter(out, dir) })).rejects.toThrow(/pagefind-entry\.json/);
    expect(await readFile(entry, 'utf8')).toBe('{}');
    await rm(entry);
    await build({ root: dir, writer: diskWriter(out, dir) });
    expect(await readFile(entry, 'utf8')).toBe(firstText);
    await appendFile(join(dir, 'content', 'blog', 'why-we-started.md'), '\n\nA zebrafish sentence for the index.\n');
    await build({ root: dir, writer: diskWriter(out, dir) });
    // The entry names the index by the hash of what it holds.
    expect(await readFile(entry, 'utf8')).not.toBe(firstText);
  });
});

describe('the dev server\'s index, made when a page asks for it', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempProject();
  });
  afterAll(() => removeProject(dir));
  const baseUrl = 'http://localhost:4321';
  /** The index files a clean build of the tree writes on disk, as the CLI does (with drafts, as the dev server builds). */
  const cleanIndex = async (url: string) => {
    const out = join(dir, 'cli-dist');
    await rm(out, { recursive: true, force: true });
    await build({ root: dir, writer: diskWriter(out, dir), memo: emptyMemo(), drafts: true, baseUrl: url });
    const names = (await readdir(join(out, 'pagefind'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    const files = names.map((e) => relative(out, join(e.parentPath, e.name)).split(sep).join('/'));
    return new Map(await Promise.all(files.map(async (file) => [file, await readFile(join(out, file))] as const)));
  };

  it('should find a sentence saved into an article on the next query, in the same open index, and keep no index in the output', async () => {
    const writer = memoryWriter();
    const memo = emptyMemo();
    const serveBuild = (changed?: string[]) =>
      build({ root: dir, writer, memo, drafts: true, baseUrl, ...(changed ? { changed: new Set(changed) } : {}) });
    await serveBuild();
    await servedIndex(memo.search!);
    const index = memo.search?.lazy?.live.index;
    expect(index).toBeDefined();
    for (const word of ['zebrafish', 'quokka']) {
      await appendFile(join(dir, 'content', 'blog', 'why-we-started.md'), `\n\nA ${word} sentence typed while the dev server runs.\n`);
      const result = await serveBuild(['content/blog/why-we-started.md']);
      // The article, and its Spanish page (made from the English article's date, image and review too).
      expect(result.rendered).toBe(2);
      expect(indexFiles(writer.files)).toEqual(new Map());
      // Requests while the index is brought up to date share one update.
      const asked = servedIndex(memo.search!);
      expect(servedIndex(memo.search!)).toBe(asked);
      expect(indexedText(new Map(await asked))).toContain(`${word} sentence typed`);
    }
    // The same Pagefind index, the edited page replaced in it, not a new one, and the files a clean CLI build writes.
    expect(memo.search?.lazy?.live.index).toBe(index);
    expect(digests(await servedIndex(memo.search!))).toEqual(digests(await cleanIndex(baseUrl)));
  });

  it('should serve over HTTP, after a save, the index files of a clean CLI build of the same tree, byte for byte', async () => {
    const server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
    try {
      const get = async (path: string) => {
        const response = await fetch(new URL(path, server.url));
        return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
      };
      expect((await get('/pagefind/pagefind-entry.json')).status).toBe(200);
      const sentence = 'A wombat sentence saved while the server runs.';
      await appendFile(join(dir, 'content', 'blog', 'why-we-started.md'), `\n\n${sentence}\n`);
      await expect.poll(async () => (await get('/blog/why-we-started/')).bytes.toString('utf8'), { timeout: 30_000 }).toContain(sentence);
      await server.idle();
      const clean = await cleanIndex(server.url);
      expect(indexedText(clean)).toContain('wombat sentence saved');
      // Every file of the clean index asked for at once, as a search does: the first requests after the save wait for one update.
      const served = await Promise.all([...clean.keys()].map(async (file) => [file, await get(`/${file}`)] as const));
      expect(served.filter(([, answer]) => answer.status !== 200).map(([file]) => file)).toEqual([]);
      expect(digests(new Map(served.map(([file, answer]) => [file, answer.bytes])))).toEqual(digests(clean));
    } finally {
      await server.close();
    }
  });
});
