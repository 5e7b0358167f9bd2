/** Home #conditions: symptom lists for men and for women, and four reasons to choose the practice. */
import type { ReactElement } from 'react';
import type { Home } from '../../../src/schemas/pages.ts';
import { HighlightGrid } from '../HighlightGrid.tsx';
import { Section } from '../Section.tsx';
import { SymptomCard } from '../SymptomCard.tsx';

/** The #conditions section. */
export function Conditions({ conditions }: { conditions: Home['conditions'] }): ReactElement {
  return (
    <Section id="conditions" heading={conditions.heading} intro={conditions.intro} className="section-tinted">
      <div className="symptom-grid">
        <SymptomCard title={conditions.men.title} items={conditions.men.symptoms} accent="blue" icon="mars" />
        <SymptomCard title={conditions.women.title} items={conditions.women.symptoms} accent="purple" icon="venus" />
      </div>
      <h3 className="subsection-heading">{conditions.reasonsHeading}</h3>
      <HighlightGrid items={conditions.reasons} className="highlight-grid-4" level={4} />
    </Section>
  );
}
