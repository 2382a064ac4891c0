// contract-rename: shows that the app is typed from api/openapi.yaml. In a temporary copy of
// the yaml and of src/, it renames one response field the app reads, regenerates schema.ts
// there and runs tsc, which must fail at the readers; the working tree is not touched.
//   node scripts/contract-rename.mjs [Schema.field]      default PersonInfo.certNum
// Exit 0: tsc failed where expected (the contract binds the app). Exit 1: tsc still passed.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import openapiTS, { astToString } from 'openapi-typescript';

const web = fileURLToPath(new URL('..', import.meta.url));
const [schema, field] = (process.argv[2] ?? 'PersonInfo.certNum').split('.');
const renamed = `${field}Renamed`;

const yaml = readFileSync(join(web, '../api/openapi.yaml'), 'utf8');
// The schema's block runs from "    Schema:" to the next schema at the same indent.
const start = yaml.indexOf(`\n    ${schema}:\n`);
if (start < 0) throw new Error(`contract-rename: no schema ${schema}`);
const end = yaml.slice(start + 1).search(/\n {4}[A-Za-z]/) + start + 1;
const block = yaml.slice(start, end);
const edited = block.replace(new RegExp(`([\\s[])${field}(: |\\b(?=[,\\]]))`, 'g'), `$1${renamed}$2`);
if (edited === block) throw new Error(`contract-rename: ${schema} has no field ${field}`);

const dir = mkdtempSync(join(tmpdir(), 'bidpass-rename-'));
try {
  writeFileSync(join(dir, 'openapi.yaml'), yaml.slice(0, start) + edited + yaml.slice(end));
  cpSync(join(web, 'src'), join(dir, 'src'), { recursive: true });
  for (const f of ['tsconfig.json', 'node_modules']) symlinkSync(join(web, f), join(dir, f));
  const ast = await openapiTS(new URL(`file://${join(dir, 'openapi.yaml')}`), { alphabetize: false });
  writeFileSync(join(dir, 'src/shared/api/schema.ts'), astToString(ast));
  const tsc = spawnSync(join(web, 'node_modules/.bin/tsc'), ['--noEmit', '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  // Only the errors about the renamed field count: others (someone's work in progress) say nothing.
  const errors = tsc.stdout.split('\n').filter((l) => l.includes('error TS') && (l.includes(`'${field}'`) || l.includes(renamed)));
  console.log(`contract-rename: ${schema}.${field} → ${renamed}: tsc reports ${errors.length} error(s)`);
  for (const l of errors) console.log(`  ${l}`);
  process.exit(errors.length > 0 ? 0 : 1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
