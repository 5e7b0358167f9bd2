/**
 * The editor's words: labels and hints in the office's language. The schemas' descriptions stay written for developers
 * (the field reference of docs/content.md prints them); the forms say the same without file names, codes or true/false.
 */

/** Labels by field name, where the name reads as code ("href", "mensHealth"). */
const labels: Record<string, string> = {
  href: 'Link to',
  mensHealth: "Men's health",
  womensHealth: "Women's health",
  linkedin: 'LinkedIn',
  bhrt: 'What BHRT is',
  ctaHeading: 'Booking box heading',
  ctaText: 'Booking box text',
  am: 'AM',
  pm: 'PM',
  inEnglish: 'In English',
  faq: 'Questions (FAQ)',
  aliases: 'Old addresses',
  faqs: 'Questions shown',
  embedUrl: 'Map address',
  directionsUrl: 'Directions address',
  scriptUrl: 'Script address',
  baseUrl: 'Website address',
  measurementId: 'Google Analytics ID',
  containerId: 'Box name',
  shell: 'Every page: header, menu and footer',
  shownWhen: 'Shown only',
  extra: 'Cards also show',
  event: 'Visit statistics',
  phoneEvent: 'Visit statistics of the phone buttons',
};

/** Labels by path (FILE.field, a list's rows under []), where one name means different things in different places. */
const labelsByPath: Record<string, string> = {
  'home.services.pillars[].id': 'Pillar',
  'lab-sales.panels[].id': 'Short name for visit statistics',
  'inbody-analysis.offerings[].id': 'Short name for visit statistics',
  'home.about.founder': 'Founder',
  'home.about.bio': 'Biography',
  'site.language': 'Language',
};

/** What one row of a list is called, where "Add …" and "1 …" would read badly with the list's name made singular. */
const rowLabels: Record<string, string> = {
  faq: 'Question',
  bio: 'Paragraph',
  reviewCovers: 'Point',
  aliases: 'Old address',
  features: 'Feature',
};

/** The form's label of a field. */
export function editorLabel(name: string, path: string, fallback: string): string {
  return labelsByPath[path] ?? labels[name] ?? fallback;
}

/** What one row of a list is called ("Questions (FAQ)" → "Question"), or undefined to make the list's label singular. */
export function rowLabel(name: string): string | undefined {
  return rowLabels[name];
}

/** Hints by path, where the schema's description is about files and codes throughout. */
const hintsByPath: Record<string, string> = {
  'site.language': 'The language of the pages, in two letters: en for English.',
  'site.address.postalCode': 'The ZIP code.',
  'site.defaultAuthor':
    'Who new articles are signed by unless changed: a byline, or a provider of Providers by the end of ' +
    'their entry\'s address (jane-example).',
  'site.officeHours': 'One row per group of days: what the row is called, its days, and the opening and closing times or Closed turned on.',
  'site.socialImage': 'The picture shown when a page is shared on social media, 1200 by 630 pixels.',
  'article.author':
    'Who wrote it: the byline as it should appear, or a provider of Providers by the end of their entry\'s address (such as ' +
    'jane-example): the article then shows their name and credentials.',
  'article.image': 'The picture on the card and the article page: choose or upload a JPEG or PNG.',
  'article.aliases':
    'Old addresses of this article that must keep working, such as /blog/old-title/. Add the old one ' +
    'when the title changes.',
  'services.pillar': 'Which group of services the page belongs to; its address starts /services/ and this word.',
  'home.services.pillars[].id': 'Which group of services this is: brain, body or well.',
  'lab-sales.panels[].id': 'A short name, no two panels alike, that visit statistics record for a click on its button.',
  'inbody-analysis.offerings[].id': 'A short name, no two offerings alike, that visit statistics record for a click on its button.',
  'site.intakeWidget.containerId':
    'The name of the box the intake form fills, as the intake service gives it. Leave it as it is unless ' +
    'asked.',
  'memberships.closing.phoneEvent': 'What visit statistics record for a click on a phone button. Leave it as it is unless asked.',
  'home.team':
    "The home page's section of your providers, after the founder's: each provider's photo, name, " +
    "credentials and role. It shows once there is more than one.",
  'language-assistance.complaintsPage':
    "The legal page on how to file a complaint, by the end of its address (nondiscrimination): linked " +
    "under the paragraphs, in the page's language.",
};

