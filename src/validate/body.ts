/**
 * What an article's text says as written, before remark reads it: components left half-written (`::treatment{id="nad"`
 * without its `}`, `::: note`, a `:::note` never closed), which remark would publish as text or stretch to the end of the
 * article, and invisible control characters (NUL, ESC, vertical tab), which would be published as they are.
 */
import { problems, type SiteError, type SourceLocation } from '../errors.ts';

/** A place in the body: 1-based line and column. */
type At = (place: { line: number; column: number }) => SourceLocation;

/** Control characters no article means: C0 but tab, line feed and carriage return; DEL; C1. */
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A component's attributes opened and not closed on their line: `::treatment{id="nad"`. */
const unclosedAttributes = /(?:^|[^:\w]):{2,}([A-Za-z][\w-]*)(?:\[[^\]]*\])?\{[^}]*$/;
/** Colons, a space, then a name: `::: note` (remark reads a component only with its name right after the colons). */
const spacedName = /^ {0,3}(:{2,})[ \t]+([A-Za-z][\w-]*)/;
/** A container's opening line (`:::note`) and closing line (`:::`). */
const containerOpens = /^ {0,3}(:{3,})([A-Za-z][\w-]*)/;
const containerCloses = /^ {0,3}(:{3,})[ \t]*$/;
/** A code fence: inside one, nothing is a component. */
const codeFence = /^ {0,3}(`{3,}|~{3,})/;

/** Adds a located problem for each half-written component and each control character of `body`. */
export function checkBodyText(body: string, at: At, errors: SiteError[]): void {
  if (controlCharacter.test(body)) controlCharacters(body, at, errors);
  if (body.includes('::')) components(body, at, errors);
}

/** Each control character of the body, at its place. */
function controlCharacters(body: string, at: At, errors: SiteError[]): void {
  body.split('\n').forEach((line, n) => {
    const column = line.search(controlCharacter);
    if (column !== -1) errors.push(problems.controlCharacter(at({ line: n + 1, column: column + 1 }), line.charCodeAt(column)));
  });
}

/** Components written so that remark does not read them as meant: outside code fences, line by line. */
function components(body: string, at: At, errors: SiteError[]): void {
  const open: { colons: number; name: string; line: number; column: number }[] = [];
  let fence: string | undefined;
  body.split('\n').forEach((text, n) => {
    const line = n + 1;
    const fenced = codeFence.exec(text)?.[1];
    if (fence !== undefined) {
      if (fenced !== undefined && fenced[0] === fence[0] && fenced.length >= fence.length) fence = undefined;
      return;
    }
    if (fenced !== undefined) return void (fence = fenced);
    const spaced = spacedName.exec(text);
    const unclosed = unclosedAttributes.exec(text);
    const opening = containerOpens.exec(text);
    if (spaced) {
      const loc = at({ line, column: text.indexOf(':') + 1 });
      errors.push(problems.componentForm(loc, spaced[2]!, `${spaced[1]}${spaced[2]}, with no space between the colons and the name`));
    } else if (unclosed) {
      const loc = at({ line, column: text.indexOf(`:${unclosed[1]}`) });
      errors.push(problems.componentForm(loc, unclosed[1]!, 'its attributes between { and a closing }, on the same line'));
    } else if (opening) open.push({ colons: opening[1]!.length, name: opening[2]!, line, column: text.indexOf(':') + 1 });
    else if (containerCloses.test(text)) {
      const colons = containerCloses.exec(text)![1]!.length;
      // A closing line closes the innermost component opened with as many colons or fewer.
      const index = open.findLastIndex((o) => o.colons <= colons);
      if (index !== -1) open.splice(index);
    }
  });
  for (const o of open) errors.push(problems.componentNotClosed(at(o), o.name, ':'.repeat(o.colons)));
}
