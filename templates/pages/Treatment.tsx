/**
 * A treatment's own page, `/treatments/ID/`: its details in the colours of its home pillar, and Start Visit Now.
 * The home page's treatment dialog shows the same details, fetched from this page's `[data-treatment-detail]`.
 */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/route/view.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { References, ReviewByline } from '../components/Review.tsx';
import { FaqList } from '../components/FaqList.tsx';
import { Icon } from '../components/Icon.tsx';
import { StartVisitLink } from '../components/Links.tsx';
import { PageHero } from '../components/PageHero.tsx';

type TreatmentView = Extract<PageView, { template: 'treatment' }>;

/** Description, dosage, indications and every question: what the dialog shows, so it holds nothing else. */
function TreatmentDetail({ treatment, labels }: Pick<TreatmentView, 'treatment' | 'labels'>): ReactElement {
  return (
    <div className="treatment-detail" data-treatment-detail="">
      <p className="treatment-description">{treatment.description}</p>
      <h2>{labels.dosageLabel}</h2>
      <p className="treatment-dosage">{treatment.dosage}</p>
      <h2>{labels.indicationsLabel}</h2>
      <ul className="tag-list">
        {treatment.indications.map((indication) => (
          <li key={indication}>{indication}</li>
        ))}
      </ul>
      <h2>{labels.faqLabel}</h2>
      <FaqList entries={treatment.faq} />
    </div>
  );
}

export function TreatmentPage({ shell, view }: { shell: Shell; view: TreatmentView }): ReactElement {
  const { treatment, pillar, labels, breadcrumbs, review } = view;
  return (
    <div className={`treatment-page accent-${pillar.color}`}>
      <PageHero
        className="treatment-hero"
        eyebrow={
          <>
            <Breadcrumbs trail={breadcrumbs} />
            <p className="eyebrow pillar-eyebrow">
              <Icon name={pillar.icon} size={18} />
              {pillar.name}
            </p>
          </>
        }
        title={treatment.title}
        actions={<StartVisitLink href={shell.links.booking} label={labels.action} />}
      >
        <ReviewByline review={review} />
      </PageHero>
      <div className="container container-narrow treatment-body">
        <TreatmentDetail treatment={treatment} labels={labels} />
        <References sources={treatment.sources} />
      </div>
    </div>
  );
}
