import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_SCHEMA_FILE, apiSchemaSource } from '../../scripts/api-types.js';

// The web's calls are type-checked against this file: a route or contract changed without it would
// leave them checked against the old document.
describe('the web API types (src/web/lib/api-schema.d.ts)', () => {
  it("are those of the server's OpenAPI document as it is now", async () => {
    const committed = readFileSync(API_SCHEMA_FILE, 'utf8');
    expect(
      await apiSchemaSource(),
      'src/web/lib/api-schema.d.ts is not what the API document makes: run `npm run api:types` and commit it',
    ).toBe(committed);
  }, 60_000);
});
