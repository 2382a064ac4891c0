// gen-api: generates src/shared/api/schema.ts (TypeScript types of the HTTP contract)
// from ../api/openapi.yaml with openapi-typescript.
//   node scripts/gen-api.mjs          write src/shared/api/schema.ts
//   node scripts/gen-api.mjs --check  regenerate to a temp file; fail when it differs from the committed one
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const specUrl = new URL('../../api/openapi.yaml', import.meta.url);
const outPath = fileURLToPath(new URL('../src/shared/api/schema.ts', import.meta.url));
const banner = `/**
 * Generated from api/openapi.yaml by openapi-typescript (npm run gen:api). Do not edit:
 * change api/openapi.yaml and regenerate; npm run check:api fails when this file is stale.
 */

`;

if (!existsSync(specUrl)) {
  console.error(`gen-api: ${fileURLToPath(specUrl)} not found`);
  process.exit(1);
}

const ast = await openapiTS(specUrl, { alphabetize: false });
const generated = banner + astToString(ast);

if (process.argv.includes('--check')) {
  const tmp = join(mkdtempSync(join(tmpdir(), 'bidpass-api-')), 'schema.ts');
  writeFileSync(tmp, generated);
  const committed = existsSync(outPath) ? readFileSync(outPath, 'utf8') : '';
  if (committed !== generated) {
    console.error('check:api: src/shared/api/schema.ts is not what api/openapi.yaml generates.');
    console.error(`  regenerated copy: ${tmp}`);
    console.error(`  compare: diff ${outPath} ${tmp}`);
    console.error('  fix: npm run gen:api');
    process.exit(1);
  }
  console.log('check:api: src/shared/api/schema.ts is up to date');
} else {
  writeFileSync(outPath, generated);
  console.log(`gen:api: wrote ${outPath}`);
}
