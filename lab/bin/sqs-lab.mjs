#!/usr/bin/env node
// The lab package's command (lab/cli/serve.ts), run through tsx's loader as the lab's TypeScript
// runs everywhere else: `npx sqs-lab --app <dir>`.
import { register } from 'tsx/esm/api';

register();
await import('../cli/serve.ts');
