/**
 * Home #services: the three pillars with their expandable treatment lists. Each treatment is a link to its own
 * page; the script opens it in the one shared dialog instead, filled from that page (templates/client/treatments.ts).
 */
import type { ReactElement } from 'react';
import type { Home } from '../../../src/schemas/pages.ts';
import type { ExternalLinks, PillarView } from '../../../src/route/view.ts';
import { Icon } from '../Icon.tsx';
import { InEnglish } from '../InEnglish.tsx';
import { eventAttributes, StartVisitLink } from '../Links.tsx';
import { Modal } from '../Modal.tsx';
import { Section } from '../Section.tsx';

/** `inEnglishNote` follows the English title of a treatment not yet translated ("(en inglés)"). */
function Pillar(props: { pillar: PillarView; services: Home['services']; inEnglishNote: string }): ReactElement {
  const { pillar, services, inEnglishNote } = props;
  const listId = `pillar-${pillar.id}-treatments`;
  return (
    <article className={`pillar accent-${pillar.color}`} aria-labelledby={`pillar-${pillar.id}`}>
      <span className="pillar-icon">
        <Icon name={pillar.icon} size={28} />
      </span>
      <h3 id={`pillar-${pillar.id}`}>{pillar.name}</h3>
      <p className="pillar-description">{pillar.description}</p>
      {/* Search leaves out the toggle and the list: each treatment has its own page, found by its own words. */}
      <button type="button" className="pillar-toggle" aria-expanded="false" aria-controls={listId} data-pagefind-ignore="">
        <span className="toggle-show">{services.showLabel}</span>
        <span className="toggle-hide">{services.hideLabel}</span>
        <span className="toggle-narrow">{services.narrowLabel}</span>
        <Icon name="chevron-down" size={18} className="toggle-chevron" />
      </button>
      <div className="pillar-treatments" id={listId} data-pagefind-ignore="">
        {pillar.categories.map((category) => (
          <div className="treatment-category" key={category.name}>
            <h4>{category.href ? <a href={category.href} className="category-page-link">{category.name}</a> : category.name}</h4>
            <ul>
              {category.treatments.map((treatment) => (
                <li key={treatment.id}>
                  <a
                    href={treatment.href}
                    className="treatment-link"
                    data-treatment={treatment.id}
                    {...eventAttributes({ name: 'treatment_details_viewed', category: 'engagement', label: treatment.title })}
                  >
                    <InEnglish note={treatment.inEnglish ? inEnglishNote : undefined}>{treatment.title}</InEnglish>
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

/** The one dialog every treatment link opens: the script sets the pillar and title, then fills the body from the treatment's page. */
function TreatmentDialog({ services, links }: { services: Home['services']; links: ExternalLinks }): ReactElement {
  const { dialog } = services;
  return (
    <Modal
      id="treatment-dialog"
      titleId="treatment-dialog-title"
      className="treatment-dialog"
      closeLabel={dialog.closeLabel}
      head={
        <>
          <p className="modal-eyebrow" data-treatment-pillar="" />
          <h2 id="treatment-dialog-title" data-treatment-title="">
            {services.heading}
          </h2>
        </>
      }
      foot={<StartVisitLink href={links.booking} label={dialog.action} />}
    >
      <div className="treatment-detail" data-treatment-body="" data-loading={dialog.loadingLabel} />
    </Modal>
  );
}

/** The #services section: pillars, then the dialog their treatment links open. */
export function Services(props: {
  services: Home['services'];
  pillars: PillarView[];
  links: ExternalLinks;
  inEnglishNote: string;
}): ReactElement {
  const { services, pillars, links, inEnglishNote } = props;
  return (
    <Section id="services" heading={services.heading} intro={services.intro} className="section-services">
      <div className="pillars">
        {pillars.map((pillar) => (
          <Pillar key={pillar.id} pillar={pillar} services={services} inEnglishNote={inEnglishNote} />
        ))}
      </div>
      {/* Phones: the strip scrolls sideways; one dot per pillar, the one in view filled (by the script). */}
      <p className="pillars-hint" aria-hidden="true" data-pagefind-ignore="">
        <span className="pillar-dots">
          {pillars.map((pillar, i) => (
            <span key={pillar.id} className={i === 0 ? 'pillar-dot is-current' : 'pillar-dot'} />
          ))}
        </span>
        {services.swipeHint}
      </p>
      <TreatmentDialog services={services} links={links} />
    </Section>
  );
}
