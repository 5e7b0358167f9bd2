/** Home #conditions: symptom lists for men and for women, and four reasons to choose the practice. */
import type { ReactElement } from 'react';
import type { Home } from '../../../src/schemas/pages.ts';
import { Icon } from '../Icon.tsx';
import { Section } from '../Section.tsx';

function SymptomList({ id, list, accent, icon }: { id: string; list: Home['conditions']['men']; accent: string; icon: 'mars' | 'venus' }): ReactElement {
  return (
    <div className={`symptom-card accent-${accent}`}>
      <h3 id={id}>
        <span className="symptom-icon">
          <Icon name={icon} size={22} />
        </span>
        {list.title}
      </h3>
      <ul className="check-list" aria-labelledby={id}>
        {list.symptoms.map((symptom) => (
          <li key={symptom}>
            <Icon name="check" size={18} />
            {symptom}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Conditions({ conditions }: { conditions: Home['conditions'] }): ReactElement {
  return (
    <Section id="conditions" heading={conditions.heading} intro={conditions.intro} className="section-tinted">
      <div className="symptom-grid">
        <SymptomList id="symptoms-men" list={conditions.men} accent="blue" icon="mars" />
        <SymptomList id="symptoms-women" list={conditions.women} accent="purple" icon="venus" />
      </div>
      <h3 className="subsection-heading">{conditions.reasonsHeading}</h3>
      <ul className="highlight-grid highlight-grid-4">
        {conditions.reasons.map((reason) => (
          <li key={reason.title} className="highlight">
            <span className="highlight-icon">
              <Icon name={reason.icon} />
            </span>
            <h4>{reason.title}</h4>
            {reason.text ? <p>{reason.text}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
