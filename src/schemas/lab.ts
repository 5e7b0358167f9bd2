/** Schema of the lab sales page (content/lab-sales.yaml) and its lab panels. */
import { z } from 'zod';
import { accent, icon, outboundAction, slug, text, textList, sectionHeading, sectionIntro, sectionText } from './common.ts';

/** One lab panel a visitor can order from the lab storefront. */
export const labPanelSchema = z.strictObject({
  id: slug.describe("The panel's id: the label of its lab_purchase_click event. Must be unique."),
  title: text,
  icon,
  color: accent.default('blue'),
  description: text.describe('One sentence under the title.'),
  longDescription: text.describe('A paragraph on what the panel measures and why.'),
  features: textList.describe("What's included, one item per line."),
  bestFor: text.describe('Who the panel suits.'),
});
export type LabPanel = z.infer<typeof labPanelSchema>;

export const labSalesSchema = z.strictObject({
  hero: z.strictObject({ eyebrow: text, title: text.describe('The page heading.'), intro: sectionIntro }),
  panelsHeading: text,
  panels: z.array(labPanelSchema).min(1, 'must list at least one lab panel'),
  featuresLabel: text,
  bestForLabel: text,
  order: outboundAction.describe('The button on each panel; its event is labelled with the panel id.'),
  browseAll: z.strictObject({ heading: sectionHeading, text: sectionText, action: outboundAction }).describe('The closing call to browse every test.'),
  note: text.optional().describe('Fine print under the panels.'),
});
export type LabSalesPage = z.infer<typeof labSalesSchema>;
