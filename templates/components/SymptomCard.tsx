/** A card of symptoms with a heading and icon, in an accent colour (home conditions, pellet page). */
import type { ReactElement } from 'react';
import type { Accent } from '../../src/schemas/common.ts';
import { CheckList } from './CheckList.tsx';
import { Icon, type AnyIcon } from './Icon.tsx';

export function SymptomCard({ title, items, accent, icon }: { title: string; items: string[]; accent: Accent; icon: AnyIcon }): ReactElement {
  return (
    <div className={`symptom-card accent-${accent}`}>
      <h3>
        <span className="card-icon">
          <Icon name={icon} />
        </span>
        {title}
      </h3>
      <CheckList items={items} />
    </div>
  );
}
