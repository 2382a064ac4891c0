import { accountText } from '@/shared/locales/account';
import { PlainTag } from '@/shared/components/PlainTag';

/** trustColors: green for 已认证, blue while a review is open, red for a rejection; otherwise grey. */
const trustColors: Record<number, string> = { 1: 'green', 99: 'blue', 2: 'red' };

/** shownLevel is the level the holder sees: a rejection (authState 2) reads as such, not as 0. */
export function shownLevel(level: number, authState: number): number {
  return level === 0 && authState === 2 ? 2 : level;
}

/**
 * TrustLevelTag is the account's trust level at the top of the authentication modes page
 * (02 §4): 未认证 (0), 已认证 (1), 认证未通过 (2) and 认证中 (99). The server's overall level
 * counts a rejection as 0 (GET /api/account/auth), so the account's authState is passed
 * too: a level of 0 with authState 2 means the last manual verification was rejected,
 * which the holder must see as 认证未通过, not as 未认证. An unknown level reads 未认证.
 */
export function TrustLevelTag({ level, authState }: { level: number; authState: number }) {
  const t = accountText.auth;
  const shown = shownLevel(level, authState);
  return (
    <PlainTag color={trustColors[shown] ?? 'default'} data-testid="trust-level">
      {t.levels[shown] ?? t.levels[0]}
    </PlainTag>
  );
}
