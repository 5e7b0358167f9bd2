/** Schema of the page on costs and insurance (content/cost-and-insurance.yaml, published at /cost-and-insurance). */
import { z } from 'zod';
import { text } from './common.ts';

/** One question patients ask about paying for care, and the clinic's answer once it has given one. */
const costQuestion = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and hyphens, such as first-visit')
    .describe("The question's id, its anchor on the page: first-visit, insurance, memberships."),
  question: text.describe('The question, as a patient would ask it.'),
  answer: z
    .string()
    .trim()
    .optional()
    .describe("The clinic's answer. Leave out until the clinic gives it: the page then asks patients to call."),
  awaitingClinic: z
    .boolean()
    .default(false)
    .describe('true while the clinic has not given this answer: check --launch lists it. Remove it once the answer is written.'),
});

export const costsSchema = z.strictObject({
  title: text.describe('The page heading and title, and the text of the links to the page.'),
  description: text
    .max(200, 'must be at most 200 characters; search engines cut longer descriptions')
    .describe('What search engines and link previews show.'),
  intro: text.describe('The first paragraph, under the heading.'),
  callUs: text.describe("Shown for a question without an answer; {phone} stands for the clinic's phone number, shown as a link."),
  questions: z.array(costQuestion).min(1, 'must list at least one question').describe('The questions, in the order the page shows them.'),
});
export type CostsPage = z.infer<typeof costsSchema>;
/** A question of the costs page. */
export type CostQuestion = CostsPage['questions'][number];
