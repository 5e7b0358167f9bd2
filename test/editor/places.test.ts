/**
 * Issue 40, "words and places she knows": each entry of the editor says where it shows on the site, from the content and the
 * pages a build made (the dev server's last build, or the build of `build --editor`), and a service page names the treatments
 * whose questions it shows, each a link to that treatment's entry.
 */
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryPlaces, type PlacesOfEntries } from '../../src/authoring/places.ts';
import { openFile } from '../../src/authoring/cms/shown-on.ts';
import { cmsConfig } from '../../src/authoring/cms-config.ts';
import { build } from '../../src/build.ts';
import { loadContent } from '../../src/load/content.ts';
import { resolveRequest, serve, type DevServer } from '../../src/serve/server.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { projectRoot, removeProject, tempProject } from '../helpers.ts';

let places: PlacesOfEntries;
beforeAll(async () => {
  const writer = memoryWriter();
  await build({ root: projectRoot, writer, today: '2026-11-26' });
  // As the dev server names pages: those its last build answers.
  places = entryPlaces(await loadContent(projectRoot), (page) => resolveRequest(writer.files, page) !== undefined);
}, 120_000);

const labels = (file: string) => places[file]!.shownOn.map((p) => `${p.label} ${p.href}`);

describe('entryPlaces', () => {
  it('should say a treatment shows on its own page, the home lists and each service page with its card', () => {
    expect(labels('content/treatments/glp1.yaml')).toEqual([
      'Its own page /treatments/glp1/',
      'Home page: Our Services /',
      'Weight Loss & Metabolic Care page /services/body/weight-loss',
    ]);
    expect(labels('content/treatments/testosterone-optimization.yaml')).toContain("Men's Health page /services/body/mens-health");
  });

  it("should name the treatments whose questions a service page shows, as links to their entries", () => {
    const mens = places['content/services/mens-health.yaml']!;
    expect(mens.shownOn).toEqual([{ label: "Men's Health page", href: '/services/body/mens-health' }]);
    expect(mens.questionsFrom).toEqual([
      { label: 'Testosterone Optimization', href: '#/collections/treatments/entries/testosterone-optimization' },
      { label: "Men's Metabolic Health and Weight Loss", href: '#/collections/treatments/entries/mens-metabolic-health' },
      { label: "Men's Sexual Health", href: '#/collections/treatments/entries/mens-sexual-health' },
    ]);
  });

  it('should say where a provider, an article, a blog category and a page show', () => {
    const founder = labels('content/providers/jane-example.yaml');
    expect(founder[0]).toBe('Home page: About Our Founder /');
    // She wrote the articles: each names her.
    expect(founder).toContain('Article: Running on Empty: What Burnout Does to Your Energy and Metabolism /blog/burnout-and-energy/');
    expect(labels('content/blog/burnout-and-energy.md')).toEqual([
      'Its own page /blog/burnout-and-energy/',
      'Blog page /blog',
      'Blog category page: Metabolic Health /blog/category/metabolic-health/',
    ]);
    expect(labels('content/blog.yaml')).toContain('Blog category page: Metabolic Health /blog/category/metabolic-health/');
    expect(labels('content/process.yaml')).toEqual(['Our Process page /process']);
    expect(labels('content/site.yaml')).toEqual(['Every page /']);
  });

  it('should name only pages the build made: a treatment on no page is shown nowhere', async () => {
    const content = await loadContent(projectRoot);
    const none = entryPlaces(content, () => false);
    expect(none['content/treatments/glp1.yaml']!.shownOn).toEqual([]);
  });
});

describe('openFile', () => {
  it("should find the file of the entry the editor's address opens", () => {
    const config = cmsConfig({ name: 'test-repo' });
    expect(openFile(config, '#/collections/treatments/entries/glp1')).toBe('content/treatments/glp1.yaml');
    expect(openFile(config, '#/collections/blog/entries/burnout-and-energy')).toBe('content/blog/burnout-and-energy.md');
    expect(openFile(config, '#/collections/pages/entries/process')).toBe('content/process.yaml');
    expect(openFile(config, '#/collections/treatments/new')).toBeUndefined();
  });
});

describe("the dev server's places.json", () => {
  let dir: string;
  let server: DevServer;
  beforeAll(async () => {
    dir = await tempProject();
    server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    // The last rebuild's cache can still be settling as the server closes.
    await removeProject(dir).catch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await removeProject(dir);
    });
  });

  it("should show a new provider in the home page's providers' section once the site built", async () => {
    const read = async () => (await (await fetch(`${server.url}/admin/places.json`)).json()) as PlacesOfEntries;
    expect((await read())['content/treatments/glp1.yaml']!.shownOn.map((p) => p.href)).toContain('/services/body/weight-loss');
    await copyFile(join(dir, 'public/images/providers/jane-example.jpg'), join(dir, 'public/images/providers/sam-example.jpg'));
    const photo = 'photo:\n  src: /images/providers/sam-example.jpg\n  alt: Sam\n';
    const provider = `name: Sam Example\ncredentials: MD\nrole: Physician\n${photo}bio: Made up.\n`;
    await writeFile(join(dir, 'content/providers/sam-example.yaml'), provider);
    const sam = async () => (await read())['content/providers/sam-example.yaml']?.shownOn.map((p) => p.label) ?? [];
    await expect.poll(sam, { timeout: 60_000 }).toEqual(['Home page: Our Providers']);
  }, 120_000);
});
