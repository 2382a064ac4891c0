import { Suspense } from 'react';
import { lazyPart } from '@/shared/components/lazyPart';

// antd's Spin is fetched when first shown (docs/decisions/frontend-load.md, "Front-end load"): only a resumed registration waits for its
// progress, and a new one, the wizards' usual first visit, never shows it (about 3 KiB gzip).
const Spin = lazyPart(() => import('antd/es/spin'), 'default');

/** WizardLoading is the wizards' busy mark while a stored registration's progress or a later step's code loads. */
export function WizardLoading() {
  return (
    <Suspense fallback={null}>
      <Spin style={{ display: 'block', margin: '48px auto' }} />
    </Suspense>
  );
}
