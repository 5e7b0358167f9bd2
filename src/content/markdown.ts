/** Markdown to sanitised HTML, with one remark processor built once and reused. */
import { remark } from 'remark';
import remarkHtml from 'remark-html';

const processor = remark().use(remarkHtml, { sanitize: true }).freeze();

/** Renders an article body; raw HTML and script in it are stripped by the sanitiser. */
export function markdownToHtml(markdown: string): string {
  return String(processor.processSync(markdown));
}

/** Words in a markdown body, for the read-time estimate. */
export function countWords(markdown: string): number {
  return markdown.replace(/[#>*_`[\]()-]/g, ' ').split(/\s+/).filter(Boolean).length;
}

/** "N min read" at 220 words a minute, at least one minute. */
export function readTimeOf(markdown: string): string {
  return `${Math.max(1, Math.round(countWords(markdown) / 220))} min read`;
}
