/** The process page: four numbered steps, each with its icon and colour, and the Diagnostic Experience link. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/route/view.ts';
import { ClosingCall } from '../components/ClosingCall.tsx';
import { Icon } from '../components/Icon.tsx';
import { ActionLink } from '../components/Links.tsx';
import { PageHero } from '../components/PageHero.tsx';

type ProcessView = Extract<PageView, { template: 'process' }>;

/** The /process page. */
export function ProcessPage({ shell, view }: { shell: Shell; view: ProcessView }): ReactElement {
  const { process } = view;
  return (
    <div className="process-page">
      <PageHero title={process.heading} intro={process.intro} className="page-hero-center" />
      <div className="section process-section">
        <div className="container">
          <ol className="process-steps">
            {process.steps.map((step) => (
              <li key={step.title} className={`process-step accent-${step.color}`}>
                <span className="process-icon">
                  <Icon name={step.icon} size={28} />
                </span>
                <p className="process-number">{step.number}</p>
                <h2>{step.title}</h2>
                <p>{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <ClosingCall id="process-closing" heading={process.closing.heading} text={process.closing.text}>
        <ActionLink action={process.closing.action} links={shell.links} className="button button-light button-large">
          <Icon name="arrow-right" size={18} />
        </ActionLink>
      </ClosingCall>
    </div>
  );
}
