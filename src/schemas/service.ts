/** Schema of a service page (content/services/ID.yaml): one template, eight data files. */
import { z } from 'zod';
import { outboundAction, publicPath, slug, text, textList } from './common.ts';

const image = z.strictObject({ src: publicPath, alt: text, width: z.number().int().positive(), height: z.number().int().positive() });

export const servicePageSchema = z.strictObject({
  /** Which pillar's path the page lives under: /services/PILLAR/ID. */
  pillar: z.enum(['brain', 'body', 'well']),
  /** The page label analytics events carry. */
  label: text,
  hero: z.strictObject({ title: text, tagline: text, intro: text, image: image.optional(), action: outboundAction.optional() }),
  treatments: z.strictObject({
    heading: text,
    dosageLabel: text,
    /** What each card shows besides dosage: the treatment's indications as badges, or listed benefits. */
    extra: z.enum(['none', 'badges', 'benefits']).default('none'),
    extraLabel: text.optional(),
    /** How many FAQ entries each card shows; "all" shows every one. */
    faqs: z.union([z.number().int().min(0), z.literal('all')]).default(2),
    columns: z.number().int().min(1).max(3).optional(),
    cards: z.array(z.strictObject({ treatment: slug, benefits: textList.optional() })).min(1),
  }),
  conditions: z
    .strictObject({ heading: text, columns: z.array(z.strictObject({ title: text, items: textList })).min(1) })
    .optional(),
  closing: z.strictObject({ heading: text, text: text, action: outboundAction, style: z.enum(['button', 'link']).default('button') }),
});
export type ServicePageEntry = z.infer<typeof servicePageSchema>;
