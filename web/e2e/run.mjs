// npm run e2e: the global setup of the browser tests. Builds the web app and the
// binary once, starts one `bidpass serve --dev` on a free port with a fresh data
// directory, runs e2e/tests/*.test.mjs (node:test) against it, and stops it.
// Without a Chromium it prints one SKIP line and exits 0, unless
// BIDPASS_TEST_BROWSER asks for the browser tests (then it fails).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserChoice, buildBinary, contractViolations, startServer, webDir } from './harness.mjs';

const choice = browserChoice();
if (!choice.executablePath) {
  if (choice.required) {
    console.error(`FAIL browser tests: ${choice.reason} (BIDPASS_TEST_BROWSER=${process.env.BIDPASS_TEST_BROWSER})`);
    process.exit(1);
  }
  console.log(`SKIP browser tests: ${choice.reason}`);
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'bidpass-e2e-bin-'));
let server;
/** @type {number} */
let code;
try {
  console.log('e2e: building the web app and the bidpass binary…');
  const binary = buildBinary(dir);
  server = await startServer({ binary });
  console.log(`e2e: server at ${server.baseURL}, browser ${choice.executablePath}`);

  const only = process.argv.slice(2);
  const files = (only.length ? only : readdirSync(join(webDir, 'e2e/tests')).filter((f) => f.endsWith('.test.mjs')).map((f) => join('e2e/tests', f)));
  code = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...files], {
      cwd: webDir,
      stdio: 'inherit',
      env: { ...process.env, BIDPASS_E2E_BASE_URL: server.baseURL, BIDPASS_E2E_BINARY: binary },
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  // The binary checks every API exchange against api/openapi.yaml (-tags contractcheck):
  // a request or an answer the yaml does not describe fails the run.
  const violations = contractViolations(server);
  if (violations.length) {
    console.error(`e2e: ${violations.length} contract violation(s), requests or answers api/openapi.yaml does not describe:\n${violations.join('\n')}`);
    code = 1;
  }
  if (code !== 0) console.error(`e2e: server output:\n${server.output()}`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  code = 1;
} finally {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
