/**
 * Incremental equals clean: a seeded random sequence of author edits, replayed on a temporary copy
 * of the project; after every step the warm rebuild on disk (same process, build cache kept) and
 * the dev server's in-memory rebuild (memory writer, changed set; its search index as served, made
 * when asked for) must equal a clean build of the same tree, file for file and byte for byte, errors
 * included. Some steps also build clean in a fresh process (the CLI, with no cache at all).
 *
 * Besides the edits of generated articles below, half the kinds come from test/build/replay-edits.ts and are
 * made from the content schemas: any field of any content file changed to another value its schema
 * accepts (or, now and then, refuses), optional fields and list entries added and removed, medical
 * reviews, blog categories, and files of every kind added, renamed and deleted. When the clean build
 * fails after a step, that step's edits are put back by a later "fix" step.
 *
 * CLINIC_SITE_SEED, CLINIC_SITE_STEPS, CLINIC_SITE_ARTICLES and CLINIC_SITE_FRESH_EVERY choose the
 * run; bench/incremental.mjs runs a larger one. A failure prints how to replay it.
 */
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { emptyMemo, memoFolderOf, memoName, readMemo, type BuildMemo } from '../../src/incremental/memo.ts';
import { servedIndex } from '../../src/incremental/search.ts';
import { userErrors } from '../../src/errors.ts';
import { formatError } from '../../src/report.ts';
import { diskWriter, memoryWriter } from '../../src/write/writer.ts';
import { removeProject, runCli, settlePause, tempProject } from '../helpers.ts';
import { SchemaEdits, type Edit, type Undo } from './replay-edits.ts';
import { random, recentDate } from './replay-values.ts';

/** The sequence `npm test` replays: short (most steps now rebuild the whole site), and it edits bodies alone early on. */
const defaultSeed = 1;
const seed = Number(process.env.CLINIC_SITE_SEED ?? defaultSeed);
const stepCount = Number(process.env.CLINIC_SITE_STEPS ?? 16);
const articleCount = Number(process.env.CLINIC_SITE_ARTICLES ?? 8);
/** Every this many steps (and at the last one) a clean build also runs in a fresh process; 0 never. */
const freshEvery = Number(process.env.CLINIC_SITE_FRESH_EVERY ?? 8);
/** The address the dev server builds for (serve passes its own URL as the base URL). */
const serveUrl = 'http://localhost:4321';
const outputMarker = '.clinic-site-output';

/** What one build made: its files, or the problems it reported. */
type Outcome = { ok: true; files: Map<string, Uint8Array>; way?: string } | { ok: false; errors: string[] };

/** A generated article as the replay knows it; its file is written from this. */
interface GeneratedArticle {
  slug: string;
  title: string;
  category: string;
  date: string;
  draft: boolean;
  featured: boolean;
  /** Undefined, a path under public/ or a file name beside the article. */
  image: string | undefined;
  /** Old addresses kept with redirects (`aliases:`). */
  aliases?: string[];
  /** The provider who reviewed it and when (reviewedBy, reviewedOn). */
  review?: { by: string; on: string };
  body: string;
}

const categories = ['Metabolic Health', 'Hormone Health', 'Practice Philosophy', 'Sleep and Recovery'];
const words = 'energy sleep hormones thyroid balance labs insulin recovery stress focus metabolism care plan visit heard clinic'.split(' ');

function articleText(a: GeneratedArticle): string {
  const lines = [
    '---',
    `title: "${a.title}"`,
    `excerpt: "An excerpt for ${a.title.toLowerCase()}, long enough to read like one."`,
    'author: Dr. Jane Example, DNP, FNP-C',
    `publishDate: ${a.date}`,
    `category: ${a.category}`,
    'readTime: 3 min read',
    ...(a.image ? [`image: ${a.image}`] : []),
    ...(a.featured ? ['featured: true'] : []),
    ...(a.draft ? ['draft: true'] : []),
    ...(a.aliases?.length ? ['aliases:', ...a.aliases.map((p) => `  - ${p}`)] : []),
    ...(a.review ? [`reviewedBy: ${a.review.by}`, `reviewedOn: ${a.review.on}`] : []),
    '---',
    a.body,
    '',
  ];
  return lines.join('\n');
}

