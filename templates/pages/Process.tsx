/** The process page: four numbered steps, each with its icon and colour, and the Diagnostic Experience link. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/view.ts';
import { Icon } from '../components/Icon.tsx';
import { ActionLink } from '../components/Links.tsx';

type ProcessView = Extract<PageView, { template: 'process' }>;

export function ProcessPage({ shell, view }: { shell: Shell; view: ProcessView }): ReactElement {
  const { process } = view;
  return (
    <div className="process-page">
      <header className="page-hero">
        <div className="container container-narrow page-hero-center">
          <h1>{process.heading}</h1>
          <p className="lead">{process.intro}</p>
        </div>
      </header>
      <div className="container">
        <ol className="process-steps">
          {process.steps.map((step, i) => (
            <li key={step.title} className={`process-step accent-${step.color}`}>
              <span className="process-icon">
                <Icon name={step.icon} size={28} />
              </span>
              <p className="process-number">{step.number}</p>
              <h2 id={`step-${i + 1}`}>{step.title}</h2>
              <p>{step.description}</p>
            </li>
          ))}
        </ol>
        <section className="closing-cta" aria-labelledby="process-closing">
          <h2 id="process-closing">{process.closing.heading}</h2>
          <p>{process.closing.text}</p>
          <ActionLink action={process.closing.action} links={shell.links} className="button button-light button-large">
            <Icon name="arrow-right" size={18} />
          </ActionLink>
        </section>
      </div>
    </div>
  );
}
