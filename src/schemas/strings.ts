/** The interface strings of the templates (buttons, labels, aria-labels, dates), one file per language: content/strings.yaml. */
import { z } from 'zod';
import { text } from './common.ts';

const line = (meaning: string) => text.describe(meaning);

/** Every string a template or the route stage shows that belongs to no page's own file. */
export const stringsSchema = z.strictObject({
  shell: z
    .strictObject({
      skipToContent: line('The first link of every page, for keyboards: "Skip to content".'),
      draftBanner: line('The banner over a draft in serve, before the word build: "Draft: this page is not published by".'),
      mainNavLabel: line('What screen readers call the desktop navigation ("Main").'),
      mobileNavLabel: line('What screen readers call the drawer\'s navigation ("Mobile").'),
      menu: line("The Menu link and the drawer's name."),
      openMenu: line("The menu button's label for screen readers."),
      closeMenu: line("The drawer's close button's label for screen readers."),
      breadcrumbLabel: line('What screen readers call the breadcrumb trail.'),
      home: line('The first step of every breadcrumb trail ("Home").'),
      newTab: line('Read after every link that opens a new tab: "(opens in a new tab)".'),
      illustration: line('The label on a portrait that is a drawing, not a photograph: "Illustration".'),
      rightsReserved: line('After the copyright line: "All rights reserved."'),
      onThisPage: line("The heading of a page's list of its sections."),
      contactLabel: line('What screen readers call the contact box of the legal pages.'),
      call: line("The label of the not-found page's call button."),
    })
    .describe('The header, footer, drawer and the parts every page shares.'),
  review: z
    .strictObject({
      medically: line('First word of the review byline ("Medically").'),
      reviewedBy: line('The rest of it, before the reviewer\'s name ("reviewed by").'),
      updated: line('Before the review date ("Updated").'),
      references: line("The heading over a page's references."),
      translationNotReviewed: line(
        'The note on a translated legal page no qualified translator has reviewed yet: "This translation has not yet been reviewed…".',
      ),
      translationAwaitingCounsel: line(
        "The note on a translated legal page the clinic's legal counsel has not approved yet.",
      ),
    })
    .describe('The medical review byline and references, and the notes on a legal page whose translation is not yet reviewed.'),
  blog: z
    .strictObject({
      feedTitle: line("The title of the blog's feed, {site} standing for the clinic's name."),
      pageOf: line('After the title of a numbered blog page, with {n} and {pages}: "(page {n} of {pages})".'),
    })
    .describe("The blog's feed and numbered pages."),
  callouts: z
    .strictObject({
      note: line('The title of a :::note box in an article, when it gives none ("Note").'),
      tip: line('The title of a :::tip box ("Tip").'),
      warning: line('The title of a :::warning box ("Warning").'),
    })
    .describe('The titles of the boxes an article can hold, in its language.'),
  dates: z
    .strictObject({
      months: z.array(text).length(12, 'must list the twelve months, January first').describe('The names of the months, January first.'),
      long: line('A long date, with {day}, {month} and {year}: "{month} {day}, {year}" or "{day} de {month} de {year}".'),
      am: line('After a time of the morning, on a 12-hour clock: "AM", "a. m.".'),
      pm: line('After a time of the afternoon or evening, on a 12-hour clock: "PM", "p. m.".'),
    })
    .describe('How dates are written.'),
  language: z
    .strictObject({
      name: line('The language\'s own name, as the language switcher offers it ("English", "Español").'),
      offer: line('What the switcher says, in this language, on the pages of the other one ("Read this page in English").'),
      switcherLabel: line('What screen readers call the language switcher ("Language").'),
      noticeLink: line("The footer's link to the language assistance notice."),
      homeNotice: line('The line on the home page that leads to the notice, before its link.'),
      inEnglish: line('After a link, in the other languages, to a page that exists in English only ("(in English)").'),
      onlyOther: line(
        'What the switcher says, in this language, on a page the other language lacks, with {page}, the page it leads to instead: ' +
          '"Esta página está solo en inglés. Ir a {page} en español".',
      ),
    })
    .describe("The language switcher and the language assistance notice's links."),
});
/** The interface strings of one language. */
export type Strings = z.infer<typeof stringsSchema>;
