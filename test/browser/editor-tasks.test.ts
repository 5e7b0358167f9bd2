/**
 * The office manager's everyday tasks through the editor's forms at /admin/, in Chromium: each saved file must be the
 * file as it was with only her change written in (comments, folding and quoting kept), and the served page must show it.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { serve, type DevServer } from '../../src/serve/server.ts';
import { editFile, removeProject, tempProject } from '../helpers.ts';
import { launchChromium } from './static-server.ts';

let dir: string;
let server: DevServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dir = await tempProject();
  // A typo to fix, in the first question of a card of the Men's Health page.
  await editFile(dir, 'content/treatments/testosterone-optimization.yaml', 'morning blood draws', 'mornig blood draws');
  // Saturday on a row of its own, closed, as a clinic that opens on Saturdays starts (in this copy only: the real hours are the SPEC's).
  const weekend = '  - label: Saturday and Sunday\n    days: [Sa, Su]\n    closed: true\n';
  const apart = '  - label: Saturday\n    days: [Sa]\n    closed: true\n  - label: Sunday\n    days: [Su]\n    closed: true\n';
  await editFile(dir, 'content/site.yaml', weekend, apart);
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await removeProject(dir);
});

const read = (file: string) => readFile(join(dir, file), 'utf8');
const served = async (path: string) => (await fetch(`${server.url}${path}`)).text();

/** Opens an entry of the editor, logged in, once its first field `label` shows `value`. */
async function openEntry(hash: string, label?: string, value?: string): Promise<void> {
  // A fresh load each time: an entry opened by a change of the address alone, after a save, never loaded its file.
  await page.goto('about:blank');
  await page.goto(`${server.url}/admin/${hash}`);
  const login = page.getByRole('button', { name: 'Login' });
  const form = page.getByText(/Writing in .* collection/);
  await Promise.race([login.click({ timeout: 60_000 }).catch(() => undefined), form.waitFor({ timeout: 60_000 })]);
  // "Writing in Site settings collection": the entry's form is open (its Publish button shows only once something changed).
  await form.waitFor({ timeout: 60_000 });
  // The form shows before the file is read: typing into it then would save a file of the typed values alone.
  if (label) await expect.poll(() => page.getByLabel(label, { exact: true }).first().inputValue(), { timeout: 60_000 }).toBe(value);
}

/** Publish, Publish now, and wait until the file holds exactly `expected` (the editor's backend writes in place). */
async function publish(file: string, expected: string): Promise<void> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now').click();
  await expect.poll(() => read(file).catch(() => ''), { timeout: 30_000 }).toBe(expected).catch(async (error: unknown) => {
    if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, `publish-${file.replace(/\W/g, '-')}.png`) });
    throw error;
  });
}

/** The field of the row just added (the collapsed rows keep theirs hidden). */
const visibleField = (label: string) => page.getByLabel(label, { exact: true }).locator('visible=true').last();

/** Picks `option` in a pick list (Decap's select and relation fields), typing part of it first. */
async function pick(label: string, typed: string, option: string): Promise<void> {
  // The last such field: the only one, or the one of the row just added at the bottom of its list.
  await page.getByLabel(label, { exact: true }).last().click();
  await page.keyboard.type(typed);
  await page.getByText(option, { exact: true }).last().click();
}

