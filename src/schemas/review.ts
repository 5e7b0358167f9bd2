/** Medical review: who reviewed a medical page and when, its references, and the providers who can review. */
import { z } from 'zod';
import { image, isoDate, slug, text } from './common.ts';

/** A published document a medical page is based on. Only cite what exists as cited. */
export const sourceEntry = z.strictObject({
  title: text.describe('The title of the document, as published.'),
  publisher: text.describe('Who published it: a journal, an agency, a professional society.'),
  year: z.number().int().min(1900).max(2100).describe('The year it was published.'),
  url: z.url({ protocol: /^https$/, error: 'must be a full https:// address' }).describe('Where a reader can find it.'),
});
export type SourceEntry = z.infer<typeof sourceEntry>;

/**
 * The review fields a treatment, a service page and an article can carry. Record only reviews that
 * happened: `build` warns about pages never reviewed, or reviewed more than 12 months ago.
 */
export const reviewFields = {
  reviewedBy: slug
    .optional()
    .describe(
      'The provider who medically reviewed this page, by file name in content/providers/ (without .yaml). Only record a review that ' +
        'happened.',
    ),
  reviewedOn: isoDate
    .optional()
    .describe(
      'The date of that review, written YYYY-MM-DD. Pages reviewed more than 12 months ago are reported by build and fail check --strict.',
    ),
  sources: z
    .array(sourceEntry)
    .optional()
    .describe('References shown at the end of the page: title, publisher, year, url. Only cite documents that exist as cited.'),
};

/** content/providers/ID.yaml: a clinician of the practice, who can review medical pages. */
export const providerSchema = z.strictObject({
  name: text.describe('The name as patients see it, such as Dr. Jane Example.'),
  credentials: text.describe('Degrees and certifications, such as DNP, FNP-C.'),
  role: text.describe('The role in the practice, such as Founder and Family Nurse Practitioner.'),
  photo: image.describe(
    "A portrait at least 800 pixels wide, shown in the home page's About section when this provider is the founder; the build " +
      'warns when a photo is too small and says the size it needs.',
  ),
  bio: text.describe('Two or three sentences about the provider.'),
  illustration: z
    .boolean()
    .default(false)
    .describe('true while the photo is a drawing (the placeholder): the page labels it "Illustration" in its own language.'),
});
export type Provider = z.infer<typeof providerSchema> & { id: string };
