/**
 * Content kinds are data (src/schemas/kinds.ts): a kind declared in the table alone, markdown or YAML, is read, checked and
 * narrowed on a rebuild as the blog and the treatments are, with nothing of the incremental core changed: a rebuild told
 * what changed reads that file alone, takes every other entry over as it was, and loads what a clean build loads.
 */
import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateArticles } from '../../bench/harness/articles.mjs';
import { memoReader } from '../../src/incremental/content.ts';
import { emptyMemo, type BuildMemo } from '../../src/incremental/memo.ts';
import { keptRoutes, siteKeyOf } from '../../src/incremental/keeping.ts';
import { loadContent } from '../../src/load/content.ts';
import { buildRoutes } from '../../src/route/table.ts';
import type { Article } from '../../src/schemas/article.ts';
import type { Content } from '../../src/schemas/content.ts';
import { contentKinds, type ContentKind } from '../../src/schemas/kinds.ts';
import { editFile, removeProject, tempProject } from '../helpers.ts';

/** A kind of markdown files beside the blog, and one of YAML files, declared for this test only. */
const news: ContentKind = {
  name: 'news', folder: 'news', what: 'news item', body: true,
  schema: async () => (await import('../../src/schemas/article.ts')).articleSchema,
};
const clinics: ContentKind = {
  name: 'clinics', folder: 'clinics', what: 'clinic', body: false,
  schema: async () => (await import('../../src/schemas/registry.ts')).folders.providers.schema,
};

const newsOf = (content: Content) => (content as unknown as { news: Article[] }).news;
const clinicsOf = (content: Content) => (content as unknown as { clinics: Map<string, unknown> }).clinics;
const options = { drafts: false, future: false, today: '2026-11-29', baseUrl: 'https://example.org' };
/** What a page of the table is: its address and its key. */
const pagesOf = (routes: readonly { path: string; key: string }[]) => routes.map((r) => `${r.path} ${r.key}`);
/** The entries as loaded, without what only memory keeps (the body, when an entry was taken from the memo). */
const entries = (list: readonly Article[]) => list.map(({ markdown: _m, ...entry }) => entry);

describe('a content kind declared in the table alone', { timeout: 60_000 }, () => {
  let dir: string;
  let memo: BuildMemo;
  let first: Content;

  beforeAll(async () => {
    contentKinds.push(news, clinics);
    dir = await tempProject();
    await mkdir(join(dir, 'content', 'news'));
    for (const a of generateArticles(3, 7)) await writeFile(join(dir, 'content', 'news', a.file), a.text);
    await mkdir(join(dir, 'content', 'clinics'));
    const provider = 'content/providers/jane-example.yaml';
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(join(dir, provider), 'utf8');
    for (const id of ['downtown', 'uptown']) await writeFile(join(dir, 'content', 'clinics', `${id}.yaml`), text);
    memo = emptyMemo();
    first = await loadContent(dir, memoReader(memo.content, undefined));
  });
  afterAll(async () => {
    contentKinds.splice(contentKinds.indexOf(news), 2);
    await removeProject(dir);
  });

  it('should load its files under its name, as a clean build does', async () => {
    const clean = await loadContent(dir);
    expect(newsOf(first).map((a) => a.file).sort()).toEqual(newsOf(clean).map((a) => a.file).sort());
    expect(newsOf(first)).toHaveLength(3);
    expect([...clinicsOf(first).keys()]).toEqual(['downtown', 'uptown']);
  });

  it('should read again only the markdown file the watcher named, and load what a clean build loads', async () => {
    const [edited, ...others] = newsOf(first);
    const before = new Map(memo.content.markdown);
    await appendFile(join(dir, edited!.file), '\n\nOne more sentence.\n');
    const again = await loadContent(dir, memoReader(memo.content, new Set([edited!.file])));
    const clean = await loadContent(dir);
    expect(entries(newsOf(again))).toEqual(entries(newsOf(clean)));
    const byFile = new Map(newsOf(again).map((a) => [a.file, a]));
    expect(byFile.get(edited!.file)!.sourceHash).not.toBe(edited!.sourceHash);
    // Taken over from the memo as they were, never parsed again: the other news items and every article.
    expect(memo.content.markdown.get(edited!.file)).not.toBe(before.get(edited!.file));
    const untouched = [...before.keys()].filter((file) => file !== edited!.file);
    expect(untouched).toHaveLength(others.length + first.articles.length);
    for (const file of untouched) expect(memo.content.markdown.get(file)).toBe(before.get(file));
    // The route table of a dev server is taken over (no page shows a news item), and is the one a clean build makes.
    const table = keptRoutes(keptRoutes(undefined, first, options, {}), again, options, {});
    expect(pagesOf(table.routes)).toEqual(pagesOf(buildRoutes(clean, options, {})));
    first = again;
  });

  it('should narrow a rebuild after an article changed as before, the new kind among the cards it keys by', async () => {
    const last = keptRoutes(undefined, first, options, {});
    // An article without a Spanish translation (a Spanish article is made from its English one's body too).
    const article = first.articles.find((a) => a.file === 'content/blog/hrt-glow-up.md')!;
    await appendFile(join(dir, article.file), '\n\nOne more sentence.\n');
    const again = await loadContent(dir, memoReader(memo.content, new Set([article.file])));
    expect(siteKeyOf(again, options)).toBe(siteKeyOf(first, options));
    const table = keptRoutes(last, again, options, {});
    const remade = table.routes.filter((route, i) => route !== last.routes[i]).map((r) => r.path);
    expect(remade).toEqual([`/blog/${article.slug}/`]);
    expect(pagesOf(table.routes)).toEqual(pagesOf(buildRoutes(await loadContent(dir), options, {})));
    first = again;
  });

  it('should take a YAML kind from its folder, read again only the file named, and forget a file that went', async () => {
    await editFile(dir, 'content/clinics/uptown.yaml', /name: .*/, 'name: Uptown Example');
    await rm(join(dir, 'content', 'news', `${newsOf(first)[0]!.slug}.md`));
    const gone = newsOf(first)[0]!.file;
    const told = new Set(['content/clinics/uptown.yaml', gone]);
    const before = memo.content.yaml.get('content/clinics/downtown.yaml');
    const again = await loadContent(dir, memoReader(memo.content, told));
    const clean = await loadContent(dir);
    expect(memo.content.yaml.get('content/clinics/downtown.yaml')).toBe(before);
    expect(clinicsOf(again).get('uptown')).toEqual(clinicsOf(clean).get('uptown'));
    expect(clinicsOf(again).get('uptown')).toMatchObject({ name: 'Uptown Example' });
    expect(entries(newsOf(again))).toEqual(entries(newsOf(clean)));
    expect(memo.content.markdown.has(gone)).toBe(false);
    expect(again.catalogueKey).toBe(clean.catalogueKey);
  });
});
