/** A legal page: privacy practices, website privacy, terms, accessibility or nondiscrimination, with the clinic's contact details at the end. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/route/view.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { DialText } from '../components/DialText.tsx';
import { PhoneLink } from '../components/PhoneLink.tsx';

type LegalView = Extract<PageView, { template: 'legal' }>;

export function LegalPage({ shell, view }: { shell: Shell; view: LegalView }): ReactElement {
  const { legal, breadcrumbs, translationNotes } = view;
  const { site } = shell;
  // Accents dropped, not cut out: "Información" gives informacion, not informaci-n.
  const slug = (heading: string) =>
    heading
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return (
    <article className="legal-page">
      <header className="legal-hero">
        <div className="container container-narrow">
          <Breadcrumbs trail={breadcrumbs} />
          <h1 id="page-title">{legal.title}</h1>
          <p className="lead">{legal.intro}</p>
          {translationNotes.length > 0 && (
            <p className="translation-note" role="note">
              {translationNotes.join(' ')}
            </p>
          )}
        </div>
      </header>
      <div className="container container-narrow legal-body">
        {legal.sections.map((section) => (
          <section key={section.heading} aria-labelledby={`legal-${slug(section.heading)}`}>
            <h2 id={`legal-${slug(section.heading)}`}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>
                <DialText text={paragraph} />
              </p>
            ))}
          </section>
        ))}
        <aside className="legal-contact" aria-label={shell.strings.shell.contactLabel}>
          <p>{legal.questions}</p>
          <ul>
            <li>
              <PhoneLink phone={site.phone} label={shell.strings.shell.call} />
            </li>
            <li>
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li>
              <address>
                {site.name}, {site.address.street}, {site.address.city}, {site.address.region} {site.address.postalCode}
              </address>
            </li>
          </ul>
        </aside>
      </div>
    </article>
  );
}
