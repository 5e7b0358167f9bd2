/**
 * One source for every fact (issue 26, item 8): hours, phone, address, e-mail and the founder's name are written once in
 * content/ and referenced everywhere else ({hours} in page and legal YAML, a provider id as an article's author), and a
 * scan of content/ finds any fact written twice.
 */
import { load } from 'cheerio';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { editFile, projectRoot, siteErrorsOf, throwawayProjects } from '../helpers.ts';

/** A copy of the project, removed after the tests. */
const project = throwawayProjects();

async function pages(dir: string): Promise<(path: string) => ReturnType<typeof load>> {
  const writer = memoryWriter();
  await build({ root: dir, writer, today: '2026-11-26' });
  return (path) => load(Buffer.from(writer.files.get(path)!).toString('utf8'));
}

/** 17:00 as 5:00 PM. */
const twelveHour = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each fact of site.yaml and the founder's provider file as the pattern it may be written in, by name, with the file that holds it. */
async function factPatterns(dir: string): Promise<Record<string, { owner: string; pattern: RegExp }>> {
  const site = parse(await readFile(join(dir, 'content/site.yaml'), 'utf8'));
  const home = parse(await readFile(join(dir, 'content/home.yaml'), 'utf8'));
  const founder = parse(await readFile(join(dir, `content/providers/${home.about.founder}.yaml`), 'utf8'));
  const digits = String(site.phone).replace(/\D/g, '');
  const rows: { opens?: string; closes?: string; closed?: boolean }[] = site.officeHours;
  const times = rows.filter((row) => !row.closed).flatMap((row) => [row.opens!, row.closes!]);
  // 10:00 AM, 10 AM, 10am: the times as a sentence writes them (site.yaml writes them 24-hour).
  const spoken = times.map((t) =>
    twelveHour(t).replace(/^(\d+):(\d+) (AM|PM)$/, (_m, h, min, half) => `\\b${h}(:${min})?\\s*${half[0]}\\.?m\\b`),
  );
  const owner = 'content/site.yaml';
  return {
    phone: { owner, pattern: new RegExp(digits.slice(-7, -4) + '\\D{0,2}' + digits.slice(-4)) },
    email: { owner, pattern: new RegExp(escape(site.email), 'i') },
    address: { owner, pattern: new RegExp(escape(site.address.street.split(',')[0]), 'i') },
    hours: { owner, pattern: new RegExp(spoken.join('|'), 'i') },
    // "Jane Example", however titled.
    "founder's name": {
      owner: `content/providers/${home.about.founder}.yaml`,
      pattern: new RegExp(escape(founder.name.replace(/^Dr\. /, '')), 'i'),
    },
  };
}

