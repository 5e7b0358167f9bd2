/** Schemas of the page copy files: home, blog index, process and the not-found page. */
import { z } from 'zod';
import {
  accent,
  icon,
  internalHref,
  outboundAction,
  slug,
  text,
  textList,
  sectionHeading,
  sectionIntro,
  sectionText,
  itemTitle,
  section,
} from './common.ts';

/** A short highlight with an icon: a benefit, a credential, a reason. */
export const highlight = z.strictObject({
  icon,
  title: text.describe('The short title.'),
  text: text.optional().describe('A sentence under the title.'),
});
export type Highlight = z.infer<typeof highlight>;

/** A home pillar: its look, and its treatments grouped in categories (by treatment id). */
export const pillarSchema = z.strictObject({
  id: slug.describe('The pillar id: brain, body or well.'),
  name: text.describe("The pillar's name."),
  description: text.describe('One sentence under the name.'),
  color: accent,
  icon,
  categories: z
    .array(
      z.strictObject({
        name: text.describe("The category's name."),
        href: internalHref
          .optional()
          .describe('A page of this site about the whole category, such as /services/body/weight-loss: its name links there.'),
        treatments: z.array(slug).min(1).describe('The treatments of the category, by file name in content/treatments/.'),
      }),
    )
    .min(1)
    .describe("The pillar's treatments, grouped in categories."),
});
export type PillarEntry = z.infer<typeof pillarSchema>;

/** content/home.yaml */
export const homeSchema = z.strictObject({
  hero: section('The top of the home page.', {
    eyebrow: text.describe('The small line above the headline.'),
    headline: text.describe("The page's main heading."),
    intro: sectionIntro,
    benefits: z.array(highlight).length(4, 'must list exactly four benefits').describe('The four benefits under the headline.'),
    diagnostic: section('The Diagnostic Experience card beside the headline.', {
      title: text.describe("The card's title."),
      intro: sectionIntro,
      steps: textList.describe('The steps of the Diagnostic Experience, in order.'),
      reviewTitle: text.describe('The heading over what the review covers.'),
      reviewCovers: textList.describe('What the lab and wellness review covers.'),
      action: outboundAction,
    }),
  }),
  services: section('The services section (#services): the pillars and their treatments.', {
    heading: sectionHeading,
    intro: sectionIntro,
    showLabel: text.describe("The button that opens a pillar's treatment list on wide screens."),
    hideLabel: text.describe('The button that closes it again.'),
    narrowLabel: text.describe('The same button on narrow screens.'),
    /** Under the pillar strip on phones, beside one dot per pillar: says the strip scrolls sideways. */
    swipeHint: text.describe('Shown under the pillars on phones, beside a dot per pillar, such as "Swipe to see all three programs".'),
    pillars: z.array(pillarSchema).min(1).describe('The pillars (brain, body, well), in order.'),
    /**
     * The treatment details, in the dialog and on each treatment's own page (/treatments/ID/): section labels,
     * the Start Visit Now action, the dialog's close button and what it shows while the details load.
     */
    dialog: z
      .strictObject({
        dosageLabel: text.describe('The heading over the dosage.'),
        indicationsLabel: text.describe('The heading over the indications.'),
        faqLabel: text.describe('The heading over the questions.'),
        action: text.describe('The text of the Start Visit Now button.'),
        closeLabel: text.describe("The dialog's close button, for screen readers."),
        loadingLabel: text.describe('What the dialog shows while the details load.'),
      })
      .describe("The labels of a treatment's details, in the home dialog and on its own page."),
  }),
  about: section("The founder's section (#about).", {
    heading: sectionHeading,
    founder: slug.describe(
      "The founder's id in content/providers/ (without .yaml): the section shows their portrait, name, credentials and role.",
    ),
    bio: textList.describe('The biography, one paragraph per entry.'),
    credentials: z.array(highlight).length(3, 'must list exactly three credential highlights').describe('The three credential highlights.'),
  }),
  team: section(
    "The providers' section (#team), after the founder's: every provider in content/providers/ with photo, name, credentials " +
      'and role, shown once the practice has more than one.',
    { heading: sectionHeading },
  ).optional(),
  conditions: section('The conditions section (#conditions).', {
    heading: sectionHeading,
    intro: sectionIntro,
    men: z
      .strictObject({ title: itemTitle, symptoms: textList.describe('The symptoms, one per line.') })
      .describe('The symptom list for men.'),
    women: z
      .strictObject({ title: itemTitle, symptoms: textList.describe('The symptoms, one per line.') })
      .describe('The symptom list for women.'),
    reasonsHeading: text.describe('The heading over the reasons to choose the practice.'),
    reasons: z.array(highlight).length(4, 'must list exactly four reasons').describe('The four reasons to choose the practice.'),
  }),
  contact: section('The contact section (#contact).', {
    heading: sectionHeading,
    intro: sectionIntro,
    locationTitle: text.describe('The heading over the address.'),
    scheduleTitle: text.describe('The heading over the booking block.'),
    scheduleText: text.describe('The sentence in the booking block.'),
    scheduleAction: outboundAction,
    careTitle: text.describe('The heading over the care options.'),
    careOptions: z.array(highlight).min(1).describe('The care options, such as in person and telehealth.'),
    hoursTitle: text.describe('The heading over the office hours.'),
    hoursNote: text.describe('A note under the office hours.'),
    /** Joins opening and closing time: "10:00 AM to 5:00 PM". */
    hoursJoin: text.describe('The word between opening and closing time, as in "10:00 AM to 5:00 PM".'),
    closedLabel: text.describe('What a closed day shows, such as Closed.'),
    phoneLabel: text.describe('The label of the phone number.'),
    emailLabel: text.describe('The label of the e-mail address.'),
    directionsLabel: text.describe('The text of the Get Directions link.'),
    /** The way from home to what visits cost and which insurance the clinic takes. */
    costsLink: z
      .strictObject({
        name: text.describe('The text of the link, such as Costs and Insurance.'),
        href: internalHref.describe('The page it leads to: /cost-and-insurance.'),
      })
      .describe('The link to the page on costs and insurance, under the booking block.'),
  }),
});
export type Home = z.infer<typeof homeSchema>;

