/** Types of articles.mjs, for the tests that use the bench's generated articles. */
export interface GeneratedArticle {
  slug: string;
  file: string;
  text: string;
  title: string;
  publishDate: string;
  words: number;
}
export function generateArticles(count: number, seed?: number): GeneratedArticle[];
export function slugOf(i: number, seed?: number): string;
export function editArticle(text: string, k: number): string;
export function prng(seed: number): () => number;
