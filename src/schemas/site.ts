/** Schema of content/site.yaml: the clinic's name, contact values, hours and every external address. */
import { z } from 'zod';
import { externalUrl, linkNames, text, unambiguousHref } from './common.ts';

const weekday = z.enum(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
/** 9:00, 09:00 and 17:00 (24-hour), or 9:00 AM, 9:00 pm, 9:00am (12-hour): what an author may write. */
const timePattern = /^\s*(?:(?:[01]?\d|2[0-3]):[0-5]\d|(?:0?[1-9]|1[0-2]):[0-5]\d\s*[AaPp]\.?[Mm]\.?)\s*$/;

/** A time as authors write it, published as 24-hour HH:MM ("9:00 AM" and "9:00" are both "09:00"), so pages and data agree. */
export function normaliseTime(written: string): string {
  const [, hour = '0', minute = '00', half] = /^\s*(\d{1,2}):(\d\d)\s*([AaPp])?/.exec(written) ?? [];
  let h = Number(hour);
  if (half) h = (h % 12) + (half.toLowerCase() === 'p' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${minute}`;
}

const time = z.string().regex(timePattern, 'must be a time such as 9:00, 17:00 or 9:00 AM').transform(normaliseTime);

/** Seven or more digits and separators, maybe an extension ("ext. 12", "Ext: 12", "x12"); no regex flags: JSON Schema has none. */
export const phonePattern = /^\+?[\d ().-]{7,}?(?:\s*(?:[Ee]xt(?:ension)?\.?|[Xx])\s*:?\s*\d{1,6})?$/;

/** One row of the office hours: the days it covers, and either opening times or closed. */
const officeHours = z.strictObject({
  label: text.describe('What the row is called, such as Monday to Friday.'),
  days: z.array(weekday).min(1).describe('The days this row covers.'),
  opens: time.optional().describe('Opening time, such as "9:00", "09:00" or "9:00 AM".'),
  closes: time.optional().describe('Closing time, such as "17:00" or "5:00 PM".'),
  closed: z.boolean().optional().describe('true when the clinic is closed on these days.'),
}).superRefine((row, ctx) => {
  // Times are 24-hour HH:MM by now, so they compare as text.
  if (row.closed && (row.opens || row.closes)) {
    ctx.addIssue({ code: 'custom', path: ['closed'], message: 'is true, yet this row also gives opening times: remove one or the other' });
  } else if (row.opens && row.closes && row.opens >= row.closes) {
    const message = `is ${row.opens}, not before closes (${row.closes}): check for a.m. and p.m., or swap the two times`;
    ctx.addIssue({ code: 'custom', path: ['opens'], message });
  }
});

/** A day in two rows of the office hours: pages would show it twice, perhaps open and closed. */
function daysOnce(rows: readonly { label: string; days: readonly string[] }[], ctx: z.RefinementCtx): void {
  const seen = new Map<string, string>();
  rows.forEach((row, r) =>
    row.days.forEach((day, d) => {
      const other = seen.get(day);
      if (other !== undefined) {
        const message = `lists ${day}, which the row "${other}" lists too: give each day one row, open or closed`;
        ctx.addIssue({ code: 'custom', path: [r, 'days', d], message });
      } else seen.set(day, row.label);
    }),
  );
}

const linkMeanings: Record<(typeof linkNames)[number], string> = {
  booking: 'The external booking page.',
  patientPortal: 'The patient portal (log in).',
  newClientIntake: 'The intake form for new clients.',
  newPatientIntake: 'The intake form for new patients.',
  labStore: 'The lab storefront.',
};
const links = z.strictObject(
  Object.fromEntries(linkNames.map((name) => [name, externalUrl.describe(linkMeanings[name])])) as Record<
    (typeof linkNames)[number],
    typeof externalUrl
  >,
);

export const siteSchema = z.strictObject({
  name: text.describe("The clinic's full name, added to every page title."),
  shortName: text.describe('A short name for the logo.'),
  tagline: text.describe('The tagline shown in the footer.'),
  description: text.describe('One sentence about the clinic, for search engines and structured data.'),
  baseUrl: z
    .url({ protocol: /^https?$/, error: 'must be the full address of the site, e.g. https://www.example.com' })
    .describe('The address the site is published at, used for canonical links, the sitemap and the feed.'),
  language: z.string().default('en').describe('The language of the pages, as an HTML language code (en).'),
  phone: z
    .string()
    .trim()
    .regex(phonePattern, 'must be a phone number such as (555) 010-0142, with any extension after it: (555) 010-0142 ext. 12 or x12')
    .describe('The phone number as visitors should read it, with any extension after it (ext. 12 or x12); links dial it.'),
  email: z.email('must be an e-mail address such as hello@example.com').describe('The general e-mail address.'),
  address: z
    .strictObject({
      street: text.describe('Street and suite.'),
      city: text.describe('Town or city.'),
      region: text.describe('State, as its two-letter code (TX).'),
      postalCode: text.describe('ZIP code, in quotes.'),
      country: z.string().length(2).describe('Country, as its two-letter code (US).'),
    })
    .describe('The street address shown in the footer and contact block, and given to search engines.'),
  officeHours: z
    .array(officeHours)
    .min(1)
    .superRefine(daysOnce)
    .describe('One row per group of days: a label, the days (Mo Tu We Th Fr Sa Su), and opens/closes times or closed: true.'),
  /** Who signs new articles unless the author changes it. */
  defaultAuthor: text.describe(
    'Who new articles are signed by unless changed: a provider id (the file name of a provider, without .yaml), or a name.',
  ),
  /** The default image for social sharing, 1200x630, under public/. */
  socialImage: unambiguousHref(false)
    .regex(/^\/[\w./-]+\.(png|jpe?g)$/, 'must be a PNG or JPEG path under public/, e.g. /images/og-image.png')
    .describe('The picture shown when a page is shared, 1200x630, under public/.'),
  links: links.describe('The external services the site sends visitors to.'),
  /** Service ids added to the booking page address, by what they book. */
  bookingServices: z
    .strictObject({
      visit: text.describe('The service id of a general visit.'),
      diagnostic: text.describe('The service id of the Diagnostic Experience.'),
      mensHealth: text.describe("The service id of a men's health visit."),
      womensHealth: text.describe("The service id of a women's health visit."),
    })
    .describe('Service ids the booking page understands, added to its address as ?service=ID.'),
  map: z
    .strictObject({
      embedUrl: externalUrl.describe('The address of the embedded map.'),
      directionsUrl: externalUrl.describe('The address the Get Directions link opens.'),
      title: text.describe('What the map shows, for screen readers.'),
    })
    .describe('The map in the contact block.'),
  intakeWidget: z
    .strictObject({
      scriptUrl: externalUrl.describe("The intake widget's script."),
      containerId: z
        .string()
        .regex(/^[a-z][\w-]*$/)
        .describe('The id of the element the widget fills.'),
    })
    .optional()
    .describe('The external intake widget on the blog page; leave it out to show none.'),
  analytics: z
    .strictObject({
      measurementId: z
        .string()
        .regex(/^G-[A-Z0-9]+$/, 'must be a Google Analytics id like G-ABC123')
        .optional()
        .describe('The Google Analytics measurement id, G-….'),
    })
    .default({})
    .describe('Leave measurementId out and no request leaves the site; set it (G-…) to load Google Analytics.'),
  social: z
    .strictObject({
      facebook: externalUrl.describe('The Facebook page.'),
      instagram: externalUrl.describe('The Instagram profile.'),
      linkedin: externalUrl.describe('The LinkedIn page.'),
    })
    .describe("The clinic's social media pages, linked from the footer."),
  copyrightYear: z.number().int().min(2000).max(2100).describe("The year in the footer's copyright line."),
  disclaimer: text.describe('The short medical disclaimer in the footer.'),
  crisisLine: z
    .strictObject({
      heading: text.describe('The box heading, such as "In crisis? You are not alone."'),
      text: text.describe('What the lifeline is and when to use it.'),
      number: z
        .string()
        .regex(/^\d{3,}$/, 'must be digits only, such as 988')
        .describe('The number to call or text: 988.'),
      callLabel: text.describe('The call button, such as "Call 988".'),
      textLabel: text.describe('The text-message button, such as "Text 988".'),
      textMessage: z
        .string()
        .trim()
        .default('')
        .describe('The word the text button puts in the message, where the line answers a keyword (in Spanish: AYUDA); empty for none.'),
    })
    .describe('The 988 Suicide & Crisis Lifeline box on mental-health pages (anxiety, mood, and articles of a mentalHealth category).'),
});
export type Site = z.infer<typeof siteSchema>;
