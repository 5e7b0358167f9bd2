/** A lab panel: what it is, what it includes, who it suits, and the button that orders it. */
import type { ReactElement } from 'react';
import type { OutboundAction } from '../../src/schemas/common.ts';
import type { LabPanel } from '../../src/schemas/lab.ts';
import type { ExternalLinks } from '../../src/route/view.ts';
import { CheckList } from './CheckList.tsx';
import { Icon } from './Icon.tsx';
import { ActionLink } from './Links.tsx';

export function LabPanelCard({
  panel,
  order,
  links,
  featuresLabel,
  bestForLabel,
}: {
  panel: LabPanel;
  order: OutboundAction;
  links: ExternalLinks;
  featuresLabel: string;
  bestForLabel: string;
}): ReactElement {
  const id = `panel-${panel.id}`;
  const headingId = `${id}-title`;
  return (
    <article className={`lab-panel-card accent-${panel.color}`} id={id} aria-labelledby={headingId}>
      <header className="lab-panel-header">
        <span className="card-icon card-icon-large">
          <Icon name={panel.icon} size={28} />
        </span>
        <div>
          <h3 id={headingId}>{panel.title}</h3>
          <p className="lab-panel-description">{panel.description}</p>
        </div>
      </header>
      <p>{panel.longDescription}</p>
      <h4>{featuresLabel}</h4>
      <CheckList items={panel.features} className="check-list-columns" />
      <div className="best-for">
        <h4>{bestForLabel}</h4>
        <p>{panel.bestFor}</p>
      </div>
      <ActionLink action={order} links={links} className="button button-block" eventLabel={panel.id} />
    </article>
  );
}
