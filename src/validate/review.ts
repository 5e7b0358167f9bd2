/** Medical review status: which medical pages were never reviewed, or reviewed more than 12 months before the build date. */
import { problems, type SiteError } from '../errors.ts';
import type { Article } from '../schemas/article.ts';
import type { Content } from '../schemas/content.ts';
import { articlePath, categoryOf } from '../route/categories.ts';

/** A medical page as the review check sees it: the file it comes from, its address, and its review date. */
interface MedicalPage {
  file: string;
  path: string;
  reviewedOn: string | undefined;
}

/** The day twelve months before `today` (YYYY-MM-DD): a review older than that is outdated. */
export function yearBefore(today: string): string {
  return `${String(Number(today.slice(0, 4)) - 1).padStart(4, '0')}${today.slice(4)}`;
}

/**
 * The medical pages the site publishes (each treatment with a page or a service card, each service
 * page, each published article) and what is wrong with their review, as located problems: `build`
 * prints them as warnings, `check --strict` fails on them.
 */
export function reviewProblems(content: Content, articles: readonly Article[], today: string): SiteError[] {
  const shown = new Set([
    ...content.home.services.pillars.flatMap((p) => p.categories.flatMap((c) => c.treatments)),
    ...content.services.flatMap((s) => s.treatments.cards.map((c) => c.treatment)),
  ]);
  const pages: MedicalPage[] = [
    ...[...shown]
      .sort()
      .map((id) => ({
        file: `content/treatments/${id}.yaml`,
        path: `/treatments/${id}/`,
        reviewedOn: content.treatments.get(id)?.reviewedOn,
      })),
    ...content.services.map((s) => ({
      file: `content/services/${s.id}.yaml`,
      path: `/services/${s.pillar}/${s.id}`,
      reviewedOn: s.reviewedOn,
    })),
    // An article of a category marked medical: false (the practice's story) gives no medical information.
    ...articles
      .filter((a) => categoryOf(a, content.blogPage.categories)?.medical !== false)
      .map((a) => ({ file: a.file, path: articlePath(a.slug), reviewedOn: a.reviewedOn })),
  ];
  const limit = yearBefore(today);
  const found: SiteError[] = [];
  for (const page of pages) {
    const locate = (field: string) => content.sources.get(page.file)?.locate([field]) ?? { file: page.file, line: 1, column: 1 };
    if (page.reviewedOn === undefined) found.push(problems.notReviewed({ file: page.file, line: 1, column: 1 }, page.path));
    else if (page.reviewedOn < limit) found.push(problems.reviewOutdated(locate('reviewedOn'), page.path, page.reviewedOn, today));
  }
  return found;
}

/** The build's warnings about review: one per kind of problem, naming every file. */
export function reviewWarnings(found: readonly SiteError[]): string[] {
  const list = (code: SiteError['code']) => found.filter((e) => e.code === code).map((e) => e.loc!.file);
  const never = list('not-reviewed');
  const outdated = list('review-outdated');
  const lines = (files: string[]) => files.map((f) => `\n    ${f}`).join('');
  const warnings: string[] = [];
  if (never.length > 0) {
    warnings.push(
      `${never.length} medical page${never.length === 1 ? ' was' : 's were'} never medically reviewed (add reviewedBy and reviewedOn ` +
        `once a provider has reviewed ${never.length === 1 ? 'it' : 'them'}; check --strict fails on this):${lines(never)}`,
    );
  }
  if (outdated.length > 0) {
    warnings.push(
      `${outdated.length} medical page${outdated.length === 1 ? ' was' : 's were'} last reviewed more than 12 months ago (review again ` +
        `and update reviewedOn; check --strict fails on this):${lines(outdated)}`,
    );
  }
  return warnings;
}
