/** A treatment as a service page shows it: description, dosage, badges or benefits, its questions and a booking action. */
import type { ReactElement, ReactNode } from 'react';
import type { AnyIcon } from './Icon.tsx';
import type { FaqEntry } from '../../src/schemas/common.ts';
import type { Treatment } from '../../src/schemas/catalogue.ts';
import { CheckList } from './CheckList.tsx';
import { FaqList } from './FaqList.tsx';
import { Icon } from './Icon.tsx';
import { englishLang, InEnglish } from './InEnglish.tsx';

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
  /** On a page in another language whose treatment has no translation yet: the note after its English title ("(en inglés)"). */
  inEnglish?: string | undefined;
}

export function TreatmentCard(props: TreatmentCardProps): ReactElement {
  const { treatment, icon, dosageLabel, extraLabel, badges, benefits, faqLabel, faqs, wide, action, inEnglish } = props;
  const id = `treatment-${treatment.id}`;
  // The treatment's own text is in English; the page's labels and the card's benefits (the service page's) are not.
  const english = englishLang(inEnglish);
  const headingId = `${id}-title`;
  return (
    <article className={wide ? 'treatment-card treatment-card-wide' : 'treatment-card'} id={id} aria-labelledby={headingId}>
      <header className="treatment-card-header">
        <span className="card-icon">
          <Icon name={icon} />
        </span>
        <h3 id={headingId}>
          <InEnglish note={inEnglish}>{treatment.title}</InEnglish>
        </h3>
      </header>
      <div className="treatment-card-body">
        <div className="treatment-card-main">
          <p className="treatment-description" {...english}>
            {treatment.description}
          </p>
          {/* Closed until opened, like the answers: a phone shows the card's outline, not every detail at once. */}
          <details className="dosage-box">
            <summary>
              <span>{dosageLabel}</span>
              <Icon name="chevron-down" size={18} className="faq-chevron" />
            </summary>
            <p {...english}>{treatment.dosage}</p>
          </details>
          {badges && extraLabel ? (
            <div className="treatment-extra">
              <h4>{extraLabel}</h4>
              <ul className="badge-list" {...english}>
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
            <FaqList entries={faqs} {...english} />
          </div>
        ) : null}
      </div>
      {action ? <footer className="treatment-card-action">{action}</footer> : null}
    </article>
  );
}
