/** Schema of the hormone pellet page (content/memberships.yaml). */
import { z } from 'zod';
import {
  analyticsEvent,
  icon,
  outboundAction,
  text,
  textList,
  sectionHeading,
  sectionIntro,
  sectionText,
  itemTitle,
  section,
} from './common.ts';
import { highlight } from './pages.ts';

/** A titled list of symptoms. */
const symptomList = z
  .strictObject({ title: itemTitle, items: textList.describe('The symptoms, one per line.') })
  .describe('A titled list of symptoms.');

export const membershipsSchema = z.strictObject({
  hero: section('The top of the page.', {
    badge: z.strictObject({ icon, text: sectionText }).describe('The certified-provider badge over the heading.'),
    title: text.describe('The page heading.'),
    intro: sectionIntro,
    action: outboundAction.describe('The booking button under the intro.'),
  }),
  bhrt: z
    .strictObject({
      heading: sectionHeading,
      paragraphs: textList.describe('The explanation, one paragraph per entry.'),
      highlights: z.array(highlight).min(1).describe('Highlights beside the explanation.'),
    })
    .describe('What BHRT is.'),
  symptoms: z
    .strictObject({ heading: sectionHeading, intro: sectionIntro, women: symptomList, men: symptomList })
    .describe('Symptom lists for women and men.'),
  method: z
    .strictObject({ heading: sectionHeading, intro: sectionIntro, facts: z.array(highlight).min(1).describe('Facts about the method.') })
    .describe('How pellet therapy works.'),
  reasons: z
    .strictObject({ heading: sectionHeading, intro: sectionIntro.optional(), items: z.array(highlight).min(1).describe('The reasons.') })
    .describe('Why patients choose it.'),
  steps: z
    .strictObject({
      heading: sectionHeading,
      intro: sectionIntro.optional(),
      items: z
        .array(z.strictObject({ title: itemTitle, text: sectionText }))
        .length(4, 'must list exactly four getting-started steps')
        .describe('The four steps, in order.'),
    })
    .describe('The four getting-started steps.'),
  closing: z
    .strictObject({
      heading: sectionHeading,
      text: sectionText,
      phoneLabel: text.describe('Words before the phone number (from site.yaml) on its button, e.g. Call.'),
      phoneEvent: analyticsEvent.optional().describe('The event the phone links raise; labelled hero_phone or closing_phone.'),
      action: outboundAction,
    })
    .describe('The call to action with the phone number and online booking.'),
});
export type MembershipsPage = z.infer<typeof membershipsSchema>;
