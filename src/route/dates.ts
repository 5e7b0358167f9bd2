/** Dates as the pages show them. */

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "March 4, 2024" for an ISO date, independent of the machine's time zone: what
 * Intl.DateTimeFormat('en-US', { dateStyle: 'long' }) writes, without loading ICU's calendars
 * (10-15 ms of every build that renders a page).
 */
export function longUsDate(iso: string): string {
  const date = new Date(`${iso}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${iso}`);
  const year = date.getUTCFullYear();
  // Year 0 is 1 BC, which en-US writes without its era.
  return `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${year > 0 ? year : 1 - year}`;
}

/** A long date as a language writes it (content/strings.yaml `dates`): "March 4, 2024", "4 de marzo de 2024". */
export function longDate(iso: string, dates: { months: string[]; long: string }): string {
  const date = new Date(`${iso}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${iso}`);
  const year = date.getUTCFullYear();
  const parts: Record<string, string> = {
    month: dates.months[date.getUTCMonth()] ?? '',
    day: String(date.getUTCDate()),
    year: String(year > 0 ? year : 1 - year),
  };
  return dates.long.replace(/\{(month|day|year)\}/g, (_all, name: string) => parts[name]!);
}
