/**
 * Issue 40: a provider added in content/providers/ shows on the site: the home page's providers' section (#team, after the
 * founder's About section, whose words SPEC fixes and which it leaves as it was) lists every provider with photo, name,
 * credentials and role, in English and in Spanish, and only what their files hold.
 */
import { load, type CheerioAPI } from 'cheerio';
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { projectRoot, removeProject, tempProject } from '../helpers.ts';

let dir: string;
let files: Map<string, Uint8Array>;
let realFiles: Map<string, Uint8Array>;
const page = (from: Map<string, Uint8Array>, file: string): CheerioAPI => load(Buffer.from(from.get(file)!).toString('utf8'));
const text = (value: string) => value.replace(/\s+/g, ' ').trim();

/** A second provider as the editor writes one: no Spanish file yet. */
const samExample =
  '# yaml-language-server: $schema=../../schemas/provider.schema.json\nname: Sam Example\ncredentials: MD\n' +
  'role: Physician\nphoto:\n  src: /images/providers/sam-example.jpg\n  alt: Portrait of Sam Example\n' +
  'bio: Sam Example is a made-up physician of the tests.\n';

beforeAll(async () => {
  dir = await tempProject();
  await writeFile(join(dir, 'content/providers/sam-example.yaml'), samExample);
  await copyFile(join(dir, 'public/images/providers/jane-example.jpg'), join(dir, 'public/images/providers/sam-example.jpg'));
  const writer = memoryWriter();
  await build({ root: dir, writer, today: '2026-11-26' });
  files = writer.files;
  const real = memoryWriter();
  await build({ root: projectRoot, writer: real, today: '2026-11-26' });
  realFiles = real.files;
}, 240_000);
afterAll(() => removeProject(dir));

/** Each provider of the section: name and credentials, role, the picture's src and alt. */
function members($: CheerioAPI): { name: string; role: string; src?: string; alt?: string }[] {
  return $('#team .team-member')
    .map((_, member) => ({
      name: text($(member).find('figcaption strong').text()),
      role: text($(member).find('figcaption > span').text()),
      src: $(member).find('img').attr('src'),
      alt: $(member).find('img').attr('alt'),
    }))
    .get();
}

describe("the home page's providers' section", () => {
  it('should list every provider with photo, name, credentials and role, the founder first, after the About section', () => {
    const $ = page(files, 'index.html');
    expect(text($('#team-heading').text())).toBe('Our Providers');
    expect(members($)).toEqual([
      {
        name: 'Dr. Jane Example, DNP, FNP-C',
        role: 'Founder and Family Nurse Practitioner',
        src: '/images/providers/jane-example.jpg',
        alt: 'Illustrated portrait placeholder for Dr. Jane Example',
      },
      { name: 'Sam Example, MD', role: 'Physician', src: '/images/providers/sam-example.jpg', alt: 'Portrait of Sam Example' },
    ]);
    // Each photo is a picture with the build's variants, and its size (no layout shift).
    $('#team img').each((_, img) => {
      expect(Number($(img).attr('width'))).toBeGreaterThan(0);
      expect(Number($(img).attr('height'))).toBeGreaterThan(0);
    });
    expect($('#team picture source').length).toBeGreaterThan(0);
    // The drawing of the founder says so, as in the About section.
    expect(text($('#team .team-member').first().find('.portrait-badge').text())).toBe('Illustration');
    // After the founder's section, which is as it was: her portrait, name and role, and SPEC's heading.
    expect($('#about + #team').length).toBe(1);
    expect(text($('#about-heading').text())).toBe('About Our Founder');
    expect(text($('#about figcaption strong').text())).toBe('Dr. Jane Example, DNP, FNP-C');
  });

  it('should list them on the Spanish home page, a role without a translation shown in English and marked so', () => {
    const $ = page(files, 'es/index.html');
    expect(text($('#team-heading').text())).toBe('Nuestro equipo de atención');
    const [jane, sam] = members($);
    expect(jane).toMatchObject({ name: 'Dra. Jane Example, DNP, FNP-C', role: 'Fundadora y enfermera practicante de familia' });
    expect(sam).toMatchObject({ name: 'Sam Example, MD', src: '/images/providers/sam-example.jpg' });
    expect(sam!.role).toMatch(/^Physician.*\(en inglés\)$/);
    expect($('#team .team-member').last().find('[lang="en"]').length).toBe(1);
  });

  it('should not show the section while the founder is the only provider (the About section shows her)', () => {
    for (const file of ['index.html', 'es/index.html']) {
      const $ = page(realFiles, file);
      expect($('#team').length, file).toBe(0);
      expect($('#about figcaption strong').length, file).toBe(1);
    }
  });
});
