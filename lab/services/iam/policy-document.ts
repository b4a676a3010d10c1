/** An IAM policy document, as templates render it. */
export interface PolicyDocument {
  readonly Version?: string;
  readonly Statement: readonly Readonly<Record<string, unknown>>[] | Readonly<Record<string, unknown>>;
}
