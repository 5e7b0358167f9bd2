/** Schema of a blog article's front matter (content/blog/SLUG.md). */
import { z } from 'zod';
import { isoDate, text, unambiguousHref } from './common.ts';
import type { SourceLocation } from '../errors.ts';
import { oldPath } from './redirects.ts';
import { reviewFields } from './review.ts';

/** Dates are written YYYY-MM-DD everywhere in content. */
export { isoDate };

/** A path under public/ (/images/blog/x.png) or the file name of a JPEG or PNG in the article's own folder (x.png). */
export const articleImage = unambiguousHref(false).regex(
  /^(\/[\w./-]+|(\.\/)?\w[\w.-]*\.(png|jpe?g))$/i,
  'must be a path from the site root, e.g. /images/blog/photo.png, or the name of a JPEG or PNG beside the article, e.g. photo.png',
);

export const articleSchema = z.strictObject({
  title: text.describe('The headline, shown on the card, the article page and in search results.'),
  excerpt: text.describe('One or two sentences shown on the card and used as the page description.'),
  author: text.describe(
    'Who wrote it: a provider id (the file name of a provider, without .yaml), shown as their name and credentials, ' +
      'or the byline as it should appear.',
  ),
  publishDate: isoDate.describe('The publication date, written YYYY-MM-DD. A date in the future keeps the article unpublished until then.'),
  category: text.describe('The category badge, such as Metabolic Health. Reuse an existing category where one fits.'),
  /** Such as "8 min read"; computed from the body when left out. */
  readTime: z
    .string()
    .regex(/^\d+ min read$/, 'must look like "8 min read"')
    .optional()
    .describe('Such as "8 min read". Leave it out and it is computed from the length of the text.'),
  image: articleImage
    .optional()
    .describe(
      'The picture on the card and the article page: a path under public/, such as /images/blog/my-article.png, or the name of a JPEG ' +
        'or PNG beside the article, such as my-article.png.',
    ),
  /** Pins the article as the featured one on /blog; otherwise the newest is featured. */
  featured: z.boolean().optional().describe('true pins the article at the top of the blog; otherwise the newest article is featured.'),
  /** Old addresses of this article (after its file was renamed), kept working with redirects. */
  aliases: z
    .array(oldPath)
    .optional()
    .describe(
      'Old addresses of this article that must keep working, one per line starting with "- ", such as /blog/old-title/. Add the old ' +
        'address here when you rename the file.',
    ),
  /** Keeps the article out of `build` until it is ready. */
  draft: z.boolean().optional().describe('true keeps the article out of the published site; serve still shows it, marked Draft.'),
  ...reviewFields,
});
export type ArticleFrontMatter = z.infer<typeof articleSchema>;

/** An article as loaded: front matter, slug and its markdown body (rendered to HTML by the render stage). */
export interface Article extends Omit<ArticleFrontMatter, 'readTime'> {
  slug: string;
  /** The file it came from, relative to the project. */
  file: string;
  readTime: string;
  /** The project path of an image beside the article (content/blog/x.png), published at `image` (/images/blog/x.png). */
  imageFile?: string;
  /**
   * The markdown body, while the file's text is in memory; an article taken from the on-disk cache
   * has none, and `markdownOf` reads it again when its page has to be rendered.
   */
  markdown?: string;
  /** The line of the file where the body starts. */
  bodyLine: number;
  /** Where in the file's text the body starts. */
  bodyOffset: number;
  /** What the body refers to, each where it is written: images beside it, treatments and booking services of its components. */
  references?: {
    images: { src: string; file: string; image: string; loc: SourceLocation }[];
    treatments: { id: string; loc: SourceLocation }[];
    bookings: { service: string; loc: SourceLocation }[];
  };
  /** A hash of the whole file: the article page's render key. */
  sourceHash: string;
  /** A hash of what a card shows of the article (everything but its body): pages that list it change only when this does. */
  cardHash: string;
  draft: boolean;
}
