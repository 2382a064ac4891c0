import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { bindToast } from '@/shared/feedback/toast';
import { clearAll } from '@/shared/session/session';

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
  window.location.hash = '';
  vi.unstubAllGlobals();
  bindToast(() => {})(); // drop toasts that waited for a binding, so none leaks into the next test
});
