/** The browser editor's forms, generated from the zod schemas; the file formats that keep what the author wrote. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cmsCollections, cmsConfig } from '../../src/authoring/cms-config.ts';
import { cmsFields, dateWidget, type CmsField } from '../../src/authoring/cms-fields.ts';
import { dateWidget as registeredDateWidget } from '../../src/authoring/cms/date-widget.ts';
import { englishKey, frontMatterFormat, sourceKey, unreadEntryProblem, wordsKey, yamlFormat } from '../../src/authoring/cms/file-format.ts';
import { filter } from '../../src/authoring/cms/word-search.ts';
import { text } from '../../src/schemas/common.ts';
import { siteSchema } from '../../src/schemas/site.ts';
import { projectRoot } from '../helpers.ts';

/** Every field of a list of fields, nested ones included, by dotted path. */
function flatten(fields: CmsField[], prefix = ''): Map<string, CmsField> {
  const all = new Map<string, CmsField>();
  for (const field of fields) {
    all.set(`${prefix}${field.name}`, field);
    for (const [path, inner] of flatten(field.fields ?? [], `${prefix}${field.name}.`)) all.set(path, inner);
  }
  return all;
}

describe('cmsFields', () => {
  it('should show a field added to a schema, with its hint, rules and widget, and no other change', () => {
    const extended = siteSchema.extend({
      parkingNote: text.describe('Where patients park, in a sentence.'),
      suiteCode: z.string().regex(/^[A-Z]\d{2}$/, 'must be a letter and two digits, such as B12').optional().describe('The door code.'),
      openSaturdays: z.boolean().describe('true when the clinic opens on Saturdays.'),
    });
    const before = flatten(cmsFields(siteSchema, 'site'));
    const after = flatten(cmsFields(extended, 'site'));
    expect([...after.keys()].filter((k) => !before.has(k))).toEqual(['parkingNote', 'suiteCode', 'openSaturdays']);
    const hint = 'Where patients park, in a sentence.';
    expect(after.get('parkingNote')).toEqual({ name: 'parkingNote', label: 'Parking note', widget: 'string', hint });
    const rule = ['^[A-Z]\\d{2}$', 'must be a letter and two digits, such as B12'];
    expect(after.get('suiteCode')).toMatchObject({ widget: 'string', required: false, pattern: rule });
    expect(after.get('openSaturdays')).toMatchObject({ widget: 'boolean', hint: 'On when the clinic opens on Saturdays.' });
    expect(after.get('openSaturdays')?.required).toBeUndefined();
  });

  it('should give office hours a list of rows with weekday choices and the build\'s time rule', () => {
    const hours = flatten(cmsFields(siteSchema, 'site'));
    expect(hours.get('officeHours')).toMatchObject({ widget: 'list', min: 1, summary: '{{fields.label}}' });
    const days = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
    expect(hours.get('officeHours.days')).toMatchObject({ widget: 'select', multiple: true, options: days });
    const opens = hours.get('officeHours.opens')!;
    expect(opens.required).toBe(false);
    expect(opens.pattern![1]).toBe('must be a time such as 9:00, 17:00 or 9:00 AM');
    for (const time of ['9:00', '09:00', '17:00', '9:00 AM', '5:00 pm']) expect(new RegExp(opens.pattern![0]).test(time), time).toBe(true);
    expect(new RegExp(opens.pattern![0]).test('25:00')).toBe(false);
    expect(hours.get('copyrightYear')).toMatchObject({ widget: 'number', value_type: 'int', min: 2000, max: 2100 });
    expect(hours.get('links.booking')?.pattern).toEqual(['^(https)://\\S+$', 'must be a full https:// address']);
  });
});

