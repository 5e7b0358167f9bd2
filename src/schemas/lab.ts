/** Schema of the lab sales page (content/lab-sales.yaml) and its lab panels. */
import { z } from 'zod';
import { accent, icon, outboundAction, slug, text, textList } from './common.ts';

/** One lab panel a visitor can order from the lab storefront. */
export const labPanelSchema = z.strictObject({
  /** The panel's id; the label of its lab_purchase_click event. */
  id: slug,
  title: text,
  icon,
  color: accent.default('blue'),
  description: text,
  longDescription: text,
  features: textList,
  bestFor: text,
});
export type LabPanel = z.infer<typeof labPanelSchema>;

export const labSalesSchema = z.strictObject({
  hero: z.strictObject({ eyebrow: text, title: text, intro: text }),
  panelsHeading: text,
  panels: z.array(labPanelSchema).min(1, 'must list at least one lab panel'),
  featuresLabel: text,
  bestForLabel: text,
  /** The button on each panel; its event is labelled with the panel id. */
  order: outboundAction,
  browseAll: z.strictObject({ heading: text, text, action: outboundAction }),
  note: text.optional(),
});
export type LabSalesPage = z.infer<typeof labSalesSchema>;
