/** Text shown in English on a page in another language (its part has no translation yet): marked lang="en", then the note saying so. */
import type { ReactElement, ReactNode } from 'react';

/** `children` in English, followed by `note` ("(en inglés)") in the page's language; without a note, `children` as they are. */
export function InEnglish({ note, children }: { note: string | undefined; children: ReactNode }): ReactElement {
  if (!note) return <>{children}</>;
  return (
    <>
      <span lang="en">{children}</span> <span className="in-english">{note}</span>
    </>
  );
}

/** The `lang` attribute of an element whose text is in English on a page in another language (none otherwise). */
export function englishLang(note: string | undefined): { lang?: string } {
  return note ? { lang: 'en' } : {};
}