describe("the office manager's tasks in the editor", () => {
  it('should open on Saturdays and add an extension to the phone number, shown on the site and dialled by the links', async () => {
    const before = await read('content/site.yaml');
    const phone = /^phone: (.+)$/m.exec(before)![1]!;
    await openEntry('#/collections/settings/entries/site', 'Phone', phone);
    await page.getByLabel('Phone', { exact: true }).fill(`${phone} ext. 12`);
    // The Saturday row: no longer closed, open in the morning.
    const row = page.locator('[class*="ListItem"]').filter({ hasText: /^Saturday/ }).first();
    await row.locator('button').first().click({ timeout: 60_000 });
    await row.getByLabel(/^Closed/).first().click();
    await row.getByLabel(/^Opens/).first().fill('9:00 AM');
    await row.getByLabel(/^Closes/).first().fill('12:00 PM');
    const saturday = /( {2}- label: Saturday\n {4}days: \[Sa\]\n)( {4}closed: true\n)/;
    const hours = '$1    closed: false\n    opens: 9:00 AM\n    closes: 12:00 PM\n';
    await publish('content/site.yaml', before.replace(`phone: ${phone}`, `phone: ${phone} ext. 12`).replace(saturday, hours));
    const tel = `tel:${phone.replace(/\D/g, '')},12`;
    await expect.poll(async () => (await served('/')).includes(`href="${tel}"`), { timeout: 30_000 }).toBe(true);
    const home = await served('/');
    expect(home).toMatch(/ext\.\s12<\/a>/);
    expect(home.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toMatch(/Saturday 9:00 AM to 12:00 PM/);
  }, 120_000);

  it("should fix a typo in a Men's Health answer, found by searching the editor, changing that line only", async () => {
    await openEntry('#/collections/services/entries/mens-health');
    // The service page's cards say where their questions are edited.
    const hint = /change those in Treatments, in the entry of the treatment the card names/;
    await expect.poll(() => page.getByText(hint).count(), { timeout: 60_000 }).toBe(1);
    // She searches the editor for the typo (its search looked at titles alone: issue 40): it finds it inside an answer.
    await page.evaluate(() => (window.location.hash = '#/collections/treatments'));
    const search = page.getByPlaceholder(/^Search/).first();
    await search.fill('mornig', { timeout: 60_000 });
    await search.press('Enter');
    const found = page.getByText('Testosterone Optimization', { exact: true });
    await expect.poll(() => found.count(), { timeout: 60_000 }).toBe(1);
    await found.click();
    const file = 'content/treatments/testosterone-optimization.yaml';
    const before = await read(file);
    const row = page.locator('[class*="ListItem"]').filter({ hasText: 'How do I know if my testosterone is low?' }).first();
    await row.locator('button').first().click({ timeout: 60_000 });
    const answer = page.getByLabel('Answer', { exact: true }).first();
    await answer.fill((await answer.inputValue()).replace('mornig', 'morning'));
    // The folded paragraph keeps its lines: only the one with the typo changes.
    await publish(file, before.replace('mornig', 'morning'));
    await expect.poll(() => served('/services/body/mens-health'), { timeout: 30_000 }).toContain('morning blood draws');
  }, 120_000);

  it('should file a new article with a photo under a new category, made from the article\'s own form', async () => {
    const blog = await read('content/blog.yaml');
    const heading = /^heading: (.+)$/m.exec(blog)![1]!;
    await openEntry('#/collections/pages/entries/blog', 'Heading', heading);
    // The Blog page previews as itself: it shared the articles' preview (both named blog), which read it as an article.
    const pane = page.frameLocator('iframe[class*="PreviewPaneFrame"]');
    await expect.poll(() => pane.locator('iframe[title="Preview of /blog"]').count(), { timeout: 60_000 }).toBe(1);
    expect(await pane.locator('[data-preview-problems]').count()).toBe(0);
    // A new article, its category made from its own form: "New category" opens the Blog page's categories in a new tab.
    await openEntry('#/collections/blog/new');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.locator('[data-new-category] a').click()]);
    await tab.getByText(/Writing in .* collection/).waitFor({ timeout: 60_000 });
    await expect.poll(() => tab.getByLabel('Heading', { exact: true }).first().inputValue(), { timeout: 60_000 }).toBe(heading);
    await tab.getByRole('button', { name: 'Add category', exact: true }).click();
    await tab.getByLabel('Name', { exact: true }).locator('visible=true').last().fill('Sleep Health');
    await tab.getByLabel('Color', { exact: true }).last().click();
    await tab.keyboard.type('blu');
    await tab.getByText('blue', { exact: true }).last().click();
    const last = /(  - name: [^\n]+\n(?: {4}[^\n]+\n)*)(?=\S)/g;
    const categories = [...blog.matchAll(last)].at(-1)!;
    const at = categories.index + categories[0].length;
    const added = '  - name: Sleep Health\n    color: blue\n    mentalHealth: false\n    medical: true\n';
    await tab.getByRole('button', { name: 'Publish', exact: true }).click();
    await tab.getByText('Publish now').click();
    await expect.poll(() => read('content/blog.yaml'), { timeout: 30_000 }).toBe(blog.slice(0, at) + added + blog.slice(at));
    await tab.close();

    // Back in the article's form, unsaved: the new category is in its pick list, and a photo goes with it.
    // A photo from outside the project, as a camera or a download leaves it; removed with the test.
    const photos = await mkdtemp(join(tmpdir(), 'clinic-photo-'));
    onTestFinished(() => rm(photos, { recursive: true, force: true }));
    const photo = join(photos, 'Bedroom at night.jpg');
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1e3a5f' } }).jpeg().toFile(photo);
    await page.getByLabel('Title', { exact: true }).fill('Sleep and Your Hormones');
    await page.getByLabel('Excerpt', { exact: true }).fill('A made-up article of the tests about sleep.');
    await page.getByLabel('Author', { exact: true }).fill('jane-example');
    await page.getByLabel('Publish date', { exact: true }).fill('2025-03-14');
    await pick('Category', 'Sleep', 'Sleep Health');
    await page.getByRole('button', { name: /Choose an image/ }).first().click();
    await page.locator('input[type="file"]').setInputFiles(photo);
    await page.getByRole('button', { name: 'Choose selected' }).click({ timeout: 30_000 });
    await page.locator('[contenteditable="true"]').last().click();
    await page.waitForTimeout(300);
    await page.keyboard.type('Sleep is made up here, for the tests.');
    const article = 'content/blog/sleep-and-your-hormones.md';
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Publish now').click();
    await expect.poll(() => read(article).catch(() => ''), { timeout: 30_000 }).toMatch(/^category: Sleep Health$/m);
    const saved = await read(article);
    expect(saved).toMatch(/^image: \.?\/?bedroom-at-night\.jpg$/m);
    expect(saved).toContain('Sleep is made up here, for the tests.');
    expect((await readFile(join(dir, 'content/blog/bedroom-at-night.jpg'))).equals(await readFile(photo))).toBe(true);
    // The category's own page lists the article, with its photo.
    const listed = () => served('/blog/category/sleep-health/');
    await expect.poll(listed, { timeout: 30_000 }).toContain('href="/blog/sleep-and-your-hormones/"');
    expect(await served('/blog/sleep-and-your-hormones/')).toMatch(/bedroom-at-night/);
  }, 180_000);

  it('should add a redirect, making content/redirects.yaml, and forward the old address', async () => {
    await openEntry('#/collections/settings/entries/redirects');
    await page.getByRole('button', { name: 'Add redirect', exact: true }).click();
    await visibleField('From').fill('/old-page');
    await visibleField('To').fill('/process');
    // A new file starts, as every content file does, with the line that points editors at its schema.
    const line = '# yaml-language-server: $schema=../schemas/redirects.schema.json\n';
    await publish('content/redirects.yaml', `${line}- from: /old-page\n  to: /process\n`);
    await expect.poll(async () => (await served('/old-page')).includes('url=/process'), { timeout: 30_000 }).toBe(true);
  }, 120_000);

  it('should mark a service page medically reviewed and add a card, the rest of its file as it was', async () => {
    const file = 'content/services/mens-health.yaml';
    const before = await read(file);
    await openEntry('#/collections/services/entries/mens-health', 'Label', /^label: (.+)$/m.exec(before)![1]);
    await pick('Reviewed by (optional)', 'Jane', 'Dr. Jane Example');
    await page.getByLabel('Reviewed on (optional)', { exact: true }).fill('2025-03-14');
    await page.getByRole('button', { name: 'Add card', exact: true }).click();
    await pick('Treatment', 'Enclo', 'Enclomiphene');
    const cards = before.replace('      icon: heart\n', '      icon: heart\n    - treatment: enclomiphene\n');
    expect(cards).not.toBe(before);
    await publish(file, `${cards}reviewedBy: jane-example\nreviewedOn: 2025-03-14\n`);
    await expect.poll(() => served('/services/body/mens-health'), { timeout: 30_000 }).toMatch(/>Enclomiphene</);
    expect(await served('/services/body/mens-health')).toMatch(/reviewed by <strong>Dr\. Jane Example/i);
  }, 120_000);
});

