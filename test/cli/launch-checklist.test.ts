/** `check --launch`: the checklist of what the clinic must replace before launch, on the real content and on a copy made ready. */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChecklist, launchKinds, type LaunchItem } from '../../src/launch/checklist.ts';
import { firstPlaceholder } from '../../src/launch/placeholders.ts';
import { formatChecklist } from '../../src/launch/print.ts';
import { loadContent } from '../../src/load/content.ts';
import { lazySource } from '../../src/load/yaml.ts';
import { projectRoot, removeProject, runCli, tempProject } from '../helpers.ts';

const today = new Date().toISOString().slice(0, 10);

/** The text of line `line` (from 1) of a project file. */
function lineOf(root: string, file: string, line: number): string {
  return readFileSync(join(root, file), 'utf8').split(/\r?\n/)[line - 1] ?? '';
}

/** What the line an item points at must hold, by kind: the placeholder itself, or the marker the rule read. */
function pointsAtItsLine(root: string, item: LaunchItem): boolean {
  const text = lineOf(root, item.file, item.line);
  if (item.what.endsWith('is an example provider')) return /^name: .*Example/.test(text);
  if (item.what.includes('is an illustration')) return /^\s*(illustration: true|alt: .*[Ii]llustrat)/.test(text);
  switch (item.kind) {
    case 'contact':
    case 'booking':
    case 'providers':
      return firstPlaceholder(text) !== undefined;
    case 'legal':
      return text === 'awaitingCounsel: true';
    case 'medical':
      return /^(title|label):/.test(text);
    case 'translations':
      return text === 'translation:';
    case 'languageNotice':
      return text === 'awaitingNativeReader: true';
    case 'analytics':
      return text.startsWith('analytics:');
    case 'costs':
      return text.trim() === 'awaitingClinic: true';
  }
}

describe('launchChecklist on the real content/', () => {
  let items: LaunchItem[];
  beforeAll(async () => {
    items = launchChecklist(await loadContent(projectRoot), today);
  });

  it('should list every kind of thing the clinic must replace', () => {
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(Object.keys(launchKinds)));
    const what = items.map((i) => `${i.file} ${i.what}`).join('\n');
    const placeholders = ['(555) 010-0142', 'hello@example.com', '123 Example Street', 'https://www.example.com'];
    for (const placeholder of placeholders) expect(what).toContain(placeholder);
    for (const link of ['booking', 'portal', 'intake', 'labs']) expect(what).toContain(`https://${link}.example.com/`);
    expect(what).toContain('content/providers/jane-example.yaml Dr. Jane Example is an example provider');
    expect(what).toContain('content/providers/jane-example.yaml the portrait of Dr. Jane Example is an illustration');
    expect(what).toContain('content/cost-and-insurance.yaml a cost or insurance entry awaits the clinic');
    for (const page of readdirSync(join(projectRoot, 'content', 'legal'))) expect(what).toContain(`content/legal/${page} `);
    expect(what).toContain('content/language-assistance.yaml Language Assistance is a draft awaiting');
    expect(what).toContain('content/treatments/ssri.yaml the page /treatments/ssri/ has never been medically reviewed');
    expect(what).toContain('content/blog/hrt-glow-up.md the page /blog/hrt-glow-up/ has never been medically reviewed');
    expect(what).toContain('content/blog/why-we-started.es.md this Spanish translation has not been reviewed');
    expect(what).toContain("content/language-assistance.yaml the notice's 15 taglines in other languages have not been read");
    expect(items.filter((i) => i.optional).map((i) => `${i.kind} ${i.what}`)).toEqual(['analytics no analytics id']);
  });

  it('should point each item at the line that holds it', () => {
    const wrong = items.filter((i) => !pointsAtItsLine(projectRoot, i)).map((i) => `${i.file}:${i.line} ${i.what}`);
    expect(wrong).toEqual([]);
    // A block of text (>-) starts on its key's line; the item names the line the placeholder is on.
    const founder = items.find((i) => i.file === 'content/home.yaml' && i.what.includes('Dr. Example'));
    expect(lineOf(projectRoot, 'content/home.yaml', founder!.line)).toContain('Dr. Example');
  });

  it('should group items by kind, in checklist order', () => {
    const order = Object.keys(launchKinds);
    const kinds = items.map((i) => order.indexOf(i.kind));
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
  });
});

describe('the cost and insurance slot', () => {
  it('should be listed as missing, then by its placeholders, then not at all once filled', async () => {
    const content = await loadContent(projectRoot);
    const costs = () => launchChecklist(content, today).filter((i) => i.kind === 'costs');
    const file = 'content/cost-and-insurance.yaml';
    // The real content has the page, every answer awaiting the clinic; without it, the slot is missing altogether.
    expect(costs().map((i) => i.file)).toEqual([file, file, file]);
    content.sources.delete(file);
    expect(costs()).toEqual([expect.objectContaining({ file: 'content/', line: 0 })]);
    const draft = 'title: Cost and insurance\nvisits:\n  - name: First visit\n    price: TODO\ninsurance:\n  awaitingClinic: true\n';
    content.sources.set(file, lazySource(file, draft, { title: 'Cost and insurance', visits: [{ name: 'First visit', price: 'TODO' }],
      insurance: { awaitingClinic: true } }));
    expect(costs().map((i) => `${i.file}:${i.line}`)).toEqual([`${file}:4`, `${file}:6`]);
    content.sources.set(file, lazySource(file, 'title: Cost and insurance\n', { title: 'Cost and insurance' }));
    expect(costs()).toEqual([]);
  });
});

