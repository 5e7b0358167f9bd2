/** Deterministic blog articles for the benchmark: same seed and count, same bytes, on any machine. */

/** A small seeded PRNG (mulberry32): returns floats in [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = `health body sleep energy hormone thyroid balance metabolism muscle strength recovery stress
cortisol insulin glucose blood pressure heart brain focus mood anxiety calm nutrition protein fibre
vegetables water hydration movement walking training habit routine morning evening week month year
clinic provider patient visit plan lab panel result marker range vitamin mineral iron magnesium zinc
omega inflammation gut digestion immune defence season weight fat lean mass scan measure progress goal
therapy dose support rhythm cycle women men age change symptom fatigue rest breath mindful practice
simple small steady careful gentle clear honest useful common early late often daily regular better
track notice choose adjust review discuss explain test repeat improve build keep start stop reduce
family work travel food meal breakfast lunch dinner snack coffee tea sugar salt light screen night
question answer reason evidence study research guideline option risk benefit cost time care team`.split(/\s+/);
const categories = ['Hormone Health', 'Metabolic Health', 'Sleep', 'Nutrition', 'Mental Wellness', 'Longevity'];
const authors = ['Dr. Jane Example, DNP, FNP-C', 'Sam Example, RD', 'Alex Example, PA-C', 'Dr. Lee Example, MD'];
const sitePaths = ['/process', '/blog', '/'];

/** A generated article: its slug, the text of `SLUG.md`, and its front matter. */
export function generateArticles(count, seed = 20241) {
  const articles = [];
  // Dates go back from a fixed day, one to three days apart, so every article is in the past.
  let day = Date.UTC(2026, 5, 1);
  for (let i = 0; i < count; i++) {
    const random = prng(seed * 100003 + i);
    const pick = (list) => list[Math.floor(random() * list.length)];
    const phrase = (min, max) => Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () => pick(words)).join(' ');
    const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
    const sentence = () => {
      let s = phrase(6, 14);
      const r = random();
      if (r < 0.15) s = s.replace(/(\S+ \S+)$/, '**$1**');
      else if (r < 0.3) s = s.replace(/^(\S+ )(\S+)/, '$1*$2*');
      else if (r < 0.42) s = s.replace(/(\S+ \S+ \S+)$/, (m) => `[${m}](${link()})`);
      return `${capital(s)}.`;
    };
    // Internal links point at pages that exist in every tool's output: earlier articles or fixed pages.
    const link = () => {
      const r = random();
      if (r < 0.45 && i > 0) return `/blog/${slugOf(Math.floor(random() * i), seed)}/`;
      if (r < 0.65) return pick(sitePaths);
      return `https://example.org/${pick(words)}/${pick(words)}`;
    };
    const paragraph = () => Array.from({ length: 3 + Math.floor(random() * 3) }, sentence).join(' ');
    const list = (ordered) => Array.from({ length: 3 + Math.floor(random() * 3) }, (_, k) => `${ordered ? `${k + 1}.` : '-'} ${capital(phrase(5, 11))}${random() < 0.3 ? ` *${pick(words)}*` : ''}.`).join('\n');

    const blocks = [paragraph()];
    let section = 0;
    while (countWords(blocks.join('\n')) < 690) {
      section++;
      blocks.push(`## ${capital(phrase(2, 5))}`, paragraph());
      if (section % 2 === 1) blocks.push(list(section % 4 === 3));
      if (random() < 0.5) blocks.push(paragraph());
    }
    const body = `${blocks.join('\n\n')}\n`;
    const publishDate = new Date(day).toISOString().slice(0, 10);
    day -= 86400000 * (1 + Math.floor(random() * 3));
    const title = `${capital(phrase(3, 7))} ${i + 1}`;
    const front = [
      '---',
      `title: ${JSON.stringify(title)}`,
      `excerpt: ${JSON.stringify(`${capital(phrase(12, 20))}.`)}`,
      `author: ${pick(authors)}`,
      `publishDate: ${publishDate}`,
      `category: ${pick(categories)}`,
      ...(random() < 0.5 ? [`readTime: ${Math.max(1, Math.round(countWords(body) / 220))} min read`] : []),
      '---',
    ].join('\n');
    const slug = slugOf(i, seed);
    articles.push({ slug, file: `${slug}.md`, text: `${front}\n${body}`, title, publishDate, words: countWords(body) });
  }
  return articles;
}

/** The slug of article `i`: stable, sortable, readable. */
export function slugOf(i, seed = 20241) {
  const random = prng(seed * 7919 + i);
  const a = words[Math.floor(random() * words.length)];
  const b = words[Math.floor(random() * words.length)];
  return `article-${String(i + 1).padStart(5, '0')}-${a}-${b}`;
}

/** The text of an article after an author's edit number `k`: one sentence of the first paragraph changes. */
export function editArticle(text, k) {
  const marker = '\n---\n';
  const end = text.indexOf(marker, 4) + marker.length;
  return `${text.slice(0, end)}Edit ${k}: this sentence changed to measure a rebuild. ${text.slice(end)}`;
}

function countWords(markdown) {
  return markdown.replace(/[#>*_`[\]()-]/g, ' ').split(/\s+/).filter(Boolean).length;
}
