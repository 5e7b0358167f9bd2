/** Questions and answers as disclosures: readable without JavaScript, compact with it. */
import type { ReactElement } from 'react';
import type { FaqEntry } from '../../src/schemas/common.ts';
import { Icon } from './Icon.tsx';

export function FaqList({ entries }: { entries: FaqEntry[] }): ReactElement {
  return (
    <div className="faq-list">
      {entries.map((entry) => (
        <details key={entry.question} className="faq-item">
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
