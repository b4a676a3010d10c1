/**
 * What the lab's ECR keeps: the repositories' names. The lab has no container registry and runs
 * no image, so a repository is its name (its ARN and URI are made from it).
 */

/** The repositories of one lab, by name. */
export class EcrState {
  readonly repositories = new Set<string>();
}