describe("the office manager's new entries in the editor", () => {
  it('should add a provider with an uploaded photo, its file as an author writes it, shown as reviewer of a page', async () => {
    // A photo as a camera or a phone names it: spaces and capitals, which the editor turns into a safe file name.
    // A photo from outside the project, as a camera or a download leaves it; removed with the test.
    const photos = await mkdtemp(join(tmpdir(), 'clinic-photo-'));
    onTestFinished(() => rm(photos, { recursive: true, force: true }));
    const photo = join(photos, 'Sam Example Portrait.JPG');
    await copyFile(join(dir, 'public/images/providers/jane-example.jpg'), photo);
    await openEntry('#/collections/providers/new');
    // Before she types: what is to fill in, not a box of problems.
    const pane = page.frameLocator('iframe[class*="PreviewPaneFrame"]');
    const status = pane.locator('.clinic-preview p[role="status"]');
    const said = () => status.textContent().catch(() => '');
    await expect.poll(said, { timeout: 60_000 }).toMatch(/Still to fill in: Name, Credentials, Role/);
    expect(await pane.locator('[data-preview-problems]').count()).toBe(0);
    await page.getByLabel('Name', { exact: true }).fill('Sam Example');
    await page.getByLabel('Credentials', { exact: true }).fill('MD');
    await page.getByLabel('Role', { exact: true }).fill('Physician');
    await page.getByRole('button', { name: /Choose an image/ }).click();
    await page.locator('input[type="file"]').setInputFiles(photo);
    await page.getByRole('button', { name: 'Choose selected' }).click({ timeout: 30_000 });
    await page.getByLabel('Alt text', { exact: true }).fill('Portrait of Sam Example');
    await page.getByLabel('Bio', { exact: true }).fill('Sam Example is a made-up physician of the tests.');
    // The photo chosen but not saved is in the preview: it was reported missing ("does not exist") until the save.
    await expect.poll(() => pane.locator('iframe[data-preview-width]').count(), { timeout: 60_000 }).toBe(1);
    await page.waitForTimeout(2_000);
    expect(await pane.locator('[data-preview-problems]').count()).toBe(0);
    const file = 'content/providers/sam-example.yaml';
    await publish(
      file,
      '# yaml-language-server: $schema=../../schemas/provider.schema.json\nname: Sam Example\ncredentials: MD\nrole: Physician\n' +
        'photo:\n  src: /images/providers/sam-example-portrait.jpg\n  alt: Portrait of Sam Example\n' +
        // The form's "drawing" switch, left off, is written as it shows (a portrait that is a drawing is labelled on the page).
        'bio: Sam Example is a made-up physician of the tests.\nillustration: false\n',
    );
    const saved = await readFile(join(dir, 'public/images/providers/sam-example-portrait.jpg'));
    expect(saved.equals(await readFile(photo))).toBe(true);
    // On the site: the home page's providers' section, in English and Spanish, and the form says so.
    const team = async (path: string) => /<section id="team"[\s\S]*?<\/section>/.exec(await served(path))?.[0] ?? '';
    await expect.poll(() => team('/'), { timeout: 30_000 }).toMatch(/Sam Example, MD[\s\S]*Physician/);
    expect(await team('/')).toContain('/images/providers/sam-example-portrait.jpg');
    expect(await team('/es/')).toMatch(/Sam Example, MD/);
    await openEntry('#/collections/providers/entries/sam-example', 'Name', 'Sam Example');
    const shownOn = page.locator('[data-shown-on]');
    const places = () => shownOn.textContent().catch(() => '');
    await expect.poll(places, { timeout: 30_000 }).toContain('Shown on: Home page: Our Providers');
    expect(await shownOn.getByRole('link', { name: 'Home page: Our Providers' }).getAttribute('target')).toBe('_blank');

    // Providers show as the reviewer of a medical page (and the founder's in the home page's About section).
    const service = 'content/services/thyroid.yaml';
    const before = await read(service);
    await openEntry('#/collections/services/entries/thyroid', 'Label', /^label: (.+)$/m.exec(before)![1]);
    await pick('Reviewed by (optional)', 'Sam', 'Sam Example');
    await page.getByLabel('Reviewed on (optional)', { exact: true }).fill('2025-03-14');
    await publish(service, `${before}reviewedBy: sam-example\nreviewedOn: 2025-03-14\n`);
    await expect.poll(() => served('/services/well/thyroid'), { timeout: 30_000 }).toMatch(/reviewed by <strong>Sam Example, MD/i);
  }, 240_000);

  it('should add a new treatment as a card of the Weight Loss page with its questions, the Spanish page still there', async () => {
    await openEntry('#/collections/treatments/new');
    await page.getByLabel('Title', { exact: true }).fill('Sam Example Therapy');
    await page.getByLabel('Description', { exact: true }).fill('A made-up treatment of the tests.');
    await page.getByLabel('Dosage', { exact: true }).fill('As the tests decide.');
    await page.getByRole('button', { name: /^Add indication/i }).click();
    await visibleField('Indication').fill('Made-up tiredness');
    await page.getByRole('button', { name: /^Add question/i }).click();
    await visibleField('Question').fill('Is this treatment real?');
    await visibleField('Answer').fill('No, it is made up for the tests.');
    // No page shows it yet: the preview says so and where it will show, not the 404 page.
    const pane = page.frameLocator('iframe[class*="PreviewPaneFrame"]');
    const status = pane.locator('.clinic-preview p[role="status"]');
    const said = () => status.textContent().catch(() => '');
    await expect.poll(said, { timeout: 60_000 }).toMatch(/No page of the site shows this entry yet/);
    expect(await pane.locator('iframe[data-preview-width]').count()).toBe(0);
    await publish(
      'content/treatments/sam-example-therapy.yaml',
      '# yaml-language-server: $schema=../../schemas/treatment.schema.json\ntitle: Sam Example Therapy\n' +
        'description: A made-up treatment of the tests.\ndosage: As the tests decide.\nindications:\n  - Made-up tiredness\n' +
        'faq:\n  - question: Is this treatment real?\n    answer: No, it is made up for the tests.\n',
    );
    const file = 'content/services/weight-loss.yaml';
    const before = await read(file);
    await openEntry('#/collections/services/entries/weight-loss', 'Label', /^label: (.+)$/m.exec(before)![1]);
    // The form names the treatments whose questions the page shows, each a link to its entry.
    const questions = page.locator('[data-shown-on]');
    await expect.poll(() => questions.textContent().catch(() => ''), { timeout: 30_000 }).toContain('Questions on this page come from');
    const metformin = questions.getByRole('link', { name: 'Metformin' });
    expect(await metformin.getAttribute('href')).toBe('#/collections/treatments/entries/metformin');
    await page.getByRole('button', { name: 'Add card', exact: true }).click();
    await pick('Treatment', 'Sam Ex', 'Sam Example Therapy');
    const last = /(    - treatment: [^\n]+\n(?: {6}[^\n]+\n)*)(?=\S)/g;
    const cards = [...before.matchAll(last)].at(-1)!;
    const at = cards.index + cards[0].length;
    await publish(file, `${before.slice(0, at)}    - treatment: sam-example-therapy\n${before.slice(at)}`);
    const shown = () => served('/services/body/weight-loss');
    await expect.poll(shown, { timeout: 30_000 }).toMatch(/>Sam Example Therapy</);
    expect(await shown()).toContain('Is this treatment real?');
    // The Spanish page is still there, the new treatment in English inside it, marked so.
    const spanish = await fetch(`${server.url}/es/services/body/weight-loss`);
    expect(spanish.status).toBe(200);
    expect(await spanish.text()).toMatch(/Sam Example Therapy[\s\S]*en inglés/);
    // The treatment's form says where it now shows.
    await openEntry('#/collections/treatments/entries/sam-example-therapy', 'Title', 'Sam Example Therapy');
    const shownOn = page.locator('[data-shown-on]');
    await expect.poll(() => shownOn.textContent().catch(() => ''), { timeout: 30_000 }).toContain('Weight Loss & Metabolic Care page');
  }, 180_000);
});

