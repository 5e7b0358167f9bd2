/** Home #services: the three pillars with their expandable treatment lists, and one detail dialog per treatment. */
import type { ReactElement } from 'react';
import type { Treatment } from '../../../src/schemas/catalogue.ts';
import type { Home } from '../../../src/schemas/pages.ts';
import type { ExternalLinks, PillarView } from '../../../src/view.ts';
import { Icon } from '../Icon.tsx';
import { FaqList } from '../FaqList.tsx';
import { eventAttributes, ExternalLink } from '../Links.tsx';
import { Modal } from '../Modal.tsx';
import { Section } from '../Section.tsx';

/** The id of a treatment's dialog, which its links target. */
export const treatmentDialogId = (treatment: Treatment) => `treatment-${treatment.id}`;

function Pillar({ pillar, services }: { pillar: PillarView; services: Home['services'] }): ReactElement {
  const listId = `pillar-${pillar.id}-treatments`;
  return (
    <article className={`pillar accent-${pillar.color}`} aria-labelledby={`pillar-${pillar.id}`}>
      <span className="pillar-icon">
        <Icon name={pillar.icon} size={28} />
      </span>
      <h3 id={`pillar-${pillar.id}`}>{pillar.name}</h3>
      <p className="pillar-description">{pillar.description}</p>
      <button type="button" className="pillar-toggle" aria-expanded="false" aria-controls={listId}>
        <span className="toggle-show">{services.showLabel}</span>
        <span className="toggle-hide">{services.hideLabel}</span>
        <span className="toggle-narrow">{services.narrowLabel}</span>
        <Icon name="chevron-down" size={18} className="toggle-chevron" />
      </button>
      <div className="pillar-treatments" id={listId}>
        {pillar.categories.map((category) => (
          <div className="treatment-category" key={category.name}>
            <h4>{category.name}</h4>
            <ul>
              {category.treatments.map((treatment) => (
                <li key={treatment.id}>
                  <a
                    href={`#${treatmentDialogId(treatment)}`}
                    className="treatment-link"
                    data-dialog=""
                    {...eventAttributes({ name: 'treatment_details_viewed', category: 'engagement', label: treatment.title })}
                  >
                    {treatment.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </article>
  );
}

function TreatmentDialog({ treatment, pillar, services, links }: { treatment: Treatment; pillar: PillarView; services: Home['services']; links: ExternalLinks }): ReactElement {
  const id = treatmentDialogId(treatment);
  const { dialog } = services;
  return (
    <Modal
      id={id}
      titleId={`${id}-title`}
      className={`treatment-dialog accent-${pillar.color}`}
      closeLabel={dialog.closeLabel}
      closeHref="#services"
      head={
        <>
          <p className="modal-eyebrow">
            <Icon name={pillar.icon} size={18} />
            {pillar.name}
          </p>
          <h2 id={`${id}-title`}>{treatment.title}</h2>
        </>
      }
      foot={
        <ExternalLink href={links.booking} className="button" event={{ name: 'start_visit_clicked', category: 'conversion' }} eventLabel="treatment_modal">
          {dialog.action}
        </ExternalLink>
      }
    >
      <p className="treatment-description">{treatment.description}</p>
      <h3>{dialog.dosageLabel}</h3>
      <p className="treatment-dosage">{treatment.dosage}</p>
      <h3>{dialog.indicationsLabel}</h3>
      <ul className="tag-list">
        {treatment.indications.map((indication) => (
          <li key={indication}>{indication}</li>
        ))}
      </ul>
      <h3>{dialog.faqLabel}</h3>
      <FaqList entries={treatment.faq} />
    </Modal>
  );
}

/** The #services section: pillars, then the dialogs their treatment links open. */
export function Services({ services, pillars, links }: { services: Home['services']; pillars: PillarView[]; links: ExternalLinks }): ReactElement {
  // Each treatment gets one dialog, shown in the colours of the first pillar that lists it.
  const dialogs = new Map<string, { treatment: Treatment; pillar: PillarView }>();
  for (const pillar of pillars) for (const c of pillar.categories) for (const t of c.treatments) if (!dialogs.has(t.id)) dialogs.set(t.id, { treatment: t, pillar });
  return (
    <Section id="services" heading={services.heading} intro={services.intro} className="section-services">
      <div className="pillars">
        {pillars.map((pillar) => (
          <Pillar key={pillar.id} pillar={pillar} services={services} />
        ))}
      </div>
      {[...dialogs.values()].map(({ treatment, pillar }) => (
        <TreatmentDialog key={treatment.id} treatment={treatment} pillar={pillar} services={services} links={links} />
      ))}
    </Section>
  );
}
