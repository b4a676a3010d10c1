import { describe, expect, it } from 'vitest';
import { experimentCommands, missingFrom, shellCommands } from './fenced-commands';

const fence = '```';

describe('shellCommands', () => {
  it('takes commands from sh/bash fences only, joins continuations, drops comments and extra spaces', () => {
    const markdown = [
      `${fence}sh`,
      'npm install && npm start   # set up',
      '# a whole-line comment',
      'aws sqs get-queue-attributes --queue-url "$(jq -r \'.A\' f.json)" \\',
      '  --attribute-names   ApproximateNumberOfMessages    # 3 after about 20 s',
      fence,
      `${fence}text`,
      'npm run experiment -- not-a-command',
      fence,
      `${fence}bash`,
      'curl -d \'{"id":"a#b"}\' "${API}enqueue"',
      fence,
    ].join('\n');

    expect(shellCommands(markdown)).toEqual([
      'npm install && npm start',
      'aws sqs get-queue-attributes --queue-url "$(jq -r \'.A\' f.json)" --attribute-names ApproximateNumberOfMessages',
      'curl -d \'{"id":"a#b"}\' "${API}enqueue"',
    ]);
  });
});

describe('missingFrom', () => {
  it('lists each command of the first list the second lacks, once', () => {
    expect(missingFrom(['a', 'b', 'b', 'c'], ['a'])).toEqual(['b', 'c']);
  });
});

describe('experimentCommands', () => {
  it('reads the name and the target of each npm run experiment line', () => {
    expect(
      experimentCommands([
        'npm run experiment -- heartbeat',
        'npm run experiment -- partial-batch --target aws',
        'npm test',
      ]),
    ).toEqual([
      { command: 'npm run experiment -- heartbeat', name: 'heartbeat', target: 'local' },
      { command: 'npm run experiment -- partial-batch --target aws', name: 'partial-batch', target: 'aws' },
    ]);
  });
});
