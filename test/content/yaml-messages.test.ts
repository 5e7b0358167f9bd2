/**
 * Every YAML parser error an author can cause, each made by a mutation of a real content file: the
 * message says what happened and the hint what to do, in our words, never the parser's.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadYamlText } from '../../src/load/content.ts';
import { SiteErrors, type SiteError } from '../../src/errors.ts';
import { loadContent } from '../../src/load/content.ts';
import { folders, singleFiles } from '../../src/schemas/registry.ts';
import { editFile, projectRoot, removeProject, runCli, stackTrace, tempProject } from '../helpers.ts';

/** Wording of the `yaml` package that must never reach an author. */
const parserWording = /compact mappings|Missing closing|Nested mappings|implicit|Implicit keys|Map keys must be unique|Tabs are not allowed|Invalid escape|Plain value|reserved character|flow-seq|token|Flow sequence|block collection|at most one|alias node|indicator|Unresolved/i;

interface Case {
  code: string;
  file: string;
  from: string | RegExp;
  to: string;
  /** The text of the line the error is at (its first occurrence after the edit). */
  at: string;
  message: RegExp;
  hint: RegExp;
}

const cases: Case[] = [
  { code: 'BLOCK_AS_IMPLICIT_KEY', file: 'content/site.yaml', from: 'phone: (555) 010-0142', to: 'phone: 555 010 0142 ext: 2', at: 'phone:', message: /second ": "/, hint: /phone: "555 010 0142 ext: 2"/ },
  { code: 'BLOCK_AS_IMPLICIT_KEY (list)', file: 'content/treatments/nad.yaml', from: '  - Brain fog and mental clarity', to: ' - Brain fog and mental clarity', at: ' - Brain fog', message: /list item/, hint: /same column/ },
  { code: 'MISSING_CHAR', file: 'content/site.yaml', from: 'tagline: Wellness starts when you are heard.', to: 'tagline: "Wellness starts when you are heard.', at: 'tagline:', message: /quote \(".*never closed/, hint: /closing "/ },
  { code: 'BAD_INDENT (flow)', file: 'content/site.yaml', from: 'days: [Mo, Tu, We, Th, Fr]', to: 'days: [Mo, Tu, We, Th, Fr', at: '    opens:', message: /not closed/, hint: /close the list with \]/ },
  { code: 'TAB_AS_INDENT', file: 'content/site.yaml', from: '  street: ', to: '\tstreet: ', at: '\tstreet', message: /tab/, hint: /replace the tab/ },
  { code: 'DUPLICATE_KEY', file: 'content/site.yaml', from: 'email: hello@example.com\n', to: 'email: hello@example.com\nemail: office@example.com\n', at: 'email: office', message: /appears twice/, hint: /only once/ },
  { code: 'BAD_DQ_ESCAPE', file: 'content/site.yaml', from: 'tagline: Wellness starts when you are heard.', to: 'tagline: "Wellness starts \\q when you are heard."', at: 'tagline:', message: /backslash/, hint: /single quotes/ },
  { code: 'BAD_SCALAR_START', file: 'content/site.yaml', from: 'tagline: Wellness starts when you are heard.', to: 'tagline: @heard wellness', at: 'tagline:', message: /cannot start with @/, hint: /double quotes/ },
  { code: 'MISSING_CHAR (no ": ")', file: 'content/navigation.yaml', from: '    href: /process', to: '    href /process', at: '    href /process', message: /its ": " is missing/, hint: /space after the colon/ },
  { code: 'MISSING_CHAR (comment)', file: 'content/site.yaml', from: 'tagline: Wellness starts when you are heard.', to: 'tagline: "Wellness"# starts', at: 'tagline:', message: /comment/, hint: /space before the #/ },
  { code: 'MULTILINE_IMPLICIT_KEY', file: 'content/site.yaml', from: 'tagline: Wellness starts when you are heard.', to: '"Wellness\n starts": 1\ntagline: x', at: '"Wellness', message: /missing its ": "/, hint: /space after the colon/ },
  { code: 'UNEXPECTED_TOKEN', file: 'content/site.yaml', from: 'name: Heard Integrative Health', to: 'name: "Heard" Integrative Health', at: 'name: "Heard"', message: /follows where the value should have ended/, hint: /quotes/ },
  { code: 'BLOCK_IN_FLOW', file: 'content/site.yaml', from: 'days: [Mo, Tu, We, Th, Fr]', to: 'days: [Mo, Tu,\n      - We]', at: '      - We', message: /continues on lines/, hint: /one line/ },
  { code: 'MULTIPLE_DOCS', file: 'content/site.yaml', from: 'email: hello@example.com\n', to: 'email: hello@example.com\n---\n', at: '---', message: /second document/, hint: /delete the "---" line/ },
  { code: 'BAD_ALIAS', file: 'content/site.yaml', from: 'tagline: Wellness starts when you are heard.', to: 'tagline: *heard', at: 'tagline:', message: /anchor \(&name\) that is not defined/, hint: /quotes/ },
  { code: 'MULTIPLE_ANCHORS', file: 'content/site.yaml', from: 'tagline: Wellness starts when you are heard.', to: 'tagline: &a &b Wellness', at: 'tagline:', message: /& or ! marks/, hint: /remove the & and !/ },
  { code: 'MULTIPLE_TAGS', file: 'content/site.yaml', from: 'tagline: Wellness starts when you are heard.', to: 'tagline: !a !b Wellness', at: 'tagline:', message: /& or ! marks/, hint: /remove the & and !/ },
  { code: 'ALIAS_PROPS', file: 'content/site.yaml', from: 'tagline: Wellness starts when you are heard.', to: 'tagline: &t Wellness\nshortName2: !x *t', at: 'shortName2', message: /& or ! marks/, hint: /remove the & and !/ },
  { code: 'KEY_OVER_1024_CHARS', file: 'content/site.yaml', from: 'email: hello@example.com\n', to: `email: hello@example.com\n${'Wellness '.repeat(120)}: x\n`, at: 'Wellness Wellness', message: /far longer than a field name/, hint: /closing quote/ },
];

let dir: string;
beforeAll(async () => {
  dir = await tempProject();
});
afterAll(async () => {
  await removeProject(dir);
});

function errorsOf(file: string, text: string): SiteError[] {
  const schema = file.startsWith('content/treatments/') ? folders.treatments.schema : file === 'content/navigation.yaml' ? singleFiles.navigation.schema : singleFiles.site.schema;
  const errors: SiteError[] = [];
  loadYamlText(file, text, schema, errors);
  return errors;
}

describe('YAML messages an office manager can act on', () => {
  for (const c of cases) {
    it(`should translate ${c.code} into what happened and what to do, at its line`, async () => {
      const original = await readFile(join(projectRoot, c.file), 'utf8');
      const text = original.replace(c.from, c.to);
      expect(text, 'the mutation applies').not.toBe(original);
      const errors = errorsOf(c.file, text);
      expect(errors.map((e) => e.code)).toEqual(['yaml-syntax']);
      const error = errors[0]!;
      expect(error.message).toMatch(c.message);
      expect(error.hint).toMatch(c.hint);
      expect(`${error.message} ${error.hint}`).not.toMatch(parserWording);
      const line = text.split('\n').findIndex((l) => l.startsWith(c.at)) + 1;
      expect(error.loc?.line).toBe(line);
      expect(error.loc?.file).toBe(c.file);
    });
  }

  it("should point at the opening single quote of an unclosed '…' and say a quote mark inside is written '', not \\\"", async () => {
    const original = await readFile(join(projectRoot, 'content/site.yaml'), 'utf8');
    for (const [from, to] of [
      ['tagline: Wellness starts when you are heard.', "tagline: 'Wellness starts when you are heard."],
      ['tagline: Wellness starts when you are heard.', "tagline: 'It''s where wellness starts"],
    ] as const) {
      const text = original.replace(from, to);
      const errors = errorsOf('content/site.yaml', text);
      expect(errors.map((e) => e.code)).toEqual(['yaml-syntax']);
      const lines = text.split('\n');
      const line = lines.findIndex((l) => l.startsWith('tagline:'));
      expect(errors[0]!.loc).toMatchObject({ line: line + 1, column: lines[line]!.indexOf("'") + 1 });
      expect(errors[0]!.message).toMatch(/quote \(\'\).*never closed/);
      expect(errors[0]!.hint).toContain("''");
      expect(errors[0]!.hint).not.toContain('\\"');
    }
  });

  it('should name the field that holds a second ": " in the hint, not a phone example', () => {
    const text = 'title: NAD+ Therapy: what to know\ndescription: x\n';
    const errors = errorsOf('content/treatments/nad.yaml', text);
    expect(errors.map((e) => e.code)).toEqual(['yaml-syntax']);
    expect(errors[0]!.message).toMatch(/"title" holds a second ": "/);
    expect(errors[0]!.hint).toContain('title: "NAD+ Therapy: what to know"');
    expect(`${errors[0]!.message} ${errors[0]!.hint}`).not.toMatch(/phone|555/);
    // A value with a double quote in it is suggested in single quotes.
    const quoted = errorsOf('content/treatments/nad.yaml', 'title: The "glow-up": what to know\n');
    expect(quoted[0]!.hint).toContain(`title: 'The "glow-up": what to know'`);
  });

  it('should say it through a whole load of the real content, with exit-code-1 errors', async () => {
    await editFile(dir, 'content/site.yaml', 'phone: (555) 010-0142', 'phone: 555 010 0142 ext: 2');
    const error = await loadContent(dir).then(
      () => undefined,
      (e: unknown) => (e instanceof SiteErrors ? e.errors[0] : undefined),
    );
    expect(error?.message).toContain('second ": "');
    expect(error?.loc).toMatchObject({ file: 'content/site.yaml', line: 10 });
  });
});

describe('YAML tags (issue 25: unknown tags were dropped silently)', () => {
  it('should refuse !!js/function and !foo in YAML files and front matter, at the tag, with exit 1', async () => {
    const copy = await tempProject();
    try {
      await editFile(copy, 'content/treatments/nad.yaml', 'title: NAD+ Therapy', 'title: !!js/function "function(){return 1}"');
      await editFile(copy, 'content/site.yaml', 'tagline: Wellness starts', 'tagline: !foo Wellness starts');
      await editFile(copy, 'content/blog/why-we-started.md', 'title: "Why We Started', 'title: !!js/function "Why We Started');
      await editFile(copy, 'content/blog/why-we-started.md', 'excerpt: "Too many', 'excerpt: !foo "Too many');
      const result = await runCli(['check'], copy);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).not.toMatch(stackTrace);
      expect(result.stderr).not.toContain('Internal error');
      const tagged = '!!js/function is a YAML tag that content files do not use (it asks for a JavaScript value, which is never run)';
      expect(result.stderr).toContain(`content/treatments/nad.yaml:2:8  ${tagged}`);
      expect(result.stderr).toContain('(remove "!!js/function" and write the value alone; a text that starts with ! goes in quotes)');
      expect(result.stderr).toContain('content/site.yaml:5:10  !foo is a YAML tag that content files do not use');
      expect(result.stderr).toContain('content/blog/why-we-started.md:3:8  !!js/function is a YAML tag');
      expect(result.stderr).toContain('content/blog/why-we-started.md:4:10  !foo is a YAML tag');
    } finally {
      await removeProject(copy);
    }
  });

  it('should refuse !!binary, !!timestamp, !!set, !!omap and !!pairs naming the tag, never as "a group of fields"', () => {
    const cases: [string, string, RegExp][] = [
      ['!!binary', 'dosage: !!binary aGVsbG8=', /binary data/],
      ['!!binary', 'dosage: !!binary |\n  aGVsbG8=', /binary data/],
      ['!!timestamp', 'dosage: !!timestamp 2024-03-04', /a date and time/],
      ['!!set', 'dosage: !!set {a: null}', /a set/],
      ['!!omap', 'dosage: !!omap [a: 1]', /an ordered map/],
      ['!!pairs', 'dosage: !!pairs [a: 1]', /a list of pairs/],
      ['!<tag:yaml.org,2002:binary>', 'dosage: !<tag:yaml.org,2002:binary> aGk=', /binary data/],
      ['!foo', 'dosage: !foo {a: 1}', /a kind of value of its own/],
    ];
    for (const [tag, line, meaning] of cases) {
      const text = `title: NAD+ Therapy\ndescription: x\n${line}\nindications: [x]\nfaq: [{question: q, answer: a}]\n`;
      const errors = errorsOf('content/treatments/nad.yaml', text);
      const tagLine = text.split('\n').findIndex((l) => l.includes(tag)) + 1;
      expect(errors.map((e) => [e.code, e.loc?.line]), line).toEqual([['yaml-tag', tagLine]]);
      expect(errors[0]!.message).toContain(`${tag} is a YAML tag that content files do not use`);
      expect(errors[0]!.message).toMatch(meaning);
      expect(errors[0]!.message).not.toContain('group of fields');
      expect(errors[0]!.loc?.column).toBe(text.split('\n').find((l) => l.includes(tag))!.indexOf(tag) + 1);
    }
  });

  it('should keep the core tags, and say when a core tag does not fit its value', () => {
    const fine = [
      'title: !!str NAD+ Therapy',
      'description: ! x',
      'dosage: !<tag:yaml.org,2002:str> x',
      'indications: !!seq [x]',
      'faq: [!!map {question: q, answer: !!str 3}]',
      '',
    ].join('\n');
    expect(errorsOf('content/treatments/nad.yaml', fine)).toEqual([]);
    const misfit = errorsOf('content/treatments/nad.yaml', 'title: NAD\ndescription: !!float 3\n');
    expect(misfit.map((e) => [e.code, e.message, e.loc?.line, e.loc?.column])).toEqual([
      ['yaml-tag', 'the value after !!float is not a number written with a decimal point, such as 3.0', 2, 14],
    ]);
  });
});
