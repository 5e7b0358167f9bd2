/** The page on costs and insurance: each question with the clinic's answer, or, until it gives one, a line asking patients to call. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/route/view.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { WithPhone } from '../components/PhoneLink.tsx';

type CostsView = Extract<PageView, { template: 'costs' }>;

/** The costs page, one section per question; an unanswered one says "call us at {phone}" with the number as a link. */
export function CostsPage({ shell, view }: { shell: Shell; view: CostsView }): ReactElement {
  const { costs, breadcrumbs } = view;
  return (
    <article className="legal-page costs-page">
      <header className="legal-hero">
        <div className="container container-narrow">
          <Breadcrumbs trail={breadcrumbs} />
          <h1 id="page-title">{costs.title}</h1>
          <p className="lead">{costs.intro}</p>
        </div>
      </header>
      <div className="container container-narrow legal-body">
        {costs.questions.map((q) => (
          <section key={q.id} id={q.id} aria-labelledby={`${q.id}-heading`}>
            <h2 id={`${q.id}-heading`}>{q.question}</h2>
            {q.answer && !q.awaitingClinic ? (
              <p>{q.answer}</p>
            ) : (
              <p className="costs-call-us">
                <WithPhone text={costs.callUs} phone={shell.site.phone} />
              </p>
            )}
          </section>
        ))}
      </div>
    </article>
  );
}
