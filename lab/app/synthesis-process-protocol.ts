import type { AppSource } from './app-source';

/** What the synthesis process is asked: the app to synthesize and where to write its assembly. */
export interface SynthesisRequest {
  readonly source: AppSource;
  readonly outdir: string;
}

/** The synthesis process's one answer: done, or the app's error message. */
export type SynthesisAnswer = { readonly ok: true } | { readonly ok: false; readonly message: string };
