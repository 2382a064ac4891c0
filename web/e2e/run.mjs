// npm run e2e: the global setup of the browser tests. Builds the web app and the binary once
// and runs e2e/tests/*.test.mjs (node:test, a `node --test` per file), two files at a time
// (BIDPASS_E2E_CONCURRENCY, default 2), slowest first. Each file starts its own
// `bidpass serve --dev` from that binary on a free port with a fresh data directory
// (harness.mjs: getServer, useOwnServer), so no file sees another's accounts, codes, rate limits
// or lockouts, and each fails on a contract violation of its own server. Without a Chromium it
// prints one SKIP line and exits 0, unless BIDPASS_TEST_BROWSER asks for the browser tests
// (then it fails).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { browserChoice, buildBinary, webDir } from './harness.mjs';

/**
 * The files that take longest, started first so that the two lanes end together; the others
 * follow in name order (figures: docs/performance.md, make test's time).
 */
const slowFirst = ['layout', 'registration', 'certificates', 'careful-user', 'sso', 'admin-change-review', 'operators', 'admission', 'account'];

const choice = browserChoice();
if (!choice.executablePath) {
  if (choice.required) {
    console.error(`FAIL browser tests: ${choice.reason} (BIDPASS_TEST_BROWSER=${process.env.BIDPASS_TEST_BROWSER})`);
    process.exit(1);
  }
  console.log(`SKIP browser tests: ${choice.reason}`);
  process.exit(0);
}

/**
 * runFiles runs each file in a `node --test` of its own, concurrency of them at a time, taking
 * the files in the order given (node --test with several files sorts them by name, which would
 * leave the slowest for last); each file's report is printed whole when it ends, with its time.
 * Resolves to the files that failed, with their reports, and the summary line.
 * @param {string[]} files @param {number} concurrency @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ failed: { file: string, out: string }[], summary: string }>}
 */
async function runFiles(files, concurrency, env) {
  const queue = [...files];
  /** @type {{ file: string, out: string }[]} */
  const failed = [];
  const started = Date.now();
  const lane = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const t0 = Date.now();
      const child = spawn(process.execPath, ['--test', '--test-reporter=spec', file], { cwd: webDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (b) => (out += String(b)));
      child.stderr.on('data', (b) => (out += String(b)));
      const c = await new Promise((resolve) => child.on('close', (n) => resolve(n ?? 1)));
      const took = ((Date.now() - t0) / 1000).toFixed(1);
      process.stdout.write(`${out}e2e: ${file} ${c === 0 ? 'passed' : 'FAILED'} in ${took} s\n\n`);
      if (c !== 0) failed.push({ file, out });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, lane));
  const took = ((Date.now() - started) / 1000).toFixed(1);
  return { failed, summary: `e2e: ${files.length - failed.length} of ${files.length} files passed in ${took} s` };
}

/** The lines kept of a failed file's server output: its end, where the failure happened. */
const serverTailLines = 80;

/**
 * reportFailures prints what a reader of a CI log's last lines needs, last: the end of each
 * failed file's server output, then each failed file's failing tests (the spec reporter's
 * closing section, which holds the assertion and its stack), then the summary. The whole
 * output of the servers of files that passed would push all of it out of view.
 * @param {{ file: string, out: string }[]} failed @param {string} summary @param {string} logDir
 */
function reportFailures(failed, summary, logDir) {
  let logs = [];
  try {
    logs = readdirSync(logDir);
  } catch {
    // no server stopped
  }
  for (const { file, out } of failed) {
    const name = basename(file);
    for (const f of logs.filter((l) => l.startsWith(`${name}-`))) {
      const lines = readFileSync(join(logDir, f), 'utf8').trimEnd().split('\n');
      const shown = lines.slice(-serverTailLines).join('\n');
      console.error(`e2e: the last ${Math.min(lines.length, serverTailLines)} of ${lines.length} lines of the server of ${f}:\n${shown}\n`);
    }
    const at = out.indexOf('failing tests:');
    console.error(`e2e: ${file} FAILED:\n${at < 0 ? out.trimEnd().split('\n').slice(-60).join('\n') : out.slice(at).trimEnd()}\n`);
  }
  console.error(`${summary}; failed: ${failed.map((f) => f.file).join(', ')}`);
}

const dir = mkdtempSync(join(tmpdir(), 'bidpass-e2e-bin-'));
const logDir = join(dir, 'logs');
/** @type {number} */
let code;
try {
  console.log('e2e: building the web app and the bidpass binary…');
  const binary = buildBinary(dir);
  const concurrency = Number(process.env.BIDPASS_E2E_CONCURRENCY ?? 2) || 1;
  console.log(`e2e: binary ${binary}, browser ${choice.executablePath}, ${concurrency} files at a time`);

  const only = process.argv.slice(2);
  const rank = (/** @type {string} */ f) => {
    const i = slowFirst.indexOf(f.replace(/^.*\//, '').replace(/\.test\.mjs$/, ''));
    return i < 0 ? slowFirst.length : i;
  };
  const files = only.length
    ? only
    : readdirSync(join(webDir, 'e2e/tests'))
        .filter((f) => f.endsWith('.test.mjs'))
        .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
        .map((f) => join('e2e/tests', f));
  const { failed, summary } = await runFiles(files, concurrency, { ...process.env, BIDPASS_E2E_BINARY: binary, BIDPASS_E2E_LOG_DIR: logDir });
  if (failed.length) reportFailures(failed, summary, logDir);
  else console.log(summary);
  code = failed.length ? 1 : 0;
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  code = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
