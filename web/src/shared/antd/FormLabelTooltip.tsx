import { Suspense } from 'react';
import type { TooltipProps } from 'antd/es/tooltip';
import { lazyPart } from '@/shared/components/lazyPart';

// antd's Tooltip, fetched the first time a form label shows one (docs/decisions/frontend-load.md, "Front-end load").
const Tooltip = lazyPart(() => import('antd/es/tooltip'), 'default');

/**
 * FormLabelTooltip stands in, in the build, for the Tooltip antd's form label imports
 * (antd/es/form/FormItemLabel.js; vite.config.ts formLabelTooltip): the label draws its tooltip
 * icon only for a Form.Item with a `tooltip`, which no form of the portal has, yet the import
 * brought antd's Tooltip and the placement and arrow styles to every page with a form. It renders
 * antd's Tooltip once fetched; until then the icon alone.
 */
export default function FormLabelTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
