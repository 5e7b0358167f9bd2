/** Schema of the body-composition scan page (content/inbody-analysis.yaml) and its offerings. */
import { z } from 'zod';
import { icon, image, outboundAction, slug, text, textList, sectionHeading, sectionIntro, sectionText, section } from './common.ts';
import { highlight } from './pages.ts';

/** One body-scan offering: the scan, the grip-strength add-on, or the package. */
export const bodyScanOfferingSchema = z.strictObject({
  id: slug.describe("The offering's id: the label of its inbody_schedule_click event. Must be unique."),
  title: text.describe("The offering's name."),
  price: z
    .string()
    .regex(/^\$\d+(\.\d{2})?$/, 'must be a price such as $25')
    .describe('As shown, e.g. $25.'),
  duration: text.describe('As shown, e.g. 45 seconds.'),
  savings: text.optional().describe('A saving to point out on the image, e.g. Save $5.'),
  icon,
  description: text.describe('One or two sentences about it.'),
  features: textList.describe("What's included, one per line."),
  benefits: textList.describe('What it gives you, one per line.'),
  image: image.describe('The illustration at the top of the card, at least 960 pixels wide.'),
});
export type BodyScanOffering = z.infer<typeof bodyScanOfferingSchema>;

export const inbodySchema = z.strictObject({
  hero: section('The top of the page.', {
    eyebrow: text.describe('The small line above the heading.'),
    title: text.describe('The page heading.'),
    intro: sectionIntro,
    points: z.array(highlight).min(1).describe('Highlights under the intro.'),
  }),
  offeringsHeading: text.describe('The heading over the offerings.'),
  offeringsIntro: text.optional().describe('A sentence under that heading.'),
  offerings: z.array(bodyScanOfferingSchema).min(1, 'must list at least one offering').describe('The offerings, in order.'),
  priceLabel: text.describe('The label of the price.'),
  durationLabel: text.describe('The label of the duration.'),
  featuresLabel: text.describe('The heading over the features.'),
  benefitsLabel: text.describe('The heading over the benefits.'),
  schedule: outboundAction.describe('The schedule button on each offering; its event is labelled with the offering id.'),
  measures: z
    .strictObject({
      heading: sectionHeading,
      intro: sectionIntro,
      items: z.array(highlight).min(1).describe('The measures, one highlight each.'),
    })
    .describe('What the scan measures.'),
  frequency: z
    .strictObject({ heading: sectionHeading, text: sectionText, tips: textList.describe('Tips to prepare, one per line.') })
    .describe('How often to scan, and how to prepare.'),
});
export type InBodyPage = z.infer<typeof inbodySchema>;
