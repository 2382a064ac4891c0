import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { PlainResult } from '@/shared/components/PlainResult';

/** RECOVERY_DONE_SECONDS is the countdown of the done step before going to / (01 §2). */
export const RECOVERY_DONE_SECONDS = 5;

/** DoneCountdown is the done step: success, then after 5 seconds the login page. */
export function DoneCountdown() {
  const navigate = useNavigate();
  const [left, setLeft] = useState(RECOVERY_DONE_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      void navigate(paths.login);
      return;
    }
    const id = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(id);
  }, [left, navigate]);
  return (
    <PlainResult
      status="success"
      title={zhCN.recovery.done}
      subTitle={zhCN.recovery.doneCountdown(left)}
      extra={
        <Button type="primary" onClick={() => void navigate(paths.login)}>
          {zhCN.recovery.toLogin}
        </Button>
      }
      data-testid="recovery-done"
    />
  );
}
