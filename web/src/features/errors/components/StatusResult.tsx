import { Button, Result, Space } from 'antd';
import { Panel } from '@/shared/components/Panel';
import type { ResultProps } from 'antd';
import { useNavigate } from 'react-router';
import { statusMessage } from '@/shared/api/http';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';

/** resultStatus picks antd's illustration for an HTTP status. */
function resultStatus(status: number): ResultProps['status'] {
  if (status === 404) return '404';
  if (status === 403) return '403';
  if (status >= 500) return '500';
  return 'error';
}

function subtitle(status: number): string {
  if (status === 404) return zhCN.errors.notFound;
  if (status === 403) return zhCN.errors.forbidden;
  if (status >= 500) return `${statusMessage(status)}。${zhCN.errors.serverError}`;
  return `${statusMessage(status)}。${zhCN.errors.other}`;
}

/** StatusResult is the page shown for an HTTP status: the status, its message, and ways back. */
export function StatusResult({ status }: { status: number }) {
  const navigate = useNavigate();
  return (
    <Panel variant="borderless" data-testid="error-page">
      <Result
        status={resultStatus(status)}
        title={String(status)}
        subTitle={subtitle(status)}
        extra={
          <Space>
            <Button type="primary" onClick={() => void navigate(paths.login)}>
              {zhCN.common.backHome}
            </Button>
            <Button onClick={() => void navigate(-1)}>{zhCN.common.backPrevious}</Button>
          </Space>
        }
      />
    </Panel>
  );
}
