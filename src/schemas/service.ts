/** Schema of a service page (content/services/ID.yaml): one template, eight data files. */
import { z } from 'zod';
import { icon, image, outboundAction, slug, text, textList } from './common.ts';

/** A treatment card: which treatment (by id) and, where the page lists benefits, the benefits it shows. */
const serviceCard = z.strictObject({ treatment: slug, benefits: textList.optional() });

export const servicePageSchema = z
  .strictObject({
    /** Which pillar's path the page lives under: /services/PILLAR/ID. */
    pillar: z.enum(['brain', 'body', 'well']),
    /** The page's name: its breadcrumb, and the label its analytics events carry. */
    label: text,
    hero: z.strictObject({
      title: text,
      /** The line of key words under the title, e.g. "Recovery • Performance • Longevity". */
      tagline: text,
      intro: text,
      image: image.optional(),
      action: outboundAction.optional(),
    }),
    treatments: z.strictObject({
      heading: text,
      intro: text.optional(),
      dosageLabel: text,
      /** What each card shows besides dosage: the treatment's indications as badges, or listed benefits. */
      extra: z.enum(['none', 'badges', 'benefits']).default('none'),
      /** The heading over the badges or benefits, e.g. "Conditions Treated". */
      extraLabel: text.optional(),
      faqLabel: text.default('Frequently Asked Questions'),
      /** How many FAQ entries each card shows; "all" shows every one. */
      faqs: z.union([z.number().int().min(0), z.literal('all')]).default(2),
      /** Cards side by side on wide screens; 1 stacks wide cards. */
      columns: z.number().int().min(1).max(3).default(1),
      cards: z.array(serviceCard).min(1, 'must list at least one treatment card'),
    }),
    conditions: z
      .strictObject({
        heading: text,
        intro: text.optional(),
        columns: z.array(z.strictObject({ title: text, icon: icon.optional(), items: textList })).min(1),
      })
      .optional(),
    closing: z.strictObject({ heading: text, text: text, action: outboundAction, style: z.enum(['button', 'link']).default('button') }),
  })
  .superRefine((page, ctx) => {
    const { extra, extraLabel, cards } = page.treatments;
    if (extra !== 'none' && !extraLabel) {
      ctx.addIssue({ code: 'custom', path: ['treatments', 'extra'], message: `is "${extra}", so "treatments extraLabel" must give the heading shown over them` });
    }
    cards.forEach((card, c) => {
      if (extra === 'benefits' && !card.benefits) {
        ctx.addIssue({ code: 'custom', path: ['treatments', 'cards', c], message: 'needs "benefits:" (a list), because this page shows benefits on each card' });
      }
      if (extra !== 'benefits' && card.benefits) {
        ctx.addIssue({ code: 'custom', path: ['treatments', 'cards', c, 'benefits'], message: 'is not shown, because "treatments extra" is not "benefits"; remove it or set extra: benefits' });
      }
    });
  });
export type ServicePageEntry = z.infer<typeof servicePageSchema>;
