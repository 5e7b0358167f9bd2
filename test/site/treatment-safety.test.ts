/** Every treatment answers, in English and in Spanish, what its common side effects are and who should not use it (issue 41). */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { projectRoot } from '../helpers.ts';

/** The questions that carry the two safety answers, as every treatment file words them. */
const safetyQuestions = {
  en: { sideEffects: /\bside effects\b/i, whoShouldNot: /^Who should not (take|use|have)\b/ },
  es: { sideEffects: /\befectos secundarios\b/i, whoShouldNot: /^¿Quién no debe (tomar|usar|recibir)\b/ },
};

let content: Content;
beforeAll(async () => {
  content = await loadContent(projectRoot);
});

/** The treatments whose questions lack a side-effects or a who-should-not question, each with what it lacks. */
function missingSafety(treatments: Content['treatments'], lang: 'en' | 'es'): string[] {
  const { sideEffects, whoShouldNot } = safetyQuestions[lang];
  const missing: string[] = [];
  for (const [id, treatment] of treatments) {
    const questions = treatment.faq.map((entry) => entry.question);
    const answered = (pattern: RegExp) => treatment.faq.some((e) => pattern.test(e.question) && e.answer.trim().length > 80);
    if (!answered(sideEffects)) missing.push(`${id}: no side-effects answer (questions: ${questions.join(' | ')})`);
    if (!answered(whoShouldNot)) missing.push(`${id}: no who-should-not answer (questions: ${questions.join(' | ')})`);
  }
  return missing;
}

describe('safety information on every treatment', () => {
  it('every English treatment answers its common side effects and who should not use it', () => {
    expect(content.treatments.size).toBeGreaterThan(0);
    expect(missingSafety(content.treatments, 'en')).toEqual([]);
  });

  it('every treatment has a Spanish translation in use, and it gives both answers in Spanish', () => {
    const spanish = content.spanish;
    expect(spanish).toBeDefined();
    const notInSpanish = [...content.treatments.keys()].filter((id) => {
      const file = `content/treatments/${id}.yaml`;
      const translation = spanish!.translations.find((t) => t.english === file);
      return !spanish!.translated.has(file) || !translation || translation.setAside;
    });
    expect(notInSpanish).toEqual([]);
    expect(missingSafety(spanish!.content.treatments, 'es')).toEqual([]);
  });
});
