/** The body-composition scan page: the InBody 570 scan, the InGrip add-on, the package, and how often to scan. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/route/view.ts';
import { BodyScanCard } from '../components/BodyScanCard.tsx';
import { CheckList } from '../components/CheckList.tsx';
import { HighlightGrid } from '../components/HighlightGrid.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Section } from '../components/Section.tsx';

type InBodyView = Extract<PageView, { template: 'inbody' }>;

export function InBodyPage({ shell, view }: { shell: Shell; view: InBodyView }): ReactElement {
  const page = view.inbody;
  const labels = { price: page.priceLabel, duration: page.durationLabel, features: page.featuresLabel, benefits: page.benefitsLabel };
  return (
    <div className="inbody-page accent-teal">
      <PageHero
        eyebrow={<p className="eyebrow">{page.hero.eyebrow}</p>}
        title={page.hero.title}
        intro={page.hero.intro}
        actions={
          <a href="#scans" className="button">
            {page.offeringsHeading}
            <Icon name="arrow-right" size={18} />
          </a>
        }
        aside={
          <ul className="page-hero-aside hero-points">
            {page.hero.points.map((point) => (
              <li key={point.title}>
                <span className="card-icon">
                  <Icon name={point.icon} />
                </span>
                <span>
                  <strong>{point.title}</strong>
                  {point.text ? <span>{point.text}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        }
      />
      <Section id="scans" heading={page.offeringsHeading} {...(page.offeringsIntro ? { intro: page.offeringsIntro } : {})}>
        <div className="scan-grid">
          {page.offerings.map((offering) => (
            <BodyScanCard key={offering.id} offering={offering} schedule={page.schedule} links={shell.links} labels={labels} />
          ))}
        </div>
      </Section>
      <Section id="what-it-measures" heading={page.measures.heading} intro={page.measures.intro} className="section-tinted">
        <HighlightGrid items={page.measures.items} className="highlight-grid-6" />
      </Section>
      <Section id="how-often" heading={page.frequency.heading}>
        <div className="frequency-card">
          <p className="lead">{page.frequency.text}</p>
          <CheckList items={page.frequency.tips} />
        </div>
      </Section>
    </div>
  );
}
