/**
 * The launch checklist (`check --launch`): everything the clinic must replace before the site goes live,
 * each at its file and line. Placeholders, example providers, drafts awaiting counsel, pages and
 * translations never reviewed, the language notice awaiting a native reader; the analytics id as an option.
 */
import type { Content, YamlSource } from '../schemas/content.ts';
import { publishedArticles } from '../route/routes.ts';
import { reviewProblems } from '../validate/review.ts';
import { translationProblems } from '../validate/translations.ts';
import { launchKinds, type LaunchItem } from './items.ts';
import { allSources, firstPlaceholder, placeholderItems, visitTexts } from './placeholders.ts';
import { providerItems } from './providers.ts';

export { launchKinds, type LaunchItem, type LaunchKind } from './items.ts';

/** Every item of the checklist for this content on the day `today` (YYYY-MM-DD), grouped by kind in checklist order. */
export function launchChecklist(content: Content, today: string): LaunchItem[] {
  const items = [
    ...placeholderItems(content),
    ...providerItems(content),
    ...costItems(content),
    ...counselItems(content),
    ...medicalItems(content, today),
    ...translationItems(content),
    ...nativeReaderItems(content),
    ...analyticsItems(content),
  ];
  const order = Object.keys(launchKinds);
  // A stable sort: within a kind, items keep the order their rule found them in.
  return items.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

/**
 * Where the clinic's costs and insurance go, once there is such a page: a content file named for them
 * (content/cost-and-insurance.yaml), or a `costs:` or `insurance:` field of a content file.
 */
export const costSlot = /(^|\/)[^/]*(cost|insurance)[^/]*\.ya?ml$/i;

/** A place in a content file where costs or insurance are written. */
interface CostSlot {
  source: YamlSource;
  path: (string | number)[];
  value: unknown;
}

/**
 * The cost and insurance slot: missing altogether (one item), or each of its texts still a placeholder (TODO, a 555 number,
 * example.com) and each `awaitingClinic: true` in it.
 */
function costItems(content: Content): LaunchItem[] {
  const slots = [...content.sources.values()].flatMap((source): CostSlot[] => {
    if (/\.es\.ya?ml$/.test(source.file)) return [];
    if (costSlot.test(source.file)) return [{ source, path: [], value: source.data }];
    const data = (source.data ?? {}) as Record<string, unknown>;
    return ['costs', 'insurance'].filter((key) => key in data).map((key) => ({ source, path: [key], value: data[key] }));
  });
  if (slots.length === 0) {
    const what = 'no cost and insurance information yet (no content/cost-and-insurance.yaml, and no costs: or insurance: field)';
    const todo = 'write what visits cost and which insurance the clinic takes, if any';
    return [{ kind: 'costs', file: 'content/', line: 0, what, todo }];
  }
  const items: LaunchItem[] = [];
  for (const { source, path, value } of slots) {
    const item = (at: (string | number)[], what: string, todo: string): LaunchItem =>
      ({ kind: 'costs', file: source.file, line: source.locate(at, at.length > 0 && typeof at.at(-1) === 'string').line, what, todo });
    visitTexts(value, path, (text, at) => {
      const found = /\bTODO\b/.test(text) ? 'TODO' : firstPlaceholder(text)?.text;
      if (found) items.push(item(at, `"${found}" is left in a cost or insurance entry`, 'write the real cost or insurance detail'));
    });
    visitFlags(value, path, 'awaitingClinic', (at) => {
      items.push(item(at, 'a cost or insurance entry awaits the clinic', 'fill it in, then remove "awaitingClinic: true"'));
    });
  }
  return items;
}

/** Calls `found` with the path of every `name: true` in a parsed YAML value. */
function visitFlags(value: unknown, path: (string | number)[], name: string, found: (path: (string | number)[]) => void): void {
  if (Array.isArray(value)) value.forEach((item, i) => visitFlags(item, [...path, i], name, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === name && item === true) found([...path, key]);
      else visitFlags(item, [...path, key], name, found);
    }
  }
}

/**
 * Legal pages, and the notice of language assistance, still marked `awaitingCounsel: true`, with their effective date
 * (an `effective:` date, when the file has one; the legal schema has none yet, so the line says there is none); then each
 * translation of one that says `awaitingCounsel: true` of its own text.
 */
