/**
 * One source for every fact: page and legal YAML write `{phone}`, `{hours}`, `{address}`… where the clinic's facts go,
 * filled in from site.yaml and the founder's provider file at build time, and an article's `author` may be a provider's
 * id. A fact changed in its one file is then changed on every page that states it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { problems, type SiteError, type SourceLocation } from '../errors.ts';
import { englishOf } from '../schemas/translation.ts';
import type { Content } from '../schemas/content.ts';
import type { Article } from '../schemas/article.ts';
import type { Provider } from '../schemas/review.ts';
import type { Site } from '../schemas/site.ts';
import { closest } from '../suggest.ts';

/** A `{name}` written in a text: braces around a word. */
const placeholder = /\{([A-Za-z][\w.-]*)\}/g;

/** The placeholders a file fills itself, by file: blog.yaml's category texts name the category they are about, and so on. */
const ownPlaceholders: Record<string, readonly string[]> = {
  'content/blog.yaml': ['category'],
  // The search dialog's words are filled in the browser: what was typed, how many pages it found.
  'content/search.yaml': ['query', 'count', 'word'],
  // The templates' words: a page fills in its own numbers, dates and the clinic's name.
  'content/strings.yaml': ['site', 'n', 'pages', 'day', 'month', 'year', 'page'],
};

/** The facts a text can name, with what each is filled with. */
export function factsOf(site: Site, founder: Provider | undefined): Record<string, string> {
  const { street, city, region, postalCode } = site.address;
  const facts: Record<string, string> = {
    name: site.name,
    phone: site.phone,
    email: site.email,
    address: `${street}, ${city}, ${region} ${postalCode}`,
    hours: hoursText(site),
  };
  if (founder) facts.founder = founder.name;
  return facts;
}

/** The open rows of the office hours as a sentence would say them: "Monday to Friday, 10:00 AM to 5:00 PM". */
function hoursText(site: Site): string {
  const open = site.officeHours.filter((row) => !row.closed && row.opens && row.closes);
  return open.map((row) => `${row.label}, ${twelveHour(row.opens!)} to ${twelveHour(row.closes!)}`).join('; ');
}

