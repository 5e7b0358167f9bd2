/** Home #about: the founder's bio beside a quote card, and three credential highlights. */
import type { ReactElement } from 'react';
import type { Home } from '../../../src/schemas/pages.ts';
import { HighlightGrid } from '../HighlightGrid.tsx';
import { Logo } from '../Logo.tsx';
import { Section } from '../Section.tsx';

/** The #about section. */
export function About({ about, tagline }: { about: Home['about']; tagline: string }): ReactElement {
  return (
    <Section id="about" heading={about.heading} className="section-about">
      <div className="about-grid">
        <figure className="founder-card">
          <Logo size={56} />
          <blockquote>
            <p>{tagline}</p>
          </blockquote>
          <figcaption>
            <strong>{about.name}</strong>
            <span>{about.role}</span>
          </figcaption>
        </figure>
        <div className="about-copy">
          {about.bio.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </div>
      <HighlightGrid items={about.credentials} className="highlight-grid-3 credentials" />
    </Section>
  );
}
