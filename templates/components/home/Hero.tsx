/** The home hero: headline, four benefits, and the Diagnostic Experience card with its call to action. */
import type { ReactElement } from 'react';
import type { Home } from '../../../src/schemas/pages.ts';
import type { ExternalLinks } from '../../../src/route/view.ts';
import { CheckList } from '../CheckList.tsx';
import { Icon } from '../Icon.tsx';
import { ActionLink } from '../Links.tsx';

/** The opening section of the home page. */
export function Hero({ hero, links }: { hero: Home['hero']; links: ExternalLinks }): ReactElement {
  const { diagnostic } = hero;
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero-grid">
        <div className="hero-copy">
          <p className="eyebrow eyebrow-light">{hero.eyebrow}</p>
          <h1 id="hero-heading">{hero.headline}</h1>
          <p className="hero-intro">{hero.intro}</p>
          <ul className="benefits">
            {hero.benefits.map((benefit) => (
              <li key={benefit.title} className="benefit">
                <span className="benefit-icon">
                  <Icon name={benefit.icon} size={22} />
                </span>
                <span className="benefit-copy">
                  <strong>{benefit.title}</strong>
                  {benefit.text ? <span>{benefit.text}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <aside className="diagnostic-card" aria-labelledby="diagnostic-heading">
          <h2 id="diagnostic-heading">{diagnostic.title}</h2>
          <p className="diagnostic-intro">{diagnostic.intro}</p>
          <ol className="diagnostic-steps">
            {diagnostic.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <h3>{diagnostic.reviewTitle}</h3>
          <CheckList items={diagnostic.reviewCovers} />
          <ActionLink action={diagnostic.action} links={links} className="button button-block button-large">
            <Icon name="arrow-right" size={18} />
          </ActionLink>
        </aside>
      </div>
    </section>
  );
}