/** The kinds of edit made from the schemas (test/build/replay-edits.ts). */
const schemaKinds = {
  field: true, 'field-invalid': true, optional: true, 'list-entry': true, review: true, 'blog-category': true,
  'entity-file': true, 'public-file': true, 'any-template': true, 'any-css': true, translation: true,
} as const;

/** Every file under a folder, by path relative to it (with forward slashes). */
async function readTree(dir: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path).split(sep).join('/'), await readFile(path));
  }
  files.delete(outputMarker);
  return files;
}

/** The first difference between two outcomes, in words; undefined when they are the same. */
function firstDifference(expected: Outcome, actual: Outcome): string | undefined {
  if (expected.ok !== actual.ok) {
    return `clean build ${expected.ok ? 'passed' : `failed with:\n${expected.errors.join('\n')}`}\nbut this one ${actual.ok ? 'passed' : `failed with:\n${actual.errors.join('\n')}`}`;
  }
  if (!expected.ok || !actual.ok) {
    const a = expected.ok ? [] : expected.errors;
    const b = actual.ok ? [] : actual.errors;
    const i = a.findIndex((e, n) => e !== b[n]);
    if (i >= 0 || a.length !== b.length) return `errors differ:\nclean:\n${a.join('\n')}\nthis one:\n${b.join('\n')}`;
    return undefined;
  }
  const names = [...new Set([...expected.files.keys(), ...actual.files.keys()])].sort();
  for (const name of names) {
    const x = expected.files.get(name);
    const y = actual.files.get(name);
    if (!x) return `${name}: not in the clean build`;
    if (!y) return `${name}: missing (the clean build has it)`;
    if (Buffer.compare(Buffer.from(x), Buffer.from(y)) !== 0) {
      const tx = Buffer.from(x).toString('latin1');
      const ty = Buffer.from(y).toString('latin1');
      let at = 0;
      while (at < tx.length && tx[at] === ty[at]) at++;
      return `${name}: differs at byte ${at}\n  clean: …${tx.slice(Math.max(0, at - 80), at + 120)}…\n  this:  …${ty.slice(Math.max(0, at - 80), at + 120)}…`;
    }
  }
  return undefined;
}

/** Runs a build and turns it into an outcome; a crash that is not a user error is an outcome too. */
async function outcomeOf(root: string, run: () => Promise<unknown>, files: () => Promise<Map<string, Uint8Array>>): Promise<Outcome> {
  try {
    const result = await run();
    const built = result as { way?: string; rendered?: number; pages?: number } | undefined;
    // How the build went: taken over whole, every page made, or some pages made (one article's alone when only its body changed).
    const way = built?.way === 'settled' ? 'settled' : built?.rendered === built?.pages ? 'all pages' : built?.rendered === 1 ? 'one page' : 'some pages';
    return { ok: true, files: await files(), way };
  } catch (error) {
    const found = userErrors(error);
    if (!found) return { ok: false, errors: [`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`] };
    return { ok: false, errors: found.map((e) => formatError(root, e, false)) };
  }
}

/** A build into memory as it is served: its files, and the search index made of it when a page asks for it. */
async function servedFiles(files: Map<string, Uint8Array>, memo: BuildMemo): Promise<Map<string, Uint8Array>> {
  return new Map([...files, ...(memo.search ? await servedIndex(memo.search) : [])]);
}

/** A clean build into memory: a fresh cache, nothing kept; with the search index it serves. */
function cleanBuild(root: string, serveLike: boolean): Promise<Outcome> {
  const writer = memoryWriter();
  const memo = emptyMemo();
  return outcomeOf(root, () => build({ root, writer, memo, ...(serveLike ? { drafts: true, baseUrl: serveUrl } : {}) }), () => servedFiles(writer.files, memo));
}

