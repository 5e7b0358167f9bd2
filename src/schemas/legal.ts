/** Schema of a legal page (content/legal/ID.yaml, published at /legal/ID): privacy, terms, accessibility, nondiscrimination. */
import { z } from 'zod';
import { text, textList } from './common.ts';

/** One section of a legal page; `shownWhen` keeps a section to sites with or without analytics. */
const legalSection = z.strictObject({
  heading: text.describe('The section heading.'),
  paragraphs: textList.describe('The paragraphs, in plain words. "911" and "988" become links that dial them.'),
  shownWhen: z
    .enum(['analytics-on', 'analytics-off'])
    .optional()
    .describe(
      'Shows the section only when site.yaml names an analytics measurement id (analytics-on) or only when it does not (analytics-off).',
    ),
});

export const legalPageSchema = z.strictObject({
  title: text.describe('The page heading and title.'),
  footerLabel: text.describe('The link text in every footer.'),
  order: z.number().int().min(0).describe("Where the link sits among the footer's legal links (0 first)."),
  description: text
    .max(200, 'must be at most 200 characters; search engines cut longer descriptions')
    .describe('What search engines and link previews show, at most 200 characters.'),
  intro: text.describe('One or two sentences under the heading: what this page is.'),
  sections: z.array(legalSection).min(1, 'must list at least one section').describe('The sections of the page, in order.'),
  questions: text.describe("The sentence before the clinic's phone number, e-mail and address at the end of the page."),
  awaitingCounsel: z
    .boolean()
    .default(false)
    .describe("true while the clinic's legal counsel has not approved this page: check --launch lists it. Remove it once counsel has."),
});
export type LegalPageEntry = z.infer<typeof legalPageSchema>;
/** A legal page with its id (the file name). */
export type LegalPage = LegalPageEntry & { id: string };
