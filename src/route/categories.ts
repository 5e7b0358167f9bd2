/** Blog categories as content/blog.yaml describes them. */
import type { Article } from '../schemas/article.ts';
import type { BlogCategory } from '../schemas/pages.ts';

/** An article's category as content/blog.yaml describes it (undefined for a category it does not list). */
export function categoryOf(article: Pick<Article, 'category'>, categories: readonly BlogCategory[]): BlogCategory | undefined {
  return categories.find((c) => c.name === article.category);
}
