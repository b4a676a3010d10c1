/** The lab's CloudWatch Logs groups: created by `AWS::Logs::LogGroup`, with their retention. */
import type { LogGroupStore } from './resource-providers/log-group-provider';

/** Log groups by name. */
export class LogGroups implements LogGroupStore {
  readonly groups = new Map<string, { readonly retentionInDays: number | undefined; readonly createdAt: number }>();

  createGroup(name: string, retentionInDays: number | undefined): void {
    this.groups.set(name, { retentionInDays, createdAt: this.groups.get(name)?.createdAt ?? Date.now() });
  }

  deleteGroup(name: string): void {
    this.groups.delete(name);
  }
}
