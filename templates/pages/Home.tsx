/** The home page: hero with the Diagnostic Experience, services pillars, about, conditions, contact. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/route/view.ts';
import { About } from '../components/home/About.tsx';
import { Conditions } from '../components/home/Conditions.tsx';
import { Contact } from '../components/home/Contact.tsx';
import { Hero } from '../components/home/Hero.tsx';
import { Services } from '../components/home/Services.tsx';
import { Team } from '../components/home/Team.tsx';

type HomeView = Extract<PageView, { template: 'home' }>;

/** The home page, section by section in the order of the SPEC. */
export function HomePage({ shell, view }: { shell: Shell; view: HomeView }): ReactElement {
  const { home, pillars } = view;
  return (
    <>
      <Hero hero={home.hero} links={shell.links} />
      <Services services={home.services} pillars={pillars} links={shell.links} inEnglishNote={shell.strings.language.inEnglish} />
      <About
        about={home.about}
        founder={view.founder}
        tagline={shell.site.tagline}
        inEnglish={view.founderInEnglish ? shell.strings.language.inEnglish : undefined}
      />
      <Team team={home.team} members={view.team} inEnglish={shell.strings.language.inEnglish} />
      <Conditions conditions={home.conditions} />
      <Contact contact={home.contact} site={shell.site} links={shell.links} dates={shell.strings.dates} />
      <p className="container home-notice">
        {shell.strings.language.homeNotice} <a href={shell.noticeHref}>{shell.strings.language.noticeLink}</a>
      </p>
    </>
  );
}