describe('the editor after a save', () => {
  it('should open the entry whose address alone changed after a save, and the one clicked in the list', async () => {
    const file = 'content/treatments/enclomiphene.yaml';
    const before = await read(file);
    await openEntry('#/collections/treatments/entries/enclomiphene', 'Title', 'Enclomiphene');
    await page.getByLabel('Dosage', { exact: true }).fill('The tests decide.');
    await publish(file, before.replace(/dosage: >-\n(?: {2}[^\n]+\n)+/, 'dosage: >-\n  The tests decide.\n'));
    // Decap kept showing Enclomiphene under Bupropion's address: saving then wrote one entry while the address named another.
    await page.evaluate(() => (window.location.hash = '#/collections/treatments/entries/bupropion'));
    const title = () => page.getByLabel('Title', { exact: true }).first().inputValue().catch(() => '');
    await expect.poll(title, { timeout: 30_000 }).toBe('Bupropion');
    await page.evaluate(() => (window.location.hash = '#/collections/treatments'));
    await page.getByText('Metformin', { exact: true }).click({ timeout: 30_000 });
    await expect.poll(title, { timeout: 30_000 }).toBe('Metformin');
  }, 120_000);
});

describe('dates in the editor', () => {
  it("should show a plain date as the file has it on a Texas evening, with no UTC, Now or Clear beside it", async () => {
    // 21:30 in Texas is already the next day in UTC: Decap's Now wrote that date, and the field said UTC.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'America/Chicago' });
    const texas = await context.newPage();
    await texas.clock.setFixedTime(new Date('2026-03-14T21:30:00-05:00'));
    const date = /^publishDate: (\S+)$/m.exec(await read('content/blog/burnout-and-energy.md'))![1]!;
    await texas.goto(`${server.url}/admin/#/collections/blog/entries/burnout-and-energy`);
    await texas.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
    const field = texas.getByLabel('Publish date', { exact: true });
    await expect.poll(() => field.inputValue(), { timeout: 60_000 }).toBe(date);
    expect(await field.getAttribute('type')).toBe('date');
    for (const word of ['Now', 'Clear', 'UTC']) expect(await texas.getByText(word, { exact: true }).count(), word).toBe(0);
    await context.close();
  }, 120_000);

  it("should mark a page reviewed today on a Texas evening with her date, not tomorrow's (UTC)", async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'America/Chicago' });
    const texas = await context.newPage();
    // Today, late in the evening in Texas: UTC is already at tomorrow.
    // Flowing from there (a fixed time stops the pick lists, which wait on the clock to search).
    await texas.clock.setSystemTime(new Date(`${today}T23:30:00-06:00`));
    const file = 'content/services/womens-health.yaml';
    const before = await read(file);
    await texas.goto(`${server.url}/admin/#/collections/services/entries/womens-health`);
    await texas.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
    const label = texas.getByLabel('Label', { exact: true }).first();
    await expect.poll(() => label.inputValue(), { timeout: 60_000 }).toBe(/^label: (.+)$/m.exec(before)![1]);
    // The day her computer shows her: today in Texas (the page's clock), while UTC says tomorrow.
    const [local, utc] = await texas.evaluate(() => [new Date().toLocaleDateString('en-CA'), new Date().toISOString().slice(0, 10)]);
    expect([local, utc === local]).toEqual([today, false]);
    await texas.getByLabel('Reviewed by (optional)', { exact: true }).click();
    await texas.keyboard.type('Jane');
    await texas.getByText('Dr. Jane Example', { exact: true }).last().click();
    await texas.getByLabel('Reviewed on (optional)', { exact: true }).fill(local!);
    await texas.getByRole('button', { name: 'Publish', exact: true }).click();
    await texas.getByText('Publish now').click();
    await expect.poll(() => read(file), { timeout: 30_000 }).toBe(`${before}reviewedBy: jane-example\nreviewedOn: ${today}\n`);
    const page = () => served('/services/body/womens-health');
    await expect.poll(page, { timeout: 30_000 }).toContain(`<time dateTime="${today}">`);
    await context.close();
  }, 120_000);
});

