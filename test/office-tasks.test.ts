/** Issue 26, what an office manager tripped over: times and phone numbers as people write them, on real builds of a copy. */
import { load } from 'cheerio';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../src/build.ts';
import { diskWriter } from '../src/write/writer.ts';
import { editFile, siteErrorsOf, tempProject } from './helpers.ts';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A copy of the project with `edit` applied, built into a folder of its own; resolves to the home page. */
async function homeOf(edit: (dir: string) => Promise<void>) {
  const dir = await tempProject();
  made.push(dir);
  await edit(dir);
  const out = join(await mkdtemp(join(tmpdir(), 'clinic-office-')), 'dist');
  made.push(join(out, '..'));
  await build({ root: dir, writer: diskWriter(out, dir) });
  return load(await readFile(join(out, 'index.html'), 'utf8'));
}

const hoursRow = (dir: string, opens: string, closes: string) =>
  editFile(dir, 'content/site.yaml', 'opens: "10:00"\n    closes: "17:00"', `opens: ${opens}\n    closes: ${closes}`);

describe('office hours as people write them', () => {
  it('should accept 9:00 and 9:00 AM as opening times and publish them as 09:00 (9:00 AM on the page)', async () => {
    for (const [opens, closes] of [['9:00', '17:00'], ['"9:00 AM"', '5:00 PM'], ['09:00', '5:00pm']]) {
      const $ = await homeOf((dir) => hoursRow(dir, opens!, closes!));
      const times = $('dl.hours time').toArray().map((t) => `${$(t).attr('datetime')}=${$(t).text()}`);
      expect(times, `opens: ${opens}, closes: ${closes}`).toEqual(['09:00=9:00 AM', '17:00=5:00 PM']);
      expect($('script[type="application/ld+json"]').text()).toContain('"Mo-Fr 09:00-17:00"');
    }
  });

  it('should read 12:00 AM as midnight and 12:30 PM as half past noon', async () => {
    const $ = await homeOf((dir) => hoursRow(dir, '12:00 AM', '12:30 PM'));
    expect($('dl.hours time').toArray().map((t) => $(t).attr('datetime'))).toEqual(['00:00', '12:30']);
  });

  it('should refuse a time that is none, naming the forms it takes, at its line', async () => {
    const dir = await tempProject();
    made.push(dir);
    await hoursRow(dir, '"25:00"', '"5:00 XM"');
    const errors = await siteErrorsOf(build({ root: dir, writer: diskWriter(join(dir, 'dist'), dir) }));
    expect(errors.map((e) => [e.loc?.file, e.loc?.line])).toEqual([['content/site.yaml', 21], ['content/site.yaml', 22]]);
    for (const error of errors) expect(error.message).toContain('9:00, 17:00 or 9:00 AM');
  });
});

describe('a phone number with an extension', () => {
  it('should show "(555) 010-0100 ext. 12" and dial the extension after a pause (tel:5550100100,12)', async () => {
    for (const written of ['(555) 010-0100 ext. 12', '(555) 010-0100 x12', '"(555) 010-0100 ext: 12"', '(555) 010-0100 Extension 12']) {
      const $ = await homeOf((dir) => editFile(dir, 'content/site.yaml', 'phone: (555) 010-0142', `phone: ${written}`));
      const links = $('a[href^="tel:555"]').toArray();
      expect(links.length, written).toBeGreaterThanOrEqual(2);
      for (const link of links) {
        expect($(link).attr('href')).toBe('tel:5550100100,12');
        expect($(link).text().replace(/\u00a0/g, ' ').replace(/\u2011/g, '-')).toContain('(555) 010-0100 ext. 12');
      }
    }
  });

  it('should still refuse a phone number that is not one', async () => {
    const dir = await tempProject();
    made.push(dir);
    await editFile(dir, 'content/site.yaml', 'phone: (555) 010-0142', 'phone: call us ext 12');
    const errors = await siteErrorsOf(build({ root: dir, writer: diskWriter(join(dir, 'dist'), dir) }));
    expect(errors.map((e) => e.loc?.line)).toEqual([10]);
    expect(errors[0]!.message).toContain('ext. 12 or x12');
  });
});
