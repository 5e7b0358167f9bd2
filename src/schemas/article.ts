/** Schema of a blog article's front matter (content/blog/SLUG.md). */
import { z } from 'zod';
import { publicPath, text } from './common.ts';

/** An ISO date (YYYY-MM-DD) that exists in the calendar. */
export const isoDate = z
  .string({ error: 'must be a date written as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'invalid-date');

export const articleSchema = z.strictObject({
  title: text,
  excerpt: text,
  author: text,
  publishDate: isoDate,
  category: text,
  /** Such as "8 min read"; computed from the body when left out. */
  readTime: z.string().regex(/^\d+ min read$/, 'must look like "8 min read"').optional(),
  image: publicPath.optional(),
  /** Pins the article as the featured one on /blog; otherwise the newest is featured. */
  featured: z.boolean().optional(),
  /** Keeps the article out of `build` until it is ready. */
  draft: z.boolean().optional(),
});
export type ArticleFrontMatter = z.infer<typeof articleSchema>;

/** An article as the templates receive it: front matter, slug and rendered body. */
export interface Article extends Omit<ArticleFrontMatter, 'readTime'> {
  slug: string;
  /** The file it came from, relative to the project. */
  file: string;
  readTime: string;
  /** Sanitised HTML of the body. */
  html: string;
  draft: boolean;
}
