/** Schemas of the page copy files: home, blog index, process and the not-found page. */
import { z } from 'zod';
import { accent, icon, outboundAction, slug, text, textList } from './common.ts';

/** A short highlight with an icon: a benefit, a credential, a reason. */
export const highlight = z.strictObject({ icon, title: text, text: text.optional() });
export type Highlight = z.infer<typeof highlight>;

/** A home pillar: its look, and its treatments grouped in categories (by treatment id). */
export const pillarSchema = z.strictObject({
  id: slug,
  name: text,
  description: text,
  color: accent,
  icon,
  categories: z.array(z.strictObject({ name: text, treatments: z.array(slug).min(1) })).min(1),
});
export type PillarEntry = z.infer<typeof pillarSchema>;

/** content/home.yaml */
export const homeSchema = z.strictObject({
  hero: z.strictObject({
    eyebrow: text,
    headline: text,
    intro: text,
    benefits: z.array(highlight).length(4, 'must list exactly four benefits'),
    diagnostic: z.strictObject({
      title: text,
      intro: text,
      steps: textList,
      reviewTitle: text,
      reviewCovers: textList,
      action: outboundAction,
    }),
  }),
  services: z.strictObject({
    heading: text,
    intro: text,
    showLabel: text,
    hideLabel: text,
    narrowLabel: text,
    /** Under the pillar strip on phones, beside one dot per pillar: says the strip scrolls sideways. */
    swipeHint: text.describe('Shown under the pillars on phones, beside a dot per pillar, such as "Swipe to see all three programs".'),
    pillars: z.array(pillarSchema).min(1),
    /**
     * The treatment details, in the dialog and on each treatment's own page (/treatments/ID/): section labels,
     * the Start Visit Now action, the dialog's close button and what it shows while the details load.
     */
    dialog: z.strictObject({ dosageLabel: text, indicationsLabel: text, faqLabel: text, action: text, closeLabel: text, loadingLabel: text }),
  }),
  about: z.strictObject({
    heading: text,
    founder: slug.describe("The founder's id in content/providers/ (without .yaml): the section shows their portrait."),
    name: text,
    role: text,
    bio: textList,
    credentials: z.array(highlight).length(3, 'must list exactly three credential highlights'),
  }),
  conditions: z.strictObject({
    heading: text,
    intro: text,
    men: z.strictObject({ title: text, symptoms: textList }),
    women: z.strictObject({ title: text, symptoms: textList }),
    reasonsHeading: text,
    reasons: z.array(highlight).length(4, 'must list exactly four reasons'),
  }),
  contact: z.strictObject({
    heading: text,
    intro: text,
    locationTitle: text,
    scheduleTitle: text,
    scheduleText: text,
    scheduleAction: outboundAction,
    careTitle: text,
    careOptions: z.array(highlight).min(1),
    hoursTitle: text,
    hoursNote: text,
    /** Joins opening and closing time: "10:00 AM to 5:00 PM". */
    hoursJoin: text,
    closedLabel: text,
    phoneLabel: text,
    emailLabel: text,
    directionsLabel: text,
  }),
});
export type Home = z.infer<typeof homeSchema>;

/** A blog category: its one colour everywhere, and what kind of articles it holds. */
export const blogCategory = z.strictObject({
  name: text.describe('The category as articles write it, such as Metabolic Health.'),
  color: accent.describe('Its colour on every card, badge and article page.'),
  mentalHealth: z.boolean().default(false).describe('true for mental-health articles: they show the 988 Suicide & Crisis Lifeline near the top and at the end.'),
  medical: z.boolean().default(true).describe('false for articles that give no medical information (such as the practice\'s story): they need no medical review.'),
});
export type BlogCategory = z.infer<typeof blogCategory>;

/** content/blog.yaml: the copy of the blog index and the article dialog. */
export const blogPageSchema = z.strictObject({
  /** Each category's colour and kind; an article in a category not listed here is shown in teal. */
  categories: z.array(blogCategory).min(1).describe('The blog categories: name, colour, and whether they are mental-health or medical articles.'),
  heading: text,
  intro: text,
  featuredLabel: text,
  recentHeading: text,
  readMore: text,
  bookNow: outboundAction,
  /** The article dialog: its close button's name and what it shows while the article loads. */
  closeLabel: text,
  loadingLabel: text,
  /** The article page's link back to the index. */
  backLabel: text,
  /** The closing box of an article page, above its Book Now button. */
  ctaHeading: text,
  ctaText: text,
  /** Articles per index page after the first; older ones continue on /blog/page/N/. */
  pageSize: z.number().int().min(3).max(60).default(12).describe('How many articles each page of the blog lists; older ones continue on /blog/page/2/ and so on.'),
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
  heading: text,
  intro: text,
  steps: z.array(z.strictObject({ number: text, title: text, description: text, icon, color: accent })).min(1),
  closing: z.strictObject({ heading: text, text: text, action: outboundAction }),
});
export type ProcessPage = z.infer<typeof processSchema>;

/** content/not-found.yaml */
export const notFoundSchema = z.strictObject({
  heading: text,
  text: text,
  homeLabel: text,
  /** Other useful places, offered below the way home. */
  suggestionsHeading: text,
  /** The heading over every service page, listed below the suggestions. */
  servicesHeading: text.describe('The heading over the list of every service, such as "Our services".'),
  /** A line offering the phone number and booking instead. */
  helpText: text.describe('The line before the phone number and the booking button, such as "Prefer to talk to someone?"'),
});
export type NotFoundPage = z.infer<typeof notFoundSchema>;
