/** The lab sales page: four panels to order from the lab storefront, and a way to browse every test. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/route/view.ts';
import { ClosingCall } from '../components/ClosingCall.tsx';
import { LabPanelCard } from '../components/LabPanelCard.tsx';
import { ActionLink } from '../components/Links.tsx';
import { OnThisPage } from '../components/OnThisPage.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Section } from '../components/Section.tsx';

type LabSalesView = Extract<PageView, { template: 'labSales' }>;

export function LabSalesPage({ shell, view }: { shell: Shell; view: LabSalesView }): ReactElement {
  const page = view.labSales;
  return (
    <div className="lab-page accent-blue">
      <PageHero
        eyebrow={<p className="eyebrow">{page.hero.eyebrow}</p>}
        title={page.hero.title}
        intro={page.hero.intro}
        actions={<ActionLink action={page.browseAll.action} links={shell.links} className="button button-ghost" />}
        aside={<OnThisPage title={page.panelsHeading} links={page.panels.map((panel) => ({ href: `#panel-${panel.id}`, name: panel.title }))} />}
      />
      <Section id="lab-panels" heading={page.panelsHeading}>
        <div className="lab-panel-grid">
          {page.panels.map((panel) => (
            <LabPanelCard key={panel.id} panel={panel} order={page.order} links={shell.links} featuresLabel={page.featuresLabel} bestForLabel={page.bestForLabel} />
          ))}
        </div>
        {page.note ? <p className="fine-print">{page.note}</p> : null}
      </Section>
      <ClosingCall id="browse-all" heading={page.browseAll.heading} text={page.browseAll.text}>
        <ActionLink action={page.browseAll.action} links={shell.links} />
      </ClosingCall>
    </div>
  );
}
