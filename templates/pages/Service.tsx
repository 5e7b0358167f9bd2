/** A service page: hero with tag line, treatment cards, optional conditions, closing call to action. */
import type { ReactElement } from 'react';
import { outboundHref } from '../lib/links.ts';
import type { PageView, Shell } from '../../src/route/view.ts';
import { ClosingCall } from '../components/ClosingCall.tsx';
import { CrisisLine } from '../components/CrisisLine.tsx';
import { Icon } from '../components/Icon.tsx';
import { ActionLink, ExternalLink } from '../components/Links.tsx';
import { OnThisPage } from '../components/OnThisPage.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { References, ReviewByline } from '../components/Review.tsx';
import { Section } from '../components/Section.tsx';
import { TreatmentCard } from '../components/TreatmentCard.tsx';

type ServiceView = Extract<PageView, { template: 'service' }>;

export function ServicePage({ shell, view }: { shell: Shell; view: ServiceView }): ReactElement {
  const { service, cards, program } = view;
  const { hero, treatments, conditions, closing } = service;
  const accent = program?.color ?? 'blue';
  const columns = Math.min(treatments.columns, cards.length);
  const outline = [
    ...cards.map((card) => ({ href: `#treatment-${card.treatment.id}`, name: card.treatment.title })),
    ...(conditions ? [{ href: '#conditions-we-treat', name: conditions.heading }] : []),
  ];
  // Every hero books: its own action where the page names one, else the closing call's.
  const booking = hero.action ?? closing.action;
  const bookingLink = (className?: string) => (
    <ActionLink action={booking} links={shell.links} eventLabel={service.label} {...(className ? { className } : {})} />
  );
  return (
    <div className={`service-page accent-${accent}`}>
      <PageHero
        eyebrow={program ? <p className="eyebrow">{program.name}</p> : undefined}
        title={hero.title}
        tagline={hero.tagline}
        intro={hero.intro}
        image={hero.image}
        actions={bookingLink()}
      >
        <ReviewByline review={view.review} />
        {/* An outline of two entries is the page itself: shown from three (cards and the conditions section). */}
        {outline.length >= 3 ? <OnThisPage links={outline} /> : null}
      </PageHero>
      {service.crisisLine ? <CrisisLine crisis={shell.site.crisisLine} placement="top" /> : null}
      <Section id="treatments" heading={treatments.heading} {...(treatments.intro ? { intro: treatments.intro } : {})}>
        <div className={`treatment-cards treatment-cards-${columns}`}>
          {cards.map((card) => (
            <TreatmentCard
              key={card.treatment.id}
              treatment={card.treatment}
              icon={service.treatments.cards.find((c) => c.treatment === card.treatment.id)?.icon ?? program?.icon ?? 'pill'}
              dosageLabel={treatments.dosageLabel}
              extraLabel={treatments.extraLabel}
              badges={treatments.extra === 'badges' ? card.treatment.indications : undefined}
              benefits={treatments.extra === 'benefits' ? card.benefits : undefined}
              faqLabel={treatments.faqLabel}
              faqs={card.faqs}
              wide={columns === 1}
              action={bookingLink('button button-ghost button-block')}
              inEnglish={card.inEnglish ? shell.strings.language.inEnglish : undefined}
            />
          ))}
        </div>
      </Section>
      {conditions ? (
        <Section id="conditions-we-treat" heading={conditions.heading} className="section-tinted" {...(conditions.intro ? { intro: conditions.intro } : {})}>
          <div className="condition-columns">
            {conditions.columns.map((column) => (
              <div key={column.title} className="condition-column">
                {column.icon ? (
                  <span className="card-icon">
                    <Icon name={column.icon} />
                  </span>
                ) : null}
                <h3>{column.title}</h3>
                <ul className="condition-list">
                  {column.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </Section>
      ) : null}
 {service.sources && service.sources.length > 0 ? (
        <div className="container container-narrow">
          <References sources={service.sources} />
        </div>
      ) : null}
      {service.crisisLine ? <CrisisLine crisis={shell.site.crisisLine} placement="close" /> : null}
      <ClosingCall id="closing" heading={closing.heading} text={closing.text}>
        {closing.style === 'link' ? (
          <ExternalLink href={outboundHref(shell.links, closing.action)} className="cta-link" event={closing.action.event} eventLabel={service.label}>
            {closing.action.label}
            <Icon name="arrow-right" size={18} />
          </ExternalLink>
        ) : (
          <ActionLink action={closing.action} links={shell.links} eventLabel={service.label} />
        )}
      </ClosingCall>
    </div>
  );
}
