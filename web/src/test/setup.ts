import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { bindToast } from '@/shared/feedback/toast';
import { clearAll } from '@/shared/session/session';

// Pages, dialogs and antd's providers load lazily (docs/decisions/frontend-load.md, "Front-end load"): a test's first find waits for module
// imports, which on a busy 2-core machine took more than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// antd's providers load lazily with the first antd page (src/app/RootLayout.tsx, docs/decisions/frontend-load.md, "Front-end load"); in a
// test the first import of antd takes seconds, so it is done once here, before any test's clock runs.
beforeAll(async () => {
  await import('@/shared/antd/AntdProviders');
  // The message hook loads with the first toast (src/shared/feedback/MessageHolder.tsx): the same.
  await import('@/shared/feedback/MessageHolder');
});

beforeEach(() => {
  // Unit tests never reach a network: a test that needs answers passes its own fetch.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 404, msg: 'no network in unit tests', data: null }), { status: 404 }),
      ),
    ),
  );
});

afterEach(() => {
  cleanup();
  clearAll(); // through the session module, so its cached snapshot follows
  localStorage.clear();
  sessionStorage.clear();
  window.location.hash = '';
  vi.unstubAllGlobals();
  bindToast(() => {})(); // drop toasts that waited for a binding, so none leaks into the next test
});
