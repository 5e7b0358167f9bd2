/** The home page: hero with the Diagnostic Experience, services pillars, about, conditions, contact. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/view.ts';
import { Icon } from '../components/Icon.tsx';
import { ActionLink } from '../components/Links.tsx';

type HomeView = Extract<PageView, { template: 'home' }>;

export function HomePage({ shell, view }: { shell: Shell; view: HomeView }): ReactElement {
  const { hero } = view.home;
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1 id="hero-heading">{hero.headline}</h1>
            <p className="lead">{hero.intro}</p>
            <ul className="benefits">
              {hero.benefits.map((benefit) => (
                <li key={benefit.title} className="benefit">
                  <span className="benefit-icon">
                    <Icon name={benefit.icon} />
                  </span>
                  <span>
                    <strong>{benefit.title}</strong>
                    {benefit.text ? <span className="benefit-text">{benefit.text}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <aside className="diagnostic-card" aria-labelledby="diagnostic-heading">
            <h2 id="diagnostic-heading">{hero.diagnostic.title}</h2>
            <p>{hero.diagnostic.intro}</p>
            <ol className="diagnostic-steps">
              {hero.diagnostic.steps.map((step, i) => (
                <li key={step}>
                  <span className="step-number" aria-hidden="true">
                    {i + 1}
                  </span>
                  {step}
                </li>
              ))}
            </ol>
            <h3>{hero.diagnostic.reviewTitle}</h3>
            <ul className="check-list">
              {hero.diagnostic.reviewCovers.map((item) => (
                <li key={item}>
                  <Icon name="check" size={18} />
                  {item}
                </li>
              ))}
            </ul>
            <ActionLink action={hero.diagnostic.action} links={shell.links} className="button button-block" />
          </aside>
        </div>
      </section>
      <div id="services" />
      <div id="about" />
      <div id="conditions" />
      <div id="contact" />
    </>
  );
}
