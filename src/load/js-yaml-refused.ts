/**
 * Stands in for js-yaml in the compiled generator (scripts/compile.mjs aliases it). gray-matter
 * requires js-yaml for its default YAML engine, which every call replaces with ours
 * (load/article.ts), and js-yaml loads esprima (280 KB, about 7 ms of every start) for a YAML type
 * no front matter may use. Whatever reaches this refuses, as the other engines do.
 */
const refuse = (): never => {
  throw new Error('only the yaml package reads front matter in clinic-site');
};

export const safeLoad = refuse;
export const safeDump = refuse;
