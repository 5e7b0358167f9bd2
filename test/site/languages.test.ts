/** The site in English and Spanish (issue 28): a whole build of the real content, checked with cheerio. */
import { load, type CheerioAPI } from 'cheerio';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../src/build.ts';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { projectRoot } from '../helpers.ts';
import { realSite } from '../real-site.ts';

let out: string;
let result: BuildResult;
let content: Content;
const pages = new Map<string, CheerioAPI>();

beforeAll(async () => {
  ({ out, result } = await realSite());
  content = await loadContent(projectRoot);
  for (const file of result.files.filter((f) => f.endsWith('.html'))) pages.set(file, load(await readFile(join(out, file), 'utf8')));
});

const base = 'https://www.example.com';
/** The output file of a page address (`https://…/es/process/` → es/process/index.html). */
const fileOf = (url: string) => `${url.slice(base.length + 1)}index.html`;
const english = () => [...pages.keys()].filter((f) => !f.startsWith('es/') && !f.endsWith('404.html'));
const spanish = () => [...pages.keys()].filter((f) => f.startsWith('es/') && !f.endsWith('404.html'));

describe('the site in two languages', () => {
  it('should publish the Spanish pages the issue names under /es/, in Spanish', () => {
    const wanted = ['', 'process/', 'memberships/', 'lab-sales/', 'inbody-analysis/', 'blog/', 'language-assistance/', 'blog/why-we-started/', 'blog/burnout-and-energy/'];
    for (const service of content.services) wanted.push(`services/${service.pillar}/${service.id}/`);
    for (const path of wanted) expect(pages.get(`es/${path}index.html`)?.('html').attr('lang'), path).toBe('es');
    expect(pages.get('es/404.html')?.('h1').text()).toBe('404 Página no encontrada');
    expect(pages.get('es/index.html')!('h1').first().text()).toBe('Atención integrativa para la mente, el cuerpo y el bienestar');
    // Every treatment a home pillar lists has its Spanish page.
    const listed = new Set(content.home.services.pillars.flatMap((p) => p.categories.flatMap((c) => c.treatments)));
    for (const id of listed) expect(pages.has(`es/treatments/${id}/index.html`), id).toBe(true);
  });

  it('should pair every page that has a translation with reciprocal hreflang links and x-default on the English one', () => {
    let pairs = 0;
    for (const file of english()) {
      const $ = pages.get(file)!;
      const links = $('link[rel="alternate"][hreflang]').map((_, el) => [[$(el).attr('hreflang')!, $(el).attr('href')!]]).get() as unknown as [string, string][];
      if (links.length === 0) continue;
      pairs++;
      const byLang = Object.fromEntries(links);
      const own = $('link[rel="canonical"]').attr('href')!;
      expect(byLang, file).toEqual({ en: own, es: expect.stringMatching(/^https:\/\/www\.example\.com\/es\//), 'x-default': own });
      const twin = pages.get(fileOf(byLang.es!));
      expect(twin, `${file} → ${byLang.es}`).toBeDefined();
      expect(twin!('html').attr('lang')).toBe('es');
      const back = Object.fromEntries(twin!('link[rel="alternate"][hreflang]').map((_, el) => [[twin!(el).attr('hreflang')!, twin!(el).attr('href')!]]).get() as unknown as [string, string][]);
      expect(back, byLang.es).toEqual(byLang);
    }
    expect(pairs).toBe(spanish().length);
  });

  it('should lead the language switcher of every page to the page itself in the other language, or the nearest one it has', () => {
    for (const file of [...pages.keys()]) {
      const $ = pages.get(file)!;
      const switcher = $('.header-actions .language-switch');
      const href = switcher.attr('href')!;
      const lang = file.startsWith('es/') ? 'en' : 'es';
      expect(switcher.attr('hreflang'), file).toBe(lang);
      expect(switcher.attr('lang'), file).toBe(lang);
      const target = href === '/' ? 'index.html' : `${href.replace(/^\//, '').replace(/\/?$/, '/')}index.html`;
      expect(pages.has(target), `${file} switches to ${href}`).toBe(true);
      const alternate = $(`link[hreflang="${lang}"]`).attr('href');
      if (alternate) expect(`${base}${href.replace(/\/?$/, '/')}`, file).toBe(alternate);
    }
    // A page in English only (a legal page, a category) leads to the nearest Spanish page.
    expect(pages.get('legal/privacy-policy/index.html')!('.header-actions .language-switch').attr('href')).toBe('/es/');
    expect(pages.get('blog/category/womens-health/index.html')!('.header-actions .language-switch').attr('href')).toBe('/es/blog');
  });

  it('should show Spanish interface strings, dates and labels on Spanish pages, and keep the facts of the English file', () => {
    const $ = pages.get('es/blog/why-we-started/index.html')!;
    expect($('.skip-link').text()).toBe('Saltar al contenido');
    expect($('time').first().text()).toBe('20 de mayo de 2024');
    expect($('.menu-button').attr('aria-label')).toBe('Abrir el menú');
    const treatment = pages.get('es/treatments/testosterone-optimization/index.html')!;
    expect(treatment.text()).toContain('100-200 mg');
    expect(treatment('h1').text()).toBe('Optimización de la testosterona');
    const inbody = pages.get('es/inbody-analysis/index.html')!.text();
    for (const price of ['$25', '$10', '$30', 'Ahorre $5']) expect(inbody).toContain(price);
    // The same booking links and the same phone number as the English page.
    const externalOf = ($$: CheerioAPI) => $$('a[target="_blank"]').map((_, el) => $$(el).attr('href')).get().sort();
    expect(externalOf(pages.get('es/services/brain/anxiety/index.html')!)).toEqual(externalOf(pages.get('services/brain/anxiety/index.html')!));
    expect(pages.get('es/index.html')!('a[href^="tel:"]').first().attr('href')).toBe(pages.get('index.html')!('a[href^="tel:"]').first().attr('href'));
  });

  it('should lead the links of Spanish pages to Spanish pages wherever there is one, and mark the English-only ones', () => {
    const $ = pages.get('es/index.html')!;
    // The language switcher's links (hreflang en) lead to English on purpose.
    const internal = $('a[href^="/"]:not([hreflang])').map((_, el) => $(el).attr('href')!).get();
    for (const href of internal.filter((h) => !h.startsWith('/es/'))) {
      // Only pages Spanish does not have: the legal pages, which are in English.
      expect(href, href).toMatch(/^\/legal\//);
    }
    expect($('.footer-legal a[href^="/legal/"]').first().text()).toMatch(/\(en inglés\)$/);
    expect($('a[href="/es/#about"]').length).toBeGreaterThan(0);
    expect($('a[href="/es/process"]').length).toBeGreaterThan(0);
    // A Spanish article's own links are written as the English addresses and lead to the Spanish pages.
    const article = pages.get('es/blog/why-we-started/index.html')!;
    expect(article('.prose a[href="/es/process"]').length).toBe(1);
    expect(article('.prose a[href="/es/#contact"]').length).toBe(1);
  });

  it('should list both languages in the sitemap with xhtml:link alternates', async () => {
    const xml = await readFile(join(out, 'sitemap.xml'), 'utf8');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(
      `<url><loc>${base}/es/process/</loc><xhtml:link rel="alternate" hreflang="en" href="${base}/process/"/><xhtml:link rel="alternate" hreflang="es" href="${base}/es/process/"/><xhtml:link rel="alternate" hreflang="x-default" href="${base}/process/"/></url>`,
    );
    expect(xml).toContain(`<url><loc>${base}/legal/privacy-policy/</loc></url>`);
  });

  it('should publish a feed per language, linked from the pages of that language', async () => {
    const feed = await readFile(join(out, 'es/feed.xml'), 'utf8');
    expect(feed).toContain('<language>es-us</language>');
    expect(feed).toContain(`<link>${base}/es/blog/why-we-started/</link>`);
    expect(feed).not.toContain('/blog/hrt-glow-up/');
    expect(pages.get('es/process/index.html')!('link[type="application/rss+xml"]').attr('href')).toBe('/es/feed.xml');
    expect(await readFile(join(out, 'feed.xml'), 'utf8')).toContain('<language>en-us</language>');
  });

  it('should say in the structured data which language each medical page is in', () => {
    const languageOf = (file: string, type: string) => {
      const $ = pages.get(file)!;
      const data = $('script[type="application/ld+json"]').map((_, el) => JSON.parse($(el).text()) as { '@type': string; inLanguage?: string }).get() as { '@type': string; inLanguage?: string }[];
      return data.find((d) => d['@type'] === type)?.inLanguage;
    };
    expect(languageOf('es/blog/why-we-started/index.html', 'BlogPosting')).toBe('es');
    expect(languageOf('blog/why-we-started/index.html', 'BlogPosting')).toBe('en');
    expect(languageOf('es/services/brain/mood/index.html', 'MedicalWebPage')).toBe('es');
  });
});

describe('the blog categories in Spanish (issue 38)', () => {
  // Spanish category pages keep the English slugs (/es/blog/category/practice-philosophy/): articles give the English name.
  const spanishCategories = () => spanish().filter((f) => f.startsWith('es/blog/category/'));

  it('should publish a Spanish page, at the English slug, for each category of a translated article, with its Spanish name', () => {
    const names = new Map([['practice-philosophy', 'Nuestra filosofía'], ['metabolic-health', 'Salud metabólica']]);
    expect(spanishCategories().sort()).toEqual([...names.keys()].map((slug) => `es/blog/category/${slug}/index.html`).sort());
    for (const [slug, name] of names) {
      const $ = pages.get(`es/blog/category/${slug}/index.html`)!;
      expect($('html').attr('lang'), slug).toBe('es');
      expect($('h1').text(), slug).toBe(name);
      expect($('title').text(), slug).toContain(name);
      expect($('meta[name="description"]').attr('content'), slug).toBe(`Todos los artículos sobre ${name} de nuestros proveedores, del más reciente al más antiguo.`);
    }
  });

  it('should pair each Spanish category page with its English one by hreflang, both ways', () => {
    expect(spanishCategories().length).toBeGreaterThan(0);
    for (const file of spanishCategories()) {
      const path = file.slice('es'.length, -'index.html'.length);
      const hreflang = (page: CheerioAPI) =>
        Object.fromEntries(page('link[rel="alternate"][hreflang]').map((_, el) => [[page(el).attr('hreflang')!, page(el).attr('href')!]]).get());
      const both = { en: `${base}${path}`, es: `${base}/es${path}`, 'x-default': `${base}${path}` };
      expect(hreflang(pages.get(file)!), file).toEqual(both);
      expect(hreflang(pages.get(file.slice('es/'.length))!), file).toEqual(both);
    }
  });

  it("should link a Spanish article's badge to the Spanish category page, named in Spanish", () => {
    const $ = pages.get('es/blog/why-we-started/index.html')!;
    const badge = $('main .category-badge').first();
    expect(badge.attr('href')).toBe('/es/blog/category/practice-philosophy/');
    expect(badge.text()).toBe('Nuestra filosofía');
    const index = pages.get('es/blog/index.html')!;
    const hrefs = index('.category-badge[href]').map((_, el) => index(el).attr('href')!).get();
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/es\/blog\/category\/[a-z-]+\/$/);
  });

  it('should list the Spanish category pages in the sitemap', async () => {
    const xml = await readFile(join(out, 'sitemap.xml'), 'utf8');
    expect(spanishCategories().length).toBeGreaterThan(0);
    for (const file of spanishCategories()) expect(xml).toContain(`<loc>${base}/${file.slice(0, -'index.html'.length)}</loc>`);
  });
});

describe('the language assistance notice', () => {
  it('should be linked from every footer and from both home pages', () => {
    for (const [file, $] of pages) {
      const href = file.startsWith('es/') ? '/es/language-assistance' : '/language-assistance';
      expect($(`.site-footer a[href="${href}"]`).length, file).toBe(1);
    }
    expect(pages.get('index.html')!('main a[href="/language-assistance"]').length).toBe(1);
    expect(pages.get('es/index.html')!('main a[href="/es/language-assistance"]').length).toBe(1);
  });

  it('should give the notice and the 15 taglines of HHS for Texas, each in its own language and direction, with the phone of site.yaml', () => {
    for (const file of ['language-assistance/index.html', 'es/language-assistance/index.html']) {
      const $ = pages.get(file)!;
      const taglines = $('.taglines li');
      expect(taglines.length).toBe(15);
      const langs = taglines.map((_, el) => $(el).attr('lang')).get();
      expect(new Set(langs).size).toBe(15);
      expect([$('html').attr('lang'), ...langs].filter((l) => l !== 'es' || file.startsWith('es/')).length).toBeGreaterThanOrEqual(15);
      for (const el of taglines.toArray()) {
        const lang = $(el).attr('lang')!;
        expect($(el).attr('dir'), lang).toBe(['ar', 'ur', 'fa'].includes(lang) ? 'rtl' : 'ltr');
        expect($(el).find('bdi[dir="ltr"] a[href^="tel:"]').text().replace(/\u00a0/g, ' ').replace(/\u2011/g, '-'), lang).toBe(content.site.phone);
      }
      expect($('.notice-ask a[href^="tel:"]').length).toBe(1);
    }
    expect(pages.get('language-assistance/index.html')!('h1').text()).toBe('Language Assistance');
    expect(pages.get('es/language-assistance/index.html')!('h1').text()).toBe('Asistencia lingüística');
  });

  it('should offer free auxiliary aids in the words of HHS\'s 2024 sample notice, and a TTY line, in English and Spanish', () => {
    const aids = {
      'language-assistance/index.html': 'We provide free auxiliary aids and services to people with disabilities to communicate effectively with us, '
        + 'such as qualified sign language interpreters and written information in other formats (large print, audio, '
        + 'accessible electronic formats, other formats).',
      'es/language-assistance/index.html': 'Proporcionamos ayudas y servicios auxiliares gratuitos a las personas con discapacidad para que se '
        + 'comuniquen eficazmente con nosotros, como intérpretes calificados de lenguaje de señas e información escrita en otros '
        + 'formatos (letra grande, audio, formatos electrónicos accesibles, otros formatos).',
    };
    for (const [file, sentence] of Object.entries(aids)) {
      const $ = pages.get(file)!;
      const paragraphs = $('main p').map((_, el) => $(el).text().replace(/\s+/g, ' ').trim()).get();
      expect(paragraphs, file).toContain(sentence);
      expect(paragraphs, file).toContain('TTY: 711');
    }
  });

  it('should call language assistance "asistencia lingüística" only, on the Spanish notice, with no heading repeating its title', () => {
    const $ = pages.get('es/language-assistance/index.html')!;
    const words = $('body').text().replace(/\s+/g, ' ');
    expect(words).toMatch(/asistencia lingüística/i);
    expect(words).not.toMatch(/ayuda (gratuita )?con el idioma|asistencia con el idioma/i);
    for (const file of ['language-assistance/index.html', 'es/language-assistance/index.html']) {
      const page = pages.get(file)!;
      const title = page('h1').text().toLowerCase();
      const headings = page('main h2, main h3').map((_, el) => page(el).text().toLowerCase()).get();
      expect(headings.filter((heading) => heading.includes(title)), file).toEqual([]);
    }
  });

  it('should have Netlify answer unknown addresses under /es/ with the Spanish not-found page', async () => {
    const lines = (await readFile(join(out, '_redirects'), 'utf8')).split('\n');
    expect(lines).toContain('/es/* /es/404.html 404');
    expect(pages.get('es/404.html')!('html').attr('lang')).toBe('es');
    // After the redirects of old addresses, which come first.
    expect(lines.indexOf('/es/* /es/404.html 404')).toBe(lines.filter((l) => l.trim()).length - 1);
  });

  it('should not write a page for a language the site does not publish', () => {
    expect(existsSync(join(out, 'vi'))).toBe(false);
  });
});

/** The sentence 988 asks Spanish speakers to follow: its Spanish line is reached by pressing 2, or by texting AYUDA. */
const spanishLine = 'Para hablar en español, llame al 988 y oprima el 2, o envíe AYUDA por mensaje de texto al 988.';

describe('the crisis line in Spanish (issue 38)', () => {
  it('should tell Spanish readers to press 2 or text AYUDA, wherever a Spanish page names the 988 line', () => {
    const boxes = ['es/services/brain/anxiety/index.html', 'es/services/brain/mood/index.html'];
    for (const file of boxes) {
      const $ = pages.get(file)!;
      expect($('[data-crisis-line]').length, file).toBe(2);
      $('[data-crisis-line]').each((_, box) => {
        expect($(box).text(), file).toContain(spanishLine);
        // The English says "are in emotional distress", not "strong" distress.
        expect($(box).text(), file).toContain('siente angustia emocional,');
        expect($(box).find('a[href^="sms:"]').attr('href'), file).toBe('sms:988?body=AYUDA');
      });
    }
    // The English box texts 988 with no word of its own.
    expect(pages.get('services/brain/anxiety/index.html')!('[data-crisis-line] a[href^="sms:"]').first().attr('href')).toBe('sms:988');
    expect(pages.get('es/treatments/ssri/index.html')!.text()).toContain(spanishLine);
    expect(pages.get('es/blog/burnout-and-energy/index.html')!('.prose').text()).toContain(spanishLine);
  });
});

describe('the meaning of the Spanish pages (issue 38)', () => {
  it('should give the age ranges of the English (40-59, 30-49), not narrower ones', () => {
    expect(pages.get('es/treatments/bioidentical-hrt/index.html')!.text()).toContain('entre los 40 y los 59 años');
    expect(pages.get('es/memberships/index.html')!.text()).toContain('entre los 30 y los 49 años');
    expect(pages.get('es/memberships/index.html')!.text()).not.toContain('entre los treinta y los cuarenta');
  });

  it('should book the Diagnostic Experience, never promise a diagnosis, and name the signs of PCOS as physical signs', () => {
    for (const file of ['es/services/body/mens-health/index.html', 'es/services/body/womens-health/index.html', 'es/process/index.html']) {
      const text = pages.get(file)!.text();
      expect(text, file).toContain('Experiencia Diagnóstica');
      expect(text, file).not.toContain('Reserve su diagnóstico');
    }
    expect(pages.get('es/services/body/womens-health/index.html')!.text()).toContain('signos físicos o análisis');
  });

  it('should not ask a Spanish visitor about the router on the not-found page, and offer the way home and search', () => {
    const $ = pages.get('es/404.html')!;
    expect($('.lead').text()).toBe('La página que busca no existe o cambió de lugar. Vuelva al inicio o busque en el sitio.');
    expect($('.not-found-ways a[href="/es/"]').text()).toBe('Volver al inicio');
    expect($('.not-found-ways a[href="/es/search"]').text()).toBe('Buscar en el sitio');
    // The English page keeps the SPEC's question.
    expect(pages.get('404.html')!('.lead').text()).toContain('Did you forget to add the page to the router?');
  });
});

describe('the house style of the Spanish pages (issue 38)', () => {
  /** Words the glossary of docs/content.md replaces, each with why. */
  const replaced = [
    'Reserve en línea', 'Reserve su consulta', 'Programe una consulta', 'Haga su cita ahora', 'Hacer cita', 'Comience su consulta',
    'condición', 'condiciones', 'Condiciones', 'admisión', 'Apoyo autoinmune', 'certificada por la junta', 'inflamación abdominal',
    'péptidos compuestos', 'fuera de lo indicado', 'Cabello débil', 'usted es escuchado', 'Reserve su diagnóstico', 'señas',
    'entre 35 y 55', '35-55 años', 'estudios de composición',
  ];

  it('should use the words of the glossary on every Spanish page, not the ones it replaces', () => {
    for (const file of [...spanish(), 'es/404.html']) {
      // "señas" stays in sign language ("lenguaje de señas", the notice's interpreters): the glossary replaces it for clinical signs.
      const text = pages.get(file)!('body').text().replaceAll('lenguaje de señas', '');
      for (const word of replaced) expect(text.includes(word), `${file}: ${word}`).toBe(false);
    }
    const home = pages.get('es/index.html')!;
    expect(home('body').text()).toContain('El bienestar empieza cuando lo escuchan.');
    expect(home('body').text()).toContain('Enfermera practicante de familia con certificación nacional (FNP-C).');
    expect(home('body').text()).toContain('hombres y mujeres de 35 a 55 años');
    expect(pages.get('es/services/well/immune-support/index.html')!('body').text()).toContain('Apoyo para enfermedades autoinmunes');
  });

  it('should book with one verb on every Spanish booking button', () => {
    const $ = pages.get('es/services/brain/anxiety/index.html')!;
    // The patient portal is no booking.
    const labels = new Set($('main a[target="_blank"].button').map((_, el) => $(el).text().trim()).get());
    expect([...labels].every((l) => l.startsWith('Haga su cita')), [...labels].join(' | ')).toBe(true);
    const inbody = pages.get('es/inbody-analysis/index.html')!;
    expect(inbody('a[data-event="inbody_schedule_click"]').first().text()).toMatch(/^Haga su cita/);
  });
});

describe('no English on a Spanish page (issue 38)', () => {
  it('should head the questions of every Spanish service page in Spanish', () => {
    for (const service of content.services) {
      const $ = pages.get(`es/services/${service.pillar}/${service.id}/index.html`)!;
      expect($('main').text().toLowerCase(), service.id).not.toContain('frequently asked questions');
      expect($('.treatment-card-faq h4').first().text(), service.id).toBe('Preguntas frecuentes');
    }
  });

  it('should name the three programs in Spanish on Spanish pages, and keep the SPEC names on English ones', () => {
    const names = ['The Brain Reset', 'The Body Balance', 'The Longevity + Wellness Plan'];
    for (const file of spanish()) for (const name of names) expect(pages.get(file)!('body').text().includes(name), `${file}: ${name}`).toBe(false);
    expect(pages.get('es/services/brain/anxiety/index.html')!('.eyebrow').first().text()).toBe('Reinicio Mental');
    expect(pages.get('services/brain/anxiety/index.html')!('.eyebrow').first().text()).toBe('The Brain Reset');
  });

  it('should write the office hours as each language writes times, from the same facts', () => {
    const hours = (file: string) => pages.get(file)!('.hours-row').first().text();
    expect(hours('es/index.html')).toBe('Lunes a viernes10:00 a. m. a 5:00 p. m.');
    expect(hours('index.html')).toBe('Monday to Friday10:00 AM to 5:00 PM');
    expect(pages.get('es/index.html')!('.hours time').first().attr('datetime')).toBe('10:00');
  });

  it('should say "(en inglés)" on each Spanish link to an outside service in English (booking, intake, portal, lab store), and not in English', () => {
    const services = Object.values(content.site.links).map((url) => url.split('?')[0]!);
    const toService = ($: CheerioAPI) => $('a[target="_blank"]').filter((_, a) => services.includes($(a).attr('href')!.split('?')[0]!));
    for (const file of ['es/index.html', 'es/lab-sales/index.html', 'es/inbody-analysis/index.html', 'es/services/brain/anxiety/index.html']) {
      const $ = pages.get(file)!;
      expect(toService($).length, file).toBeGreaterThan(0);
      toService($).each((_, a) => {
        expect($(a).find('.in-english').text(), `${file}: ${$(a).attr('href')}`).toBe(' (en inglés)');
        expect($(a).attr('hreflang'), file).toBe('en');
      });
      // The map and the social links are not such services.
      expect($('a[target="_blank"]').length, file).toBeGreaterThanOrEqual(toService($).length);
    }
    expect(pages.get('index.html')!('a .in-english').length).toBe(0);
  });

  it('should label the founder\'s drawing in the page\'s language as page text, not in the picture', () => {
    expect(pages.get('es/index.html')!('.founder-portrait .portrait-badge').text()).toBe('Ilustración');
    expect(pages.get('index.html')!('.founder-portrait .portrait-badge').text()).toBe('Illustration');
  });
});
