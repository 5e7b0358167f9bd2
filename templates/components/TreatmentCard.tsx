/** A treatment as a service page shows it: description, dosage, badges or benefits, its questions and a booking action. */
import type { ReactElement, ReactNode } from 'react';
import type { AnyIcon } from './Icon.tsx';
import type { FaqEntry } from '../../src/schemas/common.ts';
import type { Treatment } from '../../src/schemas/catalogue.ts';
import { CheckList } from './CheckList.tsx';
import { FaqList } from './FaqList.tsx';
import { Icon } from './Icon.tsx';

export interface TreatmentCardProps {
  treatment: Treatment;
  icon: AnyIcon;
  dosageLabel: string;
  /** The heading over the badges or benefits. */
  extraLabel?: string | undefined;
  /** The treatment's indications, shown as badges. */
  badges?: string[] | undefined;
  benefits?: string[] | undefined;
  faqLabel: string;
  faqs: FaqEntry[];
  /** Whether the card spans the page width (description and questions side by side on wide screens). */
  wide: boolean;
  /** The page's booking action, closing the card so a reader can act where they decided. */
  action?: ReactNode;
}

export function TreatmentCard({ treatment, icon, dosageLabel, extraLabel, badges, benefits, faqLabel, faqs, wide, action }: TreatmentCardProps): ReactElement {
  const id = `treatment-${treatment.id}`;
  const headingId = `${id}-title`;
  return (
    <article className={wide ? 'treatment-card treatment-card-wide' : 'treatment-card'} id={id} aria-labelledby={headingId}>
      <header className="treatment-card-header">
        <span className="card-icon">
          <Icon name={icon} />
        </span>
        <h3 id={headingId}>{treatment.title}</h3>
      </header>
      <div className="treatment-card-body">
        <div className="treatment-card-main">
          <p className="treatment-description">{treatment.description}</p>
          {/* Closed until opened, like the answers: a phone shows the card's outline, not every detail at once. */}
          <details className="dosage-box">
            <summary>
              <span>{dosageLabel}</span>
              <Icon name="chevron-down" size={18} className="faq-chevron" />
            </summary>
            <p>{treatment.dosage}</p>
          </details>
          {badges && extraLabel ? (
            <div className="treatment-extra">
              <h4>{extraLabel}</h4>
              <ul className="badge-list">
                {badges.map((badge) => (
                  <li key={badge} className="badge">
                    {badge}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {benefits && extraLabel ? (
            <div className="treatment-extra">
              <h4>{extraLabel}</h4>
              <CheckList items={benefits} />
            </div>
          ) : null}
        </div>
        {faqs.length > 0 ? (
          <div className="treatment-card-faq">
            <h4>{faqLabel}</h4>
            <FaqList entries={faqs} />
          </div>
        ) : null}
      </div>
      {action ? <footer className="treatment-card-action">{action}</footer> : null}
    </article>
  );
}
