/** Schema of the hormone pellet page (content/memberships.yaml). */
import { z } from 'zod';
import { analyticsEvent, icon, outboundAction, text, textList } from './common.ts';
import { highlight } from './pages.ts';

/** A titled list of symptoms. */
const symptomList = z.strictObject({ title: text, items: textList });

export const membershipsSchema = z.strictObject({
  hero: z.strictObject({
    /** The certified-provider badge over the title. */
    badge: z.strictObject({ icon, text }),
    title: text,
    intro: text,
    action: outboundAction,
  }),
  bhrt: z.strictObject({ heading: text, paragraphs: textList, highlights: z.array(highlight).min(1) }),
  symptoms: z.strictObject({ heading: text, intro: text, women: symptomList, men: symptomList }),
  method: z.strictObject({ heading: text, intro: text, facts: z.array(highlight).min(1) }),
  reasons: z.strictObject({ heading: text, intro: text.optional(), items: z.array(highlight).min(1) }),
  steps: z.strictObject({
    heading: text,
    intro: text.optional(),
    items: z.array(z.strictObject({ title: text, text })).length(4, 'must list exactly four getting-started steps'),
  }),
  closing: z.strictObject({
    heading: text,
    text,
    /** Words before the phone number on its button, e.g. "Call". */
    phoneLabel: text,
    phoneEvent: analyticsEvent.optional(),
    action: outboundAction,
  }),
});
export type MembershipsPage = z.infer<typeof membershipsSchema>;