/** Changes the output behind the generator's back (a file removed, edited or dropped in); says what it did. */
async function tamperWith(out: string, rng: ReturnType<typeof random>): Promise<{ what: string; stray?: string }> {
  const files = [...(await readTree(out)).keys()].filter((f) => f !== outputMarker).sort();
  const file = rng.pick(files);
  const how = rng.pick(['remove', 'edit', 'drop in'] as const);
  if (how === 'remove') await rm(join(out, file));
  if (how === 'edit') await writeFile(join(out, file), 'edited by hand');
  if (how === 'drop in') await writeFile(join(out, `${file}.stray`), 'not the generator\'s');
  // A file dropped in, and one edited (not the bytes the build wrote), are the user's: the build refuses until they are gone.
  const stray = how === 'drop in' ? join(out, `${file}.stray`) : how === 'edit' ? join(out, file) : undefined;
  return { what: `${how} ${file} in the output`, ...(stray ? { stray } : {}) };
}

/** Removes the persistent cache of a project folder. */
const removeCache = (root: string) => rm(memoFolderOf(root), { recursive: true, force: true });

/** The replay: the project copy, the generated articles, the edits so far. */
class Replay {
  readonly rng = random(seed);
  readonly log: string[] = [];
  readonly articles = new Map<string, GeneratedArticle>();
  /** How to put back the edits after which the clean build failed (a file broken on purpose among them), oldest first. */
  broken: Undo[] = [];
  /** How to put back this step's edits, kept as broken when the clean build fails after them. */
  private pending: Undo[] = [];
  /** Steps after which the clean build failed: a sequence spends only some of its steps on errors. */
  failedSteps = 0;
  readonly images: Buffer[] = [];
  private counter = 0;
  private today = new Date().toISOString().slice(0, 10);
  readonly schemaEdits: SchemaEdits;

  constructor(readonly root: string) {
    this.schemaEdits = new SchemaEdits(root, this.rng, (file) => this.isBroken(file) || this.isGenerated(file));
  }

  isBroken(file: string): boolean {
    return this.broken.some((u) => u.file === file);
  }

  isGenerated(file: string): boolean {
    return /^content\/blog\/generated-[\w-]*\.(md|png)$/.test(file);
  }

  /** Told whether the clean build of this step passed: when it failed, this step's edits are put back by a later fix. */
  settle(cleanPassed: boolean): void {
    if (!cleanPassed) {
      this.failedSteps++;
      this.broken.push(...this.pending);
    }
    this.pending = [];
  }

  async init(): Promise<void> {
    const blogImages = join(this.root, 'public', 'images', 'blog');
    for (const name of (await readdir(blogImages)).filter((n) => n.endsWith('.png')).sort()) this.images.push(await readFile(join(blogImages, name)));
    for (let i = 0; i < articleCount; i++) await this.writeArticle(this.newArticle());
  }

  newArticle(): GeneratedArticle {
    const n = ++this.counter;
    const year = 2020 + this.rng.int(5);
    const date = `${year}-0${1 + this.rng.int(9)}-1${this.rng.int(9)}`;
    const body = Array.from({ length: 2 + this.rng.int(3) }, (_, p) => `${p === 0 ? '' : '## Part ' + p + '\n\n'}${Array.from({ length: 20 }, () => this.rng.pick(words)).join(' ')}.`).join('\n\n');
    return { slug: `generated-${n}`, title: `Generated article ${n}`, category: this.rng.pick(categories), date, draft: false, featured: false, image: undefined, body };
  }

  path(a: GeneratedArticle): string {
    return `content/blog/${a.slug}.md`;
  }

  async writeArticle(a: GeneratedArticle): Promise<void> {
    this.articles.set(a.slug, a);
    await writeFile(join(this.root, this.path(a)), articleText(a));
  }

  /** A generated article that is not the broken file. */
  pickArticle(): GeneratedArticle | undefined {
    const free = [...this.articles.values()].filter((a) => !this.isBroken(this.path(a)));
    return free.length > 0 ? this.rng.pick(free) : undefined;
  }

