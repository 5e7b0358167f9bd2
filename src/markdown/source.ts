/** Where an article's markdown body is read again after load: its file, where the body starts, the hash it was loaded with. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { problems } from '../errors.ts';
import { hashOf } from '../hash.ts';
import type { Article } from '../schemas/article.ts';

/** Where to read an article's markdown body again: its file, where the body starts, and the file's hash. */
export interface MarkdownSource {
  /** Absolute path of the file. */
  path: string;
  /** The file as the project names it, for messages. */
  file: string;
  offset: number;
  hash: string;
}

/** An article's body from its file; a file that changed since it was loaded is an error, not a silent mix. */
export function readMarkdown(source: MarkdownSource): string {
  let text: string;
  try {
    text = readFileSync(source.path, 'utf8');
  } catch {
    throw problems.changedDuringBuild(source.file);
  }
  if (hashOf(text) !== source.hash) throw problems.changedDuringBuild(source.file);
  return text.slice(source.offset);
}

/** The markdown body of an article of the project in `root`, from memory or from its file. */
export function markdownOf(root: string, article: Article): string {
  return article.markdown ?? readMarkdown(markdownSourceOf(root, article));
}

/** Where an article's body can be read again. */
export function markdownSourceOf(root: string, article: Article): MarkdownSource {
  return { path: join(root, article.file), file: article.file, offset: article.bodyOffset, hash: article.sourceHash };
}
