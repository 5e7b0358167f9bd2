/**
 * Decap finds a preview by one name: a folder collection's name, or a single file's name. The Blog page (a file named
 * `blog`) and the articles (the collection `blog`) share one, and the last template registered under it served both: the
 * Blog page previewed as an article ("a second document" in its front matter). Each name here gets one template that
 * hands the entry to its own collection's preview.
 */
import { createElement, type FunctionComponent } from 'react';

/** The little of Decap's preview props this reads: the entry's collection. */
interface CollectionProps {
  collection: { get(key: string): unknown };
}

/** A preview template: what Decap calls with an entry. */
type Template<P> = (props: P) => unknown;


/** The template of the entry's own collection, as a component. */
function ownOf<P extends CollectionProps>(own: Map<string, Template<P>>, props: P): FunctionComponent<P> | undefined {
  return own.get(String(props.collection.get('name'))) as FunctionComponent<P> | undefined;
}

/** The preview of each name Decap looks up (a collection's or a file's), telling apart the collections that share it. */
export function previewsByName<P extends CollectionProps>(
  previews: readonly { name: string; collection: string; template: Template<P> }[],
): Map<string, Template<P>> {
  const byName = new Map<string, Map<string, Template<P>>>();
  for (const { name, collection, template } of previews) {
    const own = byName.get(name) ?? new Map<string, Template<P>>();
    own.set(collection, template);
    byName.set(name, own);
  }
  const templates = new Map<string, Template<P>>();
  for (const [name, own] of byName) {
    const [only] = own.values();
    if (own.size === 1) templates.set(name, only!);
    // Decap renders the template it finds as a component: one for the name, rendering the collection's own.
    else templates.set(name, (props: P) => createElement(ownOf(own, props) ?? (only as FunctionComponent<P>), props));
  }
  return templates;
}