  async edit(file: string, change: (text: string) => string): Promise<void> {
    const path = join(this.root, file);
    const text = await readFile(path, 'utf8');
    const next = change(text);
    if (next === text) throw new Error(`replay: the edit of ${file} changed nothing`);
    this.pending.push({ file, before: Buffer.from(text) });
    await writeFile(path, next);
  }

  /** One edit made from the schemas; invalid ones only while the build passes, so that it is not broken for long. */
  async schemaEdit(kind: keyof typeof schemaKinds, n: number): Promise<Edit | undefined> {
    const edits = this.schemaEdits;
    const mayBreak = this.broken.length === 0;
    switch (kind) {
      case 'field':
        return edits.field(n, false);
      case 'field-invalid':
        return mayBreak ? edits.field(n, true) : undefined;
      case 'optional':
        return edits.optional(n);
      case 'list-entry':
        return edits.listEntry(n);
      case 'review': {
        const a = this.pickArticle();
        if (this.rng.next() < 0.4 && a) return this.reviewArticle(a, n);
        return edits.review(n, mayBreak && this.rng.next() < 0.2);
      }
      case 'blog-category':
        return edits.blogCategory(n, categories);
      case 'entity-file':
        return edits.entityFile(n, mayBreak && this.rng.next() < 0.15);
      case 'public-file':
        return edits.publicFile(n, this.images);
      case 'any-template':
        return edits.template(n);
      case 'any-css':
        return edits.css(n);
      case 'translation':
        return edits.translation(n);
    }
  }

  /** A generated article reviewed by an existing provider (on a date more or less than 12 months ago), or no longer. */
  async reviewArticle(a: GeneratedArticle, n: number): Promise<Edit> {
    const { providers } = await this.schemaEdits.known();
    a.review = a.review && this.rng.next() < 0.4 ? undefined : { by: this.rng.pick(providers.length > 0 ? providers : ['jane-example']), on: recentDate(this.rng) };
    await this.writeArticle(a);
    // The replay's record of a generated article is what its file is written from: the edit is not undone.
    return { what: `review of ${this.path(a)}: ${a.review ? `${a.review.by} on ${a.review.on}` : 'none'} (step ${n})`, changed: [this.path(a)], undo: [] };
  }

