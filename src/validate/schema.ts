/** Checking parsed content against its schema, with every problem turned into a located SiteError. */
import type { z } from 'zod';
import { problems, type SiteError } from '../errors.ts';
import { closest, slugFileName } from '../suggest.ts';
import { ambiguousLinkIssue } from '../schemas/common.ts';
import type { YamlSource } from '../schemas/content.ts';

type Schema = z.ZodType;

/** Validates a source's data; returns the typed value, or undefined and the problems found. */
export function validate<S extends Schema>(source: YamlSource, schema: S, errors: SiteError[]): z.output<S> | undefined {
  const result = schema.safeParse(source.data ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const missing = new Set(result.error.issues.filter(isMissing).map((issue) => pathKey(issue.path)));
  // A misspelt required field is one mistake: the unknown name is reported with its suggestion, not also the missing field.
  const misspelt = new Set<string>();
  for (const issue of result.error.issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const known = knownKeys(schema, issue.path);
    for (const key of issue.keys) {
      const suggestion = closest(key, known, 1)[0];
      const required = suggestion !== undefined && missing.has(pathKey([...issue.path, suggestion]));
      if (required) misspelt.add(pathKey([...issue.path, suggestion]));
      errors.push(
        problems.unknownField(source.locate([...issue.path, key], true), fieldLabel([...issue.path, key]), suggestion, known, required),
      );
    }
  }
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys' || (isMissing(issue) && misspelt.has(pathKey(issue.path)))) continue;
    errors.push(toSiteError(source, issue));
  }
  return undefined;
}

function isMissing(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'invalid_type' && issue.input === undefined;
}

function pathKey(path: readonly PropertyKey[]): string {
  return JSON.stringify(path.map(String));
}

/** A readable name for a place in a file: `faq #3 answer`. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'the file' : path.map((p) => (typeof p === 'number' ? `#${p + 1}` : String(p))).join(' ');
}

const expectedNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list (one "- " line per entry)',
  object: 'a group of indented "key: value" lines',
  record: 'a group of indented "key: value" lines',
};

function describe(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a group of fields';
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return `${typeof value === 'number' ? 'the number' : 'the value'} ${String(value)}`;
}

function toSiteError(source: YamlSource, issue: Exclude<z.core.$ZodIssue, { code: 'unrecognized_keys' }>): SiteError {
  const path = issue.path;
  const field = fieldLabel(path);
  switch (issue.code) {
    case 'invalid_type': {
      const expected = expectedNames[issue.expected] ?? issue.expected;
      if (issue.input === undefined) return problems.missingField(source.locate(path.slice(0, -1)), field, expected);
      return problems.wrongType(source.locate(path), field, expected, describe(issue.input));
    }
    case 'invalid_value':
      return problems.invalidValue(
        source.locate(path),
        field,
        `is ${describe(issue.input)}, which is not allowed`,
        `use one of: ${issue.values.map(String).join(', ')}`,
      );
    case 'too_small':
    case 'too_big':
      // zod's own wording ("Too small: expected number to be >=3") is not for authors; a schema's own message is kept.
      if (!/^Too (small|big):/.test(issue.message)) return problems.invalidValue(source.locate(path), field, issue.message);
      return problems.invalidValue(source.locate(path), field, ...sizeProblem(issue));
    case 'custom':
      if (issue.message === 'invalid-date') return problems.invalidDate(source.locate(path), field, String(issue.input));
      if (issue.message === ambiguousLinkIssue) {
        return problems.ambiguousLink(source.locate(path), `"${field}" is`, String(issue.input), issue.params?.allowsExternal === true);
      }
      return problems.invalidValue(source.locate(path), field, issue.message);
    case 'invalid_format': {
      // A file name with spaces, capitals or symbols: say which name to use, not only what a name must look like.
      const picture = issue.format === 'regex' && typeof issue.input === 'string' && /\.(png|jpe?g|gif|webp|avif|svg)$/i.test(issue.input);
      const named = picture ? slugFileName(String(issue.input)) : undefined;
      const hint =
        named &&
        `file names are lower-case letters, digits and hyphens: rename the file to "${named.split('/').at(-1)}" and write "${named}" here`;
      return problems.invalidValue(source.locate(path), field, issue.message, hint);
    }
    default:
      return problems.invalidValue(source.locate(path), field, issue.message);
  }
}

/** A size limit in plain words and what to do: `must be at least 3, but it is 1`. */
function sizeProblem(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): [string, string] {
  const small = issue.code === 'too_small';
  const limit = String(small ? issue.minimum : issue.maximum);
  const bound = issue.exact
    ? 'exactly'
    : small
      ? issue.inclusive === false
        ? 'more than'
        : 'at least'
      : issue.inclusive === false
        ? 'less than'
        : 'at most';
  const input = issue.input;
  if (issue.origin === 'array' || issue.origin === 'set') {
    const count = Array.isArray(input) ? input.length : input instanceof Set ? input.size : undefined;
    const entries = (n: number | string) => `${n} ${Number(n) === 1 ? 'entry' : 'entries'}`;
    return [
      `must list ${bound} ${entries(limit)}${count === undefined ? '' : `, but it lists ${count}`}`,
      small ? 'add entries ("- " lines)' : 'remove entries',
    ];
  }
  if (issue.origin === 'string') {
    const length = typeof input === 'string' ? `, but it has ${input.length}` : '';
    return [`must be ${bound} ${limit} characters long${length}`, small ? 'write a longer text' : 'shorten the text'];
  }
  return [
    `must be ${bound} ${limit}${input === undefined ? '' : `, but it is ${String(input)}`}`,
    `write a number that is ${bound} ${limit}`,
  ];
}

/** The field names an object schema at `path` accepts (unwrapping optional, default and list). */
function knownKeys(schema: Schema, path: readonly PropertyKey[]): string[] {
  let node = unwrap(schema);
  for (const segment of path) {
    const def = node._zod.def as { type: string; shape?: Record<string, Schema>; element?: Schema; valueType?: Schema };
    if (def.type === 'object' && def.shape && typeof segment === 'string' && def.shape[segment]) node = unwrap(def.shape[segment]);
    else if (def.type === 'array' && def.element) node = unwrap(def.element);
    else if (def.type === 'record' && def.valueType) node = unwrap(def.valueType);
    else return [];
  }
  const def = node._zod.def as { type: string; shape?: Record<string, Schema> };
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

function unwrap(schema: Schema): Schema {
  let node = schema;
  for (;;) {
    const def = node._zod.def as { type: string; innerType?: Schema; in?: Schema };
    if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault') && def.innerType)
      node = def.innerType;
    else if (def.type === 'pipe' && def.in) node = def.in;
    else return node;
  }
}