/** Phrases of the developers' descriptions, and what the form says instead (applied in order to every hint). */
const rewrites: [RegExp, string][] = [
  [/, by (its )?file name in content\/\w+\/( \(without \.yaml\))?\./, ', picked from the list.'],
  [/ by (its )?file name in content\/\w+\/( \(without \.yaml\))?/, ''],
  [/The founder's id in content\/providers\/ \(without \.yaml\): the/, 'The founder, picked from Providers: the'],
  [/, written YYYY-MM-DD\./, '.'],
  [/ are reported by build and fail check --strict\./, ' are pointed out for a new review each time the site is built.'],
  [/^true (when|while|for)\b/, 'On $1'],
  [/^true on\b/, 'On for'],
  [/^true (pins|keeps)\b/, 'On: $1'],
  [/; serve still shows it,/, '; the preview still shows it,'],
  [/^false for\b/, 'Off for'],
  [/: check --launch lists it\. Remove it once/, ': the launch check lists it. Turn it off once'],
  [/^The analytics event a click on the button raises\.$/, 'What visit statistics record for a click. Leave it as it is unless asked.'],
  [
    /^The analytics event a click raises, such as \w+\.$/,
    'The name visit statistics record for the click. Leave it as it is unless asked.',
  ],
  [/^The event category, such as \w+\.$/, 'The group visit statistics file the click under. Leave it as it is unless asked.'],
  [/^The event label; left out, the page decides it \(an id or the page label\)\.$/, 'Leave it empty: the page fills it in.'],
  [
    /Which external service of site\.yaml `links` the button opens\./,
    'Which of the links of "Clinic details, hours and links" the button opens.',
  ],
  [/one of site\.yaml `bookingServices`\./, 'one of the booking services of "Clinic details, hours and links".'],
  [/ one of the icon names listed under Icons\./, ' pick one from the list.'],
  [/ \(from site\.yaml\)/, ''],
  [/ phone number from site\.yaml\./, ' phone number (from Clinic details).'],
  [/; only on pages with extra: benefits\./, '; only on pages whose cards show benefits.'],
  [/ of a mentalHealth category/, ' of a mental-health category'],
  [/, and the label its analytics events carry\./, ', and the name visit statistics record for it.'],
  [/; its event is labelled with the panel id\./, '.'],
  [/ \(analytics-on\) or only when it does not \(analytics-off\)\./, ', or only when it does not.'],
  [
    /Shows the section only when site\.yaml names an analytics measurement id/,
    'Shows the section only when the site has a Google Analytics ID',
  ],
  [/^Leave measurementId out and no request leaves the site; set it \(G-…\) to load Google Analytics\.$/,
    'Leave the ID empty and the site sends nothing to Google; fill it in (G-…) to count visits with Google Analytics.'],
  [/ in serve, before the word build/, ' in the preview'],
  [/^Service ids the booking page understands, added to its address as \?service=ID\./,
    'The names of the services the booking page knows, from the booking service (added to its address).'],
  [/^The service id of /, 'The booking service name of '],
  [/: title, publisher, year, url\./, '.'],
];

/** The hint of a field for the editor: the description in the office's words. */
export function editorHint(description: string | undefined, path: string): string | undefined {
  if (hintsByPath[path]) return hintsByPath[path];
  if (description === undefined) return undefined;
  return rewrites.reduce((hint, [phrase, words]) => hint.replace(phrase, words), description);
}
