/** Dates as the pages show them. */

/** "March 4, 2024" for an ISO date, independent of the machine's time zone. */
export function longUsDate(iso: string): string {
  return longDateFormat.format(new Date(`${iso}T12:00:00Z`));
}

/** One formatter for every date (making one per call is what costs). */
const longDateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
