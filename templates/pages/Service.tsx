/** A service page: hero with tag line, treatment cards, optional conditions, closing call to action. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/view.ts';
import { ActionLink } from '../components/Links.tsx';

type ServiceView = Extract<PageView, { template: 'service' }>;

export function ServicePage({ shell, view }: { shell: Shell; view: ServiceView }): ReactElement {
  const { service, treatments } = view;
  return (
    <div className="service-page">
      <div className="container">
        <header className="page-header">
          <h1>{service.hero.title}</h1>
          <p className="tagline">{service.hero.tagline}</p>
          <p className="lead">{service.hero.intro}</p>
        </header>
        {treatments.map((t) => (
          <article key={t.id}>
            <h2>{t.title}</h2>
            <p>{t.description}</p>
          </article>
        ))}
        <section className="closing-cta">
          <h2>{service.closing.heading}</h2>
          <p>{service.closing.text}</p>
          <ActionLink action={service.closing.action} links={shell.links} eventLabel={service.label} />
        </section>
      </div>
    </div>
  );
}
