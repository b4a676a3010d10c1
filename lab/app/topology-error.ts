/** Raised when a lab is asked for a stack it does not serve, or a topology is inconsistent. */
export class TopologyError extends Error {
  override readonly name = 'TopologyError';
}
