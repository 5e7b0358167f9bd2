/** `clinic-site new`: starting files for an article or a treatment, complete and valid, never overwriting. */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadContent } from '../load/content.ts';
import { problems } from '../errors.ts';
import { articlePath } from '../route/categories.ts';
import { slugOf } from '../suggest.ts';

/** A URL-safe slug of a title: "Sleep & Hormones: A Guide" → "sleep-hormones-a-guide" (empty when nothing of it is left). */
export function slugify(title: string): string {
  return slugOf(title) ?? '';
}

/** What `new` wrote. */
export interface Scaffolded {
  file: string;
  url: string;
}

/** Writes content/blog/SLUG.md with every front-matter field filled in, as a draft. */
export async function newArticle(root: string, title: string, options: { today: string; category?: string }): Promise<Scaffolded> {
  const slug = slugify(title);
  if (!slug)
    throw problems.usage(`"${title}" has no letters or digits to make a file name from`, 'give the article a title with words in it');
  const file = `content/blog/${slug}.md`;
  await refuseExisting(root, file);
  const content = await loadContent(root);
  const counts = new Map<string, number>();
  for (const article of content.articles) counts.set(article.category, (counts.get(article.category) ?? 0) + 1);
  const categories = [...counts.keys()].sort();
  const category = options.category ?? [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'Practice Philosophy';
  const text = `---
# yaml-language-server: $schema=../../schemas/article.schema.json
title: ${JSON.stringify(title)}
excerpt: "One or two sentences that make a reader want to open the article."
author: ${JSON.stringify(content.site.defaultAuthor)}
publishDate: ${options.today}
# Existing categories: ${categories.join(', ') || 'none yet'}
category: ${JSON.stringify(category)}
# readTime is computed from the text; uncomment to show your own estimate instead.
# readTime: 5 min read
# A JPEG or PNG beside this file (or a path under public/, such as /images/blog/${slug}.png); uncomment to show it.
# image: ${slug}.png
draft: true
---

Open with the question or problem your reader has, in two or three sentences.

## A first heading

Explain one idea per section. Short paragraphs read best on phones.

- A list works well for symptoms, steps or options
- Keep each point short

## What to do next

Close with a practical next step, such as booking a visit or reading about [our process](/process).
`;
  await mkdir(join(root, 'content', 'blog'), { recursive: true });
  await writeFile(join(root, file), text, { flag: 'wx' });
  return { file, url: articlePath(slug) };
}

/** Writes content/treatments/ID.yaml with every field present and placeholders to replace. */
export async function newTreatment(root: string, id: string): Promise<Scaffolded> {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)) {
    throw problems.usage(`"${id}" cannot be a treatment id`, `use lower case words joined by hyphens, e.g. ${slugify(id) || 'vitamin-d'}`);
  }
  const file = `content/treatments/${id}.yaml`;
  await refuseExisting(root, file);
  const title = id
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
  const text = `# yaml-language-server: $schema=../../schemas/treatment.schema.json
# A treatment appears on the site once a pillar (content/home.yaml) or a service page
# (content/services/*.yaml) lists its id: ${id}
title: ${title}
description: >-
  Two to four plain sentences for patients: what it is and who it may help.
dosage: >-
  The typical dose, stated as typical. Your provider decides what is right for you.
indications:
  - A condition or goal it may help with
  - Another one
faq:
  - question: Who is a good candidate?
    answer: >-
      A short, careful answer.
  - question: How soon might I notice a difference?
    answer: >-
      A short, careful answer, without promises of outcome.
  - question: What are the possible side effects?
    answer: >-
      A short, careful answer.
`;
  await mkdir(join(root, 'content', 'treatments'), { recursive: true });
  await writeFile(join(root, file), text, { flag: 'wx' });
  return { file, url: '/#services' };
}

async function refuseExisting(root: string, file: string): Promise<void> {
  const [dir, name] = [file.slice(0, file.lastIndexOf('/')), file.slice(file.lastIndexOf('/') + 1)];
  const existing = await readdir(join(root, dir)).catch(() => [] as string[]);
  if (existing.includes(name)) throw problems.exists(file);
}