describe('cmsCollections', () => {
  const collections = cmsCollections();
  const byName = new Map(collections.map((c) => [c.name, c]));
  const fieldsOf = (name: string, file?: string) => {
    const collection = byName.get(name)!;
    return flatten((file ? collection.files!.find((f) => f.name === file)!.fields : collection.fields)!);
  };

  it('should have a collection for every kind of content, each field with a hint', () => {
    const names = ['settings', 'pages', 'treatments', 'programs', 'services', 'legal', 'providers', 'blog'];
    expect(collections.map((c) => c.name)).toEqual(names);
    const settings = byName.get('settings')!.files!.map((f) => f.file);
    expect(settings).toEqual(['content/site.yaml', 'content/navigation.yaml', 'content/redirects.yaml']);
    const pages = byName.get('pages')!.files!.map((f) => f.name);
    expect(pages).toEqual([
      'home', 'blog', 'process', 'not-found', 'memberships', 'lab-sales', 'inbody-analysis', 'strings', 'language-assistance', 'cost-and-insurance',
      'search',
    ]);
    const unhinted: string[] = [];
    for (const collection of collections) {
      const lists = [collection.fields ?? [], ...(collection.files ?? []).map((f) => f.fields)];
      for (const [path, field] of lists.flatMap((fields) => [...flatten(fields)])) {
        if (!field.hint) unhinted.push(`${collection.name}: ${path}`);
      }
    }
    expect(unhinted).toEqual([]);
  });

  it('should offer treatments, providers and blog categories as pick lists', () => {
    const treatment = { widget: 'relation', collection: 'treatments', value_field: '{{slug}}' };
    expect(fieldsOf('services').get('treatments.cards.treatment')).toMatchObject(treatment);
    expect(fieldsOf('treatments').get('reviewedBy')).toMatchObject({ widget: 'relation', collection: 'providers', required: false });
    expect(fieldsOf('pages', 'home').get('services.pillars.categories.treatments')).toMatchObject({ ...treatment, multiple: true });
    expect(fieldsOf('pages', 'home').get('about.founder')).toMatchObject({ widget: 'relation', collection: 'providers' });
    const category = { widget: 'relation', collection: 'pages', file: 'blog', value_field: 'categories.*.name' };
    expect(fieldsOf('blog').get('category')).toMatchObject(category);
  });

  it('should put article photos beside the article and other pictures under public/images/', () => {
    const blog = byName.get('blog')!;
    expect(blog).toMatchObject({ folder: 'content/blog', media_folder: '', public_folder: '' });
    // A plain date: the editor's own date field, in the local date, with no UTC, Now or Clear (issue 40).
    expect(fieldsOf('blog').get('publishDate')).toEqual(expect.objectContaining({ widget: dateWidget }));
    expect(dateWidget).toBe(registeredDateWidget);
    expect(fieldsOf('blog').get('body')).toMatchObject({ widget: 'markdown' });
    const photo = { widget: 'image', media_folder: '/public/images/providers', public_folder: '/images/providers' };
    expect(fieldsOf('providers').get('photo.src')).toMatchObject(photo);
    // Sizes are measured by the build: the form never asks for them.
    expect(fieldsOf('providers').has('photo.width')).toBe(false);
    expect(fieldsOf('providers').has('photo.height')).toBe(false);
    const { slug } = cmsConfig({ name: 'proxy', proxy_url: '/admin/api/v1', branch: 'main' });
    expect(slug).toEqual({ encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' });
  });
});

describe('the words of the forms (issue 40, item 3)', () => {
  const collections = cmsCollections();
  const everyField = collections.flatMap((collection) => {
    const lists = [collection.fields ?? [], ...(collection.files ?? []).map((f) => f.fields)];
    return lists.flatMap((fields) => [...flatten(fields)].map(([path, field]) => ({ at: `${collection.name}: ${path}`, field })));
  });
  /** Everything the office manager reads on a form, each with where it is. */
  const words = everyField.flatMap(({ at, field }) => [
    { at, text: field.label },
    ...(field.hint ? [{ at, text: field.hint }] : []),
    ...(field.field ? [{ at, text: field.field.label }] : []),
  ]);

  it('should use no developer words in any label or hint', () => {
    const developerWords = [
      /\.yaml\b/, /\bprovider id\b/i, /in quotes/, /\bHTML\b/, /--\w/, /^(true|false)\b/, /\b[a-z]+_[a-z_]+\b/, /content\//,
      /`/, /\bHref\b/, /\bPILLAR\b/, /FILE-NAME/, /YYYY/, /\bMens\b/, /\b(Linkedin|Bhrt|Cta|Am|Pm)\b/,
    ];
    const found = words.filter(({ text }) => developerWords.some((w) => w.test(text))).map(({ at, text }) => `${at}: ${text}`);
    expect(found).toEqual([]);
    const strings = collections.find((c) => c.name === 'pages')!.files!.find((f) => f.name === 'strings')!;
    expect(strings.label).toBe('Words used on every page');
    expect(strings.fields.find((f) => f.name === 'shell')!.label).not.toBe('Shell');
  });

  it('should call a row of a list by a name for one ("Add question", twelve "Month" rows, never "Aliase")', () => {
    const lists = everyField.filter(({ field }) => field.widget === 'list');
    const rows = lists.map(({ at, field }) => ({ at, list: field.label, one: field.label_singular!, row: field.field?.label }));
    // A list of lines calls each line by the singular, not by the list's name twelve times over.
    expect(rows.filter(({ row, list }) => row === list)).toEqual([]);
    expect(rows.filter(({ one }) => /(ase|[^s]se|ie)$/.test(one) || one === '')).toEqual([]);
    const named = (at: string) => rows.find((r) => r.at === at)!;
    expect(named('pages: dates.months')).toMatchObject({ one: 'Month', row: 'Month' });
    expect(named('blog: aliases')).toMatchObject({ list: 'Old addresses', one: 'Old address' });
    expect(named('treatments: faq')).toMatchObject({ list: 'Questions (FAQ)', one: 'Question' });
    expect(named('treatments: indications')).toMatchObject({ one: 'Indication', row: 'Indication' });
  });

  it('should list entries by their title, not their file name, and sum up rows by their words, not an icon name', () => {
    for (const collection of collections.filter((c) => c.folder)) expect(collection.summary, collection.name).not.toMatch(/filename|slug/);
    const byIcon = everyField.filter(({ field }) => field.summary?.includes('fields.icon')).map(({ at }) => at);
    expect(byIcon).toEqual([]);
    const benefits = everyField.find(({ at }) => at === 'pages: hero.benefits')!.field;
    expect(benefits.summary).toBe('{{fields.title}}');
  });
});

describe("the editor's search", () => {
  it('should find an entry by a word inside an answer, and not entries that merely hold its letters in order', () => {
    const format = yamlFormat('', 'entries');
    const typo = format.fromFile('title: Testosterone\nfaq:\n  - question: When?\n    answer: After mornig blood draws.\n');
    const other = format.fromFile('title: Metformin\nfaq:\n  - question: How?\n    answer: Many old routines need improving.\n');
    const found = filter('mornig', [other, typo], { extract: (entry) => String(entry[wordsKey]) });
    expect(found.map((f) => f.original.title)).toEqual(['Testosterone']);
    // Every word typed, anywhere: the pick lists find "Sam Example" from "sam ex".
    expect(filter('sam ex', ['Sam Example', 'Example Sam', 'Samuel']).map((f) => f.original)).toEqual(['Sam Example', 'Example Sam']);
    expect(format.toFile(typo)).not.toContain(wordsKey);
  });
});

describe('file formats', () => {
  const site = [
    '# The clinic\'s facts.', 'name: Heard', 'description: >-', '  A clinic in Texas,', '  folded by hand.',
    'address:', '  postalCode: "75001"',
    'officeHours:', '  - label: Weekdays', '    days: [Mo, Tu]', '    opens: "10:00"', 'analytics: {}', '',
  ].join('\n');

  it('should write every content file back byte for byte when nothing changed, and one change as that line alone', async () => {
    // Saving the hours rewrote three untouched paragraphs as single long lines (issue 40): a save changes only what changed.
    const { readdir } = await import('node:fs/promises');
    const content = join(projectRoot, 'content');
    const files = [
      ...(await readdir(content)).filter((f) => f.endsWith('.yaml')),
      ...(await readdir(join(content, 'treatments'))).map((f) => `treatments/${f}`),
      ...(await readdir(join(content, 'services'))).map((f) => `services/${f}`),
      ...(await readdir(join(content, 'blog'))).filter((f) => f.endsWith('.md')).map((f) => `blog/${f}`),
    ];
    const changed: string[] = [];
    for (const file of files) {
      const text = await readFile(join(content, file), 'utf8');
      const format = file.endsWith('.md') ? frontMatterFormat('') : yamlFormat('', 'entries');
      if (format.toFile(format.fromFile(text)) !== text) changed.push(file);
    }
    expect(files.length).toBeGreaterThan(100);
    expect(changed).toEqual([]);
    const site = await readFile(join(content, 'site.yaml'), 'utf8');
    const format = yamlFormat('', 'entries');
    const data = format.fromFile(site) as { officeHours: { opens?: string }[] };
    data.officeHours[0]!.opens = '9:00 AM';
    const lines = (text: string) => text.split('\n');
    const saved = lines(format.toFile(data));
    const differ = lines(site).map((line, i) => (line === saved[i] ? '' : `${line} → ${saved[i]}`)).filter(Boolean);
    expect(saved.length).toBe(lines(site).length);
    expect(differ).toHaveLength(1);
    expect(differ[0]).toMatch(/opens: "?10:00"? → .*opens: "9:00 AM"/);
  });

  it('should change only the values that changed, keeping comments, quotes and flow lists', () => {
    const format = yamlFormat('', 'entries');
    const data = format.fromFile(site);
    const hours = (data.officeHours as { opens: string }[])[0]!;
    hours.opens = '9:00 AM';
    expect(format.toFile({ ...data, language: '' }, ['name', 'address', 'officeHours'])).toBe(site.replace('"10:00"', '"9:00 AM"'));
    // A plain value that would read back as something else is quoted.
    const renamed = site.replace('"10:00"', '"9:00 AM"').replace('name: Heard', 'name: "Heard: Health"');
    expect(format.toFile({ ...data, name: 'Heard: Health' })).toBe(renamed);
    // A new field makes the file written again, comments and quotes kept.
    expect(format.toFile({ ...data, tagline: 'Heard first.' })).toContain('# The clinic\'s facts.\nname: Heard\n');
  });

  it('should fold a changed paragraph again as the author folded it, and leave the other paragraphs alone', () => {
    const treatment = [
      'title: T', 'description: >-', '  One two three four five six', '  seven eight nine ten.', 'faq:', '  - question: Q?',
      '    answer: >-', '      Symptoms are part of it. We check', '      mornig draws, along with others',
      '      and more words here.', '',
    ].join('\n');
    const format = yamlFormat('', 'entries');
    const data = format.fromFile(treatment);
    const faq = data.faq as { answer: string }[];
    faq[0]!.answer = faq[0]!.answer.replace('mornig', 'morning');
    expect(format.toFile(data)).toBe(treatment.replace('mornig', 'morning'));
    // A longer line is broken up again at the width the author used.
    faq[0]!.answer = faq[0]!.answer.replace('morning', 'early-morning');
    const broken = '      early-morning draws, along with\n      others and more words here.';
    expect(format.toFile(data)).toBe(treatment.replace('      mornig draws, along with others\n      and more words here.', broken));
  });

  it('should write a new row after the last one and a new field at its place, every other line as it was', () => {
    const blog = [
      '# Categories, one colour each.', 'categories:', '  - name: Metabolic Health', '    color: teal', '  # the practice',
      '  - name: Story',
      '    medical: false', 'intro: >-', '  Long text', '  folded.', '',
    ].join('\n');
    const format = yamlFormat('', 'entries');
    const data = format.fromFile(blog);
    const categories = [...(data.categories as object[]), { name: 'Sleep', color: 'blue' }];
    const added = blog.replace('    medical: false\n', '    medical: false\n  - name: Sleep\n    color: blue\n');
    expect(format.toFile({ ...data, categories })).toBe(added);
    // A new row's fields in the order of the form, whatever order Decap filled them in.
    const order = [{ name: 'categories', fields: ['name', 'color', 'medical'].map((name) => ({ name })) }];
    const row = { medical: true, name: 'Sleep', color: 'blue' };
    const withMedical = blog.replace('    medical: false\n', '    medical: false\n  - name: Sleep\n    color: blue\n    medical: true\n');
    expect(yamlFormat('', 'entries', order).toFile({ ...data, categories: [...(data.categories as object[]), row] })).toBe(withMedical);
    const reviewed = `${blog}reviewedBy: jane\nreviewedOn: 2025-03-14\n`;
    expect(format.toFile({ ...data, reviewedBy: 'jane', reviewedOn: '2025-03-14' })).toBe(reviewed);
    const first = blog.replace('categories:', 'heading: Blog\ncategories:');
    expect(format.toFile({ ...data, heading: 'Blog' }, ['heading', 'categories', 'intro'])).toBe(first);
    const { intro: _intro, ...withoutIntro } = data;
    expect(format.toFile(withoutIntro)).toBe(blog.replace('intro: >-\n  Long text\n  folded.\n', ''));
  });

  it('should leave out what the form left empty, and write a list file as a list', () => {
    const format = yamlFormat('# yaml-language-server: $schema=../schemas/redirects.schema.json\n', 'entries');
    const header = '# yaml-language-server: $schema=../schemas/redirects.schema.json\n';
    expect(format.toFile({ entries: [{ from: '/old', to: '/process' }] })).toBe(`${header}- from: /old\n  to: /process\n`);
    expect(format.fromFile('- from: /a\n  to: /b\n')).toMatchObject({ entries: [{ from: '/a', to: '/b' }] });
    expect(yamlFormat('', 'entries').toFile({ title: 'T', readTime: '', event: { name: '' } })).toBe('title: T\n');
  });

  it('should start a new single file with the schema line of the file whose form lists its fields', () => {
    const lineOf = (keys: string[]) => (keys.join() === 'entries' ? '# redirects\n' : '');
    const text = yamlFormat(lineOf, 'entries').toFile({ entries: [{ from: '/a', to: '/b' }] }, ['entries']);
    expect(text).toBe('# redirects\n- from: /a\n  to: /b\n');
  });

  it('should refuse to save an entry whose file was never read, and let new and read entries be saved', () => {
    expect(unreadEntryProblem(false, { title: 'Typed only' })).toMatch(/^Not saved: .*Reload the page/);
    expect(unreadEntryProblem(true, { title: 'New' })).toBeUndefined();
    expect(unreadEntryProblem(false, { ...yamlFormat('', 'entries').fromFile('') })).toBeUndefined();
  });

  it('should keep an article\'s front matter and body apart', () => {
    const format = frontMatterFormat('');
    const article = '---\n# a comment\ntitle: "Old"\npublishDate: 2024-05-20\n---\nFirst paragraph.\n';
    const data = format.fromFile(article);
    const source = '# a comment\ntitle: "Old"\npublishDate: 2024-05-20';
    expect(data).toMatchObject({ title: 'Old', publishDate: '2024-05-20', body: 'First paragraph.\n', [sourceKey]: source });
    expect(format.toFile({ ...data, title: 'New' })).toBe(article.replace('"Old"', '"New"'));
  });
});

describe('translations in the editor', () => {
  it('should list only the English files of every folder, whose forms they are, and never write the mark', async () => {
    const folders = cmsCollections().filter((c) => c.folder);
    expect(folders.length).toBeGreaterThan(5);
    for (const collection of folders) expect(collection.filter, collection.name).toEqual({ field: englishKey, value: true });
    const yaml = yamlFormat('', 'entries');
    const english = await readFile(join(projectRoot, 'content/treatments/ssri.yaml'), 'utf8');
    const spanish = await readFile(join(projectRoot, 'content/treatments/ssri.es.yaml'), 'utf8');
    expect(yaml.fromFile(english)[englishKey]).toBe(true);
    expect(yaml.fromFile(spanish)[englishKey]).toBe(false);
    // A translation without the schema line is still one when it records what it was translated from.
    expect(yaml.fromFile(spanish.replace(/^# yaml-language-server.*\n/, ''))[englishKey]).toBe(false);
    const article = frontMatterFormat('');
    expect(article.fromFile(await readFile(join(projectRoot, 'content/blog/why-we-started.es.md'), 'utf8'))[englishKey]).toBe(false);
    const text = await readFile(join(projectRoot, 'content/blog/why-we-started.md'), 'utf8');
    const data = article.fromFile(text);
    expect(data[englishKey]).toBe(true);
    expect(article.toFile(data)).toBe(text);
    expect(yaml.toFile(yaml.fromFile(english))).toBe(english);
  });
});
