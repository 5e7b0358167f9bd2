/** Home #about: the founder's bio beside a quote card, and three credential highlights. */
import type { ReactElement } from 'react';
import type { Home } from '../../../src/schemas/pages.ts';
import { Icon } from '../Icon.tsx';
import { Logo } from '../Logo.tsx';
import { Section } from '../Section.tsx';

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
      <ul className="highlight-grid highlight-grid-3">
        {about.credentials.map((credential) => (
          <li key={credential.title} className="highlight">
            <span className="highlight-icon">
              <Icon name={credential.icon} />
            </span>
            <h3>{credential.title}</h3>
            {credential.text ? <p>{credential.text}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
