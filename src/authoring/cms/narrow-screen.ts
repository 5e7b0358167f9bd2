/**
 * Decap's editor on a phone: Decap lays its toolbar and panes out at 800 px at least, so at 390 px the page scrolled
 * sideways and Publish was off the screen. Below 800 px the toolbar takes two rows (the entry and its status, then Publish),
 * and the form and the preview stand one above the other. Decap's side buttons (show the preview, scroll both together) sat
 * over the form's first field, at its top right: they go to the right of Publish, in the toolbar's second row, which keeps
 * room for them. Decap names its parts in its class names (`css-…-ToolbarContainer`).
 */

/** The admin page's CSS for screens narrower than 800 px. */
export const narrowScreenStyle = `@media (max-width: 799px) {
  [class*="-EditorContainer"] { min-width: 0 !important; padding-top: 112px !important; }
  [class*="-ToolbarContainer"] { min-width: 0 !important; height: 112px !important; flex-wrap: wrap; }
  [class*="-ToolbarSectionBackLink"] { flex: 1 1 0 !important; min-width: 0; height: 56px !important; padding: 0 12px !important; }
  [class*="-BackCollection"] { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  [class*="-ToolbarSectionMeta"] { height: 56px !important; }
  [class*="-ToolbarSectionMain"] {
    order: 3; flex: 1 0 100% !important; height: 56px !important; border-top: 1px solid #dfdfe3; padding-right: 104px !important;
  }
  [class*="-ViewControls"] { top: -48px !important; right: 8px !important; z-index: 301 !important; display: flex; gap: 8px; }
  [class*="-EditorToggle"] { margin: 0 !important; }
  [class*="-PreviewButtonContainer"] { display: none !important; }
  .SplitPane.vertical { flex-direction: column !important; }
  .SplitPane.vertical > .Pane { width: 100% !important; flex: 0 0 auto !important; min-height: 0; }
  .SplitPane.vertical > .Pane1 { height: 55% !important; }
  .SplitPane.vertical > .Pane2 { height: 45% !important; border-top: 2px solid #dfdfe3; }
  .SplitPane.vertical > .Resizer { display: none; }
}`;