describe('legal pages awaiting counsel', () => {
  it('should name the effective date a page gives, and say when it gives none', async () => {
    const content = await loadContent(projectRoot);
    const terms = () => launchChecklist(content, today).find((i) => i.file === 'content/legal/terms-of-use.yaml')!.what;
    expect(terms()).toBe("Terms of Use is a draft awaiting the clinic's legal counsel, with no effective date yet");
    const file = 'content/legal/terms-of-use.yaml';
    const data = { ...(content.sources.get(file)!.data as object), effective: '2027-01-04' };
    content.sources.set(file, lazySource(file, readFileSync(join(projectRoot, file), 'utf8'), data));
    expect(terms()).toBe("Terms of Use is a draft awaiting the clinic's legal counsel, effective 2027-01-04 once approved");
  });
});

describe('formatChecklist', () => {
  it('should say "Ready to launch" when only optional items are left', () => {
    const optional: LaunchItem = { kind: 'analytics', file: 'content/site.yaml', line: 46, what: 'no analytics id', todo: 'only if' };
    optional.optional = true;
    const { text, ready } = formatChecklist([optional], false);
    expect(ready).toBe(true);
    expect(text).toContain('  content/site.yaml:46  no analytics id  (only if)');
    expect(text.trimEnd().split('\n').at(-1)).toBe('✓ Ready to launch (and 1 optional, listed above)');
  });

  it('should count only what holds up launch', () => {
    const left: LaunchItem = { kind: 'contact', file: 'content/site.yaml', line: 10, what: 'the phone number', todo: 'write it' };
    const { text, ready } = formatChecklist([left, left], false);
    expect(ready).toBe(false);
    expect(text.trimEnd().split('\n').at(-1)).toBe('✗ 2 things to replace before launch');
  });
});

describe('clinic-site check --launch', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map(removeProject)));

  it('should fail on the site as it is, naming every kind of item with its file and line', async () => {
    const dir = await tempProject();
    dirs.push(dir);
    const { code, stdout } = await runCli(['check', '--launch'], dir);
    expect(code).toBe(1);
    for (const heading of Object.values(launchKinds)) expect(stdout).toContain(heading);
    expect(stdout).toMatch(/content\/site\.yaml:\d+ +the phone number, "\(555\) 010-0142", is a placeholder/);
    expect(stdout).toMatch(/content\/legal\/terms-of-use\.yaml:\d+ +Terms of Use is a draft awaiting/);
    expect(stdout).toMatch(/\n✗ \d+ things to replace before launch \(and 1 optional, listed above\)\n$/);
  });

  it('should leave only the cost and insurance answers awaiting the clinic once every placeholder is replaced', async () => {
    const dir = await tempProject();
    dirs.push(dir);
    await replaceEveryPlaceholder(dir);
    const { code, stdout, stderr } = await runCli(['check', '--launch'], dir);
    expect(stderr).toBe('');
    expect(stdout).toContain('pages checked');
    const headings = Object.values(launchKinds).filter((h) => stdout.includes(`${h} (`));
    expect(headings).toEqual([launchKinds.costs]);
    expect(stdout).toContain('content/cost-and-insurance.yaml:11  a cost or insurance entry awaits the clinic');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('✗ 3 things to replace before launch');
    expect(code).toBe(1);
  });
});

/** What a clinic does before launch, done with test values: its facts, a photograph, counsel's approval, reviews, an analytics id. */
async function replaceEveryPlaceholder(dir: string): Promise<void> {
  const files = readdirSync(join(dir, 'content'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ya?ml|md)$/.test(f));
  for (const name of files) {
    const file = join(dir, 'content', name);
    let text = (await readFile(file, 'utf8'))
      .replaceAll('(555) 010-0142', '(214) 010-0142')
      .replaceAll('example.com', 'heard-clinic.test')
      .replaceAll('example-clinic', 'heard-clinic')
      .replaceAll('Example Street', 'Test Street')
      .replaceAll('Exampleville', 'Testville')
      .replaceAll('Jane Example', 'Jane Doe')
      .replaceAll('Dr. Example', 'Dr. Doe')
      .replaceAll('Dra. Example', 'Dra. Doe')
      .replaceAll('jane-example', 'jane-doe')
      .replaceAll('Illustrated portrait placeholder for', 'Portrait of')
      .replace(/^(illustration|awaitingCounsel|awaitingNativeReader): true\n/gm, '')
      .replace(/^analytics: \{\}$/m, 'analytics:\n  measurementId: G-TEST123');
    // Reviews: every translation by a medical translator, every medical page by the provider.
    text = text.replace(/^translation:\n/m, `translation:\n  reviewedBy: A. Translator\n  reviewedOn: ${today}\n`);
    if (/^(treatments|services)\/[^/.]+\.yaml$/.test(name)) text = `${text.trimEnd()}\nreviewedBy: jane-doe\nreviewedOn: ${today}\n`;
    if (/^blog\/[^/.]+\.md$/.test(name)) text = text.replace(/\n---\n/, `\nreviewedBy: jane-doe\nreviewedOn: ${today}\n---\n`);
    await writeFile(file, text);
  }
  for (const suffix of ['.yaml', '.es.yaml']) {
    await rename(join(dir, 'content', 'providers', `jane-example${suffix}`), join(dir, 'content', 'providers', `jane-doe${suffix}`));
  }
  await rename(join(dir, 'public', 'images', 'providers', 'jane-example.jpg'), join(dir, 'public', 'images', 'providers', 'jane-doe.jpg'));
}