/** A blog category: its one colour everywhere, and what kind of articles it holds. */
export const blogCategory = z.strictObject({
  name: text.describe('The category as articles write it, such as Metabolic Health.'),
  color: accent.describe('Its colour on every card, badge and article page.'),
  mentalHealth: z
    .boolean()
    .default(false)
    .describe('true for mental-health articles: they show the 988 Suicide & Crisis Lifeline near the top and at the end.'),
  medical: z
    .boolean()
    .default(true)
    .describe("false for articles that give no medical information (such as the practice's story): they need no medical review."),
});
export type BlogCategory = z.infer<typeof blogCategory>;

/** content/blog.yaml: the copy of the blog index and the article dialog. */
export const blogPageSchema = z.strictObject({
  /** Each category's colour and kind; an article in a category not listed here is shown in teal. */
  categories: z
    .array(blogCategory)
    .min(1)
    .describe('The blog categories: name, colour, and whether they are mental-health or medical articles.'),
  heading: sectionHeading,
  intro: sectionIntro,
  featuredLabel: text.describe('The label over the featured article.'),
  recentHeading: text.describe('The heading over the other articles.'),
  readMore: text.describe("The link text on each article's card."),
  bookNow: outboundAction,
  /** The article dialog: its close button's name and what it shows while the article loads. */
  closeLabel: text.describe("The article dialog's close button, for screen readers."),
  loadingLabel: text.describe('What the dialog shows while the article loads.'),
  /** The article page's link back to the index. */
  backLabel: text.describe("The article page's link back to the blog."),
  outlineLabel: text.describe('The title of the outline shown above an article with three or more sections, such as On this page.'),
  /** The closing box of an article page, above its Book Now button. */
  ctaHeading: text.describe('The heading of the booking box at the end of each article.'),
  ctaText: text.describe('The sentence in that box.'),
  /** The page of each category, /blog/category/SLUG/. */
  category: z
    .strictObject({
      intro: text.describe(
        'The line under the category\'s name on its page; {category} stands for the name, as in "Every article on {category}, newest ' +
          'first."',
      ),
      feedTitle: text.describe("The name of the category's feed in feed readers; {category} stands for the name."),
      linkLabel: text.describe(
        'What screen readers hear on a category badge that links to its page; {category} stands for the name, as in "More on {category}".',
      ),
    })
    .describe('The page each blog category gets, listing its articles, with a feed of its own.'),
  relatedHeading: text.describe('The heading over the three related articles at the end of each article, such as "Keep reading".'),
  /** Articles per index page after the first; older ones continue on /blog/page/N/. */
  pageSize: z
    .number()
    .int()
    .min(3)
    .max(60)
    .default(12)
    .describe('How many articles each page of the blog lists; older ones continue on /blog/page/2/ and so on.'),
  /** The page links under the list, once there is more than one page. */
  pagination: z
    .strictObject({
      label: text.describe('What screen readers call the page links, such as "Blog pages".'),
      newer: text.describe('The link to the page of newer articles, such as "Newer Articles".'),
      older: text.describe('The link to the page of older articles, such as "Older Articles".'),
    })
    .describe('The links between the pages of the blog, shown once there are more articles than fit on one page.'),
});
export type BlogPage = z.infer<typeof blogPageSchema>;

/** content/process.yaml: the four-step process page. */
export const processSchema = z.strictObject({
  heading: sectionHeading,
  intro: sectionIntro,
  steps: z
    .array(
      z.strictObject({
        number: text.describe('The number label, such as Step 1.'),
        title: itemTitle,
        description: text.describe('What happens in this step.'),
        icon,
        color: accent,
      }),
    )
    .min(1)
    .describe('The steps, in order.'),
  closing: section('The call to action that ends the page.', { heading: sectionHeading, text: sectionText, action: outboundAction }),
});
export type ProcessPage = z.infer<typeof processSchema>;

/** content/not-found.yaml */
export const notFoundSchema = z.strictObject({
  heading: sectionHeading,
  text: sectionText,
  homeLabel: text.describe('The text of the link back home.'),
  searchLabel: text.describe('The text of the link to the search page, beside the link home.'),
  /** Other useful places, offered below the way home. */
  suggestionsHeading: text.describe('The heading over other useful places.'),
  /** The heading over every service page, listed below the suggestions. */
  servicesHeading: text.describe('The heading over the list of every service, such as "Our services".'),
  /** A line offering the phone number and booking instead. */
  helpText: text.describe('The line before the phone number and the booking button, such as "Prefer to talk to someone?"'),
});
export type NotFoundPage = z.infer<typeof notFoundSchema>;
