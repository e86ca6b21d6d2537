// nlp.js ships no types; these cover the part the offline provider uses.
declare module '@nlpjs/nlp' {
  export interface NlpResult {
    intent: string;
    score: number;
    classifications?: { intent: string; score: number }[];
  }
  export class Nlp {
    constructor(settings?: Record<string, unknown>);
    use(plugin: unknown): void;
    addLanguage(locale: string): void;
    addDocument(locale: string, utterance: string, intent: string): void;
    train(): Promise<unknown>;
    process(locale: string, utterance: string): Promise<NlpResult>;
  }
}

declare module '@nlpjs/lang-en' {
  export const LangEn: unknown;
}
