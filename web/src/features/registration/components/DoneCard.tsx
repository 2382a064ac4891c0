import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import { PlainResult } from '@/shared/components/PlainResult';

/** REDIRECT_SECONDS is the countdown to / after registration (01 §9). */
export const REDIRECT_SECONDS = 15;

/** DoneCard is the last step: done, wait for the review (or do it later), 15 s to the login page. */
export function DoneCard({ note }: { note?: string }) {
  const t = zhCN.registration.done;
  const navigate = useNavigate();
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      void navigate(paths.login, { replace: true });
      return;
    }
    const id = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(id);
  }, [left, navigate]);
  return (
    <PlainResult
      status="success"
      title={t.title}
      subTitle={
        <>
          <div>{note ?? t.waitReview}</div>
          <div data-testid="done-countdown">{t.countdown(left)}</div>
        </>
      }
      extra={<Link to={paths.login}>{t.toLogin}</Link>}
      data-testid="done-card"
    />
  );
}