/** The facts written literally in more than one file of content/, each with the files it is in. */
async function factsWrittenTwice(dir: string): Promise<Record<string, string[]>> {
  const patterns = await factPatterns(dir);
  const entries = await readdir(join(dir, 'content'), { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && /\.(ya?ml|md)$/.test(e.name)).map((e) => join(e.parentPath, e.name));
  const where: Record<string, string[]> = Object.fromEntries(Object.entries(patterns).map(([fact, { owner }]) => [fact, [owner]]));
  for (const path of files) {
    const file = relative(dir, path).split('\\').join('/');
    // Comments are notes to authors, not published.
    const text = (await readFile(path, 'utf8')).replace(/^\s*#.*$/gm, '');
    // A translation of the file that holds a fact (jane-example.es.yaml) holds it too.
    const english = file.replace(/\.es\.(ya?ml|md)$/, '.$1');
    for (const [fact, { owner, pattern }] of Object.entries(patterns)) if (english !== owner && pattern.test(text)) where[fact]!.push(file);
  }
  return Object.fromEntries(Object.entries(where).filter(([, found]) => found.length > 1).map(([fact, found]) => [fact, found.sort()]));
}

describe('one source for every fact', () => {
  it('should find no fact written twice in content/', async () => {
    expect(await factsWrittenTwice(projectRoot)).toEqual({});
  });

  it('should find the office hours written again in a legal page, and a phone number in an article', async () => {
    const dir = await project();
    await editFile(dir, 'content/legal/accessibility.yaml', '{hours}:', 'Monday to Friday, 10:00 AM to 5:00 PM:');
    await editFile(dir, 'content/blog/hrt-glow-up.md', /\n$/, '\n\nCall us at (555) 010-0142.\n');
    expect(await factsWrittenTwice(dir)).toEqual({
      hours: ['content/legal/accessibility.yaml', 'content/site.yaml'],
      phone: ['content/blog/hrt-glow-up.md', 'content/site.yaml'],
    });
  });

  it('should fill {hours} of a legal page from site.yaml, so a change of hours reaches it', async () => {
    const dir = await project();
    let $ = (await pages(dir))('legal/accessibility/index.html');
    expect($('main').text()).toContain('during office hours, Monday to Friday, 10:00 AM to 5:00 PM: ask a question');
    await editFile(dir, 'content/site.yaml', 'opens: "10:00"', 'opens: "9:00"');
    await editFile(dir, 'content/site.yaml', 'closes: "17:00"', 'closes: 4:00 PM');
    $ = (await pages(dir))('legal/accessibility/index.html');
    expect($('main').text()).toContain('during office hours, Monday to Friday, 9:00 AM to 4:00 PM: ask a question');
    expect($('main').text()).not.toContain('{hours}');
  });

  it('should fill {phone}, {email}, {address} and {founder} wherever page YAML writes them', async () => {
    const dir = await project();
    const sentence = 'Call {phone}, write to {email} or visit {address}; {founder} answers.';
    await editFile(dir, 'content/legal/accessibility.yaml', /^questions: .*$/m, `questions: ${sentence}`);
    const $ = (await pages(dir))('legal/accessibility/index.html');
    const filled = 'Call (555) 010-0142, write to hello@example.com or visit 123 Example Street, Suite 100, Exampleville, TX 75001;';
    expect($('main').text()).toContain(`${filled} Dr. Jane Example answers.`);
  });

  it('should refuse an unknown placeholder at its file, line and column, suggesting the fact meant', async () => {
    const dir = await project();
    await editFile(dir, 'content/legal/accessibility.yaml', '{hours}:', '{hous}:');
    const errors = await siteErrorsOf(build({ root: dir, writer: memoryWriter(), today: '2026-11-26' }));
    expect(errors, errors.map((e) => e.message).join('\n')).toHaveLength(1);
    const lines = (await readFile(join(dir, 'content/legal/accessibility.yaml'), 'utf8')).split('\n');
    const line = lines.findIndex((l) => l.includes('{hous}')) + 1;
    expect(errors[0]!.loc).toEqual({ file: 'content/legal/accessibility.yaml', line, column: lines[line - 1]!.indexOf('{hous}') + 1 });
    expect(errors[0]!.message).toBe('{hous} is not a fact the build can fill in');
    expect(errors[0]!.hint).toMatch(/^did you mean \{hours\}\? write one of /);
    expect(errors[0]!.hint).toContain('{name}, {phone}, {email}, {address}, {hours}, {founder} ');
  });

  it("should take the founder's name, credentials and role from the provider file for #about and every byline", async () => {
    const dir = await project();
    await editFile(dir, 'content/providers/jane-example.yaml', 'name: Dr. Jane Example', 'name: Dr. Jane Sample');
    const page = await pages(dir);
    const $ = page('index.html');
    expect($('.founder-portrait figcaption strong').text()).toBe('Dr. Jane Sample, DNP, FNP-C');
    expect($('.founder-portrait figcaption > span').text()).toBe('Founder and Family Nurse Practitioner');
    const article = page('blog/hrt-glow-up/index.html');
    expect(article('main').text()).toContain('Dr. Jane Sample, DNP, FNP-C');
    const data = article('script[type="application/ld+json"]').toArray().map((s) => article(s).text()).join('');
    expect(data).toContain('"author":{"@type":"Person","name":"Dr. Jane Sample, DNP, FNP-C"}');
  });

  it('should refuse an author that looks like a provider id but names none, at its line', async () => {
    const dir = await project();
    await editFile(dir, 'content/blog/hrt-glow-up.md', 'author: jane-example', 'author: jane-exmple');
    const errors = await siteErrorsOf(build({ root: dir, writer: memoryWriter(), today: '2026-11-26' }));
    expect(errors.map((e) => [e.loc?.file, e.loc?.line])).toEqual([['content/blog/hrt-glow-up.md', 5]]);
    expect(errors[0]!.hint).toContain('jane-example');
  });
});
