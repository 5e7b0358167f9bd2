/** What the launch checklist lists: one thing the clinic must replace, at its file and line, and what to do about it. */

/** The kinds of thing to replace, in the order the checklist groups them. */
export const launchKinds = {
  contact: 'Phone, e-mail and address',
  providers: 'Example providers and illustrated portraits',
  booking: 'Booking, intake, portal and store addresses',
  costs: 'Cost and insurance',
  legal: 'Legal pages awaiting counsel',
  medical: 'Medical pages never reviewed',
  translations: 'Translations never reviewed',
  languageNotice: 'Language notice awaiting a native reader',
  analytics: 'Analytics (optional: only if the clinic wants it; does not hold up launch)',
} as const;
export type LaunchKind = keyof typeof launchKinds;

/** One thing to replace before launch. */
export interface LaunchItem {
  kind: LaunchKind;
  /** The file to change, relative to the project. */
  file: string;
  /** The line in it; 0 when the file does not exist yet. */
  line: number;
  /** What is left to replace, in plain words. */
  what: string;
  /** What to do about it. */
  todo: string;
  /** Listed, but does not hold up launch (the analytics id). */
  optional?: boolean;
}
