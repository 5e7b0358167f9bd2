/** Home #conditions: symptom lists for men and for women, and four reasons to choose the practice. */
import type { ReactElement } from 'react';
import type { Home } from '../../../src/schemas/pages.ts';
import { CheckList } from '../CheckList.tsx';
import { HighlightGrid } from '../HighlightGrid.tsx';
import { Icon } from '../Icon.tsx';
import { Section } from '../Section.tsx';

function SymptomList({ list, accent, icon }: { list: Home['conditions']['men']; accent: string; icon: 'mars' | 'venus' }): ReactElement {
  return (
    <div className={`symptom-card accent-${accent}`}>
      <h3>
        <span className="card-icon">
          <Icon name={icon} />
        </span>
        {list.title}
      </h3>
      <CheckList items={list.symptoms} />
    </div>
  );
}

/** The #conditions section. */
export function Conditions({ conditions }: { conditions: Home['conditions'] }): ReactElement {
  return (
    <Section id="conditions" heading={conditions.heading} intro={conditions.intro} className="section-tinted">
      <div className="symptom-grid">
        <SymptomList list={conditions.men} accent="blue" icon="mars" />
        <SymptomList list={conditions.women} accent="purple" icon="venus" />
      </div>
      <h3 className="subsection-heading">{conditions.reasonsHeading}</h3>
      <HighlightGrid items={conditions.reasons} className="highlight-grid-4" level={4} />
    </Section>
  );
}
