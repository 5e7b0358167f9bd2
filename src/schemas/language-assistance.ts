/** Schema of the notice of free language assistance (content/language-assistance.yaml, published at /language-assistance). */
import { z } from 'zod';
import { slug, text, textList } from './common.ts';

/** A language's tagline: one sentence, in that language, saying help is free and how to ask ({phone} is the clinic's number). */
const tagline = z.strictObject({
  language: text.describe("The language's name in English, such as Vietnamese."),
  name: text.describe("The language's own name, as its speakers write it."),
  lang: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as vi, zh-Hant or fa')
    .describe('The language tag (BCP 47): vi, zh-Hant, fa.'),
  dir: z.enum(['ltr', 'rtl']).describe('rtl for scripts written right to left (Arabic, Urdu, Persian), else ltr.'),
  text: text.describe("The tagline, in that language; {phone} stands for the clinic's phone number from site.yaml."),
});

export const languageAssistanceSchema = z.strictObject({
  title: text.describe("The page heading and title, and the footer's link text in English."),
  description: text
    .max(200, 'must be at most 200 characters; search engines cut longer descriptions')
    .describe('What search engines and link previews show.'),
  intro: text.describe('The notice itself: free language assistance and auxiliary aids are available.'),
  auxiliaryAids: text.describe(
    'The free auxiliary aids and services for people with disabilities (sign language interpreters, large print, audio), ' +
      "as in HHS's 2024 sample notice.",
  ),
  howToAsk: text.describe("How to ask for them; {phone} stands for the clinic's phone number from site.yaml."),
  tty: text.describe('The line for callers who use a TTY, such as "TTY: 711" (711 is the relay service, free from any phone).'),
  paragraphs: textList.describe('What else the notice says, in plain words.'),
  complaintsPage: slug
    .optional()
    .describe(
      'The legal page that explains how to file a complaint, by its file name in content/legal/ (nondiscrimination): ' +
        "linked after the paragraphs, in the page's language.",
    ),
  taglines: z
    .array(tagline)
    .min(1, 'must list at least one language')
    .describe('One tagline per language, in the order HHS lists them for Texas.'),
  awaitingCounsel: z
    .boolean()
    .default(false)
    .describe("true while the clinic's legal counsel has not approved this notice: check --launch lists it. Remove it once counsel has."),
  awaitingNativeReader: z
    .boolean()
    .default(false)
    .describe('true while no native speaker has read each tagline: check --launch lists it. Remove it once every tagline has been read.'),
});
export type LanguageAssistance = z.infer<typeof languageAssistanceSchema>;
/** A tagline of the notice, in its own language. */
export type Tagline = LanguageAssistance['taglines'][number];
