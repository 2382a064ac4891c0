import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PrimaryButton } from '@/shared/light/Button';
import { CloseCircleIcon } from '@/shared/light/icons';
import { zhCN } from '@/shared/locales/zh-CN';

/**
 * RouteErrorBoundary replaces the page when rendering or loading it throws (for
 * example a page chunk that cannot be fetched after a deployment). The router
 * imports it eagerly, so it draws without antd (the login route loads without it, issue 19)
 * and works when code loading itself fails.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div role="alert" style={{ padding: '64px 16px', textAlign: 'center' }}>
      <span style={{ fontSize: 64, color: '#ff4d4f' }}>
        <CloseCircleIcon />
      </span>
      <h2 style={{ margin: '24px 0 8px', fontSize: 24, fontWeight: 500 }}>{zhCN.pages.error}</h2>
      <p style={{ margin: '0 0 24px', color: 'rgba(0,0,0,.45)' }}>{zhCN.errors.renderError}</p>
      <PrimaryButton size="middle" onClick={() => window.location.reload()}>
        {zhCN.common.reload}
      </PrimaryButton>
    </div>
  );
}