  /** Applies one random edit; returns the changed paths (as the watcher reports them) and logs it. */
  async step(n: number): Promise<Set<string>> {
    const changed = new Set<string>();
    const say = (what: string) => this.log.push(`step ${n}: ${what}`);
    // A broken file is fixed again after a step or two: every edit since the build last passed is put back.
    if (this.broken.length > 0 && this.rng.next() < 0.4) {
      const files = await this.schemaEdits.undo(this.broken);
      this.broken = [];
      say(`fix ${files.join(', ')}`);
      for (const file of files) changed.add(file);
      return changed;
    }
    const kinds = [
      ...['change', 'body', 'body', 'body', 'body', 'add', 'delete', 'rename', 'category', 'date', 'draft', 'featured', 'page-size'],
      ...['treatment', 'site', 'template', 'css', 'public-image', 'beside-image', 'alias', 'redirects', 'break', 'break', 'pause', 'pause'],
      // Made from the content schemas (test/build/replay-edits.ts): any field, files of every kind.
      ...['field', 'field', 'field', 'field', 'field', 'field-invalid', 'optional', 'list-entry', 'review', 'review', 'blog-category'],
      ...['entity-file', 'entity-file', 'public-file', 'any-template', 'any-css'],
      // Translations (issue 28): one appears, changes or goes away, and the English page's hreflang follows.
      ...['translation', 'translation'],
    ] as const;
    const kind = this.rng.pick(kinds);
    if (kind in schemaKinds) {
      const edit = await this.schemaEdit(kind as keyof typeof schemaKinds, n);
      if (edit) {
        say(edit.what);
        this.pending.push(...edit.undo);
        for (const file of edit.changed) changed.add(file);
        return changed;
      }
    }
    if (kind === 'pause') {
      // Nothing changes for longer than the window in which a file is not trusted: the next build settles.
      await settlePause(this.root);
      say('pause (nothing changed)');
      return changed;
    }
    const a = this.pickArticle();
    switch (kind) {
      case 'change': {
        if (!a) break;
        a.title = `${a.title.replace(/ \(edited \d+\)$/, '')} (edited ${n})`;
        a.body += `\n\nAn added paragraph at step ${n}.`;
        await this.writeArticle(a);
        say(`change ${this.path(a)} (title and body)`);
        changed.add(this.path(a));
        break;
      }
      case 'body': {
        // What an author typing in an article does: its card, and every list it is on, stay as they are.
        if (!a) break;
        a.body += `\n\nA paragraph typed at step ${n}, linking [the blog](/blog).`;
        await this.writeArticle(a);
        say(`change the body of ${this.path(a)}`);
        changed.add(this.path(a));
        break;
      }
      case 'add': {
        const fresh = this.newArticle();
        await this.writeArticle(fresh);
        say(`add ${this.path(fresh)}`);
        changed.add(this.path(fresh));
        break;
      }
      case 'delete': {
        if (!a || this.articles.size < 2) break;
        await rm(join(this.root, this.path(a)));
        this.articles.delete(a.slug);
        say(`delete ${this.path(a)}`);
        changed.add(this.path(a));
        break;
      }
      case 'rename': {
        if (!a) break;
        const from = this.path(a);
        this.articles.delete(a.slug);
        a.slug = `${a.slug.replace(/-renamed-\d+$/, '')}-renamed-${n}`;
        this.articles.set(a.slug, a);
        await rename(join(this.root, from), join(this.root, this.path(a)));
        say(`rename ${from} to ${this.path(a)}`);
        changed.add(from).add(this.path(a));
        break;
      }
      case 'category': {
        if (!a) break;
        a.category = this.rng.pick(categories.filter((c) => c !== a.category));
        await this.writeArticle(a);
        say(`category of ${this.path(a)} to ${a.category}`);
        changed.add(this.path(a));
        break;
      }
      case 'date': {
        if (!a) break;
        const future = this.rng.next() < 0.5;
        const year = Number(this.today.slice(0, 4)) + (future ? 1 + this.rng.int(2) : -1 - this.rng.int(5));
        a.date = `${year}${this.today.slice(4)}`;
        await this.writeArticle(a);
        say(`date of ${this.path(a)} to ${a.date} (${future ? 'future' : 'past'})`);
        changed.add(this.path(a));
        break;
      }
      case 'draft': {
        if (!a) break;
        a.draft = !a.draft;
        await this.writeArticle(a);
        say(`draft of ${this.path(a)} to ${a.draft}`);
        changed.add(this.path(a));
        break;
      }
      case 'featured': {
        if (!a) break;
        a.featured = !a.featured;
        await this.writeArticle(a);
        say(`featured of ${this.path(a)} to ${a.featured}`);
        changed.add(this.path(a));
        break;
      }
      case 'alias': {
        // Give the article an old address, or take its old addresses away again.
        if (!a) break;
        a.aliases = a.aliases?.length ? [] : [`/blog/old-${a.slug}-${n}/`];
        await this.writeArticle(a);
        say(`aliases of ${this.path(a)} to [${a.aliases.join(', ')}]`);
        changed.add(this.path(a));
        break;
      }
      case 'redirects': {
        // content/redirects.yaml comes and goes: an old address leading to a page, then none.
        const file = 'content/redirects.yaml';
        const path = join(this.root, file);
        if (this.isBroken(file)) break;
        this.pending.push(...(await this.schemaEdits.before([file])));
        if (existsSync(path)) await rm(path);
        else await writeFile(path, `- from: /old-page-${n}\n  to: /process\n`);
        say(`${existsSync(path) ? 'write' : 'delete'} ${file}`);
        changed.add(file);
        break;
      }
      case 'page-size': {
        const file = 'content/blog.yaml';
        if (this.isBroken(file)) break;
        // 2 is below the schema's minimum: the build fails until a later edit (or the fix) puts it back.
        const size = 2 + this.rng.int(11);
        await this.edit(file, (t) => t.replace(/^pageSize: .*$/m, `pageSize: ${size}${t.includes(`pageSize: ${size}\n`) ? ' # again' : ''}`));
        say(`page size of the blog index to ${size}`);
        changed.add(file);
        break;
      }
      case 'treatment': {
        const file = 'content/treatments/nad.yaml';
        if (this.isBroken(file) || !this.schemaEdits.exists(file)) break;
        await this.edit(file, (t) => t.replace(/^title: .*$/m, `title: NAD+ Therapy ${n}`));
        say(`edit the title of ${file}`);
        changed.add(file);
        break;
      }
      case 'site': {
        const file = 'content/site.yaml';
        if (this.isBroken(file) || !this.schemaEdits.exists(file)) break;
        await this.edit(file, (t) => t.replace(/^phone: .*$/m, `phone: (555) 010-01${String(n % 100).padStart(2, '0')}`));
        say(`edit the phone in ${file}`);
        changed.add(file);
        break;
      }
      case 'template': {
        const file = 'templates/pages/NotFound.tsx';
        if (this.isBroken(file) || !this.schemaEdits.exists(file)) break;
        await this.edit(file, (t) => t.replace(/<h1( data-step="\d+")?>/, `<h1 data-step="${n}">`));
        say(`edit ${file}`);
        changed.add(file);
        break;
      }
      case 'css': {
        const file = 'templates/styles/base.css';
        await this.edit(file, (t) => `${t.replace(/\n\.replay-step \{[^}]*\}\n$/, '\n')}\n.replay-step { order: ${n}; }\n`);
        say(`edit ${file}`);
        changed.add(file);
        break;
      }
      case 'public-image': {
        const file = `public/images/blog/${this.rng.pick(['hrt-glow-up', 'burnout-and-energy', 'why-we-started'])}.png`;
        await writeFile(join(this.root, file), this.rng.pick(this.images));
        say(`swap the image ${file}`);
        changed.add(file);
        break;
      }
      case 'beside-image': {
        if (!a) break;
        const image = `${a.slug}.png`;
        const choice = this.rng.int(3);
        if (choice === 0 || a.image !== image) {
          // Give the article an image of its own beside it.
          await writeFile(join(this.root, 'content/blog', image), this.rng.pick(this.images));
          a.image = image;
          await this.writeArticle(a);
          say(`put content/blog/${image} beside ${this.path(a)} and name it`);
          changed.add(`content/blog/${image}`).add(this.path(a));
        } else if (choice === 1) {
          await writeFile(join(this.root, 'content/blog', image), this.rng.pick(this.images));
          say(`swap the image content/blog/${image}`);
          changed.add(`content/blog/${image}`);
        } else {
          a.image = this.rng.pick([undefined, '/images/blog/hrt-glow-up.png']);
          await this.writeArticle(a);
          say(`image of ${this.path(a)} to ${a.image ?? 'none'}`);
          changed.add(this.path(a));
        }
        break;
      }
      case 'break': {
        if (this.broken.length > 0) break;
        const target = this.rng.pick(['article', 'treatment', 'template'] as const);
        const file = target === 'article' ? (a ? this.path(a) : undefined) : target === 'treatment' ? 'content/treatments/bpc-157.yaml' : 'templates/components/Footer.tsx';
        // An edit made from the schemas may have renamed or deleted the file.
        if (!file || !this.schemaEdits.exists(file)) break;
        const good = await readFile(join(this.root, file), 'utf8');
        const bad = target === 'article' ? good.replace(/^title: .*$/m, 'title: [unclosed') : target === 'treatment' ? good.replace(/^title: /m, 'title:\n  - ]') : good.replace(/return \(/, 'return ((');
        if (bad === good) throw new Error(`replay: cannot break ${file}`);
        await writeFile(join(this.root, file), bad);
        this.broken.push({ file, before: Buffer.from(good) });
        say(`break ${file}`);
        changed.add(file);
        break;
      }
    }
    if (changed.size === 0) {
      // The chosen edit had nothing to work on: add an article instead.
      const fresh = this.newArticle();
      await this.writeArticle(fresh);
      say(`add ${this.path(fresh)}`);
      changed.add(this.path(fresh));
    }
    return changed;
  }
}

let dir: string;
/** A second copy of the tree, built in a fresh process with no cache. */
let freshDir: string;

beforeAll(async () => {
  dir = await tempProject();
  freshDir = await tempProject();
});
afterAll(async () => {
  await removeCache(dir);
  await removeCache(freshDir);
  await removeProject(dir);
  await removeProject(freshDir);
});

describe('incremental equals clean', () => {
  it(
    `should give the same output warm, in serve and clean after every step of a seeded edit sequence (seed ${seed}, ${stepCount} steps, ${articleCount} articles)`,
    // No retry: a second attempt would replay on the tree the first one left.
    { retry: 0, timeout: Number(process.env.CLINIC_SITE_TIMEOUT ?? 300_000) },
    async () => {
      const replay = new Replay(dir);
      await replay.init();
      const warmOut = join(dir, 'dist');
      const serveWriter = memoryWriter();
      const serveCache: BuildMemo = emptyMemo();
      const replayHint = () => `replay with: CLINIC_SITE_SEED=${seed} CLINIC_SITE_STEPS=${stepCount} CLINIC_SITE_ARTICLES=${articleCount} npx vitest run test/build/incremental-replay.test.ts`;
      /** How each build went (settled, all pages, some pages, one page), warm on disk and in serve: how narrow the rebuilds were. */
      const ways = { warm: new Map<string, number>(), serve: new Map<string, number>() };
      const count = (tally: Map<string, number>, outcome: Outcome) => outcome.ok && outcome.way && tally.set(outcome.way, (tally.get(outcome.way) ?? 0) + 1);
      const waysTaken = () => `ways taken: warm ${[...ways.warm].map(([w, n]) => `${w} ${n}`).join(', ')}; serve ${[...ways.serve].map(([w, n]) => `${w} ${n}`).join(', ')}`;
      const fail = (step: number, which: string, difference: string) => {
        throw new Error(`incremental build differs from a clean one\n  seed ${seed}, step ${step}, ${which}\n  edits so far:\n    ${replay.log.join('\n    ')}\n  first difference: ${difference}\n  ${waysTaken()}\n  ${replayHint()}`);
      };

      for (let step = 0; step <= stepCount; step++) {
        // Step 0 is the first build of the untouched tree (the dev server's first build has no changed set).
        const changed = step === 0 ? undefined : await replay.step(step);
        const clean = await cleanBuild(dir, false);
        replay.settle(clean.ok);
        // The warm build as `clinic-site build` runs it: the cache of the last build read from node_modules/.cache and saved again.
        const warm = await outcomeOf(dir, () => build({ root: dir, writer: diskWriter(warmOut, dir) }), () => readTree(warmOut));
        const cleanServe = await cleanBuild(dir, true);
        const served = await outcomeOf(
          dir,
          () => build({ root: dir, writer: serveWriter, drafts: true, baseUrl: serveUrl, memo: serveCache, ...(changed ? { changed } : {}) }),
          // The writer holds no search index: the dev server makes it when a page asks, as here.
          async () => {
            if ([...serveWriter.files.keys()].some((f) => f.startsWith('pagefind/'))) throw new Error('the dev server\'s output holds the search index');
            return servedFiles(serveWriter.files, serveCache);
          },
        );
        count(ways.warm, warm);
        count(ways.serve, served);
        const warmDifference = firstDifference(clean, warm);
        if (warmDifference) fail(step, 'warm build on disk (cache kept) against a clean build', warmDifference);
        if (changed?.size === 0 && clean.ok) {
          // After a pause the build that follows is settled (nothing read changed); then the output is tampered with and must be mended.
          const record = () => (readMemo(dir).record ? stat(join(memoFolderOf(dir), memoName)).then((s) => s.mtimeMs, () => undefined) : undefined);
          const recorded = await record();
          if (recorded === undefined) fail(step, 'settled build', 'the build after the pause left no record of what it read');
          const settled = await outcomeOf(dir, () => build({ root: dir, writer: diskWriter(warmOut, dir) }), () => readTree(warmOut));
          // A settled build writes nothing, its record included.
          if ((await record()) !== recorded) fail(step, 'settled build', 'the build after the pause ran the pipeline again although nothing changed');
          const settledDifference = firstDifference(clean, settled);
          if (settledDifference) fail(step, 'settled build (nothing changed) against a clean build', settledDifference);
          const { what: tampered, stray } = await tamperWith(warmOut, replay.rng);
          replay.log[replay.log.length - 1] += `, then ${tampered}`;
          if (stray) {
            // A file the output's marker does not list with its bytes is not the build's: it refuses, and deletes nothing.
            const refused = await outcomeOf(dir, () => build({ root: dir, writer: diskWriter(warmOut, dir) }), () => readTree(warmOut));
            if (refused.ok || !existsSync(stray)) fail(step, `warm build after ${tampered}`, 'the file changed by hand was not refused');
            await rm(stray);
          }
          const mended = await outcomeOf(dir, () => build({ root: dir, writer: diskWriter(warmOut, dir) }), () => readTree(warmOut));
          const mendedDifference = firstDifference(clean, mended);
          if (mendedDifference) fail(step, `warm build after the output was tampered with (${tampered}) against a clean build`, mendedDifference);
        }
        const serveDifference = firstDifference(cleanServe, served);
        if (serveDifference) fail(step, `serve's rebuild in memory (told ${[...(changed ?? [])].join(', ') || 'nothing'}) against a clean build with drafts`, serveDifference);

        if (freshEvery > 0 && (step % freshEvery === 0 || step === stepCount)) {
          // The same tree built by the CLI in a new process, without any cache.
          for (const folder of ['content', 'templates', 'public']) {
            await rm(join(freshDir, folder), { recursive: true, force: true });
            await cp(join(dir, folder), join(freshDir, folder), { recursive: true });
          }
          await removeCache(freshDir);
          await rm(join(freshDir, 'dist'), { recursive: true, force: true });
          const cli = await runCli(['build', '--out', 'dist'], freshDir);
          const fresh: Outcome = cli.code === 0 ? { ok: true, files: await readTree(join(freshDir, 'dist')) } : { ok: false, errors: [] };
          if (cli.code !== (clean.ok ? 0 : 1)) fail(step, 'clean build in a fresh process', `exit code ${cli.code}, expected ${clean.ok ? 0 : 1}\n${cli.stderr}`);
          if (fresh.ok) {
            const difference = firstDifference(clean, fresh);
            if (difference) fail(step, 'clean build in a fresh process against a clean build in this one', difference);
          } else if (!clean.ok) {
            // The same problems, each at the same place.
            for (const error of clean.errors) {
              const place = error.split('\n')[0]!.split('  ')[0]!;
              if (!cli.stderr.replace(/\x1b\[[0-9;]*m/g, '').includes(place)) fail(step, 'clean build in a fresh process', `does not report ${place}\n${cli.stderr}`);
            }
          }
        }
      }
      if (process.env.CLINIC_SITE_VERBOSE) console.log(`${replay.log.join('\n')}\n${waysTaken()}\nthe clean build failed after ${replay.failedSteps} of ${stepCount} steps`);
      expect(replay.log.length).toBe(stepCount);
      // The default sequence edits article bodies often enough for rebuilds of one page to be compared, on disk and in serve.
      if (seed === defaultSeed && stepCount >= 16) {
        expect(ways.warm.get('one page') ?? 0, waysTaken()).toBeGreaterThan(0);
        expect(ways.serve.get('one page') ?? 0, waysTaken()).toBeGreaterThan(0);
      }
    },
  );
});
