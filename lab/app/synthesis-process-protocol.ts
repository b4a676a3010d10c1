import type { SynthesisCall } from './lab-app';

/** What the synthesis process is asked: the app's module, what to give it, and where to write its assembly. */
export interface SynthesisRequest {
  /** The app's module (absolute path), imported once per process. */
  readonly module: string;
  readonly call: Omit<SynthesisCall, 'outdir'>;
  readonly outdir: string;
  /** The content of the files the app reads: bundles are reused while it is the same. */
  readonly inputsKey: string;
}

/** The synthesis process's one answer: done, or the app's error message. */
export type SynthesisAnswer = { readonly ok: true } | { readonly ok: false; readonly message: string };