describe('the preview of a provider', () => {
  it('should warn in the preview of a photo too small for its place, with the width it needs', async () => {
    // A photo already on the site (an upload not saved yet does not reach the preview of a provider: see the report).
    const portraits = join(dir, 'public/images/providers');
    await sharp(join(portraits, 'jane-example.jpg')).resize({ width: 400 }).toFile(join(portraits, 'small-portrait.jpg'));
    await openEntry('#/collections/providers/new');
    // A whole entry: a form with a problem shows the problem, not the warnings.
    await page.getByLabel('Name', { exact: true }).fill('Sam Small');
    await page.getByLabel('Credentials', { exact: true }).fill('MD');
    await page.getByLabel('Role', { exact: true }).fill('Physician');
    await page.getByRole('button', { name: /Choose an image/ }).click();
    await page.getByText('small-portrait.jpg', { exact: true }).click({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Choose selected' }).click({ timeout: 30_000 });
    await page.getByLabel('Alt text', { exact: true }).fill('Portrait of Sam Small');
    await page.getByLabel('Bio', { exact: true }).fill('Sam Small is a made-up physician of the tests.');
    const warned = async () => {
      for (const frame of page.frames()) {
        const read = frame.evaluate(() => document.querySelector('[data-preview-warnings]')?.textContent ?? '').catch(() => '');
        // A frame between pages can keep an evaluation waiting for ever.
        const text = await Promise.race([read, new Promise<string>((resolve) => setTimeout(() => resolve(''), 3_000))]);
        if (text) return text;
      }
      return '';
    };
    const needed = /small-portrait\.jpg is 400x500 pixels, too small for the About portrait: it needs at least 800 pixels wide/;
    await expect.poll(warned, { timeout: 30_000 }).toMatch(needed);
  }, 120_000);
});
