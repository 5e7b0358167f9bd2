/** A treatment as a service page shows it: description, dosage, badges or benefits, and its questions. */
import type { ReactElement } from 'react';
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
}

export function TreatmentCard({ treatment, icon, dosageLabel, extraLabel, badges, benefits, faqLabel, faqs, wide }: TreatmentCardProps): ReactElement {
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
          <div className="dosage-box">
            <h4>{dosageLabel}</h4>
            <p>{treatment.dosage}</p>
          </div>
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
            <FaqList entries={faqs} openFirst={wide} />
          </div>
        ) : null}
      </div>
    </article>
  );
}
