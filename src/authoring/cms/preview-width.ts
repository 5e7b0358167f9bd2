/**
 * The preview's width switch: the page at a phone's width (390 px) or a desktop's (1280 px), the frame scaled down to fit
 * the pane when it is narrower, so the desktop layout shows as a desktop shows it. Runs in the browser.
 */
import { createElement as h, useEffect, useState, type ReactElement } from 'react';

/** The widths the preview shows the page at: a phone's (390 px) or a desktop's (1280 px, scaled down to fit the pane). */
const previewWidths = { phone: 390, desktop: 1280 } as const;
/** The preview's widths by name. */
export type PreviewWidth = keyof typeof previewWidths;

/** The width chosen last: the next entry opens at it too. */
let chosenWidth: PreviewWidth = 'desktop';

/** The width the author chose last (desktop until she chooses). */
export function lastWidth(): PreviewWidth {
  return chosenWidth;
}

/** Remembers the width the author chose, for the entries she opens next; returns it. */
export function rememberWidth(width: PreviewWidth): PreviewWidth {
  chosenWidth = width;
  return width;
}

/** The frame at the chosen width, scaled down to the pane's width when wider, and centred. */
export function frameStyle(width: PreviewWidth, stageWidth: number) {
  const wide = previewWidths[width];
  const scale = stageWidth > 0 ? Math.min(1, stageWidth / wide) : 1;
  return {
    border: 0,
    display: 'block',
    width: `${wide}px`,
    height: `${100 / scale}%`,
    transform: `scale(${scale})`,
    transformOrigin: '0 0',
    marginLeft: `${Math.max(0, (stageWidth - wide * scale) / 2)}px`,
    background: '#fff',
  } as const;
}

/** The width of the pane the frame sits in, followed as the pane is resized. */
export function useStageWidth(stage: { current: HTMLDivElement | null }): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const view = stage.current?.ownerDocument.defaultView;
    if (!view) return undefined;
    const measure = () => setWidth(stage.current?.clientWidth ?? 0);
    measure();
    view.addEventListener('resize', measure);
    return () => view.removeEventListener('resize', measure);
  }, []);
  return width;
}

/** The phone and desktop buttons over the preview (at its left: Decap's own buttons sit at its right). */
export function widthSwitch(width: PreviewWidth, choose: (width: PreviewWidth) => void): ReactElement {
  const button = (name: PreviewWidth, label: string) =>
    h(
      'button',
      {
        type: 'button',
        'aria-pressed': width === name,
        onClick: () => choose(name),
        style: { ...switchButtonStyle, ...(width === name ? { background: '#1e3a8a', color: '#fff' } : {}) },
      },
      label,
    );
  return h(
    'div',
    { role: 'group', 'aria-label': 'Preview width', style: switchStyle },
    button('phone', 'Phone (390 px)'),
    button('desktop', 'Desktop'),
  );
}

const switchStyle = {
  display: 'flex',
  gap: '8px',
  padding: '8px 12px',
  background: '#f3f4f6',
  borderBottom: '1px solid #d1d5db',
} as const;
const switchButtonStyle = {
  font: '14px system-ui, sans-serif',
  padding: '6px 12px',
  border: '1px solid #1e3a8a',
  borderRadius: '6px',
  background: '#fff',
  color: '#1e3a8a',
  cursor: 'pointer',
} as const;