/** 17:00 as 5:00 PM, as the contact block shows it. */
function twelveHour(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A provider's name as a byline gives it: "Dr. Jane Example, DNP, FNP-C". */
export function bylineOf(provider: Provider): string {
  return `${provider.name}, ${provider.credentials}`;
}

/**
 * The content with every `{fact}` of its page and legal YAML filled in and every article's author given as a provider id
 * shown as that provider's byline. Each unknown `{name}`, and each author that looks like an id but names no provider, is
 * added to `errors` at its line. site.yaml and the provider files hold the facts, so they are left as written.
 */
export function fillFacts(content: Content, errors: SiteError[]): Content {
  const founder = content.providers.get(content.home.about.founder);
  const facts = factsOf(content.site, founder);
  for (const [file, source] of content.sources) {
    if (!file.endsWith('.yaml')) continue;
    // site.yaml and the provider files hold the facts: their texts are published as written, braces and all.
    const holdsFacts = englishOf(file) === 'content/site.yaml' || file.startsWith('content/providers/');
    // A translation (home.es.yaml) fills what its English file fills.
    const known = holdsFacts ? [] : [...Object.keys(facts), ...(ownPlaceholders[englishOf(file)] ?? [])];
    for (const { written, name, path } of placeholdersIn(source.data)) {
      if (written === `{${name}}` && known.includes(name)) continue;
      const loc = placeholderLocation(content.root, source.locate(path), written);
      errors.push(placeholderProblem(loc, written, name, holdsFacts, Object.keys(facts)));
    }
  }
  const spanish = content.spanish && { ...content.spanish, content: filledContent(content.spanish.content, facts, []) };
  return { ...filledContent(content, facts, errors), spanish };
}

/** `content` with its facts filled in and its articles signed; an unknown author goes to `errors`. */
function filledContent(content: Content, facts: Record<string, string>, errors: SiteError[]): Content {
  const fill = <T>(value: T): T => filled(value, facts);
  return {
    ...content,
    navigation: fill(content.navigation),
    metadata: fill(content.metadata),
    home: fill(content.home),
    blogPage: fill(content.blogPage),
    process: fill(content.process),
    notFound: fill(content.notFound),
    memberships: fill(content.memberships),
    labSales: fill(content.labSales),
    inbody: fill(content.inbody),
    treatments: fillMap(content.treatments, facts),
    programs: fillMap(content.programs, facts),
    services: fill(content.services),
    legal: fill(content.legal),
    articles: withBylines(content, errors),
  };
}

/** The articles, each whose author is a provider's id signed with that provider's byline (the others as they are). */
function withBylines(content: Content, errors: SiteError[]): Article[] {
  return content.articles.map((article) => {
    const provider = content.providers.get(article.author);
    if (provider) return { ...article, author: bylineOf(provider) };
    if (/^[a-z0-9]+(-[a-z0-9]+)+$/.test(article.author)) {
      const loc = content.sources.get(article.file)?.locate(['author']) ?? { file: article.file, line: 1, column: 1 };
      const meant = closest(article.author, content.providers.keys());
      errors.push(problems.unknownReference(loc, 'provider (content/providers/)', article.author, meant));
    }
    return article;
  });
}

/**
 * What a brace in a text may be part of, longest first: `{{name}}`, `{name}` with or without spaces inside, `{name` or `name}` with
 * its other brace missing, or a brace alone. Only `{name}` exactly is a placeholder; the rest would be published as written.
 */
const factName = String.raw`([A-Za-z](?:[\w.-]*\w)?)`;
const braced = new RegExp(String.raw`\{\{\s*${factName}\s*\}\}|\{\s*${factName}\s*\}|\{\s*${factName}|${factName}\s*\}|[{}]`, 'g');

/** The problem with a `{…}` as written: a fact written wrongly, a name that is no fact, or a fact where none is filled in. */
function placeholderProblem(loc: SourceLocation, written: string, name: string, holdsFacts: boolean, facts: string[]): SiteError {
  if (holdsFacts) return problems.factNotFilled(loc, written, loc.file);
  if (written === `{${name}}`) return problems.unknownFact(loc, name, facts, closest(name, facts)[0]);
  return problems.malformedFact(loc, written, facts.includes(name) ? name : closest(name, facts)[0], facts);
}

/** Every `{name}` (and every brace written around a name otherwise) in parsed data, with the path of the text that holds it. */
function placeholdersIn(data: unknown): { written: string; name: string; path: (string | number)[] }[] {
  const found: { written: string; name: string; path: (string | number)[] }[] = [];
  const stack: [unknown, (string | number)[]][] = [[data, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (!value.includes('{') && !value.includes('}')) continue;
      for (const match of value.matchAll(braced)) found.push({ written: match[0], name: match.slice(1).find(Boolean) ?? '', path });
    } else if (Array.isArray(value)) value.forEach((item, i) => stack.push([item, [...path, i]]));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) stack.push([item, [...path, key]]);
  }
  return found;
}

/** Where `written` is, at or after the start of the text that holds it (a folded text starts on the line of its field). */
function placeholderLocation(root: string, start: SourceLocation, written: string): SourceLocation {
  let text: string;
  try {
    text = readFileSync(join(root, start.file), 'utf8');
  } catch {
    return start;
  }
  const lines = text.split('\n');
  for (let n = start.line - 1; n < lines.length; n++) {
    const column = lines[n]!.indexOf(written, n === start.line - 1 ? start.column - 1 : 0);
    if (column !== -1) return { file: start.file, line: n + 1, column: column + 1 };
  }
  return start;
}

/** A value with each known `{fact}` of its texts filled in; the value itself when it holds none, so unchanged data keeps its identity. */
function filled<T>(value: T, facts: Record<string, string>): T {
  if (typeof value === 'string') {
    if (!value.includes('{')) return value;
    return value.replace(placeholder, (whole, name: string) => facts[name] ?? whole) as T;
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => filled(item, facts));
    return (items.some((item, i) => item !== value[i]) ? items : value) as T;
  }
  if (value && typeof value === 'object' && !(value instanceof Map)) {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]) => {
      const next = filled(item, facts);
      changed ||= next !== item;
      return [key, next] as const;
    });
    return (changed ? Object.fromEntries(entries) : value) as T;
  }
  return value;
}

/** A catalogue folder (treatments, programs) with its entries' facts filled in. */
function fillMap<T>(map: Map<string, T>, facts: Record<string, string>): Map<string, T> {
  let changed = false;
  const entries = [...map].map(([id, entry]) => {
    const next = filled(entry, facts);
    changed ||= next !== entry;
    return [id, next] as const;
  });
  return changed ? new Map(entries) : map;
}
