/** Schema of content/search.yaml: the search page and dialog copy, and the patient's own words for pages. */
import { z } from 'zod';
import { internalHref, text } from './common.ts';

/** The kinds of page search finds, in the order the filter lists them. */
export const searchKinds = ['article', 'treatment', 'service', 'clinic'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** Other words for one page: brand names, lay names, abbreviations a patient types. */
export const synonymSchema = z.strictObject({
  page: internalHref.describe('The page these words find, as its address: /treatments/glp1/, /services/brain/focus or /blog/SLUG/.'),
  words: z.array(text).min(1, 'must list at least one word').describe('The words or short phrases, such as Ozempic or low T.'),
});
export type Synonym = z.infer<typeof synonymSchema>;

/** content/search.yaml */
export const searchSchema = z.strictObject({
  page: z
    .strictObject({
      heading: text.describe('The heading of the /search page.'),
      noScript: text.describe('Shown on /search in a browser without JavaScript: search needs it.'),
      siteMapLabel: text.describe('The link to the site map in the footer, offered instead.'),
      openLabel: text.describe('The button on /search that opens the search (with JavaScript).'),
    })
    .describe('The /search page, where the search button leads without JavaScript.'),
  dialog: z
    .strictObject({
      buttonLabel: text.describe('The search button in the header and the menu.'),
      title: text.describe('The heading of the search dialog.'),
      inputLabel: text.describe('The label of the search field, read by screen readers.'),
      placeholder: text.describe('The example shown in the empty search field.'),
      filterLabel: text.describe('The heading over the filter by kind of page.'),
      allLabel: text.describe('The filter choice that shows every kind.'),
      kinds: z
        .strictObject({
          article: text.describe('An article of the blog.'),
          treatment: text.describe("A treatment's own page."),
          service: text.describe('A service page, and the process, pellet, lab and body-scan pages.'),
          clinic: text.describe('The home page: the clinic, its founder, its hours and address.'),
        })
        .describe('The name of each kind of page, on each result and in the filter.'),
      closeLabel: text.describe('The close button of the dialog, for screen readers.'),
      loading: text.describe('Announced while the search loads.'),
      results: text.describe('Announced with the results: {count} is replaced by their number, {query} by the words searched.'),
      oneResult: text.describe('Announced for one result: {query} is replaced by the words searched.'),
      noResults: text.describe(
        'Shown when nothing matches: {query} is replaced by the words searched, {phone} by the clinic\'s number as a link.',
      ),
      closeMatches: text.describe('Shown over results found for a shorter form of a word (a typo): {word} is replaced by that form.'),
      offline: text.describe('Shown when the search cannot load (offline, or in a preview without the index).'),
    })
    .describe('The search dialog every page opens from its header.'),
  synonyms: z
    .array(synonymSchema)
    .describe('Words a patient may type for a page that does not use them, such as a brand name for a medication.'),
});
export type SearchCopy = z.infer<typeof searchSchema>;
