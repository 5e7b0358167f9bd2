/** The placeholder text `new article` and `new treatment` write: a page that still holds any of it is not published. */

/** Sentences of the `new article` scaffold's body and front matter. */
export const articlePlaceholders = [
  'TODO',
  'One or two sentences that make a reader want to open the article.',
  'Open with the question or problem your reader has',
  'Explain one idea per section.',
  'A list works well for symptoms, steps or options',
  'Close with a practical next step',
] as const;

/** Texts of the `new treatment` scaffold. */
export const treatmentPlaceholders = [
  'TODO',
  'Two to four plain sentences for patients',
  'The typical dose, stated as typical.',
  'A condition or goal it may help with',
  'Another one',
  'A short, careful answer',
] as const;
