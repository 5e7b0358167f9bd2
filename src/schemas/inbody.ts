/** Schema of the body-composition scan page (content/inbody-analysis.yaml) and its offerings. */
import { z } from 'zod';
import { icon, image, outboundAction, slug, text, textList, sectionHeading, sectionIntro, sectionText } from './common.ts';
import { highlight } from './pages.ts';

/** One body-scan offering: the scan, the grip-strength add-on, or the package. */
export const bodyScanOfferingSchema = z.strictObject({
  id: slug.describe("The offering's id: the label of its inbody_schedule_click event. Must be unique."),
  title: text,
  price: z.string().regex(/^\$\d+(\.\d{2})?$/, 'must be a price such as $25').describe('As shown, e.g. $25.'),
  duration: text.describe('As shown, e.g. 45 seconds.'),
  savings: text.optional().describe('A saving to point out on the image, e.g. Save $5.'),
  icon,
  description: text,
  features: textList,
  benefits: textList,
  image: image.describe('The illustration at the top of the card, with its size in pixels.'),
});
export type BodyScanOffering = z.infer<typeof bodyScanOfferingSchema>;

export const inbodySchema = z.strictObject({
  hero: z.strictObject({ eyebrow: text, title: text.describe('The page heading.'), intro: sectionIntro, points: z.array(highlight).min(1) }),
  offeringsHeading: text,
  offeringsIntro: text.optional(),
  offerings: z.array(bodyScanOfferingSchema).min(1, 'must list at least one offering'),
  priceLabel: text,
  durationLabel: text,
  featuresLabel: text,
  benefitsLabel: text,
  schedule: outboundAction.describe('The schedule button on each offering; its event is labelled with the offering id.'),
  measures: z.strictObject({ heading: sectionHeading, intro: sectionIntro, items: z.array(highlight).min(1) }).describe('What the scan measures.'),
  frequency: z.strictObject({ heading: sectionHeading, text: sectionText, tips: textList }).describe('How often to scan, and how to prepare.'),
});
export type InBodyPage = z.infer<typeof inbodySchema>;
