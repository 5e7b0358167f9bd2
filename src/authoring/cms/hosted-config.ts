/**
 * The hosted editor's configuration (`build --editor`): Decap's editorial workflow, so that a change is a branch and a
 * pull request the host builds as a deploy preview, and goes live only when she publishes it from the Workflow tab.
 */
import { cmsConfig, type CmsBackend, type CmsConfig } from '../cms-config.ts';

/** The host's editor: the GitHub repository (OWNER/NAME) and branch it publishes to, and the deploy preview's status name. */
export interface HostedEditor {
  repo: string;
  branch: string;
  /** The exact name (context) of the host's deploy-preview commit status, when it does not contain "deploy". */
  previewContext?: string;
}

/** What the editor says of the site: its name, where it is published, and the clinic's mark if the site has one. */
export interface EditedSite {
  name: string;
  baseUrl: string;
  /** The address of the clinic's mark on the site (/favicon.svg), shown on the login page. */
  logo?: string;
}

/** The GitHub backend of the hosted editor, with the deploy preview's status name when one is given. */
export function gitHubBackend(editor: HostedEditor): CmsBackend {
  const { repo, branch, previewContext } = editor;
  return { name: 'github', repo, branch, ...(previewContext ? { preview_context: previewContext } : {}) };
}

/**
 * Decap's configuration for the host: the editorial workflow, links to the deploy preview of each change and to the
 * page on the site, and the clinic's mark on the login page. `backend` replaces GitHub in browser tests only.
 */
export function hostedConfig(editor: HostedEditor, site: EditedSite, backend: CmsBackend = gitHubBackend(editor)): CmsConfig {
  return {
    ...cmsConfig(backend, site.baseUrl),
    publish_mode: 'editorial_workflow',
    show_preview_links: true,
    ...(site.logo ? { logo: { src: site.logo, show_in_header: false } } : {}),
  };
}
