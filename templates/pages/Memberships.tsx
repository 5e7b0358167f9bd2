/** The hormone pellet page: what BHRT is, symptoms, the pellet method, reasons, four steps, and how to start. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/route/view.ts';
import { ClosingCall } from '../components/ClosingCall.tsx';
import { HighlightGrid } from '../components/HighlightGrid.tsx';
import { Icon } from '../components/Icon.tsx';
import { ActionLink } from '../components/Links.tsx';
import { OnThisPage } from '../components/OnThisPage.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { Section } from '../components/Section.tsx';
import { SymptomCard } from '../components/SymptomCard.tsx';

type MembershipsView = Extract<PageView, { template: 'memberships' }>;

export function MembershipsPage({ shell, view }: { shell: Shell; view: MembershipsView }): ReactElement {
  const { hero, bhrt, symptoms, method, reasons, steps, closing } = view.memberships;
  return (
    <div className="pellet-page accent-teal">
      <PageHero
        eyebrow={
          <p className="certified-badge">
            <Icon name={hero.badge.icon} size={20} />
            {hero.badge.text}
          </p>
        }
        title={hero.title}
        intro={hero.intro}
        aside={
          <OnThisPage
            links={[
              { href: '#what-is-bhrt', name: bhrt.heading },
              { href: '#symptoms', name: symptoms.heading },
              { href: '#pellet-method', name: method.heading },
              { href: '#why-pellets', name: reasons.heading },
              { href: '#getting-started', name: steps.heading },
            ]}
          />
        }
        actions={
          <>
            <ActionLink action={hero.action} links={shell.links} />
            <PhoneLink phone={shell.site.phone} className="button button-ghost" label={closing.phoneLabel} event={closing.phoneEvent} eventLabel="hero_phone">
              <Icon name="phone" size={18} />
            </PhoneLink>
          </>
        }
      />
      <Section id="what-is-bhrt" heading={bhrt.heading}>
        <div className="prose-columns">
          {bhrt.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <HighlightGrid items={bhrt.highlights} className="highlight-grid-3" />
      </Section>
      <Section id="symptoms" heading={symptoms.heading} intro={symptoms.intro} className="section-tinted">
        <div className="symptom-columns">
          {[
            { list: symptoms.women, icon: 'venus' as const, accent: 'purple' as const },
            { list: symptoms.men, icon: 'mars' as const, accent: 'blue' as const },
          ].map(({ list, icon, accent }) => (
            <SymptomCard key={list.title} title={list.title} items={list.items} accent={accent} icon={icon} />
          ))}
        </div>
      </Section>
      <Section id="pellet-method" heading={method.heading} intro={method.intro}>
        <HighlightGrid items={method.facts} className="highlight-grid-4" />
      </Section>
      <Section id="why-pellets" heading={reasons.heading} className="section-tinted" {...(reasons.intro ? { intro: reasons.intro } : {})}>
        <HighlightGrid items={reasons.items} className="highlight-grid-4" />
      </Section>
      <Section id="getting-started" heading={steps.heading} {...(steps.intro ? { intro: steps.intro } : {})}>
        <ol className="step-list">
          {steps.items.map((step, i) => (
            <li key={step.title} className="step-card">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <ClosingCall id="pellet-closing" heading={closing.heading} text={closing.text}>
        <PhoneLink phone={shell.site.phone} className="button button-ghost" label={closing.phoneLabel} event={closing.phoneEvent} eventLabel="closing_phone">
          <Icon name="phone" size={18} />
        </PhoneLink>
        <ActionLink action={closing.action} links={shell.links} />
      </ClosingCall>
    </div>
  );
}
