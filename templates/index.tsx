/** The template entry: one Page component that lays out any route by its template name. */
import type { ReactElement } from 'react';
import type { RouteView } from '../src/route/view.ts';
import { Document } from './components/Document.tsx';
import { ImagesContext } from './components/Picture.tsx';
import { StringsContext } from './components/Strings.tsx';
import { EnglishServicesContext } from './components/Links.tsx';
import { LanguageAssistancePage } from './pages/LanguageAssistance.tsx';
import { CostsPage } from './pages/Costs.tsx';
import { ArticlePage } from './pages/Article.tsx';
import { BlogPage } from './pages/Blog.tsx';
import { HomePage } from './pages/Home.tsx';
import { NotFoundPage } from './pages/NotFound.tsx';
import { ProcessPage } from './pages/Process.tsx';
import { ServicePage } from './pages/Service.tsx';
import { TreatmentPage } from './pages/Treatment.tsx';
import { InBodyPage } from './pages/InBody.tsx';
import { LabSalesPage } from './pages/LabSales.tsx';
import { MembershipsPage } from './pages/Memberships.tsx';
import { LegalPage } from './pages/Legal.tsx';
import { SearchPage } from './pages/Search.tsx';
import type { SearchKind } from '../src/schemas/search.ts';

/** Renders the whole document of one route. */
export function Page({ shell, page }: RouteView): ReactElement {
  return (
    <StringsContext.Provider value={shell.strings}>
      <EnglishServicesContext.Provider value={englishServices(shell)}>
        <ImagesContext.Provider value={shell.images}>
          <Document shell={shell} searchKind={searchKindOf(page)}>
            {body(shell, page)}
          </Document>
        </ImagesContext.Provider>
      </EnglishServicesContext.Provider>
    </StringsContext.Provider>
  );
}

/** Off English, the outside services a visitor meets in English only (the booking, intake forms, portal and lab store). */
function englishServices(shell: RouteView['shell']): { addresses: string[]; note: string } | undefined {
  if (shell.site.language === 'en') return undefined;
  return { addresses: Object.values(shell.links), note: shell.strings.language.inEnglish };
}

function body(shell: RouteView['shell'], page: RouteView['page']): ReactElement {
  switch (page.template) {
    case 'home':
      return <HomePage shell={shell} view={page} />;
    case 'blog':
      return <BlogPage shell={shell} view={page} />;
    case 'article':
      return <ArticlePage shell={shell} view={page} />;
    case 'process':
      return <ProcessPage shell={shell} view={page} />;
    case 'service':
      return <ServicePage shell={shell} view={page} />;
    case 'treatment':
      return <TreatmentPage shell={shell} view={page} />;
    case 'memberships':
      return <MembershipsPage shell={shell} view={page} />;
    case 'labSales':
      return <LabSalesPage shell={shell} view={page} />;
    case 'inbody':
      return <InBodyPage shell={shell} view={page} />;
    case 'legal':
      return <LegalPage shell={shell} view={page} />;
    case 'notFound':
      return <NotFoundPage shell={shell} view={page} />;
    case 'languageAssistance':
      return <LanguageAssistancePage shell={shell} view={page} />;
    case 'costs':
      return <CostsPage shell={shell} view={page} />;
    case 'search':
      return <SearchPage shell={shell} view={page} />;
  }
}

/** What search finds a page as: articles, treatments, the pages of what the clinic offers and the home page; no other page is indexed. */
function searchKindOf(page: RouteView['page']): SearchKind | undefined {
  switch (page.template) {
    case 'article':
    case 'treatment':
      return page.template;
    case 'service':
    case 'process':
    case 'memberships':
    case 'labSales':
    case 'inbody':
    case 'costs':
      return 'service';
    // The clinic's hours, address and founder are on the home page only.
    case 'home':
      return 'clinic';
    default:
      return undefined;
  }
}
