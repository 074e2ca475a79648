import { describe, expect, it } from 'vitest';
import type { Listener } from '../../src/server/db/listener.js';
import { createTestApp } from '../support/test-app.js';

/**
 * The database's notifications carry every live update and every account change between instances
 * (docs/operations.md, Several instances). When the listening connection is lost the instance copes
 * (streams end and reconnect, callers are loaded afresh), and the log says so, and says when it is back.
 */
describe('the listening connection, in the log', () => {
  it('a lost connection is a warning, and its return a line of its own', async () => {
    const gaps: (() => void)[] = [];
    let live = true;
    const log: string[] = [];
    const t = await createTestApp(
      {},
      {
        logLines: log,
        listener: (real: Listener): Listener => ({
          on: (channel, handler) => real.on(channel, handler),
          onGap: (handler) => {
            gaps.push(handler);
            return real.onGap(handler);
          },
          get live() {
            return live;
          },
          close: () => real.close(),
        }),
      },
    );
    try {
      const lines = () => log.map((l) => JSON.parse(l) as { level: number; msg: string });
      live = false;
      for (const gap of gaps) gap();
      expect(lines()).toContainEqual(
        expect.objectContaining({ level: 40, msg: expect.stringMatching(/^live updates interrupted/) }),
      );
      live = true;
      for (const gap of gaps) gap();
      expect(lines()).toContainEqual(
        expect.objectContaining({ level: 40, msg: expect.stringMatching(/^live updates back/) }),
      );
    } finally {
      await t.close();
    }
  });
});
