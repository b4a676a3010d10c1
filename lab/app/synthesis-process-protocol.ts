import type { AppSource } from './app-source';

/** What the synthesis process is asked: the app to synthesize and where to write its assembly. */
export interface SynthesisRequest {
  readonly source: AppSource;
  readonly outdir: string;
  /** The content of the files the app reads (bin/, lib/, lambda/, …): bundles are reused while it is the same. */
  readonly inputsKey: string;
}

/** The synthesis process's one answer: done, or the app's error message. */
export type SynthesisAnswer = { readonly ok: true } | { readonly ok: false; readonly message: string };
