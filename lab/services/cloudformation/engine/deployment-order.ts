/** The order CloudFormation works through a template's resources in: what a resource needs comes first. */
import { TemplateError } from '../errors';
import { dependenciesOf, type Template } from './template';

/** Logical ids in an order where every resource comes after what it references or DependsOn. */
export function deploymentOrder(resources: Template['Resources']): string[] {
  const ids = new Set(Object.keys(resources));
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string, path: readonly string[]): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting')
      throw new TemplateError(`circular dependency between resources: ${[...path, id].join(' → ')}`);
    state.set(id, 'visiting');
    const resource = resources[id];
    if (resource !== undefined) {
      for (const dependency of [...dependenciesOf(resource, ids)].sort()) {
        if (!ids.has(dependency))
          throw new TemplateError(`${id} depends on ${dependency}, which is not a resource of the template`);
        visit(dependency, [...path, id]);
      }
    }
    state.set(id, 'done');
    ordered.push(id);
  };
  for (const id of Object.keys(resources)) visit(id, []);
  return ordered;
}
