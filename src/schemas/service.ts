/** Schema of a service page (content/services/ID.yaml): one template, eight data files. */
import { z } from 'zod';
import {
  icon,
  image,
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
import { reviewFields } from './review.ts';

/** A treatment card: which treatment (by id) and, where the page lists benefits, the benefits it shows. */
const serviceCard = z.strictObject({
  treatment: slug.describe('The treatment shown, by its file name in content/treatments/ (without .yaml).'),
  icon: icon.optional().describe("The card's own icon, saying what the treatment is about; the page's program icon when left out."),
  benefits: textList.optional().describe('The benefits listed on the card; only on pages with extra: benefits.'),
});

export const servicePageSchema = z
  .strictObject({
    pillar: z.enum(['brain', 'body', 'well']).describe('Which pillar the page belongs to; its address is /services/PILLAR/FILE-NAME.'),
    label: text.describe("The page's short name: its breadcrumb, and the label its analytics events carry."),
    hero: section('The top of the page.', {
      title: text.describe('The page heading.'),
      tagline: text.describe('The line of key words under the heading, e.g. "Recovery • Performance • Longevity".'),
      intro: text.describe('One or two sentences under the tag line.'),
      image: image.optional().describe('An illustration beside the heading, at least 1088 pixels wide.'),
      action: outboundAction.optional().describe('A button under the intro.'),
    }),
    treatments: section('The treatment cards and how they show.', {
      heading: text.describe('The heading over the treatment cards.'),
      intro: sectionIntro.optional().describe('A sentence under that heading.'),
      dosageLabel: text.describe('The heading over each dosage, e.g. Treatment Protocol.'),
      extra: z
        .enum(['none', 'badges', 'benefits'])
        .default('none')
        .describe("What each card shows besides dosage: the treatment's indications as badges, or the card's benefits."),
      extraLabel: text.optional().describe('The heading over the badges or benefits, e.g. Conditions Treated.'),
      faqLabel: text.default('Frequently Asked Questions').describe('The heading over the questions on each card.'),
      faqs: z
        .union([z.number().int().min(0), z.literal('all')])
        .default(2)
        .describe('How many of its treatment\'s questions each card shows; "all" shows every one. They are the treatment\'s: see cards.'),
      columns: z.number().int().min(1).max(3).default(1).describe('Cards side by side on wide screens; 1 stacks wide cards.'),
      cards: z.array(serviceCard).min(1, 'must list at least one treatment card').describe(
          "The treatment cards, in order. A card shows its treatment's title, description, dosage and questions (FAQ): change " +
            'those in Treatments, in the entry of the treatment the card names.',
        ),
    }),
    conditions: z
      .strictObject({
        heading: sectionHeading,
        intro: sectionIntro.optional(),
        columns: z
          .array(z.strictObject({ title: itemTitle, icon: icon.optional(), items: textList.describe('The conditions, one per line.') }))
          .min(1)
          .describe('The columns, in order.'),
      })
      .optional()
      .describe('A "conditions we treat" section in columns, after the cards.'),
    closing: z
      .strictObject({
        heading: sectionHeading,
        text: sectionText,
        action: outboundAction,
        style: z.enum(['button', 'link']).default('button').describe('A button, or a link with an arrow.'),
      })
      .describe('The call to action that ends the page.'),
    crisisLine: z
      .boolean()
      .default(false)
      .describe('true on mental-health pages: the 988 Suicide & Crisis Lifeline is shown near the top and again before the closing call.'),
    ...reviewFields,
  })
  .superRefine((page, ctx) => {
    const { extra, extraLabel, cards } = page.treatments;
    if (extra !== 'none' && !extraLabel) {
      ctx.addIssue({
        code: 'custom',
        path: ['treatments', 'extra'],
        message: `is "${extra}", so "treatments extraLabel" must give the heading shown over them`,
      });
    }
    cards.forEach((card, c) => {
      if (extra === 'benefits' && !card.benefits) {
        ctx.addIssue({
          code: 'custom',
          path: ['treatments', 'cards', c],
          message: 'needs "benefits:" (a list), because this page shows benefits on each card',
        });
      }
      if (extra !== 'benefits' && card.benefits) {
        ctx.addIssue({
          code: 'custom',
          path: ['treatments', 'cards', c, 'benefits'],
          message: 'is not shown, because "treatments extra" is not "benefits"; remove it or set extra: benefits',
        });
      }
    });
  });
export type ServicePageEntry = z.infer<typeof servicePageSchema>;
