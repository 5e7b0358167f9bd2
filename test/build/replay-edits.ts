/**
 * The author edits of the seeded replay in test/build/incremental-replay.test.ts that are made from the content
 * schemas: any field of any content file (valid, or on purpose invalid), optional fields and list
 * entries added and removed, medical reviews, blog categories, files of every kind added, renamed and
 * deleted (content folders, public/, templates, CSS). Each edit says what it did, which paths the
 * watcher would report, and how to undo it (the replay puts back an edit after which the build fails).
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type Document, type YAMLMap, type YAMLSeq } from 'yaml';
import type { z } from 'zod';
import {
  collectionsOf, invalidValues, jsonSchemaOf, leavesOf, recentDate, schemaAt, schemaOfFile, shuffle, validValues,
  type FieldPath, type JsonSchema, type Known, type Leaf, type Rng,
} from './replay-values.ts';

/** What a file held before an edit (undefined: it did not exist), to put it back. */
export interface Undo {
  file: string;
  before: Buffer | undefined;
}

/** One edit: what it did in words, the paths the watcher reports, and how to undo it. */
export interface Edit {
  what: string;
  changed: string[];
  undo: Undo[];
}

/** A content file as YAML: its document, the text of that document, and how to make the whole file from new YAML text. */
interface YamlFile {
  file: string;
  schema: z.ZodType;
  yaml: string;
  doc: Document;
  whole: (yaml: string) => string;
}

/** Where the content schemas keep one file per entity, the file name being its id. */
const entityFolders = ['treatments', 'programs', 'services', 'legal', 'providers'] as const;
/** Fields other kinds of edit rely on, kept in place by the edits that add and remove optional fields. */
const keptFields = new Set(['pageSize', 'reviewedBy', 'reviewedOn']);
/** Intrinsic elements a template edit may mark (h1 is left to the replay's own NotFound edit). */
const markable = /<(div|section|header|footer|main|article|aside|nav|ul|ol|li|p|span|figure|form|button|a|h2|h3|dl|table|svg)(?=[\s>])( data-replay="\d+")?/g;

export class SchemaEdits {
  /**
   * @param skip files no edit may touch: a file broken on purpose, the replay's generated articles
   *   (written from the replay's own record of them).
   */
  constructor(
    readonly root: string,
    readonly rng: Rng,
    private readonly skip: (file: string) => boolean,
  ) {}

  private read = (file: string) => readFile(join(this.root, file), 'utf8');

