import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';

/**
 * RouteErrorBoundary replaces the page when rendering or loading it throws (for
 * example a page chunk that cannot be fetched after a deployment). It is imported
 * eagerly by the router so that it works when code loading itself fails.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Result
      status="error"
      title={zhCN.pages.error}
      subTitle={zhCN.errors.renderError}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {zhCN.common.reload}
        </Button>
      }
    />
  );
}
