import { describe, expect, it } from 'vitest';
import { LoupeError } from '../../../../shared/errors';
import { splitCommandLine } from './command-line';

describe('splitCommandLine', () => {
  it.each([
    ['my-agent', ['my-agent']],
    ['  my-agent   --flag\tvalue  ', ['my-agent', '--flag', 'value']],
    [`agent 'two words' "three more words"`, ['agent', 'two words', 'three more words']],
    [`agent '' ""`, ['agent', '', '']],
    [`agent pre'quoted'post "a"'b'c`, ['agent', 'prequotedpost', 'abc']],
    [`agent 'it'\\''s'`, ['agent', "it's"]],
    [`agent 'no $HOME or \\n here'`, ['agent', 'no $HOME or \\n here']],
    [`agent "say \\"hi\\"" "back\\\\slash"`, ['agent', 'say "hi"', 'back\\slash']],
    [`agent "keep \\n and \\t"`, ['agent', 'keep \\n and \\t']],
    [`agent two\\ words \\"q\\" \\'s\\'`, ['agent', 'two words', '"q"', "'s'"]],
    [`C:\\tools\\agent.exe --dir "C:\\Program Files\\x"`, ['C:\\tools\\agent.exe', '--dir', 'C:\\Program Files\\x']],
    ['agent | tee out.txt > x; rm -rf /', ['agent', '|', 'tee', 'out.txt', '>', 'x;', 'rm', '-rf', '/']],
    ['agent $HOME *.ts', ['agent', '$HOME', '*.ts']],
    ['agent trailing\\', ['agent', 'trailing\\']],
    ['agent\n--next-line', ['agent', '--next-line']],
    ['"/path with spaces/agent" run', ['/path with spaces/agent', 'run']],
  ])('%s', (line, argv) => {
    expect(splitCommandLine(line)).toEqual(argv);
  });

  it.each([
    [`agent "open`, /unbalanced double quote \(\"\) at character 7/],
    [`agent 'open`, /unbalanced single quote \(\'\) at character 7/],
    [`agent "escaped end\\"`, /unbalanced double quote/],
    [`agent 'ok' "`, /unbalanced double quote \(\"\) at character 12/],
  ])('rejects %s', (line, message) => {
    expect(() => splitCommandLine(line)).toThrow(message);
    try {
      splitCommandLine(line);
    } catch (err) {
      expect(err).toBeInstanceOf(LoupeError);
      expect((err as LoupeError).code).toBe('invalid-input');
      expect((err as LoupeError).details).toMatchObject({ reason: 'unbalanced-quote' });
    }
  });

  it.each(['', '   ', `'' arg`])('rejects an empty command: %j', (line) => {
    expect(() => splitCommandLine(line)).toThrow(/command line is empty/);
  });
});
