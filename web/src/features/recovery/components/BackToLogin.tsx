import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';

/** BackToLogin is what the recovery shells' heads always hold: links, then 返回登录 (docs/decisions/usability.md, "A careful user's findings (behaviour items)"). */
export function BackToLogin({ links }: { links?: ReactNode }) {
  return (
    <span>
      {links}
      {links && ' · '}
      <Link to={paths.login} data-testid="back-to-login">
        {zhCN.recovery.backToLogin}
      </Link>
    </span>
  );
}