function counselItems(content: Content): LaunchItem[] {
  const sources = allSources(content);
  const pages = [
    ...content.legal.map((page) => ({ page, file: `content/legal/${page.id}.yaml` })),
    { page: content.languageAssistance, file: 'content/language-assistance.yaml' },
  ];
  const todo = 'have counsel review and approve it, and give the date it takes effect; then remove "awaitingCounsel: true"';
  const english = pages
    .filter(({ page }) => page.awaitingCounsel)
    .map(({ page, file }): LaunchItem => {
      const effective = (sources.get(file)?.data as { effective?: unknown } | undefined)?.effective;
      const date = typeof effective === 'string' ? `effective ${effective} once approved` : 'with no effective date yet';
      const line = sources.get(file)?.locate(['awaitingCounsel'], true).line ?? 1;
      return { kind: 'legal', file, line, what: `${page.title} is a draft awaiting the clinic's legal counsel, ${date}`, todo };
    });
  const titles = new Map(pages.map(({ page, file }) => [file, page.title]));
  const translations = (content.spanish?.translations ?? [])
    .filter((t) => titles.has(t.english) && (t.source.data as { awaitingCounsel?: unknown } | undefined)?.awaitingCounsel === true)
    .map((t): LaunchItem => ({
      kind: 'legal',
      file: t.file,
      line: t.source.locate(['awaitingCounsel'], true).line,
      what: `the Spanish translation of ${titles.get(t.english)} awaits the clinic's legal counsel`,
      todo: 'have counsel review and approve the Spanish text; then remove "awaitingCounsel: true"',
    }));
  return [...english, ...translations];
}

/** Medical pages the site publishes that were never reviewed by a provider, or not within 12 months, at their title. */
function medicalItems(content: Content, today: string): LaunchItem[] {
  const articles = publishedArticles(content, { drafts: false, future: false, today, baseUrl: content.site.baseUrl });
  return reviewProblems(content, articles, today).map((problem) => {
    const file = problem.loc!.file;
    const never = problem.code === 'not-reviewed';
    // A page never reviewed has no review field to point at: its title (a service page's label) names it.
    const source = content.sources.get(file);
    const named = ['title', 'label'].find((key) => key in ((source?.data ?? {}) as object));
    return {
      kind: 'medical',
      file,
      line: never ? (named && source ? source.locate([named], true).line : 1) : problem.loc!.line,
      what: problem.message.replace(/^the medical page/, 'the page'),
      todo: never
        ? 'have a provider review it, then add reviewedBy and reviewedOn'
        : 'have a provider review it again, then update reviewedOn',
    };
  });
}

/** Translations never reviewed by a qualified medical translator, at their `translation:` record. */
function translationItems(content: Content): LaunchItem[] {
  return translationProblems(content)
    .filter((problem) => problem.code === 'translation-not-reviewed')
    .map((problem) => ({
      kind: 'translations',
      file: problem.loc!.file,
      line: allSources(content).get(problem.loc!.file)?.locate(['translation'], true).line ?? problem.loc!.line,
      what: 'this Spanish translation has not been reviewed by a qualified medical translator',
      todo: 'have one review it, then add reviewedBy and reviewedOn under translation:',
    }));
}

/** The notice of language assistance, while `awaitingNativeReader: true` says no native speaker has read its taglines. */
function nativeReaderItems(content: Content): LaunchItem[] {
  if (!content.languageAssistance.awaitingNativeReader) return [];
  const file = 'content/language-assistance.yaml';
  const count = content.languageAssistance.taglines.length;
  return [
    {
      kind: 'languageNotice',
      file,
      line: content.sources.get(file)?.locate(['awaitingNativeReader'], true).line ?? 1,
      what: `the notice's ${count} taglines in other languages have not been read by native speakers`,
      todo: 'have a native speaker of each language read its tagline, then remove "awaitingNativeReader: true"',
    },
  ];
}

/** No analytics id: listed as an option, since a site without analytics is complete (and sends no visitor data anywhere). */
function analyticsItems(content: Content): LaunchItem[] {
  if (content.site.analytics.measurementId) return [];
  const file = 'content/site.yaml';
  return [
    {
      kind: 'analytics',
      file,
      line: content.sources.get(file)?.locate(['analytics'], true).line ?? 1,
      what: 'no analytics id',
      todo: 'only if the clinic wants Google Analytics: write measurementId: G-… under analytics (the privacy policy then says so)',
      optional: true,
    },
  ];
}
