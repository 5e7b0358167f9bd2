/** Plain text in which the emergency and crisis numbers (911, 988) become links that dial them. */
import { Fragment, type ReactElement } from 'react';

/** The numbers a patient in trouble needs at once: emergency services and the 988 Suicide & Crisis Lifeline. */
const dialable = /\b(911|988)\b/g;

/** Each number is linked where it first appears in the text ("call or text 988 to reach the 988 Lifeline" has one link). */
export function DialText({ text }: { text: string }): ReactElement {
  const parts = text.split(dialable);
  const linked = new Set<string>();
  const first = (part: string) => !linked.has(part) && linked.add(part) !== undefined;
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 && first(part) ? (
          <a key={i} href={`tel:${part}`} className="dial-link">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
