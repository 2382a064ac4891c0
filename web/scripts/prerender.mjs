// prerender: runs the server build of src/app/prerender.tsx (made by vite.config.ts,
// prerenderLogin) in Node and prints {"html": …, "css": …} of the login page as JSON.
// Only the storage the session module reads is given (from a happy-dom window): with no
// window and document, antd's style engine collects its CSS for extraction instead of
// injecting it; with NODE_ENV=production it names its classes as the production bundle does.
//   node scripts/prerender.mjs path/to/prerender.js
import { pathToFileURL } from 'node:url';
import { Window } from 'happy-dom';

process.env.NODE_ENV = 'production';
const window = new Window({ url: 'http://localhost/' });
for (const k of ['localStorage', 'sessionStorage']) {
  Object.defineProperty(globalThis, k, { value: k === 'window' ? window : window[k], configurable: true, writable: true });
}
const { renderLogin } = await import(pathToFileURL(process.argv[2]).href);
const out = await renderLogin();
await window.happyDOM.close();
process.stdout.write(JSON.stringify(out));
