import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, startFlags } from '../../scripts/bench/lib.js';

// The bench, soak and budgets start the server with the Node flags of `npm start`.
describe("the server's Node flags, read from package.json's start script", () => {
  it('are those npm start runs the server with', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-semi-space-size=32']);
  });

  it('reads flags written with "=" between node and the entry', () => {
    expect(startFlags('node dist/server/server/main.js')).toEqual([]);
    expect(startFlags('node --a=1 --b dist/server/server/main.js')).toEqual(['--a=1', '--b']);
  });

  it.each([
    'node --max-semi-space-size 32 dist/server/server/main.js',
    'node dist/server/server/main.js --port=1',
    'NODE_OPTIONS=--x node dist/server/server/main.js',
    'node -r ./x.js dist/server/server/main.js',
    'tsx src/server/main.ts',
  ])('stops the scripts at a start script they would misread: %s', (start) => {
    expect(() => startFlags(start)).toThrow(/start script must read/);
  });
});