  /** Every file under a folder of the project, relative to the project with forward slashes. */
  async list(folder: string): Promise<string[]> {
    const entries = await readdir(join(this.root, folder), { withFileTypes: true, recursive: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => relative(this.root, join(e.parentPath, e.name)).split(sep).join('/'))
      .sort();
  }

  /** The content files the schemas check that an edit may change. */
  async contentFiles(): Promise<string[]> {
    return (await this.list('content')).filter((f) => schemaOfFile(f) !== undefined && !this.skip(f));
  }

  /** What the tree holds now that references may name. */
  async known(): Promise<Known> {
    // A translation (jane-example.es.yaml) is no entry of its own: its name is no id.
    const ids = async (dir: string) =>
      (await this.list(`content/${dir}`)).filter((f) => !/\.es\.yaml$/.test(f)).map((f) => f.slice(`content/${dir}/`.length).replace(/\.yaml$/, ''));
    const data = async (file: string) => parseDocument(await this.read(file).catch(() => '')).toJS() as Record<string, unknown> | null;
    const site = await data('content/site.yaml').catch(() => null);
    const blog = await data('content/blog.yaml').catch(() => null);
    const metadata = await data('content/metadata.yaml').catch(() => null);
    const services = site?.bookingServices && typeof site.bookingServices === 'object' ? Object.values(site.bookingServices) : [];
    const categories = Array.isArray(blog?.categories) ? blog.categories.map((c: { name?: unknown }) => c?.name) : [];
    const routes = [...Object.keys(metadata ?? {}), '/#about', '/#services', '/#conditions', '/#contact'];
    return {
      providers: await ids('providers'),
      treatments: await ids('treatments'),
      bookingServices: services.filter((s): s is string => typeof s === 'string'),
      categories: categories.filter((c): c is string => typeof c === 'string'),
      routes,
      publicFiles: (await this.list('public')).map((f) => f.slice('public'.length)),
    };
  }

  /** Reads a content file as YAML (an article: its front matter); undefined when it cannot be read as one. */
  async yamlFile(file: string): Promise<YamlFile | undefined> {
    const schema = schemaOfFile(file);
    const text = await this.read(file).catch(() => undefined);
    if (!schema || text === undefined) return undefined;
    if (!file.endsWith('.md')) return { file, schema, yaml: text, doc: parseDocument(text), whole: (yaml) => yaml };
    const match = /^---\r?\n([\s\S]*?\r?\n)(---(?:\r?\n|$)[\s\S]*)$/.exec(text);
    if (!match) return undefined;
    return { file, schema, yaml: match[1]!, doc: parseDocument(match[1]!), whole: (yaml) => `---\n${yaml}${match[2]}` };
  }

  /** Snapshots files before an edit. */
  async before(files: string[]): Promise<Undo[]> {
    return Promise.all(files.map(async (file) => ({ file, before: await readFile(join(this.root, file)).catch(() => undefined) })));
  }

  /** Writes a file (making its folder) and returns the edit that did it. */
  private async write(file: string, text: string | Buffer, what: string): Promise<Edit> {
    const undo = await this.before([file]);
    await mkdir(dirname(join(this.root, file)), { recursive: true });
    await writeFile(join(this.root, file), text);
    return { what, changed: [file], undo };
  }

  /**
   * Changes one scalar field of a content file to another value of its kind, as its schema describes it;
   * with `invalid`, to a value the schema or the build refuses. Only the value's text changes in the file.
   */
  async field(n: number, invalid: boolean): Promise<Edit | undefined> {
    const files = await this.contentFiles();
    const known = await this.known();
    for (let attempt = 0; attempt < 8; attempt++) {
      const source = await this.yamlFile(this.rng.pick(files));
      if (!source || source.doc.errors.length > 0) continue;
      const json = jsonSchemaOf(source.schema);
      const leaves = leavesOf(source.doc).filter((l) => schemaAt(json, l.path) !== undefined);
      // Most fields are plain text: half the edits go to the others (enums, numbers, flags, patterns, references).
      const typed = leaves.filter((l) => !isPlainText(schemaAt(json, l.path)!));
      for (let tries = 0; tries < 6 && leaves.length > 0; tries++) {
        const leaf = this.rng.pick(typed.length > 0 && this.rng.next() < 0.5 ? typed : leaves);
        const schema = schemaAt(json, leaf.path)!;
        const values = invalid ? shuffle(invalidValues(schema, leaf.path, leaf.node.value, n, known), this.rng) : validValues(schema, leaf.path, leaf.node.value, n, known, this.rng);
        for (const value of values.slice(0, 4)) {
          const text = spliceScalar(source, leaf, value);
          if (text === undefined) continue;
          const passes = source.schema.safeParse(parseDocument(text).toJS()).success;
          // A valid value must pass the schema; an invalid one fails either the schema or a check of the build (a reference).
          if (!invalid && !passes) continue;
          const what = `${invalid ? 'break' : 'set'} ${source.file} ${pathText(leaf.path)} to ${JSON.stringify(value)}`;
          return this.write(source.file, source.whole(text), what);
        }
      }
    }
    return undefined;
  }

  /** Adds an optional scalar field the file leaves out, or removes one it has (an optional group too). */
  async optional(n: number): Promise<Edit | undefined> {
    const files = await this.contentFiles();
    const known = await this.known();
    for (let attempt = 0; attempt < 8; attempt++) {
      const source = await this.yamlFile(this.rng.pick(files));
      if (!source || source.doc.errors.length > 0) continue;
      const json = jsonSchemaOf(source.schema);
      const maps = collectionsOf(source.doc).filter((c) => isMap(c.node) && schemaAt(json, c.path)?.properties);
      if (maps.length === 0) continue;
      const { path, node } = this.rng.pick(maps);
      const schema = schemaAt(json, path)!;
      const optional = Object.keys(schema.properties!).filter((k) => !schema.required?.includes(k) && !keptFields.has(k));
      if (optional.length === 0) continue;
      const key = this.rng.pick(optional);
      const field = schema.properties![key]!;
      let what: string;
      if ((node as YAMLMap).has(key)) {
        source.doc.deleteIn([...path, key]);
        what = `remove ${source.file} ${pathText([...path, key])}`;
      } else {
        const value = validValues(field, [...path, key], undefined, n, known, this.rng)[0];
        if (value === undefined) continue;
        source.doc.setIn([...path, key], value);
        what = `add ${source.file} ${pathText([...path, key])}: ${JSON.stringify(value)}`;
      }
      const text = source.doc.toString();
      if (!source.schema.safeParse(parseDocument(text).toJS()).success) continue;
      return this.write(source.file, source.whole(text), what);
    }
    return undefined;
  }

  /** Removes an entry of a list, or repeats one (its id or name made new), within the list's bounds. */
  async listEntry(n: number): Promise<Edit | undefined> {
    const files = await this.contentFiles();
    for (let attempt = 0; attempt < 8; attempt++) {
      const source = await this.yamlFile(this.rng.pick(files));
      if (!source || source.doc.errors.length > 0) continue;
      const json = jsonSchemaOf(source.schema);
      const lists = collectionsOf(source.doc).filter((c) => isSeq(c.node) && schemaAt(json, c.path)?.type === 'array');
      if (lists.length === 0) continue;
      const { path, node } = this.rng.pick(lists);
      const seq = node as YAMLSeq;
      const schema = schemaAt(json, path)!;
      const i = this.rng.int(seq.items.length);
      let what: string;
      if (this.rng.next() < 0.5 && seq.items.length > (schema.minItems ?? 0)) {
        seq.items.splice(i, 1);
        what = `remove entry ${i} of ${source.file} ${pathText(path)}`;
      } else if (seq.items.length > 0 && seq.items.length < (schema.maxItems ?? Infinity)) {
        const copy = source.doc.createNode((seq.toJS(source.doc) as unknown[])[i]);
        for (const key of ['id', 'name', 'from']) {
          if (isMap(copy) && isScalar(copy.get(key, true))) copy.set(key, renamed(String(copy.get(key)), key, n));
        }
        seq.items.splice(i + 1, 0, copy);
        what = `repeat entry ${i} of ${source.file} ${pathText(path)}`;
      } else continue;
      const text = source.doc.toString();
      if (!source.schema.safeParse(parseDocument(text).toJS()).success) continue;
      return this.write(source.file, source.whole(text), what);
    }
    return undefined;
  }

  /**
   * The medical review of a treatment, a service page or a real article: reviewed by an existing provider
   * on a date (some overdue), the date changed, a source added, the review taken away; with `invalid`,
   * an unknown reviewer or a reviewer without a date.
   */
  async review(n: number, invalid: boolean): Promise<Edit | undefined> {
    const files = (await this.contentFiles()).filter((f) => /^content\/(treatments|services)\/|^content\/blog\//.test(f));
    const source = files.length > 0 ? await this.yamlFile(this.rng.pick(files)) : undefined;
    if (!source || source.doc.errors.length > 0 || !isMap(source.doc.contents)) return undefined;
    const { providers } = await this.known();
    const reviewed = source.doc.has('reviewedBy');
    let what: string;
    if (invalid) {
      const how = this.rng.pick(['unknown reviewer', 'no date'] as const);
      source.doc.set('reviewedBy', how === 'unknown reviewer' ? `no-such-provider-${n}` : this.rng.pick(providers.length > 0 ? providers : ['jane-example']));
      if (how === 'no date') source.doc.delete('reviewedOn');
      else source.doc.set('reviewedOn', recentDate(this.rng));
      what = `break the review of ${source.file} (${how})`;
    } else {
      const how = reviewed ? this.rng.pick(['reviewer', 'date', 'source', 'remove'] as const) : 'review';
      if (how === 'remove') {
        for (const key of ['reviewedBy', 'reviewedOn', 'sources']) source.doc.delete(key);
      } else if (how === 'source') {
        const sources = source.doc.get('sources');
        const entry = { title: `A study cited at step ${n}`, publisher: 'Journal of Replays', year: 2000 + (n % 25), url: `https://example.org/study-${n}` };
        if (isSeq(sources)) sources.add(source.doc.createNode(entry));
        else source.doc.set('sources', [entry]);
      } else {
        if (how !== 'date' && providers.length > 0) source.doc.set('reviewedBy', this.rng.pick(providers));
        if (how !== 'reviewer') source.doc.set('reviewedOn', recentDate(this.rng));
        if (!source.doc.has('reviewedBy') || !source.doc.has('reviewedOn')) return undefined;
      }
      what = `${how === 'review' ? 'review' : `review ${how}`} of ${source.file}: ${reviewText(source.doc)}`;
    }
    return this.write(source.file, source.whole(source.doc.toString()), what);
  }

  /** A category of blog.yaml: its colour, its kind, its name, a new one, one fewer. */
  async blogCategory(n: number, articleCategories: readonly string[]): Promise<Edit | undefined> {
    const source = this.skip('content/blog.yaml') ? undefined : await this.yamlFile('content/blog.yaml');
    const categories = source?.doc.get('categories');
    if (!source || !isSeq(categories) || categories.items.length === 0) return undefined;
    const i = this.rng.int(categories.items.length);
    const category = categories.items[i];
    if (!isMap(category)) return undefined;
    const name = String(category.get('name'));
    const how = this.rng.pick(['colour', 'mentalHealth', 'medical', 'rename', 'add', 'add', 'remove'] as const);
    if (how === 'colour') {
      const colours = ['blue', 'teal', 'green', 'purple', 'amber'].filter((c) => c !== category.get('color'));
      category.set('color', this.rng.pick(colours));
    } else if (how === 'mentalHealth' || how === 'medical') {
      const now = category.get(how) ?? how === 'medical';
      category.set(how, !now);
    } else if (how === 'rename') {
      category.set('name', `${name.replace(/ \(\d+\)$/, '')} (${n})`);
    } else if (how === 'add') {
      const listed = new Set(categories.items.map((c) => (isMap(c) ? String(c.get('name')) : '')));
      const fresh = [...articleCategories, `Replay Topic ${n % 4}`].filter((c) => !listed.has(c));
      if (fresh.length === 0) return undefined;
      const entry: Record<string, unknown> = { name: this.rng.pick(fresh), color: this.rng.pick(['blue', 'teal', 'green', 'purple', 'amber']) };
      if (this.rng.next() < 0.3) entry.mentalHealth = true;
      categories.items.splice(this.rng.int(categories.items.length + 1), 0, source.doc.createNode(entry));
    } else {
      if (categories.items.length < 2) return undefined;
      categories.items.splice(i, 1);
    }
    const what = how === 'add' ? 'add a category to content/blog.yaml' : `${how} of the category ${JSON.stringify(name)} in content/blog.yaml`;
    return this.write(source.file, source.whole(source.doc.toString()), what);
  }

  /**
   * A file of a content folder (treatments, programs, services, legal, providers): copied under a new id,
   * renamed or deleted; copies go first, but an original can go too (then references to it fail the build).
   * With `invalid`, the copy's name is not a slug.
   */
  async entityFile(n: number, invalid: boolean): Promise<Edit | undefined> {
    const folder = this.rng.pick(entityFolders);
    const files = (await this.list(`content/${folder}`)).filter((f) => f.endsWith('.yaml') && !f.endsWith('.es.yaml') && !this.skip(f));
    if (files.length === 0) return undefined;
    const copies = files.filter((f) => /-(copy|renamed)-\d+\.yaml$/.test(f));
    const how = this.rng.pick(['copy', 'copy', 'rename', 'delete'] as const);
    const file = how !== 'copy' && copies.length > 0 && this.rng.next() < 0.7 ? this.rng.pick(copies) : this.rng.pick(files);
    const id = file.slice(`content/${folder}/`.length, -'.yaml'.length).replace(/-(copy|renamed)-\d+$/, '');
    if (how === 'copy') {
      const to = `content/${folder}/${invalid ? `${id.replace(/-/g, '_')}_Copy ${n}` : `${id}-copy-${n}`}.yaml`;
      const edit = await this.write(to, await readFile(join(this.root, file)), `copy ${file} to ${to}`);
      return edit;
    }
    const undo = await this.before([file]);
    if (how === 'delete') {
      await rm(join(this.root, file));
      return { what: `delete ${file}`, changed: [file], undo };
    }
    const to = `content/${folder}/${id}-renamed-${n}.yaml`;
    undo.push({ file: to, before: undefined });
    await writeFile(join(this.root, to), undo[0]!.before!);
    await rm(join(this.root, file));
    return { what: `rename ${file} to ${to}`, changed: [file, to], undo };
  }

  /**
   * A translation appears (one removed earlier comes back, or an article gets one), changes (a text of
   * it, or the English it was made from is recorded anew) or goes away; the English page's hreflang follows.
   */
  async translation(n: number): Promise<Edit | undefined> {
    const content = await this.list('content');
    const translations = content.filter((f) => /\.es\.(yaml|md)$/.test(f) && !this.skip(f));
    const how = this.rng.pick(['appear', 'appear', 'change', 'change', 'remove'] as const);
    if (how === 'remove' && translations.length > 0) {
      const file = this.rng.pick(translations);
      const undo = await this.before([file]);
      this.removedTranslations.set(file, undo[0]!.before!);
      await rm(join(this.root, file));
      return { what: `delete the translation ${file}`, changed: [file], undo };
    }
    if (how === 'change' && translations.length > 0) {
      const file = this.rng.pick(translations);
      const text = await this.read(file);
      // The first text of the file (its front matter's, for an article) gains a mark; the English's figures stay in it.
      const next = text.replace(/^((?:title|heading|tagline|label|name): +"?)(.*?)("?)$/m, (_all, key: string, value: string, quote: string) => `${key}${value} (v${n})${quote}`);
      if (next === text) return undefined;
      return this.write(file, next, `change a text of the translation ${file}`);
    }
    const gone = [...this.removedTranslations.keys()].filter((f) => !content.includes(f) && !this.skip(f));
    if (gone.length > 0 && this.rng.next() < 0.5) {
      const file = this.rng.pick(gone);
      const bytes = this.removedTranslations.get(file)!;
      return this.write(file, bytes, `the translation ${file} comes back`);
    }
    // An article without a translation gets one: its English text as it is, marked, with a read time of its own.
    const articles = content.filter((f) => /^content\/blog\/[^/]+\.md$/.test(f) && !f.endsWith('.es.md') && !content.includes(f.replace(/\.md$/, '.es.md')));
    if (articles.length === 0) return undefined;
    const english = this.rng.pick(articles);
    const source = await this.yamlFile(english);
    const data = source?.doc.toJS() as { title?: string; excerpt?: string; readTime?: string } | null | undefined;
    if (!source || !data?.title || !data.excerpt || !data.readTime) return undefined;
    const body = (await this.read(english)).slice(`---\n${source.yaml}---\n`.length);
    const front = [`title: ${JSON.stringify(`${data.title} (es ${n})`)}`, `excerpt: ${JSON.stringify(data.excerpt)}`, `readTime: ${JSON.stringify(data.readTime.replace('min read', 'min de lectura'))}`];
    return this.write(english.replace(/\.md$/, '.es.md'), `---\n${front.join('\n')}\n---\n${body}`, `a translation of ${english} appears`);
  }

  /** Translations the replay deleted, to bring back. */
  private readonly removedTranslations = new Map<string, Buffer>();

  /** A file of public/: a new one (an image, a text, a dotfile, in a new folder), one removed, one replaced. */
  async publicFile(n: number, images: readonly Buffer[]): Promise<Edit | undefined> {
    const files = (await this.list('public')).filter((f) => !this.skip(f));
    const added = files.filter((f) => /replay-\d+/.test(f));
    const how = this.rng.pick(['add', 'add', 'remove', 'replace'] as const);
    if (how === 'add') {
      const where = this.rng.pick([`public/images/replay-${n}.png`, `public/replay-${n}/notes.txt`, `public/.replay-${n}`, `public/images/blog/replay-${n}.png`]);
      return this.write(where, where.endsWith('.png') ? this.rng.pick(images) : `A file added at step ${n}.\n`, `add ${where}`);
    }
    // Removing an original can take away a picture a page shows: then the build must fail the same way.
    const file = how === 'remove' && added.length > 0 && this.rng.next() < 0.7 ? this.rng.pick(added) : this.rng.pick(files);
    if (!file) return undefined;
    const undo = await this.before([file]);
    if (how === 'remove') {
      await rm(join(this.root, file));
      return { what: `remove ${file}`, changed: [file], undo };
    }
    const bytes = /\.(png|jpe?g)$/.test(file) ? this.rng.pick(images) : Buffer.concat([undo[0]!.before!, Buffer.from(`\n<!-- step ${n} -->\n`)]);
    if (Buffer.compare(bytes, undo[0]!.before!) === 0) return undefined;
    await writeFile(join(this.root, file), bytes);
    return { what: `replace ${file}`, changed: [file], undo };
  }

  /** A harmless change to any template: a data attribute on an element; or a component file no template imports, added or removed. */
  async template(n: number): Promise<Edit | undefined> {
    const templates = (await this.list('templates')).filter((f) => f.endsWith('.tsx') && !this.skip(f));
    const unused = templates.filter((f) => /\/Replay\d+\.tsx$/.test(f));
    const choice = this.rng.int(6);
    if (choice === 0) {
      const file = `templates/components/Replay${n}.tsx`;
      return this.write(file, `/** Added by the replay at step ${n}; no template imports it. */\nexport const replay${n} = ${n};\n`, `add ${file}`);
    }
    if (choice === 1 && unused.length > 0) {
      const file = this.rng.pick(unused);
      const undo = await this.before([file]);
      await rm(join(this.root, file));
      return { what: `delete ${file}`, changed: [file], undo };
    }
    for (let attempt = 0; attempt < 6; attempt++) {
      const file = this.rng.pick(templates.filter((f) => !unused.includes(f)));
      const text = await this.read(file);
      // Only the markup a component returns: the part after its first "return (".
      const start = text.indexOf('return (');
      const marks = start < 0 ? [] : [...text.slice(start).matchAll(markable)];
      if (marks.length === 0) continue;
      const mark = this.rng.pick(marks);
      const at = start + mark.index;
      const next = `${text.slice(0, at)}<${mark[1]} data-replay="${n}"${text.slice(at + mark[0].length)}`;
      return this.write(file, next, `mark <${mark[1]}> in ${file} with data-replay="${n}"`);
    }
    return undefined;
  }

  /** A rule added to any style sheet (the last one replaced), or a style sheet of its own imported by site.css, added or taken away. */
  async css(n: number): Promise<Edit | undefined> {
    const sheets = (await this.list('templates/styles')).filter((f) => f.endsWith('.css') && !this.skip(f));
    const own = sheets.filter((f) => /\/replay-\d+\.css$/.test(f));
    const site = 'templates/styles/site.css';
    const choice = this.rng.int(5);
    if (choice === 0 && !this.skip(site)) {
      const file = `templates/styles/replay-${n}.css`;
      const undo = await this.before([file, site]);
      await writeFile(join(this.root, file), `.replay-sheet-${n} { margin: ${n}px; }\n`);
      await writeFile(join(this.root, site), `${undo[1]!.before!.toString()}@import "./replay-${n}.css";\n`);
      return { what: `add ${file}, imported by ${site}`, changed: [file, site], undo };
    }
    if (choice === 1 && own.length > 0 && !this.skip(site)) {
      const file = this.rng.pick(own);
      const undo = await this.before([file, site]);
      const name = file.slice('templates/styles/'.length);
      await writeFile(join(this.root, site), undo[1]!.before!.toString().replace(`@import "./${name}";\n`, ''));
      await rm(join(this.root, file));
      return { what: `delete ${file} and its import`, changed: [file, site], undo };
    }
    const file = this.rng.pick(sheets);
    const text = await this.read(file);
    const next = `${text.replace(/\n\.replay-edit \{[^}]*\}\n$/, '\n')}\n.replay-edit { z-index: ${n}; }\n`;
    return this.write(file, next, `add a rule to ${file}`);
  }

  /** Puts files back as they were before the edits, last edit first; returns the paths changed. */
  async undo(undos: readonly Undo[]): Promise<string[]> {
    for (const { file, before } of [...undos].reverse()) {
      if (before === undefined) await rm(join(this.root, file), { force: true });
      else {
        await mkdir(dirname(join(this.root, file)), { recursive: true });
        await writeFile(join(this.root, file), before);
      }
    }
    return [...new Set(undos.map((u) => u.file))];
  }

  exists(file: string): boolean {
    return existsSync(join(this.root, file));
  }
}

/** Whether a field takes any text (no enum, pattern or format): most fields of the content do. */
function isPlainText(schema: JsonSchema): boolean {
  return schema.type === 'string' && !schema.enum && !schema.pattern && !schema.format;
}

/** A field path as a reader writes it: services.pillars[0].name. */
function pathText(path: FieldPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('') || '(root)';
}

/** A new id or name for a repeated list entry, kept valid (an id stays a slug, an old address a path). */
function renamed(value: string, key: string, n: number): string {
  if (key === 'name') return `${value} ${n}`;
  return `${value}-${n}`;
}

function reviewText(doc: Document): string {
  return `reviewedBy ${String(doc.get('reviewedBy') ?? '-')}, reviewedOn ${String(doc.get('reviewedOn') ?? '-')}`;
}

/**
 * The text of a YAML file with one scalar's value changed and nothing else: the value is written plain
 * when it reads back the same, else as a JSON string; undefined when neither reads back as the document
 * with that value (then the edit tries another value).
 */
function spliceScalar(source: YamlFile, leaf: Leaf, value: unknown): string | undefined {
  const [start, end] = leaf.node.range ?? [];
  if (start === undefined || end === undefined) return undefined;
  const expected = parseDocument(source.yaml);
  expected.setIn(leaf.path, value);
  const wanted = JSON.stringify(expected.toJS());
  const texts = typeof value === 'string' ? [value, JSON.stringify(value)] : [String(value)];
  for (const written of texts) {
    // A block scalar's text ends with its line break, which the plain or quoted value must keep.
    const old = source.yaml.slice(start, end);
    const text = `${source.yaml.slice(0, start)}${written}${old.endsWith('\n') ? '\n' : ''}${source.yaml.slice(end)}`;
    const doc = parseDocument(text);
    if (doc.errors.length === 0 && JSON.stringify(doc.toJS()) === wanted) return text;
  }
  return undefined;
}
