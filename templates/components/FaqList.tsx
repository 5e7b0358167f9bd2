/** Questions and answers as disclosures: readable without JavaScript, compact with it. */
import type { ReactElement } from 'react';
import type { FaqEntry } from '../../src/schemas/common.ts';
import { Icon } from './Icon.tsx';

/** `openFirst` shows the first answer from the start, so a card never looks empty; `lang` marks entries in another language. */
export function FaqList({ entries, openFirst = false, lang }: { entries: FaqEntry[]; openFirst?: boolean; lang?: string }): ReactElement {
  return (
    <div className="faq-list" {...(lang ? { lang } : {})}>
      {entries.map((entry, i) => (
        <details key={entry.question} className="faq-item" open={openFirst && i === 0}>
          <summary>
            <span>{entry.question}</span>
            <Icon name="chevron-down" size={18} className="faq-chevron" />
          </summary>
          <p>{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
