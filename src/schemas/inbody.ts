/** Schema of the body-composition scan page (content/inbody-analysis.yaml) and its offerings. */
import { z } from 'zod';
import { icon, image, outboundAction, slug, text, textList } from './common.ts';
import { highlight } from './pages.ts';

/** One body-scan offering: the scan, the grip-strength add-on, or the package. */
export const bodyScanOfferingSchema = z.strictObject({
  /** The offering's id; the label of its inbody_schedule_click event. */
  id: slug,
  title: text,
  /** As shown, e.g. "$25". */
  price: z.string().regex(/^\$\d+(\.\d{2})?$/, 'must be a price such as $25'),
  /** As shown, e.g. "45 seconds". */
  duration: text,
  /** A saving to point out, e.g. "Save $5". */
  savings: text.optional(),
  icon,
  description: text,
  features: textList,
  benefits: textList,
  image,
});
export type BodyScanOffering = z.infer<typeof bodyScanOfferingSchema>;

export const inbodySchema = z.strictObject({
  hero: z.strictObject({ eyebrow: text, title: text, intro: text, points: z.array(highlight).min(1) }),
  offeringsHeading: text,
  offeringsIntro: text.optional(),
  offerings: z.array(bodyScanOfferingSchema).min(1, 'must list at least one offering'),
  priceLabel: text,
  durationLabel: text,
  featuresLabel: text,
  benefitsLabel: text,
  /** The schedule button on each offering; its event is labelled with the offering id. */
  schedule: outboundAction,
  measures: z.strictObject({ heading: text, intro: text, items: z.array(highlight).min(1) }),
  frequency: z.strictObject({ heading: text, text, tips: textList }),
});
export type InBodyPage = z.infer<typeof inbodySchema>;
