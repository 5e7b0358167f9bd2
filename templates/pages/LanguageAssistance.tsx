/** The notice of free language assistance: the notice, how to ask (the clinic's phone number), and a tagline in each language HHS lists. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/route/view.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { InEnglish } from '../components/InEnglish.tsx';
import { WithPhone } from '../components/PhoneLink.tsx';

type NoticeView = Extract<PageView, { template: 'languageAssistance' }>;

/** The notice page, in the page's language, with the taglines in their own. */
export function LanguageAssistancePage({ shell, view }: { shell: Shell; view: NoticeView }): ReactElement {
  const { notice, breadcrumbs, complaintsLink } = view;
  const phone = shell.site.phone;
  return (
    <article className="legal-page language-notice">
      <header className="legal-hero">
        <div className="container container-narrow">
          <Breadcrumbs trail={breadcrumbs} />
          <h1 id="page-title">{notice.title}</h1>
          <p className="lead">{notice.intro}</p>
        </div>
      </header>
      <div className="container container-narrow legal-body">
        <p className="notice-aids">{notice.auxiliaryAids}</p>
        <p className="notice-ask">
          <WithPhone text={notice.howToAsk} phone={phone} />
        </p>
        <p className="notice-tty">{notice.tty}</p>
        {notice.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {complaintsLink && (
          <p className="notice-complaints">
            <a href={complaintsLink.href}>
              <InEnglish note={complaintsLink.inEnglish}>{complaintsLink.name}</InEnglish>
            </a>
          </p>
        )}
        <ul className="taglines">
          {notice.taglines.map((tagline) => (
            <li key={tagline.lang} lang={tagline.lang} dir={tagline.dir}>
              <p className="tagline-name">{tagline.name}</p>
              <p className="tagline-text">
                <WithPhone text={tagline.text} phone={phone} />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
