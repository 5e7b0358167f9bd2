/** Schema of the lab sales page (content/lab-sales.yaml) and its lab panels. */
import { z } from 'zod';
import { accent, icon, outboundAction, slug, text, textList, sectionHeading, sectionIntro, sectionText, section } from './common.ts';

/** One lab panel a visitor can order from the lab storefront. */
export const labPanelSchema = z.strictObject({
  id: slug.describe("The panel's id: the label of its lab_purchase_click event. Must be unique."),
  title: text.describe("The panel's name."),
  icon,
  color: accent.default('blue'),
  description: text.describe('One sentence under the title.'),
  longDescription: text.describe('A paragraph on what the panel measures and why.'),
  features: textList.describe("What's included, one item per line."),
  bestFor: text.describe('Who the panel suits.'),
});
export type LabPanel = z.infer<typeof labPanelSchema>;

export const labSalesSchema = z.strictObject({
  hero: section('The top of the page.', {
    eyebrow: text.describe('The small line above the heading.'),
    title: text.describe('The page heading.'),
    intro: sectionIntro,
  }),
  panelsHeading: text.describe('The heading over the panels.'),
  panels: z.array(labPanelSchema).min(1, 'must list at least one lab panel').describe('The lab panels, in order.'),
  featuresLabel: text.describe("The heading over each panel's features."),
  bestForLabel: text.describe('The label before who a panel suits.'),
  order: outboundAction.describe('The button on each panel; its event is labelled with the panel id.'),
  browseAll: z
    .strictObject({ heading: sectionHeading, text: sectionText, action: outboundAction })
    .describe('The closing call to browse every test.'),
  note: text.optional().describe('Fine print under the panels.'),
});
export type LabSalesPage = z.infer<typeof labSalesSchema>;
