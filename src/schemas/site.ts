/** Schema of content/site.yaml: the clinic's name, contact values, hours and every external address. */
import { z } from 'zod';
import { externalUrl, linkNames, text } from './common.ts';

const weekday = z.enum(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time like 10:00 or 17:00');

/** One row of the office hours: the days it covers, and either opening times or closed. */
const officeHours = z.strictObject({
  label: text,
  days: z.array(weekday).min(1),
  opens: time.optional(),
  closes: time.optional(),
  closed: z.boolean().optional(),
});

const links = z.strictObject(Object.fromEntries(linkNames.map((name) => [name, externalUrl])) as Record<(typeof linkNames)[number], typeof externalUrl>);

export const siteSchema = z.strictObject({
  name: text,
  shortName: text,
  tagline: text,
  description: text,
  baseUrl: z.url({ protocol: /^https?$/, error: 'must be the full address of the site, e.g. https://www.example.com' }),
  language: z.string().default('en'),
  phone: z.string().regex(/^\+?[\d ().-]{7,}$/, 'must be a phone number such as (555) 010-0142'),
  email: z.email('must be an e-mail address such as hello@example.com'),
  address: z.strictObject({ street: text, city: text, region: text, postalCode: text, country: z.string().length(2) }),
  officeHours: z.array(officeHours).min(1),
  /** Who signs new articles unless the author changes it. */
  defaultAuthor: text,
  /** The default image for social sharing, 1200x630, under public/. */
  socialImage: z.string().regex(/^\/[\w./-]+\.(png|jpe?g)$/, 'must be a PNG or JPEG path under public/, e.g. /images/og-image.png'),
  links,
  /** Service ids added to the booking page address, by what they book. */
  bookingServices: z.strictObject({ visit: text, diagnostic: text, mensHealth: text, womensHealth: text }),
  map: z.strictObject({ embedUrl: externalUrl, directionsUrl: externalUrl, title: text }),
  intakeWidget: z.strictObject({ scriptUrl: externalUrl, containerId: z.string().regex(/^[a-z][\w-]*$/) }).optional(),
  analytics: z.strictObject({ measurementId: z.string().regex(/^G-[A-Z0-9]+$/, 'must be a Google Analytics id like G-ABC123').optional() }).default({}),
  social: z.strictObject({ facebook: externalUrl, instagram: externalUrl, linkedin: externalUrl }),
  copyrightYear: z.number().int().min(2000).max(2100),
  disclaimer: text,
});
export type Site = z.infer<typeof siteSchema>;
