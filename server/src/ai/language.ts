import { eld } from 'eld/extrasmall';

/** The language the offline model understands (its corpus and stemmer). */
const MODEL_LANGUAGE = 'en';

/** Fewer letters than this tell too little to name a language ("ok", "nope", "👍"). */
const MIN_LETTERS = 12;

const names = new Intl.DisplayNames(['en'], { type: 'language' });

export interface DetectedLanguage {
  /** ISO 639-1 code. */
  code: string;
  /** English name, e.g. "German". */
  name: string;
}

/**
 * The language of a lead's answer when it is clearly not the model's, detected with eld, an n-gram
 * language detector (its smallest database: about 100 MB less memory than the medium one, and as
 * right on our answers); null for the model's language and for texts too short or too mixed to
 * tell. A text where the model's language scores close to the best counts as the model's (English
 * with a foreign name or greeting in it).
 */
export function foreignLanguage(text: string): DetectedLanguage | null {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) return null;
  const result = eld.detect(text);
  const code = result.language;
  if (!code || code === MODEL_LANGUAGE || !result.isReliable()) return null;
  const scores = result.getScores() as Record<string, number>;
  const best = scores[code] ?? 0;
  const model = scores[MODEL_LANGUAGE] ?? 0;
  if (model >= best * 0.9) return null;
  return { code, name: names.of(code) ?? code };
}
