/**
 * The clinic's facts the project can only hold a place for: 555 phone numbers, example.com addresses and
 * the "Example" names (Dr. Jane Example, 123 Example Street, Exampleville), found in every content file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Content, YamlSource } from '../schemas/content.ts';
import type { LaunchItem } from './items.ts';

/** A kind of placeholder: how to find it in a text, and what the clinic writes instead. */
interface PlaceholderPattern {
  pattern: RegExp;
  instead: string;
}

/** The placeholders this project writes, in the order a text is searched; each value is listed once, for its first. */
export const placeholderPatterns: readonly PlaceholderPattern[] = [
  // 555-01xx is the range reserved for fiction; any 555 number is treated as one.
  { pattern: /\(555\)\s*\d{3}[-. ]\d{4}|\b555[-. ]\d{3}[-. ]\d{4}\b/, instead: "the clinic's real phone number" },
  { pattern: /\bexample\.(?:com|org|net)\b/i, instead: 'the real address' },
  { pattern: /\bExampleville\b|\bExample Street\b/, instead: "the clinic's real street address and town" },
  { pattern: /example-clinic/i, instead: "the clinic's real page" },
  { pattern: /\bJane Example\b|\bDra?\. Example\b/, instead: "the real provider's name" },
];

/** What each field of site.yaml is, in the office manager's words, and what to do about a placeholder in it. */
const siteFields: Record<string, { what: string; todo: string; kind?: LaunchItem['kind'] }> = {
  phone: { what: 'the phone number', todo: "write the clinic's real phone number" },
  email: { what: 'the e-mail address', todo: "write the clinic's real e-mail address" },
  baseUrl: { what: "the website's own address", todo: 'write the address the site will be published at, such as https://www.…' },
  address: { what: 'the street address', todo: "write the clinic's real street, suite, town and ZIP code" },
  map: { what: 'the map', todo: 'make the embed and directions links for the real address in Google Maps (Share, then Embed a map)' },
  social: { what: 'a social media link', todo: "write the clinic's real page, as its full address" },
  'links.booking': {
    what: 'the booking page',
    todo: 'write the booking service address; check the ids under bookingServices too',
    kind: 'booking',
  },
  'links.patientPortal': { what: 'the patient portal', todo: "write the patient portal's log-in address", kind: 'booking' },
  'links.newClientIntake': { what: 'the new-client intake form', todo: "write the intake form's address", kind: 'booking' },
  'links.newPatientIntake': { what: 'the new-patient intake form', todo: "write the intake form's address", kind: 'booking' },
  'links.labStore': { what: 'the lab store', todo: "write the lab store's address (Order This Test buttons go there)", kind: 'booking' },
  intakeWidget: {
    what: "the blog page's intake widget",
    todo: 'write the script address the intake service gives you, or remove intakeWidget to show none',
    kind: 'booking',
  },
};

/** Each text of a content file (providers aside: providers.ts lists them whole) that still holds a placeholder, at its line. */
export function placeholderItems(content: Content): LaunchItem[] {
  const items: LaunchItem[] = [];
  for (const [file, source] of allSources(content)) {
    if (/^content\/providers\/[^/.]+\.ya?ml$/.test(file)) continue;
    let lines: string[] | undefined;
    visitTexts(source.data, [], (text, path) => {
      const found = firstPlaceholder(text);
      if (!found) return;
      const item = itemFor(source, path, text, found);
      lines ??= readLines(join(content.root, file));
      items.push({ ...item, line: lineHolding(lines, item.line, found.text) });
    });
  }
  return items;
}

/** Every parsed content file, English and translations, by path. */
export function allSources(content: Content): Map<string, YamlSource> {
  const all = new Map(content.sources);
  for (const { file, source } of content.spanish?.translations ?? []) if (!all.has(file)) all.set(file, source);
  return all;
}

/** The first placeholder in a text, and what to write instead. */
export function firstPlaceholder(text: string): { text: string; instead: string } | undefined {
  let first: { text: string; instead: string; index: number } | undefined;
  for (const { pattern, instead } of placeholderPatterns) {
    const match = pattern.exec(text);
    if (match && (first === undefined || match.index < first.index)) first = { text: match[0], instead, index: match.index };
  }
  return first && { text: first.text, instead: first.instead };
}

/** Calls `visit` with every string in a parsed YAML value and its path. */
export function visitTexts(value: unknown, path: (string | number)[], visit: (text: string, path: (string | number)[]) => void): void {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) value.forEach((item, i) => visitTexts(item, [...path, i], visit));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) visitTexts(item, [...path, key], visit);
}

function itemFor(source: YamlSource, path: (string | number)[], text: string, found: { text: string; instead: string }): LaunchItem {
  const { line } = source.locate(path);
  const inSite = /^content\/site\.ya?ml$/.test(source.file);
  const field = inSite ? (siteFields[path.slice(0, 2).join('.')] ?? siteFields[String(path[0])]) : undefined;
  const kind = field?.kind ?? (/Example\b/.test(found.text) && !/Street/.test(found.text) ? 'providers' : 'contact');
  if (field) return { kind, file: source.file, line, what: `${field.what}, ${quoted(text)}, is a placeholder`, todo: field.todo };
  return { kind, file: source.file, line, what: `${quoted(text)} holds the placeholder "${found.text}"`, todo: `write ${found.instead}` };
}

/** The lines of a file, or none when it cannot be read. */
function readLines(path: string): string[] {
  try {
    return readFileSync(path, 'utf8').split(/\r?\n/);
  } catch {
    return [];
  }
}

/** The line, from `line` on, that holds `needle`: a block of text (>-) starts on its key's line, the placeholder may be lines below. */
function lineHolding(lines: readonly string[], line: number, needle: string): number {
  for (let i = line - 1; i >= 0 && i < lines.length && i < line + 100; i++) if (lines[i]!.includes(needle)) return i + 1;
  return line;
}

/** A text as a line shows it: quoted, on one line, cut to 60 characters. */
function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > 60 ? `${flat.slice(0, 57)}…` : flat}"`;
}
